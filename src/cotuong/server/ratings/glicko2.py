"""Glicko-2 ratings, pure arithmetic (standard library only).

Follows Mark E. Glickman, *Example of the Glicko-2 system* (Boston University; the
revision of 2022-03-22 is at http://www.glicko.net/glicko/glicko2.pdf), step by step:
the scale conversion (173.7178), ``g`` and ``E``, the variance ``v`` and improvement
``Δ``, the new volatility by the Illinois variant of regula falsi (step 5, tolerance
ε = 0.000001), then the new RD and rating. ``tests/server/test_glicko2.py`` checks the
paper's worked example to its printed digits.

The platform runs **one rating period per game**: each rated game updates both players
at once from their ratings just before it. Players of a Xiangqi server play one game at a
time and want to see its effect at the end of it, and a period of one game is what the
paper's formulas compute when they are given one opponent. Glickman recommends 10-15
games per period for the best predictive accuracy; the cost of one-game periods is a
volatility that moves a little more slowly, which the system constant τ = 0.5 (the
paper's example value, the middle of its advised 0.3-1.2) keeps moderate. RD does not
grow with idle time (no periods pass without games); an unrated player starts at 1500,
RD 350, volatility 0.06, as the paper advises.

>>> a, b = Rating(), Rating()
>>> a2, b2 = rate_game(a, b, 1.0)
>>> round(a2.rating), round(b2.rating), round(a2.rd)
(1662, 1338, 290)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178  # Glicko points per Glicko-2 unit (step 2)
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5
EPSILON = 0.000001
MIN_RD = 30.0  # a floor so that long-established ratings still move a little
MAX_RD = DEFAULT_RD


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating ``r``, deviation ``RD`` and volatility ``σ`` (Glicko scale)."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


@dataclass(frozen=True, slots=True)
class Steps:
    """The quantities of one update, as the paper names them (for tests and curious
    readers): ``v``, ``delta`` (Δ), and the result."""

    v: float
    delta: float
    after: Rating


def g(phi: float) -> float:
    """Step 3's weight of an opponent's deviation."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3's expected score ``E(μ, μj, φj)`` against opponent ``j``."""
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def _volatility(r: Rating, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, the root of ``f`` by the Illinois algorithm."""
    phi, sigma = r.phi, r.volatility
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi * phi - v - ex)
        den = 2.0 * (phi * phi + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(big_c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = big_c, fc
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Iterable[tuple[Rating, float]],
           tau: float = TAU) -> Steps:
    """One rating period of ``player`` against ``(opponent, score)`` results (score 1 win,
    0.5 draw, 0 loss), with every rating as of the period's start (steps 2-8)."""
    games = [(o.mu, o.phi, float(s)) for o, s in results]
    if not games:  # step 6 alone: the deviation grows, nothing else changes
        phi = math.sqrt(player.phi ** 2 + player.volatility ** 2)
        return Steps(0.0, 0.0, Rating(player.rating, min(MAX_RD, phi * SCALE),
                                      player.volatility))
    mu = player.mu
    v_inv = 0.0
    gain = 0.0
    for mu_j, phi_j, score in games:
        e = expected(mu, mu_j, phi_j)
        v_inv += g(phi_j) ** 2 * e * (1.0 - e)
        gain += g(phi_j) * (score - e)
    v = 1.0 / v_inv
    delta = v * gain
    sigma = _volatility(player, v, delta, tau)
    phi_star = math.sqrt(player.phi ** 2 + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Steps(v, delta, Rating(DEFAULT_RATING + SCALE * mu_new, phi_new * SCALE, sigma))


def rate_game(a: Rating, b: Rating, score_a: float, tau: float = TAU) -> tuple[Rating, Rating]:
    """Both players after one game between them (one rating period each), ``score_a``
    being ``a``'s score; deviations are kept within 30..350."""
    a2 = update(a, [(b, score_a)], tau).after
    b2 = update(b, [(a, 1.0 - score_a)], tau).after
    return _bounded(a2), _bounded(b2)


def _bounded(r: Rating) -> Rating:
    return Rating(r.rating, min(MAX_RD, max(MIN_RD, r.rd)), r.volatility)
