"""A whole Vietnamese open played on a running server through its public REST and
WebSocket API only: ``players`` accounts register, an organiser creates a Swiss of
``rounds`` rounds followed by a knockout of the top ``top`` (one replay, then lots),
starts it, and every game of every round is played in its room by its two players over
the room's sockets — two moves each, then a resignation or an agreed draw, as a
seeded random sheet says. In the knockout, the first quarter-final's game is drawn and
its replay won (a drawn game replayed), the second's game and replay are both drawn (a
match decided by the server's lots); every other game is won by Red. Nothing is
recorded by the organiser: results reach the event from the games themselves, the
next Swiss round is paired when the last board ends, the knockout opens when the Swiss
is over.

The server must let the organiser enter accounts directly and allow this many
connections and registrations from one address, e.g.::

    COTUONG_TOURNAMENT_DIRECT_ENTRY=1 COTUONG_LOGIN_BURST=1000 \\
    COTUONG_HTTP_BURST=100000 COTUONG_MAX_CONNECTIONS_PER_ADDRESS=1000 cotuong serve
    python benchmarks/event_126.py http://127.0.0.1:8000

(``tests/server/test_event_script.py`` runs it on a server of its own, 16 players in the
normal suite, the full 126 marked ``slow``.) It prints the timings, the standings after
the last Swiss round (top 10) and the knockout's placings, and returns them as
:class:`EventReport`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import ssl
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

OPENING = ("h2e2", "h9g7")  # two plies before a resignation or a draw
RESULTS = ("1-0", "0-1", "1/2-1/2")
WEIGHTS = (45, 35, 20)


@dataclass
class EventReport:
    """What the run saw: the Swiss's id and final view, the knockout's, every Swiss game
    as ``(round, red, black, result)``, the byes ``(round, player, kind)``, timings."""

    swiss_id: int = 0
    knockout_id: int = 0
    swiss: dict[str, Any] = field(default_factory=dict)
    knockout: dict[str, Any] = field(default_factory=dict)
    games: list[tuple[int, str, str, str]] = field(default_factory=list)
    byes: list[tuple[int, str, str]] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    played: int = 0


class Socket:
    """A room's WebSocket: send messages, wait for the frame wanted."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    async def send(self, **msg: Any) -> None:
        await self.ws.send(json.dumps(msg))

    async def wait(self, kind: str, timeout: float = 30, **match: Any) -> dict[str, Any]:
        async def find() -> dict[str, Any]:
            while True:
                frame = json.loads(await self.ws.recv())
                if frame.get("type") == kind and all(frame.get(k) == v
                                                     for k, v in match.items()):
                    return frame  # type: ignore[no-any-return]
        return await asyncio.wait_for(find(), timeout)


@contextlib.asynccontextmanager
async def seat(ws_base: str, client: httpx.AsyncClient, code: str) -> AsyncIterator[Socket]:
    """Join the room (the reserved seat) and open its socket as the same account."""
    r = await client.post(f"/api/rooms/{code}/join")
    r.raise_for_status()
    secret = r.json()["secret"]
    cookie = "; ".join(f"{c.name}={c.value}" for c in client.cookies.jar if c.value)
    async with connect(f"{ws_base}/ws/rooms/{code}", additional_headers={"Cookie": cookie},
                       max_size=2**22) as ws:
        sock = Socket(ws)
        await sock.send(type="hello", secret=secret)
        await sock.wait("welcome")
        yield sock


async def play(ws_base: str, red: httpx.AsyncClient, black: httpx.AsyncClient, code: str,
               result: str) -> None:
    """Play a board to ``result``: two moves, then a resignation or an agreed draw."""
    async with seat(ws_base, red, code) as rs, seat(ws_base, black, code) as bs:
        for ply, move in enumerate(OPENING):
            await (rs if ply % 2 == 0 else bs).send(type="move", move=move, ply=ply)
            await rs.wait("state", ply=ply + 1)
        if result == "1/2-1/2":
            await rs.send(type="offer_draw")
            await bs.wait("state", draw_offer="red")
            await bs.send(type="accept_draw")
        else:
            await (bs if result == "1-0" else rs).send(type="resign")
        await rs.wait("state", status="finished")


async def view(c: httpx.AsyncClient, tid: int) -> dict[str, Any]:
    r = await c.get(f"/api/tournaments/{tid}")
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


async def until(c: httpx.AsyncClient, tid: int, check: Any, timeout: float = 120) -> dict[str, Any]:
    """The view once ``check(view)`` holds."""
    deadline = time.monotonic() + timeout
    while True:
        v = await view(c, tid)
        if check(v):
            return v
        if time.monotonic() > deadline:
            raise TimeoutError(f"tournament {tid}: {v['status']}, round {v['open_round']}")
        await asyncio.sleep(0.05)


def knockout_result(board: dict[str, Any]) -> str:
    """The sheet of the knockout: R1M1 drawn then won on the replay, R1M2 drawn twice
    (lots), everything else won by Red."""
    if board["match"] == "R1M1" and board["stage"] == "game":
        return "1/2-1/2"
    if board["match"] == "R1M2":
        return "1/2-1/2"
    return "1-0"


