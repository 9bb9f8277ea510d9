"""The :class:`Game`: a board, its arbiter, draw offers and the outcome."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, GameOverError, NoMoveToUndoError
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.reasons import illegal_move_error
from cotuong.core.types import Color, Move
from cotuong.game.arbiter import Arbiter, ArbiterMark
from cotuong.messages import Message, check_lang
from cotuong.notation import parse_move
from cotuong.referee import explain
from cotuong.referee.counters import claim_counted_plies
from cotuong.referee.events import Event
from cotuong.referee.facts import PlyNote
from cotuong.referee.orders import Order, OrderRecord
from cotuong.referee.rules import RuleSet, rule_set


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What :meth:`Game.take_back` restores: the state before a ply (the board keeps
    its own): the pending draw ``offer`` and the ``arbiter``'s mark."""

    offer: Color | None
    arbiter: ArbiterMark


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
        self._arbiter = Arbiter(self.rules, self._board)
        self._outcome: Outcome | None = None
        self._offer: Color | None = None
        self._history: list[Snapshot] = []  # the state before each ply
        # The position's legal move codes, once all are known, else those the mate test
        # found and its generator of the rest (read before the board changes).
        self._legal: tuple[int, ...] | None = None
        self._legal_found: tuple[list[int], Iterator[int]] | None = None
        outcome = self._arbiter.start_outcome(self._board)
        if outcome is not None:
            self._finish(outcome)

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
        return [w.text(self.lang) for w in self._arbiter.warnings]

    @property
    def warning_messages(self) -> list[Message]:
        """Warnings so far as messages of the catalog (a copy)."""
        return self._arbiter.warnings

    @property
    def pending_order(self) -> Order | None:
        """The arbiter's order in force (``verdict_takes_effect="order"``), else ``None``:
        who must change (``side``), the verdict it rests on (``winner``), ``reason``,
        ``clause``, the loop's ``moves``, ``ply`` and ``move_number``."""
        return self._arbiter.book.pending

    def order_text(self, lang: str | None = None) -> str | None:
        """The pending order in words (``"vi"``/``"en"``), else ``None``."""
        lang = self.lang if lang is None else _lang(lang)
        book = self._arbiter.book
        return book.said.text(lang) if book.pending and book.said else None

    @property
    def orders(self) -> list[OrderRecord]:
        """Every order given so far and what became of it (a copy)."""
        return list(self._arbiter.book.records)

    def orders_text(self, lang: str | None = None) -> list[str]:
        """The texts of :attr:`orders` in ``"vi"`` or ``"en"``."""
        lang = self.lang if lang is None else _lang(lang)
        return [said.text(lang) for said in self._arbiter.book.texts]

    def legal_codes(self) -> tuple[int, ...]:
        """The legal moves of the current position as ints ``from << 7 | to``, piece by
        piece as :meth:`~cotuong.Board.legal_codes` finds them, generated once per
        position (the referee's mate test after a move has begun them, and a move
        played next is checked against them).

        >>> from cotuong.core.movegen import iccs_texts
        >>> len(Game().legal_codes()), iccs_texts(Game().legal_codes())[:2]
        (44, ['a3a4', 'c3c4'])
        """
        if self._legal is None:
            found = self._legal_found
            if found is None:
                self._legal = tuple(self._board.legal_codes())
            else:
                first, rest = found
                self._legal = (*first, *rest)
                self._legal_found = None
        return self._legal

    def __getstate__(self) -> dict[str, object]:
        """A copy or a pickle leaves out the mate test's generator (it cannot be copied):
        the copy generates its legal moves anew when asked."""
        state = dict(self.__dict__)
        state["_legal_found"] = None
        return state

    def _has_legal_move(self) -> bool:
        """The mate test after a move, keeping what it generated for :meth:`legal_codes`."""
        rest = self._board.legal_codes_iter()
        first = next(rest, None)
        if first is None:
            self._legal = ()
            return False
        self._legal_found = ([first], rest)
        return True

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
        legal = self._legal
        if not (code in legal if legal is not None else board.is_legal_code(code)):
            raise illegal_move_error(board, mv)  # saying why, as Board.push does
        board.push_code(code, note)
        self._legal = self._legal_found = None
        check = board.is_check()
        note.check = check
        refused = self._arbiter.refusal(board, mv, mover, captured, check)
        if refused is not None:
            raise refused
        self._history.append(Snapshot(self._offer, self._arbiter.mark()))
        events = [Event("move", board.ply, mv, check)]
        if self._offer is not None and self._offer.sign != mover:
            self._offer = None  # moving instead of accepting declines; one's own offer stands
        outcome = self._arbiter.record(board, mover, moved, code, captured, check, events,
                                       self.lang, self._has_legal_move())
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
        snapshot = self._history[-n]
        del self._history[-n:]
        self._offer = snapshot.offer
        self._arbiter.restore(snapshot.arbiter, n)
        for _ in range(n):
            self._board.pop()
        self._legal = self._legal_found = None
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

    def _finish(self, outcome: Outcome) -> Event:
        self._outcome = outcome
        self._offer = None
        return Event("game_over", self._board.ply, text=outcome.text(self.lang),
                     outcome=outcome, message=outcome.explanation)

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
