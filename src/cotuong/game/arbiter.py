"""The arbiter of one game: repetitions, orders, check limits and draw counters.

:class:`Arbiter` keeps what the rulings need across moves (the positions since the
last capture, warnings given, the order book, each side's run of checks, the draw
counters) and judges each move once the board has it. :class:`ArbiterMark` is that
state as a frozen value, so a game can take moves back without replaying them.

>>> from cotuong import Board, Move
>>> from cotuong.referee import rule_set
>>> board = Board("4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
>>> arbiter = Arbiter(rule_set("asian"), board)
>>> board.push(Move.from_iccs("a0a9"))
>>> events: list[Event] = []
>>> arbiter.record(board, 1, 5, Move.from_iccs("a0a9").encode(), 0, True, events, "en")
>>> arbiter.keys == board.key_history(), events
(True, [])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, IllegalMoveError
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.types import Color, Move
from cotuong.game.orderbook import OrderBook
from cotuong.messages import Message
from cotuong.notation import make_move_text
from cotuong.referee import explain, orders
from cotuong.referee.counters import DrawCounters
from cotuong.referee.events import Event
from cotuong.referee.limits import Streaks
from cotuong.referee.orders import Order, RepetitionOrderError
from cotuong.referee.repetition import classify, cycle_start
from cotuong.referee.rules import RuleSet

_ATTACKING_KINDS = (4, 5, 6, 7)  # Mã, Xe, Pháo, Tốt


@dataclass(frozen=True, slots=True)
class ArbiterMark:
    """The arbiter's state before a ply: ``floor`` (the first ply a position can repeat
    from), how many ``warnings`` were given, the ``last_warning`` (to warn once per
    loop), the check ``streak``, the order ``book`` and the draw ``counters``."""

    floor: int
    warnings: int
    last_warning: tuple[Message, int] | None
    streak: Streaks
    book: OrderBook
    counters: DrawCounters


class Arbiter:
    """Judges the moves of one game under ``rules``, from ``board``'s position."""

    def __init__(self, rules: RuleSet, board: Board) -> None:
        self.rules = rules
        self._keys: list[int] = [board.key]
        self._counts: dict[int, int] = {board.key: 1}
        self._floor = 0  # no position before this ply can repeat (a capture since)
        self._warnings: list[Message] = []
        self._last_warning: tuple[Message, int] | None = None
        self._streak = Streaks()  # consecutive checks per side (seed 001)
        self._book = OrderBook()
        self._counters = DrawCounters()

    # ------------------------------------------------------------------ views
    @property
    def keys(self) -> list[int]:
        """The Zobrist keys of every position of the game, the current one last (a copy)."""
        return list(self._keys)

    @property
    def warnings(self) -> list[Message]:
        """The warnings and orders given so far (a copy)."""
        return list(self._warnings)

    @property
    def book(self) -> OrderBook:
        """The orders: the one in force and every one given."""
        return self._book

    # ------------------------------------------------------------ take back
    def mark(self) -> ArbiterMark:
        """The state now, to :meth:`restore` later."""
        return ArbiterMark(self._floor, len(self._warnings), self._last_warning,
                           self._streak.copy(), self._book, self._counters.copy())

    def restore(self, mark: ArbiterMark, plies: int) -> None:
        """Back to ``mark``, taken ``plies`` moves ago."""
        self._floor, self._last_warning, self._book = mark.floor, mark.last_warning, mark.book
        self._streak, self._counters = mark.streak.copy(), mark.counters.copy()
        del self._keys[-plies:], self._warnings[mark.warnings:]
        self._counts = dict(Counter(self._keys[self._floor:]))

    # ------------------------------------------------------------- refusals
    def refusal(self, board: Board, move: Move, mover: int, captured: int,
                check: bool) -> IllegalMoveError | None:
        """The error refusing ``move``, just pushed on ``board``, when the rule set refuses
        it (it breaks the order in force, or loses by repetition); the move is then taken
        back from ``board``. ``None`` when the move stands."""
        rules = self.rules
        order = self._book.pending
        if order is not None and rules.refuse_violating_move and orders.violates(
                order, Color.from_sign(mover), board.key, bool(captured), check):
            board.pop_code()
            return self._order_refusal(board, move, order)
        if (rules.refuse_losing_repetition or rules.refuse_violating_move) and \
                rules.verdict_takes_effect == "at_third" and not captured and \
                self._counts.get(board.key, 0) == 2:
            self._keys.append(board.key)
            start = cycle_start(self._keys[self._floor:], 3) or 0
            ruling = classify(board, self._floor + start, rules)
            self._keys.pop()
            if ruling.winner is not None and ruling.winner.sign != mover:
                board.pop_code()
                reason = explain.losing_repetition_reason(
                    _vi_text(board, move), move.iccs,
                    ruling.conduct(Color.from_sign(mover)).level)
                error = IllegalMoveError(reason.en, reason.code)
                error.move, error.reason = move, reason
                return error
        return None

    def _order_refusal(self, board: Board, move: Move, order: Order) -> RepetitionOrderError:
        said = self._book.said
        assert said is not None
        reason = explain.refusal_reason(order, said, _vi_text(board, move), move.iccs)
        error = RepetitionOrderError(reason.en, reason.code)
        error.move, error.reason, error.order = move, reason, order
        return error

    # -------------------------------------------------------------- rulings
    def start_outcome(self, board: Board) -> Outcome | None:
        """The outcome of a game set up on ``board``'s position, if it is over already."""
        rules = self.rules
        if not board.has_legal_move():
            return _mate(board)
        if rules.no_attacking_pieces and _no_attackers(board):
            return explain.draw_outcome(Termination.NO_ATTACKING_PIECES)
        if rules.no_capture_plies is not None and board.halfmove_clock >= rules.no_capture_plies:
            return explain.draw_outcome(Termination.MOVE_RULE)
        return None

    def record(self, board: Board, mover: int, moved: int, code: int, captured: int,
               check: bool, events: list[Event], lang: str,
               has_moves: bool | None = None) -> Outcome | None:
        """Judge the move ``code`` just pushed on ``board`` (by ``mover``, moving the piece
        ``moved``, taking ``captured``, giving ``check`` or not): its warnings and orders
        go to ``events`` (texts in ``lang``); the outcome it brings, if any.
        ``has_moves``: whether the side to move now has a legal move, when the caller
        knows (otherwise the board is asked)."""
        key = board.key
        self._keys.append(key)
        if captured:
            self._counts = {key: 1}
            self._floor = board.ply
        else:
            self._counts[key] = self._counts.get(key, 0) + 1
        self._counters.record(mover, moved, code, captured)
        outcome = self._judge_order(board, mover, key, bool(captured), check)
        if outcome is None:
            outcome = self._after_move(board, mover, check, captured, key, events, lang,
                                       board.has_legal_move() if has_moves is None
                                       else has_moves)
        return outcome

    def _after_move(self, board: Board, mover: int, check: bool, captured: int, key: int,
                    events: list[Event], lang: str, has_moves: bool) -> Outcome | None:
        rules = self.rules
        if not has_moves:
            return _mate(board)
        count = self._counts.get(key, 1)
        pending = self._book.pending
        in_order = pending is not None and key in pending.positions
        if count >= 3 and rules.verdict_takes_effect == "at_third":
            return self._repetition(board)
        if count >= 3 and not in_order:
            self._give_order(board, events, lang)
        elif count == 2 and not in_order:
            self._warn(board, events, lang)
        if rules.consecutive_limits is not None:
            result = self._check_limit(board, mover, check, events, lang)
            if result is not None:
                return result
        if rules.no_capture_plies is not None and board.halfmove_clock >= rules.no_capture_plies:
            return explain.draw_outcome(Termination.MOVE_RULE)
        if captured and rules.no_attacking_pieces and _no_attackers(board):
            return explain.draw_outcome(Termination.NO_ATTACKING_PIECES)
        if rules.move_cap_plies is not None and board.ply >= rules.move_cap_plies:
            return explain.draw_outcome(Termination.MOVE_LIMIT)
        if rules.progress_plies is not None and self._counters.progress >= rules.progress_plies:
            return explain.draw_outcome(Termination.MOVE_RULE, Message.of(
                "DRAW_NO_PROGRESS", moves=rules.progress_plies // 2))
        if rules.effective_plies is not None and board.ply >= rules.effective_plies \
                and self._counters.effective(board, rules) >= rules.effective_plies:
            return explain.draw_outcome(Termination.MOVE_LIMIT, Message.of(
                "DRAW_EFFECTIVE_MOVES", moves=rules.effective_plies // 2))
        return None

    def _repetition(self, board: Board) -> Outcome:
        keys = self._keys[self._floor:]
        start = cycle_start(keys, 3)
        last = cycle_start(keys, 2)
        assert start is not None and last is not None
        ruling = classify(board, self._floor + start, self.rules)
        return explain.ruling_outcome(board, ruling, self._floor + last)

    def _warn(self, board: Board, events: list[Event], lang: str) -> None:
        start = cycle_start(self._keys[self._floor:], 2)
        if start is None:
            return
        ruling = classify(board, self._floor + start, self.rules)
        said = explain.warning_message(board, ruling)
        # Every position of a loop occurs a second time in turn: warn once per loop.
        if said is not None and (said, self._floor) != self._last_warning:
            self._last_warning = (said, self._floor)
            self._warnings.append(said)
            events.append(Event("warning", board.ply, text=said.text(lang), message=said))

    def _give_order(self, board: Board, events: list[Event], lang: str) -> None:
        """A third occurrence under ``verdict_takes_effect="order"``: the arbiter's order."""
        keys = self._keys[self._floor:]
        start = cycle_start(keys, 3)
        last = cycle_start(keys, 2)
        assert start is not None and last is not None
        ruling = classify(board, self._floor + start, self.rules)
        moves = tuple(Move.decode(e.move) for e in board.stack[self._floor + last:])
        order = orders.order_from_ruling(ruling, moves, frozenset(keys[start:]), keys[-1],
                                         board.ply, _move_number(board),
                                         self._counts.get(keys[-1], 3))
        said, outcome = explain.order_messages(board, ruling, self._floor + last, order)
        self._give(board, order, said, outcome, events, lang)

    def _give(self, board: Board, order: Order, said: Message, outcome: Outcome,
              events: list[Event], lang: str) -> None:
        self._book = self._book.give(order, said, outcome, ply=board.ply,
                                     move_number=_move_number(board))
        self._warnings.append(said)
        events.append(Event("warning", board.ply, text=said.text(lang), order=order,
                            message=said))

    def _judge_order(self, board: Board, mover: int, key: int, captured: bool,
                     check: bool) -> Outcome | None:
        """Settle the pending order with the move just played (see referee/orders.py)."""
        book = self._book
        if book.pending is None:
            return None
        fate = orders.judge(book.pending, Color.from_sign(mover), key, captured, check,
                            self._counts.get(key, 1), self.rules.order_loops)
        if fate == orders.PENDING:
            return None
        self._book = book.settle(fate, ply=board.ply, move_number=_move_number(board))
        return book.outcome if fate in (orders.LOST, orders.DRAWN) else None

    def _check_limit(self, board: Board, mover: int, check: bool, events: list[Event],
                     lang: str) -> Outcome | None:
        """The 6/12/18 consecutive checks (or chases) with 1/2/3 pieces of ``001``: past
        the limit an ``"order"`` rule set gives an order (the detailed rules *are
        applied*), an ``"at_third"`` one rules the loss at once."""
        keys = self._keys
        excess = self._streak.record(board, mover, check, len(keys), self.rules)
        if excess is None:
            return None
        side = Color.from_sign(mover)
        if self.rules.verdict_takes_effect == "order":
            if self._book.pending is None:
                begun = excess.begun
                order = orders.check_limit_order(
                    side, tuple(board.move_stack[begun - len(keys) + 1:]),
                    frozenset(keys[max(begun, self._floor):]), keys[-1],
                    board.ply, _move_number(board))
                said, outcome = explain.check_limit_messages(order, excess.count,
                                                             excess.pieces, excess.limit)
                self._give(board, order, said, outcome, events, lang)
            return None
        return explain.check_limit_loss(side, excess.count, excess.pieces, excess.limit,
                                        self.rules.limit_chases)


def _mate(board: Board) -> Outcome:
    outcome = board.outcome()
    assert outcome is not None
    return outcome


def _no_attackers(board: Board) -> bool:
    return not any(abs(code) in _ATTACKING_KINDS for code in board.squares)


def _move_number(board: Board) -> int:
    """The number of the move just played (Red's and Black's moves share a number)."""
    return board.fullmove_number - (1 if board.side > 0 else 0)


def _vi_text(board: Board, move: Move) -> str:
    """The move in Vietnamese notation, as rulings quote it (ICCS if it has none)."""
    try:
        return make_move_text(board, move, "vi")
    except (CotuongError, ImportError):
        return move.iccs