async def run_event(base: str, players: int = 126, rounds: int = 7, top: int = 8,
                    seed: int = 26, concurrency: int = 8, prefix: str = "dt") -> EventReport:
    """Drive the whole event on the server at ``base``; see the module's docstring."""
    report = EventReport()
    ws_base = base.replace("http", "ws", 1)
    names = [f"{prefix}{i:03d}" for i in range(1, players + 1)]
    # Idle connections are dropped before a server's keep-alive timeout (uvicorn: 5 s)
    # closes them under a request about to be sent on one.
    limits = httpx.Limits(keepalive_expiry=2)
    tls = ssl.create_default_context()  # one for all: httpx loads the CA bundle per context
    clients = {n: httpx.AsyncClient(base_url=base, timeout=60, limits=limits, verify=tls)
               for n in [*names, "trongtai"]}
    gate = asyncio.Semaphore(concurrency)
    rng = random.Random(seed)
    try:
        t0 = time.perf_counter()

        async def register(n: str) -> None:
            async with gate:
                r = await clients[n].post("/api/accounts/register",
                                          json={"username": n, "password": "correct horse"})
                r.raise_for_status()
        await asyncio.gather(*(register(n) for n in clients))
        report.timings["register_s"] = time.perf_counter() - t0
        arb = clients["trongtai"]
        r = await arb.post("/api/tournaments", json={
            "name": "Giải cờ tướng mở rộng Hà Nội", "players": names, "system": "swiss",
            "rounds": rounds, "ratings": {n: 2400 - 7 * i for i, n in enumerate(names)},
            "time_control": {"kind": "fischer", "base_ms": 600_000, "increment_ms": 5_000},
            "no_show_s": 0, "stages": [{"system": "knockout", "top": top,
                                        "ladder": [["replay", 1]], "third_place": False}]})
        r.raise_for_status()
        tid = report.swiss_id = r.json()["tournament_id"]
        (await arb.post(f"/api/tournaments/{tid}/start")).raise_for_status()

        async def board(b: dict[str, Any], result: str) -> None:
            async with gate:
                await play(ws_base, clients[b["red"]], clients[b["black"]], b["room"], result)
                report.played += 1

        for rnd in range(1, rounds + 1):
            t1 = time.perf_counter()
            v = await until(arb, tid, lambda v, rnd=rnd: v["open_round"] == rnd
                            and all(b["room"] for b in v["rounds"][rnd - 1]["boards"]
                                    if b["result"] is None))
            report.timings[f"round_{rnd}_opened_s"] = time.perf_counter() - t1
            todo = [b for b in v["rounds"][rnd - 1]["boards"] if b["result"] is None]
            sheet = [rng.choices(RESULTS, WEIGHTS)[0] for _ in todo]
            await asyncio.gather(*(board(b, res) for b, res in zip(todo, sheet, strict=True)))
            v = await until(arb, tid, lambda v, rnd=rnd: v["rounds"][rnd - 1]["complete"])
            report.timings[f"round_{rnd}_s"] = time.perf_counter() - t1
            report.games += [(rnd, b["red"], b["black"], b["result"])
                             for b in v["rounds"][rnd - 1]["boards"]]
            report.byes += [(rnd, y["player"], y["kind"])
                            for y in v["rounds"][rnd - 1].get("byes", [])]
        report.swiss = await until(arb, tid, lambda v: v["status"] == "finished"
                                   and v["stages"]["next"] is not None)
        ko = report.knockout_id = report.swiss["stages"]["next"]
        t2 = time.perf_counter()
        while True:
            v = await view(arb, ko)
            if v["status"] == "finished":
                break
            r = v["open_round"]
            live = [{**b, "round": r} for b in v["rounds"][r - 1]["boards"]
                    if b["result"] is None and b["room"]] if r else []
            if not live:
                await asyncio.sleep(0.05)
                continue
            await asyncio.gather(*(board(b, knockout_result(b)) for b in live))
            await until(arb, ko, lambda v, live=live: v["status"] == "finished"
                        or _recorded(v, live))
        report.knockout = v
        report.timings["knockout_s"] = time.perf_counter() - t2
        report.timings["total_s"] = time.perf_counter() - t0
        return report
    finally:
        for c in clients.values():
            await c.aclose()


def _recorded(v: dict[str, Any], boards: list[dict[str, Any]]) -> bool:
    """Whether every board of ``boards`` has its result in the view ``v``."""
    results = {(r["round"], b["board"]): b["result"] for r in v["rounds"] for b in r["boards"]}
    return all(results.get((b["round"], b["board"])) for b in boards)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--players", type=int, default=126)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--prefix", default="dt")
    args = parser.parse_args(argv)
    report = asyncio.run(run_event(args.base, args.players, args.rounds, args.top,
                                   prefix=args.prefix))
    print(json.dumps({"timings": report.timings, "games": report.played,
                      "swiss_top10": [(r["rank_text"], r["player"], r["points"],
                                       r["tiebreaks"]) for r in report.swiss["standings"][:10]],
                      "knockout": [(r["rank_text"], r["player"])
                                   for r in report.knockout["standings"]]},
                     ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
