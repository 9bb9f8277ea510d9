"""The pure part of a knockout: where the seeds stand in the bracket, and how a match
stands after the games it has (which rung, whose game next, who won and how).

>>> bracket_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> m = play_match("R1M1", 1, 1, 2, [("game", 1, 2, Result.DRAW)], None,
...                (("game", 1), ("replay", 1)))
>>> m.next.stage, m.next.red, m.winner
('replay', 2, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cotuong.tournament.results import Result

WIN, DRAW = 1.0, 0.5  # a match is counted in games won: 1, ½, 0


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order for ``size`` places (a power of two): 1 meets ``size``,
    and seeds 1 and 2 can only meet in the final."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


@dataclass(frozen=True)
class NextGame:
    """The game a match waits for: its rung (``stage``), its number in the match, and
    the seed numbers of Red and Black."""

    stage: str
    number: int
    red: int
    black: int


@dataclass(frozen=True)
class MatchGame:
    """A game played in a match."""

    stage: str
    number: int
    red: int
    black: int
    result: Result


@dataclass(frozen=True)
class Match:
    """A match as it stands. ``a`` is the higher seed (``None``: a bye in round 1, or not
    known yet); ``decided_by`` is ``"bye"``, ``"game"`` (the match's own games),
    ``"replay"``, ``"rapid"``, ``"blitz"`` or ``"lots"``; ``scores`` gives each rung
    played as ``(stage, a's points, b's points)`` counted 1/½/0."""

    id: str
    round: int
    a: int | None
    b: int | None
    winner: int | None = None
    decided_by: str = ""
    next: NextGame | None = None
    waiting_for_lots: bool = False
    games: tuple[MatchGame, ...] = ()
    scores: tuple[tuple[str, float, float], ...] = ()

    @property
    def loser(self) -> int | None:
        """The player the winner knocked out (``None`` before, or after a bye)."""
        if self.winner is None:
            return None
        return self.b if self.winner == self.a else self.a


def _points(result: Result, red: bool) -> float:
    outcome = result.outcome(red)
    return WIN if outcome == "win" else DRAW if outcome == "draw" else 0.0


def play_match(match_id: str, round_no: int, first: int | None, second: int | None,
               games: Sequence[tuple[str, int, int, Result]], lots: int | None,
               plan: Sequence[tuple[str, int]]) -> Match:
    """The state of a match from its recorded ``(stage, red, black, result)`` games.

    ``plan`` is the ladder, the match's own games first: ``(("game", 2), ("replay", 1),
    ("rapid", 2))``; a rung ends as soon as one player cannot be caught in it.
    """
    seeds = sorted(s for s in (first, second) if s is not None)
    if len(seeds) < 2:
        if round_no == 1 and len(seeds) == 1 and match_id.startswith("R"):
            return Match(match_id, round_no, seeds[0], None, seeds[0], "bye")
        a = seeds[0] if seeds else None
        return Match(match_id, round_no, a, None)
    a, b = seeds
    played: list[MatchGame] = []
    scores: list[tuple[str, float, float]] = []
    pending = list(games)
    number = 0
    for stage, count in plan:
        pa = pb = 0.0
        left = count
        while left:
            if pa - pb > left or pb - pa > left:
                break
            number += 1
            red, black = (a, b) if number % 2 else (b, a)
            if not pending or pending[0][0] != stage:
                if pending:  # a game of a later rung while this one is open: ignored
                    pending = []
                scores.append((stage, pa, pb))
                return Match(match_id, round_no, a, b, next=NextGame(stage, number, red, black),
                             games=tuple(played), scores=tuple(scores))
            _, _, _, result = pending.pop(0)
            played.append(MatchGame(stage, number, red, black, result))
            got = _points(result, red=True)
            lost = _points(result, red=False)
            if red == a:
                pa, pb = pa + got, pb + lost
            else:
                pa, pb = pa + lost, pb + got
            left -= 1
        scores.append((stage, pa, pb))
        if pa != pb:
            return Match(match_id, round_no, a, b, a if pa > pb else b, stage,
                         games=tuple(played), scores=tuple(scores))
    if lots is not None:
        return Match(match_id, round_no, a, b, lots, "lots", games=tuple(played),
                     scores=tuple(scores))
    return Match(match_id, round_no, a, b, waiting_for_lots=True, games=tuple(played),
                 scores=tuple(scores))
