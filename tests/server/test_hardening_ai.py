"""Hardening of the AI (issue 21): one search in flight per person and per address, a
search stopped when its game ends or its room is left (also inside a worker process),
short moves ahead of long ones, and a limit on unfinished AI games."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from harness import running, socket_to

from cotuong import START_FEN
from cotuong.server import Settings
from cotuong.server.workers.jobs import Job, MoveJob, PositionEval, Progress
from cotuong.server.workers.pool import EnginePool

MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class HeldEngines:
    """An engine runner whose searches last until the test lets them go; it records how
    many run at once and which were cancelled."""

    kind = "fake"
    ready = True

    def __init__(self) -> None:
        self.running: list[MoveJob] = []
        self.most = 0
        self.cancelled = 0
        self.done = 0
        self.release = asyncio.Event()

    async def start(self, warm: bool = True) -> None:
        return None

    async def wait_ready(self) -> None:
        return None

    async def run(self, job: Job, on_progress: Progress | None = None
                  ) -> str | tuple[PositionEval, ...]:
        assert isinstance(job, MoveJob)
        self.running.append(job)
        self.most = max(self.most, len(self.running))
        try:
            await self.release.wait()
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        finally:
            self.running.remove(job)
        self.done += 1
        return "h7e7" if job.moves else "h2e2"

    async def close(self) -> None:
        return None

    async def until(self, test: Any, timeout: float = 5) -> None:
        deadline = time.monotonic() + timeout
        while not test():
            assert time.monotonic() < deadline, "timed out"
            await asyncio.sleep(0.02)


def test_one_search_per_person_and_address_and_stopped_when_the_room_is_left() -> None:
    async def scenario() -> None:
        engines = HeldEngines()
        settings = Settings(db="sqlite://", ai_games_per_person=5)
        async with running(settings, engine_pool=engines) as srv, \
                srv.client() as a, srv.client() as b:
            # Two people (two cookies) from one address, three games where the AI (Red)
            # moves first.
            rooms = []
            for c in (a, a, b):
                r = await c.post("/api/rooms", json={"opponent": "ai", "ai_level": 8,
                                                     "color": "black"})
                assert r.status_code == 201, r.text
                rooms.append(r.json())
            # Nobody at the board yet: no search.
            await asyncio.sleep(0.2)
            assert engines.running == []
            async with socket_to(srv, rooms[0]["code"], rooms[0]["secret"]) as s0, \
                    socket_to(srv, rooms[1]["code"], rooms[1]["secret"]), \
                    socket_to(srv, rooms[2]["code"], rooms[2]["secret"]):
                await engines.until(lambda: len(engines.running) == 1)
                await asyncio.sleep(0.3)
                assert engines.most == 1  # the others wait for the address's lane
                await s0.close()  # the first game's human leaves: its search stops
                await engines.until(lambda: engines.cancelled == 1)
                await engines.until(lambda: len(engines.running) == 1)
                engines.release.set()
                await engines.until(lambda: engines.done == 2)
                assert engines.most == 1
    run(scenario())


def test_a_search_stops_when_its_game_ends() -> None:
    async def scenario() -> None:
        engines = HeldEngines()
        async with running(engine_pool=engines) as srv, srv.client() as c:
            me = (await c.post("/api/rooms", json={"opponent": "ai", "ai_level": 8,
                                                   "color": "red"})).json()
            async with socket_to(srv, me["code"], me["secret"]) as sock:
                await sock.send(type="move", move="h2e2", ply=0)
                await engines.until(lambda: len(engines.running) == 1)
                await sock.send(type="resign")
                await sock.state(status="finished")
                await engines.until(lambda: engines.cancelled == 1)
    run(scenario())


def test_unfinished_ai_games_are_limited_per_person_and_address() -> None:
    async def scenario() -> None:
        engines = HeldEngines()
        settings = Settings(db="sqlite://", ai_games_per_person=2)
        async with running(settings, engine_pool=engines) as srv, \
                srv.client() as a, srv.client() as b:
            body = {"opponent": "ai", "ai_level": 1}
            assert (await a.post("/api/rooms", json=body)).status_code == 201
            assert (await a.post("/api/rooms", json=body)).status_code == 201
            r = await a.post("/api/rooms", json=body)
            assert r.status_code == 429 and r.json()["error"]["code"] == "AI_GAMES_LIMIT"
            # A fresh guest cookie from the same address gains nothing.
            r = await b.post("/api/rooms", json=body)
            assert r.status_code == 429
            # Games against people are not counted.
            assert (await a.post("/api/rooms", json={})).status_code == 201
    run(scenario())


def test_a_cancelled_search_frees_its_worker_process_at_once() -> None:
    async def scenario() -> None:
        # Every timed search of this engine takes 30 s unless stopped.
        pool = EnginePool(1, f"cmd:{sys.executable} {MOCK} --mode slow --delay 30")
        try:
            await pool.start(warm=True)
            await pool.wait_ready()
            first_pid = pool.pids()[0]
            long = asyncio.ensure_future(pool.run(MoveJob(8, START_FEN, (), 30_000)))
            worker = pool._workers[0]
            while worker.current is None:
                await asyncio.sleep(0.02)
            short = asyncio.ensure_future(pool.run(MoveJob(1, START_FEN, ("h2e2",), 100)))
            await asyncio.sleep(0.2)
            assert worker.current is not None and worker.current.job.level == 8
            long.cancel()
            started = time.monotonic()
            while worker.current is None or worker.current.job.level != 1:
                assert time.monotonic() - started < 10, "the cancelled search kept its worker"
                await asyncio.sleep(0.02)
            assert pool.pids() != [first_pid]  # the process was ended and replaced
            short.cancel()
        finally:
            pool.shutdown()
    run(scenario())


def test_short_moves_go_ahead_of_long_ones() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, f"cmd:{sys.executable} {MOCK} --mode slow --delay 0.5")
        try:
            await pool.start(warm=True)
            await pool.wait_ready()
            order: list[int] = []

            async def move(level: int, ms: int) -> None:
                await pool.run(MoveJob(level, START_FEN, (), ms))
                order.append(level)
            blocker = asyncio.ensure_future(move(2, 500))
            while pool._workers[0].current is None:
                await asyncio.sleep(0.02)
            jobs = [asyncio.ensure_future(move(8, 9_000)),
                    asyncio.ensure_future(move(1, 300))]
            await asyncio.gather(blocker, *jobs)
            assert order == [2, 1, 8]
        finally:
            pool.shutdown()
    run(scenario())
