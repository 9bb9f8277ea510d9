"""One grammar for every descriptive notation, read through per-language tables.

A move text is ``designator operator number``: the last character is the number,
the one before it the operator, and what comes first (one to three tokens) is the
designator. A :class:`Language` lists its tokens (piece letters or characters,
position markers, numerals, operators) and the designator shapes it allows; the
same code then reads WXF ``R+.3``, Vietnamese ``Xs-2`` and Chinese ``車前平三``.

Designator shapes (token categories in order):

=====================  =========================================  ==================
shape                  meaning                                    examples
=====================  =========================================  ==================
piece num              piece on that file                         ``C2`` ``马8``
piece pos / pos piece  piece at that place among tandem pieces    ``R+`` ``+P`` ``前车``
pos                    pawn at ``++``/``--`` (4-5 pawns)          ``++``
num pos / pos num      pawn on that file (tandem on two files)    ``3+`` ``前三``
num num (same digit)   middle pawn on that file (two files)       ``33``
pos piece num          as above, with the piece written           ``前兵三``
num piece              pawn by ordinal from the front (4-5)       ``二兵``
piece                  designator missing (a typo like ``Tg/1``)  ``Tg``
=====================  =========================================  ==================

>>> from cotuong.notation.wxf import WXF
>>> parse_spec(WXF, "R+.3")
MoveSpec(kind=<PieceType.ROOK: 5>, file=None, position='+', op=<Op.TRAVERSE: 'traverse'>, number=3)
"""

from __future__ import annotations

import functools
import itertools
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, InvalidMoveTextError
from cotuong.core.types import Move, PieceType
from cotuong.notation.model import MoveSpec, Op, resolve

PIECE, POS, NUM = "piece", "pos", "num"


@dataclass(frozen=True)
class Language:
    """The spelling of one notation: token tables and allowed designator shapes.

    Keys of the token tables are stored case-folded when ``fold_case`` is set.
    """

    name: str
    title: str
    pieces: Mapping[str, PieceType]
    positions: Mapping[str, str | int]
    numerals: Mapping[str, int]
    ops: Mapping[str, Op]
    shapes: frozenset[tuple[str, ...]]
    fold_case: bool = False
    hint: str = ""

    @functools.cached_property
    def token_table(self) -> dict[str, list[tuple[str, object]]]:
        """Every designator token with its possible (category, value) readings."""
        table: dict[str, list[tuple[str, object]]] = {}
        for category, mapping in ((PIECE, self.pieces), (POS, self.positions),
                                  (NUM, self.numerals)):
            for key, value in mapping.items():
                table.setdefault(key, []).append((category, value))
        return table

    @functools.cached_property
    def longest_token(self) -> int:
        return max(len(k) for k in self.token_table)


