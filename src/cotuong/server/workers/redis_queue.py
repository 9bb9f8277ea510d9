"""Engine work through Redis, for servers whose engines run elsewhere (``cotuong worker``).

The queue is three Redis streams read by one consumer group, ``cotuong:jobs:move`` (read
first), ``cotuong:jobs:live`` (the analysis board's searches) and
``cotuong:jobs:analysis``. A job entry carries its id, the server's reply list
and an expiry (Redis's own clock, so machines need not agree on the time). A worker
acknowledges an entry only after it pushed the result, and keeps claiming the entry while
it works; an entry that nobody claimed for the lease time (its worker died) is taken over
by another worker, at most :data:`MAX_DELIVERIES` times. Results and progress come back
on the server's own list ``cotuong:replies:<server>``, read by one blocking loop. A job's
asker that gives up sets ``cotuong:cancel:<job id>``: a worker skips such a job, and
stops a live search it is running within a tenth of a second (it then answers with the
lines it has); a live search also yields (``yielded``) when AI moves wait in the queue.

This module is the server's side (:class:`RedisEngineQueue`, an
:class:`~cotuong.server.workers.jobs.EngineRunner`);
:mod:`cotuong.server.workers.redis_worker` is the worker's.

>>> STREAMS["move"], reply_key("abc")
('cotuong:jobs:move', 'cotuong:replies:abc')
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from cotuong.server.workers.jobs import (
    EngineJobError,
    EngineUnavailableError,
    Job,
    JobFormatError,
    MoveJob,
    PositionEval,
    Progress,
    job_to_json,
    result_from_json,
)
from cotuong.server.workers.live import (
    LiveEnd,
    LiveJob,
    LiveUpdate,
    live_end_from_json,
    live_eval_from_json,
    live_job_to_json,
)

log = logging.getLogger("cotuong.server.jobs")

STREAMS = {"move": "cotuong:jobs:move", "live": "cotuong:jobs:live",
           "analysis": "cotuong:jobs:analysis"}
GROUP = "cotuong-workers"
READY_KEY = "cotuong:workers:ready"  # set (with an expiry) by every warm worker
MAX_DELIVERIES = 3
REPLY_TTL_MS = 3_600_000


def reply_key(server: str) -> str:
    return f"cotuong:replies:{server}"


def cancel_key(job_id: str) -> str:
    return f"cotuong:cancel:{job_id}"


async def redis_now_ms(redis: Any) -> int:
    """Redis's clock, the one every machine of the queue shares."""
    seconds, micros = await redis.time()
    return int(seconds) * 1000 + int(micros) // 1000


async def ensure_groups(redis: Any) -> None:
    """The streams and their consumer group (made by whoever comes first)."""
    from redis.exceptions import ResponseError

    for stream in STREAMS.values():
        try:
            await redis.xgroup_create(stream, GROUP, id="0", mkstream=True)
        except ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise


def connect(url: str) -> Any:
    import redis.asyncio as aioredis

    return aioredis.from_url(url)


