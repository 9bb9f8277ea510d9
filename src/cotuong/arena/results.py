"""What a match produced: each game (:class:`GameResult`), the tally from engine 1's
point of view with an Elo estimate (:class:`MatchResult`), and a game as PGN.

>>> from cotuong import START_FEN, Board
>>> red_won = Board("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b").outcome()
>>> one = GameResult(1, Opening(START_FEN), "a", "b", True, (), red_won, 1.0)
>>> two = GameResult(2, Opening(START_FEN), "b", "a", False, (), red_won, 1.0)
>>> one.first_score, two.first_score
(1.0, 0.0)
>>> match = MatchResult("a", "b", (one, two))
>>> match.wins, match.draws, match.losses, match.summary().split(":")[0]
(1, 0, 1, 'a vs b')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from cotuong.arena.openings import Opening
from cotuong.arena.stats import _fmt_elo, elo_estimate
from cotuong.core.outcome import Outcome
from cotuong.core.types import Color, Move
from cotuong.records import GameRecord, write_pgn

__all__ = ["GameResult", "MatchResult", "game_pgn"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match; ``first_red`` says whether engine 1 had Red."""

    number: int
    opening: Opening
    red: str
    black: str
    first_red: bool
    moves: tuple[str, ...]
    outcome: Outcome
    seconds: float

    @property
    def first_score(self) -> float:
        """Engine 1's points: 1, 0.5 or 0."""
        winner = self.outcome.winner
        if winner is None:
            return 0.5
        return 1.0 if (winner is Color.RED) == self.first_red else 0.0


@dataclass(frozen=True, slots=True)
class MatchResult:
    """All games, and the tally from engine 1's point of view."""

    first: str
    second: str
    games: tuple[GameResult, ...] = field(default_factory=tuple)

    @property
    def wins(self) -> int:
        return sum(1 for g in self.games if g.first_score == 1.0)

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if g.first_score == 0.5)

    @property
    def losses(self) -> int:
        return sum(1 for g in self.games if g.first_score == 0.0)

    def elo(self) -> tuple[float, float]:
        return elo_estimate(self.wins, self.draws, self.losses)

    def summary(self) -> str:
        elo, err = self.elo()
        n = len(self.games)
        score = (self.wins + self.draws / 2) / n if n else 0.0
        return (f"{self.first} vs {self.second}: +{self.wins} ={self.draws} -{self.losses} "
                f"({n} games, score {score:.1%}), Elo difference {_fmt_elo(elo, err)}")


def game_pgn(result: GameResult, *, event: str = "cotuong match", rules: str = "",
             notation: str = "wxf") -> str:
    """One game as PGN (written by :func:`cotuong.records.write_pgn`)."""
    headers = {
        "Game": "Chinese Chess", "Event": event, "Round": str(result.number),
        "Date": time.strftime("%Y.%m.%d"), "Red": result.red, "Black": result.black,
        "Opening": result.opening.name, "Termination": result.outcome.termination.name.lower(),
        "Explanation": result.outcome.text("en"),
    }
    if rules:
        headers["Rules"] = rules
    record = GameRecord(headers, result.opening.fen,
                        tuple(Move.from_iccs(m) for m in result.moves), result.outcome.result)
    return write_pgn(record, notation)