# Dashes that word processors and phone keyboards put in place of "-" (en and em
# dash, minus sign, ...): "P2–5" is what a Vietnamese player pasting from a document
# means by "P2-5". NFKC leaves them alone.
_DASHES = str.maketrans({ch: "-" for ch in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"})


def fold(text: str) -> str:
    """NFKC, with every dash-like character read as ``-``.

    >>> fold("Ｐ２–５")
    'P2-5'
    """
    return unicodedata.normalize("NFKC", text).translate(_DASHES)


# Punctuation that ends or separates moves in running text: "炮二平五。", "P2-5,".
TRAILING = "。，、；：！？,;:!?"


def normalize(text: str) -> str:
    """NFKC (full-width ``＋Ｐ＋１`` becomes ``+P+1``, ``–`` becomes ``-``) without spaces,
    and without the punctuation that follows a move in a sentence (``炮二平五。``).

    >>> normalize("炮二平五。"), normalize(" Ｃ２．５ ")
    ('炮二平五', 'C2.5')
    """
    return "".join(fold(text).split()).strip(TRAILING)


def _tokenize(lang: Language, text: str, shown: str) -> list[list[tuple[str, object]]]:
    table = lang.token_table
    longest = lang.longest_token
    key_text = text.casefold() if lang.fold_case else text
    out = []
    i = 0
    while i < len(key_text):
        for size in range(min(longest, len(key_text) - i), 0, -1):
            readings = table.get(key_text[i:i + size])
            if readings is not None:
                out.append(readings)
                i += size
                break
        else:
            raise InvalidMoveTextError(
                f"{shown}: unexpected {text[i]!r} at position {i + 1} in {lang.title} "
                f"notation{lang.hint}",
                "BAD_CHARACTER",
            )
    return out


def _interpret(shape: tuple[str, ...], values: tuple[object, ...]) -> tuple[
        PieceType, int | None, str | int | None] | str:
    """(kind, file, position) for a designator shape, or why it is not one."""
    pieces = [v for c, v in zip(shape, values, strict=True) if c == PIECE]
    nums = [v for c, v in zip(shape, values, strict=True) if c == NUM]
    positions = [v for c, v in zip(shape, values, strict=True) if c == POS]
    kind = pieces[0] if pieces else PieceType.PAWN  # letterless forms are pawns
    assert isinstance(kind, PieceType)
    num = nums[0] if nums else None
    pos = positions[0] if positions else None
    assert num is None or isinstance(num, int)
    assert pos is None or isinstance(pos, (str, int))
    if shape == (POS,) and pos not in ("++", "--"):
        return "a single marker needs a piece letter (only ++ and -- stand alone)"
    if shape == (NUM, NUM):
        if nums[0] != nums[1]:
            return "two different file numbers (the middle pawn repeats its file: 33)"
        return kind, num, "mid"
    if shape == (NUM, PIECE):  # an ordinal from the front: 二兵
        if kind is not PieceType.PAWN:
            return "only pawns are counted by ordinals"
        return kind, None, num
    return kind, num, pos


def parse_spec(lang: Language, text: str, *, allow_missing: bool = False,
               shown: str | None = None) -> MoveSpec:
    """Read ``text`` as a move of ``lang`` without a board.

    ``allow_missing`` accepts a designator that is only a piece (``Tg/1``) and
    returns a spec with neither file nor position, for lenient inference.
    ``shown`` is the text as the user wrote it, for messages (a full-word move
    arrives here rewritten). Raises :class:`InvalidMoveTextError` naming the part
    that is wrong.
    """
    shown = repr(text if shown is None else shown)
    t = normalize(text)
    if len(t) < 3:
        raise InvalidMoveTextError(f"{shown}: too short for {lang.title} notation{lang.hint}",
                                   "TOO_SHORT")
    inner = next((ch for ch in t if ch in TRAILING), None)
    if inner is not None:
        raise InvalidMoveTextError(
            f"{shown}: {inner!r} separates moves; give one move at a time", "SEVERAL_MOVES")
    last, op_char, designator = t[-1], t[-2], t[:-2]
    number = lang.numerals.get(last.casefold() if lang.fold_case else last)
    if number is None:
        raise InvalidMoveTextError(
            f"{shown}: the last character {last!r} should be a number 1-9 "
            f"(steps or destination file) in {lang.title} notation", "BAD_NUMBER")
    op = lang.ops.get(op_char)
    if op is None:
        raise InvalidMoveTextError(
            f"{shown}: {op_char!r} (position {len(t) - 1}) is not a {lang.title} operator "
            f"({' '.join(lang.ops)})", "BAD_OPERATOR")
    tokens = _tokenize(lang, designator, shown)
    if len(tokens) > 3:  # no designator is longer; also bounds the readings tried below
        raise InvalidMoveTextError(
            f"{shown}: {designator!r} is too long for a piece with a file or tandem marker",
            "BAD_DESIGNATOR")
    first_problem = ""
    for combo in itertools.product(*tokens):
        shape = tuple(c for c, _ in combo)
        if shape == (PIECE,):
            if allow_missing:
                return MoveSpec(combo[0][1], None, None, op, number)  # type: ignore[arg-type]
            first_problem = first_problem or "the piece's file (or tandem marker) is missing"
            continue
        if shape not in lang.shapes:
            continue
        meaning = _interpret(shape, tuple(v for _, v in combo))
        if isinstance(meaning, str):
            first_problem = first_problem or meaning
            continue
        kind, file, position = meaning
        return MoveSpec(kind, file, position, op, number)
    code = "MISSING_FILE" if "missing" in first_problem else "BAD_DESIGNATOR"
    problem = first_problem or f"{designator!r} is not a piece with a file or tandem marker"
    raise InvalidMoveTextError(f"{shown}: {problem} in {lang.title} notation{lang.hint}", code)


DIGITS = {str(n): n for n in range(1, 10)}
WESTERN_SHAPES = frozenset({(PIECE, NUM), (PIECE, POS), (POS, PIECE), (POS,), (NUM, POS),
                            (NUM, NUM)})


def pawn_label(index: int, count: int) -> str:
    """The WXF-style label of a pawn among ``count`` on one file (front first)."""
    labels = {2: ("+", "-"), 3: ("+", "mid", "-"), 4: ("++", "+", "-", "--"),
              5: ("++", "+", "mid", "-", "--")}
    return labels[count][index]


def read_move(lang: Language, board: Board, text: str, *, lone_king: bool = True,
              shown: str | None = None) -> Move:
    """The legal move ``text`` names in ``lang`` on ``board``.

    ``lone_king`` accepts a king written without its file (``Tg.1``, ``K-1``,
    ``帅进一``: there is one king) when exactly one legal king move fits; otherwise
    the text is refused with code ``MISSING_FILE``, like any piece without a file.

    >>> from cotuong import Board
    >>> from cotuong.notation.vietnamese import VIETNAMESE
    >>> b = Board("5k3/9/9/9/9/9/9/9/4A4/3K5 w")
    >>> read_move(VIETNAMESE, b, "Tg-5").iccs
    'd0e0'
    """
    try:
        spec = parse_spec(lang, text, shown=shown)
    except InvalidMoveTextError as exc:
        if not lone_king or exc.code != "MISSING_FILE":
            raise
        spec = parse_spec(lang, text, allow_missing=True, shown=shown)
        if spec.kind is not PieceType.KING:
            raise
        try:
            return resolve(board, spec, text if shown is None else shown)
        except CotuongError:
            raise exc from None
    return resolve(board, spec, text if shown is None else shown)
