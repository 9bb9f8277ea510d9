"""Online Swiss events and knockouts: the store replays them to the library's state,
``POST /api/tournaments`` refuses combinations that make no sense (each its own code),
the TRF endpoint gives the library's TRF, the organiser's requested byes, late entries
and knockout corrections, a drawn knockout game's replay room made by itself, lots the
server draws, and a restarted server that carries on with all of it."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import running
from sqlalchemy import create_engine
from tournament_helpers import accounts, seated, until, view

from cotuong.server import FakeClock, Settings
from cotuong.server.tournaments import store as ts
from cotuong.tournament import Knockout, SwissTournament, trf_text
from cotuong.tournament.replay import replay

SETTINGS = Settings(db="sqlite://", heartbeat_s=0.2, abandon_after_s=300, login_burst=100,
                    http_rate=1000, http_burst=1000, tournament_direct_entry=True)
SIX = ["anh", "binh", "chi", "dung", "emm", "giang"]


def test_the_store_replays_swiss_events_and_knockouts() -> None:
    engine = create_engine("sqlite://")
    ts.metadata.create_all(engine)
    row = {"name": "x", "organiser": "u:1", "organiser_name": "tt", "options": "{}",
           "created_at": 0}
    swiss = SwissTournament(SIX, rounds=3)
    sid = ts.create_tournament(engine, swiss, row)
    ts.update(engine, sid, lambda t: t.draw_numbers(order=SIX), "u:1", 1)
    ts.update(engine, sid, lambda t: t.pair_next_round(), "server", 2)  # type: ignore[union-attr]
    swiss.draw_numbers(order=SIX)
    swiss.pair_next_round()
    for p in swiss.pairings(1):
        assert p.red and p.black
        swiss.record(1, p.red, p.black, "1-0")
        ts.update(engine, sid, lambda t, p=p: t.record(1, p.red, p.black, "1-0"), "server", 3)
    found = ts.load(engine, sid)
    assert found is not None
    assert isinstance(found[1], SwissTournament) and found[1].standings() == swiss.standings()
    assert found[1].pairings(1) == swiss.pairings(1)

    ko = Knockout(SIX[:4], ladder=(("replay", 1),))
    kid = ts.create_tournament(engine, ko, row)
    ts.update(engine, kid, lambda k: k.record("R1M1", "1/2-1/2"), "server", 1)
    ts.update(engine, kid, lambda k: k.record("R1M1", "1/2-1/2"), "server", 2)
    ts.update(engine, kid, lambda k: k.draw_lots("R1M1", "dung"), "server", 3)
    found = ts.load(engine, kid)
    assert found is not None and isinstance(found[1], Knockout)
    m = found[1].match("R1M1")
    assert (m.decided_by, found[1].name_of(m.winner)) == ("lots", "dung")
    log = [(e["seq"], e["kind"], json.dumps(e["payload"])) for e in ts.history(engine, kid)]
    assert [k for _, k, _ in log] == ["ko_game", "ko_game", "ko_lots"]
    again = replay(json.dumps(ko.settings()), log, "again")
    assert isinstance(again, Knockout) and again.match("R1M1") == m


async def refused(c: httpx.AsyncClient, path: str, body: Any, code: str,
                  status: int = 400) -> dict[str, Any]:
    r = await c.post(path, json=body, headers={"Accept-Language": "en"})
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code, error
    assert error["texts"]["vi"] and error["texts"]["en"]
    return error  # type: ignore[no-any-return]


def test_bad_combinations_are_refused_with_their_own_codes() -> None:
    async def scenario() -> None:
        async with running(SETTINGS) as srv, accounts(srv, [*SIX, "trongtai"]) as people:
            arb = people["trongtai"]
            base = {"name": "Giải", "players": SIX}
            for body, code in (
                ({"system": "swiss"}, "SWISS_ROUNDS"),
                ({"rounds": 3}, "SWISS_ONLY"),
                ({"bye_points": 0}, "SWISS_ONLY"),
                ({"system": "swiss", "rounds": 3, "ratings": {"anh": 1800, "zed": 1500}},
                 "RATINGS_PLAYERS"),
                ({"system": "knockout", "bye_points": 1}, "SWISS_ONLY"),
                ({"system": "swiss", "rounds": 3, "double": True}, "DOUBLE_ROUND_ROBIN"),
                ({"system": "swiss", "rounds": 3, "knockout": {"games": 2}}, "KNOCKOUT_ONLY"),
                ({"system": "knockout", "tiebreaks": ["buchholz"]}, "KNOCKOUT_TIEBREAKS"),
                ({"system": "knockout", "players": ["anh", {"invite": "Lan"}]},
                 "KNOCKOUT_INVITES"),
                ({"system": "knockout", "stages": [{"system": "knockout", "top": 2}]}, "STAGES"),
                ({"system": "swiss", "rounds": 3, "stages": [{"system": "knockout", "top": 4},
                                                             {"system": "knockout", "top": 2}]},
                 "STAGES"),
                ({"system": "swiss", "rounds": 3, "stages": [{"system": "knockout",
                                                              "top": 7}]}, "STAGE_TOP"),
            ):
                await refused(arb, "/api/tournaments", {**base, **body}, code)
            # What the library refuses, in its words; what the schema refuses: 422.
            e = await refused(arb, "/api/tournaments", {**base, "system": "swiss", "rounds": 3,
                                                         "tiebreaks": ["elo"]},
                              "TOURNAMENT_RULE", 409)
            assert "elo" in e["message"]
            await refused(arb, "/api/tournaments", {**base, "system": "swiss", "rounds": 3,
                                                     "bye_points": 5}, "TOURNAMENT_RULE", 409)
            await refused(arb, "/api/tournaments", {**base, "system": "ladder"},
                          "BAD_REQUEST", 422)
            await refused(arb, "/api/tournaments", {**base, "system": "knockout", "knockout": {
                "ladder": [["penalties", 1]]}}, "BAD_REQUEST", 422)
            many = [f"p{i}" for i in range(25)]
            await refused(arb, "/api/tournaments", {**base, "players": many},
                          "TOO_MANY_PLAYERS", 400)
            # A knockout: no TRF, no withdrawal; a Swiss: TRF is the library's.
            r = await arb.post("/api/tournaments", json={**base, "system": "knockout"})
            assert r.status_code == 201, r.text
            kid = r.json()["tournament_id"]
            assert r.json()["system"] == "knockout" and r.json()["knockout"]["ladder"] == [
                ["replay", 1]]
            r = await arb.get(f"/api/tournaments/{kid}/trf")
            assert r.status_code == 409 and r.json()["error"]["code"] == "TRF_KNOCKOUT"
            await refused(arb, f"/api/tournaments/{kid}/byes", {"username": "anh"},
                          "SWISS_ACTION", 409)
    asyncio.run(scenario())


def test_swiss_byes_late_entries_and_trf_online() -> None:
    async def scenario() -> None:
        async with running(SETTINGS) as srv, \
                accounts(srv, [*SIX, "khanh", "trongtai"]) as people:
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Thụy Sĩ", "players": SIX, "system": "swiss", "rounds": 3,
                "round_start": "arbiter", "no_show_s": 0, "requested_bye_points": 0,
                "tiebreaks": ["buchholz", "sonneborn_berger"]})
            assert r.status_code == 201, r.text
            tid = r.json()["tournament_id"]
            path = f"/api/tournaments/{tid}"
            v = (await arb.post(f"{path}/start")).json()
            assert v["swiss"]["paired_rounds"] == 1 and v["rounds"][1]["paired"] is False
            assert v["rounds"][1]["boards"] == [] and len(v["rounds"][0]["boards"]) == 3
            assert v["tiebreaks"] == ["buchholz", "sonneborn_berger"]
            for b in v["rounds"][0]["boards"]:  # the arbiter enters round 1
                r = await arb.post(f"{path}/results", json={"round": 1, "board": b["board"],
                                                             "result": "1-0"})
                assert r.status_code == 200, r.text
            r = await arb.post(f"{path}/byes", json={"username": "anh"})
            assert r.status_code == 200, r.text
            await refused(arb, f"{path}/byes", {"username": "anh"}, "TOURNAMENT_RULE", 409)
            r = await arb.post(f"{path}/players", json={"username": "khanh", "rating": 1500})
            assert r.status_code == 200, r.text
            await refused(arb, f"{path}/players", {"username": "nobody"},
                          "UNKNOWN_PLAYERS", 400)
            await refused(people["binh"], f"{path}/byes", {"username": "chi"},
                          "NOT_ORGANISER", 403)
            v = (await arb.post(f"{path}/rounds/next")).json()
            second = v["rounds"][1]
            assert second["paired"] and {"player": "anh", "kind": "requested"} in second["byes"]
            seated_now = {n for b in second["boards"] for n in (b["red"], b["black"])}
            assert "khanh" in seated_now and "anh" not in seated_now
            assert all(b["room"] for b in second["boards"])
            # The TRF is the library's for the same log.
            log = [(e["seq"], e["kind"], json.dumps(e["payload"]))
                   for e in (await arb.get(f"{path}/events")).json()["events"]]
            row = (await arb.get(f"{path}/trf"))
            assert row.status_code == 200 and row.headers["content-type"].startswith("text/plain")
            found = await srv.app.state.tournaments.load(tid)
            again = replay(found[0]["settings"], log, "again")
            assert isinstance(again, SwissTournament)
            assert row.text == trf_text(again)
            assert "XXR 3" in row.text and "Swiss System" in row.text
            page = (await arb.get(f"/tournaments/{tid}")).text
            assert 'id="form-bye"' in page and 'id="trf-link"' in page
            assert "Tổng điểm đối thủ" in page  # the tie-break columns
            # The standings' Buchholz after round 1: each opponent's score (2/1/0).
            v = await view(arb, tid)
            points = {r["player"]: r["points"] for r in v["standings"]}
            for b in v["rounds"][0]["boards"]:
                for me, other in ((b["red"], b["black"]), (b["black"], b["red"])):
                    row_of = next(r for r in v["standings"] if r["player"] == me)
                    assert row_of["tiebreaks"]["buchholz"] == points[other]
    asyncio.run(scenario())


async def play_to(srv: Any, people: dict[str, httpx.AsyncClient], b: dict[str, Any],
                  result: str) -> None:
    """Play a board over its sockets: two moves, then a resignation or an agreed draw."""
    async with seated(srv, people[b["red"]], people[b["black"]], b["room"]) as (rs, bs):
        await rs.send(type="move", move="h2e2", ply=0)
        await bs.state(ply=1)
        await bs.send(type="move", move="h9g7", ply=1)
        await rs.state(ply=2)
        if result == "1/2-1/2":
            await rs.send(type="offer_draw")
            await bs.state(draw_offer="red")
            await bs.send(type="accept_draw")
        else:
            await (bs if result == "1-0" else rs).send(type="resign")
        await rs.state(status="finished")


def live(v: dict[str, Any]) -> list[dict[str, Any]]:
    r = v["open_round"]
    return [b for b in v["rounds"][r - 1]["boards"] if b["result"] is None and b["room"]]


async def knockout_scenario(settings: Settings, cookies: dict[str, dict[str, str]] | None
                            ) -> tuple[int, dict[str, dict[str, str]]]:
    """First life: a Swiss of 4 (2 rounds) then its top-2 knockout; the final's game is
    drawn (its replay room appears by itself), the server stops before the replay."""
    async with running(settings) as srv, accounts(srv, [*SIX[:4], "trongtai"]) as people:
        arb = people["trongtai"]
        r = await arb.post("/api/tournaments", json={
            "name": "Giải mở rộng", "players": SIX[:4], "system": "swiss", "rounds": 2,
            "no_show_s": 0, "ratings": {"anh": 2000, "binh": 1900, "chi": 1800, "dung": 1700},
            "stages": [{"system": "knockout", "top": 2, "ladder": [["replay", 1]],
                        "third_place": False}]})
        assert r.status_code == 201, r.text
        tid = r.json()["tournament_id"]
        v = (await arb.post(f"/api/tournaments/{tid}/start")).json()
        # Round 1 by rating: anh-chi, binh-dung (top half against bottom half).
        assert {(b["red"], b["black"]) for b in v["rounds"][0]["boards"]} in (
            {("anh", "chi"), ("dung", "binh")}, {("anh", "chi"), ("binh", "dung")},
            {("chi", "anh"), ("binh", "dung")}, {("chi", "anh"), ("dung", "binh")})
        for rnd in (1, 2):
            v = await until(arb, tid, lambda v, rnd=rnd: v["open_round"] == rnd
                            and len(live(v)) == 2)
            # Round 2: the leaders' game won, the others' drawn: no tie across the cut.
            for b, res in zip(live(v), ("1-0", "1-0" if rnd == 1 else "1/2-1/2"),
                              strict=True):
                await play_to(srv, people, b, res)
        v = await until(arb, tid, lambda v: v["stages"]["next"] is not None)
        kid = v["stages"]["next"]
        ko = await until(arb, kid, lambda v: v["open_round"] == 1 and len(live(v)) == 1)
        assert ko["stages"]["previous"] == tid and ko["round_count"] == 1
        seeds = [p["username"] for p in sorted(ko["players"], key=lambda p: p["number"])]
        assert seeds == [r["player"] for r in v["standings"][:2]]
        game = live(ko)[0]
        assert (game["match"], game["stage"], game["board"]) == ("R1M1", "game", 101)
        await play_to(srv, people, game, "1/2-1/2")
        ko = await until(arb, kid, lambda v: len(live(v)) == 1 and live(v)[0]["board"] == 102)
        replay_board = live(ko)[0]
        assert replay_board["stage"] == "replay" and replay_board["red"] == game["black"]
        page = (await arb.get(f"/tournaments/{kid}")).text
        assert 'id="bracket"' in page and 'data-match="R1M1"' in page
        assert (await arb.get(f"/tournaments/{kid}/print")).status_code == 200
        return kid, {n: dict(c.cookies) for n, c in people.items()}


def test_a_knockout_replays_draws_and_goes_to_lots_across_a_restart(tmp_path: Path) -> None:
    settings = Settings(db=str(tmp_path / "k.sqlite3"), heartbeat_s=0.2, abandon_after_s=300,
                        login_burst=100, http_rate=1000, http_burst=1000,
                        tournament_direct_entry=True)

    async def second_life(kid: int, cookies: dict[str, dict[str, str]]) -> None:
        async with running(settings) as srv:
            people = {n: srv.client() for n in cookies}
            try:
                for n, c in people.items():
                    c.cookies.update(cookies[n])
                arb = people["trongtai"]
                ko = await until(arb, kid, lambda v: len(live(v)) == 1)
                b = live(ko)[0]
                assert (b["board"], b["stage"]) == (102, "replay")  # the same room, kept
                await play_to(srv, people, b, "1/2-1/2")
                ko = await until(arb, kid, lambda v: v["status"] == "finished")
                m = ko["knockout"]["bracket"][0]["matches"][0]
                assert m["decided_by"] == "lots" and m["lots"]["winner"] == m["winner"]
                pick = random.Random(m["lots"]["seed"]).randrange(2)
                assert m["lots"]["candidates"][pick] == m["winner"]
                assert ko["standings"][0] == {**ko["standings"][0], "rank_text": "1",
                                              "player": m["winner"]}
                log = (await arb.get(f"/api/tournaments/{kid}/events")).json()["events"]
                assert [e["kind"] for e in log][-3:] == ["ko_game", "ko_game", "ko_lots"]
                assert log[-1]["automatic"]
                page = (await arb.get(f"/tournaments/{kid}")).text
                assert f"seed {m['lots']['seed']}" in page or f"hạt {m['lots']['seed']}" in page
            finally:
                for c in people.values():
                    await c.aclose()

    async def both() -> None:
        kid, cookies = await knockout_scenario(settings, None)
        await second_life(kid, cookies)
    asyncio.run(both())


def test_a_tie_across_the_cut_waits_for_the_arbiters_lots() -> None:
    async def scenario() -> None:
        async with running(SETTINGS) as srv, accounts(srv, [*SIX[:4], "trongtai"]) as people:
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Cắt", "players": SIX[:4], "system": "swiss", "rounds": 1,
                "no_show_s": 0, "stages": [{"system": "knockout", "top": 3}]})
            tid = r.json()["tournament_id"]
            path = f"/api/tournaments/{tid}"
            v = (await arb.post(f"{path}/start")).json()
            for b in v["rounds"][0]["boards"]:
                await arb.post(f"{path}/results", json={"round": 1, "board": b["board"],
                                                         "result": "1-0"})
            v = await until(arb, tid, lambda v: v["status"] == "finished" and (
                v["stages"]["next"] or "waiting" in v["stages"]["next_settings"]))
            waiting = v["stages"]["next_settings"]["waiting"]
            assert v["stages"]["next"] is None and waiting["code"] == "T_KO_FROM_TIE"
            page = (await arb.get(f"/tournaments/{tid}")).text
            assert "Giai đoạn sau đang chờ" in page
            # The two winners are 1=, the two losers 3=: the third place needs lots.
            losers = [b["black"] for b in v["rounds"][0]["boards"]]
            r = await arb.post(f"{path}/lots", json={"order": losers[::-1]})
            assert r.status_code == 200, r.text
            kid = r.json()["stages"]["next"]
            ko = await view(arb, kid)
            seeds = [p["username"] for p in sorted(ko["players"], key=lambda p: p["number"])]
            assert len(seeds) == 3 and seeds[2] == losers[1]
            assert ko["status"] == "running" and ko["rounds"][0]["boards"][0]["room"]
    asyncio.run(scenario())


def test_a_restarted_server_carries_a_swiss_on_without_pairing_again(tmp_path: Path) -> None:
    settings = Settings(db=str(tmp_path / "s.sqlite3"), heartbeat_s=0.2, abandon_after_s=300,
                        login_burst=100, http_rate=1000, http_burst=1000,
                        tournament_direct_entry=True)
    five = SIX[:5]

    async def first_life() -> tuple[int, dict[str, dict[str, str]], list[str]]:
        async with running(settings) as srv, accounts(srv, [*five, "trongtai"]) as people:
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Thụy Sĩ", "players": five, "system": "swiss", "rounds": 3,
                "no_show_s": 0})
            tid = r.json()["tournament_id"]
            v = (await arb.post(f"/api/tournaments/{tid}/start")).json()
            assert len(v["rounds"][0]["byes"]) == 1  # five players: a bye
            first, second = live(v)
            await play_to(srv, people, first, "1-0")
            await until(arb, tid, lambda v: v["rounds"][0]["boards"][0]["result"] == "1-0")
            # The server "dies" between storing a game's end and recording its result.
            srv.service.end_hooks.clear()
            await play_to(srv, people, second, "0-1")
            await asyncio.sleep(0.2)
            before = await view(arb, tid)
            assert before["rounds"][0]["boards"][1]["result"] is None
            assert before["swiss"]["paired_rounds"] == 1
            rooms = [b["room"] for b in before["rounds"][0]["boards"]]
            return tid, {n: dict(c.cookies) for n, c in people.items()}, rooms

    async def second_life(tid: int, cookies: dict[str, dict[str, str]],
                          rooms: list[str]) -> None:
        async with running(settings) as srv:
            people = {n: srv.client() for n in cookies}
            try:
                for n, c in people.items():
                    c.cookies.update(cookies[n])
                arb = people["trongtai"]
                v = await until(arb, tid, lambda v: v["open_round"] == 2 and len(live(v)) == 2)
                assert [b["result"] for b in v["rounds"][0]["boards"]] == ["1-0", "0-1"]
                assert [b["room"] for b in v["rounds"][0]["boards"]] == rooms
                # Round 2 paired once (after the restart), the pairing kept in the log.
                r = await arb.post(f"/api/tournaments/{tid}/withdraw",
                                   json={"username": live(v)[0]["red"]})
                assert r.status_code == 200, r.text
                gone = r.json()["withdrawal"]["player"]
                v = await until(arb, tid, lambda v: len(live(v)) == 1)
                await play_to(srv, people, live(v)[0], "1/2-1/2")
                v = await until(arb, tid, lambda v: v["open_round"] == 3 and live(v))
                third = {n for b in v["rounds"][2]["boards"] for n in (b["red"], b["black"])}
                assert gone not in third  # a withdrawn player is no longer paired
                log = (await arb.get(f"/api/tournaments/{tid}/events")).json()["events"]
                kinds = [e["kind"] for e in log]
                assert kinds.count("pair_round") == 3 and kinds[0] == "draw_numbers"
                assert [e["payload"]["round"] for e in log if e["kind"] == "pair_round"] == [
                    1, 2, 3]
            finally:
                for c in people.values():
                    await c.aclose()

    async def both() -> None:
        await second_life(*await first_life())
    asyncio.run(both())


def test_the_arbiter_corrects_the_last_knockout_game_only() -> None:
    async def scenario() -> None:
        async with running(SETTINGS) as srv, accounts(srv, [*SIX[:4], "trongtai"]) as people:
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Loại", "players": SIX[:4], "system": "knockout", "no_show_s": 0,
                "knockout": {"ladder": [["rapid", 1]],
                             "tiebreak_time_controls": {"rapid": {
                                 "kind": "fischer", "base_ms": 300_000, "increment_ms": 3000}}}})
            assert r.status_code == 201, r.text
            kid = r.json()["tournament_id"]
            path = f"/api/tournaments/{kid}"
            v = (await arb.post(f"{path}/start")).json()
            assert [b["board"] for b in live(v)] == [101, 201]
            # A draw: the rapid tie-break game gets its room, at the rapid time control.
            await play_to(srv, people, live(v)[0], "1/2-1/2")
            v = await until(arb, kid, lambda v: any(b["board"] == 102 for b in live(v)))
            rapid = next(b for b in live(v) if b["board"] == 102)
            assert rapid["stage"] == "rapid"
            room = (await arb.get(f"/api/rooms/{rapid['room']}")).json()
            assert room["time_control"]["base_ms"] == 300_000, room
            # The drawn game was the last event: it can be corrected (undo + record).
            r = await arb.post(f"{path}/results", json={"round": 1, "board": 101,
                                                         "result": "1-0"})
            assert r.status_code == 200, r.text
            m1 = r.json()["knockout"]["bracket"][0]["matches"][0]
            assert m1["decided_by"] == "game" and m1["winner"] == m1["a"]
            log = (await arb.get(f"{path}/events")).json()["events"]
            assert [e["kind"] for e in log][-3:] == ["ko_game", "undo", "ko_game"]
            stale = (await arb.get(f"/api/games/{rapid['game_id']}")).json()
            assert stale["outcome"]["termination"] == "ARBITER"  # the rapid game's room closed
            # Board 201's game recorded, then a correction of 101 is no longer the last.
            r = await arb.post(f"{path}/results", json={"round": 1, "board": 201,
                                                         "result": "0-1"})
            assert r.status_code == 200, r.text
            await refused(arb, f"{path}/results", {"round": 1, "board": 101, "result": "0-1"},
                          "KNOCKOUT_CORRECTION", 409)
            await refused(arb, f"{path}/withdraw", {"username": "anh"}, "NOT_FOR_KNOCKOUT", 409)
            v = await until(arb, kid, lambda v: v["open_round"] == 2 and live(v))
            final = live(v)[0]
            assert final["match"] == "R2M1" and {final["red"], final["black"]} == {
                m1["winner"], v["knockout"]["bracket"][0]["matches"][1]["winner"]}
    asyncio.run(scenario())


def test_a_knockout_no_show_forfeits_and_a_double_one_waits_for_the_arbiter() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(SETTINGS, clock=clock) as srv, \
                accounts(srv, [*SIX[:4], "trongtai"]) as people:
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Vắng", "players": SIX[:4], "system": "knockout", "no_show_s": 60})
            kid = r.json()["tournament_id"]
            v = (await arb.post(f"/api/tournaments/{kid}/start")).json()
            one, two = live(v)
            joined = await people[one["red"]].post(f"/api/rooms/{one['room']}/join")
            assert joined.json()["color"] == "red"
            clock.advance(61_000)
            await srv.app.state.tournaments.check_no_shows(kid)
            v = await view(arb, kid)
            boards = {b["board"]: b for b in v["rounds"][0]["boards"]}
            assert boards[101]["result"] == "+/-"  # Black never came
            assert boards[201]["result"] is None  # nobody came: the arbiter decides
            r = await arb.post(f"/api/tournaments/{kid}/results",
                               json={"round": 1, "board": 201, "result": "-/+"})
            assert r.status_code == 200, r.text
            v = await until(arb, kid, lambda v: v["open_round"] == 2)
            final = v["knockout"]["bracket"][1]["matches"][0]
            assert {final["a"], final["b"]} == {one["red"], two["black"]}
    asyncio.run(scenario())


def test_the_kept_replays_follow_the_log_and_forget_a_failed_change() -> None:
    engine = create_engine("sqlite://")
    ts.metadata.create_all(engine)
    kept = ts.Replays(size=2)
    kid = ts.create_tournament(engine, Knockout(SIX[:4]), {
        "name": "x", "organiser": "u:1", "organiser_name": "tt", "options": "{}",
        "created_at": 0})
    found = ts.load(engine, kid, kept)
    assert found is not None and ts.load(engine, kid, kept)[1] is found[1]  # type: ignore[index]
    ts.update(engine, kid, lambda k: k.record("R1M1", "1-0"), "server", 1, cache=kept)
    after = ts.load(engine, kid, kept)
    assert after is not None and after[1] is not found[1] and len(after[1].events) == 1
    assert found[1].events == []  # the kept state was copied, never changed
    # Another process appends (no cache here): the kept state is stale and replayed.
    ts.update(engine, kid, lambda k: k.record("R1M2", "0-1"), "server", 2)
    again = ts.load(engine, kid, kept)
    assert again is not None and len(again[1].events) == 2

    def half_then_fail(k: Any) -> None:
        k.record("R2M1", "1-0")
        raise ValueError("refused half-way, after an event was applied")
    with pytest.raises(ValueError, match="half-way"):
        ts.update(engine, kid, half_then_fail, "server", 3, cache=kept)
    last = ts.load(engine, kid, kept)
    assert last is not None and len(last[1].events) == 2  # nothing written, nothing kept
    assert [e["kind"] for e in ts.history(engine, kid)] == ["ko_game", "ko_game"]


def test_a_stage_not_opened_before_a_restart_opens_after_it(tmp_path: Path) -> None:
    settings = Settings(db=str(tmp_path / "st.sqlite3"), heartbeat_s=0.2, abandon_after_s=300,
                        login_burst=100, http_rate=1000, http_burst=1000,
                        tournament_direct_entry=True)
    two = SIX[:2]

    async def first_life() -> tuple[int, dict[str, dict[str, str]]]:
        async with running(settings) as srv, accounts(srv, [*two, "trongtai"]) as people:
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Hai", "players": two, "system": "swiss", "rounds": 1, "no_show_s": 0,
                "stages": [{"system": "knockout", "top": 2}]})
            tid = r.json()["tournament_id"]
            v = (await arb.post(f"/api/tournaments/{tid}/start")).json()
            srv.service.end_hooks.clear()  # the last game ends while no result is recorded
            await play_to(srv, people, live(v)[0], "1-0")
            await asyncio.sleep(0.2)
            v = await view(arb, tid)
            assert v["status"] == "running" and v["stages"]["next"] is None
            return tid, {n: dict(c.cookies) for n, c in people.items()}

    async def second_life(tid: int, cookies: dict[str, dict[str, str]]) -> None:
        async with running(settings) as srv, srv.client() as arb:
            arb.cookies.update(cookies["trongtai"])
            v = await until(arb, tid, lambda v: v["status"] == "finished"
                            and v["stages"]["next"] is not None)
            ko = await until(arb, v["stages"]["next"], lambda k: len(live(k)) == 1)
            assert ko["status"] == "running" and ko["stages"]["previous"] == tid
            winner = v["standings"][0]["player"]
            assert live(ko)[0]["red"] == winner  # the Swiss's winner is seed 1

    async def both() -> None:
        await second_life(*await first_life())
    asyncio.run(both())
