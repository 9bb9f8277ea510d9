"""Rulings and draws explained: messages of the catalog (``cotuong.messages``), not texts.

Moves are quoted in Vietnamese notation in both languages (the notation players of
this platform read); the interface renders the message in the reader's language.

>>> from cotuong import Game
>>> g = Game("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1")
>>> for text in ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2:
...     _ = g.play(text)
>>> why = g.outcome.explanation
>>> why.code, why.text("vi")
('OUTCOME_WIN', 'Đen thắng: Đỏ chiếu dai (X2.1, X2/1)')
"""

from __future__ import annotations

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.types import Color, Move
from cotuong.messages import Listing, Message
from cotuong.notation import make_move_text
from cotuong.referee.orders import Order
from cotuong.referee.repetition import CHASE, CHECK, IDLE, Ruling, SideConduct

_LEVELS = {IDLE: "LEVEL_IDLE", CHASE: "LEVEL_CHASE", CHECK: "LEVEL_CHECK"}
_DRAWS = {
    Termination.MOVE_RULE: "DRAW_NO_CAPTURE",
    Termination.NO_ATTACKING_PIECES: "DRAW_NO_ATTACKING_PIECES",
    Termination.MOVE_LIMIT: "DRAW_MOVE_LIMIT",
    Termination.AGREEMENT: "DRAW_AGREEMENT",
}


def loop_move_texts(board: Board, start: int) -> list[str]:
    """Vietnamese notation of the moves ``start..`` of ``board``'s stack, in order."""
    work = board.copy()
    stack = board.stack
    for _ in range(len(stack) - start):
        work.pop_code()
    texts = []
    for entry in stack[start:]:
        move = Move.decode(entry.move)
        try:
            texts.append(make_move_text(work, move, "vi"))
        except (CotuongError, ImportError):  # no Vietnamese text: ICCS still names it
            texts.append(move.iccs)
        work.push_code(entry.move, entry.note)
    return texts


def _side_moves(texts: list[str], first: Color, color: Color) -> list[str]:
    """The distinct texts of ``color``'s moves (``texts`` starts with ``first``'s move)."""
    offset = 0 if first is color else 1
    out: list[str] = []
    for t in texts[offset::2]:
        if t not in out:
            out.append(t)
    return out


def _victims(board: Board, conduct: SideConduct) -> Listing:
    pieces = tuple(board.piece_by_id(v) for v in conduct.victims)
    return Listing(pieces, conjunction=True, sort=True)


def conduct_message(board: Board, conduct: SideConduct, moves: list[str]) -> Message:
    """``"Đỏ chiếu dai (X2.1, X2/1)"`` / ``"Red gave perpetual check (X2.1, X2/1)"``."""
    listed = f" ({', '.join(moves)})" if moves else ""
    if conduct.level == CHECK:
        return Message.of("CONDUCT_CHECK", side=conduct.color, listed=listed)
    if conduct.level == CHASE:
        return Message.of("CONDUCT_CHASE", side=conduct.color,
                          victims=_victims(board, conduct), listed=listed)
    return Message.of("CONDUCT_IDLE", side=conduct.color)


def _ruling_parts(board: Board, ruling: Ruling, last_loop: int) -> tuple[Termination, Message]:
    """The termination and the reason (without "X wins: " / "Draw: ") of a ruling."""
    texts = loop_move_texts(board, last_loop)
    first = Color.from_sign(board.side if (len(board.stack) - last_loop) % 2 == 0
                            else -board.side)
    parts = {c: conduct_message(board, ruling.conduct(c), _side_moves(texts, first, c))
             for c in (Color.RED, Color.BLACK)}
    winner = ruling.winner
    if winner is not None:
        loser = winner.opponent
        bad = ruling.conduct(loser)
        term = Termination.PERPETUAL_CHECK if bad.level == CHECK else Termination.PERPETUAL_CHASE
        # Only the violation that decides is named: when the winner chased while
        # answering perpetual checks (check outranks chase), its chase decides nothing.
        return term, parts[loser]
    red, black = ruling.red, ruling.black
    if red.level == IDLE and black.level == IDLE:
        return Termination.REPETITION_DRAW, Message.of("REPETITION_NO_VIOLATION")
    forcing = Listing(tuple(parts[c] for c in (Color.RED, Color.BLACK)
                            if ruling.conduct(c).level > IDLE), separator="; ")
    code = "REPETITION_BOTH_VIOLATE" if red.level and black.level else "REPETITION_RULES_DRAW"
    return Termination.REPETITION_DRAW, Message.of(code, conducts=forcing)


def _headed(winner: Color | None, reason: Message) -> Message:
    if winner is None:
        return Message.of("OUTCOME_DRAW", reason=reason)
    return Message.of("OUTCOME_WIN", winner=winner, reason=reason)


def ruling_outcome(board: Board, ruling: Ruling, last_loop: int) -> Outcome:
    """The :class:`Outcome` of a repetition ruling, explained.

    ``last_loop`` is the stack index where the last loop starts: its moves are the
    ones quoted (the earlier loop repeats them).
    """
    term, why = _ruling_parts(board, ruling, last_loop)
    return Outcome(ruling.winner, term, _headed(ruling.winner, why))


