"""The opening book of ``cotuong match``: the built-in book replays and is varied, an
openings file's errors name the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from cotuong import Board, Color, Move, RecordError
from cotuong.arena import Opening, load_openings


def test_builtin_opening_book_replays_and_is_varied() -> None:
    book = load_openings()
    assert len(book) >= 20
    assert len({o.fen for o in book}) == len(book)
    assert len({o.name for o in book}) == len(book)
    for opening in book:
        assert 2 <= len(opening.moves) <= 6, opening.name
        board = Board()
        for m in opening.moves:
            board.push(Move.from_iccs(m))
        assert board.fen() == opening.fen, opening.name
        assert board.legal_moves
    # both colours to move occur, and more than one first move
    assert {Board(o.fen).turn for o in book} == {Color.RED, Color.BLACK}
    assert len({o.moves[0] for o in book}) >= 5


def test_opening_file_errors_name_the_line(tmp_path: Path) -> None:
    good = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    path = tmp_path / "book.txt"
    path.write_text(f"# comment\n{good} ; start\n\nnot a fen ; broken\n", encoding="utf-8")
    with pytest.raises(RecordError, match="line 4"):
        load_openings(path)
    path.write_text("3k5/4R4/3R5/9/9/9/9/9/9/4K4 b - - 0 1\n", encoding="utf-8")
    with pytest.raises(RecordError, match="already over"):
        load_openings(path)
    with pytest.raises(RecordError, match="cannot read"):
        load_openings(tmp_path / "missing.txt")
    path.write_text("# nothing\n", encoding="utf-8")
    with pytest.raises(RecordError, match="no opening"):
        load_openings(path)
    path.write_text(f"{good}\n", encoding="utf-8")
    assert load_openings(path) == [Opening(good)]
