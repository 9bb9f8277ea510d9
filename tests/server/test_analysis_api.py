"""Computer analysis through the REST API: request (idempotent), progress, the judged
plies, the limits per player and in all (429 with texts from the catalog), refusals,
storage across a restart (a running analysis is adopted by the next server), and the
built-in engine marking a real blunder."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import Server, running, socket_to, two_player_room

from cotuong.server import Settings
from cotuong.server.workers.pool import EnginePool

MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"
OPENING = ["h2e2", "h9g7", "h0g2", "i9h9"]
# Red's rook steps onto the rank of Black's rook, undefended: a blunder; Black takes it.
BLUNDER_FEN = "4k4/9/9/9/8r/R8/9/9/9/3K5 w - - 0 1"


def mock(mode: str = "normal", delay: float = 0.8) -> str:
    return f"cmd:{sys.executable} {MOCK} --mode {mode} --delay {delay}"


@pytest.fixture(scope="module")
def quick_pool() -> Iterator[EnginePool]:
    pool = EnginePool(1, mock())
    yield pool
    pool.shutdown()


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def finished_game(srv: Server, moves: list[str] = OPENING, **opts: Any) -> int:
    """A game of ``moves`` that Red (to move or not) ends by resigning; its id."""
    host, guest = await two_player_room(srv, **opts)
    async with socket_to(srv, host["code"], host["secret"]) as red, \
            socket_to(srv, host["code"], guest["secret"]) as black:
        s = await red.state()
        for ply, mv in enumerate(moves):
            await (red if s["turn"] == "red" else black).send(type="move", move=mv, ply=ply)
            s = await red.state(ply=ply + 1)
        await red.send(type="resign")
        s = await red.state(status="finished")
    return int(s["game_id"])


async def until_done(c: Any, game_id: int, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        view = (await c.get(f"/api/games/{game_id}/analysis")).json()
        if view["status"] in ("done", "failed") or time.monotonic() > deadline:
            return view  # type: ignore[no-any-return]
        await asyncio.sleep(0.1)


def test_request_progress_and_result(quick_pool: EnginePool) -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", analysis_movetime_ms=50, analysis_chunk=2)
        async with running(settings, engine_pool=quick_pool) as srv, srv.client() as c:
            game_id = await finished_game(srv)
            # Nobody has asked yet: a state of the game's analysis, not a missing address
            # (the review page asks for every finished game; a 404 was a failed load).
            missing = await c.get(f"/api/games/{game_id}/analysis")
            assert missing.status_code == 200, missing.text
            assert missing.json() == {"game_id": game_id, "status": "none"}
            unknown = await c.get(f"/api/games/{game_id + 1000}/analysis")
            assert unknown.status_code == 404
            assert unknown.json()["error"]["code"] == "GAME_NOT_FOUND"
            r = await c.post(f"/api/games/{game_id}/analysis")
            assert r.status_code == 202, r.text
            assert r.json()["status"] in ("queued", "running")
            assert r.json()["progress"]["total"] == len(OPENING) + 1
            again = await c.post(f"/api/games/{game_id}/analysis")
            assert again.status_code == 200  # idempotent: the same analysis
            view = await until_done(c, game_id)
            assert view["status"] == "done", view
            assert view["progress"] == {"done": 5, "total": 5}
            plies = view["plies"]
            # The fields docs/web-protocol.md names.
            assert set(view) == {"game_id", "status", "progress", "movetime_ms",
                                 "requested_at", "started_at", "finished_at", "plies",
                                 "summary"}
            assert all(set(p) == {"ply", "move", "score_cp", "expected", "best",
                                  "best_texts", "judgement"} for p in plies)
            assert [p["ply"] for p in plies] == [0, 1, 2, 3, 4]
            assert [p["move"] for p in plies] == [None, *OPENING]
            # The mock engine scores every position +21 for the side to move.
            assert [p["score_cp"] for p in plies] == [21, -21, 21, -21, 21]
            assert all(p["best"] and set(p["best_texts"]) == {"vi", "wxf", "zh"}
                       for p in plies)
            assert all(p["judgement"] in (None, "inaccuracy") for p in plies)
            assert set(view["summary"]) == {"red", "black"}
            stats = (await c.get("/api/stats")).json()
            assert stats["analyses"] == {"queued": 0, "running": 0, "here": 0}
            # Done is done: another request changes nothing.
            assert (await c.post(f"/api/games/{game_id}/analysis")).json() == view
    run(scenario())


def test_refusals(quick_pool: EnginePool) -> None:
    async def scenario() -> None:
        async with running(engine_pool=quick_pool) as srv, srv.client() as c:
            host, _ = await two_player_room(srv)
            game_id = (await c.get(f"/api/rooms/{host['code']}")).json()["game_id"]
            r = await c.post(f"/api/games/{game_id}/analysis")
            assert r.status_code == 409
            err = r.json()["error"]
            assert err["code"] == "GAME_NOT_OVER"
            assert err["texts"]["en"] == (f"Game {game_id} is not over: only finished games "
                                          "can be analysed.")
            assert (await c.post("/api/games/999999/analysis")).status_code == 404
            assert (await c.post("/api/games/0/analysis")).status_code == 422
            assert (await c.get("/api/games/abc/analysis")).status_code == 422
    run(scenario())


def test_limits_per_player_and_for_the_server() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, mock("slow", 2.0))
        settings = Settings(db="sqlite://", analysis_movetime_ms=3000, analysis_per_user=1,
                            analysis_queue=2)
        try:
            async with running(settings, engine_pool=pool) as srv, \
                    srv.client() as a, srv.client() as b, srv.client() as d:
                games = [await finished_game(srv, OPENING[:1]) for _ in range(4)]
                assert (await a.post(f"/api/games/{games[0]}/analysis")).status_code == 202
                r = await a.post(f"/api/games/{games[1]}/analysis")
                assert r.status_code == 429
                assert r.json()["error"]["code"] == "ANALYSIS_LIMIT"
                assert "1" in r.json()["error"]["texts"]["vi"]
                # Asking again for the one already queued is no new request.
                assert (await a.post(f"/api/games/{games[0]}/analysis")).status_code == 200
                assert (await b.post(f"/api/games/{games[1]}/analysis")).status_code == 202
                r = await d.post(f"/api/games/{games[2]}/analysis")
                assert r.status_code == 429
                assert r.json()["error"]["code"] == "ANALYSIS_QUEUE_FULL"
                assert r.json()["error"]["texts"]["en"].startswith("The server is busy")
                # The refused ones were not stored.
                refused = await d.get(f"/api/games/{games[2]}/analysis")
                assert refused.json()["status"] == "none"
        finally:
            pool.shutdown()
    run(scenario())


def test_an_unfinished_analysis_is_adopted_after_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        db = str(tmp_path / "games.sqlite3")
        slow = EnginePool(1, mock("slow", 1.0))
        settings = Settings(db=db, analysis_movetime_ms=5000, analysis_chunk=1)
        try:
            async with running(settings, engine_pool=slow) as srv, srv.client() as c:
                game_id = await finished_game(srv)
                assert (await c.post(f"/api/games/{game_id}/analysis")).status_code == 202
                deadline = time.monotonic() + 30
                while (await c.get(f"/api/games/{game_id}/analysis")).json()[
                        "status"] != "running" and time.monotonic() < deadline:
                    await asyncio.sleep(0.1)
        finally:
            slow.shutdown()
        # A new server on the same database finishes it (the old one gave up its lease).
        quick = EnginePool(1, mock())
        try:
            async with running(Settings(db=db, analysis_movetime_ms=50),
                               engine_pool=quick) as srv, srv.client() as c:
                view = await until_done(c, game_id)
                assert view["status"] == "done" and len(view["plies"]) == len(OPENING) + 1
        finally:
            quick.shutdown()
        async with running(Settings(db=db)) as srv, srv.client() as c:  # stored for good
            view = (await c.get(f"/api/games/{game_id}/analysis")).json()
            assert view["status"] == "done" and view["plies"][1]["move"] == OPENING[0]
    run(scenario())


def test_the_builtin_engine_marks_a_hanging_rook() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", analysis_movetime_ms=150)
        async with running(settings) as srv, srv.client() as c:
            game_id = await finished_game(srv, ["a4a5", "i5a5"], fen=BLUNDER_FEN)
            await c.post(f"/api/games/{game_id}/analysis")
            view = await until_done(c, game_id, timeout=120)
            assert view["status"] == "done", view
            plies = view["plies"]
            assert plies[1]["judgement"] == "blunder"   # Red's rook left hanging
            # Red's point of view: lost (rook and king against a lone king may be a mate).
            assert plies[1].get("score_cp", -9999) < -500 and plies[1].get("mate", -1) < 0
            assert plies[1]["best"] == "i5a5"            # Black's best reply: take it
            assert plies[2]["judgement"] is None         # ... which Black did
            assert plies[0]["best"] != "a4a5"
            assert view["summary"]["red"]["blunder"] == 1
    run(scenario())
