"""The language-independent move model shared by the descriptive notations.

Every descriptive notation (WXF, Vietnamese, Chinese) names a move by four parts:
the piece kind, a *designator* (the file the piece stands on, or its place among
tandem pieces on one file), an operator (advance, retreat, traverse) and a number
(steps for R, C, K, P moving along their file; the destination file for a
traverse and always for H, E, A). Files are counted from each player's own right
(Red 1 = board file ``i``, Black 1 = board file ``a``).

This module turns a legal move into those facts (:func:`describe`) and a parsed
:class:`MoveSpec` back into a move (:func:`resolve`). The languages only differ in
spelling, so they are tables over this model (see :mod:`cotuong.notation.grammar`).

>>> from cotuong import Board, Move
>>> facts = describe(Board(), Move.from_iccs("h2e2"))
>>> facts.kind.name, facts.file, facts.op.name, facts.number
('CANNON', 2, 'TRAVERSE', 5)
>>> resolve(Board(), MoveSpec(PieceType.CANNON, 2, None, Op.TRAVERSE, 5)).iccs
'h2e2'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from cotuong.core.board import Board
from cotuong.core.errors import AmbiguousMoveError, IllegalMoveError
from cotuong.core.reasons import illegal_move_error
from cotuong.core.types import Color, Move, PieceType, Square
from cotuong.messages import Message

# Pieces whose number is a distance when they move along their file.
STRAIGHT = frozenset({PieceType.KING, PieceType.ROOK, PieceType.CANNON, PieceType.PAWN})
# Pieces that never need a tandem marker: their move itself tells two apart.
NO_TANDEM = frozenset({PieceType.KING, PieceType.ADVISOR, PieceType.ELEPHANT})


class Op(enum.Enum):
    """The operator of a descriptive move."""

    ADVANCE = "advance"
    RETREAT = "retreat"
    TRAVERSE = "traverse"


# Position labels a parsed designator can carry. Their meaning depends on how many
# pieces share the file (WXF ``+`` is the front piece of 2-3 but the second of 4-5),
# so they stay symbolic until :func:`position_index` sees the count.
POSITION_LABELS = ("++", "+", "mid", "-", "--", "first", "last")


@dataclass(frozen=True, slots=True)
class MoveSpec:
    """A parsed descriptive move, before it meets a board.

    ``file`` is the mover's own file number (1..9) or ``None`` when the text gave a
    position instead (or nothing, for the lenient inference of a typo like
    ``Tg/1``); ``position`` is a label from :data:`POSITION_LABELS` or an ``int``
    ordinal counted from the front (1 = front-most), or ``None``.
    """

    kind: PieceType
    file: int | None
    position: str | int | None
    op: Op
    number: int


@dataclass(frozen=True, slots=True)
class MoveFacts:
    """What a legal move looks like in descriptive terms (language independent).

    ``index`` is the piece's place from the front among ``count`` same pieces on
    its file (``count == 1`` when alone or for K/A/E, which never use markers);
    ``multi_file`` is set for pawns when two files each hold two or more of them,
    which changes the form (WXF ``3+.4``).
    """

    kind: PieceType
    color: Color
    file: int
    index: int
    count: int
    multi_file: bool
    op: Op
    number: int


def player_file(color: Color, board_file: int) -> int:
    """A board file (0 = ``a``) as the player's own file number 1..9."""
    return 9 - board_file if color is Color.RED else board_file + 1


def board_file(color: Color, file_number: int) -> int:
    """The player's file number 1..9 as a board file 0..8."""
    return 9 - file_number if color is Color.RED else file_number - 1


def _front_first(color: Color, squares: list[Square]) -> list[Square]:
    """Order same-file squares from the mover's front (nearest the enemy) backwards."""
    return sorted(squares, key=lambda s: -s if color is Color.RED else s)


def _same_kind_by_file(board: Board, color: Color, kind: PieceType) -> dict[int, list[Square]]:
    code = int(kind) * color.sign
    by_file: dict[int, list[Square]] = {}
    b, loc = board.squares, board.id_squares
    first = 0 if color is Color.RED else 16
    # The 16 piece ids of a side, not the 90 squares: this runs for every ply read.
    for pid in range(first, first + 16):
        sq = loc[pid]
        if sq >= 0 and b[sq] == code:
            by_file.setdefault(sq % 9, []).append(sq)
    return by_file


