"""Persistence: an append-only event log in SQL (SQLite by default).

The store keeps the tournament's settings and every event (results,
corrections, withdrawals ...) in order; loading replays them through
:class:`~cotuong.tournament.tournament.Tournament`, which re-validates each one,
so a damaged store is detected instead of silently believed.

Every change runs in one transaction that locks the log, replays it, applies
the new events and commits — a process killed mid-write leaves either the old
state or the new one, and two arbiters at two terminals cannot interleave.
Only standard SQL is used; :class:`Dialect` carries the few differences. The web
platform keeps its own tables (with who made each change) and shares the replay,
:func:`cotuong.tournament.replay.replay`.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> store = SqliteStore.create(d, Tournament(["An", "Bình", "Chi"], name="Club"))
>>> _ = store.update(lambda t: t.record(1, "Bình", "Chi", "1-0"))
>>> SqliteStore.open(d).load().standings()[0].player
'Bình'
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

from cotuong.tournament.errors import (
    CorruptStoreError,
    TournamentError,
    TournamentStoreError,
    fail,
)
from cotuong.tournament.knockout import Knockout
from cotuong.tournament.replay import replay
from cotuong.tournament.systems import Directed, system_of
from cotuong.tournament.tournament import Tournament

T = TypeVar("T")
FORMAT = "cotuong-tournament"
SCHEMA_VERSION = 1
DEFAULT_FILENAME = "tournament.sqlite3"


@dataclass(frozen=True)
class Dialect:
    """What differs between SQL engines: parameter marker and how to lock the log."""

    placeholder: str = "?"
    begin: str = "BEGIN IMMEDIATE"  # SQLite: take the write lock at once
    lock: str | None = None  # e.g. "SELECT value FROM meta WHERE key = 'settings' FOR UPDATE"


SQLITE = Dialect()
POSTGRES = Dialect("%s", "BEGIN", "SELECT value FROM meta WHERE key = 'settings' FOR UPDATE")

_SCHEMA = (
    "CREATE TABLE meta (key VARCHAR(64) PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE events (seq INTEGER PRIMARY KEY, kind VARCHAR(32) NOT NULL, "
    "payload TEXT NOT NULL, recorded_at VARCHAR(40) NOT NULL)",
)


class SqlStore:
    """A tournament kept in an SQL database through a DB-API 2 connection.

    The connection must be in autocommit mode: transactions are explicit here.
    """

    def __init__(self, connection: Any, dialect: Dialect = SQLITE, where: str = "") -> None:
        self.conn = connection
        self.dialect = dialect
        self.where = where or "the store"
        self._cached: Directed | None = None  # state after our last committed update

    # ----- low level -----------------------------------------------------------
    def _q(self, sql: str) -> str:
        return sql.replace("?", self.dialect.placeholder)

    def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> Any:
        cur = self.conn.cursor()
        cur.execute(self._q(sql), params)
        return cur

    def _transaction(self, body: Callable[[], T], lock: bool = True) -> T:
        try:
            self._execute(self.dialect.begin)
            if lock and self.dialect.lock:
                self._execute(self.dialect.lock)
            value = body()
            self._execute("COMMIT")
            return value
        except BaseException:
            # The failure that got us here is the one to report, not a failed rollback.
            with contextlib.suppress(Exception):
                self._execute("ROLLBACK")
            raise

    # ----- schema --------------------------------------------------------------
    def initialise(self, tournament: Directed) -> None:
        """Create the tables and save a new tournament (with any events it has)."""
        def body() -> None:
            for stmt in _SCHEMA:
                self._execute(stmt)
            for key, value in (("format", FORMAT), ("schema", str(SCHEMA_VERSION)),
                               ("settings", json.dumps(tournament.settings(),
                                                       ensure_ascii=False))):
                self._execute("INSERT INTO meta (key, value) VALUES (?, ?)", (key, value))
            self._append(tournament, 0)
        self._guard(lambda: self._transaction(body, lock=False))  # nothing to lock yet

    def _meta(self) -> dict[str, str]:
        rows = self._execute("SELECT key, value FROM meta").fetchall()
        return {str(k): str(v) for k, v in rows}

    def _replay(self) -> Directed:
        meta = self._meta()
        if meta.get("format") != FORMAT:
            raise CorruptStoreError(f"{self.where} is not a cotuong tournament store")
        if meta.get("schema") != str(SCHEMA_VERSION):
            raise CorruptStoreError(
                f"{self.where} has schema {meta.get('schema')!r}; this version reads "
                f"{SCHEMA_VERSION}")
        rows = self._execute("SELECT seq, kind, payload FROM events ORDER BY seq").fetchall()
        return replay(meta.get("settings", ""), rows, self.where)

    def _append(self, tournament: Directed, start: int) -> None:
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        for seq, event in enumerate(tournament.events[start:], start + 1):
            self._execute("INSERT INTO events (seq, kind, payload, recorded_at) "
                          "VALUES (?, ?, ?, ?)",
                          (seq, event.kind, json.dumps(event.payload(), ensure_ascii=False), now))

    def _guard(self, action: Callable[[], T]) -> T:
        """Map driver errors to :class:`TournamentStoreError` (``CorruptStoreError`` for
        damage)."""
        try:
            return action()
        except TournamentError:
            raise
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise fail(TournamentStoreError, "T_STORE_BUSY", file=self.where) from exc
            raise fail(CorruptStoreError, "T_STORE_DAMAGED", file=self.where,
                       why=str(exc)) from exc

    # ----- public --------------------------------------------------------------
    def load_any(self) -> Directed:
        """The event as recorded (replayed and re-validated), whatever its system."""
        return self._guard(lambda: self._transaction(self._replay))

    def load(self) -> Tournament:
        """The round robin or Swiss event as recorded (a knockout: :meth:`load_knockout`)."""
        event = self.load_any()
        if isinstance(event, Knockout):
            raise fail(TournamentStoreError, "T_WRONG_SYSTEM", system="knockout",
                       wanted="round_robin/swiss")
        return event

    def load_knockout(self) -> Knockout:
        """The knockout as recorded."""
        event = self.load_any()
        if not isinstance(event, Knockout):
            raise fail(TournamentStoreError, "T_WRONG_SYSTEM",
                       system=system_of(event.settings()), wanted="knockout")
        return event

    def update(self, change: Callable[[Tournament], T]) -> T:
        """Apply ``change`` to the current tournament and save its new events atomically.

        If ``change`` raises, nothing is written and the error propagates.
        """
        def checked(t: Directed) -> T:
            if isinstance(t, Knockout):
                raise fail(TournamentStoreError, "T_WRONG_SYSTEM", system="knockout",
                           wanted="round_robin/swiss")
            return change(t)
        return self.update_any(checked)

    def update_knockout(self, change: Callable[[Knockout], T]) -> T:
        """:meth:`update` for a knockout."""
        def checked(t: Directed) -> T:
            if not isinstance(t, Knockout):
                raise fail(TournamentStoreError, "T_WRONG_SYSTEM",
                           system=system_of(t.settings()), wanted="knockout")
            return change(t)
        return self.update_any(checked)

    def update_any(self, change: Callable[[Directed], T]) -> T:
        """:meth:`update` whatever the system."""
        done: list[Directed] = []

        def body() -> T:
            # Reuse the state of our previous update when nobody appended since
            # (same event count under the lock); otherwise replay the log.
            cached, self._cached = self._cached, None
            count = int(self._execute("SELECT COUNT(*) FROM events").fetchone()[0])
            tournament = cached if cached is not None and len(cached.events) == count \
                else self._replay()
            before = len(tournament.events)
            value = change(tournament)
            self._append(tournament, before)
            done.append(tournament)
            return value
        value = self._guard(lambda: self._transaction(body))
        self._cached = done[0]  # only after the commit succeeded
        return value

    def history(self) -> list[tuple[int, str, dict[str, Any], str]]:
        """Every event as ``(seq, kind, payload, recorded_at)`` — the arbiter's log."""
        def body() -> list[tuple[int, str, dict[str, Any], str]]:
            rows = self._execute(
                "SELECT seq, kind, payload, recorded_at FROM events ORDER BY seq").fetchall()
            return [(int(s), str(k), json.loads(p), str(a)) for s, k, p, a in rows]
        return self._guard(body)

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()


