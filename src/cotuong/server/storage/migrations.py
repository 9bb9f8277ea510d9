"""Columns added to the core tables after databases were made with them: ``create_all``
makes missing tables but never alters one, so each added column is added here when it is
missing (SQLite and PostgreSQL alike), keeping every stored row.

>>> from sqlalchemy import create_engine, text
>>> engine = create_engine("sqlite://")
>>> with engine.begin() as c:
...     _ = c.execute(text("CREATE TABLE users (id INTEGER PRIMARY KEY, username VARCHAR(32),"
...                        " password_hash VARCHAR(255), created_at BIGINT)"))
...     _ = c.execute(text("INSERT INTO users VALUES (1, 'lan', 'x', 0)"))
>>> add_missing_columns(engine)
['users.display_name']
>>> add_missing_columns(engine)
[]
>>> with engine.connect() as c:
...     c.execute(text("SELECT username, display_name FROM users")).all()
[('lan', None)]
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from sqlalchemy import MetaData, Table, inspect
from sqlalchemy.engine import Engine

from cotuong.server.storage.tables import users

# (table, column) in the order they were added; each nullable, so old rows stay valid.
ADDED = ((users, "display_name"),)


def add_missing_columns(engine: Engine) -> list[str]:
    """Add every column of :data:`ADDED` its table lacks; what was added, as
    ``table.column``."""
    added = []
    for table, name in ADDED:
        have = {c["name"] for c in inspect(engine).get_columns(table.name)}
        if name in have:
            continue
        column = table.c[name]
        kind = column.type.compile(dialect=engine.dialect)
        with engine.begin() as c:
            c.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {name} {kind}")
        added.append(f"{table.name}.{name}")
    return added


SCHEMA_LOCK = 727_001  # PostgreSQL advisory lock key: one process at a time sets the schema up


@contextlib.contextmanager
def schema_lock(engine: Engine) -> Iterator[None]:
    """On PostgreSQL, one server process at a time makes the tables (several started at
    once on an empty database raced: ``CREATE TABLE`` failed with a duplicate type, and
    that process exited); SQLite needs nothing."""
    if engine.dialect.name != "postgresql":
        yield
        return
    with engine.connect() as c:
        c.exec_driver_sql(f"SELECT pg_advisory_lock({SCHEMA_LOCK})")
        try:
            yield
        finally:
            c.exec_driver_sql(f"SELECT pg_advisory_unlock({SCHEMA_LOCK})")
            c.commit()


def create_tables(engine: Engine, schema: MetaData | Table) -> None:
    """``schema``'s tables (a whole ``MetaData`` or one ``Table``), those missing, made
    under :func:`schema_lock`: each part's own tables at start-up.

    >>> from sqlalchemy import create_engine, MetaData
    >>> create_tables(create_engine("sqlite://"), MetaData())
    """
    with schema_lock(engine):
        if isinstance(schema, MetaData):
            schema.create_all(engine)
        else:
            schema.create(engine, checkfirst=True)
