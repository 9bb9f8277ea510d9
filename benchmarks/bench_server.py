"""Load benchmark of the web server: N concurrent games played by WebSocket clients over
loopback, each client with the lobby socket open too, and ``--ai-games`` of the games
against the AI (levels 1 and 2); move round-trip latency (p50/p99), throughput, peak RSS.

The server runs in its own process (uvicorn around ``create_app``, SQLite file in a temp
directory, or a throw-away local PostgreSQL cluster with ``--postgres``); this process runs
all the clients on one asyncio loop. Each player "thinks" ``--think`` seconds (uniformly
jittered ±50%) before each move, picks a random legal move from the last ``state`` and
measures the time from sending the move to receiving the ``state`` that contains it.

Bounded: every level lasts ``--seconds`` of measurement after its games are set up, and
the whole run is cut off after ``--limit`` seconds.

    python benchmarks/bench_server.py                      # 100, 500, 1000 games, SQLite
    python benchmarks/bench_server.py --games 100 --seconds 10
    python benchmarks/bench_server.py --postgres           # also on a local PostgreSQL
    python benchmarks/bench_server.py --ai-games 0 --no-lobby   # as before the lobby
    python benchmarks/bench_server.py --games 1000 --hostile-rooms 10 --logins 5
        # 10 hostile spectator sockets in each of 10 rooms (hello and chat at the rate the
        # server reads a spectator, half of them trying 5 times that) and a stream of
        # logins beside the games (issue 21)
    python benchmarks/bench_server.py --games 500 --analysis-sockets 10
        # 10 analysis boards changing position every ~3 s beside the games (issue 23)

All clients come from 127.0.0.1, so the server's per-address limits are lifted for the
benchmark (sockets, AI games, the login rate, live analyses per address): the hostile
load and the analysis boards stand for many addresses.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(port: int, db: str, redis_url: str | None = None, reuse_port: bool = False) -> None:
    """The server process (benchmark settings: no HTTP rate limit for the room set-up).
    ``reuse_port``: one of several processes on the same port (``SO_REUSEPORT``: the
    kernel spreads the connections among them), sharing rooms through ``redis_url``."""
    import dataclasses

    import uvicorn

    from cotuong.server import Settings, create_app
    from cotuong.server.web.runtime import tuned_runtime
    wanted: dict[str, Any] = dict(
        db=db, http_rate=1e9, http_burst=10**9, abandon_after_s=3600,
        inline_writes=bool(os.environ.get("BENCH_INLINE")),
        sqlite_loop_writes=os.environ.get("BENCH_LOOP_WRITES", "1") != "0",
        # One address stands for thousands of browsers here (see the module docstring).
        login_rate=1e9, login_burst=10**9, max_sockets_per_address=10**9,
        ai_games_per_person=10**9, max_connections_per_address=0, redis_url=redis_url,
        live_per_address=10**9, live_rate=1e9, live_burst=10**9,
        # The clients' requests can wait longer than a browser's on a loaded 2-core
        # machine (the 10 s header timeout closed set-up connections at 2,000 games).
        header_timeout_s=float(os.environ.get("BENCH_HEADER_TIMEOUT", "10")))
    known = {f.name for f in dataclasses.fields(Settings)}  # also older servers' Settings
    settings = Settings(**{k: v for k, v in wanted.items() if k in known})
    app = create_app(settings)
    extra: dict[str, Any] = {}
    with contextlib.suppress(ImportError):  # the header timeout, as `cotuong serve` has
        from cotuong.server.web.runtime import guarded_h11  # type: ignore[attr-defined]
        extra["http"] = guarded_h11(settings.header_timeout_s, 0)
    with tuned_runtime():  # as `cotuong serve` does
        experiments()
        if not reuse_port:
            uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on",
                        backlog=4096, ws_max_size=65536, ws_per_message_deflate=False,
                        **extra)
            return
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(("127.0.0.1", port))
        sock.listen(4096)
        config = uvicorn.Config(app, log_level="warning", lifespan="on", ws_max_size=65536,
                                ws_per_message_deflate=False, **extra)
        uvicorn.Server(config).run(sockets=[sock])


def experiments() -> None:
    """Switches for measuring alternatives (environment variables, see the README)."""

    if os.environ.get("BENCH_GCLOG"):  # report garbage-collector pauses over 20 ms
        gc_start = [0.0]

        def on_gc(phase: str, info: dict[str, int]) -> None:
            if phase == "start":
                gc_start[0] = time.perf_counter()
            elif (took := time.perf_counter() - gc_start[0]) > 0.02:
                print(f"gc gen{info['generation']} {took * 1000:.0f} ms "
                      f"collected {info['collected']}", file=sys.stderr, flush=True)
        gc.callbacks.append(on_gc)
    if os.environ.get("BENCH_GCTHRESH"):  # "g0,g1,g2": other collector thresholds
        gc.set_threshold(*(int(x) for x in os.environ["BENCH_GCTHRESH"].split(",")))
    if os.environ.get("BENCH_SWITCH"):  # another GIL switch interval (s)
        sys.setswitchinterval(float(os.environ["BENCH_SWITCH"]))
    profile = os.environ.get("BENCH_PROFILE")  # a path: write a cProfile of the server there
    if profile:
        import cProfile
        import signal

        prof = cProfile.Profile()

        def dump(*_: object) -> None:
            prof.disable()
            prof.dump_stats(profile)
            os._exit(0)
        signal.signal(signal.SIGTERM, dump)
        prof.enable()


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu_seconds(pid: int) -> float:
    """CPU of a process's live children (the server's AI worker processes)."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += cpu_seconds(int(entry))
    return total


