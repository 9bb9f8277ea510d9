"""The scripted open (``benchmarks/event_126.py``) on a server of its own: a Swiss whose
every game is played over the room sockets, then the knockout of its top 8 with a drawn
game replayed and a match decided by the server's lots. The Swiss standings are checked
against scores and tie-breaks recomputed here from the raw results the view lists, by
the definitions (FIDE C.07: an unplayed round counts, in the opponents' criteria, as a
draw against a virtual opponent with the player's own score), not through the library.
15 players and 4 rounds in the normal suite (a pairing-allocated bye every round); the
full 126 players, 7 rounds marked ``slow``."""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

import pytest
from harness import running

from cotuong.server import Settings

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from event_126 import EventReport, run_event

SETTINGS = Settings(db="sqlite://", heartbeat_s=5, abandon_after_s=300, login_burst=1000,
                    http_rate=100_000, http_burst=100_000, ws_rate=1000, ws_burst=1000,
                    max_connections_per_address=2000, max_sockets_per_address=2000,
                    page_rate=1000, page_burst=1000, tournament_direct_entry=True)
WIN, DRAW = 2, 1  # the events' scoring: 2/1/0


def by_hand(report: EventReport) -> dict[str, dict[str, float]]:
    """Points, Buchholz, Buchholz Cut-1, Sonneborn-Berger and wins over the board of
    every player, from the games and byes alone."""
    rounds = max(r for r, *_ in report.games)
    players = {p["username"] for p in report.swiss["players"]}
    points = dict.fromkeys(players, 0.0)
    met: dict[str, list[tuple[str | None, float]]] = {p: [] for p in players}
    wins = dict.fromkeys(players, 0)
    for _, red, black, result in report.games:
        got = {"1-0": (WIN, 0), "0-1": (0, WIN), "1/2-1/2": (DRAW, DRAW)}[result]
        for me, other, pts in ((red, black, got[0]), (black, red, got[1])):
            points[me] += pts
            met[me].append((other, pts))
            wins[me] += pts == WIN
    for _, who, kind in report.byes:
        assert kind == "pab"  # nobody asked for one in the script
        points[who] += WIN
        met[who].append((None, WIN))
    out = {}
    for p in players:
        assert len(met[p]) == rounds, (p, met[p])
        # An unplayed round: a virtual opponent with the player's own score, a draw.
        parts = [(points[o] if o else points[p], pts if o else DRAW) for o, pts in met[p]]
        opp = sorted(s for s, _ in parts)
        out[p] = {"points": points[p], "buchholz": sum(opp), "buchholz_cut1": sum(opp[1:]),
                  "sonneborn_berger": sum(s * pts for s, pts in parts), "wins": wins[p]}
    return out


def check(report: EventReport, players: int, top: int = 8) -> None:
    swiss, ko = report.swiss, report.knockout
    assert swiss["system"] == "swiss" and swiss["status"] == "finished"
    assert report.played >= len(report.games)
    hand = by_hand(report)
    rows = swiss["standings"]
    assert len(rows) == players
    for row in rows:
        mine = hand[row["player"]]
        assert row["points"] == mine["points"], row
        for key in ("buchholz", "buchholz_cut1", "sonneborn_berger"):
            assert row["tiebreaks"][key] == mine[key], (row, mine)
        assert row["tiebreaks"]["wins"] == mine["wins"], row
    keys = [(r["points"], r["tiebreaks"]["buchholz_cut1"], r["tiebreaks"]["buchholz"],
             r["tiebreaks"]["sonneborn_berger"]) for r in rows]
    assert keys == sorted(keys, reverse=True)  # ranked by points, then the tie-breaks
    # The knockout: the Swiss's top 8 in its order, a replay, a match decided by lots.
    assert ko["system"] == "knockout" and ko["status"] == "finished"
    assert ko["stages"]["previous"] == report.swiss_id
    seeds = [p["username"] for p in sorted(ko["players"], key=lambda p: p["number"])]
    assert seeds == [r["player"] for r in rows[:top]]
    first = ko["knockout"]["bracket"][0]["matches"]
    m1, m2 = first[0], first[1]
    assert [g["stage"] for g in m1["games"]] == ["game", "replay"]
    assert m1["decided_by"] == "replay" and m1["lots"] is None
    assert [g["result"] for g in m2["games"]] == ["1/2-1/2", "1/2-1/2"]
    assert m2["decided_by"] == "lots"
    lots = m2["lots"]
    assert lots["winner"] == m2["winner"] and lots["candidates"] == [m2["a"], m2["b"]]
    # The published seed gives the same drawing to anyone.
    assert lots["candidates"][random.Random(lots["seed"]).randrange(2)] == m2["winner"]
    assert ko["standings"][0]["rank_text"] == "1" and ko["knockout"]["champion"]
    boards = [b for r in ko["rounds"] for b in r["boards"]]
    assert {b["stage"] for b in boards} == {"game", "replay"}
    assert all(b["result"] and b["room"] for b in boards)


def test_a_fifteen_player_swiss_then_a_knockout_over_rest_and_websockets() -> None:
    async def scenario() -> EventReport:
        async with running(SETTINGS) as srv:
            return await run_event(srv.base, players=15, rounds=4, prefix="sw")
    report = asyncio.run(scenario())
    assert sorted(r for r, _, _ in report.byes) == [1, 2, 3, 4]  # one bye a round
    check(report, 15)


@pytest.mark.slow
def test_the_126_player_open_over_rest_and_websockets() -> None:
    async def scenario() -> EventReport:
        async with running(SETTINGS) as srv:
            return await run_event(srv.base, players=126, rounds=7)
    started = time.perf_counter()
    report = asyncio.run(scenario())
    check(report, 126)
    assert len(report.games) == 7 * 63
    print({k: round(v, 2) for k, v in report.timings.items()},
          f"{time.perf_counter() - started:.1f} s")
