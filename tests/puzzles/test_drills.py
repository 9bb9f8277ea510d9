"""The repetition trainer's drills: they load, and their answers are the referee's and
the rule books' (tests/data/repetition_cases.jsonl, whose results come from the law's
diagrams, the Asian rule book and Fairy-Stockfish's tests)."""

from __future__ import annotations

import json

import pytest
from tests.conftest import data_path

from cotuong.puzzles import (
    PuzzleMoveError,
    UnknownPuzzleError,
    drill_by_id,
    load_repetition_drills,
    rule_loop,
)
from cotuong.puzzles.drills import ANSWERS

DRILLS = load_repetition_drills()
CASES = {c["id"]: c for c in map(json.loads,
                                 data_path("repetition_cases.jsonl").read_text().splitlines())}


def test_drills_load_from_package_data() -> None:
    assert load_repetition_drills() is DRILLS
    assert len(DRILLS) >= 200 and len({d.drill_id for d in DRILLS}) == len(DRILLS)
    assert {d.answer for d in DRILLS} == set(ANSWERS)
    assert {f"seed-hinh-{i}" for i in range(1, 11)} <= {d.drill_id for d in DRILLS}


@pytest.mark.parametrize("d", DRILLS, ids=[d.drill_id for d in DRILLS])
def test_answer_is_the_referees_and_the_rule_books(d) -> None:  # type: ignore[no-untyped-def]
    ruling = rule_loop(d.fen, d.moves)
    assert (ruling.answer, ruling.reason, ruling.clause) == (d.answer, d.reason, d.clause)
    assert (ruling.explanation_vi, ruling.explanation_en) == (d.explanation_vi,
                                                              d.explanation_en)
    case = CASES[d.drill_id]
    assert list(d.moves) == case["moves"]
    must_change = {"red": "black", "black": "red", "draw": "draw"}[case["result"]]
    assert d.answer == must_change


def test_seed_diagram_hinh_1_in_words_with_the_clause() -> None:
    d = drill_by_id("seed-hinh-1")
    assert d.answer == "red" and d.reason == "PERPETUAL_CHECK"
    assert "Đỏ chiếu dai" in d.explanation_vi and "Điều 23.1" in d.explanation_vi
    assert "perpetual check" in d.explanation_en and "Article 23.1" in d.explanation_en
    assert "Hình 1" in d.source


def test_a_draw_drill_says_neither_must_change() -> None:
    d = next(d for d in DRILLS if d.answer == "draw")
    assert (d.reason, d.clause) in (("NO_VIOLATOR", "000 Điều 24.2"),
                                    ("BOTH_VIOLATE", "000 Điều 23.2"))


def test_errors() -> None:
    with pytest.raises(UnknownPuzzleError) as info:
        drill_by_id("nope")
    assert info.value.code == "DRILL_UNKNOWN"
    d = DRILLS[0]
    with pytest.raises(PuzzleMoveError) as err:
        rule_loop(d.fen, d.moves[:-1])  # one move short: no order yet
    assert err.value.code == "DRILL_NO_ORDER"
    with pytest.raises(PuzzleMoveError) as err:
        rule_loop(d.fen, ["a0a0"])
    assert err.value.code == "PUZZLE_ILLEGAL_MOVE"
