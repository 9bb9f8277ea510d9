"""Invitations to online round robins in the server's database (the tournament store's
SQLAlchemy metadata, so SQLite and PostgreSQL alike): one row per invited place, with
its unguessable code and, once claimed, the account that took it and when.

An invited place is a player of the tournament under the name the organiser gave; the
claim renames that player to the account's username (an ``edit_player`` event of the
tournament's log, by the claiming account: the audit trail) and marks the row, in the
same transaction (:func:`mark_claimed` is the ``also`` of
:func:`~cotuong.server.tournaments.store.update`). A code is claimed once: the row is
only marked while it has no claimant, and an account holds at most one place of an event.

>>> from sqlalchemy import create_engine
>>> engine = create_engine("sqlite://")
>>> ts.metadata.create_all(engine)
>>> add(engine, 1, [("Cô Lan", "k" * 22, 2)], 5)
>>> [(r["name"], r["claimed_by"]) for r in of_tournament(engine, 1)]
[('Cô Lan', None)]
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Integer,
    String,
    Table,
    UniqueConstraint,
    delete,
    insert,
    select,
)
from sqlalchemy import (
    update as sql_update,
)
from sqlalchemy.engine import Connection, Engine

from cotuong.server.tournaments import store as ts

Row = dict[str, Any]
CODE_BYTES = 16  # 128 random bits: a code cannot be guessed

tournament_invitations = Table(
    "tournament_invitations", ts.metadata,
    Column("code", String(32), primary_key=True),
    Column("tournament_id", Integer, nullable=False, index=True),
    Column("name", String(64), nullable=False),  # as the organiser named the place
    Column("place", Integer, nullable=False),  # its entry number (1 = the first player)
    Column("created_at", BigInteger, nullable=False),
    Column("claimed_by", String(64), nullable=True),  # "u:<id>" once claimed
    Column("claimed_name", String(64), nullable=True),  # that account's username
    Column("claimed_at", BigInteger, nullable=True),
    UniqueConstraint("tournament_id", "claimed_by", name="uq_invitation_claimant"),
)


class AlreadyClaimedError(Exception):
    """The code was claimed meanwhile (by another request or process)."""


def new_code() -> str:
    """A fresh invitation code (URL-safe, 22 characters).

    >>> len(new_code()), new_code() != new_code()
    (22, True)
    """
    return secrets.token_urlsafe(CODE_BYTES)


def add(engine: Engine, tid: int, places: Sequence[tuple[str, str, int]],
        now_ms: int) -> None:
    """Rows for the invited places ``(name, code, entry number)`` of tournament ``tid``."""
    if not places:
        return
    with engine.begin() as c:
        c.execute(insert(tournament_invitations), [
            {"code": code, "tournament_id": tid, "name": name, "place": place,
             "created_at": now_ms, "claimed_by": None, "claimed_name": None,
             "claimed_at": None}
            for name, code, place in places])


def of_tournament(engine: Engine, tid: int) -> list[Row]:
    """The tournament's invitations, in entry order."""
    t = tournament_invitations
    with engine.connect() as c:
        return [dict(r) for r in c.execute(select(t).where(t.c.tournament_id == tid)
                                           .order_by(t.c.place)).mappings()]


def by_code(engine: Engine, tid: int, code: str) -> Row | None:
    """The invitation ``code`` of tournament ``tid``, if there is one."""
    t = tournament_invitations
    with engine.connect() as c:
        found = c.execute(select(t).where(t.c.code == code, t.c.tournament_id == tid)
                          ).mappings().first()
        return dict(found) if found else None


def mark_claimed(c: Connection, code: str, identity: str, username: str,
                 now_ms: int) -> None:
    """Bind the invitation to the account, in the caller's transaction; a code claimed
    meanwhile raises :class:`AlreadyClaimedError` (the transaction is rolled back)."""
    t = tournament_invitations
    done = c.execute(sql_update(t).where(t.c.code == code, t.c.claimed_by.is_(None))
                     .values(claimed_by=identity, claimed_name=username, claimed_at=now_ms))
    if done.rowcount != 1:
        raise AlreadyClaimedError(code)


class AlreadyPlayingError(Exception):
    """The account got a place of the event meanwhile (another process's claim)."""


def bind_identity(c: Connection, tid: int, name: str, identity: str) -> None:
    """Add ``name``'s account identity to the event's options, read and written in the
    caller's transaction (which holds the tournament's row lock): two claims of one
    event in two processes cannot overwrite each other's."""
    t = ts.tournaments
    text = c.execute(select(t.c.options).where(t.c.id == tid)).scalar_one()
    options = json.loads(text)
    if identity in options["identities"].values():
        raise AlreadyPlayingError(identity)
    options["identities"][name] = identity
    c.execute(sql_update(t).where(t.c.id == tid).values(
        options=json.dumps(options, ensure_ascii=False)))


def remove(c: Connection, code: str) -> None:
    """Delete an unclaimed invitation, in the caller's transaction (the removal of its
    place is the log's ``remove_player`` event); a code claimed meanwhile raises
    :class:`AlreadyClaimedError`."""
    t = tournament_invitations
    done = c.execute(delete(t).where(t.c.code == code, t.c.claimed_by.is_(None)))
    if done.rowcount != 1:
        raise AlreadyClaimedError(code)


__all__ = ["AlreadyClaimedError", "AlreadyPlayingError", "add", "bind_identity", "by_code",
           "mark_claimed", "new_code", "of_tournament", "remove", "tournament_invitations"]
