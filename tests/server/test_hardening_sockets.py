"""Hardening of the sockets (issue 21): spectators cannot flood a room (a repeated
``hello`` is answered to its socket alone, chat has its own rate, the state frames that
arrivals cause are coalesced per room), and WebSockets are limited per address."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from harness import running, socket_to, two_player_room
from websockets.asyncio.client import connect

from cotuong.server import Settings


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_repeated_hello_reaches_only_its_own_socket() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", spectator_ws_burst=400, sync_burst=100)
        async with running(settings) as srv:
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"]) as watcher:
                await red.quiet(0.5)
                for _ in range(20):
                    await watcher.send(type="hello")
                for _ in range(20):
                    await watcher.wait("welcome")
                    await watcher.state()
                assert await red.quiet(0.5) == []  # before: 20 state frames
                # A repeated hello cannot take a seat (reconnect to present a secret).
                await watcher.send(type="hello", secret=guest["secret"])
                assert (await watcher.wait("error"))["code"] == "HELLO_ONCE"
                # ... but may change the socket's language.
                await watcher.send(type="hello", lang="en")
                assert (await watcher.wait("welcome"))["role"] == "spectator"
    run(scenario())


def test_spectators_arriving_cost_the_players_one_state_per_period() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", state_coalesce_s=0.5)
        async with running(settings) as srv:
            host, _ = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red:
                await red.quiet(0.6)
                async with contextlib.AsyncExitStack() as stack:
                    for _ in range(10):
                        await stack.enter_async_context(socket_to(srv, host["code"]))
                    got = await red.quiet(0.8)
                    states = [f for f in got if f["type"] == "state"]
                    assert 1 <= len(states) <= 3, len(states)  # before: 10
                    assert states[-1]["spectators"] == 10
                # The players' moves are not held back by it.
                await red.send(type="move", move="h2e2", ply=0)
                assert (await red.state(ply=1, timeout=0.3))["ply"] == 1
    run(scenario())


def test_chat_has_its_own_rate() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", chat_rate=1.0, chat_burst=3)
        async with running(settings) as srv:
            host, _ = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"]) as watcher:
                await red.quiet(0.5)
                for i in range(10):
                    await watcher.send(type="chat", text=f"spam {i}")
                errors = [f for f in await watcher.quiet(0.5) if f["type"] == "error"]
                # Refused 7 times, told once (at most one notice a second).
                assert [e["code"] for e in errors] == ["RATE_LIMITED"]
                chats = [f for f in await red.quiet(0.3) if f["type"] == "chat"]
                assert len(chats) == 3
    run(scenario())


def test_websockets_are_limited_per_address() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", max_sockets_per_address=3)
        async with running(settings) as srv:
            host, _ = await two_player_room(srv)
            async with contextlib.AsyncExitStack() as stack:
                for _ in range(3):
                    await stack.enter_async_context(socket_to(srv, host["code"]))
                async with connect(f"{srv.ws_base}/ws/rooms/{host['code']}") as ws:
                    err = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    assert err["code"] == "TOO_MANY_SOCKETS", err
                    await asyncio.wait_for(ws.wait_closed(), 5)
                    assert ws.close_code == 1008
                async with connect(f"{srv.ws_base}/ws/lobby") as ws:  # the lobby's too
                    assert "TOO_MANY_SOCKETS" in await asyncio.wait_for(ws.recv(), 5)
            # Closed sockets are counted off: a new one is welcome.
            async with socket_to(srv, host["code"]) as again:
                assert again.frames[-1]["type"] == "welcome"
    run(scenario())


def test_sync_and_repeated_hello_have_their_own_rate() -> None:
    async def scenario() -> None:
        # (A token every 100 s, so a slow machine cannot earn a fourth while it sends.)
        settings = Settings(db="sqlite://", sync_rate=0.01, sync_burst=3)
        async with running(settings) as srv:
            host, _ = await two_player_room(srv)
            async with socket_to(srv, host["code"]) as watcher:
                await watcher.quiet(0.6)  # its first state, and the room's (coalesced)
                for i in range(8):
                    await watcher.send(type="sync" if i % 2 else "hello")
                got = await watcher.quiet(0.5)
                assert sum(f["type"] == "state" for f in got) == 3
                assert [f["code"] for f in got if f["type"] == "error"] == ["RATE_LIMITED"]
    run(scenario())


def test_a_socket_that_keeps_flooding_chat_is_closed() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", chat_rate=0.1, chat_burst=1, ws_max_violations=5)
        async with running(settings) as srv:
            host, _ = await two_player_room(srv)
            async with socket_to(srv, host["code"]) as watcher:
                for i in range(7):
                    await watcher.send(type="chat", text=f"spam {i}")
                await asyncio.wait_for(watcher.ws.wait_closed(), 5)
                assert watcher.ws.close_code == 1008
    run(scenario())


def test_spectators_chat_has_a_budget_per_room() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", room_chat_rate=0.1, room_chat_burst=4)
        async with running(settings) as srv:
            host, _ = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    contextlib.AsyncExitStack() as stack:
                crowd = [await stack.enter_async_context(socket_to(srv, host["code"]))
                         for _ in range(4)]
                await red.quiet(0.6)
                for sock in crowd:  # 2 lines each, within each socket's own rate
                    await sock.send(type="chat", text="one")
                    await sock.send(type="chat", text="two")
                await red.send(type="chat", text="the player may still speak")
                chats = [f for f in await red.quiet(0.5) if f["type"] == "chat"]
                assert len(chats) == 5 and chats[-1]["role"] == "red", chats
    run(scenario())


def test_a_spectator_is_read_at_its_own_lower_rate() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", spectator_ws_rate=2.0, spectator_ws_burst=4)
        async with running(settings) as srv:
            host, _ = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"]) as watcher:
                await red.quiet(0.5)
                await watcher.quiet(0.1)
                for _ in range(10):
                    await watcher.send(type="ping")
                    await red.send(type="ping")
                # The player's ten are read at once; the spectator's past its burst
                # (4, the hello took one) wait for its rate: paced, never refused.
                # (A loaded machine may deliver the room's state for the watcher's
                # arrival only now, among them.)
                kinds = [f["type"] for f in await red.quiet(0.4)]
                assert [k for k in kinds if k != "state"] == ["pong"] * 10, kinds
                early = await watcher.during(0.1)
                assert [f["type"] for f in early] == ["pong"] * len(early)
                assert 3 <= len(early) <= 5, early
                late = await watcher.during(3.5)
                assert [f["type"] for f in early + late] == ["pong"] * 10
                # A flood is paced too: the socket stays open, unanswered, and the
                # players' moves are not held back by it.
                for _ in range(300):
                    await watcher.send(type="ping")
                await red.send(type="move", move="h2e2", ply=0)
                assert (await red.state(ply=1, timeout=0.5))["ply"] == 1
                got = await watcher.during(1.0)
                assert all(f["type"] in ("pong", "moved", "state") for f in got), got
                # At most the refilled burst (4) and the rate's 2 in that second.
                assert sum(f["type"] == "pong" for f in got) <= 7
                assert watcher.ws.close_code is None
                # The server reads the flood's backlog, and will read the close behind it,
                # at 2 frames a second: hang up without waiting for its answer.
                watcher.ws.close_timeout = 0.1
    run(scenario())

