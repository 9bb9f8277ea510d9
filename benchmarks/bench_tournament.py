"""Tournament director: schedules, standings, exports, the store, and kill-safety.

    python benchmarks/bench_tournament.py              # timings + 20 SIGKILLs
    python benchmarks/bench_tournament.py --kills 200  # more kills
    python benchmarks/bench_tournament.py --swiss      # only the Swiss and knockout part
                                                       # (its peak RSS is then its own)

Every timing is printed with the peak RSS of the process so far (ru_maxrss).
The kill loop starts a writer process, SIGKILLs it at a random moment, reopens
the store, runs SQLite's integrity check plus a full replay, and counts the kills
that left a hot journal (i.e. landed inside a transaction).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from cotuong.tournament import (
    Knockout,
    PlayerInfo,
    SwissTournament,
    Tournament,
    berger_schedule,
    trf_text,
)
from cotuong.tournament.export import round_record, round_to_csv, standings_to_csv
from cotuong.tournament.page import render_html
from cotuong.tournament.store import DEFAULT_FILENAME, SqliteStore


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def report(label: str, seconds: float, extra: str = "") -> None:
    print(f"{label:58s} {seconds * 1000:10.1f} ms  peak RSS {rss_mb():6.1f} MB  {extra}",
          flush=True)


def full_event(n: int, double: bool, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    t = Tournament([f"Player {i}" for i in range(1, n + 1)], double=double)
    for rnd in t.schedule:
        for p in rnd:
            if not p.bye:
                t.record(p.round, p.red, p.black, rng.choice(["1-0", "0-1", "1/2-1/2"]))
    return t


WRITER = textwrap.dedent("""
    import sys
    from cotuong.tournament.store import SqliteStore
    store = SqliteStore.open(sys.argv[1])
    t = store.load()
    results = ["1-0", "0-1", "1/2-1/2"]
    for k, p in enumerate(p for rnd in t.schedule for p in rnd if not p.bye):
        if t.result_of(p.round, p.board) is None:
            store.update(lambda t, p=p, k=k: t.record(p.round, p.red, p.black, results[k % 3]))
