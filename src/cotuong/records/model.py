"""Value types of game records: a replayed game and the problems met reading it.

>>> from cotuong import Move
>>> rec = GameRecord({"Event": "demo"}, START_FEN, (Move.from_iccs("h2e2"),), "*")
>>> rec.board().fen()
'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'
>>> rec.ok
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cotuong.core.board import Board
from cotuong.core.fen import START_FEN
from cotuong.core.types import Move

__all__ = ["START_FEN", "GameRecord", "RecordIssue"]

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass(frozen=True, slots=True)
class RecordIssue:
    """A problem met while reading a game, kept instead of stopping the whole file.

    ``game_index`` counts games in the file from 0; ``move_number`` is the full
    move number as a PGN writes it; ``ply`` counts half-moves from the start
    position (1 = the first move). ``inferred`` is ``True`` when the reader applied
    a move it inferred from context (lenient mode) and ``False`` when it stopped
    the game there. ``warning`` marks a problem that lost no move (a result token
    that disagrees with the ``[Result]`` header): the game was read to its end.
    """

    game_index: int
    move_number: int
    ply: int
    token: str
    reason: str
    inferred: bool
    warning: bool = False

    def __str__(self) -> str:
        what = "warning" if self.warning else "inferred" if self.inferred else "stopped"
        return (f"game {self.game_index + 1}, move {self.move_number} (ply {self.ply}), "
                f"{self.token!r}: {self.reason} [{what}]")


@dataclass(frozen=True)
class GameRecord:
    """A game as read from (or to be written to) a record.

    ``moves`` are the moves replayed legally from ``start_fen``; when a reader met
    a bad token it keeps the game up to there and lists the problem in ``issues``.
    """

    headers: Mapping[str, str]
    start_fen: str
    moves: tuple[Move, ...]
    result: str = "*"
    issues: tuple[RecordIssue, ...] = field(default=())
    notation: str | None = None

    @property
    def ok(self) -> bool:
        """No issue at all (nothing inferred, nothing stopped)."""
        return not self.issues

    @property
    def complete(self) -> bool:
        """Every move of the source was applied (inferred ones included)."""
        return all(issue.inferred or issue.warning for issue in self.issues)

    def board(self, ply: int | None = None) -> Board:
        """The position after ``ply`` moves (all by default), with the moves on its stack."""
        board = Board(self.start_fen)
        for move in self.moves[:ply]:
            board.push_unchecked(move)
        return board
