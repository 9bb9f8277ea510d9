"""TRF-16 of round robins and Swiss events, read back by two independent parsers
(py4swiss's, strict, and caissify-pairings')."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from cotuong.tournament import PlayerInfo, SwissTournament, Tournament, trf_text


def _round_robin() -> Tournament:
    t = Tournament([PlayerInfo("Nguyễn Thành Bảo", "", 2300, "GM"), "Lê Thị Hương", "Chi",
                    "Dũng", "Em"], name="Giải CLB")
    t.set_details(venue="Hà Nội", chief_arbiter="Trần Văn Trọng")
    results = ["1-0", "0-1", "1/2-1/2", "+/-"]
    for r in range(1, t.rounds + 1):
        t.record_round(r, [results[(r + b) % 4] for b in range(2)])
    return t


def test_round_robin_columns_and_points() -> None:
    t = _round_robin()
    lines = trf_text(t).splitlines()
    assert lines[:3] == ["012 Giải CLB", "022 Hà Nội", "062 5"]
    players = [x for x in lines if x.startswith("001")]
    rows = {r.number: r for r in t.standings()}
    for x in players:
        number = int(x[4:8])
        assert float(x[80:84]) == rows[number].points
        assert int(x[85:89]) == rows[number].rank
        blocks = [x[91 + 10 * k: 99 + 10 * k] for k in range(t.rounds)]
        assert len(blocks) == 5 and sum(b == "0000 - Z" for b in blocks) == 1  # one rest
    assert players[0][10:13] == " GM" and "XXS WW=2.0" in lines[-1]


def test_both_parsers_read_it_back() -> None:
    py4swiss = pytest.importorskip("py4swiss.trf")
    caissify = pytest.importorskip("caissify_pairings.trf")
    swiss = SwissTournament([PlayerInfo(f"P{i}", "", 2000 - 10 * i) for i in range(7)],
                            rounds=3, name="Mở rộng")
    swiss.pair_round([("P0", "P3"), ("P4", "P1"), ("P2", "P5")], bye="P6")
    swiss.record_round(1, ["1-0", "1/2-1/2", "-/+"])
    for t in (_round_robin(), swiss):
        text = trf_text(t)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "t.trf"
            path.write_text(text, encoding="utf-8")
            parsed = py4swiss.TrfParser.parse(path, strict=True)
        assert len(parsed.player_sections) == len(t.players)
        other = caissify.parse_trf(text)
        assert len(other["players"]) == len(t.players)
        scores = sorted(p["score"] for p in other["players"])
        if t.scoring.as_tuple() == (1, 0.5, 0):
            assert scores == sorted(float(r.points) for r in t.standings())
