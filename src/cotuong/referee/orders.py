"""The arbiter's order to change (RULES.md §5, "When the verdict takes effect").

Under a rule set whose ``verdict_takes_effect`` is ``"order"`` (the ``asian``
preset) the verdict at a third occurrence is not the outcome: it is an
:class:`Order`. The tournament law (seed ``000``) says the violator "phải đổi nước
đi, không đổi bị xử thua" (Điều 23 points 5, 7, 8; Điều 24, Hình 1–3 and 5): it must
change its move and loses only if it does not; and a loop without a violator is
drawn only "nếu hai bên không thay đổi nước đi" (Điều 23 points 2, 9, 10; 24.2).

What counts as *not changing* (:func:`judge`), with ``P`` the set of positions of
the ruled cycle (each with its side to move, so a position is a Zobrist key):

- the violator **does not change** when its own move leads to a position of ``P``:
  it continues the cycle it was ordered away from. Its verdict then becomes the
  outcome. Any other move of the violator obeys the order.
- a cycle with no violator (or two equal ones) is **drawn** when the position that
  occurred the third time occurs once more with every position in between in ``P``:
  both sides went round the loop again, neither changed.
- the order **lapses** when the other side leaves ``P`` (it changed; there is no
  cycle left to continue) or a capture is made (no position of ``P`` can recur).

A later return to a position of ``P`` after the order was obeyed or lapsed is a new
repetition: it is ruled afresh on its own cycle, which includes the detour.

>>> from cotuong import Game
>>> g = Game("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1", "asian")
>>> for text in ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2:
...     _ = g.play(text)
>>> order = g.pending_order
>>> order.side.value, order.winner.value, order.reason, order.clause, order.move_number
('red', 'black', 'PERPETUAL_CHECK', '000 Điều 23.1', 4)
>>> g.outcome is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cotuong.core.board import Board
from cotuong.core.errors import IllegalMoveError
from cotuong.core.types import Color, Move
from cotuong.referee.repetition import CHASE, CHECK, Ruling

# Reason codes of an order.
PERPETUAL_CHECK = "PERPETUAL_CHECK"
PERPETUAL_CHASE = "PERPETUAL_CHASE"
NO_VIOLATOR = "NO_VIOLATOR"            # neither side checks or chases in every move
BOTH_VIOLATE = "BOTH_VIOLATE"          # equal levels: both check, or both chase
CHECK_LIMIT = "CHECK_LIMIT"            # seed 001: past 6/12/18 consecutive checks

# Verdicts of judge().
PENDING, OBEYED, LAPSED, LOST, DRAWN = "pending", "obeyed", "lapsed", "lost", "drawn"

_CLAUSES = {
    PERPETUAL_CHECK: "000 Điều 23.1",
    PERPETUAL_CHASE: "000 Điều 23.3",
    NO_VIOLATOR: "000 Điều 24.2",
    BOTH_VIOLATE: "000 Điều 23.2",
    CHECK_LIMIT: "001 IV",
}


@dataclass(frozen=True, slots=True)
class Order:
    """The arbiter's order, pending until the side obeys, loses, or the game moves on.

    ``side`` must change its move (``None``: no violator, or both — the game is drawn
    if neither side changes); ``winner`` is the verdict the order rests on, the winner
    if the order is not obeyed (``None``: a draw). ``reason`` is a code
    (``PERPETUAL_CHECK``, ``PERPETUAL_CHASE``, ``NO_VIOLATOR``, ``BOTH_VIOLATE``,
    ``CHECK_LIMIT``), ``clause`` the clause of the law it applies, ``moves`` the moves
    of the last loop (in order), ``ply`` the number of plies played when it was given
    and ``move_number`` the number of the move that gave rise to it.
    ``key`` is the position that occurred the third time (``occurrence``: its count
    then, 3 unless the game came back to it) and ``positions`` the positions of the
    cycle (Zobrist keys).
    """

    side: Color | None
    winner: Color | None
    reason: str
    clause: str
    moves: tuple[Move, ...]
    ply: int
    move_number: int
    key: int = field(repr=False, default=0)
    positions: frozenset[int] = field(repr=False, default=frozenset())
    victims: frozenset[int] = field(repr=False, default=frozenset())
    occurrence: int = field(repr=False, default=3)

    @property
    def iccs(self) -> list[str]:
        """The loop's moves in ICCS."""
        return [m.iccs for m in self.moves]


@dataclass(frozen=True, slots=True)
class OrderRecord:
    """An order and what became of it: ``fate`` is ``"pending"``, ``"obeyed"``,
    ``"lapsed"``, ``"lost"`` or ``"drawn"``; ``ply`` the ply that settled it
    (``None`` while pending) and ``move_number`` that move's number."""

    order: Order
    fate: str
    ply: int | None = None
    move_number: int | None = None


class RepetitionOrderError(IllegalMoveError):
    """A move refused because it would continue a cycle the side was ordered to leave
    (rule sets with ``refuse_violating_move``). ``code`` is ``"REPETITION_ORDER"``;
    ``reason.vi`` / ``reason.en`` explain it; ``order`` is the order it breaks."""

    code = "REPETITION_ORDER"
    order: Order | None = None


