"""Vietnamese notation: ``P2-5``, ``M8.7``, ``X2/1``, tandem ``Xs-2``, ``Pt.2``, pawns ``Bg-6``.

Pieces Tg (Tướng), S (Sĩ), T or V (Tượng), X (Xe), P (Pháo), M (Mã), B or C
(Binh/Tốt/Chốt); operators ``.`` tiến, ``/`` thoái, ``-`` bình. Two pieces on one
file: ``t`` (trước) / ``s`` (sau); three pawns ``Bt`` ``Bg`` ``Bs``. Four or five
pawns, or tandem pawns on two files, use the WXF markers with Vietnamese letters
(``++.1``, ``B+.1``, ``3+-4``).

>>> from cotuong import Board, Move
>>> b = Board()
>>> parse_vi(b, "P2-5").iccs, parse_vi(b, "M8.7").iccs
('h2e2', 'b0c2')
>>> make_vi(b, Move.from_iccs("g3g4"))
'B3.1'
"""

from __future__ import annotations

from cotuong.core.board import Board
from cotuong.core.types import Move, PieceType
from cotuong.notation.grammar import DIGITS, WESTERN_SHAPES, Language, parse_spec, pawn_label
from cotuong.notation.model import Op, describe, resolve
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
    shapes=WESTERN_SHAPES,
    fold_case=True,
    hint=" (pieces Tg S T X P M B, operators . tiến / thoái - bình, e.g. P2-5, Xs-2)",
)

OPS = {Op.ADVANCE: ".", Op.RETREAT: "/", Op.TRAVERSE: "-"}


def parse_vi(board: Board, text: str) -> Move:
    """Read a Vietnamese move on ``board``."""
    return resolve(board, parse_spec(VIETNAMESE, text), text)


def make_vi(board: Board, move: Move) -> str:
    """Write ``move`` (legal on ``board``) in Vietnamese notation."""
    facts = describe(board, move)
    letter = LETTERS[facts.kind]
    if 1 < facts.count <= 3 and not facts.multi_file:
        if facts.kind is PieceType.PAWN:
            mark = {"+": "t", "mid": "g", "-": "s"}[pawn_label(facts.index, facts.count)]
        else:
            mark = "ts"[facts.index != 0]
        designator = letter + mark
    else:
        designator = western_designator(facts, letter, ("t", "s"))
    return designator + OPS[facts.op] + str(facts.number)
