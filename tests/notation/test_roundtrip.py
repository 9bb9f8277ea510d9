"""Every legal move round-trips through every notation: parse(make(move)) == move.

Hypothesis drives the sampling: random games from the start position, from the
perft positions (tests/data/perft.md) and from synthetic positions with 3, 4
and 5 pawns on one file, tandem pawns on two files and tandem rooks, cannons,
horses (for both colours). Every position along each game is checked with all
its legal moves.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.notation.positions import PERFT_FENS, SYNTHETIC, pawn_groups

from cotuong import AmbiguousMoveError, Board
from cotuong.notation import (
    make_iccs,
    make_move_text,
    make_vi,
    make_wxf,
    make_zh,
    parse_iccs,
    parse_move,
    parse_vi,
    parse_wxf,
    parse_zh,
)

PAIRS = [
    ("iccs", make_iccs, parse_iccs),
    ("wxf", make_wxf, parse_wxf),
    ("vi", make_vi, parse_vi),
    ("zh", make_zh, parse_zh),
]


def check_all_moves(board: Board) -> int:
    """Round-trip every legal move of ``board`` in every notation; return the count."""
    checked = 0
    for move in board.legal_moves:
        for name, make, parse in PAIRS:
            text = make(board, move)
            assert parse(board, text) == move, (board.fen(), move.iccs, name, text)
            checked += 1
        trad = make_zh(board, move, traditional=True)
        assert parse_zh(board, trad) == move, (board.fen(), move.iccs, trad)
    return checked


def check_detection(board: Board) -> None:
    """Without a notation, a written move reads back as itself or as a reported ambiguity
    between notations -- never as another move."""
    for move in board.legal_moves:
        for name, make, _ in PAIRS:
            text = make(board, move)
            try:
                assert parse_move(board, text) == move, (board.fen(), move.iccs, name, text)
            except AmbiguousMoveError as exc:
                assert exc.code == "AMBIGUOUS_NOTATION" and move.iccs in str(exc)


def random_game_positions(fen: str, seed: int, plies: int) -> list[Board]:
    rng = random.Random(seed)
    board = Board(fen)
    boards = [board.copy()]
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
        boards.append(board.copy())
    return boards


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(PERFT_FENS + SYNTHETIC), seed=st.integers(0, 2**32),
       plies=st.integers(0, 60))
def test_every_legal_move_round_trips(start: str, seed: int, plies: int) -> None:
    total = 0
    for board in random_game_positions(start, seed, plies):
        total += check_all_moves(board)
    assert total > 0 or not Board(start).legal_moves


@pytest.mark.parametrize("fen", SYNTHETIC)
def test_synthetic_tandem_positions_round_trip(fen: str) -> None:
    board = Board(fen)
    assert check_all_moves(board) == 4 * len(board.legal_moves)
    check_detection(board)


@pytest.mark.slow
def test_sample_covers_thousands_of_positions() -> None:
    """A fixed sweep so the coverage does not depend on Hypothesis' choices."""
    positions = 0
    for i, fen in enumerate(PERFT_FENS + SYNTHETIC):
        for ply, board in enumerate(random_game_positions(fen, 1000 + i, 45)):
            check_all_moves(board)
            if ply % 8 == 0:
                check_detection(board)
            positions += 1
    assert positions >= 1000


@pytest.mark.parametrize(
    ("fen", "groups", "expected"),
    [
        ("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w", "5",
         {"g9f9": ("++.4", "++-4", "一兵平四"), "g8f8": ("P+.4", "B+-4", "二兵平四"),
          "g7f7": ("P3.4", "B3-4", "三兵平四"), "g6f6": ("P-.4", "B--4", "四兵平四"),
          "g5f5": ("--.4", "---4", "五兵平四")}),
        ("3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w", "3",
         {"g8f8": ("P+.4", "Bt-4", "前兵平四"), "g7f7": ("P3.4", "Bg-4", "中兵平四"),
          "g6f6": ("P-.4", "Bs-4", "后兵平四")}),
        ("3k5/2P3P2/2P3P2/6P2/9/9/9/9/9/4K4 w", "3+2",
         {"g8f8": ("3+.4", "3+-4", "前三平四"), "g7f7": ("33.4", "33-4", "中三平四"),
          "g6f6": ("3-.4", "3--4", "后三平四"), "c8d8": ("7+.6", "7+-6", "前七平六"),
          "c7d7": ("7-.6", "7--6", "后七平六")}),
        ("4k4/9/9/9/9/9/6p2/6p2/6p2/3K5 b", "3",
         # Black's front is the pawn nearest Red's side (lowest rank).
         {"g1f1": ("P+.6", "Bt-6", "前卒平6"), "g2f2": ("P7.6", "Bg-6", "中卒平6"),
          "g3f3": ("P-.6", "Bs-6", "后卒平6")}),
    ],
)
def test_standard_forms_for_stacked_pawns(fen: str, groups: str,
                                          expected: dict[str, tuple[str, str, str]]) -> None:
    from cotuong import Move

    board = Board(fen)
    assert pawn_groups(board) == groups
    for iccs, (wxf, vi, zh) in expected.items():
        move = Move.from_iccs(iccs)
        got = (make_move_text(board, move, "wxf"), make_move_text(board, move, "vi"),
               make_move_text(board, move, "zh"))
        assert got == (wxf, vi, zh)
        for text, name in ((wxf, "wxf"), (vi, "vi"), (zh, "zh")):
            assert parse_move(board, text, name) == move


# Random placements: kings, advisors and elephants on their points, up to five pawns
# (often stacked on one or two files) and up to two rooks, cannons, horses anywhere.
_PALACE = [(f, r) for f in (3, 4, 5) for r in (0, 1, 2)]
_ADVISOR = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)]
_ELEPHANT = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)]
_PAWN = [(f, r) for f in (0, 2, 4, 6, 8) for r in (3, 4)] + [
    (f, r) for f in range(9) for r in range(5, 10)]
_ANY = [(f, r) for f in range(9) for r in range(10)]


@st.composite
def random_positions(draw: st.DrawFn) -> Board:
    from hypothesis import assume

    from cotuong import IllegalSetupError

    board = [["."] * 9 for _ in range(10)]

    def place(letter: str, points: list[tuple[int, int]], red: bool) -> None:
        free = [(f, r if red else 9 - r) for f, r in points
                if board[r if red else 9 - r][f] == "."]
        if free:
            f, r = draw(st.sampled_from(free))
            board[r][f] = letter if red else letter.lower()

    for red in (True, False):
        place("K", _PALACE, red)
        for _ in range(draw(st.integers(0, 2))):
            place("A", _ADVISOR, red)
        for _ in range(draw(st.integers(0, 2))):
            place("B", _ELEPHANT, red)
        files = draw(st.lists(st.integers(0, 8), min_size=1, max_size=2))
        for _ in range(draw(st.integers(0, 5))):
            stacked = [p for p in _PAWN if p[0] in files]
            place("P", stacked if draw(st.booleans()) else _PAWN, red)
        for letter in "RCN":
            for _ in range(draw(st.integers(0, 2))):
                place(letter, _ANY, red)
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for cell in board[r]:
            if cell == ".":
                empty += 1
                continue
            row += (str(empty) if empty else "") + cell
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    fen = "/".join(rows) + (" w" if draw(st.booleans()) else " b")
    try:
        return Board(fen)
    except IllegalSetupError:
        assume(False)
        raise


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(board=random_positions())
def test_random_placements_round_trip(board: Board) -> None:
    check_all_moves(board)
