"""Differential test against Fairy-Stockfish (``pyffish.is_optional_game_end``).

``data/generated_cycles.jsonl`` holds 2,600 repetition loops made by
``tests/referee/cycles.py`` (seeds 11 and 12, 1,300 each): from random positions,
one side presses (checks or chases) in both of its moves while the other answers,
or both sides shuffle; the loop is played twice so that the start position occurs
for the third time at the last ply. The file is frozen test data; running
``python -m tests.referee.cycles 11 1300`` makes a similar (not identical) set.

Both referees rule every loop under the Asian rules (ours: the verdict at the third
occurrence, ``verdict_takes_effect="at_third"`` — the verdict the arbiter's order
rests on). They must agree on at least
99 %; every disagreement is listed below with the clause that decides it (our
target is the rule book, not Fairy-Stockfish).
"""

from __future__ import annotations

import json
import random

import pytest
from tests.referee.conftest import HERE
from tests.referee.cycles import make_cycle

from cotuong import Color, Game
from cotuong.referee import ASIAN

pyffish = pytest.importorskip("pyffish")

AT_THIRD = ASIAN.replace(verdict_takes_effect="at_third")
CYCLES = [json.loads(line) for line in
          (HERE / "data" / "generated_cycles.jsonl").read_text().splitlines() if line]

# (fen, our ruling, Fairy-Stockfish's ruling, the clause that decides)
DISAGREEMENTS = {
    "4ka3/9/9/6Rn1/2P6/9/4P4/9/9/1NBA1K3 w - - 0 1": (
        "draw", "black",
        "RULES.md §5 'newly threatens': the Black horse steps back onto h6, a square the "
        "rook on g6 already attacks; the rook then slides g6-f6 along that rank and still "
        "attacks it, which is no new threat. Fairy-Stockfish counts a slider's own "
        "vacated square as a discovered attack, so it sees a chase in every Red move."),
    "4k4/4a4/4b3R/9/p5b2/9/2p3N1P/8B/4K4/3A1A3 b - - 0 1": (
        "red", "draw",
        "RULES.md §5 legality (pins and the flying-general rule included): the elephant's "
        "return g9-e7 closes the e-file between the kings, which makes the advisor's "
        "capture of the rook on f7 legal - a new threat, and an advisor on a rook chases "
        "even a protected rook (000 Điều 23 point 6, Asian list). Fairy-Stockfish does not "
        "look for threats that become legal when the attacker is released."),
}


def ffish_result(fen: str, moves: list[str]) -> str:
    """Fairy-Stockfish's ruling: ``none``, ``draw``, ``red`` or ``black``."""
    fsf_moves = [m[0] + str(int(m[1]) + 1) + m[2] + str(int(m[3]) + 1) for m in moves]
    ended, value = pyffish.is_optional_game_end("xiangqi", fen, fsf_moves)
    if not ended:
        return "none"
    if value == 0:
        return "draw"
    red_to_move = (fen.split()[1] in ("w", "r")) == (len(moves) % 2 == 0)
    mover_wins = value > 0
    return "red" if mover_wins == red_to_move else "black"


def our_result(fen: str, moves: list[str]) -> str:
    game = Game(fen, AT_THIRD)
    for i, text in enumerate(moves):
        game.play(text)
        if game.outcome is not None and i != len(moves) - 1:
            return f"early after move {i}: {game.outcome_text('en')}"
    outcome = game.outcome
    if outcome is None:
        return "none"
    return "draw" if outcome.winner is None else outcome.winner.value


@pytest.mark.slow
def test_agreement_with_fairy_stockfish_is_at_least_99_percent() -> None:
    assert len(CYCLES) >= 2000
    found = {}
    decisive = 0
    for cycle in CYCLES:
        ours = our_result(cycle["fen"], cycle["moves"])
        theirs = ffish_result(cycle["fen"], cycle["moves"])
        decisive += theirs in ("red", "black")
        if ours != theirs:
            found[cycle["fen"]] = (ours, theirs)
    agreement = 1 - len(found) / len(CYCLES)
    assert agreement >= 0.99
    assert decisive >= 400, "the generated loops must include many violations"
    assert found == {fen: d[:2] for fen, d in DISAGREEMENTS.items()}


def test_the_generator_makes_third_occurrence_loops() -> None:
    rng = random.Random(5)
    made = 0
    while made < 3:
        cycle = make_cycle(rng)
        if cycle is None:
            continue
        made += 1
        game = Game(cycle.fen, AT_THIRD)
        for text in cycle.moves[:-1]:
            game.play(text)
            assert game.outcome is None
        game.play(cycle.moves[-1])
        assert game.outcome is not None
        assert game.outcome.winner in (None, Color.RED, Color.BLACK)
