"""Catching up with another process's change to a room (several processes on Redis): the
room's row, its current game's row and, if that changed, its moves, read in one go
(one trip to the database thread, one connection); a table whose stored moves only add to
its own is brought up to date in place, replaying only the new moves (replaying a whole
game costs ~0.1 ms a move), anything else (a takeback, a new game) read anew.

>>> reread.__name__
'reread'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cotuong.server.errors import ServiceError
from cotuong.server.play.table import GameTable, RoomState
from cotuong.server.play.table_rows import caught_up, table_from_rows
from cotuong.server.play.views import load_ratings

if TYPE_CHECKING:
    from cotuong.server.play.service import GameService

__all__ = ["reread"]


async def reread(games: GameService, code: str, game_id: int | None = None) -> GameTable:
    """Room ``code`` and its current game (or ``game_id``, if it has none) as stored now,
    kept in ``games``' memory (the objects it holds are updated in place when they can be).
    """
    def version_of(gid: int) -> int | None:
        t = games.games.get(gid)
        return None if t is None else t.version

    store = games.database.store
    room_row, row, moves = await games.database.run(store.room_and_game, code, game_id,
                                                    version_of)
    if room_row is None:
        raise ServiceError("ROOM_NOT_FOUND", code=code)
    room = games.rooms.get(code)
    if room is None:
        room = games.rooms[code] = RoomState.from_row(room_row)
    else:
        room.__dict__.update(RoomState.from_row(room_row).__dict__)
    if row is None:
        raise ServiceError("GAME_NOT_FOUND", "ERR_ROOM_NO_GAME", code=code)
    t = games.games.get(row["id"])
    if t is not None and moves is None:
        return t  # the same version: unchanged
    if moves is None:  # a table this process dropped meanwhile
        moves = await games.database.run(store.game_moves, row["id"])
    was_over = t is not None and t.over
    if t is None or not caught_up(t, row, moves):
        t = table_from_rows(row, moves, room)
        await load_ratings(games.database, t)
        games.keep(t)
    elif t.over and not was_over:
        await load_ratings(games.database, t)  # a rated game's changes
    return t
