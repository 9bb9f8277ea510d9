"""Chinese notation: ``炮二平五``, ``马8进7``, ``前车平八``, ``車前平三``, ``中兵进一``.

Red writes files and steps in Chinese numerals (一…九), Black in digits (1-9,
often full width １…９). Reads traditional and simplified characters and every
piece variant (车/車/俥, 马/馬/傌, 炮/砲/包, 相/象, 仕/士, 帅/帥/将/將, 兵/卒),
actions 进/進 退 平, positions 前 后/後 中 before or after the piece, ordinals for
four or five pawns on a file (``二兵``), and for tandem pawns on two files the
position with the file (``前三平四``, also ``前兵三平四``).

Writes simplified characters by default (Red 车马炮相仕帅兵, Black 车马炮象士将卒),
or traditional ones (``traditional=True``: 車馬炮, 相/象, 仕/士, 帥/將, 兵/卒).

>>> from cotuong import Board, Move
>>> b = Board()
>>> parse_zh(b, "炮二平五").iccs
'h2e2'
>>> b.push(Move.from_iccs("h2e2"))
>>> parse_zh(b, "馬８進７").iccs, make_zh(b, Move.from_iccs("h9g7"))
('h9g7', '马8进7')
"""

from __future__ import annotations

from cotuong.core.board import Board
from cotuong.core.types import Color, Move, PieceType
from cotuong.notation.grammar import NUM, PIECE, POS, Language, parse_spec, pawn_label
from cotuong.notation.model import MoveFacts, Op, describe, resolve

R, H, C, E, A, K, P = (PieceType.ROOK, PieceType.HORSE, PieceType.CANNON, PieceType.ELEPHANT,
                       PieceType.ADVISOR, PieceType.KING, PieceType.PAWN)
_PIECES = {"车": R, "車": R, "俥": R, "马": H, "馬": H, "傌": H, "炮": C, "砲": C, "包": C,
           "相": E, "象": E, "仕": A, "士": A, "帅": K, "帥": K, "将": K, "將": K,
           "兵": P, "卒": P}
CHINESE_NUMERALS = "一二三四五六七八九"
_NUMERALS = {**{c: i for i, c in enumerate(CHINESE_NUMERALS, 1)},
             **{str(i): i for i in range(1, 10)}}

CHINESE = Language(
    name="zh",
    title="Chinese",
    pieces=_PIECES,
    positions={"前": "first", "后": "last", "後": "last", "中": "mid"},
    numerals=_NUMERALS,
    ops={"进": Op.ADVANCE, "進": Op.ADVANCE, "退": Op.RETREAT, "平": Op.TRAVERSE},
    shapes=frozenset({(PIECE, NUM), (POS, PIECE), (PIECE, POS), (POS, NUM), (POS, PIECE, NUM),
                      (NUM, PIECE)}),
    hint=" (e.g. 炮二平五, 马8进7, 前车平八)",
)

_SIMPLIFIED = {Color.RED: {R: "车", H: "马", C: "炮", E: "相", A: "仕", K: "帅", P: "兵"},
               Color.BLACK: {R: "车", H: "马", C: "炮", E: "象", A: "士", K: "将", P: "卒"}}
_TRADITIONAL = {Color.RED: {R: "車", H: "馬", C: "炮", E: "相", A: "仕", K: "帥", P: "兵"},
                Color.BLACK: {R: "車", H: "馬", C: "炮", E: "象", A: "士", K: "將", P: "卒"}}
_OPS = {False: {Op.ADVANCE: "进", Op.RETREAT: "退", Op.TRAVERSE: "平"},
        True: {Op.ADVANCE: "進", Op.RETREAT: "退", Op.TRAVERSE: "平"}}
_FULL_WIDTH = "１２３４５６７８９"


def _numeral(color: Color, n: int, full_width: bool) -> str:
    if color is Color.RED:
        return CHINESE_NUMERALS[n - 1]
    return _FULL_WIDTH[n - 1] if full_width else str(n)


def parse_zh(board: Board, text: str) -> Move:
    """Read a Chinese move on ``board`` (either numeral set is accepted for either side)."""
    return resolve(board, parse_spec(CHINESE, text), text)


def _designator(facts: MoveFacts, piece: str, traditional: bool, full_width: bool) -> str:
    rear = "後" if traditional else "后"
    words = {"+": "前", "mid": "中", "-": rear}
    if facts.count == 1:
        return piece + _numeral(facts.color, facts.file, full_width)
    if facts.kind is not PieceType.PAWN:
        return ("前", rear)[facts.index != 0] + piece
    if facts.multi_file:
        label = pawn_label(facts.index, facts.count)
        return words[label] + _numeral(facts.color, facts.file, full_width)
    if facts.count <= 3:
        return words[pawn_label(facts.index, facts.count)] + piece
    # Four or five pawns on a file: ordinals from the front (一兵, 二兵, ...).
    return _numeral(facts.color, facts.index + 1, full_width) + piece


def make_zh(board: Board, move: Move, *, traditional: bool = False,
            full_width: bool = False) -> str:
    """Write ``move`` (legal on ``board``) in Chinese.

    ``traditional`` picks traditional characters; ``full_width`` writes Black's
    digits full width (``马８进７``) as many Chinese sources do.
    """
    return zh_text(describe(board, move), traditional=traditional, full_width=full_width)


def zh_text(facts: MoveFacts, *, traditional: bool = False, full_width: bool = False) -> str:
    """A described move in Chinese (see :func:`make_zh`)."""
    table = _TRADITIONAL if traditional else _SIMPLIFIED
    piece = table[facts.color][facts.kind]
    return (_designator(facts, piece, traditional, full_width) + _OPS[traditional][facts.op]
            + _numeral(facts.color, facts.number, full_width))
