"""How long the AI may think on a game clock (issue 13: Thần is not held to a fixed 1 s)."""

from __future__ import annotations

from cotuong.server.play.ai import ai_movetime_ms


def test_than_thinks_as_long_as_the_clock_allows() -> None:
    # 10 minutes + 5 s: a 30th of the time plus most of the increment, far above 1 s.
    assert ai_movetime_ms(8, 1000, 600_000, 0, 5_000) == 24_000
    # Byo-yomi with the main time gone: a third of the 30 s period.
    assert ai_movetime_ms(8, 1000, 0, 30_000, 0) == 10_000


def test_lower_levels_keep_the_fixed_ceiling() -> None:
    assert ai_movetime_ms(7, 1000, 600_000, 0, 5_000) == 1000
    assert ai_movetime_ms(1, 300, 600_000, 0, 0) == 300


def test_never_more_than_the_clock_can_pay() -> None:
    # 3 s left with a 10 s increment: the increment arrives only after the move.
    assert ai_movetime_ms(8, 1000, 3_000, 0, 10_000) == 1_000
    assert ai_movetime_ms(8, 1000, 600, 0, 0) == 50  # the floor
