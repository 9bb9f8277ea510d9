"""Every problem of a setup, each with a stable code and a catalog message.

:func:`~cotuong.core.fen.validate_setup` (and ``Board``) stop at the first problem; a
board editor wants them all at once, each named in the reader's language. The checks
and their codes are the same as the board's (``IllegalSetupError.code``), listed in the
order the board meets them, so the first problem here is the one ``Board`` raises and a
setup with no problem loads as a ``Board``.

>>> from cotuong.core.fen import parse_fen
>>> [p.code for p in setup_problems(parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w"))]
['KINGS_FACING']
>>> p = setup_problems(parse_fen("3k5/9/9/9/9/9/9/9/9/4K3P w"))[0]
>>> p.code, p.message.text("vi").split(":")[0]
('PAWN_OFF_POINT', 'Tốt Đỏ ở i1 không bao giờ đứng được ở đó')
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.core import tables
from cotuong.core.attacks import attackers_on
from cotuong.core.fen import MAX_COUNT, Setup
from cotuong.core.types import Color, Piece, PieceType, human_square_name
from cotuong.messages import Listing, Message

__all__ = ["MAX_COUNT", "SetupProblem", "setup_problems"]

# The kinds that can give check (an advisor or elephant never reaches the other palace).
_CHECKERS = (PieceType.KING, PieceType.ROOK, PieceType.CANNON, PieceType.HORSE,
             PieceType.PAWN)
_POINTS = {
    PieceType.KING: tables.KING_POINTS,
    PieceType.ADVISOR: tables.ADVISOR_POINTS,
    PieceType.ELEPHANT: tables.ELEPHANT_POINTS,
    PieceType.PAWN: tables.PAWN_POINTS,
}


@dataclass(frozen=True, slots=True)
class SetupProblem:
    """One thing wrong with a setup: ``code`` as ``IllegalSetupError`` names it, the
    ``message`` to show (``message.text("vi")``), and the ``squares`` it concerns."""

    code: str
    message: Message
    squares: tuple[int, ...] = ()


def setup_problems(setup: Setup) -> list[SetupProblem]:
    """Every problem of ``setup``, or ``[]`` when it is a legal position.

    Checks, in the board's order: each piece on a point it can ever reach (palace,
    elephant points, pawn start files), one king a side and at most 2 advisors,
    elephants, horses, rooks, cannons and 5 pawns, the kings not facing on an open
    file, and the side that has just moved not in check.
    """
    placement, turn = setup.placement, setup.turn
    if (not isinstance(placement, tuple) or len(placement) != 90 or not isinstance(turn, Color)
            or any(type(c) is not int or not -7 <= c <= 7 for c in placement)):
        return [SetupProblem("BAD_PLACEMENT", Message.of("SETUP_BAD_PLACEMENT"))]
    problems = _off_points(placement)
    squares_of: dict[int, list[int]] = {}
    for sq, code in enumerate(placement):
        if code:
            squares_of.setdefault(code, []).append(sq)
    for color in Color:
        kings = squares_of.get(color.sign, [])
        if not kings:
            problems.append(SetupProblem("MISSING_KING",
                                         Message.of("SETUP_MISSING_KING", color=color)))
        for kind, limit in MAX_COUNT.items():
            found = squares_of.get(kind * color.sign, [])
            if len(found) > limit:
                name = "TOO_MANY_KINGS" if kind is PieceType.KING else "TOO_MANY_PIECES"
                problems.append(SetupProblem(name, Message.of(
                    f"SETUP_{name}", piece=Piece(color, kind), count=len(found),
                    limit=limit), tuple(found)))
    red, black = squares_of.get(1, []), squares_of.get(-1, [])
    if len(red) == 1 and len(black) == 1:
        problems.extend(_kings_and_check(placement, red[0], black[0], turn))
    return problems


def _off_points(placement: tuple[int, ...]) -> list[SetupProblem]:
    problems = []
    for sq, code in enumerate(placement):
        if not code:
            continue
        piece = Piece.from_code(code)
        points = _POINTS.get(piece.kind)
        if points is not None and sq not in points[piece.color.sign]:
            name = f"{piece.kind.name}_OFF_POINT"
            problems.append(SetupProblem(name, Message.of(
                f"SETUP_{name}", piece=piece, square=human_square_name(sq)), (sq,)))
    return problems


def _kings_and_check(placement: tuple[int, ...], red: int, black: int,
                     turn: Color) -> list[SetupProblem]:
    if red % 9 == black % 9 and all(placement[s] == 0 for s in range(red + 9, black, 9)):
        return [SetupProblem("KINGS_FACING", Message.of(
            "SETUP_KINGS_FACING", file=human_square_name(red)[0]), (red, black))]
    # The side not to move is in check: the side to move could take its king.
    waiting = turn.opponent
    king = red if waiting is Color.RED else black
    board = list(placement)
    checkers = [s for s in attackers_on(board, king, turn.sign)
                if abs(board[s]) in _CHECKERS]
    if not checkers:
        return []
    pieces = Listing(tuple(Message.of("PIECE_ON_SQUARE", piece=Piece.from_code(board[s]),
                                      square=human_square_name(s))
                           for s in sorted(set(checkers))))
    return [SetupProblem("OPPONENT_IN_CHECK", Message.of(
        "SETUP_OPPONENT_IN_CHECK", color=waiting, turn=turn, attackers=pieces),
        (king, *sorted(set(checkers))))]
