"""What every protocol line is made of: coordinate moves and numbers.

Moves cross the wire in ICCS (files ``a``-``i``); engines disagree on ranks: UCCI
engines and Pikafish number them 0-9 (``h2e2``), Fairy-Stockfish 1-10 (``h3e3``).
``rank_base`` converts at the boundary so that everything inside is 0-9. One number
reader serves both directions (its error class says which side is at fault).

>>> convert_move("h3e3", rank_base=1), export_move("h2e2", rank_base=1)
('h2e2', 'h3e3')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from cotuong.core.errors import CotuongError
from cotuong.uci.errors import EngineProtocolError

ProtocolName = Literal["uci", "ucci"]

MOVE_RE = re.compile(r"^([a-i])(10|[0-9])([a-i])(10|[0-9])$")


def convert_move(text: str, *, rank_base: int = 0) -> str:
    """An engine's coordinate move read into ICCS ranks 0-9 (``rank_base`` 0 or 1).

    >>> convert_move("e10e9", rank_base=1)
    'e9e8'

    Raises :class:`EngineProtocolError` if ``text`` is not a coordinate move.
    """
    m = MOVE_RE.match(text)
    if m is None:
        raise EngineProtocolError(f"not a coordinate move: {text!r}")
    r1, r2 = int(m.group(2)) - rank_base, int(m.group(4)) - rank_base
    if not (0 <= r1 <= 9 and 0 <= r2 <= 9):
        raise EngineProtocolError(f"rank out of range in move {text!r} (rank base {rank_base})")
    return f"{m.group(1)}{r1}{m.group(3)}{r2}"


def export_move(iccs: str, *, rank_base: int = 0) -> str:
    """An ICCS move (ranks 0-9) written for an engine counting ranks from ``rank_base``.

    >>> export_move("h2e2", rank_base=1)
    'h3e3'
    """
    if rank_base == 0:
        return iccs
    return f"{iccs[0]}{int(iccs[1]) + rank_base}{iccs[2]}{int(iccs[3]) + rank_base}"


def read_number(tokens: Sequence[str], i: int, word: str, error: type[CotuongError], *,
                where: str = "", negative: bool = True) -> int:
    """``tokens[i]`` as the integer value of ``word``, or ``error`` saying what is wrong
    (``where`` is appended: the engine line, for the client)."""
    if i >= len(tokens):
        raise error(f"'{word}' needs a number{where}")
    try:
        value = int(tokens[i])
    except ValueError:
        raise error(f"'{word}' is not a number ({tokens[i]!r}){where}") from None
    if value < 0 and not negative:
        raise error(f"'{word}' must not be negative ({value}){where}")
    return value

