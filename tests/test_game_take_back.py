"""Game.take_back: undoing moves without replaying leaves the game exactly as a replay of
the moves kept would, on the repetition cases (warnings, orders, rulings) and real games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.conftest import data_path
from tests.referee.conftest import case_board, load_cases

from cotuong import Color, Game, NoMoveToUndoError
from cotuong.records import read_pgn

CASES = load_cases(data_path("repetition_cases.jsonl"))


def state(game: Game) -> tuple[Any, ...]:
    """Everything a player, a server or a test can read of a game."""
    order = game.pending_order
    return (game.fen(), game.turn, [m.iccs for m in game.moves], game.outcome,
            game.warning_messages, order, game.orders, game.orders_text("en"),
            game.draw_offer, game.outcome_text("vi"))


def replayed(board_fen: str, rules: str, moves: list[str]) -> Game:
    game = Game.from_board(case_board(board_fen), rules)
    for m in moves:
        game.play(m)
    return game


def played_moves(board_fen: str, rules: str, moves: list[str]) -> list[str]:
    """The case's moves up to the game's end (a case ends at its verdict)."""
    game = Game.from_board(case_board(board_fen), rules)
    done = []
    for m in moves:
        if game.outcome is not None:
            break
        game.play(m)
        done.append(m)
    return done


@pytest.mark.parametrize("rules", ["asian", "xiangqiplay"])
def test_take_back_equals_a_replay_on_every_repetition_case(rules: str) -> None:
    rng = random.Random(7)
    checked = 0
    for case in CASES:
        moves = played_moves(case["fen"], rules, case["moves"])
        if not moves:
            continue
        game = replayed(case["fen"], rules, moves)
        end = state(game)
        for _ in range(3):
            n = rng.randint(1, len(moves))
            game.take_back(n)
            kept = moves[:len(moves) - n]
            assert state(game) == state(replayed(case["fen"], rules, kept)), (case["id"], n)
            for m in moves[len(kept):]:  # playing them again reaches the same end
                game.play(m)
            assert state(game) == end, case["id"]
            checked += 1
    assert checked >= 3 * 200


def test_take_back_on_real_games_then_a_different_line() -> None:
    text = (data_path("games") / "xqdb15").glob("*iccs*")
    records = [g for path in sorted(text) for g in read_pgn(path.read_text(encoding="utf-8"))]
    assert records
    for record in records:
        moves = [m.iccs for m in record.moves]
        game = Game(record.start_fen, "asian")
        for m in moves:
            game.play(m)
        half = len(moves) // 2
        game.take_back(len(moves) - half)
        assert state(game) == state(replayed(record.start_fen, "asian", moves[:half]))
        other = next(m for m in game.board.legal_moves.iccs() if m != moves[half])
        game.play(other)  # the game goes on from there as from a replay
        fresh = replayed(record.start_fen, "asian", [*moves[:half], other])
        assert state(game) == state(fresh)


def test_take_back_undoes_an_outcome_and_offers() -> None:
    game = Game("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1", lang="vi")
    for text in ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2:
        game.play(text)
    assert game.outcome is not None
    game.take_back(1)
    assert game.outcome is None and game.outcome_text() is None
    game.offer_draw(Color.BLACK)
    game.play("Tg6/1")  # Black's own offer stands over its move...
    assert game.outcome is not None
    game.take_back(1)
    assert game.draw_offer is Color.BLACK  # ...and is back after taking the move back


@pytest.mark.parametrize("n", [0, -1, 3, "1", 1.0])
def test_take_back_refuses_what_was_not_played(n: Any) -> None:
    game = Game()
    game.play("h2e2")
    game.play("h9g7")
    with pytest.raises(NoMoveToUndoError, match="cannot take back"):
        game.take_back(n)
    assert len(game.moves) == 2
    game.take_back(2)
    with pytest.raises(NoMoveToUndoError):
        game.take_back()
    assert isinstance(NoMoveToUndoError("x"), ValueError)


def test_take_back_reopens_an_order_the_move_had_settled() -> None:
    """An order obeyed by the move taken back is pending again, in ``orders`` too (the
    record of its fate went back with the move)."""
    fen = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1"
    loop = ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2
    game = Game(fen, "asian")
    for text in loop:
        game.play(text)
    assert [r.fate for r in game.orders] == ["pending"]
    game.play("X2-3")  # Red leaves the loop: the order is obeyed
    assert [r.fate for r in game.orders] == ["obeyed"] and game.pending_order is None
    game.take_back()
    assert [r.fate for r in game.orders] == ["pending"] and game.pending_order is not None
    assert state(game) == state(replayed_from(fen, loop))


def replayed_from(fen: str, moves: list[str]) -> Game:
    game = Game(fen, "asian")
    for m in moves:
        game.play(m)
    return game
