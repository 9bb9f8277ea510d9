"""Issue 11: Vietnamese record layouts, and real records from Vietnamese sites replayed
(tests/data/vietnamese/README.md cites each page)."""

from __future__ import annotations

import re

import pytest
from tests.conftest import data_path

from cotuong.notation.grammar import parse_spec
from cotuong.notation.vietnamese import VIETNAMESE
from cotuong.notation.words import compact_readings
from cotuong.records import read_any, read_pgn, tokenize, write_pgn
from cotuong.records.movetext import tokenize_report

OPENING = ["h2e2", "h9g7", "h0g2", "i9i8"]  # Pháo 2 bình 5, Mã 8 tấn 7, Mã 2 tấn 3, Xe 9 tấn 1


def iccs(text: str) -> list[str]:
    [game] = read_pgn(text)
    return [m.iccs for m in game.moves]


@pytest.mark.parametrize("text", [
    "1. Pháo 2 bình 5 Mã 8 tấn 7 2. Mã 2 tấn 3 Xe 9 tấn 1 Hòa",
    "1. Phao 2 binh 5 Ma 8 tan 7 2. Ma 2 tan 3 Xe 9 tan 1 Đỏ thắng",
    "Ván 1:\n1) P2-5 M8.7\n2) M2.3 X9.1\nTiên thắng",
    "1. P2-5 | M8.7\n2. M2.3 | X9.1\n(0-1)",
    "1.\tP2-5\tM8.7\n2.\tM2.3\tX9.1\n",
    "P2-5, M8.7, M2.3, X9.1",
    "P2-5; M8.7; M2.3; X9.1",
    "1. P2-5 ………M8.7\n2. M2.3 ……… X9.1\nĐen thắng",
    "1. Pháo 2-5, Mã 8 tấn 7\n2. M2.3, …\n2. … , Xe 9 tấn 1",
    "1. 炮二平五，马８进７。2. 马二进三，车９进１。红胜",
    "1. h2 e2 h9 g7 2. h0 g2 i9 i8 和棋",
])
def test_layouts_of_the_issue(text: str) -> None:
    assert iccs(text) == OPENING, text


@pytest.mark.parametrize(("text", "result"), [
    ("P2-5 M8.7 Hòa", "1/2-1/2"), ("P2-5 M8.7 HOÀ", "1/2-1/2"), ("P2-5 M8.7 Đỏ thắng", "1-0"),
    ("P2-5 M8.7 Tiên thắng", "1-0"), ("P2-5 M8.7 Hậu thắng", "0-1"),
    ("P2-5 M8.7 Xanh thắng", "0-1"),
    ("P2-5 M8.7 Đen thua", "1-0"), ("P2-5 M8.7 Tiên bại", "0-1"), ("P2-5 M8.7 (0-1)", "0-1"),
    ("P2-5 M8.7 Thua", "0-1"), ("P2-5 Thua", "1-0"), ("炮二平五 黑胜", "0-1"),
    ("炮二平五 和棋", "1/2-1/2"), ("炮二平五 红胜", "1-0")])
def test_result_words(text: str, result: str) -> None:
    [game] = read_pgn(text)
    assert game.result == result and game.moves


def test_skipped_lines_are_reported() -> None:
    [game] = read_pgn("Ván 1:\n1. P2-5 M8.7\nĐây là thế trận nổi tiếng của hai bên\n2. M2.3 X9.1")
    assert len(game.moves) == 4 and game.complete
    skipped = [i.token for i in game.issues if i.warning]
    assert skipped == ["heading: Ván 1:", "text: Đây là thế trận nổi tiếng của hai bên"]


def test_a_fen_with_full_move_zero_is_read() -> None:
    text = ('[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0"]\n\n'
            "1. C2.5 H8+7 *\n")
    [game] = read_pgn(text)
    assert len(game.moves) == 2 and game.complete
    assert any("move number 0" in i.reason for i in game.issues)


def test_a_lone_king_in_a_record_is_applied_and_reported() -> None:
    [game] = read_pgn('[FEN "5k3/9/9/9/9/9/4P4/9/4A4/3K5 w"]\n\n1. Tg.1 *')
    assert [m.iccs for m in game.moves] == ["d0d1"] and game.complete
    assert game.issues[0].inferred


