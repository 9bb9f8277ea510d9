"""The database a ``--db`` option names, as a SQLAlchemy URL."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import URL, make_url


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


def is_memory_sqlite(url: str | URL) -> bool:
    """Whether ``url`` is a SQLite database kept in memory (``sqlite://``,
    ``sqlite:///:memory:``, any driver): one connection, nothing on disk, so it takes a
    single shared connection and no writer of its own.

    >>> is_memory_sqlite("sqlite://"), is_memory_sqlite("sqlite+pysqlite:///:memory:")
    (True, True)
    >>> is_memory_sqlite("sqlite:////tmp/x.sqlite3"), is_memory_sqlite("postgresql://h/db")
    (False, False)
    """
    parsed = make_url(url) if isinstance(url, str) else url
    return parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")
