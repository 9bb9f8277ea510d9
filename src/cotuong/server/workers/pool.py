"""Engine work in local worker processes, so the event loop never waits for a search.

Each worker process holds one engine (:class:`~cotuong.server.workers.jobs.WorkerEngines`)
and does one job at a time; jobs wait in one queue: short AI moves (the lower levels'),
then long ones, then analyses, each in the order they came. A started AI move whose
asker gives up (its game ended, its room was left) is stopped by ending its worker
process, which is replaced, when more than a second of its search was left. At
:meth:`EnginePool.start` the workers are spawned and, with ``warm``, warm their engine up in
the background (the built-in engine's compiled search loads or compiles on first use):
the server accepts connections at once and a job that comes early simply waits for a warm
worker. A worker that dies is replaced, and its job is tried once more on the new one.

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
import signal
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from cotuong.server.workers.jobs import (
    EngineJobError,
    EngineUnavailableError,
    Job,
    MoveJob,
    PositionEval,
    Progress,
    WorkerEngines,
)

log = logging.getLogger("cotuong.server.engine")
MOVE_PRIORITY, LONG_MOVE_PRIORITY, ANALYSIS_PRIORITY, STOP_PRIORITY = 0, 1, 2, 3
SHORT_MOVE_MS = 2000  # a move this quick goes ahead of Thần's long ones
STOP_WORTH_S = 1.0  # a cancelled search with less left is let finish (respawning costs ~2 s)
ATTEMPTS = 2  # a job whose worker died is tried once more, on a fresh worker


def _child_main(conn: Connection, spec: str | None, warm: bool) -> None:
    """A worker process: warm up, say so, then answer jobs until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    engines = WorkerEngines(spec)
    try:
        if warm:
            engines.warm_up()
    except Exception as exc:
        conn.send(("failed", f"{type(exc).__name__}: {exc}"))
        return
    conn.send(("ready",))
    try:
        while True:
            try:
                job = conn.recv()
            except EOFError:
                break
            if job is None:
                break
            try:
                result = engines.run(job, lambda n: conn.send(("progress", n)))
                conn.send(("done", result))
            except Exception as exc:  # reported to the job's caller, the worker goes on
                conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        engines.close()


@dataclass(order=True)
class _Task:
    priority: int
    seq: int
    job: Job | None = field(compare=False)
    future: concurrent.futures.Future[Any] = field(compare=False)
    on_progress: Progress | None = field(compare=False, default=None)
    attempts: int = field(compare=False, default=0)
    started: bool = field(compare=False, default=False)
    started_at: float = field(compare=False, default=0.0)
    cancelled: bool = field(compare=False, default=False)


class _WorkerDied(Exception):
    pass


