"""Password hashing in a small pool of low-priority processes, with a bounded queue.

scrypt at N=2**17, r=8 takes ~0.3 CPU-s and 128 MiB per hash: a stream of logins would
take the cores the games need. So hashes never run in the server process (not on the
event loop, not on the database thread): ``workers`` spawned processes (1 by default)
each hash one password at a time, after lowering their own priority with ``os.nice``
(:func:`~cotuong.server.security.hashing_worker_init`), so the OS runs them on the CPU
the game server leaves. At most ``workers`` hashes run (memory: ``workers`` × 128 MiB
at the default cost) and at most ``queue`` wait; one more, or one that waited
``wait_s`` without starting, is refused with ``503 LOGIN_BUSY`` and ``Retry-After``.

The processes start with the first hash (a test server that logs nobody in starts none)
and end with :meth:`PasswordHasher.close` (the app's shutdown); a worker whose server is
killed ends by itself. A worker that dies (say the OOM killer) breaks the pool: the
hash in flight answers ``LOGIN_BUSY`` and the next one gets a fresh pool.

>>> import asyncio
>>> from cotuong.server.security import hash_password
>>> async def demo() -> bool:
...     hasher = PasswordHasher(workers=1, queue=2)
...     try:
...         stored = await hasher.run(hash_password, "correct horse", n=2**10)
...         return stored.startswith("scrypt$1024$")
...     finally:
...         await hasher.close()
>>> asyncio.run(demo())
True
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from cotuong.server.errors import ServiceError
from cotuong.server.security import hashing_worker_init

__all__ = ["PasswordHasher"]

T = TypeVar("T")
MAX_NICE = 19  # the lowest priority a Unix process can give itself


class PasswordHasher:
    """Runs slow password work in ``workers`` processes at lowered priority; refuses
    with ``LOGIN_BUSY`` beyond ``queue`` waiting or after ``wait_s`` of waiting."""

    def __init__(self, workers: int = 1, queue: int = 8, wait_s: float = 10.0,
                 nice: int = MAX_NICE) -> None:
        if workers < 1:
            raise ValueError(f"password hashing needs at least one worker, not {workers}")
        if queue < 0 or not wait_s > 0:
            raise ValueError(f"bad hashing queue {queue} or wait {wait_s} s")
        if not 0 <= nice <= MAX_NICE:
            raise ValueError(f"the hashing workers' nice increment must be 0-19, not {nice}")
        self.workers = workers
        self.queue = queue
        self.wait_s = wait_s
        self.nice = nice
        self._executor: ProcessPoolExecutor | None = None
        self._closed = False
        self._slots: asyncio.Semaphore | None = None
        self._waiting = 0
        self._seconds = 0.3  # a hash's recent duration (for Retry-After), updated as they go

    def _pool(self) -> ProcessPoolExecutor:
        if self._closed:
            raise self._busy()  # (a hash that was waiting when the app shut down)
        if self._executor is None:
            # Spawned, not forked: the server has threads (a fork copies their locks).
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=hashing_worker_init, initargs=(self.nice,))
        return self._executor

    def _busy(self) -> ServiceError:
        backlog = (self._waiting + self.workers) / self.workers
        seconds = min(60, max(1, math.ceil(backlog * self._seconds)))
        return ServiceError("LOGIN_BUSY", retry_after=seconds, seconds=seconds)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker process (``fn`` and its arguments must
        pickle); ``ServiceError("LOGIN_BUSY")`` when the queue is full, the wait too long,
        the hasher closed or its worker died."""
        if self._closed:
            raise self._busy()
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        slots = self._slots
        if slots.locked() and self._waiting >= self.queue:
            raise self._busy()
        await self._acquire(slots)
        try:
            return await self._submit(slots, fn, *args, **kwargs)
        except BrokenProcessPool:
            pass  # a worker died (killed, out of memory): fresh workers, the job once more
        await self._acquire(slots)
        try:
            return await self._submit(slots, fn, *args, **kwargs)
        except BrokenProcessPool:
            raise self._busy() from None

    async def _acquire(self, slots: asyncio.Semaphore) -> None:
        self._waiting += 1
        try:
            await asyncio.wait_for(slots.acquire(), self.wait_s)
        except TimeoutError:
            raise self._busy() from None
        finally:
            self._waiting -= 1

    async def _submit(self, slots: asyncio.Semaphore, fn: Callable[..., T], *args: Any,
                      **kwargs: Any) -> T:
        """Run one job holding an acquired slot; the slot is freed when the job ends in
        its process, not when its asker stops waiting (a login whose client left still
        occupies the worker until it is done)."""
        executor = None
        try:
            executor = self._pool()
            job = executor.submit(fn, *args, **kwargs)
        except BaseException as exc:
            slots.release()
            if isinstance(exc, BrokenProcessPool):
                self._discard(executor)
            raise
        job.add_done_callback(self._freer(asyncio.get_running_loop(), slots, time.monotonic()))
        try:
            return await asyncio.wrap_future(job)
        except BrokenProcessPool:
            self._discard(executor)
            raise

    def _discard(self, broken: ProcessPoolExecutor | None) -> None:
        """Forget a broken pool (only that one: another job may have made a new one)."""
        if broken is not None and broken is self._executor:
            self._executor = None
            broken.shutdown(wait=False, cancel_futures=True)

    def _freer(self, loop: asyncio.AbstractEventLoop, slots: asyncio.Semaphore,
               started: float) -> Callable[[Future[Any]], None]:
        def ended(took: float) -> None:  # on the loop
            self._seconds = 0.8 * self._seconds + 0.2 * took
            slots.release()

        def done(_: Future[Any]) -> None:  # on the pool's thread
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(ended, time.monotonic() - started)
        return done

    async def close(self) -> None:
        """Stop the workers (a hash in progress finishes; waiting ones are cancelled);
        later calls to :meth:`run` answer ``LOGIN_BUSY``."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
