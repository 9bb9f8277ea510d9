"""Load benchmark of the web server: N concurrent games played by WebSocket clients over
loopback, each client with the lobby socket open too, and ``--ai-games`` of the games
against the AI (levels 1 and 2); move round-trip latency (p50/p99), throughput, peak RSS.

The server runs in its own process (uvicorn around ``create_app``, SQLite file in a temp
directory, or a throw-away local PostgreSQL cluster with ``--postgres``); the clients run in
``--client-procs`` processes of their own (one by default), each on one event loop, on a
minimal WebSocket client (``bench_server_ws.py``: protocols, no task per socket; players
in ``bench_server_players.py``, the processes and the merge of their samples in
``bench_server_clients.py``). Each player "thinks" ``--think`` seconds (uniformly
jittered ±50%) before each move, picks a random legal move from the last ``state`` and
measures the time from sending the move to reading the frame that contains it. The
client's CPU a move is printed beside the server's.

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
    python benchmarks/bench_server.py --games 3000 --client-procs 2
        # the players spread over two client processes (their samples merged)
    python benchmarks/bench_server.py --games 500 --analysis-sockets 10
        # 10 analysis boards changing position every ~3 s beside the games (issue 23)
    python benchmarks/bench_server.py --games 1000 --ai-games 0 --no-lobby --floor io
        # a server that answers moves with a ready-made frame and does no game work:
        # what the frames in and out cost alone (bench_server_floor.py, issue 27)

All clients come from 127.0.0.1, so the server's per-address limits are lifted for the
benchmark (sockets, AI games, the login rate, live analyses per address): the hostile
load and the analysis boards stand for many addresses.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import multiprocessing
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its helper modules, when imported
from bench_server_clients import cpu_seconds, pct, peak_rss_mb, run_clients


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
    # BENCH_SET="name=value name=value": other settings (docs/server.md's names).
    for assignment in os.environ.get("BENCH_SET", "").split():
        from cotuong.server.settings import setting_from_text
        name, value = setting_from_text(assignment)
        wanted[name] = value
    known = {f.name for f in dataclasses.fields(Settings)}  # also older servers' Settings
    settings = Settings(**{k: v for k, v in wanted.items() if k in known})
    app = create_app(settings)
    extra: dict[str, Any] = {}
    from cotuong.server.web import runtime
    guarded_h11 = getattr(runtime, "guarded_h11", None)  # older servers have none
    if guarded_h11 is not None:  # the header timeout, as `cotuong serve` has
        extra["http"] = guarded_h11(settings.header_timeout_s, 0)
    ws_options = getattr(runtime, "websocket_options", None)  # older servers have none
    extra.update(ws_max_size=65536, ws_per_message_deflate=False)
    if ws_options is not None and os.environ.get("BENCH_STOCK_WS") != "1":
        extra.update(ws_options(settings))  # the protocol and keep-alive of `cotuong serve`
    with tuned_runtime():  # as `cotuong serve` does
        experiments()
        if not reuse_port:
            uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on",
                        backlog=4096, **extra)
            return
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind(("127.0.0.1", port))
        sock.listen(4096)
        config = uvicorn.Config(app, log_level="warning", lifespan="on", **extra)
        uvicorn.Server(config).run(sockets=[sock])


def experiments() -> None:
    """Switches for measuring alternatives (environment variables, see the README)."""

    if os.environ.get("BENCH_FLOOR"):  # --floor
        from bench_server_floor import install
        install(os.environ["BENCH_FLOOR"])
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


def summarize(raw: dict[str, Any], games: int, args: argparse.Namespace, ai_games: int,
              server_side: dict[str, Any]) -> dict[str, Any]:
    """One level's figures from the clients' merged samples (:func:`merge`)."""
    seconds = args.seconds
    lat, counters, live = raw["lat"], raw["counters"], raw["live"]
    moves = max(1, raw["window_moves"])
    first_eval = sorted(live["first_eval"])
    ai_sorted, in_hostile = raw["ai_replies"], raw["hostile"]
    return {"games": games, "setup_s": raw["setup_s"], "moves": counters["moves"],
            "errors": counters["errors"], "finished": counters["finished"],
            "ai_games": ai_games, "lobby": not args.no_lobby,
            "ai_warm_up_s": raw["ai_warm_up_s"],
            "lobby_frames_per_s": raw["lobby_frames"] / seconds,
            "lobby_kb_per_frame": raw["lobby_bytes"] / 1024 / max(1, raw["lobby_frames"]),
            "moves_per_s": counters["moves"] / seconds, "p50_ms": pct(0.50, lat),
            "p99_ms": pct(0.99, lat), "max_ms": lat[-1] * 1000 if lat else float("nan"),
            "mean_ms": raw["mean_ms"], "worst_ms_per_second": raw["worst_ms_per_second"],
            "server": server_side,
            # Server CPU per move in the measured window: what one free core could carry.
            "server_cpu_ms_per_move": raw["server_window_cpu_s"] * 1000 / moves,
            "server_cpu_share": raw["server_window_cpu_s"] / seconds,
            # The first server process's kernel share, its loop's context switches and its
            # read and write system calls, a move (benchmarks/README: where the CPU goes).
            "server_kernel_ms_per_move": raw["server0_kernel_s"] * 1000 / moves,
            "server_switches_per_move": raw["server0_switches"] / moves,
            "server_reads_per_move": raw["server0_reads"] / moves,
            "server_writes_per_move": raw["server0_writes"] / moves,
            "engine_cpu_share": raw["engine_window_cpu_s"] / seconds,
            "client_cpu_ms_per_move": raw["client_window_cpu_s"] * 1000 / moves,
            "client_cpu_share": raw["client_window_cpu_s"] / seconds,
            "client_cpu_s": raw["client_cpu_s"], "client_rss_mb": raw["client_rss_mb"],
            "client_lag_p50_ms": pct(0.50, raw["lags"]),
            "client_lag_p99_ms": pct(0.99, raw["lags"]),
            "hostile_rooms": raw["hostile_rooms"], "hostile_sockets": args.hostile_sockets,
            "hostile_p99_ms": pct(0.99, in_hostile), "hostile_moves": len(in_hostile),
            "hostile_frames_per_s": counters["hostile_frames"] / seconds,
            "hostile_sent_per_s": counters["hostile_sent"] / seconds,
            "hostile_connects": counters["hostile_connects"],
            "attacker_cpu_share": counters["attacker_cpu_ms"] / 1000 / seconds,
            "logins_ok": counters["logins_ok"], "logins_refused": counters["logins_refused"],
            "logins_per_s": args.logins, "resyncs": counters["resyncs"],
            "ai_replies": len(ai_sorted), "ai_reply_p50_ms": pct(0.50, ai_sorted),
            "ai_reply_p99_ms": pct(0.99, ai_sorted),
            "analysis_sockets": args.analysis_sockets,
            "analysis_every_s": args.analysis_every,
            "analysis_positions": live["positions"],
            "analysis_answered": len(first_eval),
            "analysis_evals_per_s": live["evals"] / seconds,
            "analysis_first_eval_p50_ms": pct(0.50, first_eval),
            "analysis_first_eval_p99_ms": pct(0.99, first_eval),
            "analysis_ends": {k: v for k, v in live.items() if ":" in k}}


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
        # The first process creates the schema; the others start once it answers (started
        # together on a fresh PostgreSQL, two raced to create a table and one died).
        procs[0].start()
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
            for proc in procs[1:]:
                proc.start()
            time.sleep(3)  # every process listening before the clients connect
            if not all(proc.is_alive() for proc in procs):
                raise RuntimeError("a server process died while starting")
        pids = [p.pid for p in procs if p.pid is not None]
        cpu0 = sum(cpu_seconds(p) for p in pids)
        # With Redis the AI's jobs go to a queue that `cotuong worker` processes serve.
        ai_games = 0 if redis_url else min(args.ai_games, n)
        level_args = dict(
            base=base, games=n, seconds=args.seconds, think=args.think, seed=args.seed,
            client_gc=args.client_gc, ai_games=ai_games, lobby=not args.no_lobby,
            hostile_rooms=args.hostile_rooms, hostile_sockets=args.hostile_sockets,
            logins=args.logins, analysis_sockets=args.analysis_sockets,
            analysis_every=args.analysis_every, deltas=not args.no_deltas,
            attacker_apart=not args.attacker_in_client)
        try:
            raw = run_clients(ctx, level_args, args.client_nice, args.client_procs,
                              args.settle, pids, not args.client_in_session)
            r_rss = max(peak_rss_mb(p) for p in pids)
            server_cpu = sum(cpu_seconds(p) for p in pids) - cpu0
            server_side = httpx.get(base + "/api/stats", timeout=30).json()
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.join(30)
        r = summarize(raw, n, args, ai_games, server_side)
        r["server_cpu_s"] = server_cpu
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
              f"{r['server_cpu_ms_per_move']:.2f} ms per move (kernel "
              f"{r['server_kernel_ms_per_move']:.2f} ms, "
              f"{r['server_switches_per_move']:.1f} context switches, "
              f"{r['server_reads_per_move']:.1f} read and {r['server_writes_per_move']:.1f} "
              f"write system calls); client CPU "
              f"{r['client_cpu_share']:.0%} of a core ({args.client_procs} process"
              f"{'es' if args.client_procs > 1 else ''}), {r['client_cpu_ms_per_move']:.2f} ms "
              f"per move, its timers late by p50 {r['client_lag_p50_ms']:.1f} / p99 "
              f"{r['client_lag_p99_ms']:.1f} ms", flush=True)
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
    ap.add_argument("--client-nice", type=int, default=0,
                    help="niceness of the client processes (default 0: the server's; 10 "
                         "before 2026-12-03, when the clients cost as much CPU as the server)")
    ap.add_argument("--client-procs", type=int, default=1,
                    help="client processes the players are spread over (their samples are "
                         "merged; the AI games and the extras are in the first)")
    ap.add_argument("--client-in-session", action="store_true",
                    help="keep the clients in the benchmark's session (by default each has "
                         "its own: with autogroup scheduling a session shares the CPU as one)")
    ap.add_argument("--calibration-games", type=int, default=200,
                    help="games bench_move_path replays first to calibrate the machine "
                         "(its CPU a move follows the host's speed, which drifts by up "
                         "to 2x from day to day; 0: none)")
    ap.add_argument("--settle", type=float, default=3.0,
                    help="seconds between the set-up and the measured window")
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
    from bench_server_floor import FLOORS  # (it loads the server: not in the clients)
    ap.add_argument("--floor", choices=FLOORS, default=None,
                    help="take part of a move's work out of the server, to see what the "
                         "rest costs (bench_server_floor.py; not the platform's figures)")
    args = ap.parse_args()
    if args.floor:  # read by the server processes (experiments()), spawned after this
        os.environ["BENCH_FLOOR"] = args.floor
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
    move_path = ""
    if args.calibration_games > 0:  # a calibration that follows the host's drift
        from bench_move_path import machine_speed
        move_path = (f", move path {machine_speed(args.calibration_games):.0f} µs "
                     f"({args.calibration_games} games; 200: 92 µs on 2026-12-03 at midday)")
    from bench_move_path import interpreter
    move_path += f"; {interpreter()}"
    print(f"bench_server {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()}, think {args.think} s, "
          f"1M-step Python loop {calib:.0f} ms{move_path}", flush=True)
    if args.floor:
        print(f"--floor {args.floor}: part of each move's work is left out "
              "(bench_server_floor.py): these are not the platform's figures", flush=True)
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
