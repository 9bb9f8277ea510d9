"""Beyond one machine: the Redis job queue and ``cotuong worker``. The worker in-process
(moves, analyses with progress, bad entries), as a process that is SIGKILLed mid-job (its
job is taken over by another worker after the lease) or SIGTERMed (it hands the job back
at once and exits cleanly), and two ``cotuong serve`` processes with a worker on
PostgreSQL + Redis playing a game against the AI and analysing it. Each test starts its
own Redis (and PostgreSQL) server: slow."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Socket, free_port
from redis.exceptions import ResponseError
from test_backends import postgres, redis_server
from websockets.asyncio.client import connect

from cotuong import START_FEN
from cotuong.server.workers.jobs import AnalysisJob, EngineJobError, MoveJob
from cotuong.server.workers.redis_queue import GROUP, STREAMS, RedisEngineQueue
from cotuong.server.workers.redis_queue import connect as redis_at
from cotuong.server.workers.redis_worker import Worker

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"


def mock(mode: str = "normal", delay: float = 0.8) -> str:
    return f"cmd:{sys.executable} {MOCK} --mode {mode} --delay {delay}"


_STARTED: list[subprocess.Popen[bytes]] = []


def cotuong(*args: str, log: Path) -> subprocess.Popen[bytes]:
    out = log.open("ab")
    proc = subprocess.Popen([sys.executable, "-m", "cotuong.cli", *args], stdout=out,
                            stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True)
    _STARTED.append(proc)
    return proc


def stop(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, wait: float = 20) -> int:
    """Signal the process (group, for SIGKILL: its engines too) and reap it."""
    if proc.poll() is None:
        if sig == signal.SIGKILL:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
            raise AssertionError(f"process {proc.args} did not stop on {sig}") from None
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # nothing of its group outlives the test
    return int(proc.returncode)


def wait_for(predicate: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def test_worker_does_moves_and_analyses_and_refuses_bad_entries() -> None:
    with redis_server() as url:
        async def scenario() -> None:
            queue = RedisEngineQueue(url, "srv-a")
            await queue.start()
            stopping = asyncio.Event()
            lines: list[str] = []
            worker = Worker(url, 1, mock(), lease_s=2, name="w1", say=lines.append)
            task = asyncio.create_task(worker.run(stopping))
            try:
                assert not queue.ready  # no worker has said it is warm yet
                await asyncio.wait_for(queue.wait_ready(), 60)
                move = await queue.run(MoveJob(2, START_FEN, ("h2e2",), 100))
                assert len(move) == 4
                seen: list[int] = []
                evals = await queue.run(AnalysisJob(START_FEN, ("h2e2", "h9g7"), 0, 2, 50),
                                        seen.append)
                assert [e.ply for e in evals] == [0, 1, 2]
                assert [e.score_cp for e in evals] == [21, -21, 21]
                assert seen == [1, 2, 3]
                # An illegal position is the engine's error, reported to the caller.
                with pytest.raises(EngineJobError):
                    await queue.run(MoveJob(2, START_FEN, ("e0e2",), 100))
                # Entries that are not jobs are dropped or answered with an error.
                redis = redis_at(url)
                await redis.xadd(STREAMS["move"], {"junk": "1"})
                await redis.xadd(STREAMS["move"], {"job": json.dumps(
                    {"id": "x1", "reply": "cotuong:replies:test", "expires_ms": 2**50,
                     "job": {"kind": "move", "level": 99}})})
                reply = await redis.blpop(["cotuong:replies:test"], timeout=20)
                assert reply is not None
                answer = json.loads(reply[1])
                assert answer["id"] == "x1" and answer["type"] == "error"
                assert "start_fen" in answer["error"]
                # Acknowledged and deleted (just after the reply: at-least-once).
                for _ in range(50):
                    if await redis.xlen(STREAMS["move"]) == 0:
                        break
                    await asyncio.sleep(0.1)
                assert await redis.xlen(STREAMS["move"]) == 0
                await redis.aclose()
            finally:
                stopping.set()
                await asyncio.wait_for(task, 30)
                await queue.close()
            assert worker.done == 3
            assert any(line.startswith("ready") for line in lines)
        asyncio.run(asyncio.wait_for(scenario(), 180))  # a hang fails


def _pending_consumer(url: str, stream: str) -> str | None:
    async def look() -> str | None:
        redis = redis_at(url)
        try:
            rows = await redis.xpending_range(stream, GROUP, "-", "+", 1)
            return rows[0]["consumer"].decode() if rows else None
        except ResponseError:  # the group is not made yet
            return None
        finally:
            await redis.aclose()
    return asyncio.run(look())


def test_a_job_whose_worker_dies_is_taken_over(tmp_path: Path) -> None:
    with redis_server() as url:
        log_a, log_b = tmp_path / "a.log", tmp_path / "b.log"
        a = cotuong("worker", "--redis", url, "--engine", mock("slow", 3.0), "--lease", "1.5",
                    log=log_a)
        b = None
        try:
            result: dict[str, Any] = {}

            async def ask() -> None:
                queue = RedisEngineQueue(url, "srv-b")
                await queue.start()
                try:
                    result["move"] = await asyncio.wait_for(
                        queue.run(MoveJob(1, START_FEN, (), 10_000)), 120)
                finally:
                    await queue.close()

            asker = threading.Thread(target=lambda: asyncio.run(ask()), daemon=True)
            asker.start()
            wait_for(lambda: _pending_consumer(url, STREAMS["move"]) is not None, 60,
                     "worker A to take the job")
            stop(a, signal.SIGKILL)
            b = cotuong("worker", "--redis", url, "--engine", mock("slow", 0.5), "--lease",
                        "1.5", log=log_b)
            asker.join(90)
            assert not asker.is_alive()
            assert len(result["move"]) == 4
            assert "taking over" in log_b.read_text()
            # The log line follows the reply.
            wait_for(lambda: "move (level 1, ply 0)" in log_b.read_text(), 10, "B's log")
        finally:
            stop(a, signal.SIGKILL)
            if b is not None:
                assert stop(b) == 0
    assert "stopped (1 jobs done, 0 handed back)" in log_b.read_text()


def test_sigterm_hands_the_job_back_and_stops_cleanly(tmp_path: Path) -> None:
    with redis_server() as url:
        log_a, log_b = tmp_path / "a.log", tmp_path / "b.log"
        a = cotuong("worker", "--redis", url, "--engine", mock("slow", 30.0), log=log_a)
        b = None
        try:
            result: dict[str, Any] = {}

            async def ask() -> None:
                queue = RedisEngineQueue(url, "srv-c")
                await queue.start()
                try:
                    result["evals"] = await asyncio.wait_for(queue.run(
                        AnalysisJob(START_FEN, ("h2e2",), 0, 1, 60_000)), 120)
                finally:
                    await queue.close()

            asker = threading.Thread(target=lambda: asyncio.run(ask()), daemon=True)
            asker.start()
            wait_for(lambda: _pending_consumer(url, STREAMS["analysis"]) is not None, 60,
                     "worker A to take the job")
            started = time.monotonic()
            assert stop(a) == 0
            assert time.monotonic() - started < 15  # it did not wait for the 30 s search
            text = log_a.read_text()
            assert "handed back analysis of plies 0-1" in text
            assert "stopped (0 jobs done, 1 handed back)" in text
            b = cotuong("worker", "--redis", url, "--engine", mock(), log=log_b)
            asker.join(90)
            assert [e.ply for e in result["evals"]] == [0, 1]
        finally:
            stop(a, signal.SIGKILL)
            if b is not None:
                assert stop(b) == 0


def test_a_worker_whose_engine_does_not_start_says_so_and_exits(tmp_path: Path) -> None:
    with redis_server() as url:
        log = tmp_path / "w.log"
        proc = cotuong("worker", "--redis", url, "--engine", "cmd:/nonexistent/engine", log=log)
        try:
            assert proc.wait(60) == 1
        finally:
            stop(proc, signal.SIGKILL)
        text = log.read_text()
        assert "the engine does not start" in text and "/nonexistent/engine" in text


# --------------------------------------------------------- two servers, one worker
def _serve(port: int, db: str, redis: str, log: Path) -> subprocess.Popen[bytes]:
    proc = cotuong("serve", "--host", "127.0.0.1", "--port", str(port), "--db", db,
                   "--redis", redis, "--analysis-movetime", "100", log=log)

    def up() -> bool:
        if proc.poll() is not None:
            raise AssertionError(f"server exited: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                return bool(r.status == 200)
        except OSError:
            return False
    wait_for(up, 60, "the server to start")
    return proc


def test_two_servers_and_a_worker_play_the_ai_and_analyse(tmp_path: Path) -> None:
    with postgres() as pg, redis_server() as url:
        ports = free_port(), free_port()
        servers = [_serve(p, pg.url, url, tmp_path / f"s{i}.log") for i, p in enumerate(ports)]
        worker_log = tmp_path / "worker.log"
        worker = cotuong("worker", "--redis", url, log=worker_log)
        try:
            asyncio.run(asyncio.wait_for(_play_across(ports, worker_log), 400))
        finally:
            codes = [stop(s) for s in servers]
            worker_code = stop(worker)
        assert codes == [0, 0], [(tmp_path / f"s{i}.log").read_text()[-2000:] for i in (0, 1)]
        assert worker_code == 0
        assert "cotuong worker: stopped" in worker_log.read_text()


async def _play_across(ports: tuple[int, int], worker_log: Path) -> None:
    one, two = (f"http://127.0.0.1:{p}" for p in ports)
    async with httpx.AsyncClient(base_url=one, timeout=30) as c1, \
            httpx.AsyncClient(base_url=two, timeout=30) as c2:
        me = (await c1.post("/api/rooms", json={"opponent": "ai", "ai_level": 1,
                                                "color": "red"})).json()
        code = me["code"]
        async with connect(f"ws://127.0.0.1:{ports[0]}/ws/rooms/{code}") as w1, \
                connect(f"ws://127.0.0.1:{ports[1]}/ws/rooms/{code}") as w2:
            player, watcher = Socket(w1), Socket(w2)
            await player.send(type="hello", secret=me["secret"])
            await player.wait("welcome")
            await watcher.send(type="hello")
            await watcher.wait("welcome")
            s = await player.state()
            for ply in (0, 2):
                await player.send(type="move", move=s["legal_moves"][0], ply=ply)
                # The AI's reply, computed by the worker, seen on the other server.
                s = await watcher.state(ply=ply + 2, timeout=90)
                assert s["turn"] == "red" and s["players"]["black"]["ai_level"] == 1
                s = await player.state(ply=ply + 2, timeout=30)
            await player.send(type="resign")
            await watcher.state(status="finished", timeout=30)
        log = worker_log.read_text()
        assert "move (level 1, ply 1)" in log and "move (level 1, ply 3)" in log
        assert (await c2.get("/api/stats")).json()["engine"]["kind"] == "redis"
        # The analysis: asked of server 2, its jobs done by the worker, read on server 1.
        game_id = s["game_id"]
        r = await c2.post(f"/api/games/{game_id}/analysis")
        assert r.status_code == 202, r.text
        deadline = time.monotonic() + 120
        while True:
            view = (await c1.get(f"/api/games/{game_id}/analysis")).json()
            if view["status"] == "done" or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.2)
        assert view["status"] == "done", view
        assert [p["ply"] for p in view["plies"]] == [0, 1, 2, 3, 4]
        assert all(p["best"] for p in view["plies"])
        assert "analysis of plies 0-4" in worker_log.read_text()


@pytest.fixture(autouse=True)
def _no_leftovers() -> Iterator[None]:
    """Every process a test started was stopped, its engines included (their group)."""
    _STARTED.clear()
    yield
    for proc in _STARTED:
        assert proc.returncode is not None, proc.args
        wait_for(lambda p=proc: not _group_alive(p.pid), 10, f"the group of {proc.args}")


def _group_alive(pgid: int) -> bool:
    """Some process of the group still runs (zombies waiting for init do not count)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(") ", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                return True
    return False
