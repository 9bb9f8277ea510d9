"""Why a move is illegal, in words a beginner learns from (RULES.md §2, seed ``004``).

>>> from cotuong import Board, Move
>>> b = Board()
>>> r = b.illegal_reason(Move.from_iccs("b0d1"))
>>> r.code, r.vi
('HORSE_LEG_BLOCKED', 'Mã bị cản chân (chân mã bị cản ở c1)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cotuong.core import tables
from cotuong.core.errors import IllegalMoveError
from cotuong.core.types import Move, Piece, PieceType, human_square_name

if TYPE_CHECKING:
    from cotuong.core.board import Board


@dataclass(frozen=True, slots=True)
class IllegalReason:
    """A stable ``code`` and the explanation in Vietnamese and English."""

    code: str
    vi: str
    en: str

    def text(self, lang: str) -> str:
        return self.vi if lang == "vi" else self.en


def _r(code: str, vi: str, en: str) -> IllegalReason:
    return IllegalReason(code, vi, en)


def describe_move(move: Move) -> str:
    """``b0d1 (b1-d2)``: the ICCS text and the squares as the board shows them (1-10).

    Reasons name squares in the 1-10 form people read off the board; the ICCS text
    beside them says which move was meant without mixing the two systems.
    """
    f, t = human_square_name(move.from_square), human_square_name(move.to_square)
    return f"{move.iccs} ({f}-{t})"


def illegal_move_error(board: Board, move: Move, context: str = "") -> IllegalMoveError:
    """The error for an illegal ``move``, carrying the move and its reason (vi and en)."""
    reason = illegal_reason(board, move)
    error = IllegalMoveError(f"{context}{describe_move(move)} is illegal: {reason.en}",
                             reason.code)
    error.move = move
    error.reason = reason
    return error


def illegal_reason(board: Board, move: Move) -> IllegalReason:
    """Explain why ``move`` is not legal on ``board`` (it must be illegal)."""
    f, t = move.from_square, move.to_square
    piece = board.piece_at(f)
    where = human_square_name(f)
    if piece is None:
        return _r("NO_PIECE", f"Không có quân nào ở {where}", f"there is no piece on {where}")
    if piece.color is not board.turn:
        return _r(
            "NOT_YOUR_PIECE",
            f"Quân ở {where} là của {piece.color.vi}, đến lượt {board.turn.vi}",
            f"the piece on {where} is {piece.color.en}'s and it is {board.turn.en}'s turn",
        )
    target = board.piece_at(t)
    if target is not None and target.color is piece.color:
        return _r(
            "CAPTURE_OWN_PIECE",
            f"Không được ăn quân mình ({target.name_in('vi')} ở {human_square_name(t)})",
            f"cannot capture your own piece ({target.name_in('en')} on {human_square_name(t)})",
        )
    geometric = _geometry_reason(board, piece, f, t, target is not None)
    if geometric is not None:
        return geometric
    return _safety_reason(board, move)


def _geometry_reason(
    board: Board, piece: Piece, f: int, t: int, capture: bool
) -> IllegalReason | None:
    side = piece.color.sign
    ff, fr, tf, tr = f % 9, f // 9, t % 9, t // 9
    df, dr = tf - ff, tr - fr
    kind = piece.kind
    b = [0 if board.piece_at(s) is None else 1 for s in range(90)]
    if kind is PieceType.KING:
        if abs(df) + abs(dr) != 1:
            return _r("KING_BAD_STEP", "Tướng chỉ đi một bước ngang hoặc dọc",
                      "the king moves one step orthogonally")
        if t not in tables.KING_POINTS[side]:
            return _r("KING_LEAVES_PALACE", "Tướng không được ra khỏi cung",
                      "the king may not leave its palace")
    elif kind is PieceType.ADVISOR:
        if abs(df) != 1 or abs(dr) != 1:
            return _r("ADVISOR_BAD_STEP", "Sĩ chỉ đi chéo một bước",
                      "the advisor moves one step diagonally")
        if t not in tables.ADVISOR_POINTS[side]:
            return _r("ADVISOR_LEAVES_PALACE", "Sĩ không được ra khỏi cung",
                      "the advisor may not leave its palace")
    elif kind is PieceType.ELEPHANT:
        if abs(df) != 2 or abs(dr) != 2:
            return _r("ELEPHANT_BAD_STEP", "Tượng đi chéo đúng hai bước (chữ điền)",
                      "the elephant moves exactly two steps diagonally")
        if t not in tables.ELEPHANT_POINTS[side]:
            return _r("ELEPHANT_CROSSES_RIVER", "Tượng không được qua sông",
                      "the elephant may not cross the river")
        eye = (fr + dr // 2) * 9 + ff + df // 2
        if b[eye]:
            return _r("ELEPHANT_EYE_BLOCKED",
                      f"Tượng bị chặn mắt (mắt tượng ở {human_square_name(eye)})",
                      f"the elephant's eye is blocked (on {human_square_name(eye)})")
    elif kind is PieceType.HORSE:
        if sorted((abs(df), abs(dr))) != [1, 2]:
            return _r("HORSE_BAD_STEP", "Mã đi một bước thẳng rồi một bước chéo (chữ nhật)",
                      "the horse moves one step straight then one diagonally")
        leg = f + (9 * (dr // 2) if abs(dr) == 2 else df // 2)
        if b[leg]:
            return _r("HORSE_LEG_BLOCKED",
                      f"Mã bị cản chân (chân mã bị cản ở {human_square_name(leg)})",
                      f"the horse's leg is blocked (on {human_square_name(leg)})")
    elif kind in (PieceType.ROOK, PieceType.CANNON):
        name_vi, name_en = kind.vi, kind.en
        if df and dr:
            return _r(f"{kind.name}_NOT_STRAIGHT", f"{name_vi} chỉ đi theo đường thẳng",
                      f"the {name_en} moves along a straight line")
        step = (1 if df > 0 else -1) if df else (9 if dr > 0 else -9)
        between = sum(b[s] for s in range(f + step, t, step))
        if kind is PieceType.ROOK and between:
            return _r("ROOK_PATH_BLOCKED", "Xe không được nhảy qua quân khác",
                      "the rook cannot jump over pieces")
        if kind is PieceType.CANNON and not capture and between:
            return _r("CANNON_PATH_BLOCKED",
                      "Pháo chỉ nhảy qua ngòi khi ăn quân; đường đi bị cản",
                      "the cannon jumps a screen only to capture; its path is blocked")
        if kind is PieceType.CANNON and capture and between != 1:
            return _r("CANNON_NEEDS_ONE_SCREEN",
                      f"Pháo ăn quân phải nhảy qua đúng một ngòi (ở đây có {between})",
                      f"a cannon captures by jumping exactly one screen (here {between})")
    elif kind is PieceType.PAWN:
        if dr * side < 0:
            return _r("PAWN_BACKWARDS", "Tốt không được đi lùi", "a pawn never moves backwards")
        if abs(df) + abs(dr) != 1:
            return _r("PAWN_BAD_STEP", "Tốt chỉ đi một bước, không đi chéo",
                      "a pawn moves one step, never diagonally")
        crossed = fr >= 5 if side > 0 else fr <= 4
        if df and not crossed:
            return _r("PAWN_SIDEWAYS_BEFORE_RIVER", "Tốt chưa qua sông không được đi ngang",
                      "a pawn may move sideways only after crossing the river")
    return None


def _safety_reason(board: Board, move: Move) -> IllegalReason:
    mover = board.turn
    in_check = board.is_check()
    checkers = board.checkers()
    board.push_unchecked(move)
    try:
        k = board.king_square(mover)
        enemy_king = board.king_square(mover.opponent)
        facing = k % 9 == enemy_king % 9 and all(
            board.piece_at(s) is None for s in range(min(k, enemy_king) + 9, max(k, enemy_king), 9)
        )
        attackers = [s for s in board.attackers(mover.opponent, k) if s != enemy_king]
    finally:
        board.pop()
    if facing:
        return _r("KINGS_FACING", "Hai tướng không được đối mặt (lộ mặt tướng)",
                  "the two kings may not face each other on an open file")
    names = _describe(board, attackers or checkers)
    if in_check and set(attackers) & set(checkers):
        return _r("IGNORES_CHECK", f"Đang bị chiếu, phải đỡ chiếu ({names['vi']})",
                  f"you are in check and must answer it ({names['en']})")
    return _r("LEAVES_KING_IN_CHECK", f"Nước này để Tướng bị chiếu ({names['vi']})",
              f"this move leaves your king in check ({names['en']})")


def _describe(board: Board, squares: list[int]) -> dict[str, str]:
    parts_vi, parts_en = [], []
    for s in squares:
        p = board.piece_at(s)
        if p is None:  # the attacker sits where it would capture; name the square
            continue
        parts_vi.append(f"{p.name_in('vi')} ở {human_square_name(s)}")
        parts_en.append(f"{p.name_in('en')} on {human_square_name(s)}")
    return {"vi": ", ".join(parts_vi) or "?", "en": ", ".join(parts_en) or "?"}
