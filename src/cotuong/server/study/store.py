"""Imported games (table ``imports``, created by the study part itself): what an account
pasted, read and kept, never rated and never mixed with played games.

Blocking, like :class:`~cotuong.server.storage.Store`; the server calls it on its
database thread.

>>> from sqlalchemy import create_engine
>>> s = ImportStore(create_engine("sqlite://"))
>>> s.save("abc", "u:1", 5, {"start_fen": "x", "moves": [], "result": "*"}, "", 10)
True
>>> s.get("abc")["owner"], s.count("u:1")
('u:1', 1)
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Index,
    MetaData,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
    select,
)
from sqlalchemy.engine import Engine

from cotuong.server.storage import create_tables

__all__ = ["ImportStore", "imports"]

metadata = MetaData()

imports = Table(
    "imports", metadata,
    Column("id", String(24), primary_key=True),  # unguessable: an import is shared by link
    Column("owner", String(64), nullable=False),  # the account (u:<id>)
    Column("created_at", BigInteger, nullable=False),
    Column("title", String(200), nullable=False, default=""),
    Column("game", Text, nullable=False),  # JSON: start_fen, moves, result, skipped, ...
    Index("imports_owner", "owner", "created_at"),
)


class ImportStore:
    """The ``imports`` table (created if missing)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        create_tables(engine, imports)

    def save(self, import_id: str, owner: str, now_ms: int, game: dict[str, Any],
             title: str, keep: int) -> bool:
        """Keep ``game`` for ``owner`` unless they already keep ``keep`` imports (then
        ``False``, nothing written)."""
        with self.engine.begin() as c:
            kept = c.execute(select(func.count()).select_from(imports)
                             .where(imports.c.owner == owner)).scalar_one()
            if kept >= keep:
                return False
            c.execute(insert(imports).values(id=import_id, owner=owner, created_at=now_ms,
                                             title=title[:200], game=json.dumps(game)))
        return True

    def get(self, import_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as c:
            row = c.execute(select(imports).where(imports.c.id == import_id)).mappings().first()
        if row is None:
            return None
        return {**json.loads(row["game"]), "import_id": row["id"], "owner": row["owner"],
                "created_at": row["created_at"], "title": row["title"]}

    def count(self, owner: str) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(func.count()).select_from(imports)
                                 .where(imports.c.owner == owner)).scalar_one())

    def list(self, owner: str, limit: int) -> list[dict[str, Any]]:
        """The owner's imports, newest first: id, time, title, number of moves, result."""
        with self.engine.connect() as c:
            rows = c.execute(select(imports).where(imports.c.owner == owner)
                             .order_by(imports.c.created_at.desc(), imports.c.id)
                             .limit(limit)).mappings().all()
        out = []
        for row in rows:
            game = json.loads(row["game"])
            out.append({"import_id": row["id"], "created_at": row["created_at"],
                        "title": row["title"], "plies": len(game["moves"]),
                        "result": game["result"]})
        return out

    def delete(self, import_id: str, owner: str) -> bool:
        with self.engine.begin() as c:
            done = c.execute(delete(imports).where(imports.c.id == import_id,
                                                   imports.c.owner == owner))
        return bool(done.rowcount)
