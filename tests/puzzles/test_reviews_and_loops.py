"""The build's review step and the perpetual-check saves, on the shipped data.

``scripts/puzzle_review.json`` accepts, at two late solver moves, the move Fairy-Stockfish
preferred: a repeat of the line's check whose forced reply leads back into the line
(``scripts/puzzle_review.py`` proves it on every build). Here: the data carries those
moves, ``judge`` accepts them, and the proof refuses moves that are no such repeat. The
``perpetual_save`` puzzles end with the solver's move making a position occur the third
time, which the referee draws (never a loss), and another first move is judged wrong.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cotuong import Termination
from cotuong.puzzles import judge, load_collection, puzzle_to_json, start_game

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
COLLECTION = load_collection()
LOOPS = COLLECTION.with_theme("perpetual_save")


@pytest.fixture(scope="module")
def review():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(SCRIPTS))
    try:
        import puzzle_review
        yield puzzle_review
    finally:
        sys.path.remove(str(SCRIPTS))


def test_every_review_is_applied_to_the_data(review) -> None:  # type: ignore[no-untyped-def]
    reviews = json.loads((SCRIPTS / "puzzle_review.json").read_text(encoding="utf-8"))
    for r in reviews["reviews"]:
        if r.get("reject"):
            assert r["puzzle_id"] not in COLLECTION
            continue
        p = COLLECTION.by_id(r["puzzle_id"])
        k = r["solver_move"] - 1
        assert r["accept"] in p.accepted[k] and r["accept"] != p.accepted[k][0]
        assert review.repeat_problem(puzzle_to_json(p), k, r["accept"]) == ""
        verdict = judge(p, [*p.solution[:2 * k], r["accept"]])
        assert verdict.correct and verdict.complete and verdict.alternative


def test_the_proof_refuses_what_is_no_repeat(review) -> None:  # type: ignore[no-untyped-def]
    p = puzzle_to_json(COLLECTION.by_id("ccpd-ac-0638-p205"))
    assert "not forced" in review.repeat_problem(p, 0, p["solution"][0])
    assert "not one of the line's" in review.repeat_problem(p, 1, p["solution"][2])
    assert "not legal" in review.repeat_problem(p, 3, "a0a1")
    with pytest.raises(SystemExit):  # a claim that no longer holds stops the build
        review.apply_reviews(p, {p["puzzle_id"]: [{
            "puzzle_id": p["puzzle_id"], "solver_move": 1, "accept": p["solution"][0],
            "check": "repeat", "reason": "test"}]}, {})


def test_there_are_perpetual_saves() -> None:
    assert len(LOOPS) >= 5


@pytest.mark.parametrize("p", LOOPS, ids=[p.puzzle_id for p in LOOPS])
def test_a_loop_is_drawn_by_the_solvers_last_move(p) -> None:  # type: ignore[no-untyped-def]
    assert p.goal == "draw" and "hold_draw" in p.themes
    game = start_game(p)
    for move in p.solution:
        assert game.outcome is None
        game.play(move, "iccs")
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.termination is Termination.REPETITION_DRAW
    assert judge(p, p.solution).complete
    # The first move is a find (more than three legal moves): any other is wrong.
    others = [m.iccs for m in start_game(p).board.legal_moves if m.iccs not in p.accepted[0]]
    assert len(others) >= 3
    assert not any(judge(p, [m]).correct for m in others)
