"""The one database thread and group commit in front of a
:class:`~cotuong.server.storage.store.Store`.

Blocking store calls run on a single thread (the event loop never waits for the
database, and SQLite sees one writer). Writes that arrive while a batch is being
committed go together in the next one: under load, one commit carries many moves, and
each writer still waits until its own write is committed.

On a SQLite file, the usual batch (moves, game rows, heartbeats) is committed on the
event loop itself when SQLite's write lock is free, with no hand-off to the thread
(:mod:`cotuong.server.storage.loop_writes`: the durability is the same); anything else,
and any batch that cannot be committed there at once, goes to the thread.

A slow read that is not a game's — the replay of a tournament's event log for a page —
runs on a second thread (:meth:`Database.read`), so a burst of page views never queues
in front of a move's commit. (Password hashing runs in a process of its own:
:mod:`cotuong.server.accounts.hashing`.)

>>> import asyncio
>>> from cotuong.server.storage.store import Store
>>> async def demo():
...     db = Database(Store("sqlite://"))
...     await db.write(SetMeta("k", "v"))
...     value = await db.run(db.store.get_meta, "k")
...     await db.close()
...     return value
>>> asyncio.run(demo())
'v'
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.pool import StaticPool

from cotuong.server.storage.loop_writes import LoopWriter
from cotuong.server.storage.store import Store
from cotuong.server.storage.writes import SetMeta, Write

__all__ = ["Database", "SetMeta"]

T = TypeVar("T")


log = logging.getLogger("cotuong.server")


def _log_failure(fut: asyncio.Future[None]) -> None:
    if not fut.cancelled() and fut.exception() is not None:
        log.error("a WAL checkpoint failed: %s", fut.exception())


class Database:
    """``run`` for any blocking store call, ``write`` for group-committed writes."""

    def __init__(self, store: Store, inline_writes: bool = False, loop_writes: bool = True,
                 checkpoint_s: float = 1.0) -> None:
        self.store = store
        self.inline_writes = inline_writes
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cotuong-db")
        # One thread beside it: slow work is serialised there (one core at most), never
        # ahead of the game writes.
        self._aside = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cotuong-aside")
        # An in-memory SQLite has one connection, which the database thread owns.
        self._one_connection = isinstance(store.engine.pool, StaticPool)
        self._pending: list[tuple[Write, asyncio.Future[None]]] = []
        self._flushing = False
        self._flush_task: asyncio.Task[None] | None = None
        # Commits on the loop (SQLite files): the writes of one loop tick together.
        self.loop_writer = LoopWriter.for_store(store) if loop_writes else None
        self._tick: asyncio.Handle | None = None
        self.checkpoint_s = checkpoint_s
        self._checkpointed = 0.0
        self._checkpoint: asyncio.Future[None] | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking store call on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, fn, *args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """A slow read (a tournament's log replayed) on the side thread, with its own
        connection; on an in-memory SQLite, on the database thread."""
        loop = asyncio.get_running_loop()
        executor = self._thread if self._one_connection else self._aside
        return await loop.run_in_executor(executor, fn, *args)

    async def write(self, op: Write) -> None:
        """A write (:mod:`cotuong.server.storage.writes`), committed (with whatever else is waiting)
        before this returns; raises the write's own error if it failed."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._pending.append((op, fut))
        if self._flushing:
            pass  # the thread's flush takes it next (writes keep their order)
        elif self.loop_writer is not None and not self.inline_writes:
            if self._tick is None:
                self._tick = loop.call_soon(self._commit_on_loop)
        else:
            self._start_flush()
        await fut

    def _start_flush(self) -> None:
        self._flushing = True
        self._flush_task = asyncio.create_task(self._flush())

    def _commit_on_loop(self) -> None:
        """The writes of this loop tick in one commit on the loop if SQLite's lock is
        free; otherwise (or for other kinds of write) on the database thread."""
        self._tick = None
        if self._flushing or not self._pending:
            return  # the thread's flush has them
        assert self.loop_writer is not None
        batch = self._pending
        if not self.loop_writer.write([op for op, _ in batch]):
            self._start_flush()
            return
        self._pending = []
        for _, fut in batch:
            if not fut.done():  # (its writer may have been cancelled meanwhile)
                fut.set_result(None)
        loop = asyncio.get_running_loop()
        if loop.time() - self._checkpointed >= self.checkpoint_s and (
                self._checkpoint is None or self._checkpoint.done()):
            self._checkpointed = loop.time()
            # On the side thread: a checkpoint syncs files to disk, and must not hold
            # up the database thread's work (the writes the loop could not commit).
            self._checkpoint = loop.run_in_executor(self._aside,
                                                    self.loop_writer.checkpoint)
            self._checkpoint.add_done_callback(_log_failure)

    async def _flush(self) -> None:
        try:
            while self._pending:
                if self.inline_writes:
                    await asyncio.sleep(0)  # let the writes of this tick join the batch
                batch, self._pending = self._pending, []
                ops = [op for op, _ in batch]
                try:
                    if self.inline_writes:
                        errors = self.store.write_batch(ops)
                    else:
                        errors = await self.run(self.store.write_batch, ops)
                except Exception as exc:
                    errors = [exc] * len(batch)
                for (_, fut), error in zip(batch, errors, strict=True):
                    if fut.done():
                        continue  # its writer was cancelled meanwhile
                    if error is None:
                        fut.set_result(None)
                    else:
                        fut.set_exception(error)
        finally:
            self._flushing = False

    async def drain(self) -> None:
        """Wait for the commit in progress (never cancelled: a shutdown lets it finish)."""
        if self._tick is not None:
            self._tick.cancel()
            self._commit_on_loop()
        if self._flush_task is not None:
            with contextlib.suppress(Exception):
                await self._flush_task
        if self._checkpoint is not None:
            with contextlib.suppress(Exception):
                await self._checkpoint

    async def close(self) -> None:
        await self.drain()
        if self.loop_writer is not None:
            await self.run(self.loop_writer.close)
        self._aside.shutdown(wait=True)
        self._thread.shutdown(wait=True)
