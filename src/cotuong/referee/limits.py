"""Consecutive checks (or chases) per side: the limits of seed ``001``.

"6 / 12 / 18 consecutive checks or chases with 1 / 2 / 3 pieces; past the limit the
detailed rules are applied." A check's pieces are those of
:func:`~cotuong.referee.orders.checking_pieces` (the mover, the checkers, the own
screens of checking cannons).

>>> from cotuong import Board, Move
>>> from cotuong.referee import rule_set
>>> b, s = Board("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"), Streaks()
>>> b.push(Move.from_iccs("a0a9"))
>>> s.record(b, 1, True, 2, rule_set("asian")) is None
True
>>> s.count(1)
1
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.core.board import Board
from cotuong.referee.facts import PlyNote, fill_chases
from cotuong.referee.orders import checking_pieces
from cotuong.referee.rules import RuleSet


@dataclass(frozen=True, slots=True)
class Excess:
    """A side past its limit: ``count`` checks with ``pieces`` pieces over ``limit``;
    ``begun`` indexes the position before the streak's first check."""

    count: int
    pieces: int
    limit: int
    begun: int


class Streaks:
    """Each side's current run of consecutive checks (or chases)."""

    def __init__(self) -> None:
        self._runs: dict[int, tuple[int, frozenset[int], int]] = {1: (0, frozenset(), 0),
                                                                  -1: (0, frozenset(), 0)}

    def count(self, side: int) -> int:
        return self._runs[side][0]

    def copy(self) -> Streaks:
        """An independent copy (``Game.take_back`` keeps one per ply)."""
        twin = Streaks()
        twin._runs = dict(self._runs)
        return twin

    def record(self, board: Board, mover: int, check: bool, positions: int,
               rules: RuleSet) -> Excess | None:
        """Count the move just played on ``board`` (``positions``: how many positions
        the game has seen, the current one included); the excess past the limit."""
        limits = rules.consecutive_limits
        assert limits is not None
        ids: frozenset[int] = frozenset()
        chasing = False
        if rules.limit_chases:
            fill_chases(board, len(board.stack) - 1, rules.chase_options)
            note = board.stack[-1].note
            if isinstance(note, PlyNote) and note.chases:
                chasing = True
                ids = note.chasers
        if not check and not chasing:
            self._runs[mover] = (0, frozenset(), positions - 1)
            return None
        if check:
            ids = ids | checking_pieces(board)
        n, pieces, begun = self._runs[mover]
        if n == 0:
            begun = positions - 2  # the position before this first check
        n += 1
        pieces = pieces | ids
        self._runs[mover] = (n, pieces, begun)
        limit = limits[min(len(pieces), 3) - 1]
        return Excess(n, len(pieces), limit, begun) if n > limit else None
