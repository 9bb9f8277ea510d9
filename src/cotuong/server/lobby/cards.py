"""What the lobby lists: the live games shown (as the small boards' cards, ``GameCard``
of the protocol) and who is online.

>>> online_view([], {}, 50)
{'count': 0, 'players': []}
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from typing import Any

from cotuong.server.play import Color, GameTable, Status
from cotuong.server.realtime import Member, Sockets

__all__ = ["OnlineList", "game_card", "online_view", "shown_games"]


def shown_games(tables: Iterable[GameTable], sockets: Sockets, n: int) -> list[dict[str, Any]]:
    """The cards of the ``n`` most watched games in play (then the highest rated, then
    the newest)."""
    live = [t for t in tables if t.status is Status.PLAYING and t.room.guest_id is not None]

    def interest(t: GameTable) -> tuple[int, int, int]:
        return (sockets.spectators(t.room.code), sum(t.player_ratings.values()), t.id)
    shown = heapq.nlargest(n, live, key=interest)  # = sorted(…, reverse=True)[:n]
    return [game_card(t, sockets.spectators(t.room.code)) for t in shown]


def online_view(members: Iterable[Member], usernames: dict[str, str],
                n: int) -> dict[str, Any]:
    """Who is online among ``members`` (each person once): how many, and the first ``n``
    (accounts first, then by name)."""
    people: dict[str, str] = {}
    for m in members:
        if m.identity is not None and m.name is not None:
            people[m.identity] = m.name
    names = sorted(people.items(), key=lambda kv: (not kv[0].startswith("u:"),
                                                   kv[1].casefold()))
    return {"count": len(people), "players": [
        {"name": name, "account": ident.startswith("u:"), "username": usernames.get(ident)}
        for ident, name in names[:n]]}


class OnlineList:
    """:func:`online_view` kept until ``key`` changes (at 1,000 games it sorts ~4,000
    sockets by name: the lobby passes a count of the sockets' comings and goings).

    >>> ol = OnlineList()
    >>> ol.view(1, lambda: [], {}, 50) is ol.view(1, lambda: [], {}, 50)
    True
    """

    def __init__(self) -> None:
        self._key: object = None
        self._view: dict[str, Any] | None = None

    def view(self, key: object, members: Callable[[], Iterable[Member]],
             usernames: dict[str, str], n: int) -> dict[str, Any]:
        if self._view is None or key != self._key:
            self._view, self._key = online_view(members(), usernames, n), key
        return self._view


def game_card(t: GameTable, spectators: int) -> dict[str, Any]:
    """The card of game ``t`` watched by ``spectators``."""
    _, fen, _, _ = t.view()
    tc = t.room.tc

    def player(color: Color) -> dict[str, Any]:
        slot = t.slot_of(color)
        return {"name": t.room.slot_name(slot) or "?", "rating": t.player_ratings.get(color),
                "ai_level": t.room.ai_level if t.is_ai(color) else None}
    return {"game_id": t.id, "room": t.room.code, "fen": fen,
            "last_move": t.moves[-1] if t.moves else None, "ply": t.ply, "turn": t.turn,
            "rules": t.room.rules, "rated": t.room.rated,
            "time_control": tc.to_json() if tc else None,
            "red": player(Color.RED), "black": player(Color.BLACK), "spectators": spectators}
