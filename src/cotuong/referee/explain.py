"""Explanations people can read, in Vietnamese and English, for rulings and draws.

Moves are written in Vietnamese notation in both languages (the notation players
of this platform read), e.g. ``"Đen thắng: Đỏ chiếu dai (X2.1, X2/1)"``.

>>> from cotuong import Color
>>> side_name(Color.RED, "vi"), side_name(Color.RED, "en")
('Đỏ', 'Red')
"""

from __future__ import annotations

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.reasons import IllegalReason
from cotuong.core.types import Color, Move
from cotuong.referee.orders import Order
from cotuong.referee.repetition import CHASE, CHECK, IDLE, Ruling, SideConduct


def side_name(color: Color, lang: str) -> str:
    return color.vi if lang == "vi" else color.en


def _wins(color: Color, lang: str) -> str:
    return f"{color.vi} thắng" if lang == "vi" else f"{color.en} wins"


def _draw(lang: str) -> str:
    return "Hòa" if lang == "vi" else "Draw"


def loop_move_texts(board: Board, start: int) -> list[str]:
    """Vietnamese notation of the moves ``start..`` of ``board``'s stack, in order."""
    work = board.copy()
    stack = board._stack
    for _ in range(len(stack) - start):
        work._pop_code()
    texts = []
    for entry in stack[start:]:
        move = Move.decode(entry.move)
        try:
            texts.append(work.move_text(move, "vi"))
        except (CotuongError, ImportError):  # no Vietnamese text: ICCS still names it
            texts.append(move.iccs)
        work._push_code(entry.move, entry.note)
    return texts


def _side_moves(texts: list[str], first: Color, color: Color) -> list[str]:
    """The distinct texts of ``color``'s moves (``texts`` starts with ``first``'s move)."""
    offset = 0 if first is color else 1
    out: list[str] = []
    for t in texts[offset::2]:
        if t not in out:
            out.append(t)
    return out


def _victims(board: Board, conduct: SideConduct, lang: str) -> str:
    names = sorted(board.piece_by_id(v).name_in(lang) for v in conduct.victims)
    joiner = " và " if lang == "vi" else " and "
    return joiner.join(names)


def conduct_text(board: Board, conduct: SideConduct, moves: list[str], lang: str) -> str:
    """``"Đỏ chiếu dai (X2.1, X2/1)"`` / ``"Red gave perpetual check (X2.1, X2/1)"``."""
    side = side_name(conduct.color, lang)
    listed = f" ({', '.join(moves)})" if moves else ""
    if conduct.level == CHECK:
        return f"{side} chiếu dai{listed}" if lang == "vi" else \
            f"{side} gave perpetual check{listed}"
    if conduct.level == CHASE:
        victims = _victims(board, conduct, lang)
        return f"{side} đuổi dai {victims}{listed}" if lang == "vi" else \
            f"{side} perpetually chased the {victims}{listed}"
    return f"{side} đi nước chờ" if lang == "vi" else f"{side} made idle moves"


