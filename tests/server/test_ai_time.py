"""How long the AI may think (issues 13, 21 and 22): as a strong player spends a clock,
untimed Thần at a fixed generous time, byo-yomi as a ceiling, and an absolute cap."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cotuong.server.play.ai import AiTime, ai_movetime_ms

P = AiTime(default_ms=1000, untimed_ms=5000, cap_ms=10_000)


def test_than_spends_a_fischer_clock_like_a_strong_player() -> None:
    # 5+3 after the opening: an 80th of the time left plus half the increment.
    assert ai_movetime_ms(8, P, 300_000, 0, 3_000, ply=20) == 5_250
    # In the opening, half as much.
    assert ai_movetime_ms(8, P, 300_000, 0, 3_000, ply=2) == 2_625
    # Behind the opponent's clock (150 s against 300 s): half again.
    assert ai_movetime_ms(8, P, 150_000, 0, 3_000, opponent_ms=300_000, ply=20) == 1_687


def test_no_move_thinks_longer_than_the_cap() -> None:
    # 3 h + 600 s thought 840 s for its first move before (issue 21).
    assert ai_movetime_ms(8, P, 10_800_000, 0, 600_000, ply=0) == 10_000
    assert ai_movetime_ms(8, AiTime(cap_ms=2_000), 10_800_000, 0, 600_000) == 2_000


def test_untimed_than_thinks_a_fixed_generous_time() -> None:
    # It thought 1 s before: untimed Thần was the weakest Thần (issue 22).
    assert ai_movetime_ms(8, P, None, 0, 0) == 5_000
    assert ai_movetime_ms(5, P, None, 0, 0) == 1_000


def test_byo_yomi_is_a_ceiling_not_a_target() -> None:
    # "60 s per move": what an untimed move takes, not 20 s.
    assert ai_movetime_ms(8, P, 0, 60_000, 0) == 5_000
    # A short period: at most half of it.
    assert ai_movetime_ms(8, P, 0, 6_000, 0) == 3_000


def test_lower_levels_keep_the_fixed_ceiling() -> None:
    assert ai_movetime_ms(7, P, 600_000, 0, 5_000) == 1000
    assert ai_movetime_ms(1, AiTime(default_ms=300), 600_000, 0, 0) == 300


def test_never_more_than_the_clock_can_pay() -> None:
    # 3 s left with a 10 s increment: the increment arrives only after the move.
    assert ai_movetime_ms(8, P, 3_000, 0, 10_000) == 1_000
    assert ai_movetime_ms(8, P, 600, 0, 0) == 50  # the floor


@given(level=st.integers(1, 8), left=st.integers(0, 10_800_000),
       inc=st.integers(0, 600_000), opponent=st.integers(0, 10_800_000),
       ply=st.integers(0, 400), cap=st.integers(50, 60_000))
def test_fischer_bounds(level: int, left: int, inc: int, opponent: int, ply: int,
                        cap: int) -> None:
    policy = AiTime(1000, 5000, cap)
    t = ai_movetime_ms(level, policy, left, 0, inc, opponent_ms=opponent, ply=ply)
    assert 50 <= t <= max(50, cap)
    assert t <= max(50, left // 3)
    if level < 8:
        assert t <= 1000


@given(left=st.integers(0, 10_800_000), period=st.integers(1_000, 600_000))
def test_byo_yomi_bounds(left: int, period: int) -> None:
    t = ai_movetime_ms(8, P, left, period, 0)
    assert t <= period // 2 + left // 80 and t <= 10_000
