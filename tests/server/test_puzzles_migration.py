"""A database made before the puzzles existed gains their tables when the server starts,
keeping every row it had (accounts, their sessions' logins, games, game ratings); the
puzzle ratings then survive a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from harness import register, running
from sqlalchemy import create_engine, func, inspect, select, text
from test_puzzles_api import collection

from cotuong.server import Settings
from cotuong.server.storage import users

PUZZLE_TABLES = {"puzzle_attempts", "puzzle_ratings", "puzzle_stats"}


@pytest.fixture(autouse=True)
def small_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cotuong.server.web.app.load_collection", collection)
    monkeypatch.setattr("cotuong.server.web.app.load_repetition_drills", tuple)


def test_an_older_database_gains_the_puzzle_tables_and_keeps_its_rows(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    settings = Settings(db=str(db), heartbeat_s=0.2)

    async def first() -> None:
        async with running(settings) as srv, srv.client() as c:
            await register(c, "cuong")
            r = await c.post("/api/rooms", json={"opponent": "human"})
            assert r.status_code == 201, r.text

    asyncio.run(first())
    # Make it a database from before the puzzles: their tables gone, the rest as it was.
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as c:
        for table in sorted(PUZZLE_TABLES):
            c.execute(text(f"DROP TABLE {table}"))
        before = {t: c.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar_one()
                  for t in ("users", "rooms", "games", "meta")}
    assert not PUZZLE_TABLES & set(inspect(engine).get_table_names())
    assert before["users"] == 1 and before["rooms"] == 1

    async def second() -> dict[str, Any]:
        async with running(settings) as srv, srv.client() as c:
            r = await c.post("/api/accounts/login",
                             json={"username": "cuong", "password": "correct horse"})
            assert r.status_code == 200, r.text
            done = (await c.post("/api/puzzles/one/attempt", json={"moves": ["b0d0"]})).json()
            assert done["rated"]
            return dict(done["rating"])

    rating = asyncio.run(second())
    engine.dispose()
    engine = create_engine(f"sqlite:///{db}")
    assert set(inspect(engine).get_table_names()) >= PUZZLE_TABLES
    with engine.connect() as c:
        after = {t: c.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar_one()
                 for t in ("users", "rooms", "games")}
        assert c.execute(select(func.count()).select_from(users)).scalar_one() == 1
    assert after == {t: before[t] for t in after}
    engine.dispose()

    async def third() -> None:
        async with running(settings) as srv, srv.client() as c:
            kept = (await c.get("/api/users/cuong/puzzles")).json()
            assert kept["rating"]["rating"] == rating["after"]
            assert kept["attempts"] == 1

    asyncio.run(third())
