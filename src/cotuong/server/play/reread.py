"""Catching up with another process's change to a room (several processes on Redis): the
room's row, its current game's row and, if that changed, its moves, read in one go
(one trip to the database thread, one connection); a table whose stored moves only add to
its own is brought up to date in place, replaying only the new moves (replaying a whole
game costs ~0.1 ms a move), anything else (a takeback, a new game) read anew. When the
only change missed is the last holder's, its record (carried beside the lock's stamp,
:func:`change_record`) is enough and nothing is read.

>>> reread.__name__
'reread'
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from cotuong.server.errors import ServiceError
from cotuong.server.play.table import GameTable, RoomState
from cotuong.server.play.table_rows import caught_up, table_from_rows
from cotuong.server.play.views import load_ratings

if TYPE_CHECKING:
    from cotuong.server.play.service import GameService

__all__ = ["change_record", "current_checked", "reread"]


def change_record(games: GameService, code: str) -> str | None:
    """What the next holder of room ``code``'s lock on another process needs to catch up
    with this one's change without the database (the room's seats and current game, the
    game's row and last move), or ``None``.

    >>> change_record(type("G", (), {"rooms": {}})(), "ABC234") is None
    True
    """
    room = games.rooms.get(code)
    t = None if room is None or room.current_game_id is None \
        else games.games.get(room.current_game_id)
    if room is None or t is None:
        return None
    return json.dumps({"room": [room.guest_id, room.guest_name, room.current_game_id],
                       "row": {**t.row_fields(), "id": t.id, "red_slot": t.red_slot},
                       "ply": t.ply, "last": t.moves[-1] if t.moves else None},
                      ensure_ascii=False, separators=(",", ":"))


def _from_record(games: GameService, code: str, record: str) -> GameTable | None:
    """Room ``code``'s game brought up to date from another process's change record
    (:func:`change_record`), when that is all it missed; ``None``: read the database."""
    try:
        r = json.loads(record)
        room = games.rooms.get(code)
        if room is None or [room.guest_id, room.guest_name, room.current_game_id] != r["room"]:
            return None  # a guest seated or a new game: the rows
        row = r["row"]
        t = games.games.get(row["id"])
        if t is None or t.id != room.current_game_id or (room.rated and row["termination"]):
            return None  # not in memory, or a rated end (its ratings are in the database)
        if r["ply"] == t.ply:
            moves = list(t.moves)
        elif r["ply"] == t.ply + 1 and isinstance(r["last"], str):
            moves = [*t.moves, r["last"]]
        else:
            return None
    except (ValueError, KeyError, TypeError):
        return None
    if caught_up(t, row, moves):
        return t
    t.version = -1  # half brought up to date: the database's rows, whatever they say
    return None


async def reread(games: GameService, code: str, game_id: int | None = None,
                 record: str | None = None) -> GameTable:
    """Room ``code`` and its current game (or ``game_id``, if it has none) as stored now,
    kept in ``games``' memory (the objects it holds are updated in place when they can be);
    from ``record`` (another process's :func:`change_record`) when it is enough.
    """
    t = await _stored_now(games, code, game_id, record)
    t.stored_fields = None  # another process may have written its row: the next write is whole
    return t


async def _stored_now(games: GameService, code: str, game_id: int | None,
                      record: str | None) -> GameTable:
    if record is not None:
        t = _from_record(games, code, record)
        if t is not None:
            return t
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
        room.update_from_row(room_row)
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


async def current_checked(games: GameService, code: str) -> GameTable:
    """Room ``code``'s current game, after making sure, across processes, that no other
    process changed the room since this one read it (a socket's ``hello`` or ``sync``:
    a round trip to Redis, the rows re-read only if so)."""
    if games.broker.shared:
        held = await games.broker.peek(code)
        if held.stale:
            await reread(games, code, None, held.record)
            games.broker.refreshed(held)
    return await games.current(code)
