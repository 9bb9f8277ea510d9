"""The live engine through Redis: a server whose engines are a ``cotuong worker`` (here
in-process, with the built-in engine). The frames arrive and deepen through the reply
list, ``stop`` and the socket's end stop the worker's search (its next job runs at once),
and a live search yields to an AI move that waits in the queue. Starts its own Redis:
slow."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from harness import Server, running
from test_analysis_live import done_of, evals_until, live_socket
from test_backends import redis_server

from cotuong import START_FEN
from cotuong.server import Settings
from cotuong.server.workers.jobs import MoveJob
from cotuong.server.workers.live import LiveJob
from cotuong.server.workers.redis_queue import RedisEngineQueue
from cotuong.server.workers.redis_worker import Worker

pytestmark = pytest.mark.slow


async def move_time(queue: RedisEngineQueue) -> float:
    started = time.monotonic()
    await asyncio.wait_for(queue.run(MoveJob(8, START_FEN, ("h2e2",), 200)), 10)
    return time.monotonic() - started


def test_live_search_over_redis_streams_stops_and_yields() -> None:
    with redis_server() as url:
        async def scenario() -> None:
            stopping = asyncio.Event()
            worker = Worker(url, 1, None, lease_s=5, name="live-w")
            running_worker = asyncio.create_task(worker.run(stopping))
            settings = Settings(db="sqlite://", heartbeat_s=0.2, redis_url=url,
                                live_max_s=20.0)
            try:
                async with running(settings) as srv:
                    await asyncio.wait_for(srv.app.state.live.runner.wait_ready(), 90)
                    await check(srv, srv.app.state.live.runner)
            finally:
                stopping.set()
                await asyncio.wait_for(running_worker, 30)
        asyncio.run(scenario())


async def check(srv: Server, queue: Any) -> None:
    async with live_socket(srv) as sock:
        await sock.send(type="analyse", id=1, moves=["h2e2"], multipv=2)
        frames = await evals_until(sock, 1, 6, timeout=30)
        assert [f["depth"] for f in frames] == sorted(f["depth"] for f in frames)
        assert len(frames[-1]["lines"]) == 2
        # An AI move queued while the only engine searches: the search yields at once.
        assert await move_time(queue) < 1.5
        assert srv.app.state.live.yields >= 1
        await evals_until(sock, 1, 7, timeout=30)  # and resumes
        await sock.send(type="stop")
        assert (await done_of(sock, 1))["reason"] == "stopped"
        assert await move_time(queue) < 1.5
        # Red's view through the queue: Black mates in 1.
        await sock.send(type="analyse", id=2, fen="r3k4/9/9/9/9/9/9/9/1r7/3K5 b")
        assert (await evals_until(sock, 2, 1))[-1]["lines"][0]["mate"] == -1
        # Proven: the worker's search ended by itself, and its end says so through Redis.
        assert (await done_of(sock, 2, timeout=20))["reason"] == "complete"
        await sock.send(type="analyse", id=3)
        await evals_until(sock, 3, 3)
    # The socket closed mid-search: the worker's next job runs at once.
    await asyncio.sleep(0.3)
    assert await move_time(queue) < 1.5
    # A live job whose asker stopped before any worker took it is skipped.
    stop = asyncio.Event()
    stop.set()
    end = await asyncio.wait_for(queue.run_live(LiveJob(START_FEN, (), 1, 5000), None,
                                                stop), 15)
    assert end.last is None or end.last.depth >= 1
