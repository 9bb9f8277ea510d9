"""Takebacks and rematches: what one player asks and the other answers, as pure
transitions of a :class:`~cotuong.server.play.table.GameTable` (each returns the
:class:`Change` to commit and publish).

>>> takeback.__name__, rematch.__name__
('takeback', 'rematch')
"""

from __future__ import annotations

from cotuong.server.errors import ServiceError
from cotuong.server.play.protocol import Color
from cotuong.server.play.table import GameTable
from cotuong.server.play.values import Change, Notice
from cotuong.server.storage import TakeBack
from cotuong.server.timecontrol import START_PLY

__all__ = ["rematch", "takeback", "takeback_answer"]


def takeback(t: GameTable, color: Color, now: int) -> Change:
    t.ensure_live()
    if t.room.event:
        raise ServiceError("TOURNAMENT_GAME")
    if t.room.rated:
        raise ServiceError("RATED_GAME")
    if not any(t.mover(i) is color for i in range(t.ply)):
        raise ServiceError("NOTHING_TO_TAKE_BACK")
    if t.is_ai(color.opponent):
        return _take_back(t, color, now)
    if t.takeback_request is not None:
        raise ServiceError("NO_REQUEST", "ERR_REQUEST_PENDING")
    t.takeback_request = color
    return t.saved([Notice("takeback_requested", color=color)])


def takeback_answer(t: GameTable, color: Color, accept: bool, now: int) -> Change:
    t.ensure_live()
    if t.takeback_request is not color.opponent:
        raise ServiceError("NO_REQUEST")
    if not accept:
        t.takeback_request = None
        return t.saved([Notice("takeback_refused", color=color)])
    return _take_back(t, color.opponent, now)


def _take_back(t: GameTable, requester: Color, now: int) -> Change:
    keep = max(t.ply - (2 if t.turn is requester else 1), 0)
    t.back_to(keep)
    t.takeback_request = None
    tc = t.room.tc
    if t.clock is not None:
        t.clock = (t.clock.start(t.turn.value, now) if keep >= START_PLY
                      else t.clock.stop(now, tc) if tc else t.clock)
    t.version += 1
    return Change([Notice("takeback_done", color=requester)],
                  TakeBack(t.id, keep, t.row_fields()))


def rematch(t: GameTable, color: Color) -> Change:
    if not t.over:
        raise ServiceError("NOT_OVER")
    if t.room.event:
        raise ServiceError("TOURNAMENT_GAME")
    if t.rematch_request is color.opponent or t.is_ai(color.opponent):
        return Change(rematch=True)
    t.rematch_request = color
    return t.saved([Notice("rematch_requested", color=color)])
