"""The board's public low-level view (squares, side, ids, king squares, stack, codes)
says the same as its checked API, over games hypothesis plays."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cotuong import Board, Color, Move, NoMoveToUndoError

STARTS = [
    None,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",  # perft.md rows
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w",
]


def assert_views_agree(board: Board) -> None:
    for sq in range(90):
        code = board.squares[sq]
        piece = board.piece_at(sq)
        assert (piece.code if piece else 0) == code
        pid = board.square_ids[sq]
        assert board.piece_id_at(sq) == (pid if pid >= 0 else None)
        if pid >= 0:
            assert board.id_squares[pid] == sq
    for pid, sq in enumerate(board.id_squares):
        assert board.piece_square(pid) == (sq if sq >= 0 else None)
    assert board.side == board.turn.sign
    for color in (Color.RED, Color.BLACK):
        assert board.king_squares[color.sign] == board.king_square(color)
    assert board.king_attacked(board.king_squares[board.side], board.side) == board.is_check()
    codes = board.legal_codes()
    assert codes == [m.encode() for m in board.legal_moves]
    assert len(board.stack) == board.ply and [e.move for e in board.stack] == [
        m.encode() for m in board.move_stack]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(STARTS), st.lists(st.integers(min_value=0, max_value=10_000),
                                         max_size=40))
def test_low_level_view_matches_the_checked_api(fen: str | None, picks: list[int]) -> None:
    board, checked = Board(fen), Board(fen)
    for pick in picks:
        assert_views_agree(board)
        codes = board.legal_codes()
        if not codes:
            break
        code = codes[pick % len(codes)]
        assert board.is_legal_code(code)
        board.push_code(code, note=pick)
        checked.push(Move.decode(code))
        assert (board.fen(), board.key, board.stack[-1].note) == (checked.fen(), checked.key, pick)
    assert_views_agree(board)
    while board.stack:
        entry = board.pop_code()
        assert entry.move == checked.pop().encode()
        assert (board.fen(), board.key) == (checked.fen(), checked.key)


def test_is_legal_code_agrees_with_is_legal_on_every_from_to_pair() -> None:
    board = Board(STARTS[1])
    for f in range(90):
        for t in range(90):
            if f != t:
                assert board.is_legal_code(f << 7 | t) == board.is_legal(Move(f, t))


def test_pop_code_is_the_unchecked_pop() -> None:
    board = Board()
    with pytest.raises(IndexError):
        board.pop_code()
    with pytest.raises(NoMoveToUndoError):
        board.pop()


def test_legal_move_texts_come_from_the_table_of_every_move_code() -> None:
    # LegalMoves.iccs reads each code's text from a table: it must be the move's ICCS.
    for fen in (None, "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"):
        b = Board(fen) if fen else Board()
        assert b.legal_moves.iccs() == [m.iccs for m in b.legal_moves]


def test_from_iccs_reads_both_spellings_and_refuses_bad_texts() -> None:
    assert Move.from_iccs("b0c2") == Move.from_iccs("B0-C2") == Move(1, 20)
    for bad in ("b0c2x", "z0c2", "e0e0", "", "  "):
        with pytest.raises(ValueError):
            Move.from_iccs(bad)
