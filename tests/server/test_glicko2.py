"""Glicko-2 against its published example, an independent hand calculation of the one-game
period the platform uses, and the rating categories.

The reference is Mark E. Glickman, "Example of the Glicko-2 system", Boston University
(http://www.glicko.net/glicko/glicko2.pdf; the text of the 2013 and 2022 revisions is
quoted at https://www.radpoker.com/rating and in a forum copy at
https://talk.turtlerockstudios.com/t/hunt-ranking-system-is-based-on-the-glicko-2-system-read-this-if-you-play-hunt/83251).
Its example: a player rated 1500, RD 200, volatility 0.06 (τ = 0.5) plays three games in
a period: beats a 1400 (RD 30), loses to a 1550 (RD 100), loses to a 1700 (RD 300).
"""

from __future__ import annotations

import math

import pytest

from cotuong.server.ratings.categories import category, estimated_ms
from cotuong.server.ratings.glicko2 import Rating, expected, g, rate_game, update
from cotuong.server.timecontrol import TimeControl

OPPONENTS = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_glickmans_example_step_by_step() -> None:
    player = Rating(1500, 200, 0.06)
    # Step 2: the Glicko-2 scale.
    assert player.mu == 0 and player.phi == pytest.approx(1.1513, abs=1e-4)
    # Step 3: the paper's table of g(φj) and E(μ, μj, φj).
    table = [(g(o.phi), expected(player.mu, o.mu, o.phi)) for o, _ in OPPONENTS]
    assert [round(x, 4) for x, _ in table] == [0.9955, 0.9531, 0.7242]
    assert [round(e, 3) for _, e in table] == [0.639, 0.432, 0.303]
    steps = update(player, OPPONENTS, tau=0.5)
    # The paper prints v = 1.7785 and Δ = -0.4834, computed from its rounded table
    # values; with full precision they are 1.7790 and -0.4839.
    assert steps.v == pytest.approx(1.7785, abs=6e-4)
    assert steps.delta == pytest.approx(-0.4834, abs=6e-4)
    # Steps 5-8: σ' = 0.05999, r' = 1464.06, RD' = 151.52.
    assert steps.after.volatility == pytest.approx(0.05999, abs=1e-5)
    assert steps.after.rating == pytest.approx(1464.06, abs=0.01)
    assert steps.after.rd == pytest.approx(151.52, abs=0.01)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = update(Rating(1500, 200, 0.06), []).after
    assert after.rating == 1500 and after.volatility == 0.06
    assert after.rd == pytest.approx(math.sqrt(200 ** 2 + (0.06 * 173.7178) ** 2))


def test_one_game_between_newcomers_by_hand() -> None:
    """The platform's rating period is one game. Worked out by hand from the paper's
    formulas for two unrated players (1500, RD 350, σ 0.06), the first one winning:

    φ = 350 / 173.7178 = 2.014761;  g(φ) = 1 / √(1 + 3·φ²/π²) = 1 / √2.233866 = 0.669069
    E = 1 / (1 + e^0) = 0.5;  v = 1 / (g² · E · (1 − E)) = 1 / (0.447653 · 0.25) = 8.935533
    Δ = v · g · (1 − E) = 8.935533 · 0.334534 = 2.989236
    σ' ≈ 0.06 (Δ² < φ² + v, so the search starts at A − τ; it barely moves: 0.0599997)
    φ* = √(φ² + σ'²) = √(4.059262 + 0.0036) = 2.015654
    φ' = 1 / √(1/φ*² + 1/v) = 1 / √(0.246130 + 0.111913) = 1.671213
    μ' = φ'² · g · (1 − E) = 2.792953 · 0.334534 = 0.934334
    r' = 1500 + 173.7178 · 0.934334 = 1662.31;  RD' = 173.7178 · 1.671213 = 290.32
    and, by symmetry, the loser: 1337.69, RD 290.32.
    """
    winner, loser = rate_game(Rating(), Rating(), 1.0)
    assert winner.rating == pytest.approx(1662.31, abs=0.01)
    assert loser.rating == pytest.approx(1337.69, abs=0.01)
    assert winner.rd == pytest.approx(290.32, abs=0.01) and loser.rd == winner.rd
    assert winner.volatility == pytest.approx(0.0599997, abs=1e-6)


def test_draws_and_upsets_move_ratings_the_expected_way() -> None:
    strong, weak = Rating(1900, 60), Rating(1500, 60)
    s2, w2 = rate_game(strong, weak, 0.5)  # a draw with a weaker player costs points
    assert s2.rating < strong.rating and w2.rating > weak.rating
    s3, w3 = rate_game(strong, weak, 0.0)  # an upset costs more
    assert strong.rating - s3.rating > strong.rating - s2.rating
    s4, _ = rate_game(strong, weak, 1.0)  # an expected win brings little
    assert 0 < s4.rating - strong.rating < 10
    assert 30 <= s4.rd <= 350 and 30 <= w3.rd <= 350


@pytest.mark.parametrize(("tc", "expected_category"), [
    (TimeControl("fischer", 60_000), "bullet"),
    (TimeControl("fischer", 120_000, increment_ms=1_000), "bullet"),  # 2 + 40 s = 160 s
    (TimeControl("fischer", 180_000), "blitz"),
    (TimeControl("fischer", 300_000, increment_ms=3_000), "blitz"),  # 7 min
    (TimeControl("fischer", 480_000), "rapid"),
    (TimeControl("fischer", 600_000, increment_ms=5_000), "rapid"),  # 13:20
    (TimeControl("fischer", 900_000, increment_ms=15_000), "classical"),  # 25 min
    (TimeControl("byoyomi", 0, period_ms=10_000), "blitz"),  # 40 × 10 s = 6:40
    (TimeControl("byoyomi", 600_000, period_ms=30_000), "classical"),  # 10 + 20 min
])
def test_categories_by_estimated_duration(tc: TimeControl, expected_category: str) -> None:
    assert category(tc) == expected_category, estimated_ms(tc)
