"""Persistent storage with SQLAlchemy 2 Core: SQLite by default, PostgreSQL by URL.

Blocking by design (SQLAlchemy's sync engine); the server calls it from one worker
thread (:class:`~cotuong.server.storage.database.Database`), so database work never
blocks the event loop and SQLite sees a single writer.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed move survives the server
process being killed (the restart test does exactly that); only an OS crash or power cut
could lose the last commits.

>>> s = Store("sqlite://")
>>> uid = s.create_user("lan", "scrypt$...", now_ms=0)
>>> s.user_by_name("lan")["id"] == uid
True
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import (
    create_engine,
    delete,
    event,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

from cotuong.core.errors import CotuongError
from cotuong.server.ratings import RateGame
from cotuong.server.ratings import store as rating_store
from cotuong.server.storage import user_rows
from cotuong.server.storage.driver_writes import DriverSql, compact
from cotuong.server.storage.migrations import add_missing_columns, schema_lock
from cotuong.server.storage.tables import (
    games,
    meta_table,
    metadata,
    moves,
    rooms,
    sessions,
    users,
)
from cotuong.server.storage.urls import is_memory_sqlite
from cotuong.server.storage.writes import (
    RecordMove,
    SetMeta,
    TakeBack,
    Together,
    UpdateGame,
    Write,
)


class StoreError(CotuongError):
    """A storage problem (bad database URL, conflicting row)."""

    code = "STORE"


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


Row = dict[str, Any]


class Store:
    """All persistent state. Methods are blocking; see the module docstring."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._writer: Connection | None = None  # kept open for group commits, see below
        try:
            if url.startswith("sqlite"):
                self.engine: Engine = create_engine(
                    url, connect_args={"check_same_thread": False},
                    poolclass=StaticPool if is_memory_sqlite(url) else None)
                event.listen(self.engine, "connect", _sqlite_pragmas)
            else:
                self.engine = create_engine(url, pool_pre_ping=True)
            with schema_lock(self.engine):  # processes started at once: one at a time
                for tables in (metadata, rating_store.metadata):  # ratings: RateGame's
                    tables.create_all(self.engine)
                user_rows.ensure_username_index(self.engine)
                add_missing_columns(self.engine)  # a database made by an older version
            self._driver_sql = DriverSql.for_dialect(self.engine.dialect.name)
            if self.engine.dialect.name == "postgresql":
                # Every move rewrites its game's row: room on each page lets PostgreSQL
                # update in place (HOT) instead of moving rows and growing the indexes.
                # (This lock level lets other servers' reads and writes go on.)
                with self.engine.begin() as c:
                    c.exec_driver_sql("ALTER TABLE games SET (fillfactor = 50)")
        except Exception as exc:  # the driver's errors vary; say which URL failed
            # (The URL's password masked: this text reaches logs and the terminal.)
            shown = user_rows.masked_url(url)
            raise StoreError(f"cannot open the database {shown!r}: "
                             f"{str(exc).replace(url, shown)}") from None

    @property
    def shown_url(self) -> str:
        """The URL as logs and banners may show it (the password masked)."""
        return user_rows.masked_url(self.url)

    def close(self) -> None:
        self._drop_writer()
        self.engine.dispose()

    # ----------------------------------------------------------------- meta
    def get_meta(self, key: str) -> str | None:
        with self.engine.connect() as c:
            return c.execute(select(meta_table.c.value).where(meta_table.c.key == key)
                             ).scalar_one_or_none()

    def set_meta(self, key: str, value: str) -> None:
        with self.engine.begin() as c:
            self._w_set_meta(c, key, value)

    @staticmethod
    def _w_set_meta(c: Connection, key: str, value: str) -> None:
        if c.execute(update(meta_table).where(meta_table.c.key == key)
                     .values(value=value)).rowcount == 0:
            c.execute(insert(meta_table).values(key=key, value=value))

    # -------------------------------------------------------- group commit
    def write_batch(self, ops: Sequence[Write]) -> list[Exception | None]:
        """Several writes in one transaction (group commit: one commit for many moves).
        If the batch fails, each write is retried alone so only the faulty one fails;
        the result lists the error of each write (``None`` = committed)."""
        for op in ops:
            if not isinstance(op, SetMeta | UpdateGame | RecordMove | TakeBack | RateGame
                              | Together):
                raise StoreError(f"unknown write {op!r}")
        for attempt in (1, 2):
            try:
                c = self._writer_connection()
                with c.begin():
                    if not self._compact(c, ops):
                        for op in ops:
                            self._apply(c, op)
                return [None] * len(ops)
            except Exception as exc:
                self._drop_writer()
                # The kept connection may have died with the database server (restart):
                # once, try again on a new one before blaming the writes.
                if attempt == 1 and isinstance(exc, DBAPIError) and exc.connection_invalidated:
                    continue
                if len(ops) == 1:
                    raise
                break
        results: list[Exception | None] = []
        for op in ops:
            try:
                with self.engine.begin() as c:
                    self._apply(c, op)
                results.append(None)
            except Exception as exc:  # reported to the one caller it concerns
                results.append(exc)
        return results

    def _apply(self, c: Connection, op: Write) -> None:
        match op:
            case SetMeta(key, value):
                self._w_set_meta(c, key, value)
            case UpdateGame(game_id, fields):
                self._w_update_game(c, game_id, fields)
            case RecordMove(game_id, ply, iccs, at_ms, fields):
                self._w_record_move(c, game_id, ply, iccs, at_ms, fields)
            case TakeBack(game_id, keep, fields):
                self._w_take_back(c, game_id, keep, fields)
            case RateGame():
                rating_store.apply_rate_game(c, op)
            case Together(writes):
                for w in writes:
                    self._apply(c, w)

    def _writer_connection(self) -> Connection:
        """The group-commit writer's connection, kept between batches: checking one out of
        the pool each time cost a round trip (the PostgreSQL pool's liveness ping) and
        ~20 % of a batch's time under load. Only the database thread writes."""
        if self._writer is None or self._writer.closed or self._writer.invalidated:
            self._writer = self.engine.connect()
        return self._writer

    def _drop_writer(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()
            self._writer = None

    def _compact(self, c: Connection, ops: Sequence[Write]) -> bool:
        """The usual batch (moves, game updates, heartbeats) as a few ``executemany``
        statements through the driver (:mod:`.driver_writes`: statement building in
        SQLAlchemy dominated the per-move cost). ``False`` (nothing done) when the batch
        holds another kind of write, or on a database without driver SQL here."""
        rows = compact(ops) if self._driver_sql is not None else None
        if rows is None:
            return False
        assert self._driver_sql is not None
        raw = c.connection.dbapi_connection
        assert raw is not None
        cursor = raw.cursor()
        try:
            self._driver_sql.execute(cursor, rows)
        except self.engine.dialect.loaded_dbapi.Error as exc:
            # As SQLAlchemy would raise it: a lost connection is marked invalidated, so
            # the batch is tried once more on a new one (``write_batch``).
            lost = self.engine.dialect.is_disconnect(exc, raw, cursor)
            if lost:
                c.invalidate()
            raise DBAPIError.instance(None, None, exc, self.engine.dialect.loaded_dbapi.Error,
                                      connection_invalidated=lost,
                                      dialect=self.engine.dialect) from exc
        finally:
            with contextlib.suppress(Exception):
                cursor.close()
        return True

    # ------------------------------------------------------- users, sessions
    def create_user(self, username: str, password_hash: str, now_ms: int) -> int:
        """A new account; :class:`StoreError` if the name is taken, ignoring case."""
        try:
            return user_rows.create_user(self.engine, username, password_hash, now_ms)
        except user_rows.UsernameTaken as exc:
            raise StoreError(str(exc)) from None

    def user_by_name(self, username: str) -> Row | None:
        """The account spelled exactly so, else the oldest spelled so ignoring case."""
        return user_rows.user_by_name(self.engine, username)

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        user_rows.set_password_hash(self.engine, user_id, password_hash)

    def delete_user_sessions(self, user_id: int) -> int:
        return user_rows.delete_user_sessions(self.engine, user_id)

    def user_by_id(self, user_id: int) -> Row | None:
        with self.engine.connect() as c:
            row = c.execute(select(users).where(users.c.id == user_id)).mappings().first()
            return dict(row) if row else None

    def create_session(self, digest: str, user_id: int, expires_ms: int) -> None:
        with self.engine.begin() as c:
            c.execute(insert(sessions).values(digest=digest, user_id=user_id,
                                              expires_at=expires_ms))

    def session_user(self, digest: str, now_ms: int) -> Row | None:
        with self.engine.connect() as c:
            row = c.execute(
                select(users).join(sessions, sessions.c.user_id == users.c.id)
                .where(sessions.c.digest == digest, sessions.c.expires_at > now_ms)
            ).mappings().first()
            return dict(row) if row else None

    def delete_session(self, digest: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(sessions).where(sessions.c.digest == digest))

    # ---------------------------------------------------------------- rooms
    def create_room(self, row: Mapping[str, Any]) -> None:
        with self.engine.begin() as c:
            c.execute(insert(rooms).values(**row))

    def room(self, code: str) -> Row | None:
        with self.engine.connect() as c:
            row = c.execute(select(rooms).where(rooms.c.code == code)).mappings().first()
            return dict(row) if row else None

    def update_room(self, code: str, fields: Mapping[str, Any]) -> None:
        with self.engine.begin() as c:
            c.execute(update(rooms).where(rooms.c.code == code).values(**fields))

    def room_game_ids(self, code: str) -> list[int]:
        with self.engine.connect() as c:
            return [int(r) for r in c.execute(select(games.c.id).where(
                games.c.room_code == code).order_by(games.c.id)).scalars()]

    # ---------------------------------------------------------------- games
    def create_game(self, row: Mapping[str, Any], room_fields: Mapping[str, Any]) -> int:
        """Insert a game and point its room at it, in one transaction."""
        with self.engine.begin() as c:
            result = c.execute(insert(games).values(**row))
            key = result.inserted_primary_key
            assert key is not None
            game_id = int(key[0])
            c.execute(update(rooms).where(rooms.c.code == row["room_code"])
                      .values(current_game_id=game_id, **room_fields))
            return game_id

    def game(self, game_id: int) -> Row | None:
        with self.engine.connect() as c:
            row = c.execute(select(games).where(games.c.id == game_id)).mappings().first()
            return dict(row) if row else None

    def room_and_game(self, code: str, game_id: int | None,
                      version_of: Callable[[int], int | None]) -> tuple[Row | None, Row | None,
                                                                      list[str] | None]:
        """Room ``code``'s row, its current game's (else ``game_id``'s) row and, unless
        ``version_of(id)`` (what the caller holds) is the row's version, its moves: what a
        process reads to catch up with another's change, on one connection.

        >>> s = Store("sqlite://")
        >>> s.room_and_game("NONE", None, lambda game_id: None)
        (None, None, None)
        """
        with self.engine.connect() as c:
            room = c.execute(select(rooms).where(rooms.c.code == code)).mappings().first()
            current = (room["current_game_id"] if room else None) or game_id
            if room is None or current is None:
                return (dict(room) if room else None), None, None
            row = c.execute(select(games).where(games.c.id == current)).mappings().first()
            if row is None or version_of(current) == row["version"]:
                return dict(room), (dict(row) if row else None), None
            played = [str(m) for m in c.execute(select(moves.c.iccs).where(
                moves.c.game_id == current).order_by(moves.c.ply)).scalars()]
            return dict(room), dict(row), played

    def game_moves(self, game_id: int) -> list[str]:
        with self.engine.connect() as c:
            return [str(m) for m in c.execute(select(moves.c.iccs).where(
                moves.c.game_id == game_id).order_by(moves.c.ply)).scalars()]

    def update_game(self, game_id: int, fields: Mapping[str, Any]) -> None:
        with self.engine.begin() as c:
            self._w_update_game(c, game_id, fields)

    @staticmethod
    def _w_update_game(c: Connection, game_id: int, fields: Mapping[str, Any]) -> None:
        c.execute(update(games).where(games.c.id == game_id).values(**fields))

    def record_move(self, game_id: int, ply: int, iccs: str, at_ms: int,
                    fields: Mapping[str, Any]) -> None:
        """Insert move ``ply`` and the game's new state in one transaction. A second move
        for the same ply violates the primary key (a duplicate can never be stored)."""
        with self.engine.begin() as c:
            self._w_record_move(c, game_id, ply, iccs, at_ms, fields)

    @staticmethod
    def _w_record_move(c: Connection, game_id: int, ply: int, iccs: str, at_ms: int,
                       fields: Mapping[str, Any]) -> None:
        c.execute(insert(moves).values(game_id=game_id, ply=ply, iccs=iccs, at_ms=at_ms))
        c.execute(update(games).where(games.c.id == game_id).values(plies=ply, **fields))

    def take_back(self, game_id: int, keep_plies: int, fields: Mapping[str, Any]) -> None:
        with self.engine.begin() as c:
            self._w_take_back(c, game_id, keep_plies, fields)

    @staticmethod
    def _w_take_back(c: Connection, game_id: int, keep_plies: int,
                     fields: Mapping[str, Any]) -> None:
        c.execute(delete(moves).where(moves.c.game_id == game_id, moves.c.ply > keep_plies))
        c.execute(update(games).where(games.c.id == game_id)
                  .values(plies=keep_plies, **fields))

    def live_game_ids(self) -> list[int]:
        """Games not over yet (to resume after a restart)."""
        with self.engine.connect() as c:
            return [int(r) for r in c.execute(select(games.c.id).where(
                games.c.status.in_(("waiting", "playing")))).scalars()]

    def history(self, identity: str, limit: int, before: int | None) -> list[Row]:
        q = select(games).where(or_(games.c.red_player == identity,
                                    games.c.black_player == identity))
        if before is not None:
            q = q.where(games.c.id < before)
        q = q.order_by(games.c.id.desc()).limit(limit)
        with self.engine.connect() as c:
            return [dict(r) for r in c.execute(q).mappings()]


def dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))
