"""Engine work in local worker processes, so the event loop never waits for a search.

Each worker process (:mod:`cotuong.server.workers.process`) holds one engine
(:class:`~cotuong.server.workers.jobs.WorkerEngines`) and does one job at a time; jobs wait
in one queue: short AI moves (the lower levels'), then long ones, then live analyses (the
analysis board's, :meth:`EnginePool.run_live`), then games' analyses, each in the order
they came. An AI move never waits behind a live analysis: when it finds no idle worker,
the longest-running live search is stopped (it ends at once with its lines, marked
``yielded``, and its asker queues it again, behind the move). Live searches also take
turns: while one waits, a running one that has had its slice (``live_slice_s``, 1 s;
0.3 s when a new position waits) yields and goes to the back of the queue, behind the
new positions (a resumed search waits behind every fresh one). A started AI move whose
asker gives up (its game ended, its room was left) is stopped by ending its worker
process, which is replaced, when more than a second of its search was left. At
:meth:`EnginePool.start` the workers are spawned and, with ``warm``, warm their engine up in
the background (the built-in engine's compiled search loads or compiles on first use):
the server accepts connections at once and a job that comes early simply waits for a warm
worker. A worker that dies is replaced, and its job is tried once more on the new one.

The worker processes run at niceness 5 (``nice``): on a machine short of CPU the
server's event loop goes first (measured in benchmarks/README.md, "Web server").

The parent side is threads (one per worker), not the event loop, so a pool serves any
loop and can be shared by several apps.

>>> pool = EnginePool(workers=1)
>>> pool.ready   # nothing to warm up before start()
True
>>> pool.shutdown()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import logging
import multiprocessing
import queue
import threading
import time
from typing import Any

from cotuong.server.workers.jobs import (
    EngineUnavailableError,
    Job,
    MoveJob,
    PositionEval,
    Progress,
)
from cotuong.server.workers.live import LiveEnd, LiveEval, LiveJob, LiveUpdate
from cotuong.server.workers.process import Task, Worker

log = logging.getLogger("cotuong.server.engine")
(MOVE_PRIORITY, LONG_MOVE_PRIORITY, LIVE_PRIORITY, RESUMED_LIVE_PRIORITY, ANALYSIS_PRIORITY,
 STOP_PRIORITY) = range(6)
SHORT_MOVE_MS = 2000  # a move this quick goes ahead of Thần's long ones
LIVE_SLICE_S = 1.0  # a live search yields to a waiting one after this long
ENGINE_NICE = 5  # the worker processes' niceness: the server's event loop goes first
FRESH_SLICE_S = 0.3  # ... and after this long to a new position nobody has searched yet
ROTATE_EVERY_S = 0.05
STOP_WORTH_S = 1.0  # a cancelled search with less left is let finish (respawning costs ~2 s)


class EnginePool:
    """Local engine worker processes (see the module docstring). :meth:`shutdown` (or
    ``await close()``) stops them; jobs still waiting fail with
    :class:`EngineUnavailableError`."""

    kind = "local"

    def __init__(self, workers: int = 1, spec: str | None = None,
                 live_slice_s: float = LIVE_SLICE_S, nice: int = ENGINE_NICE) -> None:
        # spawn: a fork of a process running an event loop and threads is unsafe.
        self.ctx = multiprocessing.get_context("spawn")
        self.size = max(1, workers)
        self.spec = spec
        self.live_slice_s = live_slice_s
        self.nice = nice
        self.tasks: queue.PriorityQueue[Task] = queue.PriorityQueue()
        self.closing = False
        self.error: str | None = None  # the last warm-up failure, for the logs and stats
        self._seq = itertools.count()
        self._workers: list[Worker] = []
        self._lock = threading.Lock()
        self._warming = False
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []

    # ---------------------------------------------------------------- lifecycle
    async def start(self, warm: bool = True) -> None:
        """With ``warm``, spawn the workers now and warm them up in the background;
        without, they are spawned by the first job (and the engine loads then)."""
        if warm:
            self.start_now(warm)

    def start_now(self, warm: bool = True) -> None:
        """Spawn the workers (returns at once); idempotent."""
        with self._lock:
            if self._workers or self.closing:
                return
            self._warming = warm
            self._workers = [Worker(self, i, warm) for i in range(self.size)]
        for w in self._workers:
            w.thread.start()
        threading.Thread(target=self._rotate, name="cotuong-engine-rotation",
                         daemon=True).start()

    @property
    def ready(self) -> bool:
        return not self._warming

    @property
    def serving(self) -> bool:
        """Some worker process is warm and taking jobs."""
        return any(w.ready for w in self._workers)

    async def wait_ready(self) -> None:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        with self._lock:
            if not self._warming:
                return
            self._waiters.append((loop, fut))
        await fut

    def _worker_ready(self) -> None:
        with self._lock:
            self._warming = False
            waiters, self._waiters = self._waiters, []
        for loop, fut in waiters:
            with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits
                loop.call_soon_threadsafe(_resolve, fut)

    def _failed(self, error: str) -> None:
        self.error = error
        log.error("an engine worker could not start: %s", error)
        self._worker_ready()
        # With no worker serving, waiting jobs would wait until one starts: fail them.
        if not self.serving:
            self._fail_waiting(EngineUnavailableError(f"the engine could not start: {error}"))

    def _fail_waiting(self, error: Exception) -> None:
        kept = []
        while True:
            try:
                task = self.tasks.get_nowait()
            except queue.Empty:
                break
            if task.job is None:
                kept.append(task)
            elif not task.future.done() and (task.started or
                                             task.future.set_running_or_notify_cancel()):
                task.future.set_exception(error)
        for task in kept:
            self.tasks.put(task)

    def shutdown(self) -> None:
        with self._lock:
            if self.closing:
                return
            self.closing = True
            workers = list(self._workers)
        self._fail_waiting(EngineUnavailableError("the engine pool is shut down"))
        for _ in workers:
            self.tasks.put(Task(STOP_PRIORITY, next(self._seq), None,
                                 concurrent.futures.Future()))
        for w in workers:
            w.stop()
        self._worker_ready()  # nobody waits for a warm-up that will not come

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(None, self.shutdown)

    # ---------------------------------------------------------------- jobs
    async def run(self, job: Job, on_progress: Progress | None = None
                  ) -> str | tuple[PositionEval, ...]:
        if self.closing:
            raise EngineUnavailableError("the engine pool is shut down")
        self.start_now(warm=False)
        loop = asyncio.get_running_loop()

        def progress(n: int) -> None:
            if on_progress is not None:
                with contextlib.suppress(RuntimeError):  # the loop is gone
                    loop.call_soon_threadsafe(on_progress, n)

        fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
        priority = ANALYSIS_PRIORITY
        if isinstance(job, MoveJob):
            priority = MOVE_PRIORITY if job.movetime_ms <= SHORT_MOVE_MS \
                else LONG_MOVE_PRIORITY
        task = Task(priority, next(self._seq), job, fut, progress)
        self.tasks.put(task)
        if isinstance(job, MoveJob):
            self._make_room()
        try:
            result: str | tuple[PositionEval, ...] = await asyncio.wrap_future(fut)
        except asyncio.CancelledError:
            self._cancel(task)  # a waiting job is simply skipped (its future is cancelled)
            raise
        return result

    async def run_live(self, job: LiveJob, on_update: LiveUpdate | None = None,
                       stop: asyncio.Event | None = None, resumed: bool = False) -> LiveEnd:
        """Do a live analysis: ``on_update`` (called on this loop) gets each reported
        depth; setting ``stop`` (or cancelling the call) stops the search at once. The
        end says why the search ended (``ended_by``: ``stop`` when it was stopped) and
        whether the pool stopped it for an AI move (``yielded``)."""
        if self.closing:
            raise EngineUnavailableError("the engine pool is shut down")
        self.start_now(warm=False)
        loop = asyncio.get_running_loop()

        def progress(e: LiveEval) -> None:
            if on_update is not None:
                with contextlib.suppress(RuntimeError):  # the loop is gone
                    loop.call_soon_threadsafe(on_update, e)

        fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
        task = Task(RESUMED_LIVE_PRIORITY if resumed else LIVE_PRIORITY, next(self._seq), job,
                    fut, progress)
        self.tasks.put(task)
        waiter = asyncio.wrap_future(fut)
        try:
            if stop is not None:
                stopped = asyncio.ensure_future(stop.wait())
                try:
                    await asyncio.wait([waiter, stopped], return_when=asyncio.FIRST_COMPLETED)
                finally:
                    stopped.cancel()
                if not waiter.done():
                    self._stop_live(task)
            end: LiveEnd = await waiter
        except asyncio.CancelledError:
            if fut.cancelled():  # stopped before a worker took it
                return LiveEnd(None, ended_by="stop")
            self._stop_live(task)
            raise
        # The worker cannot tell a stop from outside from the engine's own end: we can.
        return LiveEnd(end.last, yielded=task.preempted,
                       ended_by="stop" if task.stopping else end.ended_by)

    def _stop_live(self, task: Task) -> None:
        """Skip a waiting live analysis, or stop a running one."""
        task.stopping = True
        if task.future.cancel():
            return
        for w in self._workers:
            if w.stop_live(task):
                return

    def _make_room(self) -> None:
        """An AI move was queued: if no worker is idle, the live search that has run
        longest yields (it is queued again by its asker, behind the move)."""
        self._preempt(0.0, "an AI move")

    def _rotate(self) -> None:
        """Live searches take turns: while another waits, one that has searched its
        slice yields (its asker queues it again, at the back)."""
        while not self.closing:
            time.sleep(ROTATE_EVERY_S)
            if self.live_slice_s <= 0:
                continue
            waiting = self._live_waiting()
            if LIVE_PRIORITY in waiting:
                self._preempt(min(FRESH_SLICE_S, self.live_slice_s), "a new position")
            elif waiting:
                self._preempt(self.live_slice_s, "another live search")

    def _live_waiting(self) -> set[int]:
        """The priorities of the live searches waiting for a worker."""
        with self.tasks.mutex:
            return {t.priority for t in self.tasks.queue if isinstance(t.job, LiveJob)
                    and not t.started and not t.future.done()}

    def _preempt(self, min_age_s: float, why: str) -> None:
        if any(w.idle and w.ready for w in self._workers):
            return
        now = time.monotonic()
        live = [(w, t) for w in self._workers if (t := w.current) is not None and
                isinstance(t.job, LiveJob) and not t.stopping and
                now - t.started_at >= min_age_s]
        if not live:
            return
        w, task = min(live, key=lambda wt: wt[1].started_at)
        task.stopping = task.preempted = True
        if w.stop_live(task):
            log.debug("engine worker %d: a live search yields to %s", w.index, why)

    def _cancel(self, task: Task) -> None:
        """Stop a started AI move whose asker gave up, if enough of its search is left."""
        if not task.started or task.future.done() or not isinstance(task.job, MoveJob):
            return
        left = task.job.movetime_ms / 1000 - (time.monotonic() - task.started_at)
        if left < STOP_WORTH_S:
            return
        for w in self._workers:
            process = w.process
            if w.current is task and process is not None:
                task.cancelled = True
                log.info("engine worker %d: a cancelled search stopped (%.1f s left)",
                         w.index, left)
                with contextlib.suppress(Exception):
                    process.terminate()
                return

    def waiting(self) -> int:
        """Jobs in the queue (for the stats and tests)."""
        return self.tasks.qsize()

    async def best_move(self, level: int, start_fen: str, moves: list[str],
                        movetime_ms: int) -> str:
        move = await self.run(MoveJob(level, start_fen, tuple(moves), movetime_ms))
        assert isinstance(move, str)
        return move

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and the stats)."""
        return [w.process.pid for w in self._workers if w.process is not None]


def _resolve(fut: asyncio.Future[None]) -> None:
    if not fut.done():
        fut.set_result(None)
