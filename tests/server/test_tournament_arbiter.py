"""The arbiter's other tools and the less common ends of an online round robin: a double
round robin's colours in the rooms, both players absent (both lose), the no-show wait and
round opening changed mid-event, an annulled withdrawal, and the page before the draw."""

from __future__ import annotations

import asyncio
from typing import Any

from harness import running
from test_tournaments import SETTINGS
from tournament_helpers import accounts, board, join, until, view

from cotuong.server import FakeClock


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_double_round_robin_swaps_colours_and_absent_players_both_lose() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with (
            running(SETTINGS, clock=clock) as srv,
            accounts(srv, ["anh", "binh", "trongtai"]) as people,
        ):
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Hai lượt", "players": ["anh", "binh"], "double": True,
                "no_show_s": 60})
            tid = r.json()["tournament_id"]
            page = (await arb.get(f"/tournaments/{tid}")).text
            assert "Giải chưa bắt đầu" in page and "<li>anh</li>" in page
            v = (await arb.post(f"/api/tournaments/{tid}/start")).json()
            assert v["round_count"] == 2
            first, second = board(v, 1, 1), board(v, 2, 1)
            assert (first["red"], first["black"]) == (second["black"], second["red"])
            # Each paired player's seat has the board's colour.
            assert (await join(people[first["red"]], first["room"]))["color"] == "red"
            assert (await join(people[first["black"]], first["room"]))["color"] == "black"
            # Both came: the wait passes and nothing happens; the arbiter decides.
            tournaments = srv.app.state.tournaments
            assert tournaments.scheduled(tid)  # the check waits for the deadline
            clock.advance(61_000)
            await tournaments.check_no_shows(tid)
            assert board(await view(arb, tid), 1, 1)["result"] is None
            await asyncio.sleep(0.3)  # checked once, not again and again
            assert not tournaments.scheduled(tid) and tournaments.no_show_checks[tid] == 1
            r = await arb.post(f"/api/tournaments/{tid}/results", json={
                "round": 1, "board": 1, "result": "1/2-1/2"})
            assert r.status_code == 200, r.text
            v = await until(arb, tid, lambda v: v["open_round"] == 2)
            second = board(v, 2, 1)
            assert second["room"] and second["room"] != first["room"]
            # Round 2: nobody comes; both lose by forfeit.
            clock.advance(61_000)
            await srv.app.state.tournaments.check_no_shows(tid)
            v = await until(arb, tid, lambda v: v["status"] == "finished")
            assert board(v, 2, 1)["result"] == "-/-"
            game = (await arb.get(f"/api/games/{second['game_id']}")).json()
            assert game["outcome"]["termination"] == "NO_SHOW"
            assert game["outcome"]["result"] == "*"
            assert [s["points"] for s in v["standings"]] == [1, 1]
    run(scenario())


def test_the_arbiter_changes_the_wait_and_round_opening_and_annuls_a_player() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with (
            running(SETTINGS, clock=clock) as srv,
            accounts(srv, ["anh", "binh", "chi", "dung", "trongtai"]) as people,
        ):
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Giải", "players": ["anh", "binh", "chi", "dung"],
                "no_show_s": 0})
            tid = r.json()["tournament_id"]
            path = f"/api/tournaments/{tid}"
            v = (await arb.post(f"{path}/start")).json()
            assert v["no_show_at"] is None  # no wait: nobody forfeits by not coming
            r = await people["anh"].patch(path, json={"no_show_s": 30})
            assert r.status_code == 403
            r = await arb.patch(path, json={"round_start": "later"})
            assert r.json()["error"]["code"] == "BAD_REQUEST"
            r = await arb.patch(path, json={"no_show_s": 30, "round_start": "arbiter"})
            v = r.json()
            assert (v["no_show_s"], v["round_start"]) == (30, "arbiter")
            assert v["no_show_at"] == v["round_opened_at"] + 30_000
            b1, b2 = board(v, 1, 1), board(v, 1, 2)
            await join(people[b1["red"]], b1["room"])
            await join(people[b1["black"]], b1["room"])
            await join(people[b2["black"]], b2["room"])
            clock.advance(31_000)
            await srv.app.state.tournaments.check_no_shows(tid)  # board 2: Red absent
            v = await until(arb, tid, lambda v: board(v, 1, 2)["result"] == "-/+")
            assert v["open_round"] == 1
            # Annul board 1's Red: their games are struck, their live game ends.
            gone = b1["red"]
            r = await arb.post(f"{path}/withdraw", json={"username": gone,
                                                         "policy": "annul"})
            assert r.status_code == 200, r.text
            v = r.json()
            assert v["withdrawal"]["policy"] == "annul"
            assert v["withdrawal"]["forfeits"] == []
            assert gone not in [s["player"] for s in v["standings"]]
            game = (await arb.get(f"/api/games/{b1['game_id']}")).json()
            assert game["outcome"]["termination"] == "ARBITER"
            assert v["rounds"][0]["complete"]  # the annulled board does not count
            r = await arb.post(f"{path}/withdraw", json={"username": gone})
            assert r.json()["error"]["code"] == "TOURNAMENT_RULE"
            assert "đã bỏ cuộc" in r.json()["error"]["texts"]["vi"]
            v = (await arb.post(f"{path}/rounds/next")).json()
            assert v["open_round"] == 2
            annulled = [b for b in v["rounds"][1]["boards"] if gone in (b["red"],
                                                                       b["black"])]
            assert annulled and annulled[0]["room"] is None
    run(scenario())


