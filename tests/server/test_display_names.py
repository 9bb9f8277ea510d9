"""Accounts' display names (issue 22, point 7): a name in any script set at registration
or later, shown wherever the account's name appears — rooms, the lobby, profiles,
leaderboards, tournaments — while the username stays the ASCII key; a database made
before the column keeps every user; and a round's opening reaches its players' lobby
sockets (the ``round_open`` frame)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from harness import Socket, cookies_of, lobby_to, register, running, socket_to
from sqlalchemy import text

from cotuong.server import Settings
from cotuong.server.lobby.protocol import parse_lobby_server
from cotuong.server.storage.store import Store


def run(coro: Any) -> None:
    asyncio.run(coro)


async def online_showing(lobby: Socket, name: str, timeout: float = 10
                         ) -> list[dict[str, Any]]:
    """Who is online in the newest ``lobby`` frame, once one shows ``name``. The greeting
    counts: it is the view last pushed, which already shows the newcomer when a tick came
    between the socket's opening and its hello, and then no other frame comes until
    something changes."""
    deadline = asyncio.get_running_loop().time() + timeout
    online = [f for f in lobby.frames if f.get("type") == "lobby"][-1]["online"]["players"]
    while not any(p["name"] == name for p in online):
        left = deadline - asyncio.get_running_loop().time()
        online = (await lobby.wait("lobby", max(0.1, left)))["online"]["players"]
    return online


def test_an_old_database_gets_the_column_and_keeps_its_users(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as c:  # the users table as it was before display names
        c.execute("CREATE TABLE users (id INTEGER NOT NULL PRIMARY KEY, username VARCHAR(32) "
                  "NOT NULL UNIQUE, password_hash VARCHAR(255) NOT NULL, created_at BIGINT "
                  "NOT NULL)")
        c.executemany("INSERT INTO users VALUES (?, ?, 'x', 0)", [(1, "lan"), (2, "minh")])
    store = Store(f"sqlite:///{db}")
    try:
        assert store.user_by_name("lan") == {"id": 1, "username": "lan", "password_hash": "x",
                                             "created_at": 0, "display_name": None}
        assert store.user_by_id(2)["username"] == "minh"  # type: ignore[index]
    finally:
        store.close()
    Store(f"sqlite:///{db}").close()  # opening it again changes nothing
    with sqlite3.connect(db) as c:
        assert c.execute("SELECT COUNT(*) FROM users").fetchone() == (2,)


@pytest.mark.slow
def test_an_old_postgresql_database_gets_the_column_too() -> None:
    from test_backends import postgres

    with postgres() as pg:
        store = Store(pg.url)  # today's tables, then the users table as it was before
        with store.engine.begin() as c:
            c.execute(text("ALTER TABLE users DROP COLUMN display_name"))
            c.execute(text("INSERT INTO users (username, password_hash, created_at) "
                           "VALUES ('lan', 'x', 0)"))
        store.close()
        store = Store(pg.url)
        try:
            user = store.user_by_name("lan")
            assert user is not None and user["display_name"] is None
        finally:
            store.close()
        asyncio.run(_names_on(Settings(db=pg.url, heartbeat_s=0.2,
                                        tournament_direct_entry=True)))


async def _names_on(settings: Settings) -> None:
    async with running(settings) as srv, srv.client() as a, srv.client() as b:
        await register(a, "tranduc")
        assert (await a.post("/api/me/name", json={"name": "Trần Đức"})).status_code == 200
        await register(b, "minh")
        r = await b.post("/api/me/name", json={"name": "TRẦN ĐỨC"})
        assert r.json()["error"]["code"] == "BAD_NAME"


def test_a_display_name_at_registration_and_later_shown_everywhere() -> None:
    async def scenario() -> None:
        async with running() as srv, srv.client() as a, srv.client() as b, \
                srv.client() as c:
            # A bad name refuses the registration before any account is made.
            r = await a.post("/api/accounts/register", json={
                "username": "tranduc", "password": "correct horse", "display_name": "x"},
                headers={"Accept-Language": "vi"})
            assert r.status_code == 400 and r.json()["error"]["code"] == "BAD_NAME"
            r = await a.post("/api/accounts/login", json={"username": "tranduc",
                                                          "password": "correct horse"})
            assert r.status_code == 401
            # Usernames stay ASCII: "Trần_Đức" is refused with the schema's error.
            r = await a.post("/api/accounts/register", json={
                "username": "Trần_Đức", "password": "correct horse"})
            assert r.status_code == 422
            r = await a.post("/api/accounts/register", json={
                "username": "tranduc", "password": "correct horse",
                "display_name": "  Trần   Đức "})
            assert r.status_code == 201, r.text
            assert r.json()["user"] == {"id": r.json()["user"]["id"], "username": "tranduc",
                                        "display_name": "Trần Đức"}
            me = (await a.get("/api/me")).json()
            assert me["name"] == "Trần Đức" and me["user"]["username"] == "tranduc"
            # Another account may take neither that display name nor a username (any case).
            await register(b, "lan")
            for taken in ("trần đức", "TRANDUC"):
                r = await b.post("/api/me/name", json={"name": taken})
                assert r.json()["error"]["code"] == "BAD_NAME", taken
            r = await b.post("/api/me/name", json={"name": "Cô Lan"})
            assert r.status_code == 200 and r.json() == {"name": "Cô Lan"}
            # A guest may not pose as it either.
            r = await c.post("/api/me/name", json={"name": "tranduc"})
            assert r.json()["error"]["code"] == "BAD_NAME"

            # Rooms and chat show the display names.
            host = (await a.post("/api/rooms", json={"color": "red"})).json()
            await b.post(f"/api/rooms/{host['code']}/join")
            async with socket_to(srv, host["code"], cookies=cookies_of(c)) as watcher:
                s = await watcher.state()
                assert s["players"]["red"]["name"] == "Trần Đức"
                assert s["players"]["black"]["name"] == "Cô Lan"
            # The lobby shows who is online by display name, with the profile's address.
            async with lobby_to(srv, a) as lobby:
                online = await online_showing(lobby, "Trần Đức")
                assert {"name": "Trần Đức", "account": True, "username": "tranduc"} in online
            # The profile and the leaderboard.
            profile = (await c.get("/api/users/tranduc")).json()
            assert (profile["username"], profile["display_name"]) == ("tranduc", "Trần Đức")
            assert (await c.get("/api/users/Trần Đức")).status_code == 404
    run(scenario())


def test_tournaments_show_display_names_and_tell_the_lobby_a_round_opened() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", heartbeat_s=0.2, tournament_no_show_s=0,
                            tournament_direct_entry=True)
        async with running(settings) as srv, srv.client() as arb, srv.client() as a, \
                srv.client() as b:
            await register(arb, "trongtai")
            await register(a, "tranduc")
            await a.post("/api/me/name", json={"name": "Trần Đức"})
            await register(b, "lan")
            r = await arb.post("/api/tournaments", json={
                "name": "Giải Tết", "players": ["tranduc", "lan"], "time_control": None})
            assert r.status_code == 201, r.text
            tid = r.json()["tournament_id"]
            async with lobby_to(srv, a) as lobby_a, lobby_to(srv, b) as lobby_b:
                assert (await arb.post(f"/api/tournaments/{tid}/start")).status_code == 200
                fa = await lobby_a.wait("round_open")
                fb = await lobby_b.wait("round_open")
            parse_lobby_server(fa)  # a frame of the protocol
            board = (await arb.get(f"/api/tournaments/{tid}")).json()["rounds"][0]["boards"][0]
            assert fa["room"] == fb["room"] == board["room"] and fa["round"] == 1
            assert fb["opponent"] == "Trần Đức" and fa["opponent"] == "lan"
            assert {fa["color"], fb["color"]} == {"red", "black"}
            assert "gặp Trần Đức" in fb["texts"]["vi"] and "against lan" in fa["texts"]["en"]
            # The room and the page show the display name; the library keeps usernames.
            room = (await a.get(f"/api/rooms/{board['room']}")).json()
            assert "Trần Đức" in {room["players"][s]["name"] for s in ("host", "guest")}
            page = (await a.get(f"/tournaments/{tid}")).text
            assert "Trần Đức" in page and 'id="your-board"' in page
            assert board["red"] in ("tranduc", "lan")
            # Lan's page marks her board, in English when her browser asks for it.
            page = (await b.get(f"/tournaments/{tid}",
                                headers={"Accept-Language": "en-GB"})).text
            assert '<html lang="en">' in page and "Bàn của bạn" not in page
            assert "against Trần Đức" in page and "Take your seat" in page
    run(scenario())
