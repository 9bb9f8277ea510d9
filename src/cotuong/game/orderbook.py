"""The arbiter's orders as one value: the order in force and every order given so far.

Rule sets with ``verdict_takes_effect="order"`` do not end a game at a third occurrence:
the arbiter orders the offending side to change, and the order is later obeyed, lapses,
or is broken (lost, or drawn when both sides kept repeating). :class:`OrderBook` is
immutable, so a game keeps the book of every ply for ``take_back`` without copying.

>>> from cotuong import Color, Outcome, Termination
>>> from cotuong.messages import Message
>>> from cotuong.referee.orders import Order
>>> order = Order(Color.RED, Color.BLACK, "PERPETUAL_CHECK", "000 Điều 23.1", (), 8, 4)
>>> said = Message.of("DRAW_AGREEMENT")  # any message: the words of the order
>>> lost = Outcome(Color.BLACK, Termination.PERPETUAL_CHECK, said)
>>> book = OrderBook().give(order, said, lost, ply=8, move_number=4)
>>> book.pending is order, [r.fate for r in book.records]
(True, ['pending'])
>>> settled = book.settle("obeyed", ply=9, move_number=5)
>>> settled.pending, [(r.fate, r.ply) for r in settled.records], book.pending is order
(None, [('obeyed', 9)], True)
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.core.errors import CotuongError
from cotuong.core.outcome import Outcome
from cotuong.messages import Message
from cotuong.referee.orders import DRAWN, LAPSED, LOST, OBEYED, PENDING, Order, OrderRecord

_FATES = (OBEYED, LAPSED, LOST, DRAWN)


@dataclass(frozen=True, slots=True)
class OrderBook:
    """``pending`` is the order in force (``None`` if none), ``said`` its words and
    ``outcome`` what the arbiter rules if it is broken; ``records`` is every order given
    with its fate, ``texts`` their words, in the order given."""

    pending: Order | None = None
    said: Message | None = None
    outcome: Outcome | None = None
    records: tuple[OrderRecord, ...] = ()
    texts: tuple[Message, ...] = ()

    def give(self, order: Order, said: Message, outcome: Outcome, *, ply: int,
             move_number: int) -> OrderBook:
        """The book once ``order`` is given at ``ply`` (an order still in force lapses:
        a new cycle replaces it)."""
        book = self.settle(LAPSED, ply=ply, move_number=move_number) \
            if self.pending is not None else self
        return OrderBook(order, said, outcome, (*book.records, OrderRecord(order, PENDING)),
                         (*book.texts, said))

    def settle(self, fate: str, *, ply: int, move_number: int) -> OrderBook:
        """The book once the pending order meets its ``fate`` (``"obeyed"``,
        ``"lapsed"``, ``"lost"`` or ``"drawn"``) at ``ply``."""
        if self.pending is None:
            raise CotuongError(f"no order is pending, none can be {fate}", "NO_ORDER")
        if fate not in _FATES:
            raise CotuongError(f"an order is {', '.join(_FATES)}, not {fate!r}", "BAD_FATE")
        record = OrderRecord(self.pending, fate, ply, move_number)
        return OrderBook(None, None, None, (*self.records[:-1], record), self.texts)
