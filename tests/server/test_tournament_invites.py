"""Players by invitation: an organiser creates an event with places for people without
an account (``{"invite": name}``) and adds one more before the start; each place has a
code and a link that only the organiser sees; an account claims a place (once, one
place per account, an account already playing cannot, a wrong or used code is refused);
the start waits until every place is claimed; the claim is in the event log; and the
invited player plays their board over the WebSocket. On SQLite and PostgreSQL, a
restarted server keeps the claims."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import running
from sqlalchemy import create_engine
from test_backends import postgres
from tournament_helpers import accounts, board, opening, seated, until, view

from cotuong.server import Settings
from cotuong.server.tournaments import invite_store as store
from cotuong.server.tournaments import store as ts
from cotuong.tournament import Tournament

SETTINGS = Settings(db="sqlite://", heartbeat_s=0.2, login_burst=50, http_rate=1000,
                    http_burst=1000,
                    tournament_direct_entry=True)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def error(r: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    e: dict[str, Any] = r.json()["error"]
    assert e["code"] == code, e
    return e


def claim_path(tid: int, code: str) -> str:
    return f"/api/tournaments/{tid}/invitations/{code}/claim"


def test_players_by_invitation_claim_their_places_and_play() -> None:
    async def scenario() -> None:
        async with (
            running(SETTINGS) as srv,
            accounts(srv, ["anh", "binh", "dung", "lan", "hanh", "khach", "trongtai"]) as people,
        ):
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "Giải mời", "no_show_s": 0,
                "players": ["anh", {"invite": "Cô Lan"}, "binh", {"invite": "Bác Hà"},
                            "dung"]})
            assert r.status_code == 201, r.text
            v = r.json()
            tid = v["tournament_id"]
            codes = {i["name"]: i["code"] for i in v["invitations"]}
            assert set(codes) == {"Cô Lan", "Bác Hà"} and len(set(codes.values())) == 2
            assert all(len(c) >= 22 for c in codes.values())
            assert v["invitations"][0]["url"] == \
                f"/tournaments/{tid}/invite/{codes['Cô Lan']}"
            assert [(p["username"], p["pending_invitation"]) for p in v["players"]] == [
                ("anh", False), ("Cô Lan", True), ("binh", False), ("Bác Hà", True),
                ("dung", False)]

            # Nobody but the organiser sees a code: not in the view, the page, the list.
            other = people["khach"]
            for path in (f"/api/tournaments/{tid}", f"/tournaments/{tid}",
                         "/api/tournaments"):
                text = (await other.get(path)).text
                assert not any(c in text for c in codes.values()), path
            assert "chờ nhận lời mời" in (await other.get(f"/tournaments/{tid}")).text
            await error(await other.get(f"/api/tournaments/{tid}/invitations"), 403,
                        "NOT_ORGANISER")
            page = (await arb.get(f"/tournaments/{tid}")).text
            assert all(f"/tournaments/{tid}/invite/{c}" in page for c in codes.values())

            # The start waits for every place.
            e = await error(await arb.post(f"/api/tournaments/{tid}/start"), 409,
                            "INVITATIONS_PENDING")
            assert "Cô Lan" in e["texts"]["vi"] and "Bác Hà" in e["texts"]["en"]

            # Wrong codes, a guest, an account already playing.
            await error(await people["lan"].post(claim_path(tid, "x" * 22)), 404,
                        "INVITE_NOT_FOUND")
            await error(await people["lan"].post(claim_path(tid + 1, codes["Cô Lan"])),
                        404, "TOURNAMENT_NOT_FOUND")
            async with srv.client() as guest:
                e = await error(await guest.post(claim_path(tid, codes["Cô Lan"])), 401,
                                "NOT_LOGGED_IN")
                assert "đăng nhập" in e["texts"]["vi"].lower()
                page = (await guest.get(f"/tournaments/{tid}/invite/{codes['Cô Lan']}"))
                assert page.status_code == 200 and "form-login" in page.text
                assert "Cô Lan" in page.text and "Giải mời" in page.text
                assert (await guest.get(f"/tournaments/{tid}/invite/{'y' * 22}")
                        ).status_code == 404
            e = await error(await people["anh"].post(claim_path(tid, codes["Cô Lan"])),
                            409, "INVITE_ALREADY_PLAYER")
            assert "anh" in e["texts"]["en"]

            # Lan claims her place; the code cannot be used again, and Lan cannot take
            # a second place.
            r = await people["lan"].post(claim_path(tid, codes["Cô Lan"]),
                                         headers={"Accept-Language": "en"})
            assert r.status_code == 200, r.text
            assert r.json()["claimed"] == {"player": "lan", "invited_as": "Cô Lan"}
            lan = next(p for p in r.json()["players"] if p["username"] == "lan")
            assert lan == {"number": None, "username": "lan", "withdrawn": None,
                           "pending_invitation": False, "invited_as": "Cô Lan"}
            e = await error(await people["hanh"].post(claim_path(tid, codes["Cô Lan"])),
                            409, "INVITE_USED")
            assert e["texts"]["en"] == "this invitation has already been claimed"
            await error(await people["lan"].post(claim_path(tid, codes["Bác Hà"])), 409,
                        "INVITE_ALREADY_PLAYER")
            claimed_page = (await people["hanh"].get(
                f"/tournaments/{tid}/invite/{codes['Cô Lan']}")).text
            assert "lan" in claimed_page and "id=\"claim\"" not in claimed_page
            e = await error(await arb.post(f"/api/tournaments/{tid}/start"), 409,
                            "INVITATIONS_PENDING")
            assert "Cô Lan" not in e["texts"]["vi"] and "Bác Hà" in e["texts"]["vi"]

            # One more place before the start (the organiser only; names unique).
            await error(await other.post(f"/api/tournaments/{tid}/invitations",
                                         json={"names": ["Chú Tư"]}), 403, "NOT_ORGANISER")
            await error(await arb.post(f"/api/tournaments/{tid}/invitations",
                                       json={"names": ["LAN"]}), 400, "DUPLICATE_PLAYERS")
            r = await arb.post(f"/api/tournaments/{tid}/invitations",
                               json={"names": ["Chú Tư"]})
            assert r.status_code == 201, r.text
            tu = r.json()["invitations"][0]
            assert tu["name"] == "Chú Tư" and not tu["claimed"]
            listing = (await arb.get(f"/api/tournaments/{tid}/invitations")).json()
            assert [(i["name"], i["claimed_by"]) for i in listing["invitations"]] == [
                ("Cô Lan", "lan"), ("Bác Hà", None), ("Chú Tư", None)]
            r = await people["hanh"].post(claim_path(tid, codes["Bác Hà"]))
            assert r.status_code == 200, r.text
            r = await people["khach"].post(claim_path(tid, tu["code"]))
            assert r.status_code == 200, r.text

            # Now it starts; the invited players have reserved seats (no rests).
            r = await arb.post(f"/api/tournaments/{tid}/start")
            assert r.status_code == 200, r.text
            v = r.json()
            assert sorted(p["username"] for p in v["players"]) == [
                "anh", "binh", "dung", "hanh", "khach", "lan"]  # six: nobody rests
            await error(await arb.post(f"/api/tournaments/{tid}/invitations",
                                       json={"names": ["Muộn"]}), 409, "INVITE_STARTED")
            log = (await arb.get(f"/api/tournaments/{tid}/events")).json()["events"]
            assert [(e["kind"], e["by"]) for e in log] == [
                ("edit_player", "lan"), ("add_player", "trongtai"),
                ("edit_player", "hanh"), ("edit_player", "khach"),
                ("draw_numbers", "trongtai")]
            assert log[0]["payload"]["player"] == "Cô Lan"
            assert log[0]["payload"]["name"] == "lan"

            # Lan plays her round-1 board over the WebSocket and resigns it.
            x = next(b for b in v["rounds"][0]["boards"] if "lan" in (b["red"], b["black"]))
            async with seated(srv, people[x["red"]], people[x["black"]],
                              x["room"]) as (rs, bs):
                await opening(rs, bs, plies=2)
                await (rs if x["red"] == "lan" else bs).send(type="resign")
                await rs.state(status="finished")
            want = "0-1" if x["red"] == "lan" else "1-0"
            v = await until(arb, tid, lambda v: board(v, 1, x["board"])["result"] == want)
            row = next(s for s in v["standings"] if s["player"] == "lan")
            assert row["games"] == 1 and row["points"] == 0
    run(scenario())


def test_a_name_already_in_the_event_cannot_claim() -> None:
    """A place renamed to an account's username must not clash with another player."""
    async def scenario() -> None:
        async with running(SETTINGS) as srv, accounts(srv, ["anh", "chi", "trongtai"]) as people:
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "G", "players": ["anh", {"invite": "Chi"}, {"invite": "Khách"}]})
            codes = {i["name"]: i["code"] for i in r.json()["invitations"]}
            tid = r.json()["tournament_id"]
            # "chi" claiming "Khách" would make two players called chi/Chi.
            await error(await people["chi"].post(claim_path(tid, codes["Khách"])), 409,
                        "INVITE_NAME_TAKEN")
            # Its own place (same name but for case) is fine.
            r = await people["chi"].post(claim_path(tid, codes["Chi"]))
            assert r.status_code == 200, r.text
            await error(await arb.post("/api/tournaments", json={
                "name": "G", "players": ["anh", {"invite": "ANH"}]}), 400,
                "DUPLICATE_PLAYERS")
            await error(await arb.post("/api/tournaments", json={
                "name": "G", "players": ["anh", {"invite": ""}]}), 422, "BAD_REQUEST")
            await error(await arb.post("/api/tournaments", json={
                "name": "G", "players": ["anh", {"invite": "x", "y": 1}]}), 422,
                "BAD_REQUEST")
    run(scenario())


