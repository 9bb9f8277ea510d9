"""A match run as an SPRT: pairs of games per opening, stopped on a bound.

:func:`run_sprt` plays a :func:`cotuong.arena.match.run_match` (each opening twice,
colours swapped, games refereed by :class:`cotuong.Game`) and, after every finished
game, tallies the complete pairs (:class:`~cotuong.arena.stats.Pentanomial`) and asks
the :class:`~cotuong.arena.stats.Sprt` for a decision; once there is one, no new game
starts and the games under way finish (they count). ``benchmarks/sprt.py`` runs it
between two source snapshots of the engine.

>>> progress = SprtProgress(Sprt(0, 10))
>>> progress.tally.pairs, progress.decision
(0, None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cotuong.arena.clock import MatchClock
from cotuong.arena.match import EngineSource, run_match
from cotuong.arena.openings import Opening
from cotuong.arena.results import GameResult, MatchResult
from cotuong.arena.stats import Pentanomial, Sprt


@dataclass(slots=True)
class SprtProgress:
    """The games so far, the complete pairs and the test's state (mutable: it grows
    as games end; :func:`run_sprt` owns it)."""

    test: Sprt
    scores: dict[int, float] = field(default_factory=dict)  # game number -> engine 1
    tally: Pentanomial = field(default_factory=Pentanomial)
    decision: str | None = None

    def add(self, game: GameResult) -> bool:
        """Record a game; true when it completed a pair (games ``2k−1`` and ``2k`` share
        an opening, see :func:`cotuong.arena.match.schedule`)."""
        self.scores[game.number] = game.first_score
        mate = game.number + 1 if game.number % 2 else game.number - 1
        if mate not in self.scores:
            return False
        self.tally = Pentanomial.from_pairs(
            (self.scores[n], self.scores[n + 1]) for n in self.scores
            if n % 2 and n + 1 in self.scores)
        if self.decision is None:
            self.decision = self.test.decision(self.tally)
        return True

    @property
    def llr(self) -> float:
        return self.test.llr(self.tally)


@dataclass(frozen=True, slots=True)
class SprtResult:
    """The match as played and where the test ended: ``decision`` is ``"H1"``, ``"H0"``
    or ``None`` (the game limit came first)."""

    match: MatchResult
    tally: Pentanomial
    llr: float
    decision: str | None
    test: Sprt

    def summary(self) -> str:
        low, high = self.test.bounds()
        elo, err = self.tally.elo()
        verdict = {"H1": "H1 accepted (pass)", "H0": "H0 accepted (fail)"}.get(
            self.decision or "", "no decision (stopped before a bound)")
        return (f"{self.match.summary()}\n{self.test}: pentanomial {self.tally} over "
                f"{self.tally.pairs} pairs, Elo {elo:+.1f} ± {err:.1f} (pairs), "
                f"LLR {self.llr:.2f} [{low:.2f}, {high:.2f}]: {verdict}")


def run_sprt(first: EngineSource, second: EngineSource, tc: MatchClock, test: Sprt, *,
             openings: Sequence[Opening], max_games: int, tc2: MatchClock | None = None,
             rules: str = "asian", max_plies: int = 300, concurrency: int = 2,
             on_game: Callable[[GameResult, SprtProgress], None] | None = None,
             halt: Callable[[], bool] | None = None) -> SprtResult:
    """Play pairs until the SPRT decides, ``max_games`` (rounded up to a pair) are
    played or ``halt()`` turns true (the games under way finish); ``tc2`` gives
    engine 2 other time (odds). Openings cycle in order."""
    progress = SprtProgress(test)

    def seen(game: GameResult) -> None:
        progress.add(game)
        if on_game is not None:
            on_game(game, progress)

    match = run_match(first, second, tc, openings=openings, games=max_games + max_games % 2,
                      rules=rules, max_plies=max_plies, concurrency=concurrency,
                      on_game=seen, tc2=tc2,
                      stop=lambda: progress.decision is not None or bool(halt and halt()))
    return SprtResult(match, progress.tally, progress.llr, progress.decision, test)