def peak_rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


# Whether the clients ask for deltas (``moved``, ``lobby_delta``) as the browser does;
# ``--no-deltas``: full frames, as before issue 27. Set once per client process.
DELTAS = [True]


def follow(state: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any] | None:
    """The state after ``frame`` (a ``state``, or a ``moved`` that follows ``state``);
    ``None`` when a ``moved`` does not follow (the client then asks for the state)."""
    if frame.get("type") == "state":
        return frame
    if state is None or frame.get("game_id") != state.get("game_id") \
            or frame.get("ply") != state.get("ply", -2) + 1:
        return None
    return {**state, **frame}


class Player:
    def __init__(self, ws: ClientConnection, color: str, think: float,
                 rng: random.Random) -> None:
        self.ws = ws
        self.color = color
        self.think = think
        self.rng = rng


async def open_lobby(ws_base: str, counters: dict[str, int]) -> tuple[ClientConnection,
                                                                     asyncio.Task[None]]:
    """A player's lobby socket, greeted, and a task reading (and counting) what it gets,
    as a browser's lobby page would."""
    ws = await connect(f"{ws_base}/ws/lobby", max_size=2**22, open_timeout=120)
    await ws.send(json.dumps({"type": "hello", "deltas": DELTAS[0]}))

    async def drain() -> None:
        with contextlib.suppress(Exception):
            async for text in ws:
                counters["lobby_frames"] += 1
                counters["lobby_bytes"] += len(text)
    return ws, asyncio.create_task(drain())


async def play_game(base: str, ws_base: str, think: float, stop_at: list[float],
                    latencies: list[float], counters: dict[str, int], ready: asyncio.Event,
                    rng: random.Random, client: httpx.AsyncClient,
                    client2: httpx.AsyncClient, stamps: list[float],
                    gate: asyncio.Semaphore, ai_level: int | None, lobby: bool,
                    by_room: dict[str, list[float]], ai_replies: list[float]) -> None:
    lobbies: list[tuple[ClientConnection, asyncio.Task[None]]] = []
    async with gate:  # a bounded number of games set up at once
        red, black, first = await set_up(base, ws_base, client, client2, ai_level)
        own: list[float] = []
        if ai_level is None:
            by_room[first["room"]] = own
        if lobby:
            for _ in range(1 if black is None else 2):
                lobbies.append(await open_lobby(ws_base, counters))
    try:
        counters["connected"] += 1
        await ready.wait()
        # Red starts from the state it was shown: against the AI no other frame comes
        # until Red moves (between two guests, the second one's arrival sends another).
        loops = [player_loop(Player(red, "red", think, rng), stop_at, latencies, counters,
                             stamps, first, own, ai_replies if black is None else None)]
        if black is not None:
            loops.append(player_loop(Player(black, "black", think, rng), stop_at, latencies,
                                     counters, stamps, None, own))
        await asyncio.gather(*loops)
    finally:
        for ws in (red, black):
            if ws is not None:
                await ws.close()
        for ws, task in lobbies:
            task.cancel()
            await ws.close()


