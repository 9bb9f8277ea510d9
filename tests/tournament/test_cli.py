"""``cotuong tournament …`` end to end through the real entry point."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cotuong.cli import main
from cotuong.tournament.export import round_from_csv, standings_from_json
from cotuong.tournament.store import SqliteStore

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    return out


def refused(capsys: pytest.CaptureFixture[str], code_name: str, *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 2 and f"[{code_name}]" in err, (out, err)
    return err


def test_worked_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    out = ok(capsys, "create", club, "--name", "Giải CLB", "-p", "An", "-p", "Bình", "-p", "Chi",
             "-p", "Dũng")
    assert "4 đấu thủ, 3 vòng" in out
    ok(capsys, "add-player", club, "Em", "--club", "CLB Q1", "--rating", "1850")
    out = ok(capsys, "draw", club, "--order", "Em", "Dung", "Chi", "binh", "An")
    assert out.splitlines()[0] == "  1  Em  (CLB Q1, 1850)"
    out = ok(capsys, "pairings", club, "1")
    assert out.splitlines() == ["Giải CLB — vòng 1", "Bàn  Đỏ  –  Đen  Kết quả",
                                "  1  2. Dũng  –  5. An  …", "  2  3. Chi  –  4. Bình  …",
                                "Nghỉ  1. Em"]  # the rest is no board
    game = tmp_path / "g.pgn"
    game.write_text('[Result "1-0"]\n\n1. h2e2 h9g7 1-0\n', encoding="utf-8")
    ok(capsys, "result", club, "1", "Dũng", "An", "1-0", "--pgn", str(game))
    out = ok(capsys, "result", club, "1", "3", "4", "-/+")  # no "--" needed
    assert out.strip() == "vòng 1: Chi – Bình -/+"
    ok(capsys, "result", club, "1", "Chi", "Bình", "1/2-1/2", "--correct", "--reason", "typo")
    out = ok(capsys, "standings", club, "--after", "1", "--lang", "en")
    lines = out.splitlines()
    assert lines[0] == "Giải CLB — standings after round 1"
    assert lines[2].split()[:4] == ["1", "2", "Dũng", "CLB"] or \
        lines[2].split()[:3] == ["1", "2", "Dũng"]
    assert [line.split()[0] for line in lines[3:7]] == ["2=", "2=", "4=", "4="]
    assert "lots are drawn only for the final ranking" in out  # mid-event: no lots asked
    out_dir = tmp_path / "out"
    ok(capsys, "export", club, str(out_dir))
    assert sorted(p.name for p in out_dir.iterdir()) == [
        "round-01.csv", "round-01.json", "standings-after-round-01.csv",
        "standings-after-round-01.json", "tournament-after-round-01.html"]
    assert standings_from_json((out_dir / "standings-after-round-01.json").read_text(
        "utf-8")) == SqliteStore.open(club).load().standings(1)
    entries = round_from_csv((out_dir / "round-01.csv").read_text(encoding="utf-8"))
    assert [(e.board, e.result, e.rests) for e in entries] == [
        (1, "1-0", ""), (2, "1/2-1/2", ""), (0, "", "Em")]
    assert entries[1].corrections == 1 and entries[0].pgn.startswith('[Result "1-0"]')
    assert json.loads((out_dir / "round-01.json").read_text("utf-8"))["tournament"] == "Giải CLB"
    assert "ok (" in ok(capsys, "check", club, "--lang", "en")
    out = ok(capsys, "log", club)
    assert [line.split()[2] for line in out.splitlines()] == [
        "add_player:", "draw_numbers:", "record:", "record:", "correct:"]


@pytest.mark.parametrize("args, code_name", [
    (["result", "{club}", "1", "Ai", "An", "1-0"], "UNKNOWN_PLAYER"),
    (["result", "{club}", "2", "An", "Bình", "2-0"], "INVALID_RESULT"),
    (["result", "{club}", "9", "An", "Bình", "1-0"], "NOT_IN_SCHEDULE"),
    (["result", "{club}", "2", "An", "Bình", "1-0", "--pgn", "/nonexistent.pgn"], "STORE_ERROR"),
    (["pairings", "{club}", "0"], "NOT_IN_SCHEDULE"),
    (["add-player", "{club}", "an"], "DUPLICATE_PLAYER"),
    (["standings", "{tmp}/missing"], "STORE_ERROR"),
    (["standings", "{tmp}/junk.sqlite3"], "CORRUPT_STORE"),
    (["standings", "{club}", "--after", "2"], "INVALID_CONFIGURATION"),
    (["export", "{club}", "{tmp}/x", "--formats", "pdf"], "INVALID_CONFIGURATION"),
    (["export", "{club}", "{tmp}/x"], "INVALID_CONFIGURATION"),  # nothing entered yet
    (["draw", "{club}", "--seed", "3", "--order", "An", "Bình", "Chi"], "INVALID_CONFIGURATION"),
    (["undo", "{club}"], "NOTHING_TO_UNDO"),
    (["lots", "{club}", "An", "Bình"], "INVALID_LOTS"),
    (["reinstate", "{club}", "An"], "INVALID_STATE"),
])
def test_errors_are_reported_not_raised(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        args: list[str], code_name: str) -> None:
    club = str(tmp_path / "club")
    (tmp_path / "junk.sqlite3").write_bytes(b"\x00garbage" * 64)
    ok(capsys, "create", club, "-p", "An", "-p", "Bình", "-p", "Chi")
    filled = [a.format(club=club, tmp=tmp_path) for a in args]
    err = refused(capsys, code_name, *filled)
    assert err.startswith("cotuong: lỗi [")
    err = refused(capsys, code_name, *filled, "--lang", "en")
    assert err.startswith("cotuong: error [")


def test_messages_in_both_languages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    ok(capsys, "create", club, "-p", "An", "-p", "Bình", "-p", "Chi", "-p", "Dũng")
    err = refused(capsys, "NOT_IN_SCHEDULE", "result", club, "1", "Dũng", "An", "1-0")
    assert "vòng 1: An cầm quân Đỏ gặp Dũng, không phải ngược lại" in err
    err = refused(capsys, "NOT_IN_SCHEDULE", "result", club, "1", "Dũng", "An", "1-0",
                  "--lang", "en")
    assert "round 1: An plays Red against Dũng, not the reverse" in err
    _, out, _ = run(capsys, "pairings", club, "1", "--lang", "en")
    assert out.splitlines()[1] == "Board  Red  –  Black  Result"


def test_help_and_argument_errors_are_localised(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "round", "-h"])
    out = capsys.readouterr().out
    assert out.startswith("cách dùng: cotuong tournament round")
    assert "nhập cả vòng một lần" in out and "tùy chọn:" in out and "VÒNG" in out
    assert "usage" not in out and "show this help" not in out
    with pytest.raises(SystemExit):
        main(["tournament", "round", "--lang", "en", "-h"])
    out = capsys.readouterr().out
    assert out.startswith("usage: cotuong tournament round") and "ROUND" in out
    assert "enter a whole round" in out and "options:" in out
    with pytest.raises(SystemExit) as stop:
        main(["tournament", "result", str(tmp_path / "x"), "1"])
    assert stop.value.code == 2
    assert "lỗi: thiếu tham số: ĐỎ, ĐEN, KẾT_QUẢ" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["tournament", "pairings", str(tmp_path / "x"), "ba"])
    assert "tham số VÒNG: cần một số nguyên, không phải 'ba'" in capsys.readouterr().err


def test_players_file_columns_and_field_size(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: a tab-separated file merged its columns into the name; 0 or 1 players
    # were accepted.
    names = tmp_path / "players.tsv"
    names.write_bytes("\ufeffHọ tên\tĐơn vị\tElo\tDanh hiệu\r\nAn\tCLB Q1\t2010\tKTQG\r\n"
                      "Bình\t\t1900\r\n\r\nChi\r\n".encode())
    db = tmp_path / "t.sqlite3"
    ok(capsys, "create", str(db), "--players-file", str(names), "--double",
       "--scoring", "1,0.5,0", "--tiebreaks", "direct_encounter,buchholz")
    t = SqliteStore.open(db).load()
    assert [(p.name, p.club, p.rating, p.title) for p in t.players] == [
        ("An", "CLB Q1", 2010, "KTQG"), ("Bình", "", 1900, ""), ("Chi", "", None, "")]
    assert t.double and t.rounds == 6 and t.scoring.draw == 0.5
    assert t.tiebreak_keys == ("direct_encounter", "buchholz")
    bad = tmp_path / "bad.tsv"
    bad.write_text("An\nBình\tCLB\t1900\tKTQG\tthừa\n", encoding="utf-8")
    err = refused(capsys, "INVALID_CONFIGURATION", "create", str(tmp_path / "b"),
                  "--players-file", str(bad))
    assert "dòng 2: 5 cột, tối đa 4" in err
    bad.write_text("An\tCLB\tcao\n", encoding="utf-8")
    err = refused(capsys, "INVALID_CONFIGURATION", "create", str(tmp_path / "b"),
                  "--players-file", str(bad))
    assert "dòng 1: hệ số Elo phải là số nguyên" in err
    err = refused(capsys, "INVALID_CONFIGURATION", "create", str(tmp_path / "c"), "-p", "An")
    assert "cần ít nhất 2 đấu thủ; mới có 1" in err
    refused(capsys, "INVALID_CONFIGURATION", "create", str(tmp_path / "d"))
    assert not (tmp_path / "c").exists() and not (tmp_path / "d").exists()
    junk = tmp_path / "junk.txt"
    junk.write_bytes(b"\xff\xfe\xab garbage")
    err = refused(capsys, "STORE_ERROR", "create", str(tmp_path / "u"), "--players-file",
                  str(junk))
    assert "junk.txt" in err


def test_names_without_diacritics(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    ok(capsys, "create", club, "-p", "Lê Ân", "-p", "Lễ An", "-p", "Đặng Thùy", "-p", "Bảo")
    ok(capsys, "result", club, "1", "1", "bao", "1-0")  # one fit: Bảo
    out = ok(capsys, "result", club, "1", "LỄ AN", "dang thuy", "0-1")  # any case
    assert out.strip() == "vòng 1: Lễ An – Đặng Thùy 0-1"
    err = refused(capsys, "AMBIGUOUS_PLAYER", "withdraw", club, "le an")
    assert "1. Lê Ân, 2. Lễ An" in err


def _five(capsys: pytest.CaptureFixture[str], club: str) -> None:
    ok(capsys, "create", club, "-p", "An", "-p", "Bình", "-p", "Chi", "-p", "Dũng", "-p", "Em")
    # Round 1: 2-5, 3-4 (1 rests); round 2: 5-3, 1-2 (4 rests).
    ok(capsys, "round", club, "1", "1-0 0-1")


def test_withdrawal_in_round_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: after a withdrawal in round 2, `standings` said "after round 5" and held
    # the future forfeit points; `export` wrote pages for rounds never played; the echo
    # was a number; --from-round defaulted to 1.
    club = str(tmp_path / "club")
    _five(capsys, club)
    out = ok(capsys, "withdraw", club, "5")
    assert out.strip() == "Em (số 5) bỏ cuộc: các ván từ vòng 2 bị xử thua"
    out = ok(capsys, "standings", club)
    assert out.splitlines()[0] == "Giải đấu — bảng xếp hạng sau vòng 1"
    t = SqliteStore.open(club).load()
    assert sum(r.points for r in t.standings()) == 4  # round 1's two wins, nothing else
    assert sum(r.points for r in t.standings(5)) == 4 + 3 * 2  # Em's three games left
    out_dir = tmp_path / "out"
    ok(capsys, "export", club, str(out_dir), "--formats", "html")
    assert [p.name for p in out_dir.iterdir()] == ["tournament-after-round-01.html"]
    err = refused(capsys, "INVALID_CONFIGURATION", "export", club, str(out_dir), "--after", "3")
    assert "vòng 3 chưa có kết quả nào (vòng cuối đã nhập: 1)" in err
    refused(capsys, "INVALID_CONFIGURATION", "standings", club, "--after", "2")
    # Round 2 entered: Em's forfeit is already there, so one result completes it.
    ok(capsys, "round", club, "2", "* ½-½")
    assert SqliteStore.open(club).load().progress(2) == (2, 2)


def test_withdrawal_never_forfeits_earlier_games_silently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    _five(capsys, club)
    ok(capsys, "round", club, "2", "* 1-0")  # Em–Chi still playing
    err = refused(capsys, "INVALID_CONFIGURATION", "withdraw", club, "Em")
    assert "Em còn ván chưa có kết quả ở vòng 2 (Chi)" in err
    assert "--from-round 2" in err
    assert SqliteStore.open(club).load().player("Em").withdrawn is None  # nothing stored
    out = ok(capsys, "withdraw", club, "Em", "--from-round", "2")
    assert "từ vòng 2" in out
    t = SqliteStore.open(club).load()
    assert t.progress(2) == (2, 2) and t.current_round == 2


def test_half_entered_rounds_are_warned(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    _five(capsys, club)
    ok(capsys, "round", club, "2", "1-0 *")
    code, out, err = run(capsys, "standings", club)
    assert code == 0 and "sau vòng 2" in out
    assert err.strip() == "cảnh báo: vòng 2 mới có 1/2 ván có kết quả"
    code, _, err = run(capsys, "export", club, str(tmp_path / "o"), "--lang", "en")
    assert code == 0
    assert "warning: round 2 is half entered: 1 of 2 games have a result" in err
    page = (tmp_path / "o" / "tournament-after-round-02.html").read_text(encoding="utf-8")
    assert "Vòng 2 mới có 1/2 ván có kết quả" in page


def test_whole_round_entry_checks_everything_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    _five(capsys, club)
    err = refused(capsys, "NOT_IN_SCHEDULE", "round", club, "2", "1-0")
    assert "vòng 2 có 2 bàn cần nhập, nhưng có 1 kết quả" in err
    refused(capsys, "INVALID_RESULT", "round", club, "2", "1-0 2-0")
    err = refused(capsys, "DUPLICATE_RESULT", "round", club, "1", "0-1 0-1")
    assert "bàn 1" in err
    assert SqliteStore.open(club).load().progress(2) == (0, 2)  # nothing half-written
    ok(capsys, "round", club, "1", "1-0 0-1")  # the same results again: nothing to do
    out = ok(capsys, "round", club, "2", "thắng-bỏ", "bo-bo")
    assert "  1  5. Em  –  3. Chi  +/-" in out and "  2  1. An  –  2. Bình  -/-" in out


def test_undo_rename_edit_reinstate_details(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    _five(capsys, club)
    out = ok(capsys, "undo", club)
    assert out.strip() == "đã hoàn tác: vòng 1: Chi – Dũng 0-1"
    assert SqliteStore.open(club).load().progress(1) == (1, 2)
    ok(capsys, "result", club, "1", "Chi", "Dũng", "1/2-1/2")
    out = ok(capsys, "rename", club, "Dung", "Nguyễn Văn Dũng")
    assert out.strip() == "đã đổi tên Dũng thành Nguyễn Văn Dũng"
    ok(capsys, "edit-player", club, "nguyen van dung", "--club", "CLB Q3", "--rating", "2001",
       "--title", "KTQG")
    ok(capsys, "withdraw", club, "Em")
    out = ok(capsys, "reinstate", club, "em", "--lang", "en")
    assert out.strip() == "Em (no. 5) is back from round 2"
    t = SqliteStore.open(club).load()
    p = t.player("Nguyễn Văn Dũng")
    assert (p.number, p.club, p.rating, p.title) == (4, "CLB Q3", 2001, "KTQG")
    assert t.player("Em").withdrawn is None and t.progress(2) == (0, 2)
    ok(capsys, "details", club, "--venue", "Nhà thi đấu", "--arbiter", "Ông Trọng")
    out = ok(capsys, "details", club)
    assert "Địa điểm: Nhà thi đấu" in out and "Tổng trọng tài: Ông Trọng" in out
    ok(capsys, "undo", club)  # the details
    assert "Địa điểm: —" in ok(capsys, "details", club)
    # Everything stays in the log, the undos too; a fresh load replays to the same state.
    kinds = [line.split()[2] for line in ok(capsys, "log", club).splitlines()]
    assert kinds == ["record:", "record:", "undo:", "record:", "edit_player:", "edit_player:",
                     "withdraw:", "reinstate:", "details:", "undo:"]
    assert "ok (10" in ok(capsys, "check", club, "--lang", "en")


def test_lots_only_for_a_final_tie_and_never_reused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: lots were asked after every round, a drawing was reused at the end for a
    # different tie of the same players, and `lots` took players who were not tied.
    club = str(tmp_path / "club")
    ok(capsys, "create", club, "-p", "An", "-p", "Bình", "-p", "Chi", "-p", "Dũng")
    # Rounds: 1-4 2-3 / 4-3 1-2 / 2-4 3-1. All drawn: four tied on everything.
    ok(capsys, "round", club, "1", "½-½ ½-½")
    out = ok(capsys, "standings", club)
    assert "cần bốc thăm" not in out and "đồng hạng" in out  # nothing to draw mid-event
    err = refused(capsys, "INVALID_LOTS", "lots", club, "An", "Bình")
    assert "còn 4 ván chưa có kết quả" in err
    ok(capsys, "round", club, "2", "½-½ ½-½")
    ok(capsys, "round", club, "3", "½-½ ½-½")
    out = ok(capsys, "standings", club)
    assert "cần bốc thăm" in out
    err = refused(capsys, "INVALID_LOTS", "lots", club, "An", "Bình")
    assert "nhóm bằng nhau là An, Bình, Chi, Dũng" in err
    ok(capsys, "lots", club, "dung", "chi", "binh", "an")
    out = ok(capsys, "standings", club)
    assert [line.split()[:3] for line in out.splitlines()[2:6]] == [
        ["1", "4", "Dũng"], ["2", "3", "Chi"], ["3", "2", "Bình"], ["4", "1", "An"]]
    # Corrections: An beats Bình, Chi beats Dũng -> An = Chi and Bình = Dũng, new ties.
    ok(capsys, "result", club, "2", "An", "Bình", "1-0", "--correct")
    ok(capsys, "result", club, "2", "Dũng", "Chi", "0-1", "--correct")
    code, out, err = run(capsys, "standings", club)
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()[2:6]] == ["1=", "1=", "3=", "3="]
    assert "cần bốc thăm" in out  # the old drawing is not applied to the new ties ...
    assert "lần bốc thăm Dũng > Chi > Bình > An không còn khớp" in err  # ... and said so
    err = refused(capsys, "INVALID_LOTS", "lots", club, "An", "Bình")
    assert "nhóm bằng nhau là An, Chi" in err  # two ties: one drawing each
    ok(capsys, "lots", club, "Chi", "An")
    out = ok(capsys, "standings", club)
    assert [line.split()[:3] for line in out.splitlines()[2:6]] == [
        ["1", "3", "Chi"], ["2", "1", "An"], ["3=", "2", "Bình"], ["3=", "4", "Dũng"]]
    ok(capsys, "result", club, "3", "Bình", "Dũng", "1-0", "--correct")  # no tie is left
    err = refused(capsys, "INVALID_LOTS", "lots", club, "binh", "dung")
    assert "Bình, Dũng không bằng nhau trên mọi chỉ số; cần bốc thăm: —" in err
    _, out, err = run(capsys, "standings", club, "--lang", "en")
    assert [line.split()[2] for line in out.splitlines()[2:6]] == ["An", "Chi", "Bình", "Dũng"]
    assert "the drawing of lots Chi > An no longer fits any tie" in err


def test_board_by_board_through_a_pipe(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = str(tmp_path / "club")
    _five(capsys, club)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "cotuong.cli", "tournament", "round", club, "2"],
        input="2-0\nthắng-bỏ\n\n", capture_output=True, text=True, timeout=120, env=env,
        check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Giải đấu — vòng 2: nhập kết quả từng bàn")
    assert lines[1] == "Bàn 1: 5. Em (Đỏ) – 3. Chi (Đen)? 2-0"  # read from a pipe: echoed
    assert lines[2].startswith("  không nhận: kết quả '2-0' không hợp lệ")
    assert lines[3] == "Bàn 1: 5. Em (Đỏ) – 3. Chi (Đen)? thắng-bỏ"  # asked again
    assert lines[4] == "  đã lưu: vòng 2: Em – Chi +/-"
    assert lines[5] == "Bàn 2: 1. An (Đỏ) – 2. Bình (Đen)? "  # Enter: left for later
    assert lines[6] == "đã lưu 1 kết quả; vòng 2: 1/2 ván có kết quả"
    done = subprocess.run(
        [sys.executable, "-m", "cotuong.cli", "tournament", "round", club, "2", "--lang", "en"],
        input="q\n", capture_output=True, text=True, timeout=120, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert "Board 1: 5. Em (Red) – 3. Chi (Black)? already +/-" in done.stdout
    assert "0 results saved; round 2: 1 of 2 games have a result" in done.stdout
