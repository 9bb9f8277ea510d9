"""The server's safety net: when it stops a search that overruns its budget, and the
move it plays for an engine that gave none (or an illegal one).

>>> from cotuong.core.board import Board
>>> fallback_move(Board(), {"h2e2", "b2e2"})
'b2e2'
"""

from __future__ import annotations

from collections.abc import Set

from cotuong.core.board import Board
from cotuong.core.types import Color, Move
from cotuong.engine.interface import Limits
from cotuong.uci.protocol import side_clock

# Rough piece values (pawn 1) to pick a capture when the engine gives no move.
_VICTIM_VALUE = {1: 100, 2: 2, 3: 2, 4: 4, 5: 9, 6: 5, 7: 1}


def hard_cap_ms(limits: Limits, turn: Color) -> int | None:
    """When the server stops a search that overruns its budget (a safety net only)."""
    if limits.infinite:
        return None
    if limits.movetime_ms is not None:
        return limits.movetime_ms + 50
    own, inc = side_clock(limits, turn)
    if own is None:
        return None
    return max(20, min(own - 50, own // 2 + (inc or 0)))


def fallback_move(board: Board, allowed: Set[str]) -> str:
    """A move chosen without the engine: the most valuable capture, else a fixed one."""
    def victim(text: str) -> int:
        piece = board.piece_at(Move.from_iccs(text).to_square)
        return _VICTIM_VALUE[piece.kind] if piece is not None else 0

    return max(sorted(allowed), key=victim)
