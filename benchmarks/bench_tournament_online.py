"""Online events of 200 players: how long the server takes to answer a Swiss's and a
knockout's API view, page, printable page and TRF, and how much memory building each
takes.

    python benchmarks/bench_tournament_online.py            # Swiss of 200, 7 rounds
    python benchmarks/bench_tournament_online.py --pairer dutch   # paired by py4swiss

The events are written straight into a running server's database (the store's own
functions, as the director writes them: a pairing event per round, a result per board)
and then read over HTTP like any visitor: each request is timed over ``--repeat``
requests (median and max). Building each answer is measured again outside the server
with ``tracemalloc`` (its peak Python allocation). By default the rounds are paired by
the Berger tables (fast, every pairing distinct); ``--pairer dutch`` pairs each round
by FIDE Dutch through py4swiss (``bench_tournament.py --swiss`` times that pairing).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import httpx
import uvicorn

from cotuong.server import Settings, create_app
from cotuong.server.tournaments import Options
from cotuong.server.tournaments import store as ts
from cotuong.server.tournaments.pages import print_page, tournament_page
from cotuong.server.tournaments.views import tournament_view
from cotuong.tournament import Knockout, PlayerInfo, SwissTournament, berger_schedule, trf_text
from cotuong.tournament.systems import Directed


def swiss_event(players: int, rounds: int, pairer: str, seed: int = 1) -> SwissTournament:
    """A Swiss of ``players`` with every board of ``rounds`` rounds decided at random."""
    rng = random.Random(seed)
    names = [f"p{i:03d}" for i in range(1, players + 1)]
    t = SwissTournament([PlayerInfo(n, rating=rng.randint(1200, 2600)) for n in names],
                        rounds=rounds)
    t.draw_numbers(order=names)
    berger = berger_schedule(players) if pairer == "berger" else ()
    for r in range(1, rounds + 1):
        if pairer == "dutch":
            t.pair_next_round()
        else:
            t.pair_round([(names[p.red - 1], names[p.black - 1]) for p in berger[r - 1]
                          if not p.bye])
        for p in t.pairings(r):
            if p.red and p.black:
                t.record(r, p.red, p.black, rng.choice(["1-0", "0-1", "1/2-1/2"]))
    return t


def knockout_event(players: int, seed: int = 1) -> Knockout:
    """A knockout of ``players`` (2-game matches, a replay then lots), every match played."""
    rng = random.Random(seed)
    ko = Knockout([f"p{i:03d}" for i in range(1, players + 1)], games=2)
    while not ko.finished:
        for g in ko.next_games():
            ko.record(g.match, rng.choice(["1-0", "0-1", "1/2-1/2"]))
        for m in ko.matches():
            if m.waiting_for_lots:
                ko.draw_lots(m.id, ko.name_of(m.a))
    return ko


def store_event(engine: Any, t: Directed) -> int:
    """The event as the director would have written it; its id."""
    names = [p.name for p in t.players]
    options = Options("xiangqiplay", None, "auto", 0.0, "vi",
                      {n: f"u:{i}" for i, n in enumerate(names, 1)})
    tid = ts.create_tournament(engine, type(t).from_settings(t.settings()), {
        "name": t.title or "Bench", "organiser": "u:0", "organiser_name": "trongtai",
        "options": json.dumps(options.to_json()), "created_at": 0})
    events = list(t.events)

    def replayed(x: Directed) -> None:
        for e in events:
            x.apply(e)
    ts.update(engine, tid, replayed, "server", 1, {"status": "finished",
                                                    "open_round": t.rounds})
    return tid


def measured(build: Callable[[], object]) -> tuple[float, float]:
    """``(seconds, peak MB)`` of a call: timed as it runs, then run again under
    tracemalloc for the peak of what it allocates (tracemalloc slows it many times)."""
    started = time.perf_counter()
    build()
    took = time.perf_counter() - started
    tracemalloc.start()
    build()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return took, peak


async def over_http(base: str, paths: dict[str, str],
                    repeat: int) -> dict[str, tuple[float, float, int]]:
    """``(median s, max s, bytes)`` of each path's answer."""
    out = {}
    async with httpx.AsyncClient(base_url=base, timeout=120) as c:
        for label, path in paths.items():
            times, size = [], 0
            for _ in range(repeat):
                started = time.perf_counter()
                r = await c.get(path)
                times.append(time.perf_counter() - started)
                r.raise_for_status()
                size = len(r.content)
            out[label] = (statistics.median(times), max(times), size)
    return out


async def run(players: int, rounds: int, pairer: str, repeat: int) -> None:
    started = time.perf_counter()
    swiss = swiss_event(players, rounds, pairer)
    ko = knockout_event(players)
    print(f"built the events in {time.perf_counter() - started:.1f} s "
          f"({len(swiss.events)} and {len(ko.events)} events)")
    settings = Settings(db="sqlite://", http_rate=100_000, http_burst=100_000,
                        page_rate=100_000, page_burst=100_000, engine_warmup=False)
    app = create_app(settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning",
                                           lifespan="on"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        port = server.servers[0].sockets[0].getsockname()[1]
        engine = app.state.tournaments.engine
        sid, kid = store_event(engine, swiss), store_event(engine, ko)
        paths = {"swiss API view": f"/api/tournaments/{sid}",
                 "swiss page": f"/tournaments/{sid}",
                 "swiss printable page": f"/tournaments/{sid}/print",
                 "swiss TRF": f"/api/tournaments/{sid}/trf",
                 "knockout API view": f"/api/tournaments/{kid}",
                 "knockout page": f"/tournaments/{kid}"}
        answers = await over_http(f"http://127.0.0.1:{port}", paths, repeat)
        print(f"| request ({players} players) | median | max | size |\n|---|---|---|---|")
        for label, (med, most, size) in answers.items():
            print(f"| {label} | {med * 1000:.0f} ms | {most * 1000:.0f} ms | "
                  f"{size / 1000:.0f} kB |")
        print("\n| building (outside the server) | time | peak Python memory |\n|---|---|---|")
        for label, tid in (("swiss", sid), ("knockout", kid)):
            found = ts.load(engine, tid)
            assert found is not None
            row, t = found
            boards = ts.boards(engine, tid)
            for what, build in (
                    ("replay of the log", lambda tid=tid: ts.load(engine, tid)),
                    ("API view", lambda row=row, t=t, boards=boards: tournament_view(
                        row, t, boards, 0)),
                    ("page", lambda row=row, t=t, boards=boards: tournament_page(
                        row, t, boards, False)),
                    ("printable page", lambda row=row, t=t: print_page(row, t))):
                took, peak = measured(build)
                print(f"| {label}: {what} | {took * 1000:.0f} ms | {peak:.1f} MB |")
        took, peak = measured(lambda: trf_text(swiss))
        print(f"| swiss: TRF-16 | {took * 1000:.0f} ms | {peak:.1f} MB |")
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"\npeak RSS of the whole process (server, events, requests): {rss:.0f} MB")
    finally:
        server.should_exit = True
        await task


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--pairer", choices=("berger", "dutch"), default="berger")
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args(argv)
    asyncio.run(run(args.players, args.rounds, args.pairer, args.repeat))
    return 0


if __name__ == "__main__":
    sys.exit(main())
