"""RULES.md §5, classification and ruling: check / chase / idle per side, then the
rule set's verdict. The per-move facts are set by hand on a real loop (the seed 002
chase loop), so each clause is tested on its own."""

from __future__ import annotations

import pytest

from cotuong import Board, Color, Game, Move
from cotuong.referee import ASIAN, XIANGQIPLAY, PlyNote, RuleSet, classify

LOOP_FEN = "4k4/9/2n5R/9/9/9/9/9/9/3K5 b - - 0 1"
LOOP = ["c7b5", "i7i5", "b5c7", "i5i7"] * 2  # Black moves first


def loop_with(black: list[tuple[bool, set[int]]], red: list[tuple[bool, set[int]]],
              rules: RuleSet) -> tuple[str, str, Color | None]:
    """Play the loop with the given (check, chased ids) facts per side's move."""
    board = Board(LOOP_FEN)
    facts = iter([x for pair in zip(black * 2, red * 2, strict=True) for x in pair])
    for text in LOOP:
        check, chased = next(facts)
        note = PlyNote(check)
        note.chases = frozenset(chased)
        board.push(Move.from_iccs(text), note=note)
    ruling = classify(board, 0, rules)
    return ruling.black.kind, ruling.red.kind, ruling.winner


IDLE = (False, set())


def test_one_piece_chased_by_every_move_is_a_chase_even_by_two_attackers() -> None:
    # The chase set holds victims, whichever piece attacks them: two pieces taking
    # turns at one victim chase it (000 Điều 23 point 3).
    assert loop_with([IDLE, IDLE], [(False, {17}), (False, {17})], ASIAN) == \
        ("idle", "chase", Color.BLACK)


def test_one_piece_alternating_between_two_victims_is_idle() -> None:
    assert loop_with([IDLE, IDLE], [(False, {17}), (False, {18})], ASIAN) == \
        ("idle", "idle", None)


def test_every_move_a_check_is_perpetual_check() -> None:
    assert loop_with([IDLE, IDLE], [(True, set()), (True, set())], ASIAN) == \
        ("idle", "check", Color.BLACK)


def test_one_check_one_chase_is_no_violation() -> None:
    assert loop_with([IDLE, IDLE], [(True, set()), (False, {17})], ASIAN) == \
        ("idle", "idle", None)


@pytest.mark.parametrize(("black", "red", "asian", "xiangqiplay"), [
    ("check", "chase", Color.RED, None),      # Asian: the checker loses; XiangqiPlay: draw
    ("chase", "idle", Color.RED, Color.RED),
    ("check", "check", None, None),
    ("chase", "chase", None, None),
    ("idle", "idle", None, None),
])
def test_verdicts_of_the_two_rule_sets(black: str, red: str, asian: Color | None,
                                       xiangqiplay: Color | None) -> None:
    moves = {"check": (True, set()), "chase": (False, {0, 17}), "idle": IDLE}
    for rules, expected in ((ASIAN, asian), (XIANGQIPLAY, xiangqiplay)):
        got = loop_with([moves[black]] * 2, [moves[red]] * 2, rules)
        assert got == (black, red, expected), rules.name


def test_a_rook_alternating_between_two_horses_is_idle_in_play() -> None:
    # Built position: the rook a4-a6-a4 attacks the horse c4, then the horse c6, then
    # c4 again; Black only shuffles its advisor. Both rule sets: a draw (under asian
    # the verdict of the order: drawn if neither side changes).
    fen = "3ak4/9/9/2n6/9/R1n6/9/9/9/5K3 w - - 0 1"
    for rules in ("asian", "xiangqiplay"):
        game = Game(fen, rules)
        for text in ["a4a6", "d9e8", "a6a4", "e8d9"] * 2:
            game.play(text)
        if rules == "asian":
            order = game.pending_order
            assert order is not None and order.side is None and order.winner is None
            continue
        assert game.outcome is not None and game.outcome.winner is None, rules
