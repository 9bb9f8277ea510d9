"""A played game under a rule set: moves, offers, resignation, rulings, outcome.

Pure: no I/O, no clocks (a server adds them and calls :meth:`Game.flag`). Every
state transition returns the :class:`Event` values it caused.

>>> from cotuong import Game
>>> g = Game("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1", lang="vi")
>>> for text in ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2:
...     events = g.play(text)
>>> g.outcome_text()
'Đen thắng: Đỏ chiếu dai (X2.1, X2/1)'
>>> g.outcome.result, g.outcome.explanation.code
('0-1', 'OUTCOME_WIN')
"""

from __future__ import annotations

from collections import Counter

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, GameOverError, IllegalMoveError, NoMoveToUndoError
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.types import Color, Move
from cotuong.messages import Message, check_lang
from cotuong.notation import make_move_text, parse_move
from cotuong.referee import explain, orders
from cotuong.referee.counters import DrawCounters, claim_counted_plies
from cotuong.referee.events import Event
from cotuong.referee.facts import PlyNote
from cotuong.referee.limits import Streaks
from cotuong.referee.orders import Order, OrderRecord, RepetitionOrderError
from cotuong.referee.repetition import classify, cycle_start
from cotuong.referee.rules import RuleSet, rule_set

__all__ = ["Event", "Game"]

_ATTACKING_KINDS = (4, 5, 6, 7)  # Mã, Xe, Pháo, Tốt


