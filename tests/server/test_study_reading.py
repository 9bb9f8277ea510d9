"""Reading a pasted game (server/study/reading.py): the loose-numbering clean-up loses no
move of any real record (differential against the records reader alone), numbering typed
in any way reads the same game (hypothesis), and every kind of skipped item is named in
Vietnamese and English."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cotuong.records import read_any, read_pgn
from cotuong.server.study.reading import normalize_numbering, read_pasted

DATA = Path(__file__).resolve().parents[1] / "data"
RECORDS = sorted((DATA / "vietnamese").glob("*.txt")) + \
    sorted((DATA / "games" / "xqdb15").glob("*.pgn")) + \
    sorted((DATA / "games" / "xqdb15" / "dhtmlxq").glob("*.html"))[:5]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_the_clean_up_loses_no_move_of_a_real_record(path: Path) -> None:
    text = path.read_text("utf-8", errors="replace")
    alone = read_any(text)
    first = next((r for r in alone if r.moves), alone[0] if alone else None)
    game = read_pasted(text)
    assert game.games == len(alone)
    assert first is not None
    assert game.moves == tuple(m.iccs for m in first.moves)
    assert game.start_fen == first.start_fen


# A real opening (Phan Phúc Trường – Trương Á Minh, tests/data/vietnamese) in compact
# Vietnamese notation: what a player types.
GAME = ["P2-5", "M8.7", "M2.3", "X9-8", "X1-2", "P8-9", "X2.6", "M2.3", "C3.1", "C3.1"]
STYLES = ["{n}. ", "{n} . ", "{n}) ", "{n})", "{n}: ", "{n}.", "", "  {n}.  "]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(STYLES), min_size=5, max_size=5),
       st.lists(st.sampled_from([" ", "  ", "\t", "\n", " , "]), min_size=5, max_size=5),
       st.booleans())
def test_numbering_typed_any_way_reads_the_same_game(styles: list[str], gaps: list[str],
                                                     lines: bool) -> None:
    expected = tuple(m.iccs for m in read_pgn(" ".join(GAME))[0].moves)
    assert len(expected) == len(GAME)
    parts = []
    for i in range(5):
        parts.append(styles[i].format(n=i + 1) + GAME[2 * i] + gaps[i] + GAME[2 * i + 1])
    text = ("\n" if lines else " ").join(parts)
    assert read_pasted(text).moves == expected, text


def test_numbers_are_set_apart_and_nothing_else_changes() -> None:
    assert normalize_numbering("1)P2-5 M8.7\n2 . M2.3") == "1. P2-5 M8.7\n2. M2.3"
    for same in ('[Date "2013.09.15"]', "Biến 1: Chốt 7 tấn 1", "33.4 P2-5",
                 "Xe 2 tấn 4, Pháo 8 tấn 5.", "C2.5 H8+7", "Ván 1:"):
        assert normalize_numbering(same) == same


@pytest.mark.parametrize(("text", "moves", "ply", "vi", "en"), [
    ("Chương 1: Khai cuộc\n1. P2-5 M8.7", 2, 0, "Bỏ qua dòng tiêu đề", "a heading, skipped"),
    ("1. C2.5 H8+7 2. H2+3 R9.1", 3, 4,
     "Nước đi không hợp lệ: Không được ăn quân mình (Xe Đen ở a10); dừng ở đây",
     "an illegal move: cannot capture your own piece (Black rook on a10); reading stopped "
     "here"),
    ("Tg/1", 0, 1, "Không đọc được nước đi: thiếu số cột của quân", "the move cannot be read"),
    ("1. P2-5 M8.7 2. Tg.1", 3, 3, "Ghi thiếu; đã hiểu là e0e1", "incomplete; read as e0e1"),
    ('[Result "1-0"]\n1. h2e2 h9g7 0-1', 2, 0, "Kết quả ghi cuối ván khác",
     "the result after the moves differs"),
    ("1. h2e2 {unclosed h9g7", 1, 2, "Lời bình hay biến mở mà không đóng",
     "a comment or variation is never closed"),
])
def test_each_kind_of_skipped_item_is_named(text: str, moves: int, ply: int, vi: str,
                                            en: str) -> None:
    game = read_pasted(text)
    assert len(game.moves) == moves
    skipped = game.skipped[0]
    assert skipped.ply == ply
    assert skipped.vi.startswith(vi) and skipped.en.startswith(en)
    assert skipped.reason("en") == skipped.en and skipped.reason("vi") == skipped.vi
