"""``cotuong adjudicate``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cotuong.cli import main

HINH_1 = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1"
LOOP = "1. X2.1 Tg6.1 2. X2/1 Tg6/1 3. X2.1 Tg6.1 4. X2/1 Tg6/1"


def test_text_ruling_in_vietnamese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", "--fen", HINH_1, "--moves", LOOP, "--rules", "xiangqiplay",
                 "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("0-1  Đen thắng: Đỏ chiếu dai (X2.1, X2/1) (nước 4)")
    assert "Lặp lại thêm một lần sẽ bị xử" in out


def test_asian_orders_are_reported_with_move_numbers(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", "--fen", HINH_1, "--moves", LOOP, "--rules", "asian",
                 "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    assert "Lệnh trọng tài (nước 4): Đỏ chiếu dai (X2.1, X2/1) — Đỏ phải đổi nước đi" in out
    assert "[đang chờ]" in out and "không có phán quyết" in out
    # Red goes round the loop twice more: it did not change and loses at move 8.
    more = LOOP + " 5. X2.1 Tg6.1 6. X2/1 Tg6/1 7. X2.1 Tg6.1 8. X2/1 Tg6/1 9. X2.1"
    assert main(["adjudicate", "--fen", HINH_1, "--moves", more, "--rules", "asian",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"] == "0-1" and data["ended_at_move"] == 8
    assert data["unplayed_moves"] == 1
    [order] = data["orders"]
    assert (order["move_number"], order["side"], order["verdict"], order["reason"],
            order["clause"], order["fate"], order["settled_at_move"]) == \
        (4, "red", "black", "PERPETUAL_CHECK", "000 Điều 23.1", "lost", 8)
    assert order["moves"] == ["h8h9", "f9f8", "h9h8", "f8f9"]
    # Red changes at move 5: the order is obeyed, the game goes on.
    obeyed = LOOP + " 5. X2-1"
    assert main(["adjudicate", "--fen", HINH_1, "--moves", obeyed, "--rules", "asian",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"] == "*" and data["orders"][0]["fate"] == "obeyed"


def test_json_ruling_and_unplayed_moves(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9"
    assert main(["adjudicate", "--fen", HINH_1, "--moves", moves, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"] == "0-1" and data["termination"] == "perpetual_check"
    assert data["moves_played"] == 8 and data["unplayed_moves"] == 1
    assert data["explanation"] == "Black wins: Red gave perpetual check (X2.1, X2/1)"


def test_no_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", "--moves", "炮二平五 马8进7"]) == 0
    assert "no ruling: the game goes on (2 moves played)" in capsys.readouterr().out


def test_pgn_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pgn = tmp_path / "g.pgn"
    pgn.write_text(f'[Red "A"]\n[Black "B"]\n[FEN "{HINH_1}"]\n\n'
                   "1. h8h9 f9f8 2. h9h8 f8f9 3. h8h9 f9f8 4. h9h8 f8f9 *\n\n"
                   '[Red "C"]\n[Black "D"]\n\n1. h2e2 h9g7 *\n', encoding="utf-8")
    assert main(["adjudicate", "--pgn", str(pgn), "--rules", "xiangqiplay", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["result"] for d in data] == ["0-1", "*"]
    assert data[0]["game"] == "game 1 (A - B)"
    assert main(["adjudicate", "--pgn", str(pgn), "--game", "2"]) == 0
    assert "game 2 (C - D)" in capsys.readouterr().out


def test_errors_name_the_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", "--moves", "h2e2 h9g7 h0h5"]) == 2
    err = capsys.readouterr().err
    assert "move 2 (Red, h0h5)" in err
    # Regression: the number counted list positions, not the FEN's moves ("move 1" here).
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 30"
    assert main(["adjudicate", "--fen", fen, "--moves", "h9g7 h0h5"]) == 2
    assert "move 31 (Red, h0h5)" in capsys.readouterr().err
    assert main(["adjudicate", "--pgn", "/nonexistent.pgn"]) == 2
    assert main(["adjudicate", "--pgn", "x.pgn", "--moves", "h2e2"]) == 2


def test_binary_file_and_dhtmlxq_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: a non-UTF-8 file gave a UnicodeDecodeError traceback, and a DhtmlXQ
    # page (which `cotuong record check` reads) was parsed as PGN: "'<!DOCTYPE'" as move 1.
    junk = tmp_path / "junk.pgn"
    junk.write_bytes(b"\xff\xfe\xab garbage")
    assert main(["adjudicate", "--pgn", str(junk)]) == 2
    assert "[NO_FILE]" in capsys.readouterr().err
    page = tmp_path / "game.html"
    page.write_text("<!DOCTYPE html><html><body>[DhtmlXQ]\n[DhtmlXQ_movelist]7747"
                    "[/DhtmlXQ_movelist]\n[DhtmlXQ_result]未知[/DhtmlXQ_result]\n[/DhtmlXQ]"
                    "</body></html>\n", encoding="utf-8")
    assert main(["adjudicate", "--pgn", str(page), "--json"]) == 0
    [data] = json.loads(capsys.readouterr().out)  # a whole file: a list, even of one game
    assert data["moves_played"] == 1 and data["record_issues"] == []
    assert main(["adjudicate", "--pgn", str(page), "--game", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves_played"] == 1
