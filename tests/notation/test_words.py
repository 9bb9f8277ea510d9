"""Vietnamese full words (issue 11): every form of the issue read, written as ``vi-words``,
and every legal move of random positions round-tripping through the words, with and
without diacritics; the small forms (Tg.1, Chinese punctuation, h2 e2); ordinal pawns
refused with tandem pawns on two files."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.notation.positions import PERFT_FENS, SYNTHETIC
from tests.notation.test_roundtrip import random_game_positions

from cotuong import AmbiguousMoveError, Board, InvalidMoveTextError, Move
from cotuong.notation import make_move_text, parse_move, parse_vi
from cotuong.notation.vietnamese import make_vi_words

AFTER_CANNON = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"


@pytest.mark.parametrize(("fen", "text", "iccs"), [
    (None, "Pháo 2 bình 5", "h2e2"), (None, "Mã 8 tấn 7", "b0c2"), (None, "Xe 1 tiến 1", "i0i1"),
    (None, "Chốt 3 tấn 1", "g3g4"), (None, "Sỹ 4 tiến 5", "f0e1"), (None, "Sĩ 6 tấn 5", "d0e1"),
    (None, "Tốt 7 tiến 1", "c3c4"), (None, "Binh 7 tiến 1", "c3c4"),
    (None, "Tượng 3 tiến 5", "g0e2"), (None, "Tịnh 7 tấn 5", "c0e2"),
    (None, "Phao 2 binh 5", "h2e2"), (None, "PHÁO 2 BÌNH 5", "h2e2"),
    (None, "Pháo 2-5", "h2e2"), (None, "Tuong 3 tien 5", "g0e2"), (None, "Tướng 5 tiến 1", "e0e1"),
    (None, "Tuong 5 tien 1", "e0e1"), (None, "Soái 5 tấn 1", "e0e1"), (None, "Tg 5 tấn 1", "e0e1"),
    (None, "Pháo2bình5", "h2e2"), (AFTER_CANNON, "Mã 8 tấn 7", "h9g7"),
    ("5k3/9/9/9/9/9/9/4R4/4R4/3K5 w", "Xe 1 thoái 2", None),
    ("5k3/9/9/9/9/9/9/4R4/4R4/3K5 w", "Xe trước tiến 1", "e2e3"),
    ("5k3/9/9/9/9/9/9/4C4/4C4/3K5 w", "Pháo trước tiến 1", "e2e3"),
    ("5k3/9/9/9/9/9/9/4C4/4C4/3K5 w", "Phao sau binh 4", "e1f1"),
    ("3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w", "Binh giữa bình 4", "g7f7"),
    ("3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w", "Tốt trước bình 4", "g8f8"),
    ("3k5/2P3P2/2P3P2/6P2/9/9/9/9/9/4K4 w", "Tốt 3 giữa bình 4", "g7f7"),
])
def test_full_word_forms_of_the_issue(fen: str | None, text: str, iccs: str | None) -> None:
    board = Board(fen) if fen else Board()
    if iccs is None:
        with pytest.raises(ValueError):
            parse_move(board, text)
        return
    assert parse_move(board, text).iccs == iccs
    assert parse_move(board, text, "vi").iccs == iccs
    assert parse_vi(board, text).iccs == iccs


def test_written_in_words() -> None:
    board = Board()
    move = Move.from_iccs("h2e2")
    assert make_move_text(board, move, "vi-words") == "Pháo 2 bình 5"
    assert make_move_text(board, move, "vi-words-ascii") == "Phao 2 binh 5"
    assert make_move_text(board, Move.from_iccs("b0c2"), "vi-words") == "Mã 8 tiến 7"
    tandem = Board("5k3/9/9/9/9/9/9/4R4/4R4/3K5 w")
    assert make_move_text(tandem, Move.from_iccs("e1d1"), "vi-words") == "Xe sau bình 6"


def test_errors_for_vietnamese_text_speak_of_vietnamese() -> None:
    board = Board()
    for text in ("Phao 2 binh 0", "Pháo 2 bình 0", "Bồ 1 thoái 3", "Xe 1 lên 1"):
        with pytest.raises(InvalidMoveTextError) as e:
            parse_move(board, text)
        assert "Vietnamese" in str(e.value) and "Chinese" not in str(e.value), text
    with pytest.raises(InvalidMoveTextError, match="'Bồ' is not a Vietnamese piece") as e:
        parse_move(board, "Bồ 1 thoái 3")
    assert e.value.code == "BAD_WORD"


def test_a_lone_king_is_read_when_one_king_move_fits() -> None:
    board = Board("5k3/9/9/9/9/9/9/9/4A4/3K5 w")
    assert parse_move(board, "Tg-5").iccs == "d0e0"
    assert parse_move(board, "Tg.1").iccs == parse_move(board, "K+1").iccs == "d0d1"
    assert parse_move(board, "帅进一").iccs == "d0d1"
    # Two king moves fit "sideways": no lone king reading, the file is asked for.
    open_king = Board("5k3/9/9/9/9/9/9/9/9/4K4 w")
    with pytest.raises(InvalidMoveTextError) as e:
        parse_move(open_king, "Tg/1", "vi")
    assert e.value.code == "MISSING_FILE"
    with pytest.raises(InvalidMoveTextError) as e:
        parse_move(board, "Tg.1", "vi", lone_king=False)
    assert e.value.code == "MISSING_FILE"


def test_game_play_takes_a_lone_king() -> None:
    from cotuong.game import Game

    game = Game("5k3/9/9/9/9/9/4P4/9/4A4/3K5 w")
    game.play("Tg.1")
    assert game.board.fen().split()[0] == "5k3/9/9/9/9/9/4P4/9/3KA4/9"


@pytest.mark.parametrize(("text", "iccs"), [
    ("炮二平五。", "h2e2"), ("炮二平五，", "h2e2"), ("h2 e2", "h2e2"), ("h2xe2", "h2e2"),
    ("H2 - E2", "h2e2"), ("P2-5,", "h2e2")])
def test_small_forms(text: str, iccs: str) -> None:
    assert parse_move(Board(), text).iccs == iccs


def test_two_moves_in_one_text_are_refused_clearly() -> None:
    with pytest.raises(InvalidMoveTextError, match="separates moves") as e:
        parse_move(Board(), "炮二平五，马８进７")
    assert e.value.code == "SEVERAL_MOVES"


def test_ordinal_pawns_are_ambiguous_with_tandem_pawns_on_two_files() -> None:
    board = Board("3k5/2P3P2/2P3P2/6P2/9/9/9/9/9/4K4 w")  # three on file 3, two on file 7
    for text in ("三兵平四", "二兵平四", "一兵进一"):
        with pytest.raises(AmbiguousMoveError) as e:
            parse_move(board, text)
        assert e.value.code == "AMBIGUOUS_PAWN" and "前三" in str(e.value)
    assert parse_move(board, "中三平四").iccs == "g7f7"
    # Four or five pawns on one file: the ordinal is the standard form.
    five = Board("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w")
    assert parse_move(five, "三兵平四").iccs == "g7f7"


def round_trip_words(board: Board) -> int:
    count = 0
    for move in board.legal_moves:
        for diacritics in (True, False):
            text = make_vi_words(board, move, diacritics=diacritics)
            assert parse_vi(board, text) == move, (board.fen(), move.iccs, text)
            assert parse_move(board, text) == move, (board.fen(), move.iccs, text)
            count += 1
    return count


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(PERFT_FENS + SYNTHETIC), seed=st.integers(0, 2**32),
       plies=st.integers(0, 50))
def test_every_legal_move_round_trips_through_words(start: str, seed: int, plies: int) -> None:
    total = sum(round_trip_words(b) for b in random_game_positions(start, seed, plies))
    assert total > 0 or not Board(start).legal_moves


@pytest.mark.parametrize("fen", SYNTHETIC)
def test_tandem_positions_round_trip_through_words(fen: str) -> None:
    board = Board(fen)
    assert round_trip_words(board) == 2 * len(board.legal_moves)