def describe(board: Board, move: Move) -> MoveFacts:
    """The descriptive facts of ``move`` (the mover must have a piece on its square).

    Legality is the caller's concern (:func:`cotuong.notation.make_move_text`
    checks it); this only reads geometry.
    """
    piece = board.piece_at(move.from_square)
    if piece is None:
        raise IllegalMoveError(f"{move.iccs}: there is no piece on the start square", "NO_PIECE")
    color, kind = piece.color, piece.kind
    ff, fr = move.from_square % 9, move.from_square // 9
    tf, tr = move.to_square % 9, move.to_square // 9
    forward = (tr - fr) * color.sign
    if forward > 0:
        op = Op.ADVANCE
    elif forward < 0:
        op = Op.RETREAT
    else:
        op = Op.TRAVERSE
    number = abs(tr - fr) if kind in STRAIGHT and op is not Op.TRAVERSE else player_file(color, tf)
    index, count, multi = 0, 1, False
    if kind not in NO_TANDEM:
        by_file = _same_kind_by_file(board, color, kind)
        column = _front_first(color, by_file.get(ff, [move.from_square]))
        if len(column) > 1:
            index, count = column.index(move.from_square), len(column)
            multi = kind is PieceType.PAWN and sum(len(v) > 1 for v in by_file.values()) > 1
    return MoveFacts(kind, color, player_file(color, ff), index, count, multi, op, number)


def position_index(label: str | int, count: int) -> int | None:
    """Index from the front that a position label names among ``count`` pieces.

    ``None`` when the label does not fit the count (``++`` needs four pieces, the
    middle needs an odd count of three or more).

    >>> position_index("+", 2), position_index("+", 4), position_index("mid", 5)
    (0, 1, 2)
    >>> position_index("++", 3) is None
    True
    """
    if count < 2:
        return None
    if isinstance(label, int):
        return label - 1 if 1 <= label <= count else None
    if label == "first":
        return 0
    if label == "last":
        return count - 1
    if label == "+":
        return 0 if count <= 3 else 1
    if label == "-":
        return count - 1 if count <= 3 else count - 2
    if label == "++":
        return 0 if count >= 4 else None
    if label == "--":
        return count - 1 if count >= 4 else None
    if label == "mid":
        return count // 2 if count % 2 == 1 else None
    raise ValueError(f"unknown position label {label!r}")


def describe_position(label: str | int) -> str:
    """Words for a position label, used in error messages."""
    names = {"++": "front-most", "+": "front", "mid": "middle", "-": "rear",
             "--": "rear-most", "first": "front", "last": "rear"}
    return f"number {label} from the front" if isinstance(label, int) else names[label]


