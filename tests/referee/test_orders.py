"""The arbiter's order to change (RULES.md §5 "When the verdict takes effect").

Under ``asian`` the third occurrence gives an order, not an outcome; the violator
loses only if it does not change (it goes round the loop twice more to the ordered
position), a loop without a violator is drawn only if neither side changes; the
online option refuses the move that continues an ordered loop. ``xiangqiplay`` is
unchanged: the verdict at the third occurrence is the outcome.
"""

from __future__ import annotations

import pytest

from cotuong import Color, Game, IllegalMoveError, Termination
from cotuong.referee import ASIAN, XIANGQIPLAY
from cotuong.referee.orders import Order, RepetitionOrderError

HINH_1 = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1"
HINH_1_LOOP = ["X2.1", "Tg6.1", "X2/1", "Tg6/1"]
CHASE_002 = "4k4/9/2n5R/9/9/9/9/9/9/3K5 b - - 0 1"
CHASE_LOOP = ["c7b5", "i7i5", "b5c7", "i5i7"]
# Seed Hình 8: cannons swapping files, neither side violates: drawn if neither changes.
HINH_8 = "3aka3/4h4/4e4/4C4/p3p3p/9/2c6/2C6/4K4/9 w - - 0 1"
HINH_8_LOOP = ["P7-3", "P3-7", "P3-7", "P7-3"]


def play(game: Game, moves: list[str]) -> list[str]:
    kinds: list[str] = []
    for text in moves:
        kinds += [e.kind for e in game.play(text)]
    return kinds


def test_the_third_occurrence_gives_an_order_naming_side_clause_and_moves() -> None:
    game = Game(HINH_1, "asian", lang="vi")
    events = []
    for text in HINH_1_LOOP * 2:
        events += game.play(text)
    assert game.outcome is None
    order = game.pending_order
    assert isinstance(order, Order)
    assert (order.side, order.winner, order.reason, order.clause) == \
        (Color.RED, Color.BLACK, "PERPETUAL_CHECK", "000 Điều 23.1")
    assert order.iccs == ["h8h9", "f9f8", "h9h8", "f8f9"] and order.ply == 8
    assert order.move_number == 4
    [event] = [e for e in events if e.order is not None]
    assert event.kind == "warning" and event.order == order and event.ply == 8
    assert game.warnings[-1] == event.text == game.order_text("vi")
    assert game.order_text("vi") == ("Lệnh trọng tài (nước 4): Đỏ chiếu dai (X2.1, X2/1) — "
                                     "Đỏ phải đổi nước đi, không đổi bị xử thua "
                                     "(Luật Cờ Tướng Việt Nam, Điều 23.1)")
    assert game.order_text("en") == ("Arbiter's order (move 4): Red gave perpetual check "
                                     "(X2.1, X2/1) — Red must change its move or lose "
                                     "(Vietnamese Xiangqi Law, Article 23.1)")
    with pytest.raises(ValueError):
        game.order_text("fr")


def test_an_obeyed_order_lets_the_game_go_on() -> None:
    game = Game(HINH_1, "asian")
    play(game, HINH_1_LOOP * 2)
    game.play("h8i8")  # Red changes: another rook move
    assert game.outcome is None and game.pending_order is None
    [record] = game.orders
    assert record.fate == "obeyed" and record.ply == 9 and record.move_number == 5


def test_one_more_lap_is_not_yet_refusal_two_are() -> None:
    # Real games (CCPD) show one further lap while an order is given and heard;
    # a violator that goes round twice more did not change and loses.
    game = Game(HINH_1, "asian", lang="vi")
    play(game, HINH_1_LOOP * 3)
    assert game.outcome is None and game.pending_order is not None
    play(game, HINH_1_LOOP[:3])
    assert game.outcome is None
    game.play(HINH_1_LOOP[3])  # the fifth occurrence: Red did not change
    outcome = game.outcome
    assert outcome is not None and outcome.winner is Color.BLACK
    assert outcome.termination is Termination.PERPETUAL_CHECK
    assert outcome.text("vi") == ("Đen thắng: Đỏ chiếu dai (X2.1, X2/1), không đổi nước đi "
                                   "theo lệnh trọng tài (Luật Cờ Tướng Việt Nam, Điều 23.1)")
    assert game.outcome_text("en") == (
        "Black wins: Red gave perpetual check (X2.1, X2/1), and did not change its move as "
        "the arbiter ordered (Vietnamese Xiangqi Law, Article 23.1)")
    assert game.orders[0].fate == "lost" and game.orders[0].move_number == 8


