"""Move counters behind the Asian draw rules (RULES.md §6, seeds 001 and 003): plies
without progress, effective moves, and the plies a draw claim may count."""

from __future__ import annotations

from cotuong.core.board import Board
from cotuong.core.types import Color
from cotuong.referee.facts import PlyNote, fill_chases
from cotuong.referee.rules import RuleSet

_PAWN = 7


class DrawCounters:
    """Plies since the last capture or crossed pawn's advance (``progress``), and the
    effective moves: plies that are neither a check or chase nor the reply to one."""

    def __init__(self) -> None:
        self.progress = 0
        self._effective = 0
        self._effective_done = 0

    def copy(self) -> DrawCounters:
        """An independent copy (``Game.take_back`` keeps one per ply)."""
        twin = DrawCounters()
        twin.progress, twin._effective, twin._effective_done = (
            self.progress, self._effective, self._effective_done)
        return twin

    def record(self, mover: int, moved: int, code: int, captured: int) -> None:
        """Count the ply just played (``code`` is the move's from/to code)."""
        f, t = code >> 7, code & 127
        crossed_advance = moved == _PAWN * mover and (
            (mover > 0 and f // 9 >= 5 and t // 9 > f // 9)
            or (mover < 0 and f // 9 <= 4 and t // 9 < f // 9))
        self.progress = 0 if captured or crossed_advance else self.progress + 1

    def effective(self, board: Board, rules: RuleSet) -> int:
        """The effective plies so far (chase facts are computed lazily, only once the game
        is long enough to need them)."""
        stack = board.stack
        fill_chases(board, self._effective_done, rules.chase_options)
        for i in range(self._effective_done, len(stack)):
            if not _forcing(board, i) and not (i > 0 and _forcing(board, i - 1)):
                self._effective += 1
        self._effective_done = len(stack)
        return self._effective


def _forcing(board: Board, i: int) -> bool:
    note = board.stack[i].note
    return isinstance(note, PlyNote) and (note.check or bool(note.chases))


def claim_counted_plies(board: Board, color: Color, max_counted_checks: int | None) -> int:
    """The plies without a capture that ``color``'s draw claim counts (Asian rules: at
    most ``max_counted_checks`` of the claimant's checks count; each check beyond them
    does not, nor does its reply)."""
    plies = board.halfmove_clock
    stack = board.stack
    # Plies counted before this game started (FEN clock) have no facts: no checks.
    window = stack[max(0, len(stack) - plies):] if plies else []
    first_mover = board.side if len(window) % 2 == 0 else -board.side
    own_checks = sum(
        1 for i, e in enumerate(window)
        if (first_mover if i % 2 == 0 else -first_mover) == color.sign
        and isinstance(e.note, PlyNote) and e.note.check)
    if max_counted_checks is None:
        return plies
    return plies - 2 * max(0, own_checks - max_counted_checks)
