"""Levels 1-8: the table, seeded randomness, and that the ends of the ladder differ."""

from __future__ import annotations

import itertools

import pytest

from cotuong.core import Board, Color, Move
from cotuong.engine import LEVELS, BuiltinEngine
from cotuong.engine.interface import Limits
from cotuong.engine.levels import InvalidLevelError, level

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def test_level_table() -> None:
    assert [lv.number for lv in LEVELS] == list(range(1, 9))
    assert LEVELS[0].title == "1 Dễ/Easy"
    assert LEVELS[7].title == "8 Thần/God"
    assert [lv.vi for lv in LEVELS] == [
        "Dễ", "Tập sự", "Trung bình", "Khá", "Giỏi", "Cao thủ", "Đại sư", "Thần"]
    for weaker, stronger in itertools.pairwise(LEVELS):
        assert weaker.max_depth < stronger.max_depth
        assert weaker.time_share < stronger.time_share
        assert weaker.noise_cp >= stronger.noise_cp
        assert weaker.margin_cp >= stronger.margin_cp
        assert weaker.blunder_rate >= stronger.blunder_rate
    top = LEVELS[-1]
    assert (top.noise_cp, top.margin_cp, top.blunder_rate, top.max_nodes) == (0, 0, 0.0, None)


@pytest.mark.parametrize("bad", [0, 9, "x", "-1"])
def test_bad_level(bad: object) -> None:
    with pytest.raises(InvalidLevelError):
        level(bad)  # type: ignore[arg-type]


def _moves(lv: int, seed: int, fen: str = START, n: int = 1) -> list[str]:
    engine = BuiltinEngine(lv)
    engine.set_option("Seed", str(seed))
    return [engine.search(fen, [], Limits(depth=3)).bestmove for _ in range(n)]


@pytest.mark.slow
def test_same_seed_same_choices() -> None:
    assert _moves(1, 5, n=4) == _moves(1, 5, n=4)
    assert _moves(3, 9, n=3) == _moves(3, 9, n=3)


def test_easy_level_varies_and_top_level_does_not() -> None:
    easy = {_moves(1, seed)[0] for seed in range(1, 13)}
    god = {_moves(8, seed)[0] for seed in range(1, 5)}
    assert len(easy) >= 4
    assert len(god) == 1


def test_easy_level_leaves_pieces_hanging_sometimes() -> None:
    # Red's rook on e2 is attacked by the black horse on d4 (leg d3 free); a beginner
    # sometimes does not notice. Level 8 never leaves it.
    fen = "3k5/9/9/9/9/9/3n5/9/4R4/4K4 w - - 0 1"

    def hangs(lv: int, seed: int) -> bool:
        board = Board(fen)
        board.push(Move.from_iccs(_moves(lv, seed, fen)[0]))
        rook = next(sq for sq, p in board.pieces(Color.RED) if p.kind.name == "ROOK")
        return any(m.to_square == rook for m in board.legal_moves)

    assert any(hangs(1, seed) for seed in range(1, 41))
    assert not any(hangs(8, seed) for seed in range(1, 4))


def _game(red: BuiltinEngine, black: BuiltinEngine, max_plies: int) -> float:
    """Red's score after a short game (material decides an unfinished game)."""
    board = Board(START)
    moves: list[str] = []
    values = {1: 0, 2: 2, 3: 2, 4: 4, 5: 9, 6: 4.5, 7: 1}
    while len(moves) < max_plies:
        if board.is_game_over():
            return 0.0 if board.turn is Color.RED else 1.0
        engine = red if board.turn is Color.RED else black
        text = engine.search(START, moves, Limits(depth=3)).bestmove
        board.push(Move.from_iccs(text))
        moves.append(text)
    balance = sum(values[abs(c)] * (1 if c > 0 else -1) for c in board.squares if c)
    return 1.0 if balance > 0 else 0.0 if balance < 0 else 0.5


def test_god_beats_easy() -> None:
    god, easy = BuiltinEngine(8), BuiltinEngine(1)
    easy.set_option("Seed", "3")
    score = _game(god, easy, 120) + (1.0 - _game(easy, god, 120))
    assert score == 2.0
