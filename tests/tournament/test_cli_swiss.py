"""Through the command line, as an organiser runs a national championship: 126 players,
7 Swiss rounds paired by FIDE Dutch, then the top 8 in a knockout where a drawn game is
replayed and one match goes to lots; both stages' results stay in their stores."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cotuong.cli import main
from cotuong.tournament.store import SqliteStore
from cotuong.tournament.swiss import SwissTournament

pytest.importorskip("py4swiss")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(["tournament", *args, "--lang", "en"])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


@pytest.mark.slow  # about 4 s: seven pairings of 126 players
def test_swiss_then_knockout_for_126(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(126)
    players = tmp_path / "players.tsv"
    players.write_text("Họ tên\tĐơn vị\tElo\n" + "".join(
        f"Kỳ thủ {i:03d}\tCLB {i % 12}\t{rng.randint(1400, 2500)}\n" for i in range(1, 127)),
        encoding="utf-8")
    sw, ko = str(tmp_path / "vdqg"), str(tmp_path / "chung-ket")
    out = run(capsys, "create", sw, "--system", "swiss", "--rounds", "7", "--players-file",
              str(players), "--name", "Giải vô địch quốc gia", "--scoring", "1,0.5,0")
    assert "126" in out and "7 rounds" in out
    run(capsys, "bye", sw, "Kỳ thủ 007", "--round", "3")
    for r in range(1, 8):
        out = run(capsys, "pair", sw)
        assert f"round {r}" in out
        t = SqliteStore.open(sw).load()
        assert isinstance(t, SwissTournament)
        if r == 4:  # a withdrawal between rounds: no longer paired
            run(capsys, "undo", sw)
            run(capsys, "withdraw", sw, "Kỳ thủ 100")
            run(capsys, "pair", sw)
            t = SqliteStore.open(sw).load()
        results = []
        for p in t.pairings(r):
            if p.rests is None:
                red, black = t.player(p.red or ""), t.player(p.black or "")
                edge = ((red.rating or 0) - (black.rating or 0)) / 800
                roll = rng.random()
                results.append("1-0" if roll < 0.4 + edge else
                               "1/2-1/2" if roll < 0.65 + edge else "0-1")
        run(capsys, "round", sw, str(r), *results)
    t = SqliteStore.open(sw).load()
    assert t.finished and len(t.players) == 126
    assert ("Kỳ thủ 007", "requested") in t.byes(3)  # type: ignore[attr-defined]
    assert all("Kỳ thủ 100" not in (p.red, p.black) for p in t.pairings(5))
    standings = run(capsys, "standings", sw)
    assert "Buchholz Cut-1" in standings
    trf = tmp_path / "vdqg.trf"
    run(capsys, "trf", sw, "--out", str(trf))
    lines = trf.read_text(encoding="utf-8").splitlines()
    assert sum(1 for x in lines if x.startswith("001")) == 126
    assert all(len(x) >= 91 + 7 * 10 - 2 for x in lines if x.startswith("001"))
    rows = t.standings()
    while rows[8].rank <= 8:  # a tie across the cut: the arbiter draws lots first
        tie = [r.player for r in rows if r.rank == rows[8].rank]
        run(capsys, "lots", sw, *tie)
        rows = SqliteStore.open(sw).load().standings()

    out = run(capsys, "create", ko, "--system", "knockout", "--from", sw, "--top", "8",
              "--ladder", "replay:1", "--third-place", "--name", "Chung kết")
    assert "8 players" in out
    k = SqliteStore.open(ko).load_knockout()
    assert [p.name for p in k.players] == [r.player for r in rows[:8]]
    # Quarter-final 1: a draw, then the replay (colours reversed) decides it.
    run(capsys, "match", ko, "R1M1", "1/2-1/2")
    out = run(capsys, "match", ko, "R1M1", "0-1", "--stage", "replay")
    assert "goes through (replay)" in out
    # Quarter-final 2: a draw, a drawn replay, then lots.
    run(capsys, "match", ko, "R1M2", "1/2-1/2")
    run(capsys, "match", ko, "R1M2", "1/2-1/2")
    assert "lots to draw" in run(capsys, "bracket", ko)
    k = SqliteStore.open(ko).load_knockout()
    lucky = k.name_of(k.match("R1M2").b)
    out = run(capsys, "match-lots", ko, "R1M2", lucky)
    assert f"{lucky} goes through (lots)" in out
    for match in ("R1M3", "R1M4", "R2M1", "R2M2", "3P", "R3M1"):
        run(capsys, "match", ko, match, "1-0")
    out = run(capsys, "bracket", ko)
    k = SqliteStore.open(ko).load_knockout()
    assert k.finished and f"Champion: {k.champion}" in out
    assert [p for p, _ in k.ranking()] == ["1", "2", "3", "4", "5-8", "5-8", "5-8", "5-8"]
    page = tmp_path / "bracket.html"
    run(capsys, "bracket", ko, "--html", str(page))
    assert "bốc thăm / lots" in page.read_text(encoding="utf-8")
    # Each stage keeps its own results: the Swiss store still reads as it ended.
    assert SqliteStore.open(sw).load().standings()[:8] == tuple(rows[:8])
    # A knockout command on the Swiss store is refused with the system named.
    assert main(["tournament", "bracket", sw, "--lang", "en"]) == 2
    assert "swiss" in capsys.readouterr().err


def test_commands_refuse_the_wrong_system(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    rr, ko = str(tmp_path / "rr"), str(tmp_path / "ko")
    run(capsys, "create", rr, "-p", "An", "-p", "Bình", "-p", "Chi")
    assert main(["tournament", "pair", rr, "--lang", "en"]) == 2
    assert "this command is for a swiss" in capsys.readouterr().err
    assert main(["tournament", "create", str(tmp_path / "sw"), "--system", "swiss", "-p", "A",
                 "-p", "B", "--lang", "en"]) == 2
    assert "--rounds" in capsys.readouterr().err
    assert main(["tournament", "create", ko, "--system", "knockout", "-p", "A", "-p", "B",
                 "--ladder", "armageddon:1", "--lang", "en"]) == 2
    assert "armageddon" in capsys.readouterr().err
    run(capsys, "create", ko, "--system", "knockout", "-p", "A", "-p", "B")
    assert main(["tournament", "standings", ko, "--lang", "en"]) == 2
    assert "knockout" in capsys.readouterr().err
    assert main(["tournament", "match", ko, "R1M1", "1-0", "--stage", "replay",
                 "--lang", "en"]) == 2
    assert "not replay" in capsys.readouterr().err
    out = run(capsys, "match", ko, "R1M1", "1-0")
    assert "A goes through" in out
    assert "ko_game: match='R1M1'" in run(capsys, "log", ko)
    assert "match R1M1 (game): A – B 1-0" in run(capsys, "undo", ko)
    assert SqliteStore.open(ko).load_knockout().champion is None
    run(capsys, "details", ko, "--venue", "Huế")
    assert SqliteStore.open(ko).load_knockout().details.venue == "Huế"


def test_a_pairing_by_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sw = str(tmp_path / "sw")
    run(capsys, "create", sw, "--system", "swiss", "--rounds", "2", "-p", "An", "-p", "Bình",
        "-p", "Chi")
    assert main(["tournament", "pair", sw, "--board", "An", "Bình", "--lang", "en"]) == 2
    assert "missing: Chi" in capsys.readouterr().err
    assert main(["tournament", "pair", sw, "--bye", "Chi", "--lang", "en"]) == 2
    capsys.readouterr()
    out = run(capsys, "pair", sw, "--board", "Bình", "An", "--bye", "Chi")
    assert "Bình" in out and "Chi: pairing-allocated bye" in out
    assert "(manual)" in run(capsys, "undo", sw)
    run(capsys, "pair", sw, "--board", "Bình", "An", "--bye", "Chi")
    run(capsys, "round", sw, "1", "1/2-1/2")
    out = run(capsys, "export", sw, str(tmp_path / "out"), "--formats", "html,csv")
    page = (tmp_path / "out" / "tournament-after-round-01.html").read_text(encoding="utf-8")
    assert "Bảng tổng hợp / Wall chart" in page and "hệ Thụy Sĩ 2 vòng" in page
    assert "Bảng điểm / Crosstable" not in page and "csv" in out
    trf = run(capsys, "trf", sw)
    assert "0000 - U" in trf and "XXR 2" in trf
