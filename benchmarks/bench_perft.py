"""Perft speed of the pure-Python rules core, against pyffish driven from Python.

Run:  python benchmarks/bench_perft.py            (quick: depth 4 start, depth 3 vs pyffish)
      python benchmarks/bench_perft.py --deep     (also start depth 5 and perft.md depth 4-5)

Both counters run in this one process on the same positions; "pyffish driven from
Python" means a recursive perft that asks ``pyffish.legal_moves`` at every node with
the start FEN and the move list so far (the cheapest way to drive it from Python).
Every count is checked against tests/data/perft.md. Peak RSS is printed beside
every timing (ru_maxrss of this process, so it only grows).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable

from cotuong import Board, perft

POSITIONS: list[tuple[str, str, list[int]]] = [
    ("start", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
     [44, 1920, 79666, 3290240, 133312995]),
    ("cpw-2", "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
     [38, 1128, 43929, 1339047, 53112976]),
    ("cpw-3", "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
     [7, 281, 8620, 326201, 10369923]),
    ("cpw-4", "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
     [25, 424, 9850, 202884, 4739553]),
    ("cpw-5", "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
     [28, 516, 14808, 395483, 11842230]),
    ("cpw-6", "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
     [21, 364, 7626, 162837, 3500505]),
    ("cpw-7", "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
     [28, 222, 6241, 64971, 1914306]),
    ("cpw-8", "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
     [23, 345, 8124, 149272, 3513104]),
    ("cpw-9", "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
     [21, 195, 3883, 48060, 933096]),
    ("cpw-10", "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
     [30, 830, 22787, 649866, 17920736]),
    ("cpw-11", "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
     [19, 583, 11714, 376467, 8148177]),
    ("fsf-2", "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
     [49, 2265, 100326, 4485547]),
    ("fsf-3", "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
     [13, 272, 3707, 92741]),
]


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(fn: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    n = fn()
    return n, time.perf_counter() - start


def ffish_perft(sf: object, fen: str, depth: int) -> int:
    legal = sf.legal_moves  # type: ignore[attr-defined]

    def rec(moves: list[str], d: int) -> int:
        ms = legal("xiangqi", fen, moves)
        if d == 1:
            return len(ms)
        return sum(rec([*moves, m], d - 1) for m in ms)

    return rec([], depth)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--deep", action="store_true", help="start depth 5, perft.md depth 4-5")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}")
    failures = 0

    def report(label: str, n: int, expected: int, dt: float) -> None:
        nonlocal failures
        ok = "ok" if n == expected else f"WRONG (expected {expected})"
        failures += n != expected
        print(f"{label:<28} {n:>12,}  {dt:8.2f} s  {n / dt:>10,.0f} nodes/s  "
              f"peak RSS {rss_mb():6.1f} MB  {ok}", flush=True)

    print("\n== cotuong (pure Python) ==")
    for name, fen, counts in POSITIONS:
        depth = 3 if not args.deep else min(len(counts), 5 if name == "start" else 4)
        if not args.deep and name == "start":
            depth = 4
        if args.deep and name in ("cpw-3", "cpw-6", "cpw-7", "cpw-9"):
            depth = 5
        n, dt = timed(lambda f=fen, d=depth: perft(Board(f), d))  # type: ignore[misc]
        report(f"{name} d{depth}", n, counts[depth - 1], dt)

    try:
        import pyffish as sf
    except ImportError:
        print("\npyffish not installed: pip install pyffish (test extra) for the comparison")
        return 1 if failures else 0

    print("\n== same positions at depth 3: cotuong vs pyffish from Python ==")
    ours_total = theirs_total = 0.0
    nodes_total = 0
    for name, fen, counts in POSITIONS:
        n1, t1 = timed(lambda f=fen: perft(Board(f), 3))  # type: ignore[misc]
        n2, t2 = timed(lambda f=fen: ffish_perft(sf, f, 3))  # type: ignore[misc]
        failures += (n1 != counts[2]) + (n2 != counts[2])
        ours_total += t1
        theirs_total += t2
        nodes_total += n1
        print(f"{name:<8} {n1:>9,}  cotuong {n1 / t1:>10,.0f} n/s   pyffish {n2 / t2:>10,.0f} n/s"
              f"   ratio {t2 / t1:5.1f}x  peak RSS {rss_mb():6.1f} MB", flush=True)
    print(f"\nall positions d3: cotuong {nodes_total / ours_total:,.0f} nodes/s, "
          f"pyffish {nodes_total / theirs_total:,.0f} nodes/s, "
          f"cotuong is {theirs_total / ours_total:.1f}x faster  (peak RSS {rss_mb():.1f} MB)")
    if failures:
        print(f"{failures} WRONG COUNTS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