class _Worker:
    """One worker process and the parent thread that feeds it."""

    def __init__(self, pool: EnginePool, index: int, warm: bool) -> None:
        self.pool = pool
        self.index = index
        self.warm = warm
        self.process: Any = None
        self.conn: Connection | None = None
        self.idle = False  # waiting for a job: it takes the stop token and exits cleanly
        self.ready = False  # its process is warm and serving
        self.current: _Task | None = None  # the job it is doing
        self.thread = threading.Thread(target=self._serve, name=f"cotuong-engine-{index}",
                                       daemon=True)

    def _spawn(self) -> bool:
        """Start the process and wait for its warm-up; False if it failed (logged)."""
        parent, child = self.pool.ctx.Pipe()
        self.process = self.pool.ctx.Process(target=_child_main,
                                             args=(child, self.pool.spec, self.warm),
                                             name=f"cotuong-engine-{self.index}", daemon=True)
        try:
            self.process.start()
        except Exception as exc:  # e.g. out of memory, or no process may be made now
            self.process = None
            parent.close()
            self.pool._failed(f"cannot start a worker process: {type(exc).__name__}: {exc}")
            return False
        finally:
            child.close()
        self.conn = parent
        started = time.perf_counter()
        try:
            msg = parent.recv()
        except (EOFError, OSError):
            msg = ("failed", f"the worker process exited (code {self.process.exitcode})")
        if msg[0] != "ready":
            if not self.pool.closing:
                self.pool._failed(str(msg[1]))
            return False
        log.info("engine worker %d ready in %.1f s", self.index, time.perf_counter() - started)
        self.ready = True
        self.pool._worker_ready()
        return True

    def _serve(self) -> None:
        failures = 0
        while not self.pool.closing:
            if not self._spawn():
                self._reap()
                failures += 1
                if self.pool.closing:
                    return
                time.sleep(min(30.0, 0.5 * 2 ** failures))  # a broken engine: back off
                continue
            failures = 0
            if not self._feed():
                return
            self._reap()

    def _feed(self) -> bool:
        """Jobs to this process until it dies (False: the pool is stopping)."""
        while True:
            self.idle = True
            task = self.pool.tasks.get()
            self.idle = False
            if task.job is None:
                return False
            if not task.started:
                if not task.future.set_running_or_notify_cancel():
                    continue  # its caller gave up while it waited
                task.started = True
            task.started_at = time.monotonic()
            self.current = task
            try:
                task.future.set_result(self._do(task))
            except _WorkerDied as exc:
                task.attempts += 1
                if task.cancelled:
                    task.future.set_exception(EngineJobError("the job was cancelled"))
                elif task.attempts >= ATTEMPTS or self.pool.closing:
                    task.future.set_exception(EngineJobError(
                        f"the engine worker died twice on this job ({exc})"))
                else:
                    log.warning("engine worker %d died (%s); its job is tried again",
                                self.index, exc)
                    self.pool.tasks.put(task)
                return not self.pool.closing
            except EngineJobError as exc:
                task.future.set_exception(exc)
            finally:
                self.current = None

    def _do(self, task: _Task) -> Any:
        assert self.conn is not None
        try:
            self.conn.send(task.job)
            while True:
                msg = self.conn.recv()
                if msg[0] == "progress":
                    if task.on_progress is not None:
                        task.on_progress(int(msg[1]))
                elif msg[0] == "done":
                    return msg[1]
                else:
                    raise EngineJobError(str(msg[1]))
        except (EOFError, OSError, BrokenPipeError):
            code = self.process.exitcode if self.process is not None else None
            raise _WorkerDied(f"exit code {code}") from None

    def _reap(self) -> None:
        self.ready = False
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if self.process is not None:
            self.process.join(1)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(5)
            self.process = None

    def stop(self) -> None:
        """Called by the pool after it queued the stop tokens."""
        process = self.process
        if process is not None and not self.idle:
            process.terminate()  # a warm-up or a long analysis is not worth waiting for
        self.thread.join(10)
        if process is not None and process.is_alive():
            process.join(2)
            if process.is_alive():
                process.kill()
                process.join(5)


class EnginePool:
    """Local engine worker processes (see the module docstring). :meth:`shutdown` (or
    ``await close()``) stops them; jobs still waiting fail with
    :class:`EngineUnavailableError`."""

    kind = "local"

    def __init__(self, workers: int = 1, spec: str | None = None) -> None:
        # spawn: a fork of a process running an event loop and threads is unsafe.
        self.ctx = multiprocessing.get_context("spawn")
        self.size = max(1, workers)
        self.spec = spec
        self.tasks: queue.PriorityQueue[_Task] = queue.PriorityQueue()
        self.closing = False
        self.error: str | None = None  # the last warm-up failure, for the logs and stats
        self._seq = itertools.count()
        self._workers: list[_Worker] = []
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
            self._workers = [_Worker(self, i, warm) for i in range(self.size)]
        for w in self._workers:
            w.thread.start()

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
            self.tasks.put(_Task(STOP_PRIORITY, next(self._seq), None,
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
        task = _Task(priority, next(self._seq), job, fut, progress)
        self.tasks.put(task)
        try:
            result: str | tuple[PositionEval, ...] = await asyncio.wrap_future(fut)
        except asyncio.CancelledError:
            self._cancel(task)  # a waiting job is simply skipped (its future is cancelled)
            raise
        return result

    def _cancel(self, task: _Task) -> None:
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
