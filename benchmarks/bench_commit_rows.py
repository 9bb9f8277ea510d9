"""A move's commit on the event loop (``storage.loop_writes``), with the game row's every
mutable column rewritten (as before 2026-12-03 afternoon) or only the changed ones
(``play.values.row_changes``): CPU time a commit and WAL frames a commit, on a SQLite
file holding ``--games`` live games, one move a commit to a random game (the server's
usual batch at 1,000 games); ``--rowid-moves``: the ``moves`` table as databases made
before 2026-12-03 have it (a rowid table and its primary key's index).

    python benchmarks/bench_commit_rows.py --games 1000 --moves 4000 --runs 3
    python benchmarks/bench_commit_rows.py --rowid-moves
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

from cotuong.server.play.values import row_changes
from cotuong.server.storage import database_url
from cotuong.server.storage.loop_writes import LoopWriter
from cotuong.server.storage.store import Store
from cotuong.server.storage.tables import moves as moves_table
from cotuong.server.storage.writes import RecordMove

ROOM = dict(rules="xiangqiplay", time_control=None, rated=False, opponent="human",
            ai_level=None, lang="vi", host_id="g:1", host_name="A", host_color="red",
            guest_id="g:2", guest_name="B", current_game_id=None, created_at=0)
ROW = {"status": "playing", "result": "*", "winner": None, "termination": None,
       "explanation_vi": None, "explanation_en": None, "red_ms": 300_000,
       "black_ms": 300_000, "running": "red", "since_ms": 0, "disconnected": None,
       "draw_offer": None, "takeback_request": None, "rematch_request": None,
       "warnings": None, "version": 0}


def run(games: int, moves: int, changed_only: bool, seed: int) -> tuple[float, float]:
    """(µs of CPU a commit, WAL frames a commit)."""
    path = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
    store = Store(database_url(path))
    for i in range(games):
        store.create_room({**ROOM, "code": f"R{i:05d}"})
        store.create_game(dict(room_code=f"R{i:05d}", red_slot="host", start_fen="x",
                               status="playing", result="*", plies=0, version=0,
                               created_at=0), {})
    writer = LoopWriter.for_store(store)
    assert writer is not None
    writer.checkpoint()
    wal0 = os.path.getsize(path + "-wal")
    rnd = random.Random(seed)
    rows = {g: dict(ROW) for g in range(1, games + 1)}
    plies = dict.fromkeys(rows, 0)
    started = time.thread_time()
    for k in range(moves):
        g = rnd.randrange(1, games + 1)
        plies[g] += 1
        stored = rows[g]
        fields = {**stored, "version": plies[g], "since_ms": k,
                  "running": "black" if plies[g] % 2 else "red",
                  ("red_ms" if plies[g] % 2 else "black_ms"): 300_000 - k}
        write = row_changes(fields, stored) if changed_only else fields
        assert writer.write([RecordMove(g, plies[g], "h2e2", k, write)])
        rows[g] = fields
    cpu = (time.thread_time() - started) / moves * 1e6
    frames = (os.path.getsize(path + "-wal") - wal0) / (4096 + 24) / moves
    writer.close()
    store.close()
    return cpu, frames


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=4000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rowid-moves", action="store_true",
                    help="the moves table with a rowid (its layout before 2026-12-03)")
    args = ap.parse_args()
    if args.rowid_moves:
        moves_table.dialect_options["sqlite"]["with_rowid"] = True
    for changed_only in (False, True):
        got = [run(args.games, args.moves, changed_only, seed) for seed in range(args.runs)]
        cpu = statistics.median(c for c, _ in got)
        frames = statistics.median(f for _, f in got)
        label = "changed columns only" if changed_only else "every column"
        print(f"{label:22s} {cpu:6.1f} µs a commit, {frames:.2f} WAL frames a commit "
              f"(median of {args.runs})")


if __name__ == "__main__":
    main()
