"""The live engine's mates on positions from real games (``benchmarks/data/mates.epd``,
CCPD World Cup games, CC BY 4.0): the worker's own live search announces the mates in 1
and 2 with the right distance and sign (Red's point of view) and ends by itself (a
proven mate: ``complete``, not ``cap``), and every position's
citation (game index and ply) replays from the carried CCPD file to that very position."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cotuong.records import read_pgn
from cotuong.server.workers.jobs import WorkerEngines
from cotuong.server.workers.live import LiveJob

ROOT = Path(__file__).resolve().parents[2]
EPD = ROOT / "benchmarks" / "data" / "mates.epd"
CCPD = ROOT / "tests" / "data" / "games" / "ccpd" / "ccpd_worldcup_1389_iccs_DERIVED.pgn"
_OP = re.compile(r'(\w+) ("[^"]*"|[^;]*);')


def positions() -> list[tuple[str, int, int, int]]:
    """(FEN, mate in moves for the side to move, game index, ply) of each EPD line."""
    out = []
    for line in EPD.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            fields = line.split(" ", 4)
            ops = {k: v.strip().strip('"') for k, v in _OP.findall(fields[4])}
            game, ply = re.fullmatch(r"game (\d+), ply (\d+)", ops["c3"]).groups()  # type: ignore[union-attr]
            out.append((" ".join(fields[:4]) + " 0 1", int(ops["dm"]), int(game), int(ply)))
    return out


def test_the_set_is_big_enough_and_varied() -> None:
    found = positions()
    assert len(found) >= 20
    assert {dm for _, dm, _, _ in found} == {1, 2, 3, 4, 5}
    assert {fen.split()[1] for fen, _, _, _ in found} == {"w", "b"}  # both sides mate


def short_mates() -> list[tuple[str, int]]:
    """Two mates in 1 (one each side to move, when there are) and a mate in 2."""
    ones = [(f, d) for f, d, _, _ in positions() if d == 1]
    picked = [next(x for x in ones if x[0].split()[1] == side) for side in ("w", "b")
              if any(x[0].split()[1] == side for x in ones)]
    return [*picked, next((f, d) for f, d, _, _ in positions() if d == 2)]


@pytest.mark.parametrize("fen,dm", short_mates())
def test_the_live_search_announces_short_mates_exactly(fen: str, dm: int) -> None:
    engines = WorkerEngines()
    try:
        # A generous cap: a mate is proven in far less, even while the search loads.
        end = engines.live(LiveJob(fen, (), 1, 60_000), None)
    finally:
        engines.close()
    last = end.last
    assert last is not None
    assert end.ended_by == "engine"  # proven: the search ended by itself, not at the cap
    red_to_move = fen.split()[1] == "w"
    assert last.lines[0].mate == (dm if red_to_move else -dm)


@pytest.mark.slow
def test_every_citation_replays_to_its_position() -> None:
    games = read_pgn(CCPD.read_text(encoding="utf-8"))
    for fen, _, game, ply in positions():
        board = games[game].board(ply)
        assert board.fen().split()[:2] == fen.split()[:2], (game, ply)
