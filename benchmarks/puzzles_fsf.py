"""Offline check of the puzzle collection with Fairy-Stockfish's search (not a test: the
engine is GPL, lives outside the repository, and takes minutes).

    nice -n 19 python benchmarks/puzzles_fsf.py $REF_ENGINES/fsf-native --nodes 400000

(``$REF_ENGINES``: wherever a native Fairy-Stockfish build is kept, outside the
repository.)

For every solver move of every stored puzzle, Fairy-Stockfish (``UCI_Variant xiangqi``,
one thread, 32 MB hash cleared before each search, a fixed node count so the run
repeats on any machine) searches the position and its best move is compared with the
moves the puzzle accepts there (``Puzzle.accepted``). It prints the agreement rate
overall, at the first solver move, by goal and by source, and the disagreements (id,
ply, FSF's move and score), recorded in ``docs/puzzles.md``.

Unless ``--no-record`` (or ``--limit``), it writes the run's record,
``tests/data/puzzles_fsf_record.jsonl``: a header line (engine, nodes, date, result),
then one line a puzzle — its id, ``line_digest`` (position, shown moves, rules and
solution) and Fairy-Stockfish's move at each solver move. The engine never runs in the
tests: ``tests/puzzles/test_fsf_record.py`` checks that every puzzle of the data has a
record for exactly its line whose moves it accepts, so data rebuilt without running this
again fails the tests. The tests also check with pyffish what needs no search
(``tests/puzzles/test_pyffish.py``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cotuong.engine.interface import Limits  # noqa: E402
from cotuong.puzzles import line_digest, load_collection  # noqa: E402
from cotuong.uci import ExternalEngine  # noqa: E402

RECORD = ROOT / "tests" / "data" / "puzzles_fsf_record.jsonl"


def source_of(puzzle_id: str) -> str:
    if puzzle_id.startswith("case-") or puzzle_id.rsplit("-", 1)[1].startswith("r"):
        return "perpetual"
    return "study" if "-eg-" in puzzle_id else "game"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine", help="path of the Fairy-Stockfish binary")
    ap.add_argument("--nodes", type=int, default=400_000)
    ap.add_argument("--limit", type=int, default=0, help="the first N puzzles only (0: all)")
    ap.add_argument("--no-record", action="store_true", help="do not write the record")
    args = ap.parse_args()
    engine = ExternalEngine(args.engine, rank_base=1)
    engine.set_option("UCI_Variant", "xiangqi")
    engine.set_option("Threads", "1")
    engine.set_option("Hash", "32")
    name = engine.name
    agree: Counter[str] = Counter()
    total: Counter[str] = Counter()
    misses = []
    records = []
    t0, cpu0 = time.time(), time.process_time()
    try:
        puzzles = list(load_collection())
        for n, p in enumerate(puzzles[:args.limit or len(puzzles)]):
            source = source_of(p.puzzle_id)
            fsf_moves = []
            for k, accepted in enumerate(p.accepted):
                moves = [*p.moves_before, *p.solution[:2 * k]]
                engine.new_game()
                result = engine.search(p.fen, moves, Limits(nodes=args.nodes))
                fsf_moves.append(result.bestmove)
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
            records.append({"puzzle_id": p.puzzle_id, "line": line_digest(p),
                            "fsf": fsf_moves})
            if n % 25 == 0:
                print(f"{n} puzzles, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    finally:
        engine.close()
    lines = [f"{key}: {agree[key]}/{total[key]} = {100 * agree[key] / total[key]:.1f} %"
             for key in sorted(total)]
    wall = time.time() - t0
    print("\n".join(lines))
    print(f"nodes {args.nodes}, {wall:.0f} s")
    for line in misses:
        print(line)
    if not args.no_record and not args.limit:
        header = {"engine": name, "binary": Path(args.engine).name,
                  "nodes": args.nodes, "threads": 1, "hash_mb": 32,
                  "date": datetime.date.today().isoformat(), "wall_seconds": round(wall),
                  "client_cpu_seconds": round(time.process_time() - cpu0),
                  "agreement": lines, "misses": misses}
        with RECORD.open("w", encoding="utf-8") as f:
            f.write(json.dumps(header, ensure_ascii=False) + "\n")
            for r in records:
                f.write(json.dumps(r) + "\n")
        print(f"record written: {RECORD.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
