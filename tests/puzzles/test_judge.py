"""judge(): right, wrong, an accepted alternative, complete, and attempts it cannot judge.

Hand-made positions check each case where it is known by construction; the shipped
collection is used for the properties (hypothesis): any legal solver move is judged
without error, the main move is right, and a wrong verdict names the main move.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cotuong import Board, Move
from cotuong.puzzles import (
    Puzzle,
    PuzzleMoveError,
    judge,
    load_collection,
    puzzle_from_json,
    start_game,
)

# Red rooks a0 and b1, king d0 (it holds the d-file); Black's king e9 alone. a0a8 takes
# rank 8, e9f9 is Black's only move, b1b9 mates on rank 9 (the ladder).
LADDER_FEN = "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1"
LADDER = {
    "puzzle_id": "t-ladder", "fen": LADDER_FEN,
    "moves_before": [], "solver": "red", "goal": "win", "themes": ["mate"],
    "solution": ["a0a8", "e9f9", "b1b9"], "accepted": [["a0a8"], ["b1b9"]],
    "rating": 900, "rules": "xiangqiplay", "source": "hand-made", "title": None}


def make(**changes: object) -> Puzzle:
    return puzzle_from_json({**LADDER, **changes})


def mates(board: Board, iccs: str) -> bool:
    board = board.copy()
    board.push(Move.from_iccs(iccs))
    return not board.has_legal_move()


def test_right_then_complete() -> None:
    p = make()
    v = judge(p, ["a0a8"])
    assert (v.correct, v.complete, v.reply, v.expected, v.ply) == (True, False, "e9f9", None, 0)
    v = judge(p, ["a0a8", "e9f9", "b1b9"])
    assert (v.correct, v.complete, v.reply, v.alternative, v.ply) == (True, True, None, False, 2)


def test_wrong_names_the_right_move() -> None:
    p = make()
    v = judge(p, ["a0a1"])
    assert (v.correct, v.complete, v.expected, v.ply) == (False, False, "a0a8", 0)
    v = judge(p, ["a0a8", "e9f9", "b1b2"])
    assert (v.correct, v.expected, v.ply) == (False, "b1b9", 2)
    assert mates(Board(LADDER_FEN), "a0a8") is False


def test_stored_alternative_is_accepted_and_ends_the_puzzle() -> None:
    # Stored as accepted (as the build stores moves that also win), a0a7 ends it solved.
    p = make(accepted=[["a0a8", "a0a7"], ["b1b9"]])
    v = judge(p, ["a0a7"])
    assert (v.correct, v.complete, v.alternative, v.reply) == (True, True, True, None)


def test_unlisted_immediate_mate_is_never_wrong() -> None:
    # Two rooks on rank 8: b8b9 and h8h9 both mate; the puzzle stores only one.
    fen = "4k4/1R5R1/9/9/9/9/9/9/9/3K5 w - - 0 1"
    board = Board(fen)
    assert mates(board, "b8b9") and mates(board, "h8h9")
    p = make(fen=fen, solution=["h8h9"], accepted=[["h8h9"]])
    assert judge(p, ["h8h9"]).alternative is False
    v = judge(p, ["b8b9"])
    assert (v.correct, v.complete, v.alternative) == (True, True, True)
    assert judge(p, ["b8b7"]).correct is False


@pytest.mark.parametrize(("moves", "code"), [
    ([], "PUZZLE_NO_MOVES"),
    (["a0a8", "e9f9"], "PUZZLE_ENDS_WITH_REPLY"),
    (["a0a8", "e9e8", "b1b9"], "PUZZLE_ILLEGAL_MOVE"),  # the reply is illegal
    (["d0d2"], "PUZZLE_ILLEGAL_MOVE"),
    (["zz99"], "PUZZLE_ILLEGAL_MOVE"),
    ([17], "PUZZLE_NOT_A_MOVE"),
    (["a0a8", "e9f9", "b1b9", "f9e9", "a8a9"], "PUZZLE_AFTER_END"),
])
def test_attempts_that_cannot_be_judged(moves: list[object], code: str) -> None:
    with pytest.raises(PuzzleMoveError) as info:
        judge(make(), moves)  # type: ignore[arg-type]
    assert info.value.code == code
    assert isinstance(info.value, ValueError)
    assert info.value.reason.text("vi") and info.value.reason.text("en")


def test_a_reply_that_is_not_the_puzzles() -> None:
    start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    p = make(fen=start, solution=["h2e2", "h9g7", "h0g2"], accepted=[["h2e2"], ["h0g2"]])
    with pytest.raises(PuzzleMoveError) as info:
        judge(p, ["h2e2", "b9c7", "h0g2"])
    assert info.value.code == "PUZZLE_WRONG_REPLY"


def test_a_string_is_not_a_move_list() -> None:
    with pytest.raises(PuzzleMoveError) as info:
        judge(make(), "a0a8")
    assert info.value.code == "PUZZLE_NOT_A_MOVE"


def test_alternative_then_more_moves_is_after_the_end() -> None:
    p = make(accepted=[["a0a8", "a0a7"], ["b1b9"]])
    with pytest.raises(PuzzleMoveError) as info:
        judge(p, ["a0a7", "e9f9", "b1b9"])
    assert info.value.code == "PUZZLE_AFTER_END"


PUZZLES = tuple(load_collection())


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_legal_solver_move_is_judged(data: st.DataObject) -> None:
    p = data.draw(st.sampled_from(PUZZLES))
    k = data.draw(st.integers(0, len(p.solver_moves) - 1))
    game = start_game(p)
    for m in p.solution[:2 * k]:
        game.play(m, "iccs")
    board = game.board
    move = data.draw(st.sampled_from(sorted(board.legal_moves.iccs())))
    v = judge(p, [*p.solution[:2 * k], move])
    assert v.ply == 2 * k
    if move == p.solution[2 * k]:
        assert v.correct and not v.alternative
        assert v.complete == (2 * k == len(p.solution) - 1)
        assert v.reply == (None if v.complete else p.solution[2 * k + 1])
    elif move in p.accepted[k] or mates(board, move):
        assert v.correct and v.complete and v.alternative
    else:
        # A move the collection does not accept is wrong, unless the referee ends the
        # game for the solver on the spot (judge accepts any immediate win).
        if v.correct:
            assert v.alternative and v.complete
        else:
            assert v.expected == p.solution[2 * k] and not v.complete and v.reply is None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_prefix_of_the_solution_is_right(data: st.DataObject) -> None:
    p = data.draw(st.sampled_from(PUZZLES))
    k = data.draw(st.integers(0, len(p.solver_moves) - 1))
    v = judge(p, p.solution[:2 * k + 1])
    assert v.correct and v.expected is None
    assert v.complete == (k == len(p.solver_moves) - 1)
