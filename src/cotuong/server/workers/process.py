"""One worker process of the local pool (:mod:`cotuong.server.workers.pool`) and the
parent thread that feeds it jobs.

Jobs cross the pipe as ``(seq, job)``; the child answers ``("progress", value)`` any
number of times, then ``("done", result)`` or ``("error", text)``. A live analysis
(:class:`~cotuong.server.workers.live.LiveJob`) is stopped through a shared number, not
the pipe: the parent writes the job's ``seq`` into it, and a thread of the child that
watches it calls the engine's ``stop()`` (the built-in engine stops within about a
millisecond; an external one gets UCI ``stop``), so the search ends with its lines and
the process takes the next job at once. (A message on the pipe would race the next job.)
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, Protocol

from cotuong.server.workers.jobs import EngineJobError, Job, WorkerEngines
from cotuong.server.workers.live import LiveJob

log = logging.getLogger("cotuong.server.engine")
ATTEMPTS = 2  # a job whose worker died is tried once more, on a fresh worker
WATCH_S = 0.005  # how often a live search's watcher looks at the stop number
NO_JOB = -1


class PoolSide(Protocol):
    """What a worker's thread needs of its pool."""

    ctx: Any
    spec: str | None
    nice: int
    closing: bool
    tasks: Any

    def _failed(self, error: str) -> None: ...

    def _worker_ready(self) -> None: ...


def _watch(engines: WorkerEngines, stop_seq: Any, seq: int, finished: threading.Event) -> None:
    """Stop the live search ``seq`` once the parent asks (asked again until it ends: a
    stop that came before the search began is not lost)."""
    while not finished.wait(WATCH_S):
        if stop_seq.value == seq:
            engines.stop()


def _run_one(conn: Connection, engines: WorkerEngines, stop_seq: Any, seq: int,
             job: Job | LiveJob) -> Any:
    if not isinstance(job, LiveJob):
        return engines.run(job, lambda n: conn.send(("progress", n)))
    finished = threading.Event()
    watcher = threading.Thread(target=_watch, args=(engines, stop_seq, seq, finished),
                               daemon=True)
    watcher.start()
    try:
        return engines.live(job, lambda e: conn.send(("progress", e)))
    finally:
        finished.set()
        watcher.join()


def child_main(conn: Connection, spec: str | None, warm: bool, stop_seq: Any,
               nice: int = 0) -> None:
    """A worker process: warm up, say so, then answer jobs until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if nice:
        # Short of CPU, the server's event loop (moves, sockets) goes first; searches are
        # bounded by time, so they search a little less deep instead of making it wait.
        with contextlib.suppress(OSError):
            os.nice(nice)
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
                item = conn.recv()
            except EOFError:
                break
            if item is None:
                break
            seq, job = item
            try:
                conn.send(("done", _run_one(conn, engines, stop_seq, seq, job)))
            except Exception as exc:  # reported to the job's caller, the worker goes on
                conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        engines.close()


@dataclass(order=True)
class Task:
    priority: int
    seq: int
    job: Job | LiveJob | None = field(compare=False)
    future: concurrent.futures.Future[Any] = field(compare=False)
    on_progress: Callable[[Any], None] | None = field(compare=False, default=None)
    attempts: int = field(compare=False, default=0)
    started: bool = field(compare=False, default=False)
    started_at: float = field(compare=False, default=0.0)
    cancelled: bool = field(compare=False, default=False)
    # A live analysis asked to stop: by its asker, or by the pool for an AI move.
    stopping: bool = field(compare=False, default=False)
    preempted: bool = field(compare=False, default=False)


class WorkerDied(Exception):
    pass


class Worker:
    """One worker process and the parent thread that feeds it."""

    def __init__(self, pool: PoolSide, index: int, warm: bool) -> None:
        self.pool = pool
        self.index = index
        self.warm = warm
        self.process: Any = None
        self.conn: Connection | None = None
        self.idle = False  # waiting for a job: it takes the stop token and exits cleanly
        self.ready = False  # its process is warm and serving
        self.current: Task | None = None  # the job it is doing
        # The seq of the live job its process should stop (shared with the process).
        self.stop_seq = pool.ctx.Value("q", NO_JOB, lock=False)
        self.thread = threading.Thread(target=self._serve, name=f"cotuong-engine-{index}",
                                       daemon=True)

    def _spawn(self) -> bool:
        """Start the process and wait for its warm-up; False if it failed (logged)."""
        parent, child = self.pool.ctx.Pipe()
        self.process = self.pool.ctx.Process(target=child_main,
                                             args=(child, self.pool.spec, self.warm,
                                                   self.stop_seq, self.pool.nice),
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
            if task.stopping and isinstance(task.job, LiveJob):
                # Asked to stop after it was marked running but before it was current
                # here: stop_live found no worker doing it, so its stop is passed on now.
                self.stop_seq.value = task.seq
            try:
                task.future.set_result(self._do(task))
            except WorkerDied as exc:
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

    def _do(self, task: Task) -> Any:
        assert self.conn is not None
        try:
            self.conn.send((task.seq, task.job))
            while True:
                msg = self.conn.recv()
                if msg[0] == "progress":
                    if task.on_progress is not None:
                        task.on_progress(msg[1])
                elif msg[0] == "done":
                    return msg[1]
                else:
                    raise EngineJobError(str(msg[1]))
        except (EOFError, OSError, BrokenPipeError):
            code = self.process.exitcode if self.process is not None else None
            raise WorkerDied(f"exit code {code}") from None

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

    def stop_live(self, task: Task) -> bool:
        """Ask this worker's process to stop ``task`` (a live analysis) if it is doing it."""
        if self.current is not task or self.process is None:
            return False
        self.stop_seq.value = task.seq
        return True
