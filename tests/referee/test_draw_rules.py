"""RULES.md §6, one test per draw rule and switch, on constructed games."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cotuong import Color, CotuongError, Game, Termination
from cotuong.referee import ASIAN, XIANGQIPLAY

# Kings, advisors and a horse each: many quiet moves, no quick mate.
QUIET_FEN = "3ak4/4a4/9/9/2n6/6N2/9/9/4A4/3AK4 w - - 0 1"
CAPTURE_FEN = "3ak4/4a4/9/9/2n6/6N2/9/9/4Ap3/3AK4 w - - 0 1"  # e1xf1 captures a pawn


def quiet_walk(game: Game, plies: int, seed: int = 1, *, avoid_checks: bool = True) -> None:
    """Play ``plies`` random non-capturing moves that never reach a position a second
    time (so no repetition ruling or warning) and never leave the mover without a
    move. Deterministic for a seed."""
    rng = random.Random(seed)
    seen = Counter([game.board.key])
    for _ in range(plies):
        board = game.board
        options = []
        for move in board.legal_moves:
            if board.is_capture(move):
                continue
            board.push(move)
            fresh = seen[board.key] == 0 and len(board.legal_moves) > 0
            if avoid_checks:
                fresh = fresh and not board.is_check()
            board.pop()
            if fresh:
                options.append(move)
        assert options, "the walk ran out of fresh quiet moves"
        move = rng.choice(sorted(options))
        game.play(move)
        seen[game.board.key] += 1
        if game.outcome is not None:
            return


def test_sixty_moves_without_capture_draw_at_exactly_120_plies() -> None:
    game = Game(QUIET_FEN, "xiangqiplay")
    quiet_walk(game, 119)
    assert game.outcome is None and game.board.halfmove_clock == 119
    quiet_walk(game, 1, seed=2)
    assert game.outcome is not None
    assert game.outcome.termination is Termination.MOVE_RULE
    assert game.outcome.winner is None
    assert len(game.moves) == 120


def test_a_capture_resets_the_count() -> None:
    game = Game(CAPTURE_FEN, "xiangqiplay")
    game.play("e1f0")  # keep the pawn for later
    quiet_walk(game, 99)
    assert game.board.halfmove_clock == 100
    # Find the capture of the pawn when it is Red's turn: walk until e.g. a capture exists.
    board = game.board
    captures = [m for m in board.legal_moves if board.is_capture(m)]
    if not captures:
        quiet_walk(game, 1, seed=3)
        board = game.board
        captures = [m for m in board.legal_moves if board.is_capture(m)]
    assert captures, "the walk must leave a capture available"
    game.play(captures[0])
    assert game.outcome is None and game.board.halfmove_clock == 0
    quiet_walk(game, 119, seed=4)
    assert game.outcome is None
    quiet_walk(game, 1, seed=5)
    assert game.outcome is not None and game.outcome.termination is Termination.MOVE_RULE


def test_the_sixty_move_rule_can_be_switched_off() -> None:
    game = Game(QUIET_FEN, XIANGQIPLAY.replace(no_capture_plies=None))
    quiet_walk(game, 130)
    assert game.outcome is None


def test_no_attacking_pieces_is_an_automatic_draw_in_xiangqiplay() -> None:
    fen = "4k4/9/9/9/9/9/9/3n5/4A4/3K5 w - - 0 1"
    game = Game(fen, "xiangqiplay")
    events = game.play("e1d2")  # the advisor takes the last horse
    assert game.outcome is not None
    assert game.outcome.termination is Termination.NO_ATTACKING_PIECES
    assert events[-1].kind == "game_over"
    asian = Game(fen, "asian")
    asian.play("e1d2")
    assert asian.outcome is None


def test_a_game_that_starts_without_attacking_pieces_is_over_at_once() -> None:
    game = Game("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", "xiangqiplay")
    assert game.outcome is not None
    assert game.outcome.termination is Termination.NO_ATTACKING_PIECES
    assert Game("4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", "asian").outcome is None


def test_asian_claim_after_sixty_moves() -> None:
    game = Game(QUIET_FEN, "asian")
    quiet_walk(game, 119)
    with pytest.raises(CotuongError) as err:
        game.claim_draw(Color.RED)
    assert err.value.code == "NO_DRAW_CLAIM"
    quiet_walk(game, 1, seed=2)
    assert game.outcome is None  # a claim, not automatic
    game.claim_draw(Color.BLACK)
    assert game.outcome is not None and game.outcome.termination is Termination.MOVE_RULE


def test_asian_claim_counts_only_the_allowed_checks() -> None:
    rules = ASIAN.replace(claim_max_counted_checks=0)  # no check of the claimant counts
    game = Game(QUIET_FEN, rules)
    quiet_walk(game, 120, avoid_checks=False, seed=7)
    stack = game.board.stack
    red_checks = sum(1 for i, e in enumerate(stack) if i % 2 == 0 and e.note.check)
    black_checks = sum(1 for i, e in enumerate(stack) if i % 2 == 1 and e.note.check)
    assert red_checks + black_checks > 0
    for color, checks in ((Color.RED, red_checks), (Color.BLACK, black_checks)):
        if checks:
            with pytest.raises(CotuongError):
                game.claim_draw(color)
    if not (red_checks and black_checks):
        claimant = Color.BLACK if red_checks else Color.RED
        game.claim_draw(claimant)
        assert game.outcome is not None


def test_asian_draw_offer_after_fifty_moves_each_is_granted() -> None:
    game = Game(QUIET_FEN, "asian")
    quiet_walk(game, 99)
    game.offer_draw(Color.RED)
    assert game.outcome is None and game.draw_offer is Color.RED
    game.decline_draw(Color.BLACK)
    quiet_walk(game, 1, seed=9)
    game.offer_draw(Color.BLACK)
    assert game.outcome is not None and game.outcome.termination is Termination.MOVE_RULE


def test_move_cap_progress_and_effective_rules_fire_at_their_limits() -> None:
    cap = Game(QUIET_FEN, ASIAN.replace(move_cap_plies=10))
    quiet_walk(cap, 9)
    assert cap.outcome is None
    quiet_walk(cap, 1, seed=2)
    assert cap.outcome is not None and cap.outcome.termination is Termination.MOVE_LIMIT

    progress = Game(QUIET_FEN, ASIAN.replace(progress_plies=20))
    quiet_walk(progress, 19)
    assert progress.outcome is None
    quiet_walk(progress, 1, seed=2)
    assert progress.outcome is not None
    assert "crossed pawn" in (progress.outcome_text("en") or "")

    effective = Game(QUIET_FEN, ASIAN.replace(effective_plies=20))
    quiet_walk(effective, 19)
    assert effective.outcome is None
    quiet_walk(effective, 1, seed=2)
    assert effective.outcome is not None
    assert "effective" in (effective.outcome_text("en") or "")


def test_effective_moves_do_not_count_checks_and_their_replies() -> None:
    rules = ASIAN.replace(effective_plies=6)
    game = Game("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", rules)
    for move in ["a0a9", "e9e8", "a9a8", "e8e9"]:  # two checks and two replies
        game.play(move)
    assert game.outcome is None  # 4 plies played, none of them effective


CHECKS = ["a0a9", "e9e8", "a9a8", "e8e9", "a8e8", "e9f9", "e8e9", "f9f8",
          "e9e8", "f8f7", "e8e7", "f7f8", "e7e8"]
ROOK_ONLY = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"


def test_consecutive_check_limit_gives_an_order_not_a_loss() -> None:
    # Seed 001: past the limit the detailed rules "are applied" — an order to change.
    assert ASIAN.consecutive_limits == (6, 12, 18)  # on in the preset, for checks
    game = Game(ROOK_ONLY, "asian")
    for move in CHECKS[:-1]:
        game.play(move)
        assert game.outcome is None and game.pending_order is None
    events = game.play(CHECKS[-1])  # the seventh check in a row with one rook
    assert game.outcome is None
    order = game.pending_order
    assert order is not None and order.reason == "CHECK_LIMIT" and order.clause == "001 IV"
    assert order.side is Color.RED and order.winner is Color.BLACK and order.move_number == 7
    assert [e.order for e in events if e.order is not None] == [order]
    assert "7 consecutive checks with 1 piece(s), over the limit of 6" in game.warnings[-1]
    # Checking on into new positions is still a game; a check that recreates a
    # position of the streak is not changing: Red loses.
    game.play("f8f9")
    game.play("e8e9")
    assert game.outcome is not None
    assert game.outcome.termination is Termination.CHECK_LIMIT
    assert game.outcome.winner is Color.BLACK
    assert game.orders[0].fate == "lost"


def test_consecutive_check_limit_order_is_obeyed_by_a_quiet_move() -> None:
    game = Game(ROOK_ONLY, "asian")
    for move in CHECKS:
        game.play(move)
    game.play("f8f9")
    game.play("e8a8")  # no check: the streak ends, the order is obeyed
    assert game.outcome is None and game.pending_order is None
    assert game.orders[0].fate == "obeyed"


def test_consecutive_check_limit_at_third_rules_at_once() -> None:
    rules = ASIAN.replace(verdict_takes_effect="at_third")
    game = Game(ROOK_ONLY, rules)
    for move in CHECKS:
        game.play(move)
    assert game.outcome is not None
    assert game.outcome.termination is Termination.CHECK_LIMIT
    off = Game(ROOK_ONLY, ASIAN.replace(consecutive_limits=None))
    for move in CHECKS:
        off.play(move)
    assert off.outcome is None and off.pending_order is None


def test_a_cannon_check_counts_its_own_screen_as_a_piece() -> None:
    # Seed 001 counts the pieces used to check: a cannon checking through a screen
    # the side moved in checks with two pieces (the 1956 false ruling counted one).
    from cotuong import Board, Move
    from cotuong.referee.orders import checking_pieces

    board = Board("4k4/9/9/9/9/9/9/2N6/9/3KC4 w - - 0 1")
    board.push(Move.from_iccs("c2e1"))  # the horse steps in front of the cannon
    assert board.is_check()
    pieces = checking_pieces(board)
    assert {board.piece_id_at(Move.from_iccs("e1e0").from_square),
            board.piece_id_at(Move.from_iccs("e0e1").from_square)} == set(pieces)
    # A plain rook check: one piece.
    rook = Board(ROOK_ONLY)
    rook.push(Move.from_iccs("a0a9"))
    assert len(checking_pieces(rook)) == 1


def test_rule_set_parameters_are_validated() -> None:
    with pytest.raises(CotuongError):
        ASIAN.replace(move_cap_plies=0)
    with pytest.raises(CotuongError):
        ASIAN.replace(repetition="vote")
    with pytest.raises(CotuongError):
        Game(rules="fide")


CHASE_002 = "4k4/9/2n5R/9/9/9/9/9/9/3K5 b - - 0 1"
CHASE_LOOP = ["c7b5", "i7i5", "b5c7", "i5i7"] * 2


def test_consecutive_chase_limit_counts_chases_when_switched_on() -> None:
    rules = ASIAN.replace(consecutive_limits=(2, 4, 6), limit_chases=True,
                          verdict_takes_effect="at_third")
    game = Game(CHASE_002, rules.replace(repetition="levels"))
    for move in CHASE_LOOP[:5]:
        game.play(move)
        assert game.outcome is None
    game.play(CHASE_LOOP[5])  # the rook's third chase in a row
    assert game.outcome is not None
    assert game.outcome.termination is Termination.CHECK_LIMIT
    assert game.outcome.winner is Color.BLACK
    checks_only = Game(CHASE_002, rules.replace(limit_chases=False))
    for move in CHASE_LOOP[:6]:
        checks_only.play(move)
    assert checks_only.outcome is None


def test_a_losing_repetition_can_be_refused() -> None:
    from cotuong import IllegalMoveError

    rules = ASIAN.replace(refuse_losing_repetition=True, verdict_takes_effect="at_third")
    game = Game(CHASE_002, rules)
    for move in CHASE_LOOP[:-1]:
        game.play(move)
    with pytest.raises(IllegalMoveError) as err:
        game.play(CHASE_LOOP[-1])  # the third occurrence, lost by Red's chase
    assert err.value.code == "LOSING_REPETITION"
    assert game.outcome is None
    game.play("i5i6")  # another move is fine
