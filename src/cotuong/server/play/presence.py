"""Who is at the board: the guest taking the free seat, a player's sockets closing and
opening again (the abandonment window), and the seats after a restart — pure transitions
of a :class:`~cotuong.server.play.table.GameTable`.

>>> player_left.__name__
'player_left'
"""

from __future__ import annotations

from typing import Any

from cotuong.server.play.protocol import Color, Slot, Status
from cotuong.server.play.table import GameTable
from cotuong.server.play.values import Change, Notice

__all__ = ["mark_absent", "player_back", "player_left", "resume", "seat_guest"]


def seat_guest(t: GameTable, identity: str, name: str, now: int) -> Change:
    """The guest took the free seat: a waiting game starts."""
    extra: dict[str, Any] = {}
    if t.status is Status.WAITING:
        t.started = True
        guest = t.color_of(Slot.GUEST).value
        extra = {"started_at": now, f"{guest}_player": identity, f"{guest}_name": name}
    change = t.saved(**extra)
    change.events.append(Notice("player_joined", color=t.color_of(Slot.GUEST)))
    return change


def mark_absent(t: GameTable, connected: dict[str, bool], now: int) -> bool:
    """A seated human with no socket (``connected`` by slot) in a game that has started
    is away from ``now`` (the abandonment window opens), also one who never came: a room
    made over REST whose players never connect ends by itself. A tournament's board is
    judged by its no-show rule instead. Whether anyone was marked."""
    if t.status is not Status.PLAYING or t.room.event:
        return False
    marked = False
    for slot in (Slot.HOST, Slot.GUEST):
        color = t.color_of(slot)
        if not t.is_ai(color) and not connected[slot] and color not in t.disconnected:
            t.disconnected[color] = now
            marked = True
    return marked


def player_back(t: GameTable, color: Color) -> Change:
    """A seated player's first socket opened."""
    back = t.disconnected.pop(color, None) is not None
    change = t.saved() if back else Change()
    change.events.append(Notice("player_joined", color=color))
    return change


def player_left(t: GameTable, color: Color, now: int) -> Change:
    """A seated player's last socket closed: the abandonment window opens."""
    change = Change()
    # A tournament's board before any move: the no-show rule judges who came.
    before_play = t.room.event and t.ply == 0
    if t.status is Status.PLAYING and not t.is_ai(color) and not before_play:
        t.disconnected[color] = now
        change = t.saved()
    change.events.append(Notice("player_left", color=color))
    return change


def resume(t: GameTable, now: int, down: int) -> Change | None:
    """After a restart: time while the server was down is charged to no one, and every
    human seat gets a fresh abandonment window from ``now``."""
    if t.status is not Status.PLAYING:
        return None
    if t.clock is not None:
        t.clock = t.clock.shifted(down)
    if t.room.event and t.ply == 0:
        return t.saved()  # a tournament's no-show rule judges who never came
    for color in Color:
        if not t.is_ai(color):
            t.disconnected[color] = now
    return t.saved()
