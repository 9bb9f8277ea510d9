"""A small reader of the CCPD ICCS twins (``*_iccs_DERIVED.pgn``): headers we need,
the start FEN and the ICCS moves. Faster than the general PGN reader, which checks
every token in every notation; these files are machine-written.

Data: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng 2026, CC BY 4.0.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]\s*$', re.M)
_MOVE = re.compile(r"\b[a-i][0-9][a-i][0-9]\b")


@dataclass(frozen=True)
class CcpdGame:
    ident: str          # the CCPDFile tag: stable across files
    fen: str | None     # None: the start position
    moves: tuple[str, ...]
    result: str


def read_ccpd(path: Path) -> Iterator[CcpdGame]:
    text = path.read_text(encoding="utf-8")
    for chunk in text.split('[Game "')[1:]:
        tags = dict(_TAG.findall('[Game "' + chunk))
        body = chunk[chunk.rfind('"]') + 2:]
        yield CcpdGame(tags.get("CCPDFile", "?"), tags.get("FEN") or None,
                       tuple(_MOVE.findall(body)), tags.get("Result", "*"))
