"""WXF / AXF notation: ``C2.5``, ``H8+7``, tandem ``R+.3``, pawns ``P+.4``, ``++.4``, ``3+.4``.

Reads ``=`` as sideways too, the forms seen in the wild (``R++7``, ``C+=1``), the
wxf.ca export with the marker before the letter in full width (``＋Ｐ＋１``) and
lower-case letters (PlayOK writes Black that way). Writes the official forms:
``.`` sideways, ``+``/``-`` tandem markers after the letter.

>>> from cotuong import Board, Move
>>> b = Board()
>>> parse_wxf(b, "C2=5").iccs, parse_wxf(b, "Ｈ２＋３").iccs
('h2e2', 'h0g2')
>>> make_wxf(b, Move.from_iccs("h0g2"))
'H2+3'
"""

from __future__ import annotations

from cotuong.core.board import Board
from cotuong.core.types import Move, PieceType
from cotuong.notation.grammar import DIGITS, WESTERN_SHAPES, Language, parse_spec, pawn_label
from cotuong.notation.model import MoveFacts, Op, describe, resolve

LETTERS = {PieceType.KING: "K", PieceType.ADVISOR: "A", PieceType.ELEPHANT: "E",
           PieceType.HORSE: "H", PieceType.ROOK: "R", PieceType.CANNON: "C",
           PieceType.PAWN: "P"}

WXF = Language(
    name="wxf",
    title="WXF",
    pieces={letter.casefold(): kind for kind, letter in LETTERS.items()},
    positions={"+": "+", "-": "-", "++": "++", "--": "--"},
    numerals=DIGITS,
    ops={"+": Op.ADVANCE, "-": Op.RETREAT, ".": Op.TRAVERSE, "=": Op.TRAVERSE},
    shapes=WESTERN_SHAPES,
    fold_case=True,
    hint=" (pieces K A E R H C P, operators + - . =, e.g. C2.5, R+.3)",
)

OPS = {Op.ADVANCE: "+", Op.RETREAT: "-", Op.TRAVERSE: "."}


def western_designator(facts: MoveFacts, letter: str, fronts: tuple[str, str]) -> str:
    """Designator in the WXF scheme (shared with Vietnamese for 4+ or two-file pawns).

    ``fronts`` spells front/rear for two tandem pieces (``+ -`` in WXF).
    """
    file = str(facts.file)
    if facts.count == 1:
        return letter + file
    if facts.kind is not PieceType.PAWN:
        return letter + fronts[facts.index != 0]
    label = pawn_label(facts.index, facts.count)
    if facts.multi_file:
        return file + (file if label == "mid" else label)
    if label == "mid":
        return letter + file
    if label in ("++", "--"):
        return label
    return letter + label


def parse_wxf(board: Board, text: str) -> Move:
    """Read a WXF move on ``board`` (see the module doc for the accepted forms)."""
    return resolve(board, parse_spec(WXF, text), text)


def make_wxf(board: Board, move: Move) -> str:
    """Write ``move`` (legal on ``board``) in official WXF notation."""
    return wxf_text(describe(board, move))


def wxf_text(facts: MoveFacts) -> str:
    """A described move in WXF notation."""
    return western_designator(facts, LETTERS[facts.kind], ("+", "-")) + OPS[facts.op] + str(
        facts.number)