def forget_seat_cookies(client: httpx.AsyncClient) -> None:
    """Drop the seat cookies a room's creation or joining set: each of the two HTTP
    clients stands for thousands of browsers, and with a seat cookie for every room its
    requests' ``Cookie`` header grew past what uvicorn's HTTP parser takes (at ~2,000
    rooms: "Invalid HTTP request received", the set-up failed). The players present
    their seat secrets in ``hello``."""
    for name in [c.name for c in client.cookies.jar if c.name.startswith("cotuong_seat_")]:
        client.cookies.delete(name)


async def set_up(base: str, ws_base: str, client: httpx.AsyncClient,
                 client2: httpx.AsyncClient, ai_level: int | None = None
                 ) -> tuple[ClientConnection, ClientConnection | None, dict[str, Any]]:
    """A game: two guests in a room, or (``ai_level``) one guest as Red against the AI;
    with Red's first ``state`` frame."""
    body: dict[str, Any] = {"color": "red"}
    if ai_level is not None:
        body.update(opponent="ai", ai_level=ai_level)
    for attempt in range(10):  # a keep-alive connection may close under us: retry
        try:
            r = await client.post("/api/rooms", json=body)
            forget_seat_cookies(client)
            r.raise_for_status()
            host = r.json()
            code = host["code"]
            guest = None
            if not ai_level:
                r = await client2.post(f"/api/rooms/{code}/join")
                forget_seat_cookies(client2)
                r.raise_for_status()
                guest = r.json()
            break
        except (httpx.TransportError, httpx.HTTPStatusError):
            # (A request cut by the header timeout on a loaded machine is answered 400.)
            if attempt == 9:
                raise
            await asyncio.sleep(0.2 * (attempt + 1))
    red = await connect(f"{ws_base}/ws/rooms/{code}", max_size=2**22, open_timeout=120)
    seats = [(red, host["secret"])]
    black = None
    if guest is not None:
        black = await connect(f"{ws_base}/ws/rooms/{code}", max_size=2**22, open_timeout=120)
        seats.append((black, guest["secret"]))
    for ws, secret in seats:
        await ws.send(json.dumps({"type": "hello", "secret": secret, "deltas": DELTAS[0]}))
    shown: list[dict[str, Any]] = []
    for ws, _ in seats:  # set up = greeted and shown the game
        while (frame := json.loads(await ws.recv())).get("type") != "state":
            pass
        shown.append(frame)
    return red, black, shown[0]


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


async def player_loop(p: Player, stop_at: list[float], latencies: list[float],
                      counters: dict[str, int], stamps: list[float],
                      first: dict[str, Any] | None = None,
                      own: list[float] | None = None,
                      ai_replies: list[float] | None = None) -> None:
    state: dict[str, Any] | None = None
    awaiting = 0.0  # against the AI: when the state with our move came (its reply is next)
    while True:
        # The latest state (drain what is queued).
        if first is not None:
            frame, first = first, None
        else:
            try:
                text = await asyncio.wait_for(p.ws.recv(), 30)
            except (asyncio.TimeoutError, Exception):
                return
            frame = json.loads(text)
        if frame.get("type") not in ("state", "moved"):
            continue
        followed = follow(state, frame)
        if followed is None:
            counters["resyncs"] += 1
            await p.ws.send(json.dumps({"type": "sync"}))
            continue
        state = followed
        if time.monotonic() >= stop_at[0] or state["status"] != "playing":
            if state["status"] != "playing":
                counters["finished"] += 1
            return
        if state["turn"] != p.color:
            continue
        if ai_replies is not None and awaiting:
            ai_replies.append(time.perf_counter() - awaiting)
            awaiting = 0.0
        await asyncio.sleep(p.think * (0.5 + p.rng.random()))
        if time.monotonic() >= stop_at[0]:
            return
        ply = state["ply"]
        move = p.rng.choice(state["legal_moves"])
        sent = time.perf_counter()
        await p.ws.send(json.dumps({"type": "move", "move": move, "ply": ply}))
        while True:
            frame = json.loads(await asyncio.wait_for(p.ws.recv(), 30))
            if frame.get("type") == "error":
                counters["errors"] += 1
                return
            if frame.get("type") in ("state", "moved") and frame["ply"] > ply:
                awaiting = time.perf_counter()
                latencies.append(time.perf_counter() - sent)
                if own is not None:
                    own.append(latencies[-1])
                stamps.append(time.monotonic())
                counters["moves"] += 1
                state = follow(state, frame) or state
                break
        if frame["status"] != "playing":
            counters["finished"] += 1
            return


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

    board, moves = Board(), []
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
                    board, moves = Board(), []
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
# Whether the hostile spectators run in a process of their own (``--attacker-in-client``:
# in the clients' process, as before). Set once per client process.
ATTACKER_APART = [True]


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


