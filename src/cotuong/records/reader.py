"""Read a record file by its content: PGN, a seed text with ``[game]`` blocks or a
DhtmlXQ page.

>>> [len(g.moves) for g in read_any("1. P2-5 M8.7 *")]
[2]
"""

from __future__ import annotations

from cotuong.records.dhtmlxq import read_dhtmlxq
from cotuong.records.model import GameRecord
from cotuong.records.pgn import read_pgn
from cotuong.records.seeds import read_seed_games


def read_any(text: str, notation: str | None = None, *, strict: bool = False
             ) -> list[GameRecord]:
    """Read a PGN, a seed text with ``[game]`` blocks or a DhtmlXQ page (by content)."""
    if "[DhtmlXQ]" in text:
        return read_dhtmlxq(text, strict=strict)
    if "[game" in text and "[/game]" in text:
        return read_seed_games(text, notation, strict=strict)
    return read_pgn(text, notation, strict=strict)