class Game:
    """A game from ``fen`` (start position by default) under ``rules``.

    ``rules`` is a preset name (``"xiangqiplay"``, the default, or ``"asian"``) or a
    :class:`~cotuong.referee.RuleSet`. The game keeps what it says as messages (codes
    with parameters); ``lang`` (``"vi"`` or ``"en"``) is only the language its text views
    (``warnings``, ``outcome_text()``, event ``text``) render them in by default.
    """

    def __init__(self, fen: str | None = None, rules: str | RuleSet = "xiangqiplay", *,
                 lang: str = "en") -> None:
        self.rules = rule_set(rules)
        self.lang = _lang(lang)
        self._board = Board(fen)
        self._setup()

    @classmethod
    def from_board(cls, board: Board, rules: str | RuleSet = "xiangqiplay", *,
                   lang: str = "en") -> Game:
        """A game starting from (a copy of) ``board``'s current position; its move
        history is not taken over (repetitions count from here)."""
        game = cls.__new__(cls)
        game.rules = rule_set(rules)
        game.lang = _lang(lang)
        game._board = board.copy(stack=False)
        game._setup()
        return game

    def _setup(self) -> None:
        self._start_fen = self._board.fen()
        self._keys: list[int] = [self._board.key]
        self._counts: dict[int, int] = {self._board.key: 1}
        self._floor = 0  # no position before this ply can repeat (a capture since)
        self._outcome: Outcome | None = None
        self._warnings: list[Message] = []
        self._last_warning: tuple[Message, int] | None = None
        self._offer: Color | None = None
        self._streak = Streaks()  # consecutive checks per side (seed 001)
        self._order: Order | None = None
        self._order_said: Message | None = None
        self._order_outcome: Outcome | None = None
        self._orders: list[OrderRecord] = []
        self._orders_said: list[Message] = []
        self._counters = DrawCounters()
        self._history: list[tuple] = []  # type: ignore[type-arg]  # the state before each ply
        self._check_start_position()

    # ------------------------------------------------------------------ views
    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on, else winner, termination and explanation."""
        return self._outcome

    def outcome_text(self, lang: str | None = None) -> str | None:
        """The explanation of the outcome in ``lang`` (the game's language by default)."""
        lang = self.lang if lang is None else _lang(lang)
        return self._outcome.text(lang) if self._outcome else None

    @property
    def warnings(self) -> list[str]:
        """Warnings so far in the game's language, e.g. that the next repetition will be
        ruled (a copy; :attr:`warning_messages` has them as messages)."""
        return [w.text(self.lang) for w in self._warnings]

    @property
    def warning_messages(self) -> list[Message]:
        """Warnings so far as messages of the catalog (a copy)."""
        return list(self._warnings)

    @property
    def pending_order(self) -> Order | None:
        """The arbiter's order in force (``verdict_takes_effect="order"``), else ``None``:
        who must change (``side``), the verdict it rests on (``winner``), ``reason``,
        ``clause``, the loop's ``moves``, ``ply`` and ``move_number``."""
        return self._order

    def order_text(self, lang: str | None = None) -> str | None:
        """The pending order in words (``"vi"``/``"en"``), else ``None``."""
        lang = self.lang if lang is None else _lang(lang)
        return self._order_said.text(lang) if self._order and self._order_said else None

    @property
    def orders(self) -> list[OrderRecord]:
        """Every order given so far and what became of it (a copy)."""
        return list(self._orders)

    def orders_text(self, lang: str | None = None) -> list[str]:
        """The texts of :attr:`orders` in ``"vi"`` or ``"en"``."""
        lang = self.lang if lang is None else _lang(lang)
        return [said.text(lang) for said in self._orders_said]

    @property
    def board(self) -> Board:
        """A copy of the current position with its moves (changing it changes nothing)."""
        return self._board.copy()

    @property
    def turn(self) -> Color:
        return self._board.turn

    @property
    def moves(self) -> list[Move]:
        return self._board.move_stack

    @property
    def start_fen(self) -> str:
        return self._start_fen

    def fen(self) -> str:
        return self._board.fen()

    @property
    def draw_offer(self) -> Color | None:
        """The side whose draw offer is pending, if any."""
        return self._offer

    # ------------------------------------------------------------------ moves
    def play(self, move: Move | str, notation: str | None = None) -> list[Event]:
        """Play a move given as a :class:`Move` or as text in any notation.

        Raises :class:`~cotuong.GameOverError` after the end, and
        :class:`~cotuong.IllegalMoveError` (saying why) for an illegal move.
        """
        if self._outcome is not None:
            raise GameOverError(f"the game is over ({self._outcome.text()}); "
                                "no more moves can be played", "GAME_OVER")
        board = self._board
        mv = self._resolve(move, notation)
        code = mv.encode()
        mover = board.side
        moved = board.squares[code >> 7]
        captured = board.squares[code & 127]
        note = PlyNote(False)
        board.push(mv, note=note)  # validates; IllegalMoveError says why
        check = board.is_check()
        note.check = check
        order = self._order
        if order is not None and self.rules.refuse_violating_move and orders.violates(
                order, Color.from_sign(mover), board.key, bool(captured), check):
            board.pop_code()
            raise self._refusal(mv, order)
        if (self.rules.refuse_losing_repetition or self.rules.refuse_violating_move) and \
                self.rules.verdict_takes_effect == "at_third" and not captured and \
                self._counts.get(board.key, 0) == 2:
            self._keys.append(board.key)
            ruling = classify(board, self._floor + (cycle_start(self._keys[self._floor:], 3)
                                                    or 0), self.rules)
            self._keys.pop()
            if ruling.winner is not None and ruling.winner.sign != mover:
                board.pop_code()
                reason = explain.losing_repetition_reason(
                    self._vi_text(mv), mv.iccs, ruling.conduct(Color.from_sign(mover)).level)
                error = IllegalMoveError(reason.en, reason.code)
                error.move, error.reason = mv, reason
                raise error
        self._history.append((self._floor, self._offer, len(self._warnings), self._last_warning,
                              self._streak.copy(), self._order, self._order_said,
                              self._order_outcome, len(self._orders), len(self._orders_said),
                              self._counters.copy()))
        events = [Event("move", board.ply, mv, check)]
        if self._offer is not None and self._offer.sign != mover:
            self._offer = None  # moving instead of accepting declines; one's own offer stands
        key = board.key
        self._keys.append(key)
        if captured:
            self._counts = {key: 1}
            self._floor = board.ply
        else:
            self._counts[key] = self._counts.get(key, 0) + 1
        self._counters.record(mover, moved, code, captured)
        outcome = self._judge_order(mover, key, bool(captured), check)
        if outcome is None:
            outcome = self._after_move(mover, check, captured, key, events)
        if outcome is not None:
            events.append(self._finish(outcome))
        return events

    def take_back(self, n: int = 1) -> None:
        """Undo the last ``n`` moves without replaying: the position, the repetition
        record, warnings, orders, offers and counters are as they were before them, and
        an outcome reached since is undone.

        >>> g = Game()
        >>> _ = g.play("h2e2"), g.play("h9g7")
        >>> g.take_back(2); g.fen() == Game().fen()
        True
        """
        if not isinstance(n, int) or not 1 <= n <= len(self._history):
            raise NoMoveToUndoError(f"cannot take back {n!r} of {len(self._history)} moves")
        (self._floor, self._offer, warnings, self._last_warning, self._streak, self._order,
         self._order_said, self._order_outcome, orders_, said, self._counters) = self._history[-n]
        del self._history[-n:], self._keys[-n:], self._warnings[warnings:], self._orders[orders_:]
        del self._orders_said[said:]
        for _ in range(n):
            self._board.pop()
        self._counts = dict(Counter(self._keys[self._floor:]))
        self._outcome = None

    def _resolve(self, move: Move | str, notation: str | None) -> Move:
        if isinstance(move, Move):
            return move
        if not isinstance(move, str):
            raise CotuongError(f"a move must be a Move or a text, not {type(move).__name__}",
                               "NOT_A_MOVE")
        text = move.strip()
        if notation in (None, "iccs") and len(text) == 4 and text[0] in "abcdefghi" \
                and text[2] in "abcdefghi" and text[1].isdigit() and text[3].isdigit():
            return Move.from_iccs(text)  # the fast path for engines and records
        return parse_move(self._board, text, notation)

    def _after_move(self, mover: int, check: bool, captured: int, key: int,
                    events: list[Event]) -> Outcome | None:
        board = self._board
        rules = self.rules
        if not board.has_legal_move():
            return self._mate()
        count = self._counts.get(key, 1)
        in_order = self._order is not None and key in self._order.positions
        if count >= 3 and rules.verdict_takes_effect == "at_third":
            return self._repetition()
        if count >= 3 and not in_order:
            self._give_order(events)
        elif count == 2 and not in_order:
            self._warn(events)
        if rules.consecutive_limits is not None:
            result = self._check_limit(mover, check, events)
            if result is not None:
                return result
        if rules.no_capture_plies is not None and board.halfmove_clock >= rules.no_capture_plies:
            return explain.draw_outcome(Termination.MOVE_RULE)
        if captured and rules.no_attacking_pieces and self._no_attackers():
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

    # -------------------------------------------------------------- rulings
    def _mate(self) -> Outcome:
        outcome = self._board.outcome()
        assert outcome is not None
        return outcome

    def _vi_text(self, move: Move) -> str:
        """The move in Vietnamese notation, as rulings quote it (ICCS if it has none)."""
        try:
            return make_move_text(self._board, move, "vi")
        except (CotuongError, ImportError):
            return move.iccs

    def _repetition(self) -> Outcome:
        board = self._board
        keys = self._keys[self._floor:]
        start = cycle_start(keys, 3)
        last = cycle_start(keys, 2)
        assert start is not None and last is not None
        ruling = classify(board, self._floor + start, self.rules)
        return explain.ruling_outcome(board, ruling, self._floor + last)

    def _warn(self, events: list[Event]) -> None:
        keys = self._keys[self._floor:]
        start = cycle_start(keys, 2)
        if start is None:
            return
        ruling = classify(self._board, self._floor + start, self.rules)
        said = explain.warning_message(self._board, ruling)
        # Every position of a loop occurs a second time in turn: warn once per loop.
        if said is not None and (said, self._floor) != self._last_warning:
            self._last_warning = (said, self._floor)
            self._warnings.append(said)
            events.append(Event("warning", self._board.ply, text=said.text(self.lang),
                                message=said))

    def _move_number(self) -> int:
        """The number of the move just played (Red's and Black's moves share a number)."""
        board = self._board
        return board.fullmove_number - (1 if board.side > 0 else 0)

    def _give_order(self, events: list[Event]) -> None:
        """A third occurrence under ``verdict_takes_effect="order"``: the arbiter's order."""
        board = self._board
        keys = self._keys[self._floor:]
        start = cycle_start(keys, 3)
        last = cycle_start(keys, 2)
        assert start is not None and last is not None
        ruling = classify(board, self._floor + start, self.rules)
        moves = tuple(Move.decode(e.move) for e in board.stack[self._floor + last:])
        order = orders.order_from_ruling(ruling, moves, frozenset(keys[start:]), keys[-1],
                                         board.ply, self._move_number(),
                                         self._counts.get(keys[-1], 3))
        said, outcome = explain.order_messages(board, ruling, self._floor + last, order)
        self._set_order(order, said, outcome, events)

    def _set_order(self, order: Order, said: Message, outcome: Outcome,
                   events: list[Event]) -> None:
        if self._order is not None:
            self._settle("lapsed")  # a new cycle replaces the old order
        self._order, self._order_said, self._order_outcome = order, said, outcome
        self._orders.append(OrderRecord(order, orders.PENDING))
        self._orders_said.append(said)
        self._warnings.append(said)
        events.append(Event("warning", self._board.ply, text=said.text(self.lang), order=order,
                            message=said))

    def _settle(self, fate: str) -> None:
        order = self._order
        assert order is not None
        self._orders[-1] = OrderRecord(order, fate, self._board.ply, self._move_number())
        self._order = None

    def _judge_order(self, mover: int, key: int, captured: bool,
                     check: bool) -> Outcome | None:
        """Settle the pending order with the move just played (see referee/orders.py)."""
        order = self._order
        if order is None:
            return None
        fate = orders.judge(order, Color.from_sign(mover), key, captured, check,
                            self._counts.get(key, 1), self.rules.order_loops)
        if fate == orders.PENDING:
            return None
        outcome = self._order_outcome
        self._settle(fate)
        return outcome if fate in (orders.LOST, orders.DRAWN) else None

    def _refusal(self, move: Move, order: Order) -> RepetitionOrderError:
        assert self._order_said is not None
        reason = explain.refusal_reason(order, self._order_said, self._vi_text(move), move.iccs)
        error = RepetitionOrderError(reason.en, reason.code)
        error.move, error.reason, error.order = move, reason, order
        return error

    def _check_limit(self, mover: int, check: bool,
                     events: list[Event]) -> Outcome | None:
        """The 6/12/18 consecutive checks (or chases) with 1/2/3 pieces of ``001``: past
        the limit an ``"order"`` rule set gives an order (the detailed rules *are
        applied*), an ``"at_third"`` one rules the loss at once."""
        board = self._board
        excess = self._streak.record(board, mover, check, len(self._keys), self.rules)
        if excess is None:
            return None
        side = Color.from_sign(mover)
        if self.rules.verdict_takes_effect == "order":
            if self._order is None:
                begun = excess.begun
                order = orders.check_limit_order(
                    side, tuple(board.move_stack[begun - len(self._keys) + 1:]),
                    frozenset(self._keys[max(begun, self._floor):]), self._keys[-1],
                    board.ply, self._move_number())
                said, outcome = explain.check_limit_messages(order, excess.count,
                                                             excess.pieces, excess.limit)
                self._set_order(order, said, outcome, events)
            return None
        return explain.check_limit_loss(side, excess.count, excess.pieces, excess.limit,
                                        self.rules.limit_chases)

    def _no_attackers(self) -> bool:
        return not any(abs(code) in _ATTACKING_KINDS for code in self._board.squares)

    def _finish(self, outcome: Outcome) -> Event:
        self._outcome = outcome
        self._offer = None
        return Event("game_over", self._board.ply, text=outcome.text(self.lang),
                     outcome=outcome, message=outcome.explanation)

    def _check_start_position(self) -> None:
        rules = self.rules
        outcome: Outcome | None = None
        if not self._board.has_legal_move():
            outcome = self._mate()
        elif rules.no_attacking_pieces and self._no_attackers():
            outcome = explain.draw_outcome(Termination.NO_ATTACKING_PIECES)
        elif rules.no_capture_plies is not None and \
                self._board.halfmove_clock >= rules.no_capture_plies:
            outcome = explain.draw_outcome(Termination.MOVE_RULE)
        if outcome is not None:
            self._finish(outcome)

    # ------------------------------------------------------- offers and ends
    def _live(self, action: str, color: object) -> None:
        # A side given as "red" or 1 would fail deep inside with an AttributeError.
        if not isinstance(color, Color):
            raise CotuongError(f"cannot {action}: the side must be Color.RED or Color.BLACK, "
                               f"not {color!r}", "BAD_COLOR")
        if self._outcome is not None:
            raise GameOverError(f"cannot {action}: the game is over "
                                f"({self._outcome.text()})", "GAME_OVER")

    def offer_draw(self, color: Color) -> list[Event]:
        """``color`` offers a draw; it ends the game only when the opponent accepts,
        or at once when the rule set lets the arbiter grant it (``003``: 50 moves each
        without a capture)."""
        self._live("offer a draw", color)
        limit = self.rules.offer_no_capture_plies
        if limit is not None and self._board.halfmove_clock >= limit:
            detail = Message.of("DRAW_OFFER_GRANTED", side=color, moves=limit // 2)
            return [self._finish(explain.draw_outcome(Termination.MOVE_RULE, detail))]
        self._offer = color
        said = Message.of("DRAW_OFFERED", side=color)
        return [Event("draw_offered", self._board.ply, text=said.text(self.lang), message=said)]

    def accept_draw(self, color: Color) -> list[Event]:
        """``color`` accepts the opponent's pending draw offer."""
        self._live("accept a draw", color)
        if self._offer is None or self._offer is color:
            raise CotuongError(f"{color.en} cannot accept: there is no draw offer from "
                               f"{color.opponent.en}", "NO_DRAW_OFFER")
        return [self._finish(explain.draw_outcome(Termination.AGREEMENT))]

    def decline_draw(self, color: Color) -> list[Event]:
        """``color`` declines the opponent's pending draw offer."""
        self._live("decline a draw", color)
        if self._offer is None or self._offer is color:
            raise CotuongError(f"{color.en} cannot decline: there is no draw offer from "
                               f"{color.opponent.en}", "NO_DRAW_OFFER")
        self._offer = None
        said = Message.of("DRAW_DECLINED", side=color)
        return [Event("draw_declined", self._board.ply, text=said.text(self.lang), message=said)]

    def claim_draw(self, color: Color) -> list[Event]:
        """``color`` claims a draw under the claim rules of the rule set (Asian: 60
        moves without a capture, at most 10 of the claimant's checks counted).

        Raises :class:`~cotuong.CotuongError` (code ``NO_DRAW_CLAIM``) when no claim holds.
        """
        self._live("claim a draw", color)
        limit = self.rules.claim_no_capture_plies
        if limit is None:
            raise CotuongError(f"the {self.rules.name} rules have no draw claim",
                               "NO_DRAW_CLAIM")
        counted = claim_counted_plies(self._board, color, self.rules.claim_max_counted_checks)
        if counted < limit:
            raise CotuongError(
                f"{color.en} cannot claim a draw: {counted} counted plies without a capture "
                f"of the {limit} needed", "NO_DRAW_CLAIM")
        detail = Message.of("DRAW_CLAIMED", side=color, moves=limit // 2)
        return [self._finish(explain.draw_outcome(Termination.MOVE_RULE, detail))]

    def resign(self, color: Color) -> list[Event]:
        """``color`` resigns: the opponent wins."""
        self._live("resign", color)
        return [self._finish(explain.side_outcome(color.opponent, Termination.RESIGNATION,
                                                  "RESIGNED"))]

    def flag(self, color: Color) -> list[Event]:
        """``color``'s flag fell (the clock is outside the game): the opponent wins."""
        self._live("flag", color)
        return [self._finish(explain.side_outcome(color.opponent, Termination.TIME_FORFEIT,
                                                  "OUT_OF_TIME"))]


def _lang(lang: object) -> str:
    try:
        return check_lang(lang)
    except ValueError as exc:
        raise CotuongError(str(exc), "BAD_LANG") from None
