"""``make_move_texts`` writes a move in several notations at once exactly as
``make_move_text`` writes each (the game server's texts after every move), also in
positions with tandem pieces, and refuses an illegal move the same way."""

from __future__ import annotations

import random

import pytest
from tests.notation.positions import SYNTHETIC

from cotuong import Board, IllegalMoveError, Move
from cotuong.notation import make_move_text, make_move_texts

NAMES = ("vi", "wxf", "zh", "iccs", "vi-words")


@pytest.mark.parametrize("fen", [Board().fen(), *SYNTHETIC[:6]])
def test_texts_at_once_are_the_texts_one_by_one(fen: str) -> None:
    rng = random.Random(fen)
    board = Board(fen)
    for _ in range(40):
        legal = list(board.legal_moves)
        if not legal:
            break
        for move in legal:
            assert make_move_texts(board, move, NAMES) == {
                n: make_move_text(board, move, n) for n in NAMES}
        board.push(rng.choice(legal))


def test_an_illegal_move_is_refused_as_one_by_one() -> None:
    with pytest.raises(IllegalMoveError) as one:
        make_move_text(Board(), Move.from_iccs("a0a5"), "vi")
    with pytest.raises(IllegalMoveError) as many:
        make_move_texts(Board(), Move.from_iccs("a0a5"))
    assert str(many.value) == str(one.value)
