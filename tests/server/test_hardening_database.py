"""Hardening of the database thread (issue 21): tournament-log replays run beside the
game writes, never in front of them (password hashing runs in processes of its own:
``test_hardening_logins``)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from harness import running

from cotuong.server import Settings
from cotuong.server.storage import Database, SetMeta
from cotuong.server.storage.store import Store
from cotuong.server.tournaments import store as tournament_store


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_move_commits_while_slow_work_runs_beside_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = Database(Store(f"sqlite:///{tmp_path / 'games.sqlite3'}"))
        gate = threading.Event()
        try:
            slow = [asyncio.ensure_future(db.read(gate.wait, 10))]
            await asyncio.sleep(0.05)
            started = time.perf_counter()
            await db.write(SetMeta("k", "v"))  # a game's write
            assert time.perf_counter() - started < 1.0
            assert await db.run(db.store.get_meta, "k") == "v"
            gate.set()
            assert await asyncio.gather(*slow) == [True]
        finally:
            gate.set()
            await db.close()
    run(scenario())


def test_tournament_pages_run_off_the_database_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[tuple[str, str]] = []

    def watch(name: str, fn: Any) -> Any:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            threads.append((name, threading.current_thread().name))
            return fn(*args, **kwargs)
        return wrapped
    monkeypatch.setattr(tournament_store, "load", watch("replay", tournament_store.load))

    async def scenario() -> None:
        settings = Settings(db=str(tmp_path / "site.sqlite3"))
        async with running(settings) as srv, srv.client() as c:
            assert (await c.get("/api/tournaments/1")).status_code == 404
    run(scenario())
    assert {name for name, _ in threads} == {"replay"}
    # Never on the database thread, where the games' writes go: on the side thread.
    assert all(thread.startswith("cotuong-aside") for _, thread in threads), threads
