"""Reading the sourced examples of tests/data/notation.md, errors and detection."""

from __future__ import annotations

import pytest

from cotuong import (
    AmbiguousMoveError,
    Board,
    IllegalMoveError,
    InvalidMoveTextError,
    Move,
)
from cotuong.notation import make_move_text, parse_move
from cotuong.records import read_pgn

TANDEM = "3k5/9/9/9/2R3C2/9/2R3C2/2N6/2N6/4K4 w"  # rooks c5/c3, cannons g5/g3, horses c2/c1


def iccs(board: Board, text: str, notation: str | None = None) -> str:
    return parse_move(board, text, notation).iccs


def test_three_way_table_hieponly() -> None:
    """hieponly.top's table: 炮二平五 = P2-5 = C2=5; 马8进7 = M8.7 = H8+7;
    车9平8 = X9-8 = R9=8; 兵七进一 = C7.1 = P7+1."""
    board = Board()
    rows = [("炮二平五", "P2-5", "C2=5", "h2e2"), ("马8进7", "M8.7", "H8+7", "h9g7"),
            ("马二进三", "M2.3", "H2+3", "h0g2"), ("车9平8", "X9-8", "R9=8", "i9h9"),
            ("兵七进一", "C7.1", "P7+1", "c3c4")]
    for zh, vi, wxf, expected in rows:
        assert iccs(board, zh, "zh") == iccs(board, vi, "vi") == iccs(board, wxf, "wxf") == expected
        assert iccs(board, zh) == expected and iccs(board, wxf) == expected
        board.push(Move.from_iccs(expected))


def test_tandem_pieces_in_every_spelling() -> None:
    board = Board(TANDEM)
    cases = {
        "c5f5": ["R+.4", "R+=4", "+R.4", "Xt-4", "前车平四", "車前平四", "前俥平四"],
        "g3g2": ["C--1", "－Ｃ－１", "C-−1".replace("−", "-"), "Ps/1", "后炮退一", "炮後退一",
                 "後砲退一"],
        "c5c9": ["R++4", "＋Ｒ＋４", "Xt.4", "前車進四"],
        "g5i5": ["C+=1", "C+.1", "Pt-1", "前炮平一"],
        "c3e3": ["－Ｒ＝５", "R-.5", "Xs-5", "后车平五"],
        "c1e2": ["H-+5", "Ms.5", "後馬進五", "马后进五"],
    }
    for expected, texts in cases.items():
        for text in texts:
            assert iccs(board, text) == expected, text


def test_full_width_marker_before_letter() -> None:
    """wxf.ca's export: ＋Ｐ＋１ (front pawn advances 1), －Ｒ＝７ (rear rook to file 7)."""
    board = Board("3k5/9/9/9/9/2P6/2P6/9/9/R3K3R w")  # pawns c4/c3, rooks a0/i0
    assert iccs(board, "＋Ｐ＋１") == iccs(board, "P++1") == "c4c5"
    with pytest.raises(IllegalMoveError) as e:  # the rear pawn is blocked by the front one
        parse_move(board, "－Ｐ＋１", "wxf")
    assert e.value.code == "CAPTURE_OWN_PIECE"
    rooks = Board("3k5/9/9/9/2R6/9/9/9/2R6/4K4 w")  # rooks c5/c1 on file 7
    assert iccs(rooks, "－Ｒ＝５") == iccs(rooks, "R-.5") == "c1e1"
    assert iccs(rooks, "＋Ｒ＝９") == "c5a5"


def test_vietnamese_alternative_letters_and_pawn_ranks() -> None:
    board = Board()
    assert iccs(board, "V3.5", "vi") == iccs(board, "T3.5", "vi") == "g0e2"
    assert iccs(board, "C7.1", "vi") == iccs(board, "B7.1", "vi") == "c3c4"
    stack = Board("4k4/9/9/9/9/9/6p2/6p2/6p2/3K5 b")  # Black: g1 front, g2 middle, g3 rear
    assert iccs(stack, "Bg-6") == "g2f2"
    assert iccs(stack, "Bt-6") == iccs(stack, "前卒平6") == iccs(stack, "P+.6") == "g1f1"
    assert iccs(stack, "Bs-6") == iccs(stack, "後卒平６") == iccs(stack, "P-.6") == "g3f3"


def test_four_and_five_pawns() -> None:
    board = Board("3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w")
    assert iccs(board, "++.4") == iccs(board, "一兵平四") == iccs(board, "前兵平四") == "g9f9"
    assert iccs(board, "P+.4") == iccs(board, "二兵平四") == "g8f8"
    assert iccs(board, "P3.4") == iccs(board, "中兵平四") == iccs(board, "33.4", "wxf") == "g7f7"
    assert iccs(board, "--.4") == iccs(board, "五兵平四") == iccs(board, "后兵平四") == "g5f5"
    with pytest.raises(IllegalMoveError, match="does not fit"):
        parse_move(Board("3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w"), "++.4", "wxf")


def test_tandem_pawns_on_two_files() -> None:
    board = Board("3k5/2P3P2/2P3P2/6P2/9/9/9/9/9/4K4 w")
    assert iccs(board, "3+.4") == iccs(board, "前三平四") == iccs(board, "前兵三平四") == "g8f8"
    assert iccs(board, "33.4") == iccs(board, "中三平四") == "g7f7"
    assert iccs(board, "7-.6") == iccs(board, "后七平六") == iccs(board, "7--6", "vi") == "c7d7"
    with pytest.raises(AmbiguousMoveError):
        parse_move(board, "P++1", "wxf")  # front pawn of which file? both can advance
    with pytest.raises(InvalidMoveTextError, match="different file"):
        parse_move(board, "37.4", "wxf")


