"""Why a move is illegal, in words a beginner learns from (RULES.md §2, seed ``004``).

>>> from cotuong import Board, Move
>>> b = Board()
>>> r = b.illegal_reason(Move.from_iccs("b0d1"))
>>> r.code, r.vi
('HORSE_LEG_BLOCKED', 'Mã bị cản chân (chân mã bị cản ở c1)')
"""

from __future__ import annotations

from typing import Protocol

from cotuong.core import tables
from cotuong.core.errors import IllegalMoveError
from cotuong.core.types import Color, Move, Piece, PieceType, human_square_name
from cotuong.messages import Message


class Board(Protocol):
    """What explaining a move needs of a position (``cotuong.core.board.Board`` is one):
    a protocol, so that the board can delegate here without an import cycle."""

    @property
    def turn(self) -> Color: ...

    def piece_at(self, square: int) -> Piece | None: ...

    def is_check(self) -> bool: ...

    def checkers(self) -> list[int]: ...

    def attackers(self, color: Color, square: int) -> list[int]: ...

    def king_square(self, color: Color) -> int: ...

    def push_unchecked(self, move: Move) -> None: ...

    def pop(self) -> Move: ...


# Why a move is illegal is a message of the one catalog (cotuong.messages): a stable
# code with parameters, rendered in Vietnamese or English where it is shown.
IllegalReason = Message


def _r(code: str, **params: object) -> IllegalReason:
    return Message.of(code, **params)


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
        return _r("NO_PIECE", square=where)
    if piece.color is not board.turn:
        return _r("NOT_YOUR_PIECE", square=where, owner=piece.color, turn=board.turn)
    target = board.piece_at(t)
    if target is not None and target.color is piece.color:
        return _r("CAPTURE_OWN_PIECE", piece=target, square=human_square_name(t))
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
            return _r("KING_BAD_STEP")
        if t not in tables.KING_POINTS[side]:
            return _r("KING_LEAVES_PALACE")
    elif kind is PieceType.ADVISOR:
        if abs(df) != 1 or abs(dr) != 1:
            return _r("ADVISOR_BAD_STEP")
        if t not in tables.ADVISOR_POINTS[side]:
            return _r("ADVISOR_LEAVES_PALACE")
    elif kind is PieceType.ELEPHANT:
        if abs(df) != 2 or abs(dr) != 2:
            return _r("ELEPHANT_BAD_STEP")
        if t not in tables.ELEPHANT_POINTS[side]:
            return _r("ELEPHANT_CROSSES_RIVER")
        eye = (fr + dr // 2) * 9 + ff + df // 2
        if b[eye]:
            return _r("ELEPHANT_EYE_BLOCKED", eye=human_square_name(eye))
    elif kind is PieceType.HORSE:
        if sorted((abs(df), abs(dr))) != [1, 2]:
            return _r("HORSE_BAD_STEP")
        leg = f + (9 * (dr // 2) if abs(dr) == 2 else df // 2)
        if b[leg]:
            return _r("HORSE_LEG_BLOCKED", leg=human_square_name(leg))
    elif kind in (PieceType.ROOK, PieceType.CANNON):
        if df and dr:
            return _r(f"{kind.name}_NOT_STRAIGHT")
        step = (1 if df > 0 else -1) if df else (9 if dr > 0 else -9)
        between = sum(b[s] for s in range(f + step, t, step))
        if kind is PieceType.ROOK and between:
            return _r("ROOK_PATH_BLOCKED")
        if kind is PieceType.CANNON and not capture and between:
            return _r("CANNON_PATH_BLOCKED")
        if kind is PieceType.CANNON and capture and between != 1:
            return _r("CANNON_NEEDS_ONE_SCREEN", screens=between)
    elif kind is PieceType.PAWN:
        if dr * side < 0:
            return _r("PAWN_BACKWARDS")
        if abs(df) + abs(dr) != 1:
            return _r("PAWN_BAD_STEP")
        crossed = fr >= 5 if side > 0 else fr <= 4
        if df and not crossed:
            return _r("PAWN_SIDEWAYS_BEFORE_RIVER")
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
        return _r("KINGS_FACING")
    names = _describe(board, attackers or checkers)
    if in_check and set(attackers) & set(checkers):
        return _r("IGNORES_CHECK", attackers=names)
    return _r("LEAVES_KING_IN_CHECK", attackers=names)


def _describe(board: Board, squares: list[int]) -> tuple[Message, ...]:
    """The attacking pieces and their squares (rendered as a list: "Xe Đen ở e10, …")."""
    named = []
    for s in squares:
        p = board.piece_at(s)
        if p is None:  # the attacker sits where it would capture; name the square
            continue
        named.append(Message.of("PIECE_ON_SQUARE", piece=p, square=human_square_name(s)))
    return tuple(named)
