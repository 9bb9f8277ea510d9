"""``bench_server.py --floor``: the server with part of a move's work taken out, to see
what the rest costs (issue 27: where the 0.3 ms bar of server CPU a move stands).

* ``io``: a player's move is answered with a ``moved`` frame of the usual size and shape
  (the start position's after one move, with the game's id and the next ply and turn) to
  every socket of the room, through the server's own delivery; no lock, no rules, no
  commit, no timers. What is left is the frame's way in (the WebSocket protocol, the
  ASGI app, the room socket's frame loop, the message's parse) and the frames' way out.
* ``no-commit``: the move is played and published as always, but its write is not
  committed (the database is left behind: for measuring only; a rated game's move,
  whose write carries the ratings, still is: the benchmark's games are unrated).

Only :class:`~cotuong.server.play.GameService` is patched, in the server process of the
benchmark; nothing of it is in the package. The benchmark's players pick their moves from
the frame's legal moves, which under ``io`` are always the same list: the server does not
look at them.

>>> text = moved_template()
>>> text % (7, 12, "red") == text.replace("%d", "7", 1).replace("%d", "12").replace("%s", "red")
True
"""

from __future__ import annotations

import time
from typing import Any

from bench_move_path import room  # the benchmark's rooms: two guests, no clock

__all__ = ["FLOORS", "install", "moved_template"]

FLOORS = ("io", "no-commit")


def moved_template() -> str:
    """A real ``moved`` frame (the start position after h2e2, the benchmark's two guests) with
    ``%d`` for its game id and ply and ``%s`` for whose turn it is."""
    from cotuong.core.fen import START_FEN
    from cotuong.core.types import Move
    from cotuong.server.play import GameTable
    from cotuong.server.play.views import moved_text, state_frame

    t = GameTable.new(1, room("ABC234"), "host", START_FEN, started=True)
    t.replay(Move.from_iccs("h2e2"))
    text = moved_text(t, state_frame(t, 0, {"host": True, "guest": True}, 0, 120_000,
                                     history=False)).replace("%", "%%")
    for old, new in (('"game_id":1,', '"game_id":%d,'), ('"ply":1,', '"ply":%d,'),
                     ('"turn":"black"', '"turn":"%s"')):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def install(floor: str) -> None:
    """Patch the server's game service for ``floor`` (one of :data:`FLOORS`)."""
    from cotuong.server.play import GameService
    from cotuong.server.play.protocol import MoveMsg
    from cotuong.server.storage import RecordMove

    if floor == "io":
        template = moved_template()
        act = GameService.act

        async def act_io(self: GameService, member: Any, msg: Any) -> None:
            if not isinstance(msg, MoveMsg) or member.slot is None:
                return await act(self, member, msg)
            started = time.perf_counter()
            ply = msg.ply + 1
            game_id = self.rooms[member.code].current_game_id
            await self.broker.publish(member.code,
                                      template % (game_id, ply, "black" if ply % 2 else "red"))
            self.move_seconds.append(time.perf_counter() - started)
        GameService.act = act_io  # type: ignore[method-assign]
    elif floor == "no-commit":
        store = GameService._store

        async def store_but_moves(self: GameService, t: Any, write: Any) -> None:
            if not isinstance(write, RecordMove):
                await store(self, t, write)
        GameService._store = store_but_moves  # type: ignore[method-assign]
    else:
        raise ValueError(f"--floor: one of {', '.join(FLOORS)}, not {floor!r}")
