"""Rating categories by time control: each account has one Glicko-2 rating per category.

A game's category follows its **estimated duration** per player, as lichess does: the
main time plus 40 times the increment (Fischer) or the byo-yomi period (a game of about
40 moves a side, typical of Xiangqi as of chess):

============  ============================  =====================
category      estimated time per player      e.g.
============  ============================  =====================
``bullet``    under 3 min                   1+0, 2+1
``blitz``     3 min to under 8 min          3+2, 5+3
``rapid``     8 min to under 25 min         10+5, 15+10
``classical`` 25 min and more               30+0, 10 min + 30 s/move
============  ============================  =====================

Untimed games have no category: a rated game needs a clock (nothing else bounds how long
a losing player may wait).

>>> category(TimeControl("fischer", 300_000, increment_ms=3_000))
'blitz'
>>> category(TimeControl("byoyomi", 600_000, period_ms=30_000))
'classical'
>>> category(None) is None
True
"""

from __future__ import annotations

from cotuong.server.timecontrol import TimeControl

CATEGORIES = ("bullet", "blitz", "rapid", "classical")
MOVES_ESTIMATE = 40
_LIMITS_MS = ((180_000, "bullet"), (480_000, "blitz"), (1_500_000, "rapid"))


def estimated_ms(tc: TimeControl) -> int:
    """A player's estimated time for the game: main time + 40 × increment (or period)."""
    extra = tc.increment_ms if tc.kind == "fischer" else tc.period_ms
    return tc.base_ms + MOVES_ESTIMATE * extra


def category(tc: TimeControl | None) -> str | None:
    """The rating category of a time control (``None``: untimed, not rated)."""
    if tc is None:
        return None
    ms = estimated_ms(tc)
    for limit, name in _LIMITS_MS:
        if ms < limit:
            return name
    return "classical"