async def level(base: str, games: int, seconds: float, think: float,
                seed: int, server_pids: list[int], client_gc: bool, ai_games: int = 0,
                lobby: bool = True, hostile_rooms: int = 0, hostile_sockets: int = 10,
                logins: float = 0.0, analysis_sockets: int = 0,
                analysis_every: float = 3.0) -> dict[str, Any]:
    ws_base = base.replace("http://", "ws://")
    latencies: list[float] = []
    stamps: list[float] = []
    counters = {"moves": 0, "errors": 0, "finished": 0, "connected": 0, "lobby_frames": 0,
                "lobby_bytes": 0, "hostile_frames": 0, "hostile_sent": 0, "logins_ok": 0,
                "hostile_connects": 0, "resyncs": 0, "attacker_cpu_ms": 0,
                "logins_refused": 0}
    by_room: dict[str, list[float]] = {}
    ai_replies: list[float] = []
    live: dict[str, Any] = {"evals": 0, "positions": 0, "first_eval": []}
    ready = asyncio.Event()
    gate = asyncio.Semaphore(16)
    stop_at = [float("inf")]
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as c1, \
            httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as c2:
        setup = time.perf_counter()
        warm_s = await warm_up_the_ai(ws_base, c1) if ai_games else 0.0
        tasks = []
        for i in range(games):
            # Levels 1 and 2: the ones most players meet first; a game's AI answers in
            # a worker process, off the server's event loop.
            ai_level = 1 + i % 2 if i < ai_games else None
            tasks.append(asyncio.create_task(play_game(
                base, ws_base, think, stop_at, latencies, counters, ready,
                random.Random(rng.random()), c1, c2, stamps, gate, ai_level, lobby,
                by_room, ai_replies)))
        budget = max(120.0, games * 0.6)
        while counters["connected"] < games:
            await asyncio.sleep(0.1)
            failed = [t for t in tasks if t.done() and t.exception() is not None]
            if failed:
                raise RuntimeError(f"a game could not be set up: {failed[0].exception()!r}")
            if time.perf_counter() - setup > budget:
                raise RuntimeError(f"only {counters['connected']} of {games} games set up "
                                   f"in {budget:.0f} s")
        setup_s = time.perf_counter() - setup
        # The last set-up frames (the lobby's cards of the newest games, paced over a
        # tick) are delivered before the window: its lobby bytes are the steady state's.
        await asyncio.sleep(3.0)
        if not client_gc:
            # The clients stand in for 2N browsers on other machines: their own collector
            # pauses (tens of ms with thousands of sockets) must not count as server latency.
            gc.collect()
            gc.disable()
        start = time.monotonic()
        stop_at[0] = start + seconds
        cpu_start = sum(cpu_seconds(p) for p in server_pids)
        engine_start = sum(children_cpu_seconds(p) for p in server_pids)
        lobby_start = counters["lobby_frames"], counters["lobby_bytes"]
        spy = py_spy(server_pids[0], seconds)
        hostile_codes = list(by_room)[:hostile_rooms]
        attacker = None
        if ATTACKER_APART[0] and hostile_codes:
            attacker = start_attacker(ws_base, hostile_codes, hostile_sockets, seconds)
            hostile = []
        else:
            hostile = [asyncio.create_task(flood(ws_base, code, stop_at, counters,
                                                 HOSTILE_OVER[i % 2]))
                       for code in hostile_codes for i in range(hostile_sockets)]
        if logins > 0:
            hostile.append(asyncio.create_task(login_stream(base, logins, stop_at, counters)))
        hostile.extend(asyncio.create_task(analysis_board(
            ws_base, analysis_every, stop_at, random.Random(rng.random()), live))
            for _ in range(analysis_sockets))
        ai_replies.clear()  # the set-up's AI moves (a cold queue) are not measured
        ready.set()
        await asyncio.sleep(seconds)
        window_cpu = sum(cpu_seconds(p) for p in server_pids) - cpu_start
        engine_cpu = sum(children_cpu_seconds(p) for p in server_pids) - engine_start
        window_moves = counters["moves"]
        lobby_frames = counters["lobby_frames"] - lobby_start[0]
        lobby_bytes = counters["lobby_bytes"] - lobby_start[1]
        if spy is not None:
            await asyncio.to_thread(spy.wait)
        await asyncio.sleep(1.0)  # let moves in flight at the stop come back
        if attacker is not None:
            for key, value in (await asyncio.to_thread(finish_attacker, attacker)).items():
                counters[key] += value
        for t in tasks + hostile:
            t.cancel()
        await asyncio.gather(*tasks, *hostile, return_exceptions=True)
        gc.enable()
        elapsed = seconds
        server_side = (await c1.get("/api/stats")).json()
    lat = sorted(latencies)
    # Latency per second of the run: shows whether the tail is steady or a few stalls.
    per_s: dict[int, list[float]] = {}
    for stamp, x in zip(stamps, latencies, strict=True):
        per_s.setdefault(int(stamp - start), []).append(x)
    worst = {k: round(max(v) * 1000) for k, v in sorted(per_s.items())}

    def pct(q: float, lat: list[float] = lat) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")
    in_hostile = sorted(x for code in hostile_codes for x in by_room[code])
    first_eval = sorted(live["first_eval"])
    ai_sorted = sorted(ai_replies)

    return {"games": games, "setup_s": setup_s, "moves": counters["moves"],
            "errors": counters["errors"], "finished": counters["finished"],
            "ai_games": ai_games, "lobby": lobby, "ai_warm_up_s": warm_s,
            "lobby_frames_per_s": lobby_frames / seconds,
            "lobby_kb_per_frame": lobby_bytes / 1024 / max(1, lobby_frames),
            "moves_per_s": counters["moves"] / elapsed, "p50_ms": pct(0.50),
            "p99_ms": pct(0.99), "max_ms": lat[-1] * 1000 if lat else float("nan"),
            "mean_ms": statistics.fmean(lat) * 1000 if lat else float("nan"),
            "worst_ms_per_second": worst, "server": server_side,
            # Server CPU per move in the measured window: what one free core could carry.
            "server_cpu_ms_per_move": window_cpu * 1000 / max(1, window_moves),
            "server_cpu_share": window_cpu / seconds,
            "engine_cpu_share": engine_cpu / seconds,
            "hostile_rooms": len(hostile_codes), "hostile_sockets": hostile_sockets,
            "hostile_p99_ms": pct(0.99, in_hostile), "hostile_moves": len(in_hostile),
            "hostile_frames_per_s": counters["hostile_frames"] / seconds,
            "hostile_sent_per_s": counters["hostile_sent"] / seconds,
            "hostile_connects": counters["hostile_connects"],
            "attacker_cpu_share": counters["attacker_cpu_ms"] / 1000 / seconds,
            "logins_ok": counters["logins_ok"], "logins_refused": counters["logins_refused"],
            "logins_per_s": logins, "resyncs": counters["resyncs"],
            "ai_replies": len(ai_sorted), "ai_reply_p50_ms": pct(0.50, ai_sorted),
            "ai_reply_p99_ms": pct(0.99, ai_sorted),
            "analysis_sockets": analysis_sockets, "analysis_every_s": analysis_every,
            "analysis_positions": live["positions"],
            "analysis_answered": len(first_eval),
            "analysis_evals_per_s": live["evals"] / seconds,
            "analysis_first_eval_p50_ms": pct(0.50, first_eval),
            "analysis_first_eval_p99_ms": pct(0.99, first_eval),
            "analysis_ends": {k: v for k, v in live.items() if ":" in k}}


