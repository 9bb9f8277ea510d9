"""One game between two engines: refereed by Game to a legal end, limits that reach each
engine, the move cap, forfeits and a falling flag."""

from __future__ import annotations

import pytest
from tests.uci.doubles import RandomPlayer

from cotuong import Color, Game, Move, Termination
from cotuong.arena import MatchClock, load_openings, play_game

FAST = MatchClock(depth=1)


@pytest.mark.parametrize("rules", ["xiangqiplay", "asian"])
def test_game_is_refereed_to_a_legal_end(rules: str) -> None:
    opening = load_openings()[0]
    moves, outcome = play_game(RandomPlayer(1), RandomPlayer(2), opening, FAST, max_plies=400,
                               rules=rules)
    game = Game(opening.fen, rules=rules)
    for m in moves:
        game.play(Move.from_iccs(m))
    if outcome.termination is Termination.MOVE_LIMIT:
        assert len(moves) == 400 and outcome.winner is None
    else:
        assert game.outcome == outcome  # the referee's own ruling


def test_a_node_budget_reaches_each_engine_with_its_odds() -> None:
    """``sprt.py --nodes N [--odds K]``: every search of each side is limited by its own
    node budget and nothing else (no time), whatever colour it plays."""
    red, black = RandomPlayer(1), RandomPlayer(2)
    moves, _ = play_game(red, black, load_openings()[0], MatchClock(nodes=60_000),
                         max_plies=12, black_tc=MatchClock(nodes=6_000))
    assert len(moves) == 12 and len(red.calls) == 6 and len(black.calls) == 6
    for player, nodes in ((red, 60_000), (black, 6_000)):
        for _fen, _moves, limits in player.calls:
            assert limits.nodes == nodes
            assert limits.movetime_ms is None and limits.wtime_ms is None
            assert limits.btime_ms is None and limits.depth is None


def test_move_cap_adjudicates_a_draw() -> None:
    moves, outcome = play_game(RandomPlayer(1), RandomPlayer(2), load_openings()[0], FAST,
                               max_plies=6)
    assert len(moves) == 6 and outcome.winner is None
    assert outcome.termination is Termination.MOVE_LIMIT and outcome.result == "1/2-1/2"


def test_failing_engines_forfeit() -> None:
    opening = load_openings()[0]  # Red to move
    _, outcome = play_game(RandomPlayer(fail=True), RandomPlayer(), opening, FAST)
    assert outcome.winner is Color.BLACK and outcome.termination is Termination.ABANDONMENT
    _, outcome = play_game(RandomPlayer(), RandomPlayer(bad_move="a9a0"), opening, FAST)
    assert outcome.winner is Color.RED and "illegal move a9a0" in outcome.text()


def test_flag_falls_on_a_slow_engine() -> None:
    slow = RandomPlayer(step_s=0.05)
    tc = MatchClock(base_ms=120, inc_ms=0, depth=2)  # ~0.1 s per move: flag on move 2
    moves, outcome = play_game(slow, RandomPlayer(step_s=0.0), load_openings()[0], tc)
    assert outcome.termination is Termination.TIME_FORFEIT
    assert outcome.winner is Color.BLACK and len(moves) in (2, 4)
