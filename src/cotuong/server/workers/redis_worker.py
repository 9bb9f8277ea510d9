"""``cotuong worker``: take AI moves and analyses from the Redis queue
(:mod:`cotuong.server.workers.redis_queue`) and do them on local engine processes.

One consumer per engine process, so each process does one job at a time; moves are read
before analyses. The worker says it is ready (``cotuong:workers:ready``) only once its
engines are warm. While it works on a job it keeps claiming the job's entry; jobs that
another worker left unclaimed for the lease time (it died) are taken over. On stop
(SIGTERM, Ctrl-C) it reads no more jobs, hands the unfinished ones back to the queue at
once (other workers take them) and shuts its engines down.

>>> Worker("redis://localhost:6379/0", processes=2, name="box-7").consumers
['box-7-0', 'box-7-1']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import time
from collections.abc import Callable
from typing import Any

from cotuong.server.workers.jobs import Job, MoveJob, job_from_json, result_to_json
from cotuong.server.workers.live import (
    LiveEnd,
    LiveJob,
    live_end_to_json,
    live_eval_to_json,
    live_job_from_json,
)
from cotuong.server.workers.pool import LIVE_SLICE_S, EnginePool
from cotuong.server.workers.redis_queue import (
    GROUP,
    MAX_DELIVERIES,
    READY_KEY,
    REPLY_TTL_MS,
    STREAMS,
    cancel_key,
    connect,
    ensure_groups,
    redis_now_ms,
)

log = logging.getLogger("cotuong.server.workers.redis_worker")
Entry = tuple[str, str, dict[bytes, bytes]]  # stream, entry id, fields
BEAT_S = 2.0
READ_BLOCK_MS = 1000  # a consumer notices a stop within this
LIVE_WATCH_S = 0.1  # how often a live search looks for its cancel key and waiting moves


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _entries(reply: Any) -> list[Entry]:
    """XREADGROUP's answer as (stream, id, fields): moves, then live searches, then
    analyses."""
    out: list[Entry] = []
    for stream, rows in reply or ():
        out.extend((_text(stream), _text(entry_id), fields) for entry_id, fields in rows
                   if fields)
    order = list(STREAMS.values())
    out.sort(key=lambda e: order.index(e[0]) if e[0] in order else len(order))
    return out


def describe(job: Job | LiveJob, result: Any) -> str:
    """A short line for the log: ``move level 3 ply 4 -> h9g7``."""
    if isinstance(job, LiveJob):
        return f"live search (ply {len(job.moves)}, {job.multipv} line(s))"
    if isinstance(job, MoveJob):
        return f"move (level {job.level}, ply {len(job.moves)}) -> {result}"
    return f"analysis of plies {job.first}-{job.last} ({job.size} positions)"


class Worker:
    """``processes`` engine processes serving the queue at ``url`` until :meth:`run`'s
    ``stop`` event is set. ``say`` gets one line per event (the command prints them)."""

    def __init__(self, url: str, processes: int = 1, spec: str | None = None,
                 lease_s: float = 15.0, name: str | None = None,
                 say: Callable[[str], None] = lambda line: None) -> None:
        self.url = url
        self.processes = max(1, processes)
        self.spec = spec
        self.lease_ms = int(lease_s * 1000)
        self.name = name or f"{socket.gethostname()}-{os.getpid()}"
        self.say = say
        self.consumers = [f"{self.name}-{i}" for i in range(self.processes)]
        self.done = 0
        self.handed_back = 0
        self.failed: str | None = None  # why the engines could not start
        self._redis: Any = None
        self._pool: EnginePool | None = None
        self._stopping = False
        self._running: set[asyncio.Task[Any]] = set()
        self._next_reclaim = 0.0
        self._yielded: dict[str, bool] = {}  # live jobs stopped for an AI move

    # ---------------------------------------------------------------- lifecycle
    async def run(self, stop: asyncio.Event) -> None:
        self._redis = connect(self.url)
        try:
            await ensure_groups(self._redis)
            self._pool = EnginePool(self.processes, self.spec)
            await self._pool.start(warm=True)
            self.say(f"warming up {self.processes} engine process(es)…")
            beat = asyncio.create_task(self._beat())
            consumers = [asyncio.create_task(self._consume(c)) for c in self.consumers]
            stopped: asyncio.Future[Any] = asyncio.ensure_future(stop.wait())
            every: asyncio.Future[Any] = asyncio.gather(*consumers, return_exceptions=True)
            await asyncio.wait([stopped, every], return_when=asyncio.FIRST_COMPLETED)
            for task in consumers:
                if task.done() and task.exception() is not None:
                    log.error("a consumer failed", exc_info=task.exception())
            self._stopping = True
            for task in list(self._running):
                task.cancel()  # their consumers hand the jobs back
            await asyncio.wait(consumers)
            stopped.cancel()
            beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beat
            await self._forget_consumers()
        finally:
            if self._pool is not None:
                await self._pool.close()
            await self._redis.aclose()

    async def _beat(self) -> None:
        """Say we are warm and alive (the key expires if we die)."""
        assert self._pool is not None
        await self._pool.wait_ready()
        if not self._pool.serving:
            self.say(f"the engine does not start: {self._pool.error}")
            return
        self.say(f"ready: {self.processes} engine process(es) on {safe_url(self.url)}")
        while True:
            with contextlib.suppress(Exception):
                await self._redis.set(READY_KEY, self.name, px=int(BEAT_S * 3000))
            await asyncio.sleep(BEAT_S)

    async def _forget_consumers(self) -> None:
        """Remove our consumers from the group (only those with nothing pending: a
        deleted consumer's pending entries could never be claimed again)."""
        for stream in STREAMS.values():
            for consumer in self.consumers:
                with contextlib.suppress(Exception):
                    pending = await self._redis.xpending_range(stream, GROUP, "-", "+", 1,
                                                               consumername=consumer)
                    if not pending:
                        await self._redis.xgroup_delconsumer(stream, GROUP, consumer)

    # ---------------------------------------------------------------- consuming
    async def _consume(self, consumer: str) -> None:
        assert self._pool is not None
        await self._pool.wait_ready()
        if not self._pool.serving:
            self.failed = self._pool.error  # a broken engine takes no jobs
            return
        backlog: list[Entry] = []
        while not self._stopping or backlog:
            if not backlog:
                try:
                    backlog = await self._read(consumer)
                except Exception:
                    log.exception("reading the job queue failed; retrying")
                    await asyncio.sleep(1.0)
                    continue
            if backlog:
                await self._handle(consumer, *backlog.pop(0))

    async def _read(self, consumer: str) -> list[Entry]:
        redis = self._redis
        if self._stopping:
            return []
        now = time.monotonic()
        if now >= self._next_reclaim:  # one consumer at a time looks for abandoned jobs
            self._next_reclaim = now + self.lease_ms / 2000
            for stream in STREAMS.values():
                got = await redis.xautoclaim(stream, GROUP, consumer, self.lease_ms,
                                             "0-0", count=1)
                rows = [(_text(i), f) for i, f in got[1] if f]
                if rows:
                    self.say(f"taking over entry {rows[0][0]} of {stream} (its worker "
                             "stopped claiming it)")
                    return [(stream, rows[0][0], rows[0][1])]
        for kind in STREAMS:
            got = _entries(await redis.xreadgroup(GROUP, consumer, {STREAMS[kind]: ">"},
                                                  count=1))
            if got:
                return got
        return _entries(await redis.xreadgroup(
            GROUP, consumer, {s: ">" for s in STREAMS.values()}, count=1,
            block=READ_BLOCK_MS))

    async def _finish_entry(self, stream: str, entry_id: str) -> None:
        await self._redis.xack(stream, GROUP, entry_id)
        await self._redis.xdel(stream, entry_id)

    async def _reply(self, key: str, msg: dict[str, Any]) -> None:
        await self._redis.rpush(key, json.dumps(msg))
        await self._redis.pexpire(key, REPLY_TTL_MS)

    async def _hand_back(self, stream: str, entry_id: str, fields: dict[bytes, bytes]) -> None:
        await self._redis.xadd(stream, fields)
        await self._finish_entry(stream, entry_id)
        self.handed_back += 1

    async def _handle(self, consumer: str, stream: str, entry_id: str,
                      fields: dict[bytes, bytes]) -> None:
        redis = self._redis
        assert self._pool is not None
        if self._stopping:  # read just before the stop: not ours to start
            await self._hand_back(stream, entry_id, fields)
            return
        try:
            envelope = json.loads(fields[b"job"])
            job_id, reply = str(envelope["id"]), str(envelope["reply"])
            expires = int(envelope["expires_ms"])
        except (KeyError, ValueError, TypeError):
            log.error("dropping a queue entry that is not a job: %r", fields)
            await self._finish_entry(stream, entry_id)
            return
        try:
            raw = envelope.get("job")
            job: Job | LiveJob = live_job_from_json(raw) if isinstance(raw, dict) and \
                raw.get("kind") == "live" else job_from_json(raw)
        except ValueError as exc:
            await self._reply(reply, {"id": job_id, "type": "error", "error": str(exc)})
            await self._finish_entry(stream, entry_id)
            return
        if await self._delivered_too_often(stream, entry_id):
            await self._reply(reply, {"id": job_id, "type": "error", "error":
                                      f"the job stopped {MAX_DELIVERIES} workers"})
            await self._finish_entry(stream, entry_id)
            return
        if await redis_now_ms(redis) > expires or await redis.exists(cancel_key(job_id)):
            await self._reply(reply, {"id": job_id, "type": "error",
                                      "error": "the job expired before a worker took it"})
            await self._finish_entry(stream, entry_id)
            return
        started = time.perf_counter()
        keep = asyncio.create_task(self._keep_claim(stream, consumer, entry_id))
        watch: asyncio.Task[None] | None = None
        if isinstance(job, LiveJob):
            stop = asyncio.Event()
            watch = asyncio.create_task(self._watch_live(job_id, stop))
            run: asyncio.Task[Any] = asyncio.create_task(self._pool.run_live(
                job, lambda e: self._send(reply, {"id": job_id, "type": "progress",
                                                  "live": live_eval_to_json(e)}), stop))
        else:
            run = asyncio.create_task(self._pool.run(
                job, lambda n: self._progress(reply, job_id, n)))
        self._running.add(run)
        if self._stopping:  # the stop came while we were checking the entry
            run.cancel()
        try:
            await asyncio.wait([run])
        finally:
            self._running.discard(run)
            keep.cancel()
            if watch is not None:
                watch.cancel()
        if run.cancelled():
            # Stopping: back to the queue at once, for another worker.
            await self._hand_back(stream, entry_id, fields)
            self.say(f"handed back {describe(job, None)}")
            return
        error = run.exception()
        if error is not None:
            msg: dict[str, Any] = {"id": job_id, "type": "error", "error": str(error)}
        elif isinstance(job, LiveJob):
            end = run.result()
            if watch is not None and self._yielded.pop(job_id, False):
                end = LiveEnd(end.last, yielded=True)
            msg = {"id": job_id, "type": "done", "result": live_end_to_json(end)}
        else:
            msg = {"id": job_id, "type": "done", "result": result_to_json(run.result())}
        await self._reply(reply, msg)
        await self._finish_entry(stream, entry_id)
        self.done += 1
        seconds = time.perf_counter() - started
        outcome = f"failed: {error}" if error else describe(job, run.result())
        self.say(f"job {job_id}: {outcome} ({seconds:.1f} s)")

    async def _delivered_too_often(self, stream: str, entry_id: str) -> bool:
        rows = await self._redis.xpending_range(stream, GROUP, entry_id, entry_id, 1)
        return bool(rows) and int(rows[0]["times_delivered"]) > MAX_DELIVERIES

    async def _keep_claim(self, stream: str, consumer: str, entry_id: str) -> None:
        """Reset the entry's idle time while we work, so nobody takes it over."""
        while True:
            await asyncio.sleep(self.lease_ms / 3000)
            with contextlib.suppress(Exception):
                await self._redis.xclaim(stream, GROUP, consumer, 0, [entry_id], justid=True)

    def _progress(self, reply: str, job_id: str, done: int) -> None:
        self._send(reply, {"id": job_id, "type": "progress", "done": done})

    def _send(self, reply: str, msg: dict[str, Any]) -> None:
        task = asyncio.ensure_future(self._reply(reply, msg))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    async def _watch_live(self, job_id: str, stop: asyncio.Event) -> None:
        """Stop a live search when its asker gave up (the cancel key), when AI moves
        wait in the queue, or when another live search waits and this one has had its
        slice (it yields; its asker queues it again, at the back)."""
        started = time.monotonic()
        while not stop.is_set():
            await asyncio.sleep(LIVE_WATCH_S)
            with contextlib.suppress(Exception):
                if await self._redis.exists(cancel_key(job_id)):
                    stop.set()
                elif await self._waiting("move") or (
                        time.monotonic() - started >= LIVE_SLICE_S and
                        await self._waiting("live")):
                    self._yielded[job_id] = True
                    stop.set()

    async def _waiting(self, kind: str) -> bool:
        """Whether jobs of ``kind`` wait in the queue that no consumer has read yet."""
        for group in await self._redis.xinfo_groups(STREAMS[kind]):
            name = group.get("name")
            if _text(name) == GROUP:
                return bool(group.get("lag"))
        return False


def safe_url(url: str) -> str:
    """The URL without its credentials, for logs and errors.

    >>> safe_url("redis://:hunter2@cache:6379/0")
    'redis://…@cache:6379/0'
    """
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        rest = "…@" + rest.split("@", 1)[1]
    return scheme + sep + rest
