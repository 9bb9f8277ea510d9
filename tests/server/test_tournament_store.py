"""Online round robins in the server's database, on SQLite and on PostgreSQL (a
throw-away cluster; skipped, saying why, without the binaries): the event log replays
to the library's state, a failed change writes nothing, and a restarted server keeps the
tournament, its rooms and its results — including a game that ended while no result
could be recorded (the server died in between)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from harness import running
from sqlalchemy.engine import Engine
from test_backends import postgres
from tournament_helpers import accounts, board, join, opening, seated, until, view

from cotuong.server import Settings
from cotuong.server.storage.store import Store
from cotuong.server.tournaments import store as ts
from cotuong.tournament import DuplicateResultError, Tournament

PLAYERS = ["anh", "binh", "chi", "dung"]


def check_store(engine: Engine) -> None:
    ts.metadata.create_all(engine)
    t0 = Tournament(PLAYERS, name="Giải")
    tid = ts.create_tournament(engine, t0, {
        "name": "Giải", "organiser": "u:9", "organiser_name": "trongtai",
        "options": "{}", "created_at": 1})
    other = ts.create_tournament(engine, Tournament(["x1", "y1"]), {
        "name": "Khác", "organiser": "u:9", "organiser_name": "trongtai",
        "options": "{}", "created_at": 2})
    ts.update(engine, tid, lambda t: t.draw_numbers(seed=7), "u:9", 10, {"status": "running"})
    p = Tournament(PLAYERS)
    p.draw_numbers(seed=7)
    first = p.pairings(1)[0]
    ts.update(engine, tid, lambda t: t.record(1, first.red or "", first.black or "", "1-0"),
              "server", 20)
    with pytest.raises(DuplicateResultError):  # refused by the library: nothing written
        ts.update(engine, tid, lambda t: t.record(1, first.red or "", first.black or "",
                                                  "0-1"), "server", 30)
    ts.update(engine, tid, lambda t: t.correct(1, first.red or "", first.black or "",
                                               "1/2-1/2", reason="sai"), "u:9", 40)
    p.record(1, first.red or "", first.black or "", "1-0")
    p.correct(1, first.red or "", first.black or "", "1/2-1/2", reason="sai")
    found = ts.load(engine, tid)
    assert found is not None
    row, t = found
    assert row["status"] == "running" and t.players == p.players
    assert t.standings() == p.standings() and t.games() == p.games()
    log = ts.history(engine, tid)
    assert [(e["seq"], e["kind"], e["actor"], e["recorded_at"]) for e in log] == [
        (1, "draw_numbers", "u:9", 10), (2, "record", "server", 20),
        (3, "correct", "u:9", 40)]
    assert log[2]["payload"]["reason"] == "sai"
    assert ts.history(engine, other) == [] and ts.load(engine, 999) is None
    assert ts.running_ids(engine) == [tid]
    ts.add_boards(engine, tid, 1, [1, 2])
    ts.add_boards(engine, tid, 1, [1, 2])  # again (a resumed opening): no duplicates
    ts.update_board(engine, tid, 1, 2, {"room_code": "ABC234", "game_id": 5,
                                         "black_arrived": True})
    b = ts.board_of_room(engine, "ABC234")
    assert b is not None and (b["round"], b["board"], b["game_id"]) == (1, 2, 5)
    assert b["black_arrived"] and not b["red_arrived"]
    assert [x["board"] for x in ts.boards(engine, tid)] == [1, 2]
    assert [r["id"] for r in ts.recent(engine, 5)] == [other, tid]


def test_the_store_on_sqlite(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        check_store(store.engine)
    finally:
        store.close()


@pytest.mark.slow
def test_the_store_on_postgresql() -> None:
    with postgres() as pg:
        store = Store(pg.url)
        try:
            check_store(store.engine)
        finally:
            store.close()
        asyncio.run(restart_scenario(Settings(db=pg.url, heartbeat_s=0.2, login_burst=50,
                                              http_rate=1000, http_burst=1000,
                                              tournament_direct_entry=True)))


async def restart_scenario(settings: Settings) -> None:
    async with running(settings) as srv, accounts(srv, [*PLAYERS, "trongtai"]) as people:
        arb = people["trongtai"]
        r = await arb.post("/api/tournaments", json={"name": "Giải", "players": PLAYERS,
                                                     "no_show_s": 3600})
        tid = r.json()["tournament_id"]
        v = (await arb.post(f"/api/tournaments/{tid}/start")).json()
        x = board(v, 1, 1)
        async with seated(srv, people[x["red"]], people[x["black"]], x["room"]) as (rs, bs):
            await opening(rs, bs, plies=2)
            await rs.send(type="resign")
            await bs.state(status="finished")
        await until(arb, tid, lambda v: board(v, 1, 1)["result"] == "0-1")
        # The server "dies" between storing a game's end and recording its result.
        srv.service.end_hooks.clear()
        y = board(v, 1, 2)
        async with seated(srv, people[y["red"]], people[y["black"]], y["room"]) as (rs, bs):
            await opening(rs, bs, plies=2)
            await bs.send(type="resign")
            await rs.state(status="finished")
        await asyncio.sleep(0.2)
        before = await view(arb, tid)
        assert board(before, 1, 2)["result"] is None and before["open_round"] == 1
        cookies = {n: dict(c.cookies) for n, c in people.items()}
    async with running(settings) as srv:
        people = {n: srv.client() for n in cookies}
        try:
            for n, c in people.items():
                c.cookies.update(cookies[n])
            arb = people["trongtai"]
            v = await until(arb, tid, lambda v: v["open_round"] == 2)
            assert board(v, 1, 1)["result"] == "0-1" and board(v, 1, 2)["result"] == "1-0"
            assert [b["room"] for b in v["rounds"][0]["boards"]] == [
                b["room"] for b in before["rounds"][0]["boards"]]
            x = board(v, 2, 1)
            assert x["room"] and x["result"] is None
            # The reserved seats hold in the new process: the paired player is seated,
            # anyone else watches.
            assert (await join(people[x["red"]], x["room"]))["color"] == "red"
            assert (await join(arb, x["room"]))["color"] == "spectator"
            log = (await arb.get(f"/api/tournaments/{tid}/events")).json()["events"]
            assert [e["kind"] for e in log] == ["draw_numbers", "record", "record"]
        finally:
            for c in people.values():
                await c.aclose()


def test_a_restarted_server_keeps_the_tournament(tmp_path: Path) -> None:
    asyncio.run(restart_scenario(Settings(db=str(tmp_path / "t.sqlite3"), heartbeat_s=0.2,
                                          login_burst=50, http_rate=1000, http_burst=1000,
                                          tournament_direct_entry=True)))
