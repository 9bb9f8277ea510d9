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

from sqlalchemy import inspect
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
