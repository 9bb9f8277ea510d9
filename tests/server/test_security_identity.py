"""Identity hardening (issue 21, docs/server.md "Security"): Secure cookies and HSTS behind
TLS, signed guest names, usernames unique ignoring case (stored duplicates keep working),
reserved names, no rating without a move from each side, failed logins limited per
account, scrypt's cost and its upgrade at login, logging out (everywhere), and the public
history keeping a waiting room's code to itself."""

from __future__ import annotations

import argparse
import asyncio
import base64
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import account_room, cookies_of, register, running, socket_to
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, insert, select
from sqlalchemy.exc import IntegrityError

from cotuong.cli import server as serve_cli
from cotuong.server import Settings
from cotuong.server.accounts.names import decode_cookie, display_name, encode_cookie
from cotuong.server.play.values import RATED_MIN_PLIES
from cotuong.server.security import SCRYPT_N, Signer, hash_password
from cotuong.server.storage import Store
from cotuong.server.storage.tables import metadata, users

BLITZ = {"kind": "fischer", "base_ms": 300_000, "increment_ms": 3_000}
LOOSE = Settings(db="sqlite://", heartbeat_s=0.2, login_burst=100, http_rate=1000,
                 http_burst=1000)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def login(c: httpx.AsyncClient, username: str,
                password: str = "correct horse") -> httpx.Response:
    return await c.post("/api/accounts/login", json={"username": username, "password": password})


def test_serve_has_secure_cookies_and_then_sends_hsts() -> None:
    p = argparse.ArgumentParser()
    serve_cli.register(p.add_subparsers())
    assert p.parse_args(["serve", "--secure-cookies"]).secure_cookies is True
    assert p.parse_args(["serve"]).secure_cookies is None  # the settings' default: off

    async def scenario() -> None:
        for secure in (True, False):
            async with running(Settings(db="sqlite://", secure_cookies=secure)) as srv, \
                    srv.client() as c:
                r = await c.get("/api/me")
                cookie = r.headers["set-cookie"]
                assert cookie.startswith("cotuong_guest=")
                assert ("; secure" in cookie.lower()) is secure
                hsts = r.headers.get("strict-transport-security")
                assert (hsts == "max-age=31536000; includeSubDomains") if secure else hsts is None
    run(scenario())


def test_a_guest_name_is_only_what_the_server_signed_for_that_guest() -> None:
    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as alice, srv.client() as mallory, \
                srv.client() as other:
            await register(alice, "alice")
            # The old unsigned cookie: base64url of any name, here an account's.
            forged = base64.urlsafe_b64encode(b"alice").decode().rstrip("=")
            await mallory.get("/api/me")
            mallory.cookies.set("cotuong_name", forged)
            me = (await mallory.get("/api/me")).json()
            assert me["name"].startswith("Khách ") and me["user"] is None
            r = await mallory.post("/api/me/name", json={"name": "Alice"})
            assert r.status_code == 400 and r.json()["error"]["code"] == "BAD_NAME"
            mallory.cookies.delete("cotuong_name")  # (the jar would send both)
            r = await mallory.post("/api/me/name", json={"name": "Mèo Con"})
            assert r.status_code == 200
            assert (await mallory.get("/api/me")).json()["name"] == "Mèo Con"
            # Copied to another guest's browser, the signed cookie names nobody.
            await other.get("/api/me")
            other.cookies.set("cotuong_name", mallory.cookies["cotuong_name"])
            assert (await other.get("/api/me")).json()["name"].startswith("Khách ")
            # A name an account takes later is no longer the guest's.
            async with srv.client() as hoa, srv.client() as later:
                assert (await hoa.post("/api/me/name", json={"name": "hoa"})).status_code == 200
                assert (await hoa.get("/api/me")).json()["name"] == "hoa"
                await register(later, "Hoa")
                assert (await hoa.get("/api/me")).json()["name"].startswith("Khách ")
            # The socket reads the same cookie the same way.
            host = (await alice.post("/api/rooms", json={})).json()
            async with socket_to(srv, host["code"], cookies=cookies_of(other)) as watcher:
                await watcher.send(type="chat", text="xin chào")
                line = await watcher.wait("chat")
                assert line["from"].startswith("Khách ")
    run(scenario())


