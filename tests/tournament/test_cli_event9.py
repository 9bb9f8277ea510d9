"""A nine-player club event run through the CLI as an arbiter would, checked against
standings computed by hand.

The event: players read from a tab-separated file (club, rating, title), numbers
drawn in a given order typed without diacritics, rounds entered whole (a text, a
file, separate words, one round board by board), a result corrected, and player 9
withdrawing after round 3 (his games from round 4 on lost by forfeit, entered as
``*`` since the withdrawal already scored them).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cotuong.cli import main

PLAYERS = """Họ tên\tĐơn vị\tElo\tDanh hiệu
Nguyễn Thành Bảo\tCLB Hà Nội\t2210\tKTQG
Trềnh A Sáng\tCLB Hà Nội\t2150
Lại Lý Huynh\tBình Dương\t2290\tĐKQG
Uông Dương Bắc\tBình Dương\t2080
Võ Minh Nhất\tTP HCM\t2175
Lê Thị Hương\tTP HCM\t1990
Đặng Hữu Trang\tĐà Nẵng\t2120
Trần Văn Ninh\tĐà Nẵng
Phạm Quốc Hiển\tHải Phòng\t1950
"""
# Draw order, typed the way an arbiter on a phone keyboard does: no diacritics.
ORDER = ["lai ly huynh", "nguyen thanh bao", "trenh a sang", "uong duong bac",
         "vo minh nhat", "le thi huong", "dang huu trang", "tran van ninh", "pham quoc hien"]

# The hand computation. The Berger table for 9 (N = 10) pairs, round by round
# (Red–Black, the rest in brackets):
#   1: 2-9 3-8 4-7 5-6 (1)   2: 7-5 8-4 9-3 1-2 (6)   3: 3-1 4-9 5-8 6-7 (2)
#   4: 8-6 9-5 1-4 2-3 (7)   5: 4-2 5-1 6-9 7-8 (3)   6: 9-7 1-6 2-5 3-4 (8)
#   7: 5-3 6-2 7-1 8-9 (4)   8: 1-8 2-7 3-6 4-5 (9)   9: 6-4 7-3 8-2 9-1 (5)
# Results entered below (1-2 in round 2 first typed 1-0, corrected to 0-1; 9
# withdraws after round 3, so 9-5, 6-9, 9-7, 8-9, 9-1 are forfeits 9 loses):
#   1: 1-0 ½ 0-1 1-0   2: ½ 1-0 0-1 0-1   3: 0-1 ½ 1-0 0-1   4: 1-0 -/+ ½ 1-0
#   5: 0-1 ½ +/- 1-0   6: -/+ 1-0 ½ -/+   7: 1-0 0-1 ½ +/-   8: 1-0 ½ ½ 0-1
#   9: 1-0 0-1 ½ -/+
# Points (2/1/0) are each row's sum of the crosstable; SB = Σ (points scored against
# an opponent × that opponent's total), forfeits counted like games (the default).
# E.g. no. 2 in the end: beat 9 (2×1), 1 (2×11), 3 (2×6), 4 (2×4), 6 (2×5), drew 5
# (1×13), 7 (1×11), 8 (1×8): 13 points, SB 2+22+12+8+10+13+11+8 = 86; no. 5 also has
# 13 points but SB 83, so no. 2 is first. After round 3, 3 and 8 (3 points, SB 5, one
# win) drew each other: the direct encounter leaves them tied, rank 4= (no lots
# mid-event), and likewise 4 and 9 at 7=.
# Columns: rank, no., points, games, wins, wins with Black, SB, wins, direct encounter.
AFTER_3 = [
    ("1", 5, 5, 3, 2, 0, 11, 2, None),
    ("2", 7, 5, 3, 2, 2, 7, 2, None),
    ("3", 2, 4, 2, 2, 1, 6, 2, None),
    ("4=", 3, 3, 3, 1, 1, 5, 1, 1),
    ("4=", 8, 3, 3, 1, 0, 5, 1, 1),
    ("6", 1, 2, 2, 1, 1, 6, 1, None),
    ("7=", 4, 1, 3, 0, 0, 1, 0, 1),
    ("7=", 9, 1, 3, 0, 0, 1, 0, 1),
    ("9", 6, 0, 2, 0, 0, 0, 0, None),
]
FINAL = [
    ("1", 2, 13, 8, 5, 3, 86, 5, None),
    ("2", 5, 13, 8, 5, 1, 83, 5, None),
    ("3", 7, 11, 8, 4, 2, 73, 4, None),
    ("4", 1, 11, 8, 4, 1, 68, 4, None),
    ("5", 8, 8, 8, 3, 0, 39, 3, None),
    ("6", 3, 6, 8, 2, 2, 37, 2, None),
    ("7", 6, 5, 8, 2, 0, 16, 2, None),
    ("8", 4, 4, 8, 1, 0, 24, 1, None),
    ("9", 9, 1, 8, 0, 0, 4, 0, None),
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    return out


def table(path: Path) -> list[tuple[object, ...]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return [(str(r["rank"]) if r["lots"] == "" else f"{r['rank']}=", r["number"], r["points"],
             r["games"], r["wins"], r["wins_black"], r["sonneborn_berger"], r["wins"],
             r["direct_encounter"]) for r in doc["rows"]]


def ranks(rows: list[tuple[object, ...]]) -> list[tuple[object, ...]]:
    return [(str(r[0]), *r[1:]) for r in rows]


def test_nine_player_event(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    club = str(tmp_path / "giai")
    (tmp_path / "players.tsv").write_text(PLAYERS, encoding="utf-8")
    out = ok(capsys, "create", club, "--name", "Giải CLB mùa xuân", "--players-file",
             str(tmp_path / "players.tsv"), "--venue", "Nhà văn hóa quận 1",
             "--dates", "1–3/3/2026", "--arbiter", "Trần Trọng Tài",
             "--time-control", "60 phút + 30 giây/nước")
    assert "9 đấu thủ, 9 vòng" in out
    out = ok(capsys, "draw", club, "--order", *ORDER)
    assert out.splitlines()[0] == "  1  Lại Lý Huynh  (ĐKQG, Bình Dương, 2290)"
    assert out.splitlines()[7] == "  8  Trần Văn Ninh  (Đà Nẵng)"

    ok(capsys, "round", club, "1", "1-0 ½-½ 0-1 1-0")
    ok(capsys, "round", club, "2", "½-½ 1-0 0-1 1-0")
    out = ok(capsys, "result", club, "2", "lai ly huynh", "2", "0-1", "--correct",
             "--reason", "ghi nhầm")
    assert out.strip() == "vòng 2: Lại Lý Huynh – Nguyễn Thành Bảo 0-1 (đã sửa)"
    (tmp_path / "r3.txt").write_text("# vòng 3\n0-1\n½-½\n1-0\n0-1\n", encoding="utf-8")
    ok(capsys, "round", club, "3", "--file", str(tmp_path / "r3.txt"))
    out = ok(capsys, "withdraw", club, "pham quoc hien")
    assert out.strip() == "Phạm Quốc Hiển (số 9) bỏ cuộc: các ván từ vòng 4 bị xử thua"

    # Standings after the withdrawal: still after round 3, no forfeit points of later rounds.
    out = ok(capsys, "standings", club)
    assert out.splitlines()[0] == "Giải CLB mùa xuân — bảng xếp hạng sau vòng 3"
    ok(capsys, "export", club, str(tmp_path / "mid"), "--formats", "json")
    assert sorted(p.name for p in (tmp_path / "mid").iterdir()) == [
        f"{k}-{r:02d}.json" for k in ("round", "standings-after-round") for r in (1, 2, 3)]
    assert table(tmp_path / "mid" / "standings-after-round-03.json") == ranks(AFTER_3)

    ok(capsys, "round", club, "4", "1-0 * ½-½ 1-0")
    monkeypatch.setattr("sys.stdin", io.StringIO("0-1\n½-½\n1-0\n"))
    out = ok(capsys, "round", club, "5")  # board by board
    assert "Bàn 3: 6. Lê Thị Hương (Đỏ) – 9. Phạm Quốc Hiển (Đen)? đã có +/-" in out
    assert "vòng 5: 4/4 ván có kết quả" in out
    ok(capsys, "round", club, "6", "*", "1-0", "½-½", "-/+")  # a forfeit with no "--"
    ok(capsys, "round", club, "7", "1-0 0-1 ½-½ *")
    (tmp_path / "r8.txt").write_text("1-0 ½-½\n½-½ 0-1\n", encoding="utf-8")
    ok(capsys, "round", club, "8", "--file", str(tmp_path / "r8.txt"))
    ok(capsys, "round", club, "9", "1-0 0-1 ½-½ *")

    code, out, err = run(capsys, "standings", club)
    assert code == 0 and err == ""  # complete: no half-entered warning, no lots
    lines = out.splitlines()
    assert lines[0] == "Giải CLB mùa xuân — bảng xếp hạng sau vòng 9"
    assert [line.split()[:2] for line in lines[2:11]] == [[r[0], str(r[1])] for r in FINAL]
    assert "Phạm Quốc Hiển (bỏ cuộc)" in lines[10]
    out_dir = tmp_path / "final"
    ok(capsys, "export", club, str(out_dir), "--crosstable", "rank")
    assert table(out_dir / "standings-after-round-09.json") == ranks(FINAL)
    assert table(out_dir / "standings-after-round-03.json") == ranks(AFTER_3)
    page = (out_dir / "tournament-after-round-09.html").read_text(encoding="utf-8")
    for text in ("Nhà văn hóa quận 1", "1–3/3/2026", "Trần Trọng Tài",
                 "60 phút + 30 giây/nước", 'data-order="rank"', "Nghỉ / Rest: 9. Phạm Quốc Hiển"):
        assert text in page
    rounds = json.loads((out_dir / "round-02.json").read_text(encoding="utf-8"))["games"]
    assert [(g["red_number"], g["black_number"], g["result"], g["corrections"])
            for g in rounds if g["red_number"]] == [
        (7, 5, "1/2-1/2", 0), (8, 4, "1-0", 0), (9, 3, "0-1", 0), (1, 2, "0-1", 1)]
    log = ok(capsys, "log", club)
    kinds = [line.split()[2] for line in log.splitlines()]
    assert kinds.count("record:") == 4 * 9 - 5 and kinds.count("correct:") == 1
    assert kinds.count("withdraw:") == 1
