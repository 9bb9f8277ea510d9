"""Notation and record throughput: make/parse per move in each notation, and the CCPD replay.

    python benchmarks/bench_notation.py            # 300 random positions + the whole CCPD
    python benchmarks/bench_notation.py --positions 1000 --no-ccpd

CCPD: Chinese Chess Practical Dataset, Yu-Han Tseng 2026, CC BY 4.0 (read from
tests/data/games/ccpd/).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import resource
import time
from pathlib import Path

from cotuong import Board
from cotuong.notation import (
    make_iccs,
    make_vi,
    make_wxf,
    make_zh,
    parse_iccs,
    parse_move,
    parse_vi,
    parse_wxf,
    parse_zh,
)
from cotuong.records import read_pgn

CCPD = Path(__file__).resolve().parents[1] / "tests" / "data" / "games" / "ccpd"


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def positions(count: int, seed: int = 1) -> list[Board]:
    rng = random.Random(seed)
    out: list[Board] = []
    while len(out) < count:
        board = Board()
        for _ in range(rng.randint(0, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.legal_moves:
            out.append(board)
    return out


def bench_moves(boards: list[Board]) -> None:
    pairs = [("iccs", make_iccs, parse_iccs), ("wxf", make_wxf, parse_wxf),
             ("vi", make_vi, parse_vi), ("zh", make_zh, parse_zh)]
    work = [(b, list(b.legal_moves)) for b in boards]
    n = sum(len(m) for _, m in work)
    print(f"{len(boards)} positions, {n} legal moves")
    for name, make, parse in pairs:
        t0 = time.perf_counter()
        texts = [[make(b, m) for m in moves] for b, moves in work]
        t1 = time.perf_counter()
        for (b, _), row in zip(work, texts, strict=True):
            for text in row:
                parse(b, text)
        t2 = time.perf_counter()
        detect = 0.0
        if name != "iccs":
            for (b, _), row in zip(work, texts, strict=True):
                for text in row:
                    # A text legal in two notations raises AmbiguousMoveError: still timed.
                    with contextlib.suppress(ValueError):
                        parse_move(b, text)
            detect = time.perf_counter() - t2
        print(f"  {name:4}  make {1e6 * (t1 - t0) / n:6.1f} us/move   "
              f"parse {1e6 * (t2 - t1) / n:6.1f} us/move   "
              f"detect {1e6 * detect / n:6.1f} us/move   peak RSS {rss_mb():.0f} MB")


def bench_ccpd() -> None:
    files = sorted(CCPD.glob("*.pgn"))
    if not files:
        print(f"CCPD not found at {CCPD}")
        return
    total_games = total_plies = 0
    t0 = time.perf_counter()
    for path in files:
        t = time.perf_counter()
        games = read_pgn(path.read_text(encoding="utf-8"))
        plies = sum(len(g.moves) for g in games)
        issues = sum(len(g.issues) for g in games)
        dt = time.perf_counter() - t
        total_games += len(games)
        total_plies += plies
        print(f"  {path.name:50} {len(games):5} games {plies:7} plies {dt:6.1f} s "
              f"({plies / dt:,.0f} plies/s) issues {issues}  peak RSS {rss_mb():.0f} MB")
    dt = time.perf_counter() - t0
    print(f"CCPD total: {total_games} games, {total_plies} plies in {dt:.1f} s "
          f"({total_plies / dt:,.0f} plies/s), peak RSS {rss_mb():.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--no-ccpd", action="store_true")
    args = parser.parse_args()
    bench_moves(positions(args.positions))
    if not args.no_ccpd:
        bench_ccpd()


if __name__ == "__main__":
    main()