class RedisEngineQueue:
    """The server's side of the queue. ``ready`` while some worker is warm and alive."""

    kind = "redis"

    def __init__(self, url: str, server: str, move_timeout_s: float = 300.0,
                 analysis_timeout_s: float = 3600.0) -> None:
        self.url = url
        self.server = server
        self.reply_key = reply_key(server)
        self.move_timeout_s = move_timeout_s
        self.analysis_timeout_s = analysis_timeout_s
        self._redis: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._pending: dict[str, tuple[asyncio.Future[Any], Callable[[Any], None] | None,
                                       Job | LiveJob]] = {}
        self._ready: asyncio.Event | None = None
        self._closing = False

    async def start(self, warm: bool = True) -> None:
        """Connect (the workers warm themselves up: ``warm`` changes nothing here)."""
        if self._redis is not None:
            return
        self._redis = connect(self.url)
        self._ready = asyncio.Event()
        await ensure_groups(self._redis)
        self._tasks = [asyncio.create_task(self._read_replies()),
                       asyncio.create_task(self._watch_workers())]

    @property
    def ready(self) -> bool:
        return self._ready is not None and self._ready.is_set()

    async def wait_ready(self) -> None:
        if self._ready is None:
            raise EngineUnavailableError("the Redis job queue is not started")
        await self._ready.wait()

    async def _watch_workers(self) -> None:
        assert self._ready is not None
        while True:
            try:
                alive = bool(await self._redis.exists(READY_KEY))
            except Exception:  # Redis away for a moment: no worker is known to be ready
                alive = False
            if alive:
                self._ready.set()
            else:
                self._ready.clear()
            await asyncio.sleep(1.0)

    async def _read_replies(self) -> None:
        # Ends by itself at close: cancelling redis-py in the middle of a BLPOP was seen to
        # hang the cancelling side, so the blocking read is never interrupted.
        while not self._closing:
            try:
                item = await self._redis.blpop([self.reply_key], timeout=1)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reading the job replies from Redis failed; retrying")
                await asyncio.sleep(1.0)
                continue
            if item is not None:
                self._dispatch(item[1])

    def _dispatch(self, raw: bytes) -> None:
        try:
            msg = json.loads(raw)
            entry = self._pending.get(msg["id"])
        except (ValueError, KeyError, TypeError):
            log.error("a reply that is not one: %r", raw[:200])
            return
        if entry is None:
            return  # a late or repeated reply (a job retried after its worker died)
        fut, on_progress, job = entry
        if fut.done():
            return
        kind = msg.get("type")
        try:
            if kind == "progress":
                if on_progress is not None and isinstance(job, LiveJob):
                    on_progress(live_eval_from_json(msg.get("live")))
                elif on_progress is not None and isinstance(msg.get("done"), int):
                    on_progress(msg["done"])
            elif kind == "done":
                fut.set_result(live_end_from_json(msg.get("result")) if isinstance(job, LiveJob)
                               else result_from_json(job, msg.get("result")))
        except (JobFormatError, ValueError) as exc:
            fut.set_exception(EngineJobError(f"a worker answered nonsense: {exc}"))
        if kind not in ("progress", "done"):
            fut.set_exception(EngineJobError(str(msg.get("error") or "the job failed")))

    async def _submit(self, job_id: str, stream: str, job: dict[str, Any],
                      expires_in_s: float) -> None:
        """Put a job on its stream, with where to reply and when workers must skip it."""
        assert self._redis is not None
        expires = await redis_now_ms(self._redis) + int(expires_in_s * 1000)
        envelope = {"id": job_id, "reply": self.reply_key, "expires_ms": expires, "job": job}
        await self._redis.xadd(stream, {"job": json.dumps(envelope)})

    async def run(self, job: Job, on_progress: Progress | None = None
                  ) -> str | tuple[PositionEval, ...]:
        if self._redis is None:
            raise EngineUnavailableError("the Redis job queue is not started")
        timeout = self.move_timeout_s if isinstance(job, MoveJob) else self.analysis_timeout_s
        job_id = secrets.token_hex(8)
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[job_id] = (fut, on_progress, job)
        try:
            await self._submit(job_id, STREAMS[job.kind], job_to_json(job), timeout)
            result: str | tuple[PositionEval, ...] = await asyncio.wait_for(fut, timeout + 5)
            return result
        except asyncio.TimeoutError:
            raise EngineUnavailableError(
                f"no cotuong worker answered within {timeout:.0f} s") from None
        except asyncio.CancelledError:
            # Nobody waits any more: workers skip the job if they have not begun it.
            with contextlib.suppress(Exception):
                await self._redis.set(cancel_key(job_id), 1, px=int(timeout * 1000))
            raise
        finally:
            self._pending.pop(job_id, None)

    async def run_live(self, job: LiveJob, on_update: LiveUpdate | None = None,
                       stop: asyncio.Event | None = None, resumed: bool = False) -> LiveEnd:
        # One live stream, first come first served: ``resumed`` changes nothing here.
        if self._redis is None:
            raise EngineUnavailableError("the Redis job queue is not started")
        timeout = self.move_timeout_s + job.max_ms / 1000
        job_id = secrets.token_hex(8)
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[job_id] = (fut, on_update, job)
        try:
            await self._submit(job_id, STREAMS["live"], live_job_to_json(job),
                               self.move_timeout_s)
            waiting = [fut] if stop is None else [fut, asyncio.ensure_future(stop.wait())]
            done, _ = await asyncio.wait(waiting, timeout=timeout + 5,
                                         return_when=asyncio.FIRST_COMPLETED)
            if fut not in done:
                for other in waiting[1:]:
                    other.cancel()
                await self._redis.set(cancel_key(job_id), 1, px=int(timeout * 1000))
                if stop is None or not stop.is_set():
                    raise EngineUnavailableError(
                        f"no cotuong worker answered within {timeout:.0f} s")
                try:  # the worker answers with its lines, or skips a job not begun
                    stopped: LiveEnd = await asyncio.wait_for(fut, 10)
                except (asyncio.TimeoutError, EngineJobError):
                    return LiveEnd(None)
                return stopped
            for other in waiting[1:]:
                other.cancel()
            end: LiveEnd = fut.result()
            return end
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await self._redis.set(cancel_key(job_id), 1, px=int(timeout * 1000))
            raise
        finally:
            self._pending.pop(job_id, None)

    async def close(self) -> None:
        self._closing = True
        if self._tasks:
            reader, *others = self._tasks
            for task in others:
                task.cancel()
            # The reader's BLPOP returns within a second; cancel only if it does not.
            done, _ = await asyncio.wait([reader], timeout=5)
            if not done:
                reader.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 5)
        self._tasks = []
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.delete(self.reply_key)
            await self._redis.aclose()
            self._redis = None