def clause_message(clause: str) -> Message | str:
    """The law an order cites, in words a player reads (``Order.clause`` is its id).

    >>> clause_message("000 Điều 23.1").vi
    'Luật Cờ Tướng Việt Nam, Điều 23.1'
    >>> clause_message("000 Điều 23.1").en
    'Vietnamese Xiangqi Law, Article 23.1'
    >>> clause_message("001 IV").en
    'Asian xiangqi rules: the limit on consecutive checks'

    An id of no known document is quoted as it is.
    """
    document, _, article = clause.partition(" ")
    if document == "000" and article.startswith("Điều "):
        return Message.of("CLAUSE_LAW", article=article.removeprefix("Điều "))
    if clause == "001 IV":
        return Message.of("CLAUSE_CHECK_LIMIT")
    return clause


def order_messages(board: Board, ruling: Ruling, last_loop: int,
                   order: Order) -> tuple[Message, Outcome]:
    """The order (for the warning) and the outcome if it is not obeyed.

    >>> from cotuong import Game
    >>> g = Game("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1", "asian", lang="vi")
    >>> for text in ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2:
    ...     _ = g.play(text)
    >>> g.warnings[-1]
    'Lệnh trọng tài (nước 4): Đỏ chiếu dai (X2.1, X2/1) — Đỏ phải đổi nước đi, \
không đổi bị xử thua (Luật Cờ Tướng Việt Nam, Điều 23.1)'
    """
    term, why = _ruling_parts(board, ruling, last_loop)
    clause, number, side = clause_message(order.clause), order.move_number, order.side
    if side is not None:
        said = Message.of("ORDER_TO_CHANGE", number=number, why=why, side=side, clause=clause)
        end = Message.of("ORDER_NOT_OBEYED", why=why, clause=clause)
        return said, Outcome(side.opponent, term, _headed(side.opponent, end))
    said = Message.of("ORDER_MUTUAL", number=number, why=why, clause=clause)
    end = Message.of("ORDER_MUTUAL_NOT_CHANGED", why=why, clause=clause)
    return said, Outcome(None, term, _headed(None, end))


def check_limit_messages(order: Order, checks: int, pieces: int,
                         limit: int) -> tuple[Message, Outcome]:
    """The order given past a consecutive-check limit, and the outcome if not obeyed."""
    side = order.side
    assert side is not None
    what = Message.of("CHECK_LIMIT_PASSED", side=side, checks=checks, pieces=pieces,
                      limit=limit)
    said = Message.of("CHECK_LIMIT_ORDER", number=order.move_number, what=what, side=side,
                      clause=clause_message(order.clause))
    end = Message.of("CHECK_LIMIT_NOT_OBEYED", side=side, clause=clause_message(order.clause))
    return said, Outcome(side.opponent, Termination.CHECK_LIMIT, _headed(side.opponent, end))


def check_limit_loss(loser: Color, count: int, pieces: int, limit: int,
                     chases: bool) -> Outcome:
    """The loss at once past a limit (``"at_third"`` rule sets)."""
    what = Message.of("CHECKS_OR_CHASES" if chases else "CHECKS")
    why = Message.of("CHECK_LIMIT_EXCEEDED", side=loser, what=what, count=count, pieces=pieces,
                     limit=limit)
    return Outcome(loser.opponent, Termination.CHECK_LIMIT, _headed(loser.opponent, why))


def refusal_reason(order: Order, order_said: Message, move_text: str, iccs: str) -> Message:
    """Why a move that would continue an ordered cycle is refused."""
    assert order.side is not None
    return Message.of("REPETITION_ORDER", move=move_text, iccs=iccs, side=order.side,
                      order=order_said)


def losing_repetition_reason(move_text: str, iccs: str, level: int) -> Message:
    """Why a move that would lose by repetition is refused (``refuse_losing_repetition``)."""
    return Message.of("LOSING_REPETITION", move=move_text, iccs=iccs, level=level_message(level))


def warning_message(board: Board, ruling: Ruling) -> Message | None:
    """At a second occurrence: who would lose if the loop is played once more."""
    if ruling.winner is None:
        return None
    bad = ruling.conduct(ruling.winner.opponent)
    if bad.level == CHECK:
        return Message.of("WARN_PERPETUAL_CHECK", side=bad.color)
    return Message.of("WARN_PERPETUAL_CHASE", side=bad.color, victims=_victims(board, bad))


def draw_outcome(termination: Termination, detail: Message | None = None) -> Outcome:
    """A draw by ``termination``, with ``detail`` where the rule set says more."""
    reason = detail if detail is not None else Message.of(_DRAWS[termination])
    return Outcome(None, termination, _headed(None, reason))


def side_outcome(winner: Color, termination: Termination, code: str) -> Outcome:
    """A win by the loser's own act (``RESIGNED``, ``OUT_OF_TIME``)."""
    return Outcome(winner, termination, _headed(winner, Message.of(code, side=winner.opponent)))


def level_message(level: int) -> Message:
    """``chiếu``/``check``, ``đuổi``/``chase``, ``nước chờ``/``idle``."""
    return Message.of(_LEVELS[level])
