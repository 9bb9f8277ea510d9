"""The arbiter's order book: an immutable value whose transitions keep every order's fate."""

from __future__ import annotations

import dataclasses

import pytest

from cotuong import Color, CotuongError, Outcome, Termination
from cotuong.game.orderbook import OrderBook
from cotuong.messages import Message
from cotuong.referee.orders import Order


def _order(side: Color, ply: int) -> Order:
    return Order(side, side.opponent, "PERPETUAL_CHECK", "000 Điều 23.1", (), ply, ply // 2)


SAID = Message.of("DRAW_AGREEMENT")
LOST = Outcome(Color.BLACK, Termination.PERPETUAL_CHECK, SAID)


def test_a_new_order_lapses_the_one_in_force() -> None:
    first, second = _order(Color.RED, 8), _order(Color.BLACK, 14)
    book = OrderBook().give(first, SAID, LOST, ply=8, move_number=4)
    book = book.give(second, SAID, LOST, ply=14, move_number=7)
    assert book.pending is second
    assert [(r.order, r.fate, r.ply, r.move_number) for r in book.records] == [
        (first, "lapsed", 14, 7), (second, "pending", None, None)]
    assert book.texts == (SAID, SAID)


def test_settling_clears_the_pending_order_and_keeps_the_earlier_book() -> None:
    given = OrderBook().give(_order(Color.RED, 8), SAID, LOST, ply=8, move_number=4)
    lost = given.settle("lost", ply=12, move_number=6)
    assert (lost.pending, lost.said, lost.outcome) == (None, None, None)
    assert [r.fate for r in lost.records] == ["lost"]
    assert given.pending is not None and [r.fate for r in given.records] == ["pending"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        lost.pending = None  # type: ignore[misc]


def test_bad_settlements_are_refused_with_a_code() -> None:
    with pytest.raises(CotuongError) as none:
        OrderBook().settle("obeyed", ply=3, move_number=2)
    assert none.value.code == "NO_ORDER"
    given = OrderBook().give(_order(Color.RED, 8), SAID, LOST, ply=8, move_number=4)
    with pytest.raises(CotuongError) as bad:
        given.settle("forgiven", ply=9, move_number=5)
    assert bad.value.code == "BAD_FATE"
