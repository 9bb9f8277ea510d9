"""The account rows: usernames unique ignoring case, passwords, sessions; and a database
URL as it may be shown (its password masked).

Usernames are unique ignoring case (``Alice`` cannot register beside ``alice``): new
registrations are checked against ``lower(username)`` in their transaction, and a unique
index on ``lower(username)`` makes that hold across processes too. A database made before
this rule may already hold such pairs: then the index cannot be unique, a plain one is
made instead (and a warning logged), and every stored account keeps working — a login
with the exact stored spelling finds that account, any other spelling the oldest one.

>>> from sqlalchemy import create_engine
>>> from cotuong.server.storage.tables import metadata
>>> engine = create_engine("sqlite://")
>>> metadata.create_all(engine)
>>> ensure_username_index(engine)
True
>>> uid = create_user(engine, "alice", "scrypt$...", 0)
>>> user_by_name(engine, "ALICE")["username"]
'alice'
>>> create_user(engine, "Alice", "scrypt$...", 0)
Traceback (most recent call last):
...
cotuong.server.storage.user_rows.UsernameTaken: the username 'Alice' is taken
>>> masked_url("postgresql+psycopg://cotuong:hunter2@db/cotuong")
'postgresql+psycopg://cotuong:***@db/cotuong'
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError, ProgrammingError

from cotuong.core.errors import CotuongError
from cotuong.server.storage.tables import sessions, users

log = logging.getLogger("cotuong.server")

Row = dict[str, Any]
lower_name = func.lower(users.c.username)  # what uniqueness compares


class UsernameTaken(CotuongError):
    """A username already registered (ignoring case)."""

    code = "USERNAME_TAKEN"


def ensure_username_index(engine: Engine) -> bool:
    """Index ``lower(username)``: unique when the stored names allow it (``True``), else a
    plain index (``False``: the database holds names that differ only in case)."""
    # Plain SQL: SQLAlchemy cannot reflect expression indexes to skip an existing one,
    # and both SQLite and PostgreSQL know ``IF NOT EXISTS``.
    try:
        with engine.begin() as c:
            c.exec_driver_sql("CREATE UNIQUE INDEX IF NOT EXISTS users_username_lower_unique "
                              "ON users (lower(username))")
        return True
    except (IntegrityError, OperationalError, ProgrammingError):
        log.warning("the database holds usernames that differ only in case; they keep "
                    "working, and new ones are refused by the registration's check")
    with engine.begin() as c:
        c.exec_driver_sql("CREATE INDEX IF NOT EXISTS users_username_lower "
                          "ON users (lower(username))")
    return False


def create_user(engine: Engine, username: str, password_hash: str, now_ms: int) -> int:
    """A new account, or :class:`UsernameTaken` (ignoring case)."""
    try:
        with engine.begin() as c:
            taken = c.execute(select(users.c.id).where(lower_name == username.lower())
                              .limit(1)).first()
            if taken is not None:
                raise UsernameTaken(f"the username {username!r} is taken")
            result = c.execute(insert(users).values(username=username,
                                                    password_hash=password_hash,
                                                    created_at=now_ms))
    except IntegrityError:  # another process registered it in the same instant
        raise UsernameTaken(f"the username {username!r} is taken") from None
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def user_by_name(engine: Engine, username: str) -> Row | None:
    """The account spelled exactly so, else the oldest one spelled so ignoring case."""
    with engine.connect() as c:
        row = c.execute(select(users).where(users.c.username == username)).mappings().first()
        if row is None:
            row = c.execute(select(users).where(lower_name == username.lower())
                            .order_by(users.c.id).limit(1)).mappings().first()
        return dict(row) if row else None


def set_password_hash(engine: Engine, user_id: int, password_hash: str) -> None:
    with engine.begin() as c:
        c.execute(update(users).where(users.c.id == user_id)
                  .values(password_hash=password_hash))


def delete_user_sessions(engine: Engine, user_id: int) -> int:
    """End every session of an account ("log out everywhere"); how many there were."""
    with engine.begin() as c:
        return int(c.execute(delete(sessions).where(sessions.c.user_id == user_id)).rowcount)


def masked_url(url: str) -> str:
    """A database URL fit for logs and banners: its password replaced by ``***``."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return url if "@" not in url else "***"