class SqliteStore(SqlStore):
    """The default store: one SQLite file (``tournament.sqlite3`` in a directory, or a path)."""

    @staticmethod
    def resolve(path: str | Path) -> Path:
        """The database file for a tournament directory or an explicit file path."""
        p = Path(path)
        return p / DEFAULT_FILENAME if p.is_dir() or not p.suffix else p

    @classmethod
    def _connect(cls, file: Path) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(str(file), isolation_level=None, timeout=10.0)
            # FULL: a commit is on disk before we report success (power loss too).
            conn.execute("PRAGMA synchronous=FULL")
        except sqlite3.OperationalError as exc:  # permissions, missing directory, locks
            raise fail(TournamentStoreError, "T_STORE_OPEN", file=file, why=str(exc)) from exc
        except sqlite3.DatabaseError as exc:  # "file is not a database" and the like
            raise fail(CorruptStoreError, "T_STORE_DAMAGED", file=file, why=str(exc)) from exc
        return conn

    @classmethod
    def create(cls, path: str | Path, tournament: Directed) -> SqliteStore:
        """Create a new store; refuses to overwrite an existing one."""
        file = cls.resolve(path)
        if file.exists():
            raise fail(TournamentStoreError, "T_STORE_EXISTS", file=file)
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TournamentStoreError(f"cannot create {file.parent}: {exc}") from exc
        store = cls(cls._connect(file), SQLITE, str(file))
        try:
            store.initialise(tournament)
        except BaseException:
            store.close()
            file.unlink(missing_ok=True)
            raise
        return store

    @classmethod
    def open(cls, path: str | Path) -> SqliteStore:
        """Open an existing store (a missing file is an error, never silently created)."""
        file = cls.resolve(path)
        if not file.is_file():
            raise fail(TournamentStoreError, "T_STORE_MISSING", file=file)
        return cls(cls._connect(file), SQLITE, str(file))

    def check(self) -> None:
        """SQLite's full integrity check plus a replay; raises :class:`CorruptStoreError`."""
        rows = self._guard(lambda: self._execute("PRAGMA integrity_check").fetchall())
        if [tuple(r) for r in rows] != [("ok",)]:
            raise CorruptStoreError(f"{self.where}: integrity check failed: {rows[:5]}")
        self.load_any()
