"""Ratings through the real server: a rated game between two accounts changes both
ratings as Glicko-2 says (shown in the final state), once; profiles, leaderboards;
nothing rated without two accounts and a clock; the update commits with the game's end
or not at all, and a restart neither repeats nor loses it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from harness import account_room, register, running, socket_to
from sqlalchemy import func, select

from cotuong.server import Settings
from cotuong.server.play.protocol import parse_server
from cotuong.server.ratings import RateGame
from cotuong.server.ratings.glicko2 import Rating, rate_game
from cotuong.server.ratings.store import rating_history, ratings
from cotuong.server.storage import database_url
from cotuong.server.storage.store import Store
from cotuong.server.storage.writes import RecordMove, Together, UpdateGame

BLITZ = {"kind": "fischer", "base_ms": 300_000, "increment_ms": 3_000}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def play_to_the_end(srv: Any, host: dict[str, Any], guest: dict[str, Any],
                          end: str) -> dict[str, Any]:
    """Two moves each, then Red resigns (``resign``) or they agree a draw (``draw``)."""
    async with socket_to(srv, host["code"], host["secret"]) as red, \
            socket_to(srv, host["code"], guest["secret"]) as black:
        for ply, mv in enumerate(["h2e2", "h9g7", "h0g2", "i9h9"]):
            await (red if ply % 2 == 0 else black).send(type="move", move=mv, ply=ply)
            await red.state(ply=ply + 1)
        if end == "resign":
            await red.send(type="resign")
        else:
            await red.send(type="offer_draw")
            await black.state(draw_offer="red")
            await black.send(type="accept_draw")
        s = await black.state(status="finished")
        parse_server(s)
        return s


def test_a_rated_game_changes_both_ratings_as_glicko2_says(tmp_path: Path) -> None:
    async def scenario() -> None:
        settings = Settings(db=str(tmp_path / "r.sqlite3"), heartbeat_s=0.2, login_burst=50)
        async with running(settings) as srv, srv.client() as a, srv.client() as b:
            await register(a, "lan")
            await register(b, "minh")
            host, guest = await account_room(srv, a, b, rated=True, time_control=BLITZ)
            s = await play_to_the_end(srv, host, guest, "resign")  # lan (Red) resigns
            red1, black1 = rate_game(Rating(), Rating(), 0.0)
            assert s["players"]["red"]["rating"] == 1500 == s["players"]["black"]["rating"]
            assert s["ratings"]["red"] == {"before": 1500, "after": round(red1.rating),
                                           "delta": round(red1.rating) - 1500,
                                           "rd": round(red1.rd), "category": "blitz"}
            assert s["ratings"]["black"]["after"] == round(black1.rating) == 1662
            assert s["ratings"]["red"]["after"] == 1338

            # A second game (colours swapped by the rematch-free way: a new room).
            host, guest = await account_room(srv, b, a, rated=True, time_control=BLITZ)
            s = await play_to_the_end(srv, host, guest, "draw")  # minh Red, lan Black
            minh2, lan2 = rate_game(black1, red1, 0.5)
            assert s["ratings"]["red"]["after"] == round(minh2.rating)
            assert s["ratings"]["black"]["after"] == round(lan2.rating)
            assert s["ratings"]["red"]["delta"] < 0 < s["ratings"]["black"]["delta"]
            game_id = s["game_id"]

            profile = (await a.get("/api/users/minh")).json()
            blitz = profile["ratings"]["blitz"]
            assert blitz["rating"] == round(minh2.rating) and blitz["games"] == 2
            assert (blitz["wins"], blitz["draws"], blitz["losses"]) == (1, 1, 0)
            assert profile["counts"] == {"games": 2, "wins": 1, "draws": 1, "losses": 0}
            points = profile["history"]["blitz"]
            assert [p["rating"] for p in points] == [1662, round(minh2.rating)]
            assert [p["opponent"] for p in points] == ["lan", "lan"]
            board = (await a.get("/api/leaderboard", params={"category": "blitz"})).json()
            assert [p["username"] for p in board["players"]] == ["minh", "lan"]
            assert board["players"][0]["provisional"] is True  # RD still above 110
            bad = await a.get("/api/leaderboard", params={"category": "chess"})
            assert bad.status_code == 400
            assert (await a.get("/api/users/nobody")).status_code == 404
        # A restart shows the same change and does not apply it again.
        async with running(settings) as srv, srv.client() as c:
            again = (await c.get(f"/api/games/{game_id}")).json()
            assert again["ratings"]["red"]["after"] == round(minh2.rating)
            assert (await c.get("/api/users/minh")).json()["ratings"]["blitz"]["games"] == 2
        store = Store(database_url(settings.db))
        try:
            with store.engine.connect() as conn:
                assert conn.execute(select(func.count()).select_from(rating_history)
                                    ).scalar() == 4
        finally:
            store.close()
    run(scenario())


def test_nothing_is_rated_without_two_accounts_and_a_clock() -> None:
    async def scenario() -> None:
        async with running(Settings(db="sqlite://", login_burst=50)) as srv, \
                srv.client() as a, srv.client() as b, srv.client() as g:
            await register(a, "acc_a")
            await register(b, "acc_b")
            r = await g.post("/api/rooms", json={"rated": True, "time_control": BLITZ},
                             headers={"Accept-Language": "vi"})
            assert r.status_code == 401 and r.json()["error"]["code"] == "RATED_NEEDS_ACCOUNT"
            r = await a.post("/api/rooms", json={"rated": True})
            assert r.json()["error"]["message"] == "Ván tính điểm phải có đồng hồ"
            r = await a.post("/api/rooms", json={"rated": True, "time_control": BLITZ,
                                                 "opponent": "ai", "ai_level": 2})
            assert r.status_code == 400
            host = (await a.post("/api/rooms", json={"rated": True,
                                                     "time_control": BLITZ})).json()
            r = await g.post(f"/api/rooms/{host['code']}/join")
            assert r.status_code == 401 and r.json()["error"]["code"] == "RATED_NEEDS_ACCOUNT"
            # A casual game between accounts: no rating change.
            host, guest = await account_room(srv, a, b, time_control=BLITZ)
            s = await play_to_the_end(srv, host, guest, "resign")
            assert s["ratings"] is None
            # An aborted rated game: none either.
            host, guest = await account_room(srv, a, b, rated=True, time_control=BLITZ)
            async with socket_to(srv, host["code"], host["secret"]) as red:
                await red.send(type="abort")
                s = await red.state(status="aborted")
                assert s["ratings"] is None
            assert (await a.get("/api/users/acc_a")).json()["ratings"] == {}
    run(scenario())


def test_the_rating_update_commits_with_the_games_end_or_not_at_all() -> None:
    store = Store("sqlite://")
    try:
        store.create_room(dict(code="RATE23", rules="xiangqiplay", time_control=None,
                               rated=True, opponent="human", ai_level=None, lang="vi",
                               host_id="u:1", host_name="a", host_color="red",
                               guest_id="u:2", guest_name="b", current_game_id=None,
                               created_at=0))
        game_id = store.create_game(dict(room_code="RATE23", red_slot="host",
                                         start_fen="x", status="playing", result="*",
                                         plies=0, version=0, created_at=0), {})
        store.record_move(game_id, 1, "h2e2", 0, {})
        rate = RateGame(game_id, 1, 2, "blitz", 1.0, 5)
        # The last move's row clashes (ply 1 again): the whole end fails, rating included.
        with pytest.raises(Exception):  # noqa: B017 (the driver's IntegrityError)
            store.write_batch([Together((RecordMove(game_id, 1, "h9g7", 5,
                                                    {"status": "finished"}), rate))])
        with store.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(ratings)).scalar() == 0
        assert store.game(game_id)["status"] == "playing"  # type: ignore[index]
        # Committed once with the end; the same write again changes nothing.
        end = Together((UpdateGame(game_id, {"status": "finished", "result": "1-0"}), rate))
        assert store.write_batch([end]) == [None]
        assert store.write_batch([end, UpdateGame(game_id, {"version": 3})]) == [None, None]
        with store.engine.connect() as conn:
            rows = conn.execute(select(ratings.c.user_id, ratings.c.games)
                                .order_by(ratings.c.user_id)).all()
        assert [tuple(r) for r in rows] == [(1, 1), (2, 1)]
    finally:
        store.close()