def test_a_guest_keeps_the_default_name_of_the_language_they_arrived_in() -> None:
    """``Guest 3f9c`` for a guest whose first request was in English, ``Khách 3f9c``
    otherwise, kept in the signed guest cookie: later requests in another language, and
    sockets (whose handshake says what the browser says), show the same name."""
    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as en, srv.client() as vi, \
                srv.client() as old, srv.client() as forged:
            first = (await en.get("/api/me", headers={"Accept-Language": "en-GB,en"})).json()
            assert first["name"] == f"Guest {first['guest_id'][-4:]}"
            again = await en.get("/api/me", headers={"Accept-Language": "vi-VN"})
            assert again.json() == first and "set-cookie" not in again.headers
            me = (await vi.get("/api/me", headers={"Accept-Language": "vi"})).json()
            assert me["name"] == f"Khách {me['guest_id'][-4:]}"
            # The socket reads the language from the cookie, not from its handshake.
            host = (await vi.post("/api/rooms", json={})).json()
            async with socket_to(srv, host["code"], cookies=cookies_of(en)) as watcher:
                await watcher.send(type="chat", text="hello")
                said = (await watcher.wait("chat"))["from"]  # "Guest 3f9c (khán giả)"
                assert said.startswith(f"{first['name']} (")
            # A cookie made before the language was kept names a Vietnamese guest.
            signer = srv.app.state.accounts.signer
            old.cookies.set("cotuong_guest", signer.sign("guest", "g0123456789",
                                                         expires_ms=2**45))
            me = (await old.get("/api/me", headers={"Accept-Language": "en"})).json()
            assert me == {"guest_id": "g0123456789", "name": "Khách 6789", "user": None}
            # A language the server did not sign is no guest cookie: a new guest is made.
            forged.cookies.set("cotuong_guest", signer.sign("guest", "g0123456789", "fr",
                                                            expires_ms=2**45))
            r = await forged.get("/api/me", headers={"Accept-Language": "en"})
            assert r.json()["guest_id"] != "g0123456789" and "set-cookie" in r.headers
    run(scenario())


def test_usernames_are_unique_ignoring_case_and_some_are_reserved() -> None:
    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as a, srv.client() as b:
            uid = await register(a, "alice")
            for spelling in ("Alice", "ALICE", "aLiCe"):
                r = await b.post("/api/accounts/register",
                                 json={"username": spelling, "password": "correct horse"})
                assert r.status_code == 409 and r.json()["error"]["code"] == "USERNAME_TAKEN"
            r = await login(b, "ALICE")
            assert r.status_code == 200 and r.json()["user"] == {"id": uid, "username": "alice"}
            for name in ("server", "Server", "ADMIN", "system", "arbiter"):
                r = await b.post("/api/accounts/register",
                                 json={"username": name, "password": "correct horse"})
                assert r.status_code == 409, r.text
                assert r.json()["error"]["code"] == "USERNAME_RESERVED"
                assert name in r.json()["error"]["texts"]["vi"]
            async with srv.client() as guest:
                r = await guest.post("/api/me/name", json={"name": "Server"})
                assert r.json()["error"]["code"] == "BAD_NAME"
    run(scenario())


def test_stored_duplicates_ignoring_case_keep_working(tmp_path: Path, caplog: Any) -> None:
    """A database from before the rule, holding ``alice`` and ``Alice``: both log in with
    their exact spelling and their own password; no new spelling can be registered."""
    path = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    metadata.create_all(engine)
    with engine.begin() as c:
        for name, pw in (("alice", "first password"), ("Alice", "second password")):
            c.execute(insert(users).values(username=name, created_at=0,
                                           password_hash=hash_password(pw, n=2**10)))
    engine.dispose()
    store = Store(f"sqlite:///{path}")
    assert "differ only in case" in caplog.text

    async def scenario() -> None:
        async with running(LOOSE, store=store) as srv, srv.client() as c:
            first = (await login(c, "alice", "first password")).json()["user"]
            second = (await login(c, "Alice", "second password")).json()["user"]
            assert (first["username"], second["username"]) == ("alice", "Alice")
            assert first["id"] != second["id"]
            assert (await login(c, "Alice", "first password")).status_code == 401
            r = await c.post("/api/accounts/register",
                             json={"username": "ALICE", "password": "correct horse"})
            assert r.json()["error"]["code"] == "USERNAME_TAKEN"
    try:
        run(scenario())
    finally:
        store.close()


