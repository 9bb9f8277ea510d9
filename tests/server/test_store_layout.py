"""The ``moves`` table on SQLite: WITHOUT ROWID in a new database (its primary key is
the table's b-tree), and a database made before with a rowid ``moves`` table works as it
did (no migration: the same queries, the same rows)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from cotuong.server.storage import Database, database_url
from cotuong.server.storage.store import Store
from cotuong.server.storage.tables import moves
from cotuong.server.storage.writes import RecordMove

ROOM = dict(code="ABCD23", rules="xiangqiplay", time_control=None, rated=False,
            opponent="human", ai_level=None, lang="vi", host_id="g:1", host_name="A",
            host_color="red", guest_id=None, guest_name=None, current_game_id=None,
            created_at=0)


def _play(path: Path) -> list[str]:
    store = Store(database_url(str(path)))
    store.create_room(dict(ROOM))
    gid = store.create_game(dict(room_code="ABCD23", red_slot="host", start_fen="x",
                                 status="playing", result="*", plies=0, version=0,
                                 created_at=0), {})

    async def play() -> None:
        db = Database(store)
        await db.write(RecordMove(gid, 1, "h2e2", 10, {"version": 1}))
        await db.write(RecordMove(gid, 2, "h9g7", 20, {"version": 2}))
        await db.close()
    asyncio.run(play())
    got = store.game_moves(gid)
    store.close()
    return got


def _sql_of_moves(path: Path) -> str:
    con = sqlite3.connect(path)
    try:
        return str(con.execute("SELECT sql FROM sqlite_master WHERE name = 'moves'")
                   .fetchone()[0])
    finally:
        con.close()


def test_a_new_database_keeps_moves_without_rowid(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    assert _play(path) == ["h2e2", "h9g7"]
    assert "WITHOUT ROWID" in _sql_of_moves(path)


def test_a_database_with_the_old_moves_table_works_as_before(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    options = moves.dialect_options["sqlite"]
    options["with_rowid"] = True  # the layout before 2026-12-03
    try:
        Store(database_url(str(path))).close()
    finally:
        options["with_rowid"] = False
    assert "WITHOUT ROWID" not in _sql_of_moves(path)
    assert _play(path) == ["h2e2", "h9g7"]
    assert "WITHOUT ROWID" not in _sql_of_moves(path)
