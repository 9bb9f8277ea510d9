"""Group commits on the event loop (SQLite files) and through the driver: the same rows
as through SQLAlchemy; the database thread takes a batch the loop cannot commit at once
(SQLite's write lock held elsewhere, another kind of write, a failing write)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from cotuong.server.storage import Database, database_url
from cotuong.server.storage.store import Store
from cotuong.server.storage.writes import RecordMove, SetMeta, TakeBack, UpdateGame


def _store(tmp_path: Path, url: str | None = None) -> tuple[Store, int]:
    store = Store(url or database_url(str(tmp_path / "t.sqlite3")))
    store.create_room(dict(code="ABCD23", rules="xiangqiplay", time_control=None,
                           rated=False, opponent="human", ai_level=None, lang="vi",
                           host_id="g:1", host_name="A", host_color="red", guest_id=None,
                           guest_name=None, current_game_id=None, created_at=0))
    gid = store.create_game(dict(room_code="ABCD23", red_slot="host", start_fen="x",
                                 status="playing", result="*", plies=0, version=0,
                                 created_at=0), {})
    return store, gid


def test_a_tick_of_moves_is_one_commit_on_the_loop(tmp_path: Path) -> None:
    store, gid = _store(tmp_path)

    async def play() -> Database:
        db = Database(store)
        assert db.loop_writer is not None
        await asyncio.gather(db.write(RecordMove(gid, 1, "h2e2", 10, {"version": 1})),
                             db.write(RecordMove(gid, 2, "h9g7", 20, {"version": 2,
                                                                      "red_ms": 2**40})),
                             db.write(SetMeta("heartbeat_ms", "7")))
        assert db.loop_writer.commits == 1 and db.loop_writer.handed_over == 0
        await db.write(SetMeta("heartbeat_ms", "8"))  # an existing key: replaced
        await db.close()
        return db

    asyncio.run(play())
    row = store.game(gid)
    assert row is not None
    assert (row["plies"], row["version"], row["red_ms"]) == (2, 2, 2**40)
    assert store.game_moves(gid) == ["h2e2", "h9g7"]
    assert store.get_meta("heartbeat_ms") == "8"
    store.close()


def test_the_thread_takes_over_while_another_connection_writes(tmp_path: Path) -> None:
    store, gid = _store(tmp_path)
    other = sqlite3.connect(tmp_path / "t.sqlite3", isolation_level=None)

    async def play() -> None:
        db = Database(store)
        assert db.loop_writer is not None
        other.execute("BEGIN IMMEDIATE")  # SQLite's write lock, held
        move = asyncio.create_task(db.write(RecordMove(gid, 1, "h2e2", 10,
                                                       {"version": 1})))
        await asyncio.sleep(0.2)
        assert not move.done()  # the loop did not wait: the thread does
        assert db.loop_writer.handed_over == 1
        other.execute("COMMIT")
        await move
        await db.close()

    asyncio.run(play())
    assert store.game_moves(gid) == ["h2e2"]
    other.close()
    store.close()


def test_a_failing_write_fails_alone_and_other_kinds_go_to_the_thread(
        tmp_path: Path) -> None:
    store, gid = _store(tmp_path)

    async def play() -> list[BaseException | None]:
        db = Database(store)
        await db.write(RecordMove(gid, 1, "h2e2", 10, {"version": 1}))
        results = await asyncio.gather(
            db.write(RecordMove(gid, 2, "h9g7", 20, {"version": 2})),
            db.write(RecordMove(gid, 1, "b2e2", 20, {"version": 9})),  # ply 1 again
            db.write(UpdateGame(gid, {"draw_offer": "red"})), return_exceptions=True)
        await db.write(TakeBack(gid, 1, {"version": 3}))  # not a loop write
        assert db.loop_writer is not None and db.loop_writer.commits == 1
        await db.close()
        return results

    results = asyncio.run(play())
    assert results[0] is None and results[2] is None and results[1] is not None
    row = store.game(gid)
    assert row is not None and (row["plies"], row["version"], row["draw_offer"]) == (
        1, 3, "red")
    assert store.game_moves(gid) == ["h2e2"]
    store.close()


def test_the_wal_is_checkpointed_off_the_loop(tmp_path: Path) -> None:
    store, gid = _store(tmp_path)
    copy = tmp_path / "copy.sqlite3"

    async def play() -> None:
        db = Database(store, checkpoint_s=0.0)
        await db.write(RecordMove(gid, 1, "h2e2", 1, {"version": 1}))
        assert db._checkpoint is not None  # started after the commit, on the side thread
        await db._checkpoint
        # The move is in the database file itself: a copy without the WAL has it.
        copy.write_bytes((tmp_path / "t.sqlite3").read_bytes())
        await db.close()

    asyncio.run(play())
    con = sqlite3.connect(copy)
    assert con.execute("SELECT game_id, ply, iccs FROM moves").fetchall() == [(gid, 1, "h2e2")]
    con.close()
    store.close()


def test_memory_databases_and_the_option_keep_the_thread(tmp_path: Path) -> None:
    store, _ = _store(tmp_path)
    for db in (Database(Store("sqlite://")), Database(store, loop_writes=False)):
        assert db.loop_writer is None
        asyncio.run(db.close())
    store.close()


def test_an_in_memory_database_gets_no_loop_writer(tmp_path: Path) -> None:
    # Its one shared connection belongs to the database thread, however the URL spells it
    # (and it is one connection: a game stored is there to read back from another thread,
    # as the database thread reads what set-up stored).
    from concurrent.futures import ThreadPoolExecutor

    from cotuong.server.storage.loop_writes import LoopWriter
    for url in ("sqlite://", "sqlite:///:memory:", "sqlite+pysqlite:///:memory:"):
        store, gid = _store(tmp_path, url)
        with ThreadPoolExecutor(1) as other:
            assert other.submit(store.game, gid).result() is not None, url
        assert LoopWriter.for_store(store) is None, url
        store.close()
    store, _ = _store(tmp_path)
    writer = LoopWriter.for_store(store)
    assert writer is not None
    writer.close()
    store.close()