""")


def kill_loop(kills: int) -> None:
    rng = random.Random(7)
    hot = bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        script = root / "writer.py"
        script.write_text(WRITER)
        start = time.perf_counter()
        for i in range(kills):
            club = root / f"club{i // 25}"
            if not (club / DEFAULT_FILENAME).exists():
                SqliteStore.create(club, Tournament([f"P{k}" for k in range(40)])).close()
            proc = subprocess.Popen([sys.executable, str(script), str(club)])
            time.sleep(rng.uniform(0.3, 1.2))  # start-up is ~0.3 s, then writes
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            if (club / (DEFAULT_FILENAME + "-journal")).exists():
                hot += 1
            try:
                store = SqliteStore.open(club)
                store.check()
                store.close()
            except Exception as exc:  # counted and printed, never hidden
                bad += 1
                print(f"  kill {i}: {exc}")
        report(f"{kills} SIGKILLs of a writer; integrity+replay after each",
               time.perf_counter() - start,
               f"hot journal after {hot}, damaged stores {bad}")


def swiss_part(players: int = 200, rounds: int = 9) -> None:
    """Pair every round of a 200-player Swiss (py4swiss, FIDE Dutch), standings with the
    Swiss tie-breaks, the TRF and the page, a store replay; then a 128-player knockout."""
    start = time.perf_counter()
    import py4swiss.engines  # noqa: F401 (the library's lazy import, timed on its own)
    report("import py4swiss (and pydantic)", time.perf_counter() - start)
    rng = random.Random(200)
    t = SwissTournament([PlayerInfo(f"Player {i}", "", rng.randint(1200, 2600))
                         for i in range(1, players + 1)], rounds=rounds, scoring=(1, 0.5, 0))
    times = []
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        t.pair_next_round()
        times.append(time.perf_counter() - start)
        for p in t.pairings(r):
            if p.rests is None:
                t.record(r, p.red or "", p.black or "", rng.choice(["1-0", "0-1", "1/2-1/2"]))
    report(f"Swiss {players}: pair round 1 (py4swiss Dutch)", times[0])
    report(f"Swiss {players}: pair rounds 2..{rounds}, mean", sum(times[1:]) / (rounds - 1),
           f"max {max(times[1:]) * 1000:.0f} ms")
    start = time.perf_counter()
    rows = t.standings()
    report(f"Swiss {players}: standings after round {rounds} (5 tie-breaks)",
           time.perf_counter() - start, f"{len(rows)} rows")
    start = time.perf_counter()
    for r in range(1, rounds + 1):
        t.standings(r)
    report(f"Swiss {players}: standings after each of {rounds} rounds",
           time.perf_counter() - start)
    start = time.perf_counter()
    trf = trf_text(t)
    html = render_html(t)
    report(f"Swiss {players}: TRF-16 + HTML page", time.perf_counter() - start,
           f"TRF {len(trf) // 1024} kB, HTML {len(html) // 1024} kB")
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore.create(Path(tmp) / "swiss", t)
        store.close()
        start = time.perf_counter()
        loaded = SqliteStore.open(Path(tmp) / "swiss").load()
        report(f"Swiss {players}: open + replay {len(t.events)} events (no pairing)",
               time.perf_counter() - start)
        assert loaded.standings() == rows
    start = time.perf_counter()
    ko = Knockout([f"K{i}" for i in range(128)], games=2, ladder=(("replay", 1), ("blitz", 2)))
    while not ko.finished:
        games = ko.next_games()
        if games:
            ko.record(games[0].match, rng.choice(["1-0", "0-1", "1/2-1/2"]))
        else:
            m = next(m for m in ko.matches() if m.waiting_for_lots)
            ko.draw_lots(m.id, m.a or 0)
    report("knockout 128, 2-game matches + ladder, every game recorded",
           time.perf_counter() - start, f"{len(ko.events)} events")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--swiss", action="store_true", help="only the Swiss and knockout part")
    args = ap.parse_args()
    if args.swiss:
        swiss_part()
        return

    start = time.perf_counter()
    for n in range(2, 41):
        berger_schedule(n, double=True)
    report("Berger schedules, single + double, n = 2..40", time.perf_counter() - start)

    for n, double in ((16, False), (40, False), (40, True)):
        start = time.perf_counter()
        t = full_event(n, double)
        games = len(t.games())
        report(f"record every result, n={n} {'double' if double else 'single'}",
               time.perf_counter() - start, f"{games} games")
        start = time.perf_counter()
        for r in range(1, t.rounds + 1):
            t.standings(r)
        report(f"  standings after each of {t.rounds} rounds", time.perf_counter() - start)
        start = time.perf_counter()
        html = render_html(t)
        csvs = [round_to_csv(round_record(t, r)) for r in range(1, t.rounds + 1)]
        csvs.append(standings_to_csv(t.standings(), t.tiebreak_keys))
        report("  HTML page + every round CSV + standings CSV", time.perf_counter() - start,
               f"HTML {len(html) // 1024} kB")

    with tempfile.TemporaryDirectory() as tmp:
        t = full_event(40, True)
        store = SqliteStore.create(Path(tmp) / "club", Tournament(t.initial_players,
                                                                  double=True))
        start = time.perf_counter()
        for e in t.events:
            store.update(lambda tt, e=e: tt.apply(e))
        elapsed = time.perf_counter() - start
        report("store: 1560 results, one transaction each (synchronous=FULL)", elapsed,
               f"{elapsed / len(t.events) * 1000:.2f} ms/result")
        start = time.perf_counter()
        loaded = SqliteStore.open(Path(tmp) / "club").load()
        report("store: open + replay 1560 events", time.perf_counter() - start)
        assert loaded.standings() == t.standings()
        size = (Path(tmp) / "club" / DEFAULT_FILENAME).stat().st_size
        print(f"{'store file size':58s} {size / 1024:10.1f} kB")
        start = time.perf_counter()
        store.update(lambda tt: tt.undo())
        report("store: undo the last of 1560 results (rebuild + commit)",
               time.perf_counter() - start)

    with tempfile.TemporaryDirectory() as tmp:
        t = full_event(40, True)
        store = SqliteStore.create(Path(tmp) / "club", Tournament(t.initial_players,
                                                                  double=True))
        start = time.perf_counter()
        for r in range(1, t.rounds + 1):
            results = [g.result.text for g in t.games(r)]
            store.update(lambda tt, r=r, results=results: tt.record_round(r, results))
        elapsed = time.perf_counter() - start
        report(f"store: the same, whole rounds ({t.rounds} transactions)", elapsed,
               f"{elapsed / t.rounds * 1000:.1f} ms/round")
        assert SqliteStore.open(Path(tmp) / "club").load().standings() == t.standings()

    swiss_part()
    kill_loop(args.kills)


if __name__ == "__main__":
    main()
