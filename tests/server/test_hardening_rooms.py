"""Rooms do not pile up (issue 21): a room made over REST whose players never connect
ends by itself, and rooms nobody watches leave memory (they stay stored)."""

from __future__ import annotations

import asyncio
from typing import Any

from harness import running

from cotuong.server import FakeClock, Settings


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_rooms_whose_players_never_connect_end_and_leave_memory() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        settings = Settings(db="sqlite://", abandon_after_s=120, evict_every_s=0.1)
        async with running(settings, clock=clock) as srv, \
                srv.client() as a, srv.client() as b:
            service = srv.service
            ai = (await a.post("/api/rooms", json={"opponent": "ai", "ai_level": 1,
                                                   "color": "red"})).json()
            human = (await a.post("/api/rooms", json={"color": "red"})).json()
            assert (await b.post(f"/api/rooms/{human['code']}/join")).status_code == 200
            codes = [ai["code"], human["code"]]
            ids = [(await a.get(f"/api/rooms/{c}")).json()["game_id"] for c in codes]
            await asyncio.sleep(0.3)
            assert all(c in service.rooms for c in codes)  # live games stay in memory
            clock.advance(121_000)
            for game_id in ids:
                await service.check_timers(game_id)
            # The AI game had no move of its human: aborted (issue 22, as lichess does); the
            # game between two people who never came: lost by abandonment.
            for code, status in zip(codes, ("aborted", "finished"), strict=True):
                view = (await a.get(f"/api/rooms/{code}")).json()
                assert view["status"] == status, view
            for game_id, end in zip(ids, ("ABORTED", "ABANDONMENT"), strict=True):
                game = (await a.get(f"/api/games/{game_id}")).json()
                assert game["outcome"]["termination"] == end, game
            await asyncio.sleep(0.4)  # the sweep
            assert not any(c in service.rooms for c in codes)
            assert not any(i in service.games for i in ids)
            # Still stored and readable.
            assert (await a.get(f"/api/games/{ids[1]}/pgn")).status_code == 200
    run(scenario())
