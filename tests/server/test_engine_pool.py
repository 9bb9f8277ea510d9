"""The local engine pool: warm-up at start (in the background: the server does not wait
for it, an early AI game does, and its state frames say so), worker processes that die
and are replaced, progress of analysis jobs, a broken engine, shutdown. The mock UCI
engine (tests/uci/mock_engine.py) stands in where the built-in engine's speed does not
matter."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from harness import running, socket_to

from cotuong import START_FEN
from cotuong.server import Settings
from cotuong.server.workers.jobs import (
    AnalysisJob,
    EngineJobError,
    EngineUnavailableError,
    MoveJob,
)
from cotuong.server.workers.pool import EnginePool

MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"


def mock(mode: str = "normal", delay: float = 0.8) -> str:
    return f"cmd:{sys.executable} {MOCK} --mode {mode} --delay {delay}"


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_warm_up_runs_in_the_background_and_jobs_wait_for_it() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, mock("late-first-bestmove", 1.5))
        try:
            started = time.perf_counter()
            await pool.start(warm=True)
            assert time.perf_counter() - started < 0.5  # start() does not wait
            assert not pool.ready
            move = await pool.run(MoveJob(1, START_FEN, ("h2e2",), 100))
            waited = time.perf_counter() - started
            assert pool.ready and len(move) == 4
            assert waited >= 1.5  # it waited for the warm-up's slow first search
            again = time.perf_counter()
            await pool.run(MoveJob(1, START_FEN, ("h2e2", "h9g7"), 100))
            assert time.perf_counter() - again < 1.5  # warm: no waiting any more
        finally:
            pool.shutdown()
    run(scenario())


def test_the_server_starts_at_once_and_the_ai_game_shows_the_warm_up() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", engine_spec=mock("late-first-bestmove", 3.0),
                            ai_movetime_ms=100)
        started = time.perf_counter()
        async with running(settings, warm=True) as srv, srv.client() as c:
            assert time.perf_counter() - started < 2.5  # well before the 3 s warm-up
            pool = srv.service.ai.engines
            assert not pool.ready
            assert (await c.get("/api/stats")).json()["engine"] == {"kind": "local",
                                                                   "ready": False}
            # The AI plays Red: it must move first, and waits for its engine.
            me = (await c.post("/api/rooms", json={"opponent": "ai", "ai_level": 2,
                                                   "color": "black"})).json()
            async with socket_to(srv, me["code"], me["secret"]) as sock:
                first = await sock.state()
                assert first["ply"] == 0 and first["ai_warming"] is True
                moved = await sock.state(ply=1, timeout=30)
                assert moved["ai_warming"] is False and pool.ready
                # The game goes on at the usual pace.
                await sock.send(type="move", move=moved["legal_moves"][0], ply=1)
                await sock.state(ply=2, timeout=10)
    run(scenario())


def test_a_dead_worker_is_replaced_and_its_job_tried_again() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, mock("slow", 1.0))
        try:
            await pool.start(warm=True)
            await pool.wait_ready()
            first_pid = pool.pids()[0]
            job = asyncio.ensure_future(pool.run(MoveJob(3, START_FEN, (), 10_000)))
            await asyncio.sleep(0.4)
            os.kill(first_pid, signal.SIGKILL)
            move = await asyncio.wait_for(job, 60)
            assert len(move) == 4
            assert pool.pids() and pool.pids()[0] != first_pid
        finally:
            pool.shutdown()
    run(scenario())


def test_an_engine_error_fails_the_job_not_the_worker() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, mock())
        try:
            await pool.start(warm=True)
            with pytest.raises(EngineJobError, match=r"[Ii]llegal"):
                await pool.run(MoveJob(1, START_FEN, ("e0e2",), 100))
            pid = pool.pids()[0]
            assert len(await pool.run(MoveJob(1, START_FEN, (), 100))) == 4
            assert pool.pids() == [pid]
        finally:
            pool.shutdown()
    run(scenario())


def test_analysis_jobs_report_progress_and_moves_go_first() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, mock())
        moves = ("h2e2", "h9g7", "h0g2", "i9h9")
        seen: list[int] = []
        finished: list[str] = []
        try:
            await pool.start(warm=True)
            await pool.wait_ready()
            long = [asyncio.ensure_future(pool.run(
                AnalysisJob(START_FEN, moves, 0, 4, 50), seen.append)) for _ in range(3)]
            await asyncio.sleep(0.05)  # the first analysis job is running by now
            move = pool.run(MoveJob(1, START_FEN, moves, 50))

            async def tag(name: str, aw: Any) -> Any:
                result = await aw
                finished.append(name)
                return result
            results = await asyncio.gather(tag("move", move),
                                           *[tag(f"a{i}", j) for i, j in enumerate(long)])
            evals = results[1]
            assert [e.ply for e in evals] == [0, 1, 2, 3, 4]
            # The mock says "cp 21" for the side to move: Red's view flips for Black.
            assert [e.score_cp for e in evals] == [21, -21, 21, -21, 21]
            assert all(e.best for e in evals)
            assert seen[:5] == [1, 2, 3, 4, 5]
            # The move overtook the two analyses still waiting.
            assert finished.index("move") <= 1
        finally:
            pool.shutdown()
    run(scenario())


def test_a_broken_engine_fails_jobs_instead_of_hanging() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, "cmd:/nonexistent/engine")
        try:
            await pool.start(warm=True)
            await asyncio.wait_for(pool.wait_ready(), 30)
            assert pool.error is not None and "nonexistent" in pool.error
            with pytest.raises(EngineUnavailableError):
                await asyncio.wait_for(pool.run(MoveJob(1, START_FEN, (), 100)), 30)
        finally:
            pool.shutdown()
    run(scenario())


def test_shutdown_fails_waiting_jobs_and_stops_the_processes() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, mock("slow", 5.0))
        await pool.start(warm=False)
        busy = asyncio.ensure_future(pool.run(MoveJob(1, START_FEN, (), 20_000)))
        waiting = asyncio.ensure_future(pool.run(MoveJob(1, START_FEN, (), 20_000)))
        await asyncio.sleep(1.0)
        pids = pool.pids()
        started = time.perf_counter()
        await pool.close()
        assert time.perf_counter() - started < 10  # a busy worker is not waited for
        for job in (busy, waiting):
            with pytest.raises(EngineJobError):
                await job
        for pid in pids:
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)
    run(scenario())


def test_after_the_builtin_warm_up_the_first_ai_reply_is_fast() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", ai_movetime_ms=100)
        async with running(settings, warm=True) as srv, srv.client() as c:
            pool = srv.service.ai.engines
            started = time.perf_counter()
            await asyncio.wait_for(pool.wait_ready(), 180)  # a fresh machine compiles
            warm_s = time.perf_counter() - started
            warmed = pool.pids()
            me = (await c.post("/api/rooms", json={"opponent": "ai", "ai_level": 3,
                                                   "color": "black"})).json()
            asked = time.perf_counter()
            async with socket_to(srv, me["code"], me["secret"]) as sock:
                s = await sock.state(ply=1, timeout=30)
            reply_s = time.perf_counter() - asked
            print(f"warm-up {warm_s:.2f} s, first AI reply {reply_s:.2f} s")
            assert s["ai_warming"] is False
            assert pool.pids() == warmed  # the warmed process answered
            # The search is 10 ms (Level 3 uses a tenth of 100 ms); the rest is the room,
            # the socket and a loaded machine. Cold, the engine took 1.7 s to 45 s.
            assert reply_s < 2.5
    run(scenario())