def order_from_ruling(ruling: Ruling, moves: tuple[Move, ...], positions: frozenset[int],
                      key: int, ply: int, move_number: int, occurrence: int = 3) -> Order:
    """The order a third-occurrence ruling gives (the verdict becomes its ``winner``)."""
    winner = ruling.winner
    if winner is not None:
        bad = ruling.conduct(winner.opponent)
        reason = PERPETUAL_CHECK if bad.level == CHECK else PERPETUAL_CHASE
        side: Color | None = winner.opponent
        victims = bad.victims
    else:
        reason = BOTH_VIOLATE if ruling.red.level and ruling.red.level == ruling.black.level \
            else NO_VIOLATOR
        side = None
        victims = frozenset()
    return Order(side, winner, reason, _CLAUSES[reason], moves, ply, move_number,
                 key, positions, victims, occurrence)


def check_limit_order(side: Color, moves: tuple[Move, ...], positions: frozenset[int],
                      key: int, ply: int, move_number: int) -> Order:
    """The order given when ``side`` passes the consecutive-check limit (seed ``001``:
    past the limit the detailed rules *are applied*: the checks are judged as
    perpetual check, Điều 23.1 — change, or lose by not changing)."""
    return Order(side, side.opponent, CHECK_LIMIT, _CLAUSES[CHECK_LIMIT], moves, ply,
                 move_number, key, positions)


def checking_pieces(board: Board) -> frozenset[int]:
    """Ids of the pieces the side that just moved uses for its check: the piece that
    moved, every checking piece, and the side's own screens of checking cannons
    (seed ``001`` counts "quân" used to check: a cannon checking through a screen
    the side moved there checks with two pieces).

    >>> from cotuong import Board, Move
    >>> b = Board("4k4/9/9/9/9/9/9/2N6/9/3KC4 w - - 0 1")  # the horse screens the cannon
    >>> b.push(Move.from_iccs("c2e1"))
    >>> len(checking_pieces(b))
    2
    """
    checked = board.turn
    king = board.king_square(checked)
    ids: set[int] = set()
    stack = board.stack
    if stack:
        moved = board.piece_id_at(stack[-1].move & 127)
        if moved is not None:
            ids.add(moved)
    checker = checked.opponent
    for sq in board.attackers(checker, king):
        pid = board.piece_id_at(sq)
        if pid is not None:
            ids.add(pid)
        if abs(board.squares[sq]) == 6:  # a cannon: its screen
            step = (1 if king > sq else -1) * (1 if king // 9 == sq // 9 else 9)
            for between in range(sq + step, king, step):
                if board.squares[between]:
                    if board.squares[between] * checker.sign > 0:
                        screen = board.piece_id_at(between)
                        if screen is not None:
                            ids.add(screen)
                    break
    return frozenset(ids)


def judge(order: Order, mover: Color, key: int, captured: bool, check: bool,
          count: int, loops: int = 2) -> str:
    """What the move just played (by ``mover``, leading to position ``key`` that has
    now occurred ``count`` times) does to a pending ``order``: ``"pending"``,
    ``"obeyed"``, ``"lapsed"``, ``"lost"`` (the violator did not change) or
    ``"drawn"`` (neither side changed). ``loops`` is the rule set's
    ``order_loops``: how many more times the loop must come round to the ordered
    position, no side leaving it, to show that it was not changed.

    >>> o = Order(Color.RED, Color.BLACK, PERPETUAL_CHECK, "000 Điều 23.1", (), 8, 4,
    ...           key=1, positions=frozenset({1, 2, 3, 4}), occurrence=3)
    >>> judge(o, Color.RED, 2, False, True, 3), judge(o, Color.RED, 9, False, True, 1)
    ('pending', 'obeyed')
    >>> judge(o, Color.BLACK, 1, False, False, 5)
    'lost'
    >>> judge(o, Color.BLACK, 9, False, False, 1), judge(o, Color.BLACK, 2, True, False, 1)
    ('lapsed', 'lapsed')
    """
    inside = key in order.positions and not captured
    if order.reason == CHECK_LIMIT:
        if mover is not order.side:
            return PENDING
        if not check:
            return OBEYED
        return LOST if inside else PENDING
    if not inside:
        return OBEYED if mover is order.side else LAPSED
    if key == order.key and count >= order.occurrence + loops:
        return DRAWN if order.side is None else LOST
    return PENDING


def violates(order: Order, mover: Color, key: int, captured: bool, check: bool) -> bool:
    """Does this move of ``mover`` continue what it was ordered to change? (What
    ``refuse_violating_move`` refuses: online, the order applies at once.)"""
    if order.side is not mover or captured or key not in order.positions:
        return False
    return check or order.reason != CHECK_LIMIT


def level_reason(order: Order) -> int:
    """The conduct level the order names (check or chase)."""
    return CHASE if order.reason == PERPETUAL_CHASE else CHECK