def test_the_organiser_takes_back_an_unclaimed_invitation() -> None:
    """Before the start, an unclaimed place can be taken back (a ``remove_player`` event);
    a claimed one cannot, nor anything after the start; then the event starts."""
    async def scenario() -> None:
        async with (
            running(SETTINGS) as srv,
            accounts(srv, ["anh", "binh", "lan", "trongtai"]) as people,
        ):
            arb = people["trongtai"]
            r = await arb.post("/api/tournaments", json={
                "name": "G", "no_show_s": 0,
                "players": ["anh", {"invite": "Cô Lan"}, {"invite": "Vắng"}, "binh"]})
            tid = r.json()["tournament_id"]
            codes = {i["name"]: i["code"] for i in r.json()["invitations"]}
            assert (await people["lan"].post(claim_path(tid, codes["Cô Lan"]))
                    ).status_code == 200
            path = f"/api/tournaments/{tid}/invitations"
            await error(await people["anh"].delete(f"{path}/{codes['Vắng']}"), 403,
                        "NOT_ORGANISER")
            await error(await arb.delete(f"{path}/{codes['Cô Lan']}"), 409, "INVITE_USED")
            await error(await arb.delete(f"{path}/{'z' * 22}"), 404, "INVITE_NOT_FOUND")
            page = (await arb.get(f"/tournaments/{tid}")).text
            assert f"data-api=\"{path}/{codes['Vắng']}\" data-method=\"DELETE\"" in page
            r = await arb.delete(f"{path}/{codes['Vắng']}")
            assert r.status_code == 200, r.text
            assert r.json()["removed"] == "Vắng"
            assert [p["username"] for p in r.json()["players"]] == ["anh", "lan", "binh"]
            await error(await people["binh"].post(claim_path(tid, codes["Vắng"])), 404,
                        "INVITE_NOT_FOUND")
            r = await arb.post(f"/api/tournaments/{tid}/start")
            assert r.status_code == 200, r.text
            assert r.json()["round_count"] == 3
            log = (await arb.get(f"/api/tournaments/{tid}/events")).json()["events"]
            assert [(e["kind"], e["by"]) for e in log] == [
                ("edit_player", "lan"), ("remove_player", "trongtai"),
                ("draw_numbers", "trongtai")]
            # Only two left: taking one back would leave too few.
            r = await arb.post("/api/tournaments", json={
                "name": "H", "players": ["anh", {"invite": "Một"}]})
            small = r.json()
            await error(await arb.delete(
                f"/api/tournaments/{small['tournament_id']}/invitations/"
                f"{small['invitations'][0]['code']}"), 400, "TOO_FEW_PLAYERS")
    run(scenario())


