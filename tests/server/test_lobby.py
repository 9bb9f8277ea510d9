"""The lobby through the real server: open seeks, accepting one (exactly one game for two
accepts), the creator told over the lobby socket, seeks that vanish with their creator,
quick pairing (by rating range when rated), live games and who is online."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from harness import lobby_to, register, running, socket_to
from sqlalchemy import insert

from cotuong.server import Settings
from cotuong.server.lobby.protocol import parse_lobby_server
from cotuong.server.ratings.store import ratings

BLITZ = {"kind": "fischer", "base_ms": 300_000, "increment_ms": 3_000}
RAPID = {"kind": "fischer", "base_ms": 600_000, "increment_ms": 5_000}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def fast(**extra: Any) -> Settings:
    """Quick lobby ticks; seeks outlive a test unless it sets a short ``seek_grace_s``."""
    return Settings(**{"db": "sqlite://", "heartbeat_s": 0.2, "lobby_tick_s": 0.1,
                       "seek_grace_s": 60, **extra})


async def lobby_state(sock: Any, timeout: float = 15, **match: Any) -> dict[str, Any]:
    """The next ``lobby`` frame for which every ``match`` predicate holds."""
    async def find() -> dict[str, Any]:
        while True:
            f = await sock.wait("lobby", timeout)
            parse_lobby_server(f)
            if all(check(f) for check in match.values()):
                return f
    return await asyncio.wait_for(find(), timeout)


def test_a_seek_accepted_opens_a_game_and_tells_its_creator() -> None:
    async def scenario() -> None:
        async with running(fast()) as srv, srv.client() as a, srv.client() as b:
            await a.post("/api/me/name", json={"name": "Anh Ba"})
            await b.get("/api/me")
            async with lobby_to(srv, a) as la:
                r = await a.post("/api/seeks", json={"time_control": BLITZ, "color": "red"})
                assert r.status_code == 201, r.text
                seek = r.json()
                assert seek["paired"] is None and seek["seek"]["category"] == "blitz"
                listed = (await b.get("/api/lobby")).json()
                assert [s["seek_id"] for s in listed["seeks"]] == [seek["seek_id"]]
                assert listed["seeks"][0]["name"] == "Anh Ba"
                await lobby_state(la, seeks=lambda f: len(f["seeks"]) == 1)
                # Nobody accepts their own seek.
                own = await a.post(f"/api/seeks/{seek['seek_id']}/accept")
                assert own.status_code == 409 and own.json()["error"]["code"] == "OWN_SEEK"
                r = await b.post(f"/api/seeks/{seek['seek_id']}/accept")
                assert r.status_code == 200, r.text
                joined = r.json()
                assert joined["slot"] == "guest" and joined["color"] == "black"
                assert joined["room"]["status"] == "playing"
                assert set(joined) >= {"code", "slot", "color", "secret", "invite_url",
                                       "ws_url", "room"}
                paired = await la.wait("paired")
                parse_lobby_server(paired)
                assert paired["code"] == joined["code"] and paired["color"] == "red"
                await lobby_state(la, seeks=lambda f: f["seeks"] == [])
            async with socket_to(srv, paired["code"], paired["secret"]) as red, \
                    socket_to(srv, joined["code"], joined["secret"]) as black:
                await red.send(type="move", move="h2e2", ply=0)
                s = await black.state(ply=1)
                assert s["players"]["red"]["name"] == "Anh Ba"
            again = await b.post(f"/api/seeks/{seek['seek_id']}/accept")
            assert again.status_code == 404 and again.json()["error"]["code"] == "SEEK_NOT_FOUND"
    run(scenario())


def test_two_accepts_of_one_seek_make_exactly_one_game() -> None:
    async def scenario() -> None:
        async with running(fast()) as srv, srv.client() as a, srv.client() as b, \
                srv.client() as c:
            for x in (a, b, c):
                await x.get("/api/me")
            for _ in range(5):
                seek = (await a.post("/api/seeks", json={"time_control": BLITZ})).json()
                rb, rc = await asyncio.gather(
                    b.post(f"/api/seeks/{seek['seek_id']}/accept"),
                    c.post(f"/api/seeks/{seek['seek_id']}/accept"))
                assert sorted([rb.status_code, rc.status_code]) == [200, 404]
            games = (await a.get("/api/me/games")).json()["games"]
            assert len(games) == 5 and all(g["status"] == "playing" for g in games)
    run(scenario())


def test_refusals_and_cancelling() -> None:
    async def scenario() -> None:
        async with running(fast()) as srv, srv.client() as a, srv.client() as b:
            r = await a.post("/api/seeks", json={"time_control": BLITZ, "rated": True},
                             headers={"Accept-Language": "vi"})
            assert r.status_code == 401 and r.json()["error"]["code"] == "RATED_NEEDS_ACCOUNT"
            assert "đăng nhập" in r.json()["error"]["message"]
            await register(b, "lobby_b")
            r = await b.post("/api/seeks", json={"rated": True})  # no clock
            assert r.json()["error"]["code"] == "BAD_REQUEST"
            rated = (await b.post("/api/seeks", json={"time_control": BLITZ,
                                                      "rated": True})).json()
            r = await a.post(f"/api/seeks/{rated['seek_id']}/accept")  # a guest
            assert r.json()["error"]["code"] == "RATED_NEEDS_ACCOUNT"
            assert (await a.delete(f"/api/seeks/{rated['seek_id']}")).status_code == 404
            assert (await b.delete(f"/api/seeks/{rated['seek_id']}")).json() == {"ok": True}
            assert (await a.get("/api/lobby")).json()["seeks"] == []
            for _ in range(3):
                assert (await a.post("/api/seeks", json={})).status_code == 201
            r = await a.post("/api/seeks", json={})
            assert r.status_code == 400 and "3" in r.json()["error"]["message"]
            assert (await a.post("/api/seeks/zz/accept")).status_code == 422
            r = await a.post("/api/seeks", json={"time_control": {"kind": "fischer",
                                                                  "base_ms": -5}})
            assert r.status_code == 422
            for tc in ({"kind": "fischer", "base_ms": 0},
                       {"kind": "byoyomi", "base_ms": 60_000, "period_ms": 0}):
                r = await a.post("/api/seeks", json={"time_control": tc})
                assert r.status_code == 400, r.text
                assert r.json()["error"]["code"] == "BAD_TIME_CONTROL"
    run(scenario())


def test_a_seek_vanishes_when_its_creator_leaves_unless_they_come_back() -> None:
    async def scenario() -> None:
        async with running(fast(seek_grace_s=1.5)) as srv, srv.client() as a:
            await a.get("/api/me")
            async with lobby_to(srv, a):
                seek = (await a.post("/api/seeks", json={})).json()
            async with lobby_to(srv, a):  # back within the grace period (1.5 s)
                await asyncio.sleep(2.0)
                assert len((await a.get("/api/lobby")).json()["seeks"]) == 1
            await asyncio.sleep(2.0)
            assert (await a.get("/api/lobby")).json()["seeks"] == []
            # Made without a lobby socket at all: gone after the grace period too.
            await a.post("/api/seeks", json={})
            assert len((await a.get("/api/lobby")).json()["seeks"]) == 1
            await asyncio.sleep(2.0)
            assert (await a.get("/api/lobby")).json()["seeks"] == []
            assert seek["seek_id"]
    run(scenario())


def test_seeks_are_kept_across_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        # A grace period long enough for a loaded machine to restart the server and
        # reconnect within it.
        settings = Settings(db=str(tmp_path / "l.sqlite3"), heartbeat_s=0.2,
                            seek_grace_s=5, lobby_tick_s=0.1)
        async with running(settings) as srv, srv.client() as a:
            async with lobby_to(srv, a):
                seek = (await a.post("/api/seeks", json={"time_control": RAPID})).json()
            cookies = dict(a.cookies)
        async with running(settings) as srv, srv.client() as a:
            a.cookies.update(cookies)
            async with lobby_to(srv, a) as la:
                # The snapshot the hello got may show the seek already (the restarted
                # server loaded it before the socket came): then no later frame need
                # come, nothing having changed since.
                greeted = next(f for f in reversed(la.frames) if f.get("type") == "lobby")
                f = greeted if len(greeted["seeks"]) == 1 else \
                    await lobby_state(la, seeks=lambda f: len(f["seeks"]) == 1)
                assert f["seeks"][0]["seek_id"] == seek["seek_id"]
                await asyncio.sleep(5.3)  # the creator is back: the seek stays
                assert len((await a.get("/api/lobby")).json()["seeks"]) == 1
    run(scenario())


def test_quick_pairing_pairs_two_guests_of_the_same_time_control() -> None:
    async def scenario() -> None:
        async with running(fast()) as srv, srv.client() as a, srv.client() as b, \
                srv.client() as c:
            for x in (a, b, c):
                await x.get("/api/me")
            async with lobby_to(srv, a) as la:
                first = (await a.post("/api/seeks", json={"time_control": BLITZ,
                                                          "quick": True})).json()
                assert first["paired"] is None
                other = (await c.post("/api/seeks", json={"time_control": RAPID,
                                                          "quick": True})).json()
                assert other["paired"] is None  # another time control: no pairing
                second = (await b.post("/api/seeks", json={"time_control": BLITZ,
                                                           "quick": True})).json()
                assert second["paired"] is not None
                room = second["paired"]
                paired = await la.wait("paired")
                assert paired["code"] == room["code"] and paired["seek_id"] == first["seek_id"]
                assert {paired["color"], room["color"]} == {"red", "black"}
                # The lobby frame showing the game may have come before `paired` (waiting
                # skipped it) and nothing changes after: ask for the snapshot.
                await la.send(type="sync")
                f = await lobby_state(la, games=lambda f: any(
                    g["room"] == room["code"] for g in f["games"]))
                assert [s["seek_id"] for s in f["seeks"]] == [other["seek_id"]]
    run(scenario())


def test_rated_quick_pairing_respects_the_rating_range() -> None:
    async def scenario() -> None:
        async with running(fast()) as srv, srv.client() as a, srv.client() as b, \
                srv.client() as c:
            ids = [await register(x, name) for x, name in
                   ((a, "range_a"), (b, "range_b"), (c, "range_c"))]
            engine = srv.service.database.store.engine
            with engine.begin() as conn:
                for uid, rating in zip(ids, (1500, 2000, 1650), strict=True):
                    conn.execute(insert(ratings).values(
                        user_id=uid, category="blitz", rating=rating, rd=80.0,
                        volatility=0.06, games=20, wins=10, draws=0, losses=10,
                        updated_at=0))
            body = {"time_control": BLITZ, "rated": True, "quick": True}
            first = (await a.post("/api/seeks", json=body)).json()
            assert first["seek"]["range"] == [1200, 1800]
            far = (await b.post("/api/seeks", json=body)).json()
            assert far["paired"] is None  # 2000 is outside 1200-1800
            near = (await c.post("/api/seeks", json=body)).json()
            assert near["paired"] is not None
            r = await c.post(f"/api/seeks/{far['seek_id']}/accept")  # 1650 vs 1700-2300
            assert r.json()["error"]["code"] == "RATING_RANGE"
    run(scenario())


def test_the_lobby_socket_shows_live_games_and_who_is_online() -> None:
    async def scenario() -> None:
        async with running(fast()) as srv, srv.client() as a, srv.client() as b:
            await a.post("/api/me/name", json={"name": "Minh"})
            await b.get("/api/me")
            async with lobby_to(srv, b) as lb:
                seek = (await a.post("/api/seeks", json={"color": "red"})).json()
                room = (await b.post(f"/api/seeks/{seek['seek_id']}/accept")).json()
                async with socket_to(srv, room["code"], room["secret"]) as black, \
                        lobby_to(srv, a, lang="en"):
                    f = await lobby_state(lb, online=lambda f: f["online"]["count"] == 2)
                    assert "Minh" in [p["name"] for p in f["online"]["players"]]
                    card = next(g for g in f["games"] if g["room"] == room["code"])
                    assert card["ply"] == 0 and card["red"]["name"] == "Minh"
                    host = (await a.post(f"/api/rooms/{room['code']}/join")).json()
                    async with socket_to(srv, room["code"], host["secret"]) as red:
                        await red.send(type="move", move="h2e2", ply=0)
                        await black.state(ply=1)
                        f = await lobby_state(lb, games=lambda f: any(
                            g["room"] == room["code"] and g["ply"] == 1 for g in f["games"]))
                        card = next(g for g in f["games"] if g["room"] == room["code"])
                        assert card["last_move"] == "h2e2" and card["turn"] == "black"
                        assert "/1C2C4/" in card["fen"]
                await lb.send(type="sync")
                await lb.wait("lobby")
                await lb.send(type="ping")
                await lb.wait("pong")
    run(scenario())


def test_who_is_online_is_rebuilt_only_when_sockets_come_or_go(monkeypatch: Any) -> None:
    from cotuong.server.lobby import cards
    calls: list[int] = []
    original = cards.online_view

    def counting(*args: Any) -> Any:
        calls.append(1)
        return original(*args)
    monkeypatch.setattr(cards, "online_view", counting)

    async def scenario() -> None:
        async with running(fast()) as srv, srv.client() as a, srv.client() as b:
            await a.post("/api/me/name", json={"name": "Minh"})
            await b.post("/api/me/name", json={"name": "Lan"})
            async with lobby_to(srv, b, hello=False) as lb:
                await lb.send(type="hello")  # its snapshot, or the push after it, has b
                await lobby_state(lb, online=lambda f: f["online"]["count"] == 1)
                await asyncio.sleep(0.3)
                before = len(calls)
                await asyncio.sleep(0.6)  # six ticks: nobody came or went
                assert len(calls) == before
                async with lobby_to(srv, a):
                    f = await lobby_state(lb, online=lambda f: f["online"]["count"] == 2)
                    assert "Minh" in [p["name"] for p in f["online"]["players"]]
                f = await lobby_state(lb, online=lambda f: f["online"]["count"] == 1)
                assert len(calls) > before
    run(scenario())