def test_chinese_numerals_and_variants() -> None:
    board = Board()
    board.push(Move.from_iccs("h2e2"))
    for text in ("马8进7", "馬８進７", "傌8進7", "马八进七"):
        assert iccs(board, text, "zh") == "h9g7"
    assert iccs(board, "h8+7", "wxf") == iccs(board, "m8.7", "vi") == "h9g7"  # lower case
    assert make_move_text(board, Move.from_iccs("h9g7"), "zh") == "马8进7"
    assert make_move_text(board, Move.from_iccs("h9g7"), "zh", traditional=True) == "馬8進7"
    assert make_move_text(Board(), Move.from_iccs("e0e1"), "zh") == "帅五进一"
    assert make_move_text(Board(), Move.from_iccs("e0e1"), "zh", traditional=True) == "帥五進一"


def test_writers_use_standard_forms() -> None:
    board = Board(TANDEM)
    move = Move.from_iccs("c5f5")
    assert [make_move_text(board, move, n) for n in ("iccs", "wxf", "vi", "zh")] == [
        "c5f5", "R+.4", "Xt-4", "前车平四"]
    assert make_move_text(Board(), Move.from_iccs("d0e1"), "wxf") == "A6+5"
    assert make_move_text(Board(), Move.from_iccs("c0e2"), "vi") == "T7.5"


def test_board_delegates() -> None:
    board = Board()
    move = parse_move(board, "P2-5", "vi")
    assert move.iccs == "h2e2" and make_move_text(board, move, "wxf") == "C2.5"
    assert make_move_text(board, move, "vi") == "P2-5"


def test_errors_name_the_problem() -> None:
    board = Board()
    with pytest.raises(InvalidMoveTextError, match="unexpected 'Q' at position 1") as e:
        parse_move(board, "Q2.5", "wxf")
    assert e.value.code == "BAD_CHARACTER"
    with pytest.raises(InvalidMoveTextError, match=r"'\*' \(position 3\) is not a WXF operator"):
        parse_move(board, "C2*5", "wxf")
    with pytest.raises(InvalidMoveTextError, match="number 1-9"):
        parse_move(board, "C2.0", "wxf")
    with pytest.raises(InvalidMoveTextError) as e:
        parse_move(board, "Tg/1", "vi")
    assert e.value.code == "MISSING_FILE"
    with pytest.raises(IllegalMoveError, match="no Red horse on file 5"):
        parse_move(board, "马五进三", "zh")
    with pytest.raises(IllegalMoveError, match="cannot jump") as e:
        parse_move(board, "R1+5", "wxf")
    assert e.value.code == "ROOK_PATH_BLOCKED"
    with pytest.raises(IllegalMoveError, match="horse cannot move sideways"):
        parse_move(board, "H8.7", "wxf")
    with pytest.raises(IllegalMoveError, match="leaves the board"):
        parse_move(board, "C2+9", "wxf")
    with pytest.raises(IllegalMoveError, match="is illegal"):
        parse_move(board, "h2h8", "iccs")
    with pytest.raises(InvalidMoveTextError, match="unknown notation"):
        parse_move(board, "h2e2", "klingon")
    with pytest.raises(IllegalMoveError):
        make_move_text(board, Move.from_iccs("h2h8"), "wxf")


def test_check_is_explained() -> None:
    # Red's rook on e1 is pinned against the king by Black's rook on e9.
    board = Board("3kr4/9/9/9/9/9/9/9/4R4/4K4 w")
    with pytest.raises(IllegalMoveError) as e:
        parse_move(board, "R5.4", "wxf")
    assert e.value.code == "LEAVES_KING_IN_CHECK"
    assert "e1f1" in str(e.value) and "rook on e10" in str(e.value)


def test_ambiguity_inside_one_notation() -> None:
    with pytest.raises(AmbiguousMoveError, match=r"c3c4.*c5c6|c5c6.*c3c4"):
        parse_move(Board(TANDEM), "R7+1", "wxf")


def test_detection_reports_two_notations() -> None:
    # C7.1: WXF cannon c2 to file 1, Vietnamese pawn (Chốt) c3 forward: both legal.
    board = Board("3k5/9/9/9/9/9/2P6/2C6/9/4K4 w")
    with pytest.raises(AmbiguousMoveError, match="more than one notation") as e:
        parse_move(board, "C7.1")
    assert e.value.code == "AMBIGUOUS_NOTATION"
    assert iccs(board, "C7.1", "wxf") == "c2i2" and iccs(board, "C7.1", "vi") == "c3c4"
    # Detection by legality: P2-5 is a WXF pawn retreat (illegal), a Vietnamese cannon move.
    assert iccs(Board(), "P2-5") == "h2e2"


@pytest.mark.parametrize("dash", ["\u2013", "\u2014", "\u2212", "\u2010"])
def test_typographic_dashes_read_as_hyphens(dash: str) -> None:
    # Regression: "P2–5" (an en dash, as word processors and phone keyboards write it)
    # was taken for Chinese and refused: "'–' is not a Chinese operator".
    board = Board()
    h2e2 = Move.from_iccs("h2e2")
    assert parse_move(board, f"P2{dash}5") == h2e2
    assert parse_move(board, f"P2{dash}5", "vi") == h2e2
    assert parse_move(board, f"h2{dash}e2") == h2e2
    board.push(h2e2)
    assert parse_move(board, f"C8{dash}1", "wxf") == Move.from_iccs("h7h8")  # WXF retreat
    [game] = read_pgn(f"1. P2{dash}5 M8.7 2. M2.3 X9{dash}8 *\n")
    assert game.ok and game.notation == "vi" and len(game.moves) == 4
