"""The load generator's processes (``bench_server.py --client-procs K``): each sets up its
share of the games, says so, and plays from the moment the parent says go, for the same
window; the parent measures the server meanwhile and merges the processes' raw samples
(latencies, counters), so percentiles are of all the moves, never averaged.

>>> merged = merge([{"latencies": [0.001, 0.003], "stamps": [10.5, 11.2]},
...                 {"latencies": [0.002], "stamps": [10.7]}], 10.0)
>>> [round(x * 1000) for x in merged["lat"]], merged["worst_ms_per_second"]
([1, 2, 3], {0: 2, 1: 3})
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from bench_server_extras import (
    HOSTILE_OVER,
    analysis_board,
    finish_attacker,
    flood,
    login_stream,
    run_loop,
    start_attacker,
    warm_up_the_ai,
)
from bench_server_players import Run, open_lobby, set_up

__all__ = ["cpu_seconds", "merge", "peak_rss_mb", "py_spy", "run_clients"]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def kernel_counts(pid: int) -> tuple[float, int, int, int]:
    """A process's system (kernel) CPU seconds, its main thread's context switches (both
    kinds; the event loop's thread in the server), and the process's read and write
    system calls (``/proc/PID/io``'s ``syscr``, ``syscw``: sockets, pipes, SQLite's
    ``pwrite``) so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    counts = {"syscr": 0, "syscw": 0, "switches": 0}
    for name in ("status", "io"):
        with contextlib.suppress(OSError), open(f"/proc/{pid}/{name}") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"):
                    counts["switches"] += int(value)
                elif key in ("syscr", "syscw"):
                    counts[key] = int(value)
    return (int(fields[12]) / os.sysconf("SC_CLK_TCK"), counts["switches"],
            counts["syscr"], counts["syscw"])


def perf_record(pid: int, seconds: float) -> subprocess.Popen[bytes] | None:
    """With ``BENCH_PERF=path``: ``perf record -g`` of the server through the measured
    window (kernel and user stacks; ``perf report -i path`` reads it)."""
    path = os.environ.get("BENCH_PERF")
    exe = shutil.which("perf")
    if not path or exe is None:
        return None
    return subprocess.Popen([exe, "record", "-g", "-F", "499", "-p", str(pid), "-o", path,
                             "--", "sleep", str(int(seconds))],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


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


def py_spy(pid: int, seconds: float, env: str = "BENCH_PYSPY"
           ) -> subprocess.Popen[bytes] | None:
    """With ``BENCH_PYSPY=path``: py-spy samples the server through the measured window
    only (set-up excluded), its raw stacks written to ``path`` (``--nonblocking``: the
    server is not paused to be sampled). ``BENCH_PYSPY_CLIENT=path``: the same for the
    first client process."""
    path = os.environ.get(env)
    if not path:
        return None
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    # BENCH_PYSPY_NATIVE=1: C frames too (uvloop, the interpreter), the server paused
    # at each sample (py-spy cannot unwind native stacks without stopping it).
    native = ["--native"] if os.environ.get("BENCH_PYSPY_NATIVE") else ["--nonblocking"]
    # BENCH_PYSPY_GIL=1: only samples holding the GIL (≈ the server's CPU, since uvloop
    # writes with it held); BENCH_PYSPY_RATE: samples a second (100).
    if os.environ.get("BENCH_PYSPY_GIL"):
        native.append("--gil")
    rate = os.environ.get("BENCH_PYSPY_RATE", "100")
    return subprocess.Popen([exe, "record", "-p", str(pid), "-d", str(int(seconds)),
                             "-r", rate, "-f", "raw", "-o", path, *native],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def level(conn: Any, index: int, procs: int, base: str, games: int, seconds: float,
                think: float, seed: int, client_gc: bool, ai_games: int = 0,
                lobby: bool = True, hostile_rooms: int = 0, hostile_sockets: int = 10,
                logins: float = 0.0, analysis_sockets: int = 0,
                analysis_every: float = 3.0, deltas: bool = True,
                attacker_apart: bool = True) -> dict[str, Any]:
    """Client process ``index`` of ``procs``: its share of the games (the AI games and the
    extras in process 0), set up, then played through the window the parent starts
    (``conn`` receives its start, a ``time.monotonic()``, the same clock in every
    process). Raw samples and counters."""
    ws_base = base.replace("http://", "ws://")
    leader = index == 0
    run = Run(deltas=deltas, think=think)
    counters = run.counters
    by_room: dict[str, list[float]] = {}
    live: dict[str, Any] = {"evals": 0, "positions": 0, "first_eval": []}
    gate = asyncio.Semaphore(16)
    stop_at = [float("inf")]  # the extras' stop time (``run.stop_at`` the players')
    rng = random.Random(seed * 1000 + index)
    mine = [i for i in range(games) if (leader if i < ai_games else i % procs == index)]
    loop = asyncio.get_running_loop()
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as c1, \
            httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as c2:
        setup = time.perf_counter()
        warm_s = await warm_up_the_ai(ws_base, c1) if ai_games and leader else 0.0

        async def one(i: int) -> None:
            # Levels 1 and 2: the ones most players meet first; a game's AI answers in
            # a worker process, off the server's event loop.
            ai_level = 1 + i % 2 if i < ai_games else None
            async with gate:  # a bounded number of games set up at once
                own: list[float] = []
                code = await set_up(run, ws_base, c1, c2, random.Random(rng.random()),
                                    ai_level, own)
                if ai_level is None:
                    by_room[code] = own
                if lobby:
                    for _ in range(1 if ai_level else 2):
                        await open_lobby(ws_base, run)
            counters["connected"] += 1
        tasks = [asyncio.create_task(one(i)) for i in mine]
        budget = max(120.0, games * 0.6)
        try:
            done, pending = await asyncio.wait(tasks, timeout=budget,
                                               return_when=asyncio.FIRST_EXCEPTION)
            failed = [t for t in done if t.exception() is not None]
            if failed:
                raise RuntimeError(f"a game could not be set up: {failed[0].exception()!r}")
            if pending:
                raise RuntimeError(f"only {counters['connected']} of {len(mine)} games set "
                                   f"up in {budget:.0f} s (client process {index})")
        finally:
            for t in tasks:
                t.cancel()
        setup_s = time.perf_counter() - setup
        if not client_gc:
            # The clients stand in for 2N browsers on other machines: their own collector
            # pauses (tens of ms with thousands of sockets) must not count as server latency.
            gc.collect()
            gc.disable()
        conn.send({"setup_s": setup_s})
        start = await loop.run_in_executor(None, conn.recv)  # every process is set up
        run.stop_at = stop_at[0] = start + seconds
        client_spy = py_spy(os.getpid(), seconds, "BENCH_PYSPY_CLIENT") if leader else None
        cpu0 = time.process_time()
        lobby0 = counters["lobby_frames"], counters["lobby_bytes"]
        hostile_codes = list(by_room)[:hostile_rooms] if leader else []
        attacker = None
        extras: list[asyncio.Task[Any]] = []
        if attacker_apart and hostile_codes:
            attacker = start_attacker(ws_base, hostile_codes, hostile_sockets, seconds)
        else:
            extras = [asyncio.create_task(flood(ws_base, code, stop_at, counters,
                                                HOSTILE_OVER[i % 2]))
                      for code in hostile_codes for i in range(hostile_sockets)]
        if logins > 0 and leader:
            extras.append(asyncio.create_task(login_stream(base, logins, stop_at, counters)))
        extras.extend(asyncio.create_task(analysis_board(
            ws_base, analysis_every, stop_at, random.Random(rng.random()), live))
            for _ in range(analysis_sockets if leader else 0))
        run.ai_replies.clear()  # the set-up's AI moves (a cold queue) are not measured
        run.lags.clear()
        for seat in run.seats:
            seat.start()
        await asyncio.sleep(max(0.0, run.stop_at - time.monotonic()))
        window_cpu = time.process_time() - cpu0
        window_moves = counters["moves"]
        lobby_frames = counters["lobby_frames"] - lobby0[0]
        lobby_bytes = counters["lobby_bytes"] - lobby0[1]
        if client_spy is not None:
            await asyncio.to_thread(client_spy.wait)
        await asyncio.sleep(1.0)  # let moves in flight at the stop come back
        if attacker is not None:
            for key, value in (await asyncio.to_thread(finish_attacker, attacker)).items():
                counters[key] += value
        run.close()
        for t in extras:
            t.cancel()
        await asyncio.gather(*extras, return_exceptions=True)
        gc.enable()
    return {"setup_s": setup_s, "ai_warm_up_s": warm_s, "counters": counters,
            "latencies": run.latencies, "stamps": run.stamps, "ai_replies": run.ai_replies,
            "lags": run.lags,
            "hostile": [x for code in hostile_codes for x in by_room[code]],
            "hostile_rooms": len(hostile_codes), "live": live,
            "window_cpu_s": window_cpu, "window_moves": window_moves,
            "lobby_frames": lobby_frames, "lobby_bytes": lobby_bytes}


def client_main(conn: Any, index: int, procs: int, nice: int,
                level_args: dict[str, Any], own_session: bool = True) -> None:
    """A client process: its games' players and lobby sockets, on one event loop.
    ``own_session``: in a session of its own (``os.setsid``), so that where the kernel
    groups processes by session for scheduling (Linux's autogroup, on by default on
    desktop kernels and on this machine), the clients get a share of their own, as
    browsers on other machines would, instead of splitting the server's (niceness only
    orders processes within a group)."""
    try:
        if own_session:
            with contextlib.suppress(OSError):
                os.setsid()
        os.nice(nice)
        own0 = time.process_time()
        r = run_loop(level(conn, index, procs, **level_args))
        r["client_cpu_s"] = time.process_time() - own0
        r["client_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        conn.send(r)
    except BaseException as exc:
        with contextlib.suppress(Exception):
            conn.send({"error": repr(exc)})
        raise


def receive(conn: Any) -> dict[str, Any]:
    try:
        r: dict[str, Any] = conn.recv()
    except EOFError:
        raise RuntimeError("a client process died") from None
    if "error" in r:
        raise RuntimeError(f"the clients failed: {r['error']}")
    return r


def run_clients(ctx: Any, level_args: dict[str, Any], nice: int, procs: int,
                settle: float, server_pids: list[int], own_session: bool = True
                ) -> dict[str, Any]:
    """Run one level's clients in ``procs`` processes at niceness ``nice`` (a positive one
    lets the server go first when both are ready to run; on a machine shared with other
    jobs it also puts the clients behind those, and their loop runs late). Their own
    delays count: a move's round trip ends only when its client has read the reply (the
    players' timer lag, printed, shows how late the clients' loops ran). ``settle`` s
    pass between the set-up and the window (the set-up's last lobby frames are not the
    steady state's); the server's CPU and (``BENCH_PYSPY``) profile are taken over the
    window."""
    seconds = level_args["seconds"]
    conns, children = [], []
    for index in range(procs):
        parent, child = ctx.Pipe()
        # Not daemons: one may start the attacker's process; they are joined or ended below.
        proc = ctx.Process(target=client_main,
                           args=(child, index, procs, nice, level_args, own_session))
        proc.start()
        child.close()
        conns.append(parent)
        children.append(proc)
    try:
        setups = [receive(conn)["setup_s"] for conn in conns]
        time.sleep(settle)
        cpu0 = sum(cpu_seconds(p) for p in server_pids)
        engine0 = sum(children_cpu_seconds(p) for p in server_pids)
        kernel0 = kernel_counts(server_pids[0])
        spy = py_spy(server_pids[0], seconds)
        perf = perf_record(server_pids[0], seconds)
        start = time.monotonic()
        for conn in conns:
            conn.send(start)
        time.sleep(max(0.0, start + seconds - time.monotonic()))
        window_cpu = sum(cpu_seconds(p) for p in server_pids) - cpu0
        engine_cpu = sum(children_cpu_seconds(p) for p in server_pids) - engine0
        kernel1 = kernel_counts(server_pids[0])
        for profiler in (spy, perf):
            if profiler is not None:
                profiler.wait()
        parts = [receive(conn) for conn in conns]
    finally:
        for proc in children:
            proc.join(30)
            if proc.is_alive():
                proc.terminate()
    r = merge(parts, start)
    r.update(setup_s=max(setups), server_window_cpu_s=window_cpu,
             engine_window_cpu_s=engine_cpu,
             **{f"server0_{k}": b - a for k, a, b in zip(
                 ("kernel_s", "switches", "reads", "writes"), kernel0, kernel1, strict=True)})
    return r


def merge(parts: list[dict[str, Any]], start: float) -> dict[str, Any]:
    """The client processes' results as one: samples pooled (sorted: ``lat``), counters
    and CPU summed, the worst round trip (ms) in each second of the window."""
    lat = sorted(x for p in parts for x in p["latencies"])
    per_s: dict[int, float] = {}
    for p in parts:
        for stamp, x in zip(p["stamps"], p["latencies"], strict=True):
            second = int(stamp - start)
            per_s[second] = max(per_s.get(second, 0.0), x)
    r: dict[str, Any] = {"lat": lat, "worst_ms_per_second": {
        k: round(v * 1000) for k, v in sorted(per_s.items())}}
    if "counters" not in parts[0]:
        return r
    counters: dict[str, int] = {}
    for p in parts:
        for key, value in p["counters"].items():
            counters[key] = counters.get(key, 0) + value
    live = parts[0]["live"]
    r.update(counters=counters, live=live,
             ai_replies=sorted(x for p in parts for x in p["ai_replies"]),
             lags=sorted(x for p in parts for x in p["lags"]),
             hostile=sorted(x for p in parts for x in p["hostile"]),
             hostile_rooms=sum(p["hostile_rooms"] for p in parts),
             ai_warm_up_s=parts[0]["ai_warm_up_s"],
             client_window_cpu_s=sum(p["window_cpu_s"] for p in parts),
             window_moves=sum(p["window_moves"] for p in parts),
             lobby_frames=sum(p["lobby_frames"] for p in parts),
             lobby_bytes=sum(p["lobby_bytes"] for p in parts),
             client_cpu_s=sum(p["client_cpu_s"] for p in parts),
             client_rss_mb=sum(p["client_rss_mb"] for p in parts),
             mean_ms=statistics.fmean(lat) * 1000 if lat else float("nan"))
    return r


def pct(q: float, lat: list[float]) -> float:
    """The ``q`` quantile of the sorted seconds ``lat``, in ms.

    >>> pct(0.5, [0.001, 0.002, 0.003]), pct(0.99, [])
    (2.0, nan)
    """
    return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")
