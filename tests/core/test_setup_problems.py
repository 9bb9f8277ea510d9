"""Every problem of a setup (the board editor's checker), against the board itself.

The board (``Board.from_setup``) is the reference: a setup with no problem loads, a
setup with problems is refused with the first problem's code. Real game positions
(tests/data) all pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotuong import Board, Color, IllegalSetupError
from cotuong.core import tables
from cotuong.core.fen import Setup, parse_fen
from cotuong.core.setup_check import setup_problems
from cotuong.messages import CATALOG
from cotuong.records import read_pgn

DATA = Path(__file__).resolve().parents[1] / "data" / "games"


def codes(fen: str) -> list[str]:
    return [p.code for p in setup_problems(parse_fen(fen))]


@pytest.mark.parametrize(("fen", "expected"), [
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", []),
    ("4k4/9/9/9/9/9/9/9/9/4K4 w", ["KINGS_FACING"]),
    ("4k4/9/9/9/9/9/9/9/9/3K5 w", []),
    ("9/9/9/9/9/9/9/9/9/4K4 w", ["MISSING_KING"]),
    ("9/9/9/9/9/9/9/9/9/9 b", ["MISSING_KING", "MISSING_KING"]),
    ("3kk4/9/9/9/9/9/9/9/9/3K5 w", ["TOO_MANY_KINGS"]),
    ("3k5/9/9/9/9/9/9/9/RRR6/4K4 w", ["TOO_MANY_PIECES"]),
    ("3k5/9/9/9/9/9/9/9/9/4K3P w", ["PAWN_OFF_POINT"]),
    ("3k5/9/9/9/4A4/9/9/9/9/4K4 w", ["ADVISOR_OFF_POINT"]),
    ("3k5/9/9/9/4B4/9/9/9/9/4K4 w", ["ELEPHANT_OFF_POINT"]),
    ("3k5/9/9/9/9/9/9/9/K8/9 w", ["KING_OFF_POINT"]),
    # Red's rook checks Black's king, and it is Red's turn: Black just moved into check.
    ("3k5/9/9/9/9/9/9/9/9/3R1K3 w", ["OPPONENT_IN_CHECK"]),
    ("3k5/9/9/9/9/9/9/9/9/3R1K3 b", []),
    # Several problems at once, all named: a pawn behind its start, three cannons, facing kings.
    ("4k4/9/9/9/9/9/9/9/CCC6/4K3P w", ["PAWN_OFF_POINT", "TOO_MANY_PIECES", "KINGS_FACING"]),
])
def test_each_problem_is_named(fen: str, expected: list[str]) -> None:
    assert codes(fen) == expected


def test_every_problem_reads_in_both_languages() -> None:
    problems = setup_problems(parse_fen("4k4/9/9/9/9/9/B8/9/CCC6/4K3P w"))
    assert [p.code for p in problems] == ["PAWN_OFF_POINT", "ELEPHANT_OFF_POINT",
                                         "TOO_MANY_PIECES", "KINGS_FACING"]
    texts = [p.message.text("vi") for p in problems]
    assert texts[0].startswith("Tốt Đỏ ở i1 không bao giờ")
    assert texts[2] == "Có 3 quân Pháo Đỏ: nhiều nhất là 2"
    assert texts[3].startswith("Hai tướng đối mặt trên cột e")
    assert problems[2].squares == (9, 10, 11)
    check = setup_problems(parse_fen("3k5/9/9/9/9/9/9/9/9/3R1K3 w"))[0]
    assert check.message.text("vi").startswith("Bên Đen đang bị chiếu (Xe Đỏ ở d1)")
    assert check.message.text("en").startswith("Black is in check (Red rook on d1)")
    for code in CATALOG:
        if code.startswith("SETUP_"):
            assert all(CATALOG[code])


def test_a_malformed_placement_is_one_problem() -> None:
    assert [p.code for p in setup_problems(Setup((0,) * 89))] == ["BAD_PLACEMENT"]
    assert [p.code for p in setup_problems(Setup((9,) * 90))] == ["BAD_PLACEMENT"]


# ---------------------------------------------------------------- against the board
def _points(kind: int, sign: int) -> list[int]:
    table = {1: tables.KING_POINTS, 2: tables.ADVISOR_POINTS, 3: tables.ELEPHANT_POINTS,
             7: tables.PAWN_POINTS}.get(kind)
    return sorted(table[sign]) if table is not None else list(range(90))


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    """Mostly plausible placements (pieces on their points, usual counts) with now and
    then a piece anywhere, an extra piece or a missing king, so both sides of the
    checker's answer come up often."""
    board = [0] * 90
    for sign in (1, -1):
        if draw(st.integers(0, 30)) > 0:
            board[draw(st.sampled_from(_points(1, sign)))] = sign
        for kind in range(2, 8):
            limit = 5 if kind == 7 else 2
            for _ in range(draw(st.integers(0, limit + (1 if draw(st.integers(0, 15)) == 0
                                                           else 0)))):
                anywhere = draw(st.integers(0, 12)) == 0
                sq = draw(st.integers(0, 89) if anywhere
                          else st.sampled_from(_points(kind, sign)))
                if board[sq] == 0:
                    board[sq] = kind * sign
    turn = draw(st.sampled_from([Color.RED, Color.BLACK]))
    return Setup(tuple(board), turn)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(setups())
def test_accepted_exactly_when_the_board_loads(setup: Setup) -> None:
    problems = setup_problems(setup)
    try:
        board = Board.from_setup(setup)
    except IllegalSetupError as exc:
        assert problems, f"the board refused ({exc.code}) what the checker accepts"
        assert problems[0].code == exc.code
        return
    assert problems == [], f"the board loads {board.fen()} but the checker says {problems}"


def test_every_position_of_real_games_passes() -> None:
    positions = 0
    # The ICCS files read quickly: the test measures the checker, not the reader.
    files = [DATA / "xqdb15" / "xqdb_sample15_iccs.pgn",
             DATA / "ccpd" / "ccpd_endgames244_asiancup679_iccs_DERIVED.pgn"]
    for path in files:
        for game in read_pgn(path.read_text(encoding="utf-8"))[:80]:
            board = Board(game.start_fen)
            for move in (None, *game.moves):
                if move is not None:
                    board.push_unchecked(move)
                assert setup_problems(parse_fen(board.fen())) == [], board.fen()
                positions += 1
    assert positions > 2000