async def resign_after(srv: Any, host: dict[str, Any], guest: dict[str, Any],
                       moves: list[str]) -> dict[str, Any]:
    async with socket_to(srv, host["code"], host["secret"]) as red, \
            socket_to(srv, host["code"], guest["secret"]) as black:
        for ply, mv in enumerate(moves):
            await (red if ply % 2 == 0 else black).send(type="move", move=mv, ply=ply)
            await red.state(ply=ply + 1)
        await black.send(type="resign")
        return await red.state(status="finished")


def test_a_game_resigned_before_each_side_moved_is_not_rated() -> None:
    """The farming of the issue: a second account resigns rated games at move 0 (five
    took a player from 1500 to 1792). Now such games change nothing; a game with a move
    from each side is rated as before."""
    assert RATED_MIN_PLIES == 2

    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as a, srv.client() as b:
            await register(a, "farmer")
            await register(b, "feeder")
            for moves in ([], ["h2e2"], [], ["h2e2"], []):
                host, guest = await account_room(srv, a, b, rated=True, time_control=BLITZ)
                s = await resign_after(srv, host, guest, moves)
                assert s["outcome"]["result"] == "1-0" and s["ratings"] is None
            assert (await a.get("/api/users/farmer")).json()["ratings"] == {}
            host, guest = await account_room(srv, a, b, rated=True, time_control=BLITZ)
            s = await resign_after(srv, host, guest, ["h2e2", "h9g7"])
            assert s["ratings"]["red"]["after"] > 1500
            profile = (await a.get("/api/users/farmer")).json()
            assert profile["ratings"]["blitz"]["games"] == 1
    run(scenario())


def test_failed_logins_are_limited_per_account_too() -> None:
    settings = Settings(db="sqlite://", login_burst=100, login_user_burst=3,
                        http_rate=1000, http_burst=1000)

    async def scenario() -> None:
        async with running(settings) as srv, srv.client() as owner, srv.client() as guesser:
            await register(owner, "lan")
            await register(owner, "minh")
            for _ in range(3):
                r = await login(guesser, "lan", "wrong password")
                assert r.status_code == 401
            # Any spelling is the same account; even the right password waits now.
            for spelling in ("lan", "LAN"):
                r = await login(guesser, spelling)
                assert r.status_code == 429
                assert r.json()["error"]["texts"]["en"].startswith("too many failed logins")
            assert (await login(owner, "minh")).status_code == 200  # others are not held up
    run(scenario())


def test_scrypt_cost_and_the_upgrade_at_login() -> None:
    assert SCRYPT_N >= 2**17  # OWASP's minimum for scrypt (r=8, p=1)
    assert Settings().password_n == SCRYPT_N
    store = Store("sqlite://")
    old = hash_password("correct horse", n=2**10)
    uid = store.create_user("old_timer", old, now_ms=0)

    async def scenario() -> None:
        async with running(LOOSE, store=store, password_n=2**12) as srv, srv.client() as c:
            assert (await login(c, "old_timer", "wrong password")).status_code == 401
            assert store.user_by_id(uid)["password_hash"] == old  # type: ignore[index]
            assert (await login(c, "old_timer")).status_code == 200
            upgraded = store.user_by_id(uid)["password_hash"]  # type: ignore[index]
            assert upgraded.startswith("scrypt$4096$8$1$")
            assert (await login(c, "old_timer")).status_code == 200
            assert store.user_by_id(uid)["password_hash"] == upgraded  # type: ignore[index]
            r = await c.post("/api/accounts/register",
                             json={"username": "newcomer", "password": "correct horse"})
            row = store.user_by_name("newcomer")
            assert r.status_code == 201 and row is not None
            assert row["password_hash"].startswith("scrypt$4096$")
    try:
        run(scenario())
    finally:
        store.close()


