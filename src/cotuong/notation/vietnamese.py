"""Vietnamese notation: ``P2-5``, ``M8.7``, ``X2/1``, tandem ``Xs-2``, ``Pt.2``, pawns ``Bg-6``,
and the same in full words: ``Pháo 2 bình 5``, ``Mã 8 tấn 7``, ``Pháo trước tiến 1``.

Pieces Tg (Tướng), S (Sĩ), T or V (Tượng), X (Xe), P (Pháo), M (Mã), B or C
(Binh/Tốt/Chốt); operators ``.`` tiến, ``/`` thoái, ``-`` bình. Two pieces on one
file: ``t`` (trước) / ``s`` (sau); three pawns ``Bt`` ``Bg`` ``Bs``. Four or five
pawns, or tandem pawns on two files, use the WXF markers with Vietnamese letters
(``++.1``, ``B+.1``, ``3+-4``). Words are rewritten to these letters by
:mod:`cotuong.notation.words` and read by the same grammar; :func:`make_vi_words`
writes them (``vi-words``; ``vi-words-ascii`` without diacritics).

>>> from cotuong import Board, Move
>>> b = Board()
>>> parse_vi(b, "P2-5").iccs, parse_vi(b, "M8.7").iccs
('h2e2', 'b0c2')
>>> make_vi(b, Move.from_iccs("g3g4")), make_vi_words(b, Move.from_iccs("g3g4"))
('B3.1', 'Tốt 3 tiến 1')
>>> parse_vi(b, "Phao 2 binh 5").iccs, parse_vi(b, "Mã 8 tấn 7").iccs
('h2e2', 'b0c2')
"""

from __future__ import annotations

from cotuong.core.board import Board
from cotuong.core.errors import AmbiguousMoveError, CotuongError, InvalidMoveTextError
from cotuong.core.types import Move, PieceType
from cotuong.notation.grammar import (
    DIGITS,
    NUM,
    PIECE,
    POS,
    WESTERN_SHAPES,
    Language,
    pawn_label,
    read_move,
)
from cotuong.notation.model import MoveFacts, Op, describe
from cotuong.notation.words import compact_readings, make_words
from cotuong.notation.wxf import western_designator

LETTERS = {PieceType.KING: "Tg", PieceType.ADVISOR: "S", PieceType.ELEPHANT: "T",
           PieceType.HORSE: "M", PieceType.ROOK: "X", PieceType.CANNON: "P",
           PieceType.PAWN: "B"}
# Alternatives writers use: V (Voi) for Tượng, C (Chốt) for the pawn.
_ALSO = {"V": PieceType.ELEPHANT, "C": PieceType.PAWN}

VIETNAMESE = Language(
    name="vi",
    title="Vietnamese",
    pieces={k.casefold(): v for k, v in {**{b: a for a, b in LETTERS.items()}, **_ALSO}.items()},
    positions={"t": "first", "s": "last", "g": "mid", "+": "+", "-": "-", "++": "++",
               "--": "--"},
    numerals=DIGITS,
    ops={".": Op.ADVANCE, "/": Op.RETREAT, "-": Op.TRAVERSE},
    # Tốt 3 trước: a pawn by file and place (tandem pawns on two files, in words).
    shapes=WESTERN_SHAPES | {(PIECE, NUM, POS)},
    fold_case=True,
    hint=" (pieces Tg S T X P M B, operators . tiến / thoái - bình, e.g. P2-5, Xs-2, "
         "or in words: Pháo 2 bình 5)",
)

OPS = {Op.ADVANCE: ".", Op.RETREAT: "/", Op.TRAVERSE: "-"}


def parse_vi(board: Board, text: str, *, lone_king: bool = True) -> Move:
    """Read a Vietnamese move on ``board``, compact (``P2-5``) or in words
    (``Pháo 2 bình 5``, ``phao 2 binh 5``, ``Pháo 2-5``).

    ``lone_king`` accepts ``Tg.1`` (the king without its file) when one legal
    king move fits (see :func:`cotuong.notation.grammar.read_move`).
    """
    readings = compact_readings(text)
    if len(readings) == 1:
        return read_move(VIETNAMESE, board, readings[0], lone_king=lone_king, shown=text)
    # "Tuong" without diacritics: Tượng or Tướng; the board tells which.
    found: list[Move] = []
    errors: list[CotuongError] = []
    for reading in readings:
        try:
            found.append(read_move(VIETNAMESE, board, reading, lone_king=lone_king,
                                   shown=text))
        except CotuongError as exc:
            errors.append(exc)
    if len(set(found)) == 1:
        return found[0]
    if found:
        raise AmbiguousMoveError(
            f"{text!r}: several legal moves fit: {', '.join(m.iccs for m in found)}",
            "AMBIGUOUS_MOVE")
    telling = [e for e in errors if not isinstance(e, InvalidMoveTextError)]
    raise (telling or errors)[0]


def vi_designator(facts: MoveFacts) -> str:
    """The compact Vietnamese designator of a described move (``P2``, ``Xs``, ``Bg``)."""
    letter = LETTERS[facts.kind]
    if 1 < facts.count <= 3 and not facts.multi_file:
        if facts.kind is PieceType.PAWN:
            mark = {"+": "t", "mid": "g", "-": "s"}[pawn_label(facts.index, facts.count)]
        else:
            mark = "ts"[facts.index != 0]
        return letter + mark
    return western_designator(facts, letter, ("t", "s"))


def make_vi(board: Board, move: Move) -> str:
    """Write ``move`` (legal on ``board``) in Vietnamese notation."""
    return vi_text(describe(board, move))


def vi_text(facts: MoveFacts) -> str:
    """A described move in Vietnamese notation."""
    return vi_designator(facts) + OPS[facts.op] + str(facts.number)


def make_vi_words(board: Board, move: Move, *, diacritics: bool = True) -> str:
    """Write ``move`` (legal on ``board``) in Vietnamese words: ``Pháo 2 bình 5``,
    ``Xe sau bình 2``, ``Tốt 3 trước bình 4``; ``diacritics=False`` gives
    ``Phao 2 binh 5``."""
    facts = describe(board, move)
    return make_words(vi_designator(facts), facts.op, facts.number, diacritics=diacritics)
