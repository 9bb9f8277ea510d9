"""``cotuong tournament …`` end to end through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cotuong.cli import main
from cotuong.tournament.export import round_from_csv, standings_from_json
from cotuong.tournament.store import SqliteStore


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_worked_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    code, out, _ = run(capsys, "create", club, "--name", "Giải CLB", "-p", "An", "-p", "Bình",
                       "-p", "Chi", "-p", "Dũng")
    assert code == 0 and "4 players" in out
    assert run(capsys, "add-player", club, "Em")[0] == 0
    code, out, _ = run(capsys, "draw", club, "--order", "Em", "Dũng", "Chi", "Bình", "An")
    assert code == 0 and out.splitlines()[0].split() == ["1", "Em"]
    code, out, _ = run(capsys, "pairings", club, "1")
    assert "Em nghỉ / rests" in out and "2. Dũng  –  5. An" in out
    game = tmp_path / "g.pgn"
    game.write_text('[Result "1-0"]\n\n1. h2e2 h9g7 1-0\n', encoding="utf-8")
    assert run(capsys, "result", club, "1", "Dũng", "An", "1-0", "--pgn", str(game))[0] == 0
    assert run(capsys, "result", club, "1", "3", "4", "--", "-/+")[0] == 0
    assert run(capsys, "result", club, "1", "Chi", "Bình", "1/2-1/2", "--correct",
               "--reason", "typo")[0] == 0
    code, out, _ = run(capsys, "standings", club, "--after", "1")
    lines = out.splitlines()
    assert "standings after round 1" in lines[0]
    assert lines[2].split()[:4] == ["1", "2", "Dũng", "2"]
    assert [line.split()[0] for line in lines[3:7]] == ["2=", "2=", "4=", "4="]
    assert "drawing of lots" in out
    assert run(capsys, "withdraw", club, "Em")[0] == 0
    assert run(capsys, "lots", club, "Bình", "Dũng")[0] == 0
    out_dir = tmp_path / "out"
    code, out, _ = run(capsys, "export", club, str(out_dir), "--after", "2")
    assert code == 0
    assert sorted(p.name for p in out_dir.iterdir()) == sorted(
        f"{kind}-{r:02d}.{ext}" for r in (1, 2)
        for kind, ext in (("round", "csv"), ("round", "json"), ("standings-after-round", "csv"),
                          ("standings-after-round", "json"),
                          ("tournament-after-round", "html")))
    assert standings_from_json((out_dir / "standings-after-round-01.json").read_text(
        "utf-8")) == SqliteStore.open(club).load().standings(1)
    entries = round_from_csv((out_dir / "round-01.csv").read_text(encoding="utf-8"))
    assert [e.result for e in entries] == ["", "1-0", "1/2-1/2"]
    assert entries[2].corrections == 1
    assert entries[1].pgn.startswith('[Result "1-0"]')
    rows = standings_from_json((out_dir / "standings-after-round-02.json").read_text("utf-8"))
    assert rows == SqliteStore.open(club).load().standings(2)
    assert json.loads((out_dir / "round-02.json").read_text("utf-8"))["tournament"] == "Giải CLB"
    code, out, _ = run(capsys, "check", club)
    assert code == 0 and "ok" in out
    code, out, _ = run(capsys, "log", club)
    assert [line.split()[2] for line in out.splitlines()] == [
        "add_player:", "draw_numbers:", "record:", "record:", "correct:", "withdraw:",
        "draw_lots:"]


@pytest.mark.parametrize("args, code_name", [
    (["result", "{club}", "1", "Ai", "An", "1-0"], "UNKNOWN_PLAYER"),
    (["result", "{club}", "2", "An", "Bình", "2-0"], "INVALID_RESULT"),
    (["result", "{club}", "9", "An", "Bình", "1-0"], "NOT_IN_SCHEDULE"),
    (["result", "{club}", "2", "An", "Bình", "1-0", "--pgn", "/nonexistent.pgn"], "STORE_ERROR"),
    (["pairings", "{club}", "0"], "NOT_IN_SCHEDULE"),
    (["add-player", "{club}", "an"], "DUPLICATE_PLAYER"),
    (["standings", "{tmp}/missing"], "STORE_ERROR"),
    (["standings", "{tmp}/junk.sqlite3"], "CORRUPT_STORE"),
    (["export", "{club}", "{tmp}/x", "--formats", "pdf"], "INVALID_CONFIGURATION"),
    (["draw", "{club}", "--seed", "3", "--order", "An", "Bình", "Chi"], "INVALID_CONFIGURATION"),
])
def test_errors_are_reported_not_raised(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        args: list[str], code_name: str) -> None:
    club = str(tmp_path / "club")
    (tmp_path / "junk.sqlite3").write_bytes(b"\x00garbage" * 64)
    assert run(capsys, "create", club, "-p", "An", "-p", "Bình", "-p", "Chi")[0] == 0
    filled = [a.format(club=club, tmp=tmp_path) for a in args]
    code, _, err = run(capsys, *filled)
    assert code == 2
    assert f"[{code_name}]" in err


def test_create_from_file_with_settings(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    names = tmp_path / "players.txt"
    names.write_text("An\nBình\n\nChi\n", encoding="utf-8")
    db = tmp_path / "t.sqlite3"
    code, _, _ = run(capsys, "create", str(db), "--players-file", str(names), "--double",
                     "--scoring", "1,0.5,0", "--tiebreaks", "direct_encounter,buchholz")
    assert code == 0
    t = SqliteStore.open(db).load()
    assert [p.name for p in t.players] == ["An", "Bình", "Chi"]
    assert t.double and t.rounds == 6 and t.scoring.draw == 0.5
    assert t.tiebreak_keys == ("direct_encounter", "buchholz")


def test_players_file_with_bom_or_binary(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: a BOM stuck to the first name; a binary file gave a UnicodeDecodeError
    # traceback.
    names = tmp_path / "players.txt"
    names.write_bytes("\ufeffAn\r\nBình\r\n".encode())
    db = tmp_path / "t.sqlite3"
    assert run(capsys, "create", str(db), "--players-file", str(names))[0] == 0
    assert [p.name for p in SqliteStore.open(db).load().players] == ["An", "Bình"]
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\xff\xfe\xab garbage")
    code, _, err = run(capsys, "create", str(tmp_path / "u.sqlite3"), "--players-file", str(junk))
    assert code == 2 and "[STORE_ERROR]" in err and "junk.txt" in err


def test_headings_name_only_played_rounds(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: with two of five rounds played, `standings` said "after round 5";
    # a nameless tournament printed " — vòng 1"; a bad round printed the heading first.
    club = str(tmp_path / "club")
    assert run(capsys, "create", club, "-p", "An", "-p", "Bình", "-p", "Chi", "-p", "Dũng",
               "-p", "Em")[0] == 0
    code, out, _ = run(capsys, "standings", club)
    assert code == 0 and "standings before any result" in out.splitlines()[0]
    assert out.startswith("Giải đấu / Tournament — ")
    assert run(capsys, "result", club, "1", "2", "5", "1-0")[0] == 0
    assert run(capsys, "result", club, "2", "5", "3", "0-1")[0] == 0
    code, out, _ = run(capsys, "standings", club)
    assert "sau vòng 2 / standings after round 2" in out.splitlines()[0]
    code, out, err = run(capsys, "pairings", club, "6")
    assert code == 2 and out == "" and "[NOT_IN_SCHEDULE]" in err
    code, out, err = run(capsys, "standings", club, "--after", "7")
    assert code == 2 and out == "" and "[NOT_IN_SCHEDULE]" in err
    out_dir = tmp_path / "out"
    assert run(capsys, "export", club, str(out_dir), "--formats", "csv")[0] == 0
    assert sorted(p.name for p in out_dir.iterdir()) == [
        "round-01.csv", "round-02.csv", "standings-after-round-01.csv",
        "standings-after-round-02.csv"]
