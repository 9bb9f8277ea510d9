"""The judgement arithmetic of computer analysis (cotuong.server.analysis.judge): the expected
score curve, the thresholds, the marks of whole games, and the per-ply view."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cotuong import START_FEN
from cotuong.server.analysis.judge import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    SCALE_CP,
    expected,
    judge,
    judgement,
    plies_view,
    summary,
)
from cotuong.server.workers.jobs import PositionEval


def ev(ply: int, cp: int | None = None, mate: int | None = None, best: str | None = "a0a1",
       winner: str | None = None) -> PositionEval:
    return PositionEval(ply, cp, mate, best, winner)


def test_expected_score_curve() -> None:
    assert expected(0) == 0.5
    assert expected(int(SCALE_CP)) == pytest.approx(1 / (1 + math.exp(-1)))
    assert expected(400) == pytest.approx(0.7523, abs=1e-4)
    assert expected(None, mate=3) == 1.0 and expected(None, mate=-7) == 0.0
    with pytest.raises(ValueError):
        expected(None)


@given(st.integers(-5000, 5000), st.integers(1, 3000))
def test_expected_is_increasing_and_symmetric(cp: int, more: int) -> None:
    assert 0 < expected(cp) < 1
    assert expected(cp + more) > expected(cp)
    assert expected(-cp) == pytest.approx(1 - expected(cp))


def test_thresholds() -> None:
    assert judgement(0.5, 0.5 - INACCURACY) == "inaccuracy"
    assert judgement(0.5, 0.5 - MISTAKE) == "mistake"
    assert judgement(0.5, 0.5 - BLUNDER) == "blunder"
    assert judgement(0.5, 0.5 - INACCURACY + 0.001) is None
    assert judgement(0.5, 0.9) is None  # an improvement


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_a_bigger_loss_is_never_a_lighter_mark(before: float, a: float, b: float) -> None:
    order = [None, "inaccuracy", "mistake", "blunder"]
    worse, better = min(a, b), max(a, b)
    assert order.index(judgement(before, worse)) >= order.index(judgement(before, better))


def test_material_in_an_equal_game() -> None:
    # From equality, losing a pawn / two pawns / a horse (Red's view, Red moved).
    moves = ["a0a1"] * 1
    assert judge([ev(0, 0, best="h2e2"), ev(1, -100)], moves) == ["inaccuracy"]
    assert judge([ev(0, 0, best="h2e2"), ev(1, -200)], moves) == ["mistake"]
    assert judge([ev(0, 0, best="h2e2"), ev(1, -400)], moves) == ["blunder"]
    assert judge([ev(0, 0, best="h2e2"), ev(1, -40)], moves) == [None]


def test_marks_are_from_the_movers_point_of_view() -> None:
    moves = ["h2e2", "h9g7", "h0g2"]
    evals = [ev(0, 20, best="h2e2"), ev(1, 30, best="b9c7"),  # Red played the best move
             ev(2, 500, best="b0c2"),  # Black's move gave Red +470: a Black blunder
             ev(3, 300)]              # Red gave much of it back: Red's mistake
    assert judge(evals, moves) == [None, "blunder", "mistake"]


def test_the_engines_own_move_is_never_marked() -> None:
    # Noise between depths can show a drop even for the engine's choice.
    assert judge([ev(0, 0, best="h2e2"), ev(1, -300)], ["h2e2"]) == [None]


def test_a_won_game_stays_won() -> None:
    assert judge([ev(0, 1500, best="x"), ev(1, 1100)], ["a0a1"]) == [None]
    # ... but throwing a forced mate away for a small edge is marked.
    assert judge([ev(0, None, mate=2, best="x"), ev(1, 200)], ["a0a1"]) == ["blunder"]


def test_walking_into_mate_and_the_final_position() -> None:
    moves = ["a0a1", "e9e8"]
    evals = [ev(0, 0, best="x"), ev(1, None, mate=-3, best="y"),  # Red allows a mate in 3
             ev(2, None, mate=0, best=None, winner="black")]      # Black mates at once
    assert judge(evals, moves) == ["blunder", None]


def test_black_moving_first() -> None:
    # From a FEN with Black to move, ply 1 is Black's move.
    evals = [ev(0, 0, best="x"), ev(1, 400)]
    assert judge(evals, ["a9a8"], red_moves_first=False) == ["blunder"]
    assert judge(evals, ["a9a8"], red_moves_first=True) == [None]


def test_an_engine_without_a_score_marks_nothing() -> None:
    assert judge([ev(0, None, best="x"), ev(1, -900)], ["a0a1"]) == [None]


def test_the_per_ply_view() -> None:
    moves = ["h2e2", "h9g7"]
    evals = [ev(0, 30, best="h2e2"), ev(1, -400, best="b9c7"), ev(2, None, mate=4,
                                                                  best="h0g2")]
    plies = plies_view(START_FEN, moves, evals)
    assert [p["ply"] for p in plies] == [0, 1, 2]
    assert plies[0] == {"ply": 0, "move": None, "score_cp": 30,
                        "expected": round(expected(30), 3), "best": "h2e2",
                        "best_texts": {"vi": "P2-5", "wxf": "C2.5", "zh": "炮二平五"},
                        "judgement": None}
    assert plies[1]["judgement"] is None  # the engine's own move
    assert plies[1]["best_texts"]["vi"] == "M2.3"
    assert plies[2]["mate"] == 4 and "score_cp" not in plies[2]
    assert plies[2]["expected"] == 1.0
    assert plies[2]["judgement"] == "blunder"  # Black let Red mate
    assert summary(plies) == {"red": {"inaccuracy": 0, "mistake": 0, "blunder": 0},
                              "black": {"inaccuracy": 0, "mistake": 0, "blunder": 1}}
