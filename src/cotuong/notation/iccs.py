"""ICCS coordinates: ``h2e2`` (files a-i, ranks 0-9 from Red), also ``H2-E2``,
``h2 e2`` and ``h2xe2`` (a capture sign, as chess writers add).

>>> from cotuong import Board, Move
>>> parse_iccs(Board(), "H2-E2").iccs, parse_iccs(Board(), "h2 e2").iccs
('h2e2', 'h2e2')
>>> make_iccs(Board(), Move.from_iccs("b0c2"))
'b0c2'
"""

from __future__ import annotations

import re

from cotuong.core.board import Board
from cotuong.core.errors import InvalidMoveTextError
from cotuong.core.reasons import illegal_move_error
from cotuong.core.types import Move
from cotuong.notation.grammar import fold

_ICCS = re.compile(r"([a-i][0-9])\s*[-x:]?\s*([a-i][0-9])", re.IGNORECASE)


def parse_iccs(board: Board, text: str) -> Move:
    """Read an ICCS move and check it is legal on ``board``."""
    found = _ICCS.fullmatch(fold(text).strip())
    if found is None:
        raise InvalidMoveTextError(
            f"{text!r}: not an ICCS move (a file a-i and a rank 0-9, twice: h2e2)", "BAD_ICCS")
    move = Move.from_iccs(found.group(1) + found.group(2))
    if not board.is_legal(move):
        raise illegal_move_error(board, move, f"{text!r}: ")
    return move


def make_iccs(board: Board, move: Move) -> str:
    """Write ``move`` as ICCS (the board is only checked for legality)."""
    if not board.is_legal(move):
        raise illegal_move_error(board, move)
    return move.iccs
