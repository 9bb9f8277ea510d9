"""Match statistics: Elo from a score, game pairs counted pentanomially, the SPRT.

A match between two engines plays every opening twice with colours swapped. The two
games of a pair are not independent (the opening favours one side), so the pair is
the unit: its score for engine 1 is 0, ½, 1, 1½ or 2 points, and the five counts are
the **pentanomial** tally (fishtest's). Its variance is smaller than that of the same
games counted one by one, which is what lets a sequential test stop sooner.

The **SPRT** (sequential probability ratio test)
weighs H0 "engine 1 is ``elo0`` stronger" against H1 "it is ``elo1`` stronger" after
every pair and stops when the log-likelihood ratio leaves
``[log(β/(1−α)), log((1−β)/α)]``: above, H1 is accepted (the change is kept), below,
H0 (rejected). The LLR is the generalised one (Van den Bergh's GSPRT, as fishtest
computes it): for each hypothesis the pentanomial distribution nearest the observed
frequencies ``p̂`` whose expected score is ``s = 1 / (1 + 10^(−elo/400))`` (logistic
Elo) is ``p_i = p̂_i / (1 + λ·(x_i − s))`` with ``λ`` solving ``Σ p̂_i (x_i − s) /
(1 + λ (x_i − s)) = 0`` (``x_i`` = 0, ¼, ½, ¾, 1, the pair's score per game), and
``LLR = N · Σ p̂_i · log(p1_i / p0_i)``. For many pairs it equals the normal
approximation ``N (s1 − s0)(2m − s0 − s1) / (2v)``; for few it stays bounded where that
one explodes on a near-zero variance. Counts that are still zero get 0.001 (fishtest
regularises the same way).

>>> test = Sprt(elo0=0, elo1=10)
>>> [round(b, 3) for b in test.bounds()]
[-2.944, 2.944]
>>> p = Pentanomial((1, 4, 10, 4, 1))   # 20 pairs, 50 %
>>> round(p.score(), 3), round(test.llr(p), 4)
(0.5, -0.0413)
>>> test.decision(Pentanomial((0, 0, 50, 200, 50)))
'H1'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from cotuong.core.errors import CotuongError

_ZERO = 1e-3  # stands in for an empty pentanomial cell (fishtest's regularisation)


def _elo(score: float) -> float:
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def expected_score(elo: float) -> float:
    """The score a player ``elo`` stronger makes (logistic model).

    >>> expected_score(0), round(expected_score(400), 4)
    (0.5, 0.9091)
    """
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def _fmt_elo(elo: float, err: float) -> str:
    if math.isinf(elo):
        return f"{'+' if elo > 0 else '-'}inf (no error bar: all games went one way)"
    if math.isinf(err):
        return f"{elo:+.0f} (no error bar: every game had the same result)"
    return f"{elo:+.0f} ± {err:.0f} (95 %)"


def _interval(score: float, margin: float, n: int) -> float:
    """Half-width in Elo of ``score ± margin``; half a game from either end keeps an
    interval that reaches 0 % or 100 % finite (a common convention)."""
    edge = 0.5 / n
    return (_elo(min(1 - edge, score + margin)) - _elo(max(edge, score - margin))) / 2


def elo_estimate(wins: int, draws: int, losses: int) -> tuple[float, float]:
    """Elo difference implied by a score, and the half-width of its 95 % interval
    (normal approximation of the per-game score variance, trinomial model)."""
    n = wins + draws + losses
    if n == 0:
        return 0.0, math.inf
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2
                + losses * score ** 2) / n
    elo = _elo(score) + 0.0  # no "-0"
    if math.isinf(elo) or variance == 0:
        # Every game alike (all draws, say): the sample says nothing about the spread,
        # and "± 0" would claim a certainty two games cannot give.
        return elo, math.inf
    return elo, _interval(score, 1.96 * math.sqrt(variance / n), n)


@dataclass(frozen=True, slots=True)
class Pentanomial:
    """Pairs by engine 1's points in them: ``counts[k]`` pairs scored ``k/2`` of 2.

    >>> Pentanomial.from_pairs([(1, 1), (1, 0.5), (0, 0)]).counts
    (1, 0, 0, 1, 1)
    """

    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def __post_init__(self) -> None:
        if len(self.counts) != 5 or any(c < 0 for c in self.counts):
            raise CotuongError(f"a pentanomial tally is five counts >= 0, not {self.counts}",
                               "BAD_PENTANOMIAL")

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[float, float]]) -> Pentanomial:
        """Count pairs given as engine 1's points in each of their two games."""
        counts = [0] * 5
        for a, b in pairs:
            if a not in (0, 0.5, 1) or b not in (0, 0.5, 1):
                raise CotuongError(f"a game scores 0, 0.5 or 1, not {(a, b)}",
                                   "BAD_PENTANOMIAL")
            counts[round(2 * (a + b))] += 1
        return cls((counts[0], counts[1], counts[2], counts[3], counts[4]))

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    def frequencies(self) -> list[float]:
        """The five observed frequencies, empty cells regularised to 0.001 pair."""
        weights = [c if c else _ZERO for c in self.counts]
        total = sum(weights)
        return [w / total for w in weights]

    def score(self) -> float:
        """Engine 1's share of the points (0.5 with no pairs)."""
        n = self.pairs
        return sum(c * k / 4 for k, c in enumerate(self.counts)) / n if n else 0.5

    def elo(self) -> tuple[float, float]:
        """Elo difference and the half-width of its 95 % interval, from the pairs'
        variance (smaller than the per-game one when openings favour a side)."""
        n = self.pairs
        if n == 0:
            return 0.0, math.inf
        score = self.score()
        var = sum(c * (k / 4 - score) ** 2 for k, c in enumerate(self.counts)) / n
        elo = _elo(score) + 0.0
        if math.isinf(elo) or var == 0:
            return elo, math.inf
        return elo, _interval(score, 1.96 * math.sqrt(var / n), 2 * n)

    def __str__(self) -> str:
        return "[" + ", ".join(str(c) for c in self.counts) + "]"


