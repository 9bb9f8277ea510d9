"""The ``cotuong record`` and ``cotuong move`` subcommands."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import data_path

from cotuong.cli import main
from cotuong.records import read_pgn


def test_move_in_every_notation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["move", "炮二平五"]) == 0
    assert capsys.readouterr().out.split() == ["h2e2", "C2.5", "P2-5", "炮二平五"]
    assert main(["move", "C7.1", "--fen", "3k5/9/9/9/9/9/2P6/2C6/9/4K4 w"]) == 2
    assert "more than one notation" in capsys.readouterr().err


def test_check_seed_and_convert(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed = data_path("seed_diagrams.txt")
    assert main(["record", "check", str(seed)]) == 0  # the typo is inferred, not stopped
    out = capsys.readouterr().out
    assert "Tg/1" in out and "[inferred]" in out and out.count("game ") >= 10
    target = tmp_path / "seed_zh.pgn"
    assert main(["record", "convert", str(seed), "--to", "zh", "-o", str(target)]) == 0
    games = read_pgn(target.read_text(encoding="utf-8"))
    assert len(games) == 10 and all(g.ok and g.notation == "zh" for g in games)
    assert main(["record", "check", str(seed), "--strict"]) == 2
    assert "move 4" in capsys.readouterr().err


def test_check_reports_stopped_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.pgn"
    bad.write_text("1. C2.5 H8+7 2. Q2+3 *\n", encoding="utf-8")
    assert main(["record", "check", str(bad)]) == 1
    assert "'Q2+3'" in capsys.readouterr().out
    assert main(["record", "check", str(tmp_path / "missing.pgn")]) == 2


def test_convert_to_an_unwritable_path_is_a_named_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: an -o path in a missing directory ended in a FileNotFoundError traceback.
    game = tmp_path / "g.pgn"
    game.write_text("1. h2e2 h9g7 *\n", encoding="utf-8")
    target = tmp_path / "no" / "such" / "dir" / "out.pgn"
    assert main(["record", "convert", str(game), "--to", "vi", "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert "[UNWRITABLE_FILE]" in err and "out.pgn" in err and "Traceback" not in err


def test_byte_order_mark_and_result_mismatch(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: a UTF-8 BOM made the first tag line a bad move; a result token that
    # disagrees with [Result] was counted as a game "stopped early" (exit status 1).
    game = tmp_path / "bom.pgn"
    game.write_bytes('\ufeff[Event "x"]\r\n[Result "1-0"]\r\n\r\n1. h2e2 h9g7 0-1\r\n'
                     .encode("utf-8"))
    assert main(["record", "check", str(game)]) == 0
    out = capsys.readouterr().out
    assert "game 1: 2 moves, iccs, 1-0  x" in out
    assert "[warning]" in out and "0 games stopped early" in out
