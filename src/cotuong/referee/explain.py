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
from cotuong.core.types import Color, Move
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


def ruling_outcome(board: Board, ruling: Ruling, last_loop: int, lang: str) -> Outcome:
    """The :class:`Outcome` of a repetition ruling, explained.

    ``last_loop`` is the stack index where the last loop starts: its moves are the
    ones quoted (the earlier loop repeats them).
    """
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
        return Outcome(winner, term, f"{_wins(winner, lang)}: {parts[loser]}")
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
    return Outcome(None, Termination.REPETITION_DRAW, f"{_draw(lang)}: {why}")


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
