"""Tournament and analysis hardening (issue 21, docs/server.md "Security"): the audit
trail tells the server's own entries from an account's, an organiser enters only
themselves by name (others by invitation), round times at most a year ahead (a far-future
one made the organiser's page fail), the events list by pages, no spectators' chat on a
tournament board, and a failed analysis shows no internal text."""

from __future__ import annotations

import asyncio
from typing import Any

from harness import running, socket_to
from test_analysis_api import finished_game, until_done
from tournament_helpers import accounts, board, seated, view

from cotuong.server import Settings
from cotuong.server.tournaments import store as ts
from cotuong.server.workers import EngineJobError

LOOSE = Settings(db="sqlite://", heartbeat_s=0.2, login_burst=100, http_rate=1000,
                 http_burst=1000)
DIRECT = Settings(db="sqlite://", heartbeat_s=0.2, login_burst=100, http_rate=1000,
                  http_burst=1000, tournament_direct_entry=True)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_an_organiser_enters_only_themselves_by_name() -> None:
    async def scenario() -> None:
        async with running(LOOSE) as srv, accounts(srv, ["lan", "minh", "hanh"]) as p:
            r = await p["lan"].post("/api/tournaments", json={
                "name": "G", "players": ["lan", "minh", "hanh"]})
            assert r.status_code == 403 and r.json()["error"]["code"] == "DIRECT_ENTRY"
            assert "minh" in r.json()["error"]["texts"]["en"]
            r = await p["lan"].post("/api/tournaments", json={
                "name": "G", "players": ["lan", {"invite": "minh"}, {"invite": "Hạnh"}]})
            assert r.status_code == 201, r.text
            # The invited account comes in by its own claim (its consent).
            code = r.json()["invitations"][0]["code"]
            tid = r.json()["tournament_id"]
            r = await p["minh"].post(f"/api/tournaments/{tid}/invitations/{code}/claim")
            assert r.status_code == 200, r.text
    run(scenario())


def test_round_times_are_at_most_a_year_ahead_and_pages_survive_old_ones() -> None:
    day = 86_400_000

    async def scenario() -> None:
        async with running(DIRECT) as srv, accounts(srv, ["lan", "minh", "hanh"]) as p:
            now = srv.service.clock.now_ms()
            body = {"name": "G", "players": ["lan", "minh", "hanh"], "round_start": "scheduled"}
            for far in (10**20, 10**16, now + 400 * day):
                r = await p["lan"].post("/api/tournaments",
                                        json={**body, "round_times": [now, now, far]})
                assert r.status_code == 400, r.text
                assert r.json()["error"]["texts"]["en"] == \
                    "round times must be within the next 366 days"
            r = await p["lan"].post("/api/tournaments", json={
                **body, "round_times": [now + day, now + 2 * day, now + 3 * day]})
            assert r.status_code == 201, r.text
            tid = r.json()["tournament_id"]
            r = await p["lan"].patch(f"/api/tournaments/{tid}",
                                     json={"round_times": [now, now, 10**16]})
            assert r.status_code == 400
            # A time stored before the limit existed: the pages still render.
            tournaments = srv.app.state.tournaments
            row, _ = await tournaments.load(tid)
            options = row["options"].replace(str(now + day), str(10**20))
            assert options != row["options"]
            await tournaments.database.run(ts.set_fields, tournaments.engine, tid,
                                           {"options": options})
            for who in ("lan", "minh"):
                r = await p[who].get(f"/tournaments/{tid}")
                assert r.status_code == 200, r.text
    run(scenario())


def test_the_events_list_comes_by_pages() -> None:
    async def scenario() -> None:
        async with running(DIRECT) as srv, accounts(srv, ["lan", "minh"]) as p:
            ids = []
            for i in range(5):
                r = await p["lan"].post("/api/tournaments",
                                        json={"name": f"G{i}", "players": ["lan", "minh"]})
                ids.append(r.json()["tournament_id"])
            seen, before = [], None
            while True:
                params = {"limit": 2} | ({"before": before} if before else {})
                page = (await p["minh"].get("/api/tournaments", params=params)).json()
                seen += [t["tournament_id"] for t in page["tournaments"]]
                before = page["next_before"]
                if before is None:
                    break
            assert seen == sorted(ids, reverse=True)
    run(scenario())