def test_a_chase_order_follows_the_chaser_when_the_victim_moves_last() -> None:
    game = Game(CHASE_002, "asian")
    play(game, CHASE_LOOP * 2)  # the third occurrence comes after Red's chase
    order = game.pending_order
    assert order is not None and order.side is Color.RED
    assert order.reason == "PERPETUAL_CHASE" and order.clause == "000 Điều 23.3"
    game.play("c7b5")  # the victim runs again: still pending
    assert game.pending_order == order
    game.play("i7h7")  # the rook changes
    assert game.pending_order is None and game.orders[0].fate == "obeyed"


def test_the_order_lapses_when_the_other_side_changes() -> None:
    game = Game(CHASE_002, "asian")
    play(game, CHASE_LOOP * 2)
    game.play("c7d5")  # the horse goes elsewhere
    assert game.pending_order is None and game.orders[0].fate == "lapsed"


def test_a_loop_without_a_violator_is_drawn_only_if_neither_side_changes() -> None:
    game = Game(HINH_8, "asian")
    play(game, HINH_8_LOOP * 2)
    order = game.pending_order
    assert order is not None and order.side is None and order.winner is None
    assert order.reason == "NO_VIOLATOR" and order.clause == "000 Điều 24.2"
    assert "drawn if neither side changes its move" in (game.order_text("en") or "")
    play(game, HINH_8_LOOP * 2)
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.termination is Termination.REPETITION_DRAW
    assert "neither side changed its move" in (game.outcome_text("en") or "")
    assert game.orders[0].fate == "drawn"
    changed = Game(HINH_8, "asian")
    play(changed, HINH_8_LOOP * 2 + HINH_8_LOOP[:2])
    changed.play("e6d6")  # Red's central cannon moves: a change
    assert changed.outcome is None and changed.orders[0].fate == "lapsed"


def test_going_elsewhere_and_coming_back_is_ruled_afresh() -> None:
    game = Game(CHASE_002, "asian")
    play(game, CHASE_LOOP * 2)
    play(game, ["c7b5", "i7h7", "e9e8", "h7i7", "e8e9"])  # Red changed, then came back
    assert game.orders[0].fate == "obeyed"
    assert game.outcome is None
    # The return makes a new third (and more) occurrence: a new order on its own cycle.
    assert len(game.orders) == 2 and game.pending_order is not None


def test_the_online_option_refuses_the_move_that_continues_the_loop() -> None:
    rules = ASIAN.replace(refuse_violating_move=True)
    game = Game(HINH_1, rules)
    play(game, HINH_1_LOOP * 2)
    with pytest.raises(RepetitionOrderError) as err:
        game.play("X2.1")
    error = err.value
    assert isinstance(error, IllegalMoveError) and isinstance(error, ValueError)
    assert error.code == "REPETITION_ORDER" and error.order == game.pending_order
    assert error.move is not None and error.move.iccs == "h8h9"
    assert error.reason is not None
    assert error.reason.en.startswith("X2.1 (h8h9) is refused: it continues the loop the arbiter "
                                      "ordered Red to leave")
    assert error.reason.vi.startswith("X2.1 (h8h9) bị từ chối: nước này tiếp tục vòng lặp")
    assert len(game.moves) == 8 and game.outcome is None  # nothing was played
    game.play("h8i8")
    assert game.orders[0].fate == "obeyed"


def test_the_victim_is_never_refused() -> None:
    game = Game(CHASE_002, ASIAN.replace(refuse_violating_move=True))
    play(game, CHASE_LOOP * 2)
    game.play("c7b5")  # the victim may repeat its escape
    with pytest.raises(RepetitionOrderError):
        game.play("i7i5")  # ... the chaser may not repeat its chase


def test_xiangqiplay_still_rules_at_the_third_occurrence() -> None:
    assert XIANGQIPLAY.verdict_takes_effect == "at_third"
    game = Game(HINH_1)
    play(game, HINH_1_LOOP * 2)
    assert game.outcome is not None and game.outcome.winner is Color.BLACK
    assert game.pending_order is None and game.orders == []


def test_rule_set_validates_the_new_fields() -> None:
    with pytest.raises(ValueError):
        ASIAN.replace(verdict_takes_effect="later")
    with pytest.raises(ValueError):
        ASIAN.replace(order_loops=0)
