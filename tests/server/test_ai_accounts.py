"""Games against the AI (a real worker process pool) and accounts (register, login,
logout, history)."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from harness import running, socket_to

from cotuong import Board
from cotuong.notation import parse_move
from cotuong.server import Settings
from cotuong.server.workers.pool import EnginePool


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_ai_game_in_a_worker_process_keeps_the_loop_responsive() -> None:
    async def scenario() -> None:
        pool = EnginePool(workers=1)
        try:
            # Level 1 often answers at once: two messages per move would then outrun the
            # default socket rate limit (20/s, burst 40) and the rematch be refused.
            settings = Settings(db="sqlite://", ai_movetime_ms=100, ws_burst=400)
            async with running(settings, engine_pool=pool) as srv, srv.client() as c:
                # The AI plays Red: it moves first, at once.
                r = await c.post("/api/rooms", json={"opponent": "ai", "ai_level": 1,
                                                     "color": "black"})
                me = r.json()
                assert r.status_code == 201 and me["color"] == "black"
                rng = random.Random(6)
                async with socket_to(srv, me["code"], me["secret"]) as sock:
                    s = await sock.state(ply=1, timeout=90)  # first search loads the engine
                    assert s["players"]["red"]["ai_level"] == 1 and s["status"] == "playing"
                    while s["status"] == "playing" and s["ply"] < 40:
                        assert s["turn"] == "black"
                        await sock.send(type="move", move=rng.choice(s["legal_moves"]),
                                        ply=s["ply"])
                        await sock.state(ply=s["ply"] + 1)
                        started = time.perf_counter()
                        await sock.send(type="ping")  # answered while the AI thinks
                        await sock.wait("pong")
                        assert time.perf_counter() - started < 1.0
                        # The AI's reply may have come before the pong (wait() skips
                        # it), so go on from the newest state frame seen so far.
                        s = [f for f in sock.frames if f["type"] == "state"][-1]
                        while s["turn"] != "black" and s["status"] == "playing":
                            s = await sock.state(timeout=30)
                    board = Board()
                    for mv in s["moves"]:
                        board.push(parse_move(board, mv, "iccs"))  # every AI move was legal
                    await sock.send(type="offer_draw")  # declined by the AI at once
                    while True:
                        f = await sock.recv()
                        if (f["type"] == "event" and f["kind"] == "draw_declined") or \
                                f["type"] == "error":
                            break
                    if s["status"] == "playing":
                        await sock.send(type="takeback")  # my move and the AI's reply
                        t = await sock.state(ply=s["ply"] - 2, timeout=30)
                        assert t["turn"] == "black"
                        await sock.send(type="resign")
                        s = await sock.state(status="finished")
                        assert s["outcome"]["winner"] == "red"
                    await sock.send(type="rematch")  # the AI accepts: colours swap
                    s = await sock.state(status="playing", ply=0, timeout=30)
                    assert s["players"]["black"]["ai_level"] == 1
        finally:
            pool.shutdown()
    run(scenario())


def test_accounts_sessions_and_history() -> None:
    async def scenario() -> None:
        async with running() as srv, srv.client() as c, srv.client() as d:
            me = (await c.get("/api/me")).json()
            assert me["user"] is None and me["guest_id"]
            r = await c.post("/api/accounts/register",
                             json={"username": "lan", "password": "cờ tướng 123"})
            assert r.status_code == 201 and r.json()["user"]["username"] == "lan"
            assert (await c.get("/api/me")).json()["user"]["username"] == "lan"
            taken = await d.post("/api/accounts/register",
                                 json={"username": "lan", "password": "another one"})
            assert taken.status_code == 409 and taken.json()["error"]["code"] == "USERNAME_TAKEN"
            short = await d.post("/api/accounts/register",
                                 json={"username": "x", "password": "short"})
            assert short.status_code == 422
            bad = await d.post("/api/accounts/login",
                               json={"username": "lan", "password": "wrong password"})
            assert bad.status_code == 401 and bad.json()["error"]["code"] == "BAD_CREDENTIALS"
            room = (await c.post("/api/rooms", json={"color": "red"})).json()
            await d.post(f"/api/rooms/{room['code']}/join")
            async with socket_to(srv, room["code"], room["secret"]) as sock:
                await sock.send(type="resign")
                await sock.state(status="finished")
            mine = (await c.get("/api/me/games")).json()["games"]
            assert len(mine) == 1 and mine[0]["red"] == "lan" and mine[0]["result"] == "0-1"
            theirs = (await d.get("/api/users/lan/games")).json()["games"]
            assert theirs == mine
            assert (await d.get("/api/users/nobody/games")).status_code == 404
            assert (await c.post("/api/accounts/logout")).json() == {"ok": True}
            assert (await c.get("/api/me")).json()["user"] is None
            ok = await c.post("/api/accounts/login",
                              json={"username": "lan", "password": "cờ tướng 123"})
            assert ok.status_code == 200
            assert (await c.get("/api/me")).json()["user"]["username"] == "lan"
    run(scenario())
