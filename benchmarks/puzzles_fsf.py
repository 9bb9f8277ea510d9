"""Offline check of the puzzle collection with Fairy-Stockfish's search (not a test: the
engine is GPL, lives outside the repository, and takes minutes).

    nice -n 10 python benchmarks/puzzles_fsf.py ../shared/engines/fsf-native --nodes 400000

For every solver move of every stored puzzle, Fairy-Stockfish (``UCI_Variant xiangqi``,
one thread, a fixed node count so the run repeats) searches the position and its best move
is compared with the moves the puzzle accepts there (``Puzzle.accepted``). It prints the
agreement rate overall, at the first solver move, by goal and by source, and the
disagreements (id, ply, FSF's move and score), recorded in ``docs/puzzles.md``. The
tests (``tests/puzzles/test_pyffish.py``) check with pyffish what needs no search.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cotuong.engine.interface import Limits  # noqa: E402
from cotuong.puzzles import load_collection  # noqa: E402
from cotuong.uci import ExternalEngine  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine", help="path of the Fairy-Stockfish binary")
    ap.add_argument("--nodes", type=int, default=400_000)
    ap.add_argument("--limit", type=int, default=0, help="the first N puzzles only (0: all)")
    args = ap.parse_args()
    engine = ExternalEngine(args.engine, rank_base=1)
    engine.set_option("UCI_Variant", "xiangqi")
    engine.set_option("Threads", "1")
    engine.set_option("Hash", "32")
    agree: Counter[str] = Counter()
    total: Counter[str] = Counter()
    misses = []
    t0 = time.time()
    try:
        puzzles = list(load_collection())
        for n, p in enumerate(puzzles[:args.limit or len(puzzles)]):
            source = "study" if "-eg-" in p.puzzle_id else "game"
            for k, accepted in enumerate(p.accepted):
                moves = [*p.moves_before, *p.solution[:2 * k]]
                engine.new_game()
                result = engine.search(p.fen, moves, Limits(nodes=args.nodes))
                ok = result.bestmove in accepted
                for key in ("all", f"goal {p.goal}", f"source {source}",
                            *(("first move",) if k == 0 else ())):
                    total[key] += 1
                    agree[key] += ok
                if not ok:
                    info = result.info
                    said = (f"mate {info.mate}" if info and info.mate is not None
                            else f"{info.score_cp} cp" if info else "?")
                    misses.append(f"{p.puzzle_id} solver move {k + 1}: FSF {result.bestmove} "
                                  f"({said}), puzzle {accepted[0]}")
            if n % 25 == 0:
                print(f"{n} puzzles, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    finally:
        engine.close()
    for key in sorted(total):
        print(f"{key}: {agree[key]}/{total[key]} = {100 * agree[key] / total[key]:.1f} %")
    print(f"nodes {args.nodes}, {time.time() - t0:.0f} s")
    for line in misses:
        print(line)


if __name__ == "__main__":
    main()
