"""The conformance suite: tests/data/repetition_cases.jsonl (214 cases).

Every case must give its ``result`` under ``asian`` at exactly its last move (no
earlier ending): as the arbiter's order (``Game.pending_order``: the verdict it rests
on) for a repetition, as the outcome for a mate. Under ``xiangqiplay`` the verdict
is the outcome at that move. The ten seed diagrams must give the same under ``xiangqiplay``;
where ``xiangqiplay`` differs from ``asian`` on another case, the table below names
the simplification of seed 002 that makes it differ, and the test proves it by
switching that simplification off.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.conftest import data_path
from tests.referee.conftest import case_board, load_cases

from cotuong import Game
from cotuong.referee import ASIAN, XIANGQIPLAY, RuleSet

CASES = load_cases(data_path("repetition_cases.jsonl"))

# The two simplifications of seed 002 (RULES.md §5, `xiangqiplay`).
PROTECTED_ROOK = "a protected Xe attacked by Mã/Pháo is not chased"
CHECK_VS_CHASE = "a loop where one side checks and the other chases is a draw"
# Implied by "a protected piece is not chased" (seed 002), explicit in the Asian rules.
PROTECTED_MAJOR = "a protected Xe/Mã/Pháo attacked by Sĩ/Tượng is not chased"

XIANGQIPLAY_DIFFERS = {
    "asian-025": PROTECTED_ROOK,
    "asian-026": PROTECTED_ROOK,
    "asian-029": PROTECTED_ROOK,
    "asian-030": PROTECTED_ROOK,
    "asian-031": PROTECTED_ROOK,
    "asian-033": PROTECTED_ROOK,
    "asian-035": PROTECTED_ROOK,
    "asian-038": PROTECTED_ROOK,
    "asian-060": PROTECTED_ROOK,
    "asian-063": PROTECTED_ROOK,
    "asian-064": PROTECTED_ROOK,
    "asian-171": PROTECTED_ROOK,
    "asian-172": PROTECTED_ROOK,
    "fsf-00": PROTECTED_ROOK,
    "fsf-01": PROTECTED_ROOK,
    "fsf-07": CHECK_VS_CHASE,
    "fsf-32": PROTECTED_ROOK,
}

# What undoes each simplification: the Asian stronger-victim rule, the Asian levels.
UNDO = {
    PROTECTED_ROOK: {"stronger_victim": True},
    PROTECTED_MAJOR: {"minor_attacker": True},
    CHECK_VS_CHASE: {"repetition": "levels"},
}


def _result(game: Game) -> str:
    outcome = game.outcome
    order = game.pending_order
    if outcome is None and order is None:
        return "none"
    winner = outcome.winner if outcome is not None else order.winner  # type: ignore[union-attr]
    return "draw" if winner is None else winner.value


def run_case(case: dict[str, Any], rules: str | RuleSet) -> tuple[str, int | None]:
    """(verdict, index of the move after which the game ended or the order was
    given, or None)."""
    game = Game.from_board(case_board(case["fen"]), rules)
    for i, text in enumerate(case["moves"]):
        game.play(text)
        if game.outcome is not None or game.pending_order is not None:
            return _result(game), i
    return _result(game), None


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_asian_rules_give_the_rule_book_result_at_the_last_move(case: dict[str, Any]) -> None:
    result, ended = run_case(case, "asian")
    game = Game.from_board(case_board(case["fen"]), "asian")
    for text in case["moves"]:
        game.play(text)
    order = game.pending_order
    if order is not None:  # a repetition: an order, never an outcome, under asian
        assert game.outcome is None
        assert (order.side is None) == (order.winner is None)
    assert result == case["result"]
    if case["moves"]:
        last = len(case["moves"]) - 1
        assert ended in (None, last), f"ruled early, after move {ended} of {last}"
        if case["result"] != "none":
            assert ended == last


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_xiangqiplay_agrees_except_where_a_simplification_decides(
        case: dict[str, Any]) -> None:
    result, ended = run_case(case, "xiangqiplay")
    if case["moves"] and case["result"] != "none":
        assert ended == len(case["moves"]) - 1
    reason = XIANGQIPLAY_DIFFERS.get(case["id"])
    if case["id"].startswith("seed-") or reason is None:
        assert result == case["result"]
        return
    assert result != case["result"], f"{case['id']} no longer differs: update the table"
    undone = XIANGQIPLAY.replace(**UNDO[reason])
    assert run_case(case, undone)[0] == case["result"], reason


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_xiangqiplay_gives_no_order(case: dict[str, Any]) -> None:
    game = Game.from_board(case_board(case["fen"]), "xiangqiplay")
    for text in case["moves"]:
        game.play(text)
        assert game.pending_order is None and game.orders == []


def test_the_seed_diagrams_are_all_in_the_suite() -> None:
    seeds = [c for c in CASES if c["id"].startswith("seed-hinh-")]
    assert len(seeds) == 10
    assert all(c["id"] not in XIANGQIPLAY_DIFFERS for c in seeds)


def test_presets_differ_only_in_the_documented_switches() -> None:
    assert ASIAN.repetition == "levels" and XIANGQIPLAY.repetition == "forcing"
    assert ASIAN.stronger_victim and not XIANGQIPLAY.stronger_victim
