"""SQLite's group commits on the event loop itself, when nothing else is writing.

With SQLite in WAL mode and ``synchronous=NORMAL`` a commit is a ``write()`` into the
WAL, no ``fsync``: a batch of moves costs ~25 µs of CPU through the driver, while handing
it to the database thread and back (a wake-up, the GIL handed over twice, the loop woken
by the result) cost ~100 µs and the thread's share of the GIL. So the usual batch (moves,
game rows, meta keys: :func:`~cotuong.server.storage.driver_writes.compact`) is committed
by :meth:`LoopWriter.write` on a connection of its own, in ``BEGIN IMMEDIATE`` without
waiting: if the database thread holds SQLite's write lock (a room or game being created,
a rating), or the batch holds another kind of write, or it fails, the batch goes to the
database thread as before (which retries a failing batch write by write). The database
thread stays the only place that ever *waits* for the database.

Durability is unchanged: a write is committed before its writer goes on (a move before
it is published), and a committed move survives the server process being killed. This
connection never checkpoints (a checkpoint syncs the files to disk: not on the loop);
:meth:`LoopWriter.checkpoint` runs on the side thread at most every
``sqlite_checkpoint_s`` while commits come in, and syncs the WAL to disk first, so an
operating-system crash or power cut loses at most the commits of the last
``sqlite_checkpoint_s`` (1 s) — before, those since SQLite's last automatic checkpoint
(every 1,000 WAL pages, about the same).

>>> import tempfile, os
>>> from cotuong.server.storage.store import Store
>>> from cotuong.server.storage.writes import SetMeta
>>> store = Store(f"sqlite:///{os.path.join(tempfile.mkdtemp(), 'x.sqlite3')}")
>>> w = LoopWriter.for_store(store)
>>> w.write([SetMeta("k", "v")]), store.get_meta("k")
(True, 'v')
>>> w.close(); store.close()
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Sequence

from cotuong.server.storage.driver_writes import DriverSql, compact
from cotuong.server.storage.store import Store
from cotuong.server.storage.urls import is_memory_sqlite
from cotuong.server.storage.writes import Write

__all__ = ["LoopWriter"]


class LoopWriter:
    """Commits compactable batches on the calling thread if SQLite's lock is free."""

    def __init__(self, path: str) -> None:
        self._con = self._connect(path)
        self._con.execute("PRAGMA busy_timeout=0")  # never wait on the loop
        self._con.execute("PRAGMA wal_autocheckpoint=0")  # checkpoint(): off the loop
        self._checkpointer = self._connect(path)
        sql = DriverSql.for_dialect("sqlite")
        assert sql is not None
        self._sql = sql
        self.commits = 0
        self.handed_over = 0  # batches left to the database thread (lock taken, failed)

    @staticmethod
    def _connect(path: str) -> sqlite3.Connection:
        con = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        con.execute("PRAGMA synchronous=NORMAL")
        con.execute("PRAGMA foreign_keys=ON")
        return con

    @classmethod
    def for_store(cls, store: Store) -> LoopWriter | None:
        """A writer for a SQLite file in WAL mode; ``None`` for anything else (PostgreSQL,
        an in-memory database: its one connection belongs to the database thread)."""
        url = store.engine.url
        if store.engine.dialect.name != "sqlite" or url.database is None \
                or is_memory_sqlite(url):
            return None
        writer = cls(url.database)
        mode = writer._con.execute("PRAGMA journal_mode").fetchone()
        if not mode or str(mode[0]).lower() != "wal":
            writer.close()
            return None
        return writer

    def write(self, ops: Sequence[Write]) -> bool:
        """Commit ``ops`` in one transaction now; ``False``: nothing written (another
        kind of write, the write lock taken, or an error), hand them to the thread."""
        rows = compact(ops)
        if rows is None:
            return False
        try:
            self._con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:  # SQLITE_BUSY: the database thread is writing
            self.handed_over += 1
            return False
        try:
            self._sql.execute(self._con, rows)
            self._con.execute("COMMIT")
        except Exception:
            with contextlib.suppress(Exception):
                self._con.execute("ROLLBACK")
            self.handed_over += 1
            return False
        self.commits += 1
        return True

    def checkpoint(self) -> None:
        """Copy the WAL into the database file (``PASSIVE``: writers go on meanwhile);
        blocking, for a thread beside the loop."""
        self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def close(self) -> None:
        for con in (self._con, self._checkpointer):
            with contextlib.suppress(Exception):
                con.close()