def _ruling_parts(board: Board, ruling: Ruling, last_loop: int,
                  lang: str) -> tuple[Termination, str]:
    """The termination and the reason (without "X wins: " / "Draw: ") of a ruling."""
    texts = loop_move_texts(board, last_loop)
    first = Color.from_sign(board._side if (len(board._stack) - last_loop) % 2 == 0
                            else -board._side)
    parts = {c: conduct_text(board, ruling.conduct(c), _side_moves(texts, first, c), lang)
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
        why = ("lặp lại ba lần, không bên nào phạm luật" if lang == "vi"
               else "the position occurred three times and neither side broke a rule")
    else:
        both = ("cả hai bên cùng phạm luật" if lang == "vi" else "both sides broke a rule")
        forcing = [parts[c] for c in (Color.RED, Color.BLACK) if ruling.conduct(c).level > IDLE]
        why = f"{both}: {'; '.join(forcing)}" if red.level and black.level else \
            ("; ".join(forcing) + (" — luật này xử hòa" if lang == "vi"
                                   else " — these rules make it a draw"))
    return Termination.REPETITION_DRAW, why


def ruling_outcome(board: Board, ruling: Ruling, last_loop: int, lang: str) -> Outcome:
    """The :class:`Outcome` of a repetition ruling, explained.

    ``last_loop`` is the stack index where the last loop starts: its moves are the
    ones quoted (the earlier loop repeats them).
    """
    term, why = _ruling_parts(board, ruling, last_loop, lang)
    winner = ruling.winner
    head = _wins(winner, lang) if winner is not None else _draw(lang)
    return Outcome(winner, term, f"{head}: {why}")


def order_texts(board: Board, ruling: Ruling, last_loop: int, order: Order,
                lang: str) -> tuple[str, Outcome]:
    """The order's text (for the warning) and the outcome if it is not obeyed.

    >>> from cotuong import Game
    >>> g = Game("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1", "asian", lang="vi")
    >>> for text in ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2:
    ...     _ = g.play(text)
    >>> g.warnings[-1]
    'Lệnh trọng tài (nước 4): Đỏ chiếu dai (X2.1, X2/1) — Đỏ phải đổi nước đi, \
không đổi bị xử thua (000 Điều 23.1)'
    """
    term, why = _ruling_parts(board, ruling, last_loop, lang)
    clause = order.clause
    n = order.move_number
    side = order.side
    if side is not None:
        s = side_name(side, lang)
        if lang == "vi":
            text = (f"Lệnh trọng tài (nước {n}): {why} — {s} phải đổi nước đi, "
                    f"không đổi bị xử thua ({clause})")
            end = f"{_wins(side.opponent, lang)}: {why}, không đổi nước đi theo lệnh trọng tài " \
                  f"({clause})"
        else:
            text = (f"Arbiter's order (move {n}): {why} — {s} must change its move "
                    f"or lose ({clause})")
            end = f"{_wins(side.opponent, lang)}: {why}, and did not change its move as " \
                  f"the arbiter ordered ({clause})"
        return text, Outcome(side.opponent, term, end)
    if lang == "vi":
        text = (f"Trọng tài (nước {n}): {why} — nếu hai bên không đổi nước đi thì xử hòa "
                f"({clause})")
        end = f"{_draw(lang)}: {why}; hai bên không đổi nước đi ({clause})"
    else:
        text = (f"Arbiter (move {n}): {why} — drawn if neither side changes its move "
                f"({clause})")
        end = f"{_draw(lang)}: {why}; neither side changed its move ({clause})"
    return text, Outcome(None, term, end)


def check_limit_texts(order: Order, checks: int, pieces: int, limit: int,
                      lang: str) -> tuple[str, Outcome]:
    """The order given past a consecutive-check limit, and the outcome if not obeyed."""
    side = order.side
    assert side is not None
    s, n, clause = side_name(side, lang), order.move_number, order.clause
    if lang == "vi":
        what = f"{s} chiếu liên tục {checks} nước với {pieces} quân, quá giới hạn {limit}"
        text = (f"Lệnh trọng tài (nước {n}): {what} — áp dụng luật chiếu dai: {s} phải đổi "
                f"nước đi, không đổi bị xử thua ({clause})")
        end = (f"{_wins(side.opponent, lang)}: {s} chiếu liên tục quá giới hạn và lặp lại "
               f"thế cờ, không đổi nước đi theo lệnh trọng tài ({clause})")
    else:
        what = f"{s} gave {checks} consecutive checks with {pieces} piece(s), over the " \
               f"limit of {limit}"
        text = (f"Arbiter's order (move {n}): {what} — the perpetual-check rules apply: {s} "
                f"must change its move or lose ({clause})")
        end = (f"{_wins(side.opponent, lang)}: {s} kept checking past the limit and repeated a "
               f"position instead of changing its move as the arbiter ordered ({clause})")
    return text, Outcome(side.opponent, Termination.CHECK_LIMIT, end)


def check_limit_loss(loser: Color, count: int, pieces: int, limit: int, chases: bool,
                     lang: str) -> Outcome:
    """The loss at once past a limit (``"at_third"`` rule sets)."""
    if lang == "vi":
        what = "chiếu hoặc đuổi" if chases else "chiếu"
        text = (f"{loser.opponent.vi} thắng: {loser.vi} {what} liên tục {count} nước với "
                f"{pieces} quân, quá giới hạn {limit}")
    else:
        what = "checks or chases" if chases else "checks"
        text = (f"{loser.opponent.en} wins: {loser.en} made {count} consecutive {what} "
                f"with {pieces} piece(s), over the limit of {limit}")
    return Outcome(loser.opponent, Termination.CHECK_LIMIT, text)


def refusal_reason(order: Order, order_text_vi: str, order_text_en: str,
                   move_vi: str, move_en: str) -> IllegalReason:
    """Why a move that would continue an ordered cycle is refused (vi and en)."""
    side = order.side
    assert side is not None
    return IllegalReason(
        "REPETITION_ORDER",
        f"{move_vi} bị từ chối: nước này tiếp tục vòng lặp mà trọng tài đã lệnh "
        f"{side.vi} phải đổi ({order_text_vi})",
        f"{move_en} is refused: it continues the loop the arbiter ordered {side.en} to "
        f"leave ({order_text_en})")


def warning_text(board: Board, ruling: Ruling, lang: str) -> str | None:
    """At a second occurrence: who would lose if the loop is played once more."""
    if ruling.winner is None:
        return None
    bad = ruling.conduct(ruling.winner.opponent)
    side = side_name(bad.color, lang)
    if lang == "vi":
        what = "chiếu liên tục" if bad.level == CHECK else f"đuổi {_victims(board, bad, lang)}"
        return f"Lặp lại thêm một lần sẽ bị xử: {side} đang {what}"
    what = "giving perpetual check" if bad.level == CHECK else \
        f"chasing the {_victims(board, bad, lang)}"
    return f"the next repetition will be ruled: {side} is {what}"


def draw_text(termination: Termination, lang: str, detail: str = "") -> str:
    """Explanations of the automatic and claimed draws."""
    vi = {
        Termination.MOVE_RULE: "60 nước không ăn quân",
        Termination.NO_ATTACKING_PIECES: "cả hai bên không còn Xe, Mã, Pháo, Tốt",
        Termination.MOVE_LIMIT: "ván cờ đã đủ số nước tối đa",
        Termination.AGREEMENT: "hai bên thỏa thuận hòa",
    }
    en = {
        Termination.MOVE_RULE: "60 moves without a capture",
        Termination.NO_ATTACKING_PIECES: "neither side has a rook, horse, cannon or pawn",
        Termination.MOVE_LIMIT: "the game reached the move limit",
        Termination.AGREEMENT: "the players agreed to a draw",
    }
    table = vi if lang == "vi" else en
    text = detail or table.get(termination, termination.value)
    return f"{_draw(lang)}: {text}"


def level_name(level: int, lang: str) -> str:
    if lang == "vi":
        return {IDLE: "nước chờ", CHASE: "đuổi", CHECK: "chiếu"}[level]
    return {IDLE: "idle", CHASE: "chase", CHECK: "check"}[level]
