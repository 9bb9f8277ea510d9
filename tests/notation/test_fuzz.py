"""Random and mutated move strings only ever raise our own errors, and quickly."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.notation.positions import PERFT_FENS, SYNTHETIC

from cotuong import Board, CotuongError, Move
from cotuong.notation import make_move_text, parse_move

NOTATIONS = [None, "iccs", "wxf", "vi", "zh"]
ALPHABET = ("KAERHCPkaerhcpTgSTVXMBtsgNn0123456789+-.=/ abcdefghi"
            "车車俥马馬傌炮砲包相象仕士帅帥将將兵卒进進退平前后後中一二三四五六七八九"
            "１２３４５６７８９＋－＝．Ｐ Ｒ\u00a0\u200b\x00é…½")
BOARDS = [Board(f) for f in PERFT_FENS[:6] + SYNTHETIC[:6]]


def try_parse(board: Board, text: str, notation: str | None) -> None:
    try:
        move = parse_move(board, text, notation)
    except CotuongError:
        return
    assert isinstance(move, Move) and move in board.legal_moves


@settings(max_examples=400, deadline=500)
@given(text=st.text(alphabet=ALPHABET, max_size=12), which=st.integers(0, len(BOARDS) - 1),
       notation=st.sampled_from(NOTATIONS))
def test_random_strings(text: str, which: int, notation: str | None) -> None:
    try_parse(BOARDS[which], text, notation)


@settings(max_examples=200, deadline=500)
@given(text=st.text(max_size=40), notation=st.sampled_from(NOTATIONS))
def test_arbitrary_unicode(text: str, notation: str | None) -> None:
    try_parse(BOARDS[0], text, notation)


@settings(max_examples=300, deadline=500)
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(BOARDS) - 1),
       notation=st.sampled_from(["iccs", "wxf", "vi", "zh"]),
       target=st.sampled_from(NOTATIONS), edits=st.integers(1, 3))
def test_mutated_valid_moves(seed: int, which: int, notation: str, target: str | None,
                             edits: int) -> None:
    rng = random.Random(seed)
    board = BOARDS[which]
    moves = list(board.legal_moves)
    text = list(make_move_text(board, rng.choice(moves), notation))
    for _ in range(edits):
        op = rng.randrange(3)
        i = rng.randrange(len(text) + 1)
        if op == 0:
            text.insert(i, rng.choice(ALPHABET))
        elif text:
            j = min(i, len(text) - 1)
            if op == 1:
                del text[j]
            else:
                text[j] = rng.choice(ALPHABET)
    try_parse(board, "".join(text), target)


def test_long_designators_do_not_explode() -> None:
    board = Board()
    for text in ("s" * 40 + "-1", "Tg" * 30 + ".1", "前" * 50 + "进一", "+" * 100 + "1"):
        for notation in NOTATIONS:
            try_parse(board, text, notation)