def test_the_audit_trail_tells_the_server_from_an_account() -> None:
    async def scenario() -> None:
        async with running(DIRECT) as srv, accounts(srv, ["lan", "minh"]) as p:
            r = await p["lan"].post("/api/tournaments",
                                    json={"name": "G", "players": ["lan", "minh"]})
            tid = r.json()["tournament_id"]
            r = await p["lan"].patch(f"/api/tournaments/{tid}", json={"venue": "CLB"})
            assert r.status_code == 200, r.text
            await srv.app.state.tournaments.update(
                tid, lambda t: t.set_details(dates="12/2026"), "server")
            events = (await p["minh"].get(f"/api/tournaments/{tid}/events")).json()["events"]
            last = [(e["by"], e["automatic"]) for e in events[-2:]]
            assert last == [("lan", False), ("server", True)]
            r = await p["minh"].post("/api/accounts/register",
                                     json={"username": "Server", "password": "correct horse"})
            assert r.json()["error"]["code"] == "USERNAME_RESERVED"
    run(scenario())


def test_spectators_do_not_chat_on_a_tournament_board() -> None:
    async def scenario() -> None:
        async with running(DIRECT) as srv, accounts(srv, ["lan", "minh", "xem"]) as p:
            r = await p["lan"].post("/api/tournaments",
                                    json={"name": "G", "players": ["lan", "minh"]})
            tid = r.json()["tournament_id"]
            assert (await p["lan"].post(f"/api/tournaments/{tid}/start")).status_code == 200
            b = board(await view(p["lan"], tid), 1, 1)
            red, black = p[b["red"]], p[b["black"]]
            async with seated(srv, red, black, b["room"]) as (rs, bs), \
                    socket_to(srv, b["room"]) as watcher:
                await watcher.send(type="chat", text="đi xe 2 bình 5!")
                err = await watcher.wait("error")
                assert err["code"] == "SPECTATOR"
                assert err["message"] == "Ở ván đấu của giải, chỉ hai đấu thủ được trò chuyện"
                await rs.send(type="chat", text="chúc may mắn")
                assert (await bs.wait("chat"))["text"] == "chúc may mắn"
                assert [f for f in await bs.quiet(0.3) if f.get("type") == "chat"] == []
    run(scenario())


class FailingEngine:
    """An engine runner whose analysis fails with an internal-looking text."""

    kind = "local"
    ready = True

    async def start(self, warm: bool = True) -> None:
        return None

    async def wait_ready(self) -> None:
        return None

    async def run(self, job: Any, on_progress: Any = None) -> Any:
        raise EngineJobError("engine /opt/secret/pikafish died on 10.1.2.3 (errno 12)")

    async def close(self) -> None:
        return None


def test_a_failed_analysis_shows_no_internal_text() -> None:
    async def scenario() -> None:
        async with running(LOOSE, engine_pool=FailingEngine()) as srv,  \
                srv.client() as c:  # type: ignore[arg-type]
            game_id = await finished_game(srv)
            r = await c.post(f"/api/games/{game_id}/analysis")
            assert r.status_code in (200, 202), r.text
            v = await until_done(c, game_id)
            assert v["status"] == "failed"
            assert v["error"]["code"] == "ANALYSIS_FAILED"
            assert v["error"]["texts"]["en"] == "the analysis of this game failed; try again later"
            assert "secret" not in str(v) and "10.1.2.3" not in str(v)
            # The cause is kept for the operator.
            row = await srv.app.state.analyses.database.run(
                srv.app.state.analyses.store.get, game_id)
            assert "10.1.2.3" in row["error"]
    run(scenario())
