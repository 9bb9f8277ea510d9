"""Incremental room frames (issue 27): a socket whose ``hello`` says ``deltas`` gets a
``moved`` frame after each move instead of the whole ``state``; applied in order to its
first state, the frames give exactly the ``state`` a socket without deltas receives, for
every move of real games (AI and human moves, a takeback, the end). Sockets that do not
ask keep getting full states, and a ``sync`` always answers with the full state."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

from harness import Server, Socket, running, two_player_room
from websockets.asyncio.client import connect

from cotuong.server import Settings
from cotuong.server.play.protocol import parse_server


def run(coro: Any) -> Any:
    return asyncio.run(coro)


@contextlib.asynccontextmanager
async def greeted(srv: Server, code: str, secret: str | None = None,
                  deltas: bool = False) -> AsyncIterator[Socket]:
    async with connect(f"{srv.ws_base}/ws/rooms/{code}", max_size=2**22) as ws:
        sock = Socket(ws)
        msg: dict[str, Any] = {"type": "hello", "deltas": deltas}
        if secret is not None:
            msg["secret"] = secret
        await sock.send(**msg)
        await sock.wait("welcome")
        yield sock


def apply_moved(state: dict[str, Any], f: dict[str, Any]) -> dict[str, Any] | None:
    """What the room page does with a ``moved`` frame (room/state.js ``applyMoved``):
    ``None`` when it does not follow ``state`` (then the page asks for the state)."""
    if f["game_id"] != state["game_id"] or f["ply"] != state["ply"] + 1:
        return None
    out = {**state, **{k: v for k, v in f.items() if k not in ("type", "move", "texts")}}
    out["moves"] = [*state["moves"], f["move"]]
    out["move_texts"] = {n: [*texts, f["texts"][n]] for n, texts in state["move_texts"].items()}
    return out


async def latest(sock: Socket, ply: int) -> dict[str, Any]:
    """The next frame about ply ``ply`` (a ``moved`` or a ``state``)."""
    while True:
        f = await sock.recv()
        if f["type"] in ("state", "moved") and f["ply"] == ply:
            return f


def test_moved_frames_applied_equal_the_full_state() -> None:
    async def scenario() -> None:
        rng = random.Random(27)
        async with running(Settings(db="sqlite://")) as srv:
            host, guest = await two_player_room(srv)
            code = host["code"]
            async with greeted(srv, code, host["secret"], deltas=True) as red, \
                    greeted(srv, code, guest["secret"]) as black, \
                    greeted(srv, code, deltas=True) as watcher:
                red_state = await red.state()
                watched = await watcher.state()
                await asyncio.sleep(0.4)  # the coalesced arrivals' states
                for sock in (red, black, watcher):
                    for f in await sock.quiet(0.2):
                        if f["type"] == "state":
                            red_state = f if sock is red else red_state
                            watched = f if sock is watcher else watched
                full: dict[str, Any] = {}
                for ply in range(24):
                    mover = red if ply % 2 == 0 else black
                    state = red_state if ply % 2 == 0 else full or red_state
                    await mover.send(type="move", move=rng.choice(state["legal_moves"]),
                                     ply=ply)
                    full = await latest(black, ply + 1)
                    assert full["type"] == "state"  # no deltas asked: the whole state
                    for sock, mine in ((red, red_state), (watcher, watched)):
                        f = await latest(sock, ply + 1)
                        assert f["type"] == "moved"
                        parse_server(f)  # the schema's Moved
                        assert "moves" not in f and "start_fen" not in f
                        applied = apply_moved(mine, f)
                        assert applied is not None
                        assert applied == full  # the same state, field for field
                        if sock is red:
                            red_state = applied
                        else:
                            watched = applied
                # A delta that skips a ply does not apply; the state is always a sync away.
                stale = {**watched, "ply": watched["ply"] - 2}
                assert apply_moved(stale, {**full, "type": "moved", "move": "a0a1",
                                           "texts": {}}) is None
                await watcher.send(type="sync")
                assert (await watcher.state())["moves"] == full["moves"]
    run(scenario())


def test_a_takeback_and_the_end_come_as_full_states() -> None:
    async def scenario() -> None:
        async with running(Settings(db="sqlite://")) as srv:
            host, guest = await two_player_room(srv)
            code = host["code"]
            async with greeted(srv, code, host["secret"], deltas=True) as red, \
                    greeted(srv, code, guest["secret"], deltas=True) as black:
                await red.send(type="move", move="h2e2", ply=0)
                assert (await latest(black, 1))["type"] == "moved"
                await red.send(type="takeback")
                await black.wait("event", kind="takeback_requested")
                await black.send(type="takeback_answer", accept=True)
                back = await black.state(ply=0)
                assert back["moves"] == []
                await black.send(type="resign")
                over = await red.state(status="finished")
                assert over["outcome"]["winner"] == "red"
    run(scenario())


def test_a_move_being_stored_is_not_shown_by_a_crowd_state() -> None:
    """The state a crowd's arrival causes (coalesced) is built under the game's lock: a
    move still being committed is not shown before its ``moved`` frame (before, the
    coalesced state showed it early, and the ``moved`` frame then did not follow)."""
    async def scenario() -> list[tuple[str, int]]:
        async with running(Settings(db="sqlite://", state_coalesce_s=0.05)) as srv:
            host, guest = await two_player_room(srv)
            code = host["code"]
            database = srv.service.database
            write = database.write

            async def slow_write(op: Any) -> None:
                await asyncio.sleep(0.4)  # a slow commit: the move waits for its write
                await write(op)
            async with greeted(srv, code, host["secret"], deltas=True) as red, \
                    greeted(srv, code, guest["secret"], deltas=True) as black:
                await asyncio.sleep(0.3)
                await black.quiet(0.2)
                database.write = slow_write  # type: ignore[method-assign]
                await red.send(type="move", move="h2e2", ply=0)
                await asyncio.sleep(0.1)
                async with greeted(srv, code):  # a spectator arrives meanwhile
                    got = await black.quiet(0.8)
                database.write = write  # type: ignore[method-assign]
                return [(f["type"], f["ply"]) for f in got if f["type"] in ("state", "moved")]

    frames = run(scenario())
    assert ("moved", 1) in frames
    assert frames.index(("moved", 1)) == min(i for i, f in enumerate(frames) if f[1] == 1)
