"""Engine front-ends: UCI ``stop`` latency over pipes, client round trips, match speed.

    python benchmarks/bench_front.py            # built-in engine level 1 + the mock engine
    python benchmarks/bench_front.py --stops 50 --games 20

1. ``cotuong engine`` as a child process driven by our own :class:`ExternalEngine`
   (the client and the server test each other): handshake time, ``go depth 1`` round
   trips, and ``go infinite`` → ``stop`` → ``bestmove`` latency as seen by the client.
2. The same client against the scripted mock engine (protocol overhead alone).
3. ``run_match`` level 2 vs level 1 at depth 1 (games per minute, sequential).
Peak RSS of this process and of its children is printed with the timings.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import threading
import time
from pathlib import Path

from cotuong import START_FEN
from cotuong.engine.interface import Limits
from cotuong.uci import ExternalEngine

ROOT = Path(__file__).resolve().parent.parent
MOCK = ROOT / "tests" / "uci" / "mock_engine.py"


def rss_mb() -> tuple[float, float]:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own, kids


def client_numbers(label: str, command: list[str], stops: int, trips: int) -> None:
    start = time.perf_counter()
    with ExternalEngine(command, handshake_timeout=300, reply_timeout=30) as eng:
        eng.is_ready()  # the built-in engine warms up (compiles) here
        ready = time.perf_counter() - start
        t0 = time.perf_counter()
        for _ in range(trips):
            eng.search(START_FEN, ["h2e2"], Limits(depth=1))
        trip_ms = (time.perf_counter() - t0) / trips * 1000
        latencies = []
        for _ in range(stops):
            sent = [0.0]

            def stop(sent: list[float] = sent) -> None:
                sent[0] = time.perf_counter()
                eng.stop()

            timer = threading.Timer(0.1, stop)
            timer.start()
            eng.search(START_FEN, ["h2e2", "h9g7"], Limits(infinite=True))
            latencies.append((time.perf_counter() - sent[0]) * 1000)
            timer.join()
    own, kids = rss_mb()
    latencies.sort()
    print(f"{label}: ready in {ready:.2f} s; go depth 1 round trip {trip_ms:.1f} ms; "
          f"stop->bestmove median {statistics.median(latencies):.1f} ms, "
          f"max {latencies[-1]:.1f} ms over {stops}; peak RSS self {own:.0f} MB, "
          f"children {kids:.0f} MB", flush=True)


def match_numbers(games: int) -> None:
    from cotuong.arena.match import MatchClock, run_match

    start = time.perf_counter()
    result = run_match("level:2", "level:1", MatchClock(depth=1), games=games,
                       max_plies=200)
    elapsed = time.perf_counter() - start
    plies = sum(len(g.moves) for g in result.games)
    own, _ = rss_mb()
    print(f"match level:2 vs level:1, depth 1, {games} games: {elapsed:.1f} s "
          f"({games / elapsed * 60:.1f} games/min, {plies / elapsed:.0f} plies/s); "
          f"{result.summary()}; peak RSS self {own:.0f} MB", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--stops", type=int, default=20)
    ap.add_argument("--trips", type=int, default=20)
    ap.add_argument("--games", type=int, default=10)
    args = ap.parse_args()
    client_numbers("mock engine", [sys.executable, str(MOCK)], args.stops, args.trips)
    client_numbers("cotuong engine (level 1)",
                   [sys.executable, "-m", "cotuong.cli", "engine", "--engine", "level:1"],
                   args.stops, args.trips)
    match_numbers(args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
