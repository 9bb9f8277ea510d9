"""The load generator's extras beside the players (``bench_server.py``): the AI's warm-up,
hostile spectators (issue 21, in a process of their own by default), analysis boards
(issue 23) and a stream of logins. They use the ``websockets`` library: they are few, and
their cost is not what the round trip measures.

>>> HOSTILE_OVER
(1.0, 5.0)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import random
import time
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

__all__ = ["analysis_board", "finish_attacker", "flood", "login_stream", "start_attacker",
           "warm_up_the_ai"]


def run_loop(main: Any) -> Any:
    """The clients' event loop: uvloop (installed with uvicorn[standard]) costs the load
    generator less CPU than asyncio's own loop, CPU the server shares on this machine."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


async def warm_up_the_ai(ws_base: str, client: httpx.AsyncClient) -> float:
    """One game where the AI moves first: its worker loads the engine before measuring
    (the first search compiles it). Seconds it took."""
    started = time.perf_counter()
    me = (await client.post("/api/rooms", json={"opponent": "ai", "ai_level": 1,
                                                "color": "black"})).json()
    async with connect(f"{ws_base}/ws/rooms/{me['code']}") as ws:
        await ws.send(json.dumps({"type": "hello", "secret": me["secret"]}))
        while True:
            f = json.loads(await asyncio.wait_for(ws.recv(), 300))
            if f.get("type") == "state" and f.get("ply", 0) >= 1:
                break
        await ws.send(json.dumps({"type": "resign"}))
    return time.perf_counter() - started


def spectator_rate() -> float:
    """The rate the server reads a spectator's frames at (its default settings; a server
    from before that setting read every socket at ``ws_rate``)."""
    from cotuong.server import Settings
    return float(getattr(Settings(), "spectator_ws_rate", Settings().ws_rate))


async def flood(ws_base: str, code: str, stop_at: list[float],
                counters: dict[str, int], over: float = 1.0) -> None:
    """A hostile spectator: ``hello`` and ``chat`` alternately at ``over`` times the rate
    the server reads a spectator at (:func:`spectator_rate`), reading what comes back so
    it is never dropped as slow, and connecting again whenever the server closes it."""
    every = 1 / (spectator_rate() * over)
    n = 0
    while time.monotonic() < stop_at[0]:
        with contextlib.suppress(Exception):
            async with connect(f"{ws_base}/ws/rooms/{code}", max_size=2**22,
                               open_timeout=120) as ws:
                counters["hostile_connects"] += 1

                async def drain(ws: ClientConnection = ws) -> None:
                    with contextlib.suppress(Exception):
                        async for _ in ws:
                            counters["hostile_frames"] += 1
                reader = asyncio.create_task(drain())
                try:
                    await ws.send(json.dumps({"type": "hello"}))
                    while time.monotonic() < stop_at[0]:
                        n += 1
                        msg = {"type": "hello"} if n % 2 else {"type": "chat",
                                                               "text": f"spam {n}"}
                        await ws.send(json.dumps(msg))
                        counters["hostile_sent"] += 1
                        await asyncio.sleep(every)
                finally:
                    reader.cancel()
        await asyncio.sleep(0.05)


async def analysis_board(ws_base: str, every: float, stop_at: list[float],
                         rng: random.Random, live: dict[str, Any]) -> None:
    """An analysis board: a position kept under analysis on ``/ws/analysis`` (MultiPV 2),
    changed every ``every`` s (jittered ±50%) by one more random legal move (a fresh
    game after 60 plies); measures each position's time to its first ``eval``."""
    from cotuong.core import Board

    board, moves = Board(), list[str]()
    pending: dict[int, float] = {}
    async with connect(f"{ws_base}/ws/analysis", max_size=2**22, open_timeout=120) as ws:
        async def read() -> None:
            with contextlib.suppress(Exception):
                async for text in ws:
                    f = json.loads(text)
                    kind = f.get("type")
                    if kind == "eval":
                        live["evals"] += 1
                        sent = pending.pop(f.get("id"), None)
                        if sent is not None:
                            live["first_eval"].append(time.monotonic() - sent)
                    elif kind in ("done", "error"):
                        key = f"{kind}:{f.get('reason') or f.get('code')}"
                        live[key] = live.get(key, 0) + 1
        reader = asyncio.create_task(read())
        n = 0
        try:
            while time.monotonic() < stop_at[0]:
                legal = list(board.legal_moves)
                if not legal or len(moves) >= 60:
                    board, moves = Board(), list[str]()
                else:
                    move = rng.choice(legal)
                    board.push(move)
                    moves.append(move.iccs)
                n += 1
                pending.clear()  # the position left: its first eval no longer counts
                pending[n] = time.monotonic()
                live["positions"] += 1
                await ws.send(json.dumps({"type": "analyse", "id": n, "moves": moves,
                                          "multipv": 2}))
                await asyncio.sleep(every * (0.5 + rng.random()))
        finally:
            reader.cancel()


async def login_stream(base: str, rate: float, stop_at: list[float],
                       counters: dict[str, int]) -> None:
    """``rate`` logins a second (each a scrypt on the server), as tasks so a slow answer
    does not slow the stream."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as c:
        body = {"username": f"bench{random.randrange(10**6)}", "password": "correct horse"}
        await c.post("/api/accounts/register", json=body)

        async def one() -> None:
            with contextlib.suppress(httpx.HTTPError):
                r = await c.post("/api/accounts/login", json=body)
                counters["logins_ok" if r.status_code == 200 else "logins_refused"] += 1
        tasks = []
        while time.monotonic() < stop_at[0]:
            tasks.append(asyncio.create_task(one()))
            await asyncio.sleep(1 / rate)
        await asyncio.gather(*tasks, return_exceptions=True)


# A hostile spectator sends at the rate the server allows a spectator, or (every other
# socket) tries five times that.
HOSTILE_OVER = (1.0, 5.0)


def attacker_main(conn: Any, ws_base: str, codes: list[str], sockets: int,
                  seconds: float) -> None:
    """The hostile spectators' own process: an attacker is not on the players' machines,
    so its frames must not delay the players' clients' event loop (and with it the round
    trips they measure). Same niceness as the clients: both stand in for other machines."""
    counters = {"hostile_frames": 0, "hostile_sent": 0, "hostile_connects": 0}

    async def attack() -> None:
        stop_at = [time.monotonic() + seconds]
        await asyncio.gather(*(flood(ws_base, code, stop_at, counters, HOSTILE_OVER[i % 2])
                               for code in codes for i in range(sockets)))
    try:
        run_loop(attack())
    finally:
        counters["attacker_cpu_ms"] = int(time.process_time() * 1000)
        conn.send(counters)


def start_attacker(ws_base: str, codes: list[str], sockets: int,
                   seconds: float) -> tuple[Any, Any]:
    ctx = multiprocessing.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=attacker_main, args=(child, ws_base, codes, sockets, seconds),
                       daemon=True)
    proc.start()
    child.close()
    return proc, parent


def finish_attacker(attacker: tuple[Any, Any]) -> dict[str, int]:
    proc, conn = attacker
    try:
        counters: dict[str, int] = conn.recv() if conn.poll(30) else {}
    except EOFError:
        counters = {}
    proc.join(10)
    if proc.is_alive():
        proc.terminate()
    return counters