def py_spy(pid: int, seconds: float) -> subprocess.Popen[bytes] | None:
    """With ``BENCH_PYSPY=path``: py-spy samples the server through the measured window
    only (set-up excluded), its raw stacks written to ``path`` (``--nonblocking``: the
    server is not paused to be sampled)."""
    path = os.environ.get("BENCH_PYSPY")
    if not path:
        return None
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    # BENCH_PYSPY_NATIVE=1: C frames too (uvloop, the interpreter), the server paused
    # at each sample (py-spy cannot unwind native stacks without stopping it).
    native = ["--native"] if os.environ.get("BENCH_PYSPY_NATIVE") else ["--nonblocking"]
    return subprocess.Popen([exe, "record", "-p", str(pid), "-d", str(int(seconds)),
                             "-r", "100", "-f", "raw", "-o", path, *native],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class PostgresCluster:
    """A throw-away PostgreSQL cluster (Debian's binaries) on a free port: ``url``, and
    ``restart()`` for tests of a database that goes away under a running server."""

    def __init__(self) -> None:
        initdb = shutil.which("initdb") or next(
            iter(sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))), None)
        if initdb is None:
            raise RuntimeError("PostgreSQL binaries not found (apt-get install postgresql)")
        self.bindir = Path(initdb).resolve().parent
        self.tmp = Path(tempfile.mkdtemp(prefix="cotuong-pg-"))
        self.port = free_port()
        self.run_as: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: run as nobody in a dir it owns
            shutil.chown(self.tmp, "nobody")
            self.run_as = ["runuser", "-u", "nobody", "--"]
        self.data = self.tmp / "data"
        self.url = f"postgresql://cotuong@127.0.0.1:{self.port}/postgres"

    def _ctl(self, *args: str) -> None:
        subprocess.run([*self.run_as, str(self.bindir / "pg_ctl"), "-D", str(self.data),
                        *args], check=True, capture_output=True)

    def start(self) -> None:
        if not self.data.exists():
            subprocess.run([*self.run_as, str(self.bindir / "initdb"), "-D", str(self.data),
                            "-U", "cotuong", "--auth=trust", "-E", "UTF8"], check=True,
                           capture_output=True)
        self._ctl("-l", str(self.tmp / "log"), "-w", "-o",
                  f"-p {self.port} -k {self.tmp} -c listen_addresses=127.0.0.1 "
                  "-c max_connections=50 -c synchronous_commit=on", "start")

    def restart(self) -> None:
        self._ctl("-m", "fast", "-w", "stop")
        self.start()

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._ctl("-m", "fast", "stop")
        shutil.rmtree(self.tmp, ignore_errors=True)


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A throw-away redis-server (Debian's) on a free port, without persistence."""
    exe = shutil.which("redis-server")
    if exe is None:
        raise RuntimeError("redis-server not found (apt-get install redis-server)")
    port = free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no"], stdout=subprocess.DEVNULL)
    try:
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port)):
                break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


