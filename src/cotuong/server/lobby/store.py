"""Open challenges (seeks) in the store, so that every server process sees the same ones
and a restart keeps them (their creators get a fresh grace period to come back).

Accepting a seek *claims* it with one ``DELETE ... WHERE id = ?``: the database lets
exactly one of two concurrent claims delete the row (rowcount 1), whichever process they
come from, so two accepts of one seek make exactly one game.

>>> from sqlalchemy import create_engine
>>> engine = create_engine("sqlite://")
>>> metadata.create_all(engine)
>>> add_seek(engine, {"id": "s1", "identity": "g:a", "name": "A", "rules": "xiangqiplay",
...     "time_control": None, "rated": False, "color": "random", "rating": None,
...     "low": None, "high": None, "category": None, "created_at": 0})
>>> [s["id"] for s in open_seeks(engine)], claim_seek(engine, "s1")["name"]
(['s1'], 'A')
>>> claim_seek(engine, "s1") is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    insert,
    select,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

seeks = Table(
    "seeks", metadata,
    Column("id", String(16), primary_key=True),
    Column("identity", String(64), nullable=False, index=True),  # "u:<id>" or "g:<guest>"
    Column("name", String(64), nullable=False),
    Column("rules", String(32), nullable=False),
    Column("time_control", Text, nullable=True),  # JSON, NULL = untimed
    Column("rated", Boolean, nullable=False),
    Column("color", String(8), nullable=False),  # the creator's: red, black or random
    Column("rating", Integer, nullable=True),  # the creator's, in the category (rated)
    Column("low", Integer, nullable=True),  # the opponent ratings the creator accepts
    Column("high", Integer, nullable=True),
    Column("category", String(16), nullable=True),
    Column("created_at", BigInteger, nullable=False),
)

Row = dict[str, Any]


def add_seek(engine: Engine, row: Mapping[str, Any]) -> None:
    with engine.begin() as c:
        c.execute(insert(seeks).values(**row))


def open_seeks(engine: Engine) -> list[Row]:
    """Every open seek, oldest first."""
    with engine.connect() as c:
        return [dict(r) for r in c.execute(select(seeks).order_by(
            seeks.c.created_at, seeks.c.id)).mappings()]


def claim_seek(engine: Engine, seek_id: str) -> Row | None:
    """The seek, removed, if this call is the one that removed it; else ``None``."""
    with engine.begin() as c:
        row = c.execute(select(seeks).where(seeks.c.id == seek_id)).mappings().first()
        if row is None:
            return None
        if c.execute(delete(seeks).where(seeks.c.id == seek_id)).rowcount != 1:
            return None  # another claim deleted it between our read and our delete
        return dict(row)


def remove_seeks(engine: Engine, identity: str, seek_id: str | None = None) -> list[str]:
    """Remove a player's seeks (or just ``seek_id`` of theirs); the ids removed."""
    with engine.begin() as c:
        q = select(seeks.c.id).where(seeks.c.identity == identity)
        if seek_id is not None:
            q = q.where(seeks.c.id == seek_id)
        ids = [str(i) for i in c.execute(q).scalars()]
        if ids:
            c.execute(delete(seeks).where(seeks.c.id.in_(ids)))
        return ids


def count_seeks(engine: Engine, identity: str) -> int:
    with engine.connect() as c:
        return len(list(c.execute(select(seeks.c.id).where(
            seeks.c.identity == identity)).scalars()))


__all__ = ["add_seek", "claim_seek", "count_seeks", "metadata", "open_seeks",
           "remove_seeks", "seeks"]