def _candidates(board: Board, spec: MoveSpec, color: Color) -> list[Square]:
    """Squares of the pieces the designator can mean (before looking at targets)."""
    by_file = _same_kind_by_file(board, color, spec.kind)
    who = f"{color.en} {spec.kind.en}"
    if spec.position is None:
        if spec.file is None:  # lenient inference: any piece of the kind
            found = [s for col in by_file.values() for s in col]
            if not found:
                raise IllegalMoveError(f"there is no {who} on the board", "NO_SUCH_PIECE")
            return found
        column = by_file.get(board_file(color, spec.file), [])
        if not column:
            raise IllegalMoveError(f"no {who} on file {spec.file}", "NO_SUCH_PIECE")
        ordered = _front_first(color, column)
        # Official WXF: with three or five pawns on a file, the plain file names
        # the middle one (``P3.4``); the other pawns have their own markers.
        if spec.kind is PieceType.PAWN and len(ordered) in (3, 5):
            return [ordered[len(ordered) // 2]]
        return ordered
    files = [f for f, col in by_file.items() if len(col) > 1]
    if isinstance(spec.position, int) and spec.file is None and len(files) > 1:
        # "三兵": an ordinal from the front is the form for four or five pawns on one
        # file; with tandem pawns on two files writers also mean "the pawn on file
        # three". Refuse rather than guess (RULES.md §3).
        raise AmbiguousMoveError(
            f"with tandem {who}s on {len(files)} files, pawn number {spec.position} could be "
            f"counted from the front or be the pawn on file {spec.position}; write the "
            "place with the file (前三, 中三, 后三 / 3+, 33, 3-)", "AMBIGUOUS_PAWN")
    if spec.file is not None:
        files = [f for f in files if f == board_file(color, spec.file)]
    if not files:
        where = f" on file {spec.file}" if spec.file is not None else " on one file"
        raise IllegalMoveError(
            f"no tandem {who}s{where} for '{describe_position(spec.position)}'", "NO_SUCH_PIECE"
        )
    found = []
    for f in files:
        column = _front_first(color, by_file[f])
        i = position_index(spec.position, len(column))
        if i is not None:
            found.append(column[i])
    if not found:
        raise IllegalMoveError(
            f"'{describe_position(spec.position)}' does not fit the number of {who}s "
            "on the file", "NO_SUCH_PIECE",
        )
    return found


def target_square(color: Color, kind: PieceType, sq: Square, op: Op,
                  number: int) -> Square | Message:
    """Where a piece on ``sq`` lands for ``op``/``number``, or a message saying why nowhere."""
    f, r = sq % 9, sq // 9
    s = color.sign
    if kind in STRAIGHT:
        if op is Op.TRAVERSE:
            tf = board_file(color, number)
            if tf == f:
                return Message.of("GEOMETRY_SAME_FILE")
            return r * 9 + tf
        tr = r + s * number if op is Op.ADVANCE else r - s * number
        if not 0 <= tr <= 9:
            return Message.of("GEOMETRY_STEPS_OFF_BOARD", steps=number)
        return tr * 9 + f
    if op is Op.TRAVERSE:
        return Message.of("GEOMETRY_NO_SIDEWAYS", piece=kind)
    tf = board_file(color, number)
    df = abs(tf - f)
    if kind is PieceType.HORSE:
        dr = {1: 2, 2: 1}.get(df)
        if dr is None:
            return Message.of("GEOMETRY_HORSE_FILE")
    elif kind is PieceType.ELEPHANT:
        if df != 2:
            return Message.of("GEOMETRY_ELEPHANT_FILE")
        dr = 2
    else:
        if df != 1:
            return Message.of("GEOMETRY_ADVISOR_FILE")
        dr = 1
    tr = r + s * dr if op is Op.ADVANCE else r - s * dr
    if not 0 <= tr <= 9:
        return Message.of("GEOMETRY_OFF_BOARD")
    return tr * 9 + tf


def resolve(board: Board, spec: MoveSpec, text: str = "") -> Move:
    """The one legal move ``spec`` names on ``board``.

    Raises :class:`IllegalMoveError` (saying why: no such piece, impossible
    geometry, or the core's reason for an identified move) or
    :class:`AmbiguousMoveError` when several legal moves fit.
    """
    color = board.turn
    shown = f"{text!r}: " if text else ""
    try:
        candidates = _candidates(board, spec, color)
    except (IllegalMoveError, AmbiguousMoveError) as exc:
        raise type(exc)(shown + exc.message, exc.code) from None
    legal: list[Move] = []
    first_illegal: Move | None = None
    first_reason: Message | None = None
    # Only the candidates' own geometry and king safety: much cheaper than generating
    # every legal move (this runs once per ply of a record).
    for sq in candidates:
        target = target_square(color, spec.kind, sq, spec.op, spec.number)
        if isinstance(target, Message):
            first_reason = first_reason or target
            continue
        move = Move(sq, target)
        if board.is_legal_code(move.encode()):
            legal.append(move)
        elif first_illegal is None:
            first_illegal = move
    if len(legal) == 1:
        return legal[0]
    if len(legal) > 1:
        raise AmbiguousMoveError(
            f"{shown}several legal moves fit: {', '.join(m.iccs for m in legal)}",
            "AMBIGUOUS_MOVE",
        )
    if first_illegal is not None:
        raise illegal_move_error(board, first_illegal, shown)
    assert first_reason is not None  # every candidate was refused by its geometry
    error = IllegalMoveError(f"{shown}{first_reason.text('en')}", "BAD_GEOMETRY")
    error.reason = first_reason
    raise error
