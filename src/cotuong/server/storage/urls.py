"""The database a ``--db`` option names, as a SQLAlchemy URL."""

from __future__ import annotations

from pathlib import Path


def database_url(spec: str | None) -> str:
    """A SQLAlchemy URL from ``--db``: a URL as given, a file path as SQLite, ``:memory:``
    as SQLite's in-memory database (as the ``sqlite3`` shell reads it; nothing is kept
    after the process), or the default ``cotuong.sqlite3`` in the current directory.

    >>> database_url(":memory:")
    'sqlite://'
    """
    if not spec:
        spec = "cotuong.sqlite3"
    if spec == ":memory:":  # not a file of that name in the current directory
        return "sqlite://"
    if "://" in spec:
        if spec.startswith("postgres://"):
            spec = "postgresql://" + spec[len("postgres://"):]
        if spec.startswith("postgresql://"):
            spec = "postgresql+psycopg://" + spec[len("postgresql://"):]
        return spec
    return f"sqlite:///{Path(spec).expanduser().resolve()}"
