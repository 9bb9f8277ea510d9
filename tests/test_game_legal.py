"""Game.legal_codes: one generation of the legal moves a position, begun by the referee's
mate test and checked against by the next move: always the board's own list, and a move
refused against it is refused as the board refuses it."""

from __future__ import annotations

import copy
import pickle

import pytest
from tests.conftest import data_path
from tests.referee.ccpd import read_ccpd
from tests.referee.conftest import case_board, load_cases

from cotuong import Board, Game, IllegalMoveError, Move
from cotuong.core.fen import START_FEN

CASES = load_cases(data_path("repetition_cases.jsonl"))


def ccpd_games(limit: int) -> list[list[str]]:
    path = data_path("games", "ccpd", "ccpd_worldcup_1389_iccs_DERIVED.pgn")
    return [list(g.moves) for g in read_ccpd(path)
            if g.fen in (None, START_FEN)][:limit]


def board_codes(game: Game) -> tuple[int, ...]:
    return tuple(game.board.legal_codes())


@pytest.mark.parametrize("asked", [True, False])
def test_legal_codes_are_the_boards_after_every_move(asked: bool) -> None:
    """Asked after every move (as a server does) or never: the same game."""
    for moves in ccpd_games(12):
        game, plain = Game(), Game()
        for iccs in moves:
            if asked:
                assert game.legal_codes() == board_codes(game)
            try:
                events = game.play(iccs)
            except IllegalMoveError as exc:  # refused by the rules (a repetition)
                with pytest.raises(IllegalMoveError) as plain_exc:
                    plain.play(iccs)
                assert (exc.code, str(exc)) == (plain_exc.value.code, str(plain_exc.value))
                break
            assert [e.kind for e in events] == [e.kind for e in plain.play(iccs)]
            assert game.fen() == plain.fen() and game.outcome == plain.outcome
            if game.outcome is not None:
                assert game.legal_codes() == board_codes(game)
                break


def test_an_illegal_move_is_refused_as_the_board_refuses_it() -> None:
    game = Game()
    assert len(game.legal_codes()) == 44  # the next move is checked against these
    for iccs in ("h2h8", "a0a5", "e0e2", "h7h0"):
        with pytest.raises(IllegalMoveError) as exc:
            game.play(iccs)
        with pytest.raises(IllegalMoveError) as board_exc:
            Board().push(Move.from_iccs(iccs))
        assert exc.value.reason == board_exc.value.reason
        assert str(exc.value) == str(board_exc.value)
    assert game.fen() == START_FEN


def test_take_back_forgets_the_positions_moves() -> None:
    game = Game()
    game.play("h2e2")
    after = game.legal_codes()
    game.take_back()
    assert game.legal_codes() == board_codes(game) != after
    game.play("h2e2")
    assert game.legal_codes() == after


def test_the_mate_tests_moves_are_kept_and_completed() -> None:
    """After a move, the mate test has found a first move; the rest is generated when
    asked, on the unchanged board, and equals a fresh generation."""
    game = Game()
    for iccs in ("h2e2", "h9g7", "h0g2", "i9h9"):
        game.play(iccs)
        assert game.legal_codes() == board_codes(game)
        assert game.legal_codes() is game.legal_codes()  # once a position


def test_a_game_copies_and_pickles_with_its_legal_moves_begun() -> None:
    """The kept generator of the mate test is left out of a copy, which generates its
    moves anew: copies and pickles work as before ``legal_codes`` existed."""
    game = Game()
    game.play("h2e2")  # the mate test's generator is kept now
    for other in (copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other.legal_codes() == game.legal_codes() == board_codes(game)
        other.play("h9g7")
        game_after = copy.deepcopy(game)
        game_after.play("h9g7")
        assert other.fen() == game_after.fen()


@pytest.mark.parametrize("rules", ["asian", "xiangqiplay"])
def test_legal_codes_through_the_arbiters_rulings(rules: str) -> None:
    """The repetition cases: the arbiter's rulings probe the board (chases, lifted
    pieces) between the mate test and the frame's question; the moves kept from the mate
    test are still the board's, and the game the same as one never asked."""
    checked = 0
    for case in CASES:
        game = Game.from_board(case_board(case["fen"]), rules)
        plain = Game.from_board(case_board(case["fen"]), rules)
        for iccs in case["moves"]:
            if game.outcome is not None:
                break
            try:
                events = game.play(iccs)
            except IllegalMoveError as exc:
                with pytest.raises(IllegalMoveError) as plain_exc:
                    plain.play(iccs)
                assert str(exc) == str(plain_exc.value), case["id"]
                break
            assert [e.kind for e in events] == [e.kind for e in plain.play(iccs)]
            assert game.legal_codes() == board_codes(game), case["id"]
            checked += 1
        assert game.fen() == plain.fen() and game.outcome == plain.outcome, case["id"]
    assert checked > 1_000