@contextlib.contextmanager
def postgres_cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


def run_loop(main: Any) -> Any:
    """The clients' event loop: uvloop (installed with uvicorn[standard]) costs the load
    generator less CPU than asyncio's own loop, CPU the server shares on this machine."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def client_main(conn: Any, level_args: tuple[Any, ...], nice: int, deltas: bool,
                attacker_apart: bool = True) -> None:
    """The client process: every game's two players, on one event loop."""
    try:
        os.nice(nice)
        DELTAS[0] = deltas
        ATTACKER_APART[0] = attacker_apart
        own0 = time.process_time()
        r = run_loop(level(*level_args))
        r["client_cpu_s"] = time.process_time() - own0
        r["client_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        conn.send(r)
    except BaseException as exc:
        conn.send({"error": repr(exc)})
        raise


def run_clients(ctx: Any, level_args: tuple[Any, ...], nice: int,
                deltas: bool = True, attacker_apart: bool = True) -> dict[str, Any]:
    """Run one level's clients in their own process, at a lower priority (``nice``): they
    stand in for browsers on other machines, so when both are ready to run the server
    goes first. Their own delays still count: a move's round trip ends only when its
    client has read the reply."""
    parent, child = ctx.Pipe(duplex=False)
    client = ctx.Process(target=client_main,
                         args=(child, level_args, nice, deltas, attacker_apart))
    # Not a daemon: it may start the attacker's process; it is joined or ended below.
    client.start()
    child.close()
    try:
        r: dict[str, Any] = parent.recv()
    except EOFError:
        raise RuntimeError("the client process died") from None
    finally:
        client.join(30)
        if client.is_alive():
            client.terminate()
    if "error" in r:
        raise RuntimeError(f"the clients failed: {r['error']}")
    return r


def run_backend(name: str, db: str, args: argparse.Namespace,
                redis_url: str | None = None) -> list[dict[str, Any]]:
    results = []
    for n in args.games:
        port = free_port()
        ctx = multiprocessing.get_context("spawn")
        # Not daemons: a server starts the AI's worker processes (stopped with it).
        many = args.processes > 1
        procs = [ctx.Process(target=serve, args=(port, db, redis_url, many))
                 for _ in range(args.processes)]
        for proc in procs:
            proc.start()
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.2)
        if many:
            time.sleep(3)  # every process listening before the clients connect
        pids = [p.pid for p in procs if p.pid is not None]
        cpu0 = sum(cpu_seconds(p) for p in pids)
        # With Redis the AI's jobs go to a queue that `cotuong worker` processes serve.
        ai_games = 0 if redis_url else min(args.ai_games, n)
        try:
            r = run_clients(ctx, (base, n, args.seconds, args.think, args.seed, pids,
                                  args.client_gc, ai_games, not args.no_lobby,
                                  args.hostile_rooms, args.hostile_sockets, args.logins,
                                  args.analysis_sockets, args.analysis_every),
                            args.client_nice, not args.no_deltas,
                            not args.attacker_in_client)
            r_rss = max(peak_rss_mb(p) for p in pids)
            r["server_cpu_s"] = sum(cpu_seconds(p) for p in pids) - cpu0
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.join(30)
        r["server_rss_mb"] = r_rss
        r["backend"] = name if not redis_url else f"{name}+redis x{args.processes}"
        r["load"] = os.getloadavg()[0]
        results.append(r)
        print(f"{r['backend']:8} {n:5} games: {r['moves']:6} moves in {args.seconds:.0f} s = "
              f"{r['moves_per_s']:7.1f} moves/s, round trip p50 {r['p50_ms']:6.1f} ms, "
              f"p99 {r['p99_ms']:6.1f} ms, max {r['max_ms']:6.1f} ms, errors {r['errors']}, "
              f"server peak RSS {r_rss:.0f} MB, set-up {r['setup_s']:.1f} s, CPU server "
              f"{r['server_cpu_s']:.1f} s client {r['client_cpu_s']:.1f} s (set-up incl.), "
              f"client peak RSS {r['client_rss_mb']:.0f} MB, load {r['load']:.1f}", flush=True)
        srv = r["server"]
        print(f"         {r['ai_games']} games against the AI (warm-up {r['ai_warm_up_s']:.1f} s), "
              f"lobby sockets {'on' if r['lobby'] else 'off'}: "
              f"{r['lobby_frames_per_s']:.0f} lobby frames/s received, "
              f"{r['lobby_kb_per_frame']:.1f} KiB each "
              f"({r['lobby_frames_per_s'] * r['lobby_kb_per_frame']:.0f} KiB/s); "
              f"deltas {'off' if args.no_deltas else 'on'}, {r['resyncs']} resyncs", flush=True)
        print(f"         server-side move handling: p50 {srv['move_ms_p50']} ms, "
              f"p99 {srv['move_ms_p99']} ms, max {srv['move_ms_max']} ms; server CPU in the "
              f"window {r['server_cpu_share']:.0%} of a core (the AI's worker "
              f"{r['engine_cpu_share']:.0%}), "
              f"{r['server_cpu_ms_per_move']:.2f} ms per move", flush=True)
        if r["hostile_rooms"] or r["logins_per_s"]:
            print(f"         hostile: {r['hostile_rooms']} rooms x {r['hostile_sockets']} "
                  f"spectator sockets sending {r['hostile_sent_per_s']:.0f} frames/s "
                  f"(receiving {r['hostile_frames_per_s']:.0f}/s, {r['hostile_connects']} "
                  f"connections; the attacker's CPU {r['attacker_cpu_share']:.0%} of a core, "
                  f"set-up incl.); round trip p99 in those "
                  f"rooms {r['hostile_p99_ms']:.1f} ms ({r['hostile_moves']} moves); logins "
                  f"{r['logins_per_s']:.0f}/s: {r['logins_ok']} ok, {r['logins_refused']} "
                  f"refused", flush=True)
        if r["ai_games"]:
            print(f"         the AI's replies: {r['ai_replies']}, p50 "
                  f"{r['ai_reply_p50_ms']:.0f} ms, p99 {r['ai_reply_p99_ms']:.0f} ms "
                  "(from the state with the human's move to the AI's)", flush=True)
        if r["analysis_sockets"]:
            print(f"         analysis boards: {r['analysis_sockets']} sockets changing position "
                  f"every ~{r['analysis_every_s']:.0f} s: {r['analysis_positions']} positions, "
                  f"{r['analysis_answered']} answered before the next change, first eval p50 "
                  f"{r['analysis_first_eval_p50_ms']:.0f} ms p99 "
                  f"{r['analysis_first_eval_p99_ms']:.0f} ms, {r['analysis_evals_per_s']:.0f} "
                  f"evals/s; ends {r['analysis_ends']}", flush=True)
        if args.verbose:
            print(f"  worst round trip (ms) in each second: {r['worst_ms_per_second']}")
    return results


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, nargs="+", default=[100, 500, 1000])
    ap.add_argument("--seconds", type=float, default=20.0, help="measured time per level")
    ap.add_argument("--think", type=float, default=2.0,
                    help="mean seconds a player waits before each move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="worst latency per second")
    ap.add_argument("--postgres", action="store_true", help="also run on PostgreSQL")
    ap.add_argument("--client-nice", type=int, default=10,
                    help="niceness of the client process (0: same priority as the server)")
    ap.add_argument("--client-gc", action="store_true",
                    help="keep the garbage collector on in the client process while measuring")
    ap.add_argument("--ai-games", type=int, default=50,
                    help="games (of each level's N) against the AI, levels 1 and 2")
    ap.add_argument("--no-lobby", action="store_true",
                    help="no lobby socket per player (as the benchmark was before the lobby)")
    ap.add_argument("--hostile-rooms", type=int, default=0,
                    help="rooms (of the games between people) given hostile spectators")
    ap.add_argument("--hostile-sockets", type=int, default=10,
                    help="hostile spectator sockets per such room (default 10)")
    ap.add_argument("--logins", type=float, default=0.0,
                    help="logins a second beside the games (each a scrypt)")
    ap.add_argument("--analysis-sockets", type=int, default=0,
                    help="analysis boards (/ws/analysis) keeping a position under analysis")
    ap.add_argument("--analysis-every", type=float, default=3.0,
                    help="mean seconds between an analysis board's position changes")
    ap.add_argument("--attacker-in-client", action="store_true",
                    help="run the hostile spectators in the clients' process (as before): "
                         "their frames then delay the players' round trips client-side")
    ap.add_argument("--no-deltas", action="store_true",
                    help="clients take full frames (no moved/lobby_delta), as before issue 27")
    ap.add_argument("--processes", type=int, default=1,
                    help="server processes on one port (SO_REUSEPORT); more than one runs "
                         "on a throw-away PostgreSQL and Redis, without AI games")
    ap.add_argument("--redis", action="store_true",
                    help="run on a throw-away PostgreSQL and Redis even with one process")
    ap.add_argument("--no-sqlite", action="store_true")
    ap.add_argument("--db-dir", default=None,
                    help="directory for the SQLite file (default: a temp dir; /dev/shm "
                         "takes the disk's fsync out of the picture)")
    ap.add_argument("--limit", type=float, default=900.0, help="hard cap on the whole run (s)")
    args = ap.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (20000, 20000))

    def alarm(*_: object) -> None:
        # An exception, not an exit: the PostgreSQL cluster and servers get cleaned up.
        raise TimeoutError(f"bench_server: the {args.limit:.0f} s limit was reached")

    import signal
    signal.signal(signal.SIGALRM, alarm)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.alarm(int(args.limit))
    t = time.perf_counter()
    x = 0
    for i in range(1_000_000):  # CPU calibration: ~40-60 ms on an idle core of this machine
        x += i
    calib = (time.perf_counter() - t) * 1000
    print(f"bench_server {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()}, think {args.think} s, "
          f"1M-step Python loop {calib:.0f} ms", flush=True)
    if not args.no_sqlite and args.processes == 1 and not args.redis:
        with tempfile.TemporaryDirectory(dir=args.db_dir) as tmp:
            run_backend("sqlite", str(Path(tmp) / "bench.sqlite3"), args)
    if args.processes > 1 or args.redis:  # rooms shared through Redis, games in PostgreSQL
        with postgres_cluster() as cluster, redis_server() as redis_url:
            run_backend("postgres", cluster.url, args, redis_url)
        return 0
    if args.postgres:
        with postgres_cluster() as cluster:
            run_backend("postgres", cluster.url, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