def test_log_out_everywhere_and_logout_forgets_seat_secrets() -> None:
    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as home, srv.client() as cafe:
            await register(home, "lan")
            assert (await login(cafe, "lan")).status_code == 200
            room = (await cafe.post("/api/rooms", json={})).json()
            seat = f"cotuong_seat_{room['code']}"
            assert seat in cafe.cookies
            r = await cafe.post("/api/accounts/logout")
            assert r.headers["clear-site-data"] == '"storage"'
            deleted = [h for h in r.headers.get_list("set-cookie") if h.startswith(seat + "=")]
            assert deleted and "max-age=0" in deleted[0].lower()
            assert seat not in cafe.cookies
            assert (await cafe.get("/api/me")).json()["user"] is None
            # Log in at the café again, then end every session from home.
            assert (await login(cafe, "lan")).status_code == 200
            r = await home.post("/api/accounts/logout-all")
            assert r.status_code == 200 and r.json()["sessions"] == 2
            assert (await cafe.get("/api/me")).json()["user"] is None
            assert (await home.get("/api/me")).json()["user"] is None
            r = await home.post("/api/accounts/logout-all")
            assert r.status_code == 401 and r.json()["error"]["code"] == "NOT_LOGGED_IN"
    run(scenario())


def test_a_waiting_rooms_code_is_not_in_the_public_history() -> None:
    """Anyone with the code of a room still waiting may take its seat: the host's public
    history and the game's view show that game without it (the host's own history keeps
    it)."""
    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as host, srv.client() as stranger:
            await register(host, "lan")
            room = (await host.post("/api/rooms", json={})).json()
            public = (await stranger.get("/api/users/lan/games")).json()["games"]
            assert [g["room"] for g in public] == [None]
            own = (await host.get("/api/me/games")).json()["games"]
            assert [g["room"] for g in own] == [room["code"]]
            # Nor in the game's own view, which anyone may read by its (sequential) id.
            game = (await stranger.get(f"/api/games/{own[0]['game_id']}")).json()
            assert game["status"] == "waiting" and game["room"] is None
            await stranger.post(f"/api/rooms/{room['code']}/join")
            public = (await stranger.get("/api/users/lan/games")).json()["games"]
            assert [g["room"] for g in public] == [room["code"]]  # playing: watchable
    run(scenario())


def test_the_username_index_holds_across_connections(tmp_path: Path) -> None:
    """The database itself refuses a second spelling (two processes registering at once
    both pass the check; the unique index on lower(username) stops the second)."""
    store = Store(f"sqlite:///{tmp_path / 'u.sqlite3'}")
    try:
        store.create_user("binh", "scrypt$x", now_ms=0)
        with pytest.raises(IntegrityError), store.engine.begin() as c:
            c.execute(insert(users).values(username="BINH", password_hash="x", created_at=0))
        with store.engine.connect() as c:
            assert len(c.execute(select(users.c.id)).all()) == 1
    finally:
        store.close()


NAMES = st.text(st.characters(categories=("L", "Nd"), include_characters=" _.-'"),
                min_size=2, max_size=24)


@given(NAMES, st.from_regex(r"g[0-9a-f]{10}", fullmatch=True),
       st.from_regex(r"g[0-9a-f]{10}", fullmatch=True), st.data())
@settings(max_examples=200, deadline=None)
def test_a_name_cookie_reads_back_only_for_its_guest_and_untouched(
        text: str, guest: str, other: str, data: st.DataObject) -> None:
    signer = Signer(b"k" * 32)
    try:
        name = display_name(text)
    except ValueError:
        return  # not a name a guest may choose: never signed
    cookie = encode_cookie(signer, guest, name, expires_ms=2_000)
    assert decode_cookie(signer, cookie, guest, now_ms=1_000) == name
    assert decode_cookie(signer, cookie, guest, now_ms=3_000) is None  # expired
    if other != guest:
        assert decode_cookie(signer, cookie, other, now_ms=1_000) is None
    # Any one character changed: nothing.
    i = data.draw(st.integers(0, len(cookie) - 1))
    ch = data.draw(st.sampled_from("AZaz09_-."))
    if ch != cookie[i]:
        tampered = cookie[:i] + ch + cookie[i + 1:]
        assert decode_cookie(signer, tampered, guest, now_ms=1_000) is None
    assert decode_cookie(Signer(b"j" * 32), cookie, guest, now_ms=1_000) is None