def _multiplier(p: list[float], s: float) -> float:
    """The Lagrange multiplier λ of the distribution nearest ``p`` with mean ``s``: the
    root of ``Σ p_i (x_i − s) / (1 + λ (x_i − s))``, which falls as λ grows, found by
    bisection on the interval where every ``1 + λ (x_i − s)`` stays positive."""
    low, high = -1.0 / (1.0 - s), 1.0 / s
    for _ in range(100):
        mid = (low + high) / 2
        slope = sum(pi * (k / 4 - s) / (1 + mid * (k / 4 - s)) for k, pi in enumerate(p))
        if slope > 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class Sprt:
    """An SPRT of H0 ``elo0`` against H1 ``elo1`` (logistic Elo) with error rates
    ``alpha`` (accepting H1 when H0 holds) and ``beta`` (the other way)."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 0.5 and 0 < self.beta < 0.5):
            raise CotuongError(f"SPRT: alpha and beta lie between 0 and 0.5, not "
                               f"{self.alpha} and {self.beta}", "BAD_SPRT")
        if not self.elo1 > self.elo0:
            raise CotuongError(f"SPRT: elo1 ({self.elo1}) must be above elo0 ({self.elo0})",
                               "BAD_SPRT")

    def bounds(self) -> tuple[float, float]:
        """The LLR below which H0 is accepted and above which H1 is."""
        return (math.log(self.beta / (1 - self.alpha)),
                math.log((1 - self.beta) / self.alpha))

    def llr(self, tally: Pentanomial) -> float:
        """The log-likelihood ratio of H1 against H0 after these pairs (0 before any)."""
        n = tally.pairs
        if n == 0:
            return 0.0
        p = tally.frequencies()
        l0 = _multiplier(p, expected_score(self.elo0))
        l1 = _multiplier(p, expected_score(self.elo1))
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return n * sum(pi * (math.log1p(l0 * (k / 4 - s0)) - math.log1p(l1 * (k / 4 - s1)))
                       for k, pi in enumerate(p))

    def decision(self, tally: Pentanomial) -> str | None:
        """``"H1"`` (accept: engine 1 is at least ``elo1`` better, at the error rate),
        ``"H0"`` (reject), or ``None`` while the LLR lies between the bounds."""
        low, high = self.bounds()
        value = self.llr(tally)
        if value >= high:
            return "H1"
        if value <= low:
            return "H0"
        return None

    def __str__(self) -> str:
        return f"SPRT[{self.elo0:g}, {self.elo1:g}] alpha={self.alpha:g} beta={self.beta:g}"