def test_written_in_words_and_read_back() -> None:
    [game] = read_pgn("1. P2-5 M8.7 2. M2.3 X9.1 *")
    for notation in ("vi-words", "vi-words-ascii"):
        text = write_pgn(game, notation)
        assert "Pháo 2 bình 5" in text or "Phao 2 binh 5" in text
        [back] = read_pgn(text)
        assert back.moves == game.moves and back.ok


# --- real records (tests/data/vietnamese) ---------------------------------------------

def read(name: str) -> str:
    return data_path("vietnamese", name).read_text(encoding="utf-8")


def test_thanglongkydao_full_words_with_commas_and_ellipses() -> None:
    [game] = read_any(read("thanglongkydao_quy_boi_phao_cuoc7.txt"))
    assert len(game.moves) == 22 and game.complete and game.notation == "vi"
    assert [m.iccs for m in game.moves[:4]] == OPENING
    # The headings and the prose lines (with their variations) are skipped, and said.
    skipped = [i.token for i in game.issues if i.warning]
    assert len(skipped) == 7 and skipped[0].startswith("heading: Chương 1")


def test_truyenhinhcapsongthu_three_layouts_of_one_opening() -> None:
    lines = read("truyenhinhcapsongthu_ghi_bien_ban.txt").splitlines()
    expected = ["h2e2", "h9g7", "h0g2", "i9h9"]  # ... Xe 9 bình 8 (Black's rook to file 8)
    for pair in (lines[0:2], lines[2:4], lines[4:6]):
        assert iccs("\n".join(pair)) == expected, pair


def test_vietnamchess_newlink_compact_columns_between_prose() -> None:
    [game] = read_any(read("vietnamchess_newlink_2013.txt"))
    assert len(game.moves) == 22 and game.complete and game.notation == "vi"
    assert sum(i.warning for i in game.issues) == 2  # the title line and the commentary


def test_vietnamchess_mai_thanh_minh_tran_quoi_wxf() -> None:
    text = read("vietnamchess_mai_thanh_minh_tran_quoi_1985.txt")
    movetext = text.split("START{", 1)[1]  # the viewer's block, cut at move 27 on the page
    [game] = read_pgn(movetext)
    assert len(game.moves) == 52 and game.ok and game.notation == "wxf"


def test_sunday_puzzle_solution_with_dot_leaders() -> None:
    # A composed endgame whose diagram is an image: the solution is read without a board.
    tokens, result, skipped = tokenize_report(read("sunday_the_co_that_tu_lien_ngam.txt"))
    assert len(tokens) == 30 and result == "1/2-1/2"
    assert "Tg-5" in tokens and "Tg.1" in tokens and "Tg-4" in tokens
    for token in tokens:
        parse_spec(VIETNAMESE, compact_readings(token)[0], allow_missing=True)
    assert len(skipped) == 4  # "Cách Giải" and the three notes after the result


def test_sunday_single_rook_endgame_stops_at_an_unknown_word() -> None:
    # FEN from the page's coordinates (Tg (5,1) X(8,5) / Tg(4,1) S(6,1) S(5,1) B(1,3)
    # B(3,5)); the centre advisor is put on e8, where its move "Sĩ 5 thoái 4" needs it.
    fen = "3k1a3/4a4/b8/9/2b6/1R7/9/9/9/4K4 w"
    text = read("sunday_don_xa_cuoc1.txt")
    [game] = read_pgn(f'[FEN "{fen}"]\n\n' + text)
    assert [m.iccs for m in game.moves] == ["b4b9", "d9d8", "b9a9", "d8d7", "a9a8"]
    stop = next(i for i in game.issues if not i.warning)
    assert "'Bồ' is not a Vietnamese piece" in stop.reason


def test_counts_of_the_real_records() -> None:
    names = ["thanglongkydao_quy_boi_phao_cuoc7.txt", "vietnamchess_newlink_2013.txt"]
    plies = sum(len(read_any(read(n))[0].moves) for n in names)
    words = sum(len(re.findall(r"\d", t)) > 0 for t in tokenize(
        read("thanglongkydao_quy_boi_phao_cuoc7.txt"))[0])
    assert plies == 44 and words == 22
