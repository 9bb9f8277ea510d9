"""Events of 200 players on the server: a Swiss of 200 (7 rounds) and a knockout of 200
(a 256-place bracket) written to the database as the director writes them, then read
over HTTP — the API view, the page with its standings and tie-break columns, the
bracket, the printable pages, the TRF — each within a bound far above what
``benchmarks/bench_tournament_online.py`` measures (so a regression of an order of
magnitude fails, not a busy machine)."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from harness import running

from cotuong.server import Settings

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from bench_tournament_online import knockout_event, store_event, swiss_event

SETTINGS = Settings(db="sqlite://", http_rate=100_000, http_burst=100_000, page_rate=100_000,
                    page_burst=100_000)


def test_pages_and_views_of_200_players_are_quick() -> None:
    swiss, ko = swiss_event(200, 7, "berger"), knockout_event(200)

    async def scenario() -> None:
        async with running(SETTINGS) as srv:
            engine = srv.app.state.tournaments.engine
            sid, kid = store_event(engine, swiss), store_event(engine, ko)
            async with srv.client() as c:
                took = {}
                for path in (f"/api/tournaments/{sid}", f"/tournaments/{sid}",
                             f"/tournaments/{sid}/print", f"/api/tournaments/{sid}/trf",
                             f"/api/tournaments/{kid}", f"/tournaments/{kid}",
                             f"/tournaments/{kid}/print"):
                    await c.get(path)  # (the first read replays the log)
                    started = time.perf_counter()
                    r = await c.get(path)
                    took[path] = time.perf_counter() - started
                    assert r.status_code == 200, (path, r.text[:200])
                assert max(took.values()) < 5, took
                v = (await c.get(f"/api/tournaments/{sid}")).json()
                assert len(v["standings"]) == 200 and len(v["rounds"]) == 7
                assert [len(r["boards"]) for r in v["rounds"]] == [100] * 7
                assert v["standings"] == sorted(v["standings"], key=lambda r: r["rank"])
                page = (await c.get(f"/tournaments/{sid}")).text
                assert page.count("<tr data-number=") == 200
                for column in ("Buchholz bỏ 1", "Tổng điểm đối thủ", "Hệ số (SB)"):
                    assert column in page
                k = (await c.get(f"/api/tournaments/{kid}")).json()
                assert [len(r["matches"]) for r in k["knockout"]["bracket"]] == [
                    128, 64, 32, 16, 8, 4, 2, 1]
                assert k["standings"][0]["rank_text"] == "1" and len(k["standings"]) == 200
                bracket = (await c.get(f"/tournaments/{kid}")).text
                assert bracket.count('class="match"') == 255 and 'id="placings"' in bracket
    asyncio.run(scenario())
