"""The core commands of the ``cotuong`` CLI: show and perft (as the README uses them)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cotuong.cli import main


def test_show_start_position_in_vietnamese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "帥" in out and "將" in out
    assert "Lượt đi: Đỏ" in out
    assert "Nước đi hợp lệ (44):" in out
    assert "P2-5" in out and "M8.7" in out and "Tg5.1" in out


def test_show_over_game_gives_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b", "--lang", "en", "--letters"]) == 0
    out = capsys.readouterr().out
    assert "Game over: Red wins: Black is checkmated" in out


def test_show_bad_fen_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "rnbakabnr/9"]) == 2
    err = capsys.readouterr().err
    assert "FEN_RANK_COUNT" in err and "10" in err


def test_perft_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "--depth", "3"]) == 0
    out = capsys.readouterr().out
    assert "perft(3) = 79666" in out and "nodes/s" in out


def test_perft_divide_and_fen(capsys: pytest.CaptureFixture[str]) -> None:
    fen = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"
    assert main(["perft", "--depth", "2", "--fen", fen, "--divide"]) == 0
    out = capsys.readouterr().out
    assert "perft(2) = 272" in out
    assert sum(1 for line in out.splitlines() if line[:4].isalnum() and ": " in line) == 13


def test_perft_rejects_zero_depth() -> None:
    with pytest.raises(SystemExit):
        main(["perft", "--depth", "0"])


def test_console_script_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cotuong.cli", "perft", "--depth", "1"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0 and "perft(1) = 44" in proc.stdout


def test_show_in_english_lists_wxf_and_notation_can_be_chosen(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--lang", "en", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "To move: Red" in out and "C2.5" in out and "P2-5" not in out
    assert main(["show", "--notation", "zh", "--no-color"]) == 0
    assert "炮二平五" in capsys.readouterr().out


def test_show_one_rank_fen_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "xx"]) == 2
    assert "has 1 rank separated" in capsys.readouterr().err
