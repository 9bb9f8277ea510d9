"""Per-address limits (issue 21): a request without cookies is a new guest, so a limit
kept per person alone is no limit; these hold per client address as well."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from harness import Server, running, socket_to, two_player_room

from cotuong.server import Settings
from cotuong.server.workers.pool import EnginePool

MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def finished_game(srv: Server) -> int:
    host, _ = await two_player_room(srv)
    async with socket_to(srv, host["code"], host["secret"]) as red:
        await red.send(type="move", move="h2e2", ply=0)
        await red.state(ply=1)
        await red.send(type="resign")
        s = await red.state(status="finished")
    return int(s["game_id"])


def test_analyses_are_limited_per_address_whatever_the_cookies() -> None:
    async def scenario() -> None:
        pool = EnginePool(1, f"cmd:{sys.executable} {MOCK} --mode slow --delay 2.0")
        settings = Settings(db="sqlite://", analysis_movetime_ms=3000, analysis_per_user=2,
                            analysis_per_address=2, analysis_queue=20)
        try:
            async with running(settings, engine_pool=pool) as srv:
                games = [await finished_game(srv) for _ in range(4)]
                codes = []
                for g in games:
                    async with srv.client() as fresh:  # a new guest each time
                        r = await fresh.post(f"/api/games/{g}/analysis")
                        codes.append((r.status_code, r.json().get("error", {}).get("code")))
                assert codes[:2] == [(202, None), (202, None)], codes
                assert codes[2:] == [(429, "ANALYSIS_LIMIT")] * 2, codes
                # Asking again for one already running is no new request.
                async with srv.client() as fresh:
                    assert (await fresh.post(f"/api/games/{games[0]}/analysis")
                            ).status_code == 200
        finally:
            pool.shutdown()
    run(scenario())


def test_seeks_are_limited_per_address_whatever_the_cookies() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", max_seeks=3, max_seeks_per_address=4)
        async with running(settings) as srv:
            codes = []
            for _ in range(6):
                async with srv.client() as fresh:  # a new guest each time
                    r = await fresh.post("/api/seeks", json={"color": "red"})
                    codes.append(r.status_code)
                    if r.status_code != 201:
                        assert "one address" in r.json()["error"]["texts"]["en"]
            assert codes == [201] * 4 + [400] * 2, codes
    run(scenario())
