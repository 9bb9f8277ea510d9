"""Benchmarks of the built-in engine (issue 4, part A). Every run prints peak RSS.

    python benchmarks/bench_engine.py perft [--deep] [--nnue F]  # perft vs perft.md, nodes/s
    python benchmarks/bench_engine.py nps [--ms 2000|--nodes N] [--threads 2] [--nnue F]

``--nnue F``: for ``nps``, the engine's option ``EvalFile`` (default: the shipped network, the
engine's default evaluation; ``hce`` the hand-written one, or another weights file); for
perft, positions that carry the network of F, so make/unmake update its accumulators
(without it, perft positions carry none). ``depth``, ``coldstart`` and ``ladder`` use the
engine's default, the shipped network.
    python benchmarks/bench_engine.py depth [--depth 9]  # nodes to a fixed depth, 21 positions
    python benchmarks/bench_engine.py coldstart            # compile cost, cached second start
    python benchmarks/bench_engine.py ladder [--games 20] [--ms 100] [--pairs 1-2,2-3]

``ladder`` games are refereed with the rules core and the referee's ``xiangqiplay`` repetition
rulings; 120 plies without capture or 300 plies in all are a draw. Matches against
Fairy-Stockfish are ``bench_fsf.py`` (a referee nobody here wrote, both sides' speed shown).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# Middlegames from engine self-play (two random opening plies, then Level 5 at depth 4,
# 22-43 plies in all); generated once and frozen here so runs are comparable.
MIDDLEGAMES = (
    "1rbakab2/8r/2n1c2c1/p1C1nR2p/2p1p4/6P2/P1P1P3P/C1N6/9/2BAKABNR w - - 19 12",
    "r2a1ab2/5k3/b1n3n2/p3c3p/2p6/7r1/P1P1C1P1P/5CN2/4A4/RNBAK1BR1 b - - 12 13",
    "2bakabn1/3n1r3/4c4/p3p3p/9/2P3P2/P7P/N5N2/4AK3/R1cA2B1R w - - 4 15",
    "2baka2r/n8/1C1cb1n2/4p1P1p/9/p8/P3P3P/2r6/9/1RBAKABNR b - - 1 16",
    "1rbakab2/9/2n6/pCp1p1n1p/6P2/3NP4/P2cN3P/4B4/5R3/2BAKA3 w - - 5 18",
    "3akab2/9/b1c3r2/2n1C3p/3R2c2/9/P3P4/2N1B2C1/7n1/2BAKAN2 b - - 10 19",
    "4ka3/9/b7c/C1p1p1p1n/8P/4c4/P2n2P2/B5r2/4K4/1N1A1AB1R w - - 2 21",
    "2baka3/4n4/8b/8p/p1P3pn1/4P2C1/c7P/4B4/4N4/1N1AKAB2 b - - 1 22",
    "2b1kab2/4a4/2nc3c1/p1p1p3p/1r3np2/2P6/P3P1PCP/2N1Br3/3RKC2N/2BA1A2R w - - 22 12",
    "2b1kab1r/4a4/2n1c4/2p3p1p/4C4/r8/4P1c1P/6N2/2R1N4/2BAKAB1R b - - 1 13",
    "3aka3/r4n3/bcn1CR3/p1C1p1p1p/9/9/P1P1P1c1P/9/9/1rBAKABNR w - - 0 15",
    "2rakab2/9/1c2b1n2/p4r2p/4c4/6C2/P3P3P/2N1B1C2/7R1/1RBAKA3 b - - 7 16",
    "1nbaka3/8r/4b1n2/p3p4/1c6C/8P/P1R1P4/4B4/4A2r1/1N1AK1BNR w - - 5 18",
    "2bak4/4a4/r1n1b4/pR4prp/4n4/2P6/P5PcP/2N1B1N1C/9/3AKAB1R b - - 4 19",
    "2baka1r1/4r4/1R2b1n2/p3n3p/8c/4C4/P3P4/4B1N2/5R3/1N1AKAB2 w - - 9 21",
    "2bakab2/9/c3c4/2R5p/2p6/1R1C1r3/P1P1P1P1P/2N1B1n2/4A4/2BAK4 b - - 3 22",
    "2b1ka1nr/4a4/c1n1b1c2/p1p1p3p/1r4p2/2P5P/P3PRP2/2N1C1N1C/5R3/2BAKAB2 w - - 22 12",
    "1rbakabr1/9/c8/p5p1C/4p1c2/2P6/P1n1P3P/2N1B4/6R2/3AKABNR b - - 6 13",
    "2ba1ar2/4kn1R1/4b4/p2PnC2p/1r2p4/4P4/P7P/2c2C3/9/R1BAKAB2 w - - 0 15",
    "3akab2/r8/2n1b1c2/2p1p4/p3c1prp/1R7/P1PCP1n1P/5RN2/4A4/1NBAK1B1C b - - 7 16",
)

# Opening lines (ICCS from the start position), each played twice with colours swapped.
OPENINGS = (
    "h2e2 h9g7",            # central cannon vs screen horse
    "h2e2 h7e7",            # same-direction cannons
    "h2e2 b7e7",            # opposite-direction cannons
    "b2e2 b9c7 b0c2 a9b9",  # central cannon, horse out
    "c3c4 g6g5",            # pawn opening, counter pawn
    "g3g4 h9g7",            # pawn opening vs horse
    "b0c2 h9g7",            # horse opening
    "c0e2 h7e7",            # elephant opening vs central cannon
    "h2e2 h9g7 h0g2 i9h9",  # central cannon, both horses out
    "b2d2 h9g7",            # palace-corner cannon
    "h2f2 b9c7",            # cross-palace cannon
    "g0e2 b9c7",            # elephant opening, horse reply
    "c3c4 b9c7",
    "h0g2 c6c5",
    "b2e2 h7e7 h0g2",
    "h2e2 b9c7 h0g2 a9a8",
    "h2e2 h9g7 h0g2 g6g5",
    "h2e2 b9c7 b0c2 c6c5",
    "b2e2 h9g7 h0g2 i9h9",
    "c3c4 h9g7 b0c2",
    "g3g4 b9c7 h0g2",
    "h2d2 h9g7",
    "b2f2 b9c7",
    "h0g2 h9g7 g3g4",
    "b0c2 b9c7 c3c4",
    "h2e2 h9i7",
    "h2e2 b9a7",
    "c0e2 b9c7",
    "g0e2 h9g7 h0g2",
    "i0i1 h9g7",
    "a3a4 b9c7",
    "e3e4 h9g7",
)


def peak_rss_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024.0


# ---------------------------------------------------------------------------- perft
def cmd_perft(args: argparse.Namespace) -> None:
    from cotuong.engine.nnue import load_nnue
    from cotuong.engine.position import perft as perft_pos
    from cotuong.engine.position import position_from_fen

    net = load_nnue(args.nnue) if args.nnue else None

    def perft(fen: str, depth: int) -> int:
        return perft_pos(position_from_fen(fen, net=net), depth)

    rows = []
    text = (ROOT / "tests" / "data" / "perft.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 6 and cells[1].isdigit() and cells[2].startswith("`"):
            counts = [int(c.replace(",", "")) for c in cells[3:9] if c]
            rows.append((cells[2].strip("`"), counts))
    perft(START, 2)  # compile (or load the cache) outside the timings
    max_depth = 5 if args.deep else 4
    total_nodes, total_time = 0, 0.0
    for i, (fen, counts) in enumerate(rows, 1):
        for depth in range(1, min(max_depth, len(counts)) + 1):
            t = time.process_time()  # CPU seconds: the machine is shared, wall time is not ours
            n = perft(fen + " - - 0 1", depth)
            dt = time.process_time() - t
            ok = "ok" if n == counts[depth - 1] else f"MISMATCH (expected {counts[depth - 1]})"
            if depth >= 4:
                total_nodes += n
                total_time += dt
                print(f"pos {i:2d} d{depth}: {n:>12,} {dt:7.2f} s CPU {n / dt:>12,.0f}/s {ok}")
            elif ok != "ok":
                print(f"pos {i:2d} d{depth}: {n} {ok}")
    print(f"total d4+: {total_nodes:,} nodes in {total_time:.1f} CPU-s = "
          f"{total_nodes / total_time:,.0f} nodes/s; peak RSS {peak_rss_mb():.0f} MB")


# ---------------------------------------------------------------------------- nps
def cmd_nps(args: argparse.Namespace) -> None:
    from cotuong.engine import BuiltinEngine
    from cotuong.engine.interface import Limits

    engine = BuiltinEngine(8)
    engine.set_option("Threads", str(args.threads))
    if args.nnue:
        engine.set_option("EvalFile", args.nnue)
    engine.search(START, [], Limits(depth=3))  # warm: compile or load from cache
    rows = [("start", START)] + [(f"mid{i + 1:02d}", f) for i, f in enumerate(MIDDLEGAMES)]
    # Wall-clock nodes/s depends on what else runs on the machine; nodes per CPU-second of
    # this process (process_time) is the engine's own single-core speed.
    nodes_all, time_all, cpu_all, depths = 0, 0.0, 0.0, []
    for name, fen in rows:
        engine.new_game()
        t, c = time.perf_counter(), time.process_time()
        res = engine.search(fen, [], Limits(nodes=args.nodes) if args.nodes
                            else Limits(movetime_ms=args.ms))
        dt, dc = time.perf_counter() - t, time.process_time() - c
        info = res.info
        assert info is not None
        nodes = info.nodes
        if name != "start":
            nodes_all += nodes
            time_all += dt
            cpu_all += dc
            depths.append(info.depth)
        print(f"{name}: depth {info.depth:2d} nodes {nodes:>10,} in {dt:5.2f} s wall "
              f"= {nodes / dt:>10,.0f}/s; {dc:5.2f} s CPU = {nodes / max(dc, 1e-9):>10,.0f}/s"
              f"  best {res.bestmove}")
    print(f"middlegames: {nodes_all:,} nodes; {time_all:.1f} s wall = "
          f"{nodes_all / time_all:,.0f} nodes/s; {cpu_all:.1f} s CPU = "
          f"{nodes_all / cpu_all:,.0f} nodes/CPU-s; mean depth {sum(depths) / len(depths):.2f}; "
          f"{args.threads} thread(s); peak RSS {peak_rss_mb():.0f} MB")


# ---------------------------------------------------------------------------- fixed depth
def cmd_depth(args: argparse.Namespace) -> None:
    """Nodes to a fixed depth on the 21 bench positions: the tree's size, whatever the
    machine's load (run it from a snapshot's PYTHONPATH to compare two versions)."""
    from cotuong.engine import BuiltinEngine
    from cotuong.engine.interface import Limits

    engine = BuiltinEngine(8)
    engine.set_option("Hash", "64")
    engine.search(START, [], Limits(depth=3))  # warm: compile or load from cache
    total, cpu_all, ebf_logs = 0, 0.0, []
    for name, fen in [("start", START)] + [(f"mid{i + 1:02d}", f)
                                           for i, f in enumerate(MIDDLEGAMES)]:
        engine.new_game()
        c = time.process_time()
        info = engine.search(fen, [], Limits(depth=args.depth)).info
        assert info is not None
        cpu_all += time.process_time() - c
        total += info.nodes
        ebf_logs.append(math.log(max(info.nodes, 1)) / args.depth)
        print(f"{name}: depth {info.depth} nodes {info.nodes:>10,}", flush=True)
    print(f"depth {args.depth}: {total:,} nodes on 21 positions in {cpu_all:.1f} s CPU "
          f"({total / cpu_all:,.0f} nodes/CPU-s); effective branching factor (geometric "
          f"mean of nodes^(1/depth)) {math.exp(sum(ebf_logs) / len(ebf_logs)):.2f}; "
          f"peak RSS {peak_rss_mb():.0f} MB")


# ---------------------------------------------------------------------------- cold start
_READY = (
    "import time; t=time.perf_counter(); from cotuong.engine import BuiltinEngine; "
    "from cotuong.engine.interface import Limits; "
    "BuiltinEngine(8).search('" + START + "', [], Limits(depth=1)); "
    "import resource; r=resource.getrusage(resource.RUSAGE_SELF); "
    "print(time.perf_counter()-t, r.ru_maxrss/1024, r.ru_utime+r.ru_stime)"
)


def cmd_coldstart(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for label in ("cold (empty Numba cache, compiles)", "second start (cached)",
                      "third start (cached)"):
            t = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", _READY], env=env, check=True,
                                 capture_output=True, text=True).stdout.split()
            wall = time.perf_counter() - t
            # CPU seconds are what the machine's load does not inflate.
            print(f"{label}: ready in {float(out[0]):.2f} s inside, {wall:.2f} s wall "
                  f"(incl. interpreter start), {float(out[2]):.2f} s CPU; "
                  f"peak RSS {float(out[1]):.0f} MB")
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import cotuong.engine.interface"], check=True)
    print(f"import cotuong.engine.interface: {time.perf_counter() - t:.2f} s wall")


# ---------------------------------------------------------------------------- games
def play_game(red: object, black: object, opening: list[str], limits: object,
              max_plies: int = 300) -> tuple[str, str]:
    """Play one refereed game; returns (result "1-0"/"0-1"/"1/2-1/2", reason)."""
    from cotuong.core import Board, Color, Move
    from cotuong.referee import XIANGQIPLAY, PlyNote, classify, cycle_start

    board = Board(START)
    moves: list[str] = []
    engines = {Color.RED: red, Color.BLACK: black}
    for e in engines.values():
        e.new_game()  # type: ignore[attr-defined]

    def push(text: str) -> None:
        mv = Move.from_iccs(text)
        board.push(mv, note=PlyNote(board.gives_check(mv)))
        moves.append(text)

    for text in opening:
        push(text)
    while True:
        outcome = board.outcome()
        if outcome is not None:
            return outcome.result, outcome.termination.name
        start = cycle_start(board.key_history())
        if start is not None:
            ruling = classify(board, start, XIANGQIPLAY)
            if ruling.winner is None:
                return "1/2-1/2", "repetition"
            loser = ruling.conduct(ruling.winner.opponent).kind
            return ("1-0" if ruling.winner is Color.RED else "0-1"), f"perpetual {loser}"
        if board.halfmove_clock >= 120:
            return "1/2-1/2", "no capture in 60 moves"
        if len(moves) >= max_plies:
            return "1/2-1/2", "move cap"
        if not any(abs(c) in (4, 5, 6, 7) for c in board.squares):
            return "1/2-1/2", "no attacking pieces"
        engine = engines[board.turn]
        result = engine.search(START, moves, limits)  # type: ignore[attr-defined]
        push(result.bestmove)


def _score(results: list[float]) -> tuple[float, float]:
    """Mean score and its 95 % half-width (per-game variance, normal approximation)."""
    n = len(results)
    mean = sum(results) / n
    var = sum((r - mean) ** 2 for r in results) / max(1, n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _level_game(job: tuple[int, int, str, bool, int, int]) -> tuple[int, int, float, str]:
    """One ladder game in a worker: (low, high, score of high, reason)."""
    from cotuong.engine import BuiltinEngine
    from cotuong.engine.interface import Limits

    low, high, opening, high_red, ms, seed = job
    a, b = BuiltinEngine(high), BuiltinEngine(low)
    a.set_option("Seed", str(seed))
    b.set_option("Seed", str(seed + 1))
    red, black = (a, b) if high_red else (b, a)
    result, reason = play_game(red, black, opening.split(), Limits(movetime_ms=ms))
    high_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    if not high_red:
        high_score = 1.0 - high_score
    return low, high, high_score, reason


def cmd_ladder(args: argparse.Namespace) -> None:
    pairs = [tuple(int(x) for x in p.split("-")) for p in args.pairs.split(",")]
    jobs = []
    for low, high in pairs:
        for g in range(args.first, args.first + args.games):
            opening = OPENINGS[(g // 2) % len(OPENINGS)]
            jobs.append((low, high, opening, g % 2 == 0, args.ms, 1000 * low + g))
    _run_jobs(jobs, _level_game, args.workers, lambda r: f"L{r[1]} vs L{r[0]}")


def _run_jobs(jobs: list, fn: Callable, workers: int, label: Callable) -> None:  # type: ignore[type-arg]
    t = time.perf_counter()
    by_pair: dict[str, list[float]] = {}
    reasons: dict[str, dict[str, int]] = {}
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for r in pool.imap_unordered(fn, jobs):
            key = label(r)
            by_pair.setdefault(key, []).append(r[2])
            reasons.setdefault(key, {}).setdefault(r[3], 0)
            reasons[key][r[3]] += 1
            print(f"  {key}: game {len(by_pair[key])} -> {r[2]} ({r[3]})", flush=True)
    for key, scores in by_pair.items():
        mean, half = _score(scores)
        w = sum(1 for s in scores if s == 1.0)
        d = sum(1 for s in scores if s == 0.5)
        lost = len(scores) - w - d
        print(f"{key}: +{w} ={d} -{lost} of {len(scores)}: score {100 * mean:.1f} % "
              f"± {100 * half:.1f} (95 %); endings {reasons[key]}")
    print(f"{time.perf_counter() - t:.0f} s; peak RSS {peak_rss_mb():.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("--deep", action="store_true")
    p.add_argument("--nnue", default=None, help="positions with this network (make/unmake)")
    p.set_defaults(func=cmd_perft)
    p = sub.add_parser("nps")
    p.add_argument("--ms", type=int, default=2000)
    p.add_argument("--threads", type=int, default=1, help="the engine's Threads option")
    p.add_argument("--nnue", default=None,
                   help="the engine's EvalFile (hce: the hand-written evaluation; default: "
                        "the shipped network)")
    p.add_argument("--nodes", type=int, default=0,
                   help="a node budget instead of --ms (the depth a time reaches on an idle "
                        "core, whatever the load: 255000 ~ 300 ms at 850 k nodes/s)")
    p.set_defaults(func=cmd_nps)
    p = sub.add_parser("depth")
    p.add_argument("--depth", type=int, default=9)
    p.set_defaults(func=cmd_depth)
    p = sub.add_parser("coldstart")
    p.set_defaults(func=cmd_coldstart)
    p = sub.add_parser("ladder")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--ms", type=int, default=100)
    p.add_argument("--pairs", default="1-2,2-3,3-4,4-5,5-6,6-7,7-8")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--first", type=int, default=0, help="first game number (openings, seeds)")
    p.set_defaults(func=cmd_ladder)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