def test_lots_for_a_final_tie_and_the_printed_details() -> None:
    async def scenario() -> None:
        async with running(SETTINGS) as srv, accounts(srv, ["anh", "binh", "trongtai"]) as people:
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Chung kết", "players": ["anh", "binh"], "no_show_s": 0})
            tid = r.json()["tournament_id"]
            path = f"/api/tournaments/{tid}"
            await arb.post(f"{path}/start")
            r = await arb.patch(path, json={"venue": "Nhà văn hóa Thanh niên",
                                             "chief_arbiter": "Trần Văn Trọng"})
            assert r.status_code == 200, r.text
            r = await arb.post(f"{path}/lots", json={"order": ["anh", "binh"]})
            assert r.json()["error"]["code"] == "TOURNAMENT_RULE"  # not final yet
            await arb.post(f"{path}/results", json={"round": 1, "board": 1,
                                                    "result": "1/2-1/2"})
            v = await until(arb, tid, lambda v: v["status"] == "finished")
            assert [s["lots"] for s in v["standings"]] == ["pending", "pending"]
            assert [s["rank_text"] for s in v["standings"]] == ["1=", "1="]
            r = await people["anh"].post(f"{path}/lots", json={"order": ["anh", "binh"]})
            assert r.status_code == 403
            r = await arb.post(f"{path}/lots", json={"order": ["binh", "ghost"]})
            assert r.json()["error"]["code"] == "TOURNAMENT_RULE"
            r = await arb.post(f"{path}/lots", json={"order": ["binh", "anh"]})
            assert r.status_code == 200, r.text
            rows = r.json()["standings"]
            assert [(s["player"], s["rank"], s["lots"]) for s in rows] == [
                ("binh", 1, "drawn"), ("anh", 2, "drawn")]
            page = (await arb.get(f"/tournaments/{tid}")).text
            assert "Nhà văn hóa Thanh niên" in page and "Trần Văn Trọng" in page
            log = (await arb.get(f"{path}/events")).json()["events"]
            assert [e["kind"] for e in log] == [
                "draw_numbers", "details", "record", "draw_lots"]
    run(scenario())


def test_scheduled_rounds_open_at_their_times() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with (
            running(SETTINGS, clock=clock) as srv,
            accounts(srv, ["anh", "binh", "chi", "trongtai"]) as people,
        ):
            arb = people["trongtai"]
            tournaments = srv.app.state.tournaments
            now = clock.now_ms()
            times = [now + 60_000, now + 120_000, now + 180_000]
            base = {"name": "Theo lịch", "players": ["anh", "binh", "chi"],
                    "round_start": "scheduled", "no_show_s": 0}
            for bad in (None, times[:2], [times[1], times[0], times[2]]):
                r = await arb.post("/api/tournaments", json={**base, "round_times": bad})
                assert r.json()["error"]["code"] == "BAD_REQUEST", bad
                assert "3" in r.json()["error"]["message"]
            r = await arb.post("/api/tournaments", json={**base, "round_times": times})
            tid = r.json()["tournament_id"]
            path = f"/api/tournaments/{tid}"
            v = (await arb.post(f"{path}/start")).json()
            assert (v["status"], v["open_round"], v["next_round_at"]) == (
                "running", 0, times[0])
            page = (await arb.get(f"/tournaments/{tid}")).text
            assert 'id="next-round"' in page and "Vòng 1 bắt đầu lúc" in page
            clock.advance(59_000)
            await tournaments.check_schedule(tid)
            assert (await view(arb, tid))["open_round"] == 0
            clock.advance(1_000)
            await tournaments.check_schedule(tid)
            v = await view(arb, tid)
            assert v["open_round"] == 1 and board(v, 1, 1)["room"]
            await arb.post(f"{path}/results", json={"round": 1, "board": 1,
                                                    "result": "1-0"})
            clock.advance(30_000)  # round 1 complete early: round 2 waits for its time
            await tournaments.check_schedule(tid)
            v = await view(arb, tid)
            assert (v["open_round"], v["next_round_at"]) == (1, times[1])
            # The arbiter may open it early, or move the schedule.
            r = await arb.patch(path, json={"round_times": [now, now + 90_000, now]})
            assert r.json()["error"]["code"] == "BAD_REQUEST"
            r = await arb.patch(path, json={"round_times": [now, now + 90_000,
                                                            now + 100_000]})
            assert r.json()["open_round"] == 2  # its new time has come
            r = await arb.patch(path, json={"round_start": "auto"})
            assert (r.json()["round_start"], r.json()["round_times"]) == ("auto", None)
    run(scenario())
