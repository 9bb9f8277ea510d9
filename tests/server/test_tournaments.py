"""Online round robins end to end: accounts create and start an event over REST, every
game of every round is played over the WebSocket (a time forfeit, a draw, a resignation,
a no-show forfeit, an abandonment), results reach the tournament by themselves, and the
standings are what the tournament library computes from the same results."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from harness import cookies_of, running, socket_to
from tournament_helpers import (
    accounts,
    board,
    expected_standings,
    join,
    opening,
    seated,
    until,
    view,
)

from cotuong.server import FakeClock, Settings

SETTINGS = Settings(db="sqlite://", heartbeat_s=0.2, abandon_after_s=30, login_burst=50,
                    http_rate=1000, http_burst=1000,
                    tournament_direct_entry=True)
PLAYERS = ["anh", "binh", "chi", "dung"]
BLITZ = {"kind": "fischer", "base_ms": 60_000, "increment_ms": 0}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def has_result(round_no: int, number: int) -> Any:
    return lambda v: board(v, round_no, number)["result"] is not None


def test_a_four_player_round_robin_played_online() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with (
            running(SETTINGS, clock=clock) as srv,
            accounts(srv, [*PLAYERS, "trongtai"]) as people,
        ):
            arb = people["trongtai"]
            tournaments = srv.app.state.tournaments
            r = await arb.post("/api/tournaments", json={
                "name": "Giải CLB tháng 12", "players": PLAYERS, "double": False,
                "time_control": BLITZ, "rules": "asian", "no_show_s": 600})
            assert r.status_code == 201, r.text
            tid = r.json()["tournament_id"]
            assert r.json()["status"] == "created" and r.json()["rounds"] == []
            r = await arb.post(f"/api/tournaments/{tid}/start")
            assert r.status_code == 200, r.text
            v = r.json()
            assert v["status"] == "running" and v["open_round"] == 1
            assert v["round_count"] == 3 and len(v["rounds"]) == 3
            order = [p["username"] for p in sorted(v["players"],
                                                   key=lambda p: p["number"])]
            assert sorted(order) == PLAYERS
            played: list[tuple[int, str, str, str]] = []

            def pair(v: dict[str, Any], rnd: int, b: int) -> tuple[Any, Any, dict[str, Any]]:
                x = board(v, rnd, b)
                assert x["room"] and x["result"] is None
                return people[x["red"]], people[x["black"]], x

            # Round 1, board 2: abort and rematch are refused; a spectator watches;
            # the players agree a draw.
            red, black, x = pair(v, 1, 2)
            async with seated(srv, red, black, x["room"]) as (rs, bs):
                await bs.send(type="abort")
                assert (await bs.wait("error"))["code"] == "TOURNAMENT_GAME"
                watcher = await join(arb, x["room"])
                assert watcher["color"] == "spectator" and watcher["secret"] is None
                async with httpx.AsyncClient(base_url=srv.base) as guest:
                    assert (await join(guest, x["room"]))["slot"] is None
                async with socket_to(srv, x["room"], cookies=cookies_of(arb)) as sp:
                    assert sp.frames[-1]["role"] == "spectator"
                    await opening(rs, bs)
                    await rs.send(type="offer_draw")
                    await bs.state(draw_offer="red")
                    await bs.send(type="accept_draw")
                    s = await sp.state(status="finished")
                    assert s["outcome"]["termination"] == "AGREEMENT"
                await bs.send(type="rematch")
                assert (await bs.wait("error"))["code"] == "TOURNAMENT_GAME"
            played.append((1, x["red"], x["black"], "1/2-1/2"))
            v = await until(arb, tid, has_result(1, 2))
            assert board(v, 1, 2)["result"] == "1/2-1/2" and v["open_round"] == 1

            # Round 1, board 1: Black's flag falls.
            red, black, x = pair(v, 1, 1)
            async with seated(srv, red, black, x["room"]) as (rs, bs):
                await opening(rs, bs, plies=3)
                clock.advance(61_000)
                await srv.service.check_timers(x["game_id"])
                s = await rs.state(status="finished")
                assert s["outcome"]["termination"] == "TIME_FORFEIT"
            played.append((1, x["red"], x["black"], "1-0"))
            v = await until(arb, tid, lambda v: v["open_round"] == 2)
            assert board(v, 1, 1)["result"] == "1-0" and v["rounds"][0]["complete"]

            # Round 2, board 1: Red resigns.
            red, black, x = pair(v, 2, 1)
            async with seated(srv, red, black, x["room"]) as (rs, bs):
                await opening(rs, bs)
                await rs.send(type="resign")
                await bs.state(status="finished")
            played.append((2, x["red"], x["black"], "0-1"))
            v = await until(arb, tid, has_result(2, 1))

            # Round 2, board 2: Red takes the seat, Black never comes.
            red, black, x = pair(v, 2, 2)
            assert (await join(red, x["room"]))["color"] == "red"
            clock.advance(599_000)
            await tournaments.check_no_shows(tid)  # not yet
            assert board(await view(arb, tid), 2, 2)["result"] is None
            clock.advance(2_000)
            await tournaments.check_no_shows(tid)
            played.append((2, x["red"], x["black"], "+/-"))
            v = await until(arb, tid, lambda v: v["open_round"] == 3)
            assert board(v, 2, 2)["result"] == "+/-"
            game = (await arb.get(f"/api/games/{x['game_id']}")).json()
            assert game["outcome"]["termination"] == "NO_SHOW"

            # Round 3, board 1: Black leaves and does not come back.
            red, black, x = pair(v, 3, 1)
            async with seated(srv, red, black, x["room"]) as (rs, bs):
                await opening(rs, bs)
                await bs.close()
                await rs.state(abandon={"color": "black",
                                        "deadline_ms": clock.now_ms() + 30_000})
                clock.advance(31_000)
                await srv.service.check_timers(x["game_id"])
                s = await rs.state(status="finished")
                assert s["outcome"]["termination"] == "ABANDONMENT"
            played.append((3, x["red"], x["black"], "1-0"))

            # Round 3, board 2: Black resigns.
            red, black, x = pair(v, 3, 2)
            async with seated(srv, red, black, x["room"]) as (rs, bs):
                await opening(rs, bs, plies=2)
                await bs.send(type="resign")
                await rs.state(status="finished")
            played.append((3, x["red"], x["black"], "1-0"))

            v = await until(arb, tid, lambda v: v["status"] == "finished")
            assert all(b["result"] for rnd in v["rounds"] for b in rnd["boards"])
            assert v["standings"] == expected_standings(order, played)
            # By hand (2/1/0): the points of the results played.
            points = dict.fromkeys(PLAYERS, 0)
            for _, red_name, black_name, res in played:
                won = {"1-0": red_name, "+/-": red_name, "0-1": black_name}.get(res)
                if won:
                    points[won] += 2
                else:
                    points[red_name] += 1
                    points[black_name] += 1
            assert {r["player"]: r["points"] for r in v["standings"]} == points
            assert sum(points.values()) == 12

            log = (await arb.get(f"/api/tournaments/{tid}/events")).json()["events"]
            assert [e["kind"] for e in log] == ["draw_numbers", "details"] + ["record"] * 6
            assert {e["by"] for e in log[:2]} == {"trongtai"}
            assert {e["by"] for e in log[2:]} == {"server"}
            page = (await arb.get(f"/tournaments/{tid}")).text
            assert "Giải CLB tháng 12" in page and 'id="standings"' in page
            assert "1 phút + 0 giây mỗi nước" in page and " / 1 min" not in page
            assert "Giải đã kết thúc" in page
            printed = (await arb.get(f"/tournaments/{tid}/print")).text
            assert 'id="crosstable"' in printed
            assert "1 phút + 0 giây mỗi nước / 1 min + 0 s per move" in printed
    run(scenario())


def test_the_arbiter_corrects_withdraws_and_opens_rounds() -> None:
    async def scenario() -> None:
        async with (
            running(SETTINGS) as srv,
            accounts(srv, ["anh", "binh", "chi", "trongtai"]) as people,
        ):
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Giải nhanh", "players": ["anh", "binh", "chi"],
                "round_start": "arbiter", "no_show_s": 0})
            tid = r.json()["tournament_id"]
            v = (await arb.post(f"/api/tournaments/{tid}/start")).json()
            x = board(v, 1, 1)  # three players: one board and a rest
            assert v["rounds"][0]["rests"] in ("anh", "binh", "chi")
            red, black = people[x["red"]], people[x["black"]]
            async with seated(srv, red, black, x["room"]) as (rs, bs):
                await opening(rs, bs, plies=2)
                await rs.send(type="resign")
                await bs.state(status="finished")
            v = await until(arb, tid, has_result(1, 1))
            assert v["open_round"] == 1  # the arbiter opens rounds here
            # A player may not act as the arbiter.
            r = await red.post(f"/api/tournaments/{tid}/results",
                               json={"round": 1, "board": 1, "result": "1-0"})
            assert r.status_code == 403 and r.json()["error"]["code"] == "NOT_ORGANISER"
            r = await arb.post(f"/api/tournaments/{tid}/results", json={
                "round": 1, "board": 1, "result": "1-0", "reason": "wrong button"})
            assert r.status_code == 200, r.text
            assert board(r.json(), 1, 1)["result"] == "1-0"
            assert board(r.json(), 1, 1)["corrections"] == 1
            r = await arb.post(f"/api/tournaments/{tid}/rounds/next")
            v = r.json()
            assert r.status_code == 200 and v["open_round"] == 2
            r = await arb.post(f"/api/tournaments/{tid}/rounds/next")
            assert r.json()["error"]["code"] == "ROUND_NOT_COMPLETE"
            # The arbiter decides a live game: it ends in its room too.
            x = board(v, 2, 1)
            r = await arb.post(f"/api/tournaments/{tid}/results", json={
                "round": 2, "board": 1, "result": "0-1"})
            assert board(r.json(), 2, 1)["result"] == "0-1"
            game = (await arb.get(f"/api/games/{x['game_id']}")).json()
            assert game["outcome"]["termination"] == "ARBITER"
            assert game["outcome"]["result"] == "0-1"
            v = (await arb.post(f"/api/tournaments/{tid}/rounds/next")).json()
            # Round 3: a withdrawal forfeits the withdrawn player's live game.
            x = board(v, 3, 1)
            r = await arb.post(f"/api/tournaments/{tid}/withdraw",
                               json={"username": x["black"]})
            assert r.status_code == 200, r.text
            w = r.json()["withdrawal"]
            assert w == {"player": x["black"], "policy": "forfeit", "from_round": 3,
                         "forfeits": [{"round": 3, "board": 1, "result": "+/-"}]}
            v = r.json()
            assert v["status"] == "finished" and v["standings_after"] == 3
            # The forfeit in the round under way counts: 3 games, 2 points each.
            assert sum(s["points"] for s in v["standings"]) == 6
            game = (await arb.get(f"/api/games/{x['game_id']}")).json()
            assert game["status"] == "finished" and game["outcome"]["result"] == "1-0"
            withdrawn = next(s for s in v["standings"] if s["player"] == x["black"])
            assert withdrawn["withdrawn"]
            log = (await arb.get(f"/api/tournaments/{tid}/events")).json()["events"]
            assert [e["kind"] for e in log] == [
                "draw_numbers", "record", "correct", "record", "withdraw"]
            assert log[2]["payload"]["reason"] == "wrong button"
            assert log[2]["by"] == "trongtai" and log[1]["by"] == "server"
    run(scenario())


def test_bad_requests_get_clear_errors() -> None:
    async def scenario() -> None:
        async with running(SETTINGS) as srv, accounts(srv, ["anh", "binh", "trongtai"]) as people:
            arb = people["trongtai"]
            async def refused(c: httpx.AsyncClient, path: str, body: Any,
                              code: str, status: int) -> dict[str, Any]:
                r = await c.post(path, json=body, headers={"Accept-Language": "en"})
                assert r.status_code == status, r.text
                error = r.json()["error"]
                assert error["code"] == code, error
                assert error["texts"]["vi"] and error["texts"]["en"] == error["message"]
                return error  # type: ignore[no-any-return]

            base = {"name": "Giải", "players": ["anh", "binh"]}
            e = await refused(arb, "/api/tournaments", {**base, "players": ["anh", "nobody",
                              "ghost"]}, "UNKNOWN_PLAYERS", 400)
            assert "nobody" in e["message"] and "ghost" in e["message"]
            await refused(arb, "/api/tournaments", {**base, "players": ["anh", "binh", "anh"]},
                          "DUPLICATE_PLAYERS", 400)
            await refused(arb, "/api/tournaments", {**base, "players": ["anh"]},
                          "TOO_FEW_PLAYERS", 400)
            await refused(arb, "/api/tournaments", {**base, "rules": "chess"},
                          "BAD_REQUEST", 400)
            await refused(arb, "/api/tournaments", {**base, "time_control": {
                "kind": "byoyomi", "base_ms": 0, "period_ms": 0}}, "BAD_TIME_CONTROL", 400)
            await refused(arb, "/api/tournaments", {**base, "time_control": "5+3"},
                          "BAD_REQUEST", 422)
            await refused(arb, "/api/tournaments", {**base, "round_start": "sometimes"},
                          "BAD_REQUEST", 400)
            async with httpx.AsyncClient(base_url=srv.base) as guest:
                await refused(guest, "/api/tournaments", base, "NOT_LOGGED_IN", 401)
            tid = (await arb.post("/api/tournaments", json=base)).json()["tournament_id"]
            path = f"/api/tournaments/{tid}"
            await refused(arb, f"{path}/results", {"round": 1, "board": 1, "result": "1-0"},
                          "TOURNAMENT_NOT_STARTED", 409)
            await refused(people["anh"], f"{path}/start", None, "NOT_ORGANISER", 403)
            assert (await arb.post(f"{path}/start")).status_code == 200
            await refused(arb, f"{path}/start", None, "TOURNAMENT_STARTED", 409)
            await refused(arb, f"{path}/results", {"round": 1, "board": 2, "result": "1-0"},
                          "NO_SUCH_BOARD", 404)
            await refused(arb, f"{path}/results", {"round": 9, "board": 1, "result": "1-0"},
                          "NO_SUCH_BOARD", 404)
            await refused(arb, f"{path}/results", {"round": 1, "board": 1, "result": "2-0"},
                          "BAD_REQUEST", 400)
            await refused(arb, f"{path}/withdraw", {"username": "ghost"},
                          "NOT_A_PLAYER", 404)
            r = await arb.get("/api/tournaments/999")
            assert r.status_code == 404
            assert r.json()["error"]["code"] == "TOURNAMENT_NOT_FOUND"
            assert (await arb.get("/api/tournaments")).json()["tournaments"][0][
                "tournament_id"] == tid
    run(scenario())


def test_a_player_who_came_before_any_move_is_present_and_the_absent_one_forfeits() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with (
            running(SETTINGS, clock=clock) as srv,
            accounts(srv, ["anh", "binh", "trongtai"]) as people,
        ):
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Hai người", "players": ["anh", "binh"], "no_show_s": 300})
            tid = r.json()["tournament_id"]
            v = (await arb.post(f"/api/tournaments/{tid}/start")).json()
            x = board(v, 1, 1)
            red = people[x["red"]]
            seat = await join(red, x["room"])
            async with socket_to(srv, x["room"], seat["secret"],
                                 cookies=cookies_of(red)) as rs:
                await rs.state()
            clock.advance(SETTINGS.abandon_after_ms + 1000)
            await srv.service.check_timers(x["game_id"])  # no abandonment before play
            assert board(await view(arb, tid), 1, 1)["result"] is None
            clock.advance(300_000)
            await srv.app.state.tournaments.check_no_shows(tid)
            v = await until(arb, tid, lambda v: v["status"] == "finished")
            assert board(v, 1, 1)["result"] == "+/-"
            game = (await arb.get(f"/api/games/{x['game_id']}")).json()
            assert game["outcome"]["winner"] == "red"
            assert game["outcome"]["explanation"]["vi"] == \
                "Đỏ thắng do Đen không đến sau 300 giây"
    run(scenario())
