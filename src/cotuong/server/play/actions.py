"""The game actions other than a move, each a call on the pure table
(:mod:`cotuong.server.play.table`): which call answers which client message.

>>> sorted(t.__name__ for t in _ACTIONS)[:3]
['Abort', 'AcceptDraw', 'DeclineDraw']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cotuong.server.play import takebacks
from cotuong.server.play.protocol import (
    Abort,
    AcceptDraw,
    Action,
    Color,
    DeclineDraw,
    OfferDraw,
    Rematch,
    Resign,
    Takeback,
    TakebackAnswer,
)
from cotuong.server.play.table import Change, GameTable

__all__ = ["apply_action"]


_ACTIONS: dict[type, Callable[[GameTable, Any, Color, int], Change]] = {
    OfferDraw: lambda t, m, c, now: t.offer_draw(c, now),
    AcceptDraw: lambda t, m, c, now: t.accept_draw(c, now),
    DeclineDraw: lambda t, m, c, now: t.decline_draw(c, now),
    Resign: lambda t, m, c, now: t.resign(c, now),
    Abort: lambda t, m, c, now: t.abort(c, now),
    Takeback: lambda t, m, c, now: takebacks.takeback(t, c, now),
    TakebackAnswer: lambda t, m, c, now: takebacks.takeback_answer(t, c, m.accept, now),
    Rematch: lambda t, m, c, now: takebacks.rematch(t, c),
}


def apply_action(t: GameTable, msg: Action, color: Color, now: int) -> Change:
    """The table's change for action ``msg`` of ``color`` at ``now`` (not a move)."""
    return _ACTIONS[type(msg)](t, msg, color, now)
