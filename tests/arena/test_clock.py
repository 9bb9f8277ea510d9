"""A match's time control: ``--tc BASE+INC`` read, bad clocks named."""

from __future__ import annotations

import pytest

from cotuong import CotuongError
from cotuong.arena import parse_clock


def test_parse_clock() -> None:
    assert parse_clock("60+0.5") == (60000, 500)
    assert parse_clock("3") == (3000, 0)
    for bad in ("x+1", "0+1", "-5"):
        with pytest.raises(ValueError):
            parse_clock(bad)
    # Regression: "inf" was an OverflowError traceback; "1+-1" blamed the base.
    for bad, why in (("inf+0", "BASE\\+INC"), ("1+-1", "increment"), ("nan", "BASE")):
        with pytest.raises(CotuongError, match=why) as info:
            parse_clock(bad)
        assert info.value.code == "BAD_CLOCK"
