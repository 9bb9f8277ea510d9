"""The Redis broker (issue 27's scale-out): locks under a burst, the change stamp that
spares a process re-reading a room nobody else changed, frames routed only to the
processes with sockets in the room, and lock waiters woken by the release. Starts its own
Redis (skipped without ``redis-server``)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from harness import running, socket_to, two_player_room
from test_backends import redis_server

from cotuong.server import Settings
from cotuong.server.realtime import redis_broker
from cotuong.server.realtime.redis_broker import RedisBroker

pytestmark = pytest.mark.slow  # each test starts a redis-server


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


def test_a_room_is_stale_only_after_another_process_changed_it() -> None:
    async def scenario(url: str) -> list[bool]:
        a, b = RedisBroker(url), RedisBroker(url)
        seen: list[bool] = []

        async def take(broker: RedisBroker, refresh: bool = True) -> None:
            async with broker.lock("ROOM") as held:
                seen.append(held.stale)
                if held.stale and refresh:
                    broker.refreshed(held)
        try:
            await take(a)  # never seen: stale
            await take(a)  # a's own change since: not stale
            seen.append((await a.peek("ROOM")).stale)
            await take(b)  # a changed it: stale for b
            await take(a)  # and now for a
            seen.append((await a.peek("ROOM")).stale)  # a's own release since
            await take(b)
            held = await a.peek("ROOM")  # b's release: a is behind
            seen.append(held.stale)
            a.refreshed(held)
            await take(a)  # re-read after the peek: up to date
            await take(b)
            await take(a, refresh=False)  # stale, not re-read (as if the read failed)...
            await take(a)  # ...so still stale: its release did not make a current
            await take(a)
        finally:
            await a.close()
            await b.close()
        return seen

    with redis_server() as url:
        assert asyncio.run(scenario(url)) == [True, False, False, True, True, False, True,
                                              True, False, True, True, True, False]


def test_frames_reach_only_the_processes_watching_the_room() -> None:
    async def scenario(url: str) -> dict[str, list[tuple[str, str]]]:
        brokers = {x: RedisBroker(url) for x in "abc"}
        got: dict[str, list[tuple[str, str]]] = {x: [] for x in brokers}
        for name, broker in brokers.items():
            await broker.start(lambda room, text, name=name: got[name].append((room, text)))
        a, b, c = brokers.values()
        try:
            await a.watch("ROOM")
            await a.watch("ROOM")  # two sockets there
            await b.publish("ROOM", "one")  # to a, and b's own sockets at once
            await a.publish("ROOM", "two")  # a's own sockets only: b and c watch nothing
            await a.unwatch("ROOM")
            await b.publish("ROOM", "three")  # a still has a socket there
            await a.unwatch("ROOM")
            await b.publish("ROOM", "four")  # nobody else any more
            await c.publish("~lobby", "all")  # a broadcast: every process, c's own too
            await asyncio.sleep(0.3)
        finally:
            for broker in brokers.values():
                await broker.close()
        return got

    with redis_server() as url:
        got = asyncio.run(scenario(url))
    # (Without a lock, two processes' frames have no order: a's own come at once.)
    assert sorted(got["a"]) == [("ROOM", "one"), ("ROOM", "three"), ("ROOM", "two"),
                                ("~lobby", "all")]
    # A publisher's own sockets get its frames once, at once; none come back through Redis.
    assert got["b"] == [("ROOM", "one"), ("ROOM", "three"), ("ROOM", "four"),
                        ("~lobby", "all")]
    assert got["c"] == [("~lobby", "all")]


def test_the_last_holders_frames_come_before_the_next_ones() -> None:
    """Frames published under a room's lock by one process reach another process's
    sockets before those it publishes under the lock next."""
    class SlowReader(RedisBroker):
        """Reads its channel late (a busy process): 5 ms a message."""

        async def _listen(self, deliver: Any) -> None:
            inner = self._pubsub.listen

            async def late() -> Any:
                async for msg in inner():
                    await asyncio.sleep(0.005)
                    yield msg
            self._pubsub.listen = late
            await super()._listen(deliver)

    async def scenario(url: str) -> list[str]:
        a, b = SlowReader(url), RedisBroker(url)
        got: list[str] = []
        await a.start(lambda room, text: got.append(text))
        await b.start(lambda room, text: None)
        try:
            await a.watch("ROOM")
            for n in range(10):
                async with b.lock("ROOM"):
                    for _ in range(3):
                        await b.publish("ROOM", f"b{n}")
                async with a.lock("ROOM"):
                    await a.publish("ROOM", f"a{n}")
        finally:
            await a.close()
            await b.close()
        return got

    with redis_server() as url:
        assert asyncio.run(scenario(url)) == [
            f"{x}{n}" for n in range(10) for x in ["b"] * 3 + ["a"]]


def test_a_lock_waiter_is_woken_by_the_release(monkeypatch: Any) -> None:
    monkeypatch.setattr(redis_broker, "WAIT_S", 30.0)  # no retry but the wake-up's

    async def scenario(url: str) -> float:
        a, b = RedisBroker(url), RedisBroker(url)
        await b.start(lambda room, text: None)
        released, holding = asyncio.Event(), asyncio.Event()
        try:
            async def hold() -> None:
                async with a.lock("ROOM"):
                    holding.set()
                    await asyncio.sleep(0.3)
                released.set()

            holder = asyncio.create_task(hold())
            await holding.wait()
            start = time.monotonic()
            async with b.lock("ROOM"):
                waited = time.monotonic() - start
            await holder
            assert released.is_set()
        finally:
            await a.close()
            await b.close()
        return waited

    with redis_server() as url:
        assert 0.1 < asyncio.run(scenario(url)) < 10


def test_a_socket_on_another_process_sees_the_game_as_it_is(tmp_path: Any) -> None:
    """A process that read a game earlier (a player's socket was there) greets a new
    socket with the game as the other process left it, not as it last saw it."""
    async def scenario(url: str) -> None:
        settings = Settings(db=str(tmp_path / "shared.sqlite3"), redis_url=url,
                            heartbeat_s=0.2)
        async with running(settings) as a, running(settings) as b:
            host, guest = await two_player_room(a)
            code = host["code"]
            async with socket_to(b, code, guest["secret"]) as black:
                await black.state()  # b has the game in memory, at ply 0
            async with socket_to(a, code, host["secret"]) as red, \
                    socket_to(a, code, guest["secret"]) as black:
                await red.send(type="move", move="h2e2", ply=0)
                await black.state(ply=1)
                await black.send(type="move", move="h9g7", ply=1)
                await red.state(ply=2)
            async with socket_to(b, code) as watcher:
                s = await watcher.state()
                assert s["moves"] == ["h2e2", "h9g7"]
            kept = b.service.games[s["game_id"]]
            # Moves made on b by players on both processes reach both.
            store = b.service.database.store
            reads: list[str] = []
            read = store.room_and_game

            def counted(*args: Any) -> Any:
                reads.append(args[0])
                return read(*args)
            store.room_and_game = counted
            moves = ["h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9", "a0b0", "c6c5"]
            async with socket_to(a, code, host["secret"]) as red, \
                    socket_to(b, code, guest["secret"]) as black:
                await red.state(ply=2)
                for ply, move in enumerate(moves, start=2):
                    mover, other = (red, black) if ply % 2 == 0 else (black, red)
                    await mover.send(type="move", move=move, ply=ply)
                    assert (await other.state(ply=ply + 1))["last_move"] == move
            # b caught up with a's moves on the table it had: only the new moves replayed,
            # and, once it had seen the change before, from a's record without the database.
            assert b.service.games[s["game_id"]] is kept
            assert kept.moves == ["h2e2", "h9g7", *moves]
            assert len(reads) <= 2, reads

    with redis_server() as url:
        asyncio.run(scenario(url))