def test_a_code_is_marked_once_in_the_store() -> None:
    engine = create_engine("sqlite://")
    ts.metadata.create_all(engine)
    code = store.new_code()
    store.add(engine, 7, [("Lan", code, 1)], 1)
    with engine.begin() as c:
        store.mark_claimed(c, code, "u:1", "lan", 2)
    with pytest.raises(store.AlreadyClaimedError), engine.begin() as c:
        store.mark_claimed(c, code, "u:2", "hanh", 3)
    found = store.by_code(engine, 7, code)
    assert found is not None and (found["claimed_by"], found["claimed_at"]) == ("u:1", 2)
    assert store.by_code(engine, 8, code) is None
    # The account's identity is added to the event's options inside the transaction; a
    # second place for the same account (another process's claim) is refused.
    tid = ts.create_tournament(engine, Tournament(["anh", "Lan", "Hà"]), {
        "name": "G", "organiser": "u:9", "organiser_name": "tt", "created_at": 1,
        "options": json.dumps({"identities": {"anh": "u:5"}})})
    with engine.begin() as c:
        store.bind_identity(c, tid, "lan", "u:1")
    with pytest.raises(store.AlreadyPlayingError), engine.begin() as c:
        store.bind_identity(c, tid, "ha", "u:1")
    found_t = ts.load(engine, tid)
    assert found_t is not None
    assert json.loads(found_t[0]["options"])["identities"] == {"anh": "u:5", "lan": "u:1"}


