"""CSV and JSON exports read back to exactly what was written; bad files are named errors."""

from __future__ import annotations

import csv
import io
import json

import pytest
from tests.tournament.helpers import play

from cotuong.tournament import ExportFormatError, Tournament
from cotuong.tournament.export import (
    round_from_csv,
    round_from_json,
    round_record,
    round_to_csv,
    round_to_json,
    standings_from_csv,
    standings_from_json,
    standings_to_csv,
    standings_to_json,
)

PGN = '[Event "Giải, \\"mở rộng\\""]\n[Result "1/2-1/2"]\n\n1. h2e2 h9g7\n2. h0g2 1/2-1/2\n'


def sample(scoring: tuple[float, float, float] = (2, 1, 0)) -> Tournament:
    names = ['Nguyễn "Tí", Văn', "Lê Thị Bình", "Trần Chí", "Phạm Dũng", "Võ Em"]
    t = Tournament(names, scoring=scoring, name="Giải CLB 2026",
                   tiebreaks=["sonneborn_berger", "wins", "direct_encounter", "buchholz"])
    play(t, names[0], names[1], "draw")
    t.correct(*next((g.round, g.red, g.black) for g in t.games()), "1/2-1/2", pgn=PGN)
    play(t, names[2], names[3], "fwin")
    play(t, names[0], names[2], "win")
    play(t, names[4], names[3], "ff")
    t.withdraw(names[3])
    return t


@pytest.mark.parametrize("scoring", [(2, 1, 0), (1, 0.5, 0)])
def test_standings_round_trip(scoring: tuple[float, float, float]) -> None:
    t = sample(scoring)
    for after in (1, 3, None):
        rows = t.standings(after)
        assert standings_from_csv(standings_to_csv(rows, t.tiebreak_keys)) == rows
        text = standings_to_json(rows, t.tiebreak_keys, t.name, after)
        assert standings_from_json(text) == rows
        assert json.loads(text)["tournament"] == "Giải CLB 2026"
    assert any(r.lots for r in t.standings(1))  # the lots column is exercised
    assert any(r.withdrawn for r in t.standings())


def test_round_records_round_trip() -> None:
    t = sample()
    for r in range(1, t.rounds + 1):
        entries = round_record(t, r)
        assert round_from_csv(round_to_csv(entries)) == entries
        assert round_from_json(round_to_json(entries, t.name)) == entries
    everything = [e for r in range(1, t.rounds + 1) for e in round_record(t, r)]
    assert any(e.pgn == PGN and e.corrections == 1 for e in everything)
    assert any(e.forfeit_on_withdrawal for e in everything)
    assert sum(1 for e in everything if e.rests) == 5  # five players: everyone rests once


def test_bad_exports_are_named() -> None:
    t = sample()
    good = standings_to_csv(t.standings(), t.tiebreak_keys)
    with pytest.raises(ExportFormatError, match="header"):
        standings_from_csv("a,b\n1,2\n")
    rows = list(csv.reader(io.StringIO(good)))
    rows[1][rows[0].index("points")] = "lots of"
    buf = io.StringIO()
    csv.writer(buf).writerows(rows)
    with pytest.raises(ExportFormatError, match="points: 'lots of' is not a number"):
        standings_from_csv(buf.getvalue())
    with pytest.raises(ExportFormatError, match="not JSON"):
        standings_from_json("{")
    with pytest.raises(ExportFormatError, match="cotuong-standings"):
        standings_from_json(json.dumps({"format": "other"}))
    doc = json.loads(standings_to_json(t.standings(), t.tiebreak_keys))
    del doc["rows"][0]["points"]
    with pytest.raises(ExportFormatError, match="missing column"):
        standings_from_json(json.dumps(doc))
    doc = json.loads(standings_to_json(t.standings(), t.tiebreak_keys))
    doc["rows"][0]["points"] = [1]
    with pytest.raises(ExportFormatError, match="not a number"):
        standings_from_json(json.dumps(doc))
    with pytest.raises(ExportFormatError, match="round CSV"):
        round_from_csv("round,board\n1,1\n")
    bad = round_to_csv(round_record(t, 1)).replace("\n1,", "\nx,", 1)
    with pytest.raises(ExportFormatError, match="whole number"):
        round_from_csv(bad)
    with pytest.raises(ExportFormatError):
        round_from_json(json.dumps({"format": "cotuong-round/1"}))
