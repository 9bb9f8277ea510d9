"""The Redis broker under a burst (issue 27's scale-out runs): hundreds of game locks
taken at once wait for a free connection of the pool instead of failing with "Too many
connections" (a benchmark's 600 sockets closing together crashed their handlers)."""

from __future__ import annotations

import asyncio

from test_backends import redis_server

from cotuong.server.realtime.broker import RedisBroker


def test_a_burst_of_locks_waits_for_connections() -> None:
    async def scenario(url: str) -> list[int]:
        broker = RedisBroker(url, max_connections=8)
        got: list[int] = []

        async def one(game_id: int) -> None:
            async with broker.lock(game_id % 50):  # contended too: 6 takers a game
                got.append(game_id)
        try:
            await asyncio.gather(*(one(i) for i in range(300)))
        finally:
            await broker.close()
        return got

    with redis_server() as url:
        assert sorted(asyncio.run(scenario(url))) == list(range(300))