async def claims_survive_a_restart(settings: Settings) -> None:
    async with (
        running(settings) as srv,
        accounts(srv, ["anh", "binh", "lan", "trongtai"]) as people,
    ):
        arb = people["trongtai"]
        r = await arb.post("/api/tournaments", json={
            "name": "Giải", "no_show_s": 0,
            "players": ["anh", "binh", {"invite": "Cô Lan"}, {"invite": "Bác Hà"}]})
        tid = r.json()["tournament_id"]
        codes = {i["name"]: i["code"] for i in r.json()["invitations"]}
        r = await people["lan"].post(claim_path(tid, codes["Cô Lan"]))
        assert r.status_code == 200, r.text
        cookies = {n: dict(c.cookies) for n, c in people.items()}
    async with running(settings) as srv:
        people = {n: srv.client() for n in cookies}
        try:
            for n, c in people.items():
                c.cookies.update(cookies[n])
            arb = people["trongtai"]
            v = await view(arb, tid)
            assert [(p["username"], p["invited_as"], p["pending_invitation"])
                    for p in v["players"]] == [("anh", None, False), ("binh", None, False),
                                               ("lan", "Cô Lan", False),
                                               ("Bác Hà", "Bác Hà", True)]
            await error(await people["lan"].post(claim_path(tid, codes["Bác Hà"])), 409,
                        "INVITE_ALREADY_PLAYER")
            await error(await people["anh"].post(claim_path(tid, codes["Cô Lan"])), 409,
                        "INVITE_USED")
            await error(await arb.post(f"/api/tournaments/{tid}/start"), 409,
                        "INVITATIONS_PENDING")
            people["hanh"] = srv.client()
            r = await people["hanh"].post("/api/accounts/register",
                                        json={"username": "hanh",
                                              "password": "correct horse"})
            assert r.status_code == 201, r.text
            r = await people["hanh"].post(claim_path(tid, codes["Bác Hà"]))
            assert r.status_code == 200, r.text
            v = (await arb.post(f"/api/tournaments/{tid}/start")).json()
            x = next(b for b in v["rounds"][0]["boards"] if "lan" in (b["red"], b["black"]))
            color = "red" if x["red"] == "lan" else "black"
            joined = (await people["lan"].post(f"/api/rooms/{x['room']}/join")).json()
            assert joined["color"] == color  # the claimed account's reserved seat
            log = (await arb.get(f"/api/tournaments/{tid}/events")).json()["events"]
            assert [(e["kind"], e["by"]) for e in log] == [
                ("edit_player", "lan"), ("edit_player", "hanh"), ("draw_numbers", "trongtai")]
            listing = (await arb.get(f"/api/tournaments/{tid}/invitations")).json()
            assert all(i["claimed"] and i["claimed_at"] for i in listing["invitations"])
        finally:
            for c in people.values():
                await c.aclose()


def test_claims_survive_a_restart_on_sqlite(tmp_path: Path) -> None:
    run(claims_survive_a_restart(Settings(db=str(tmp_path / "t.sqlite3"), heartbeat_s=0.2,
                                          login_burst=50, http_rate=1000, http_burst=1000,
                                          tournament_direct_entry=True)))


@pytest.mark.slow
def test_claims_survive_a_restart_on_postgresql() -> None:
    with postgres() as pg:
        run(claims_survive_a_restart(Settings(db=pg.url, heartbeat_s=0.2, login_burst=50,
                                              http_rate=1000, http_burst=1000,
                                              tournament_direct_entry=True)))
