"""Vietnamese in full words: ``Pháo 2 bình 5``, ``Mã 8 tấn 7``, ``Pháo trước tiến 1``.

Books and forums write a move as words: a piece word (Xe; Mã; Tượng/Tịnh;
Sĩ/Sỹ; Tướng/Soái; Pháo; Tốt/Chốt/Binh), the file or a place (trước, sau, giữa;
also tiền, hậu), an operator (tiến/tấn, thoái/thối/lui, bình) and the number --
with or without diacritics, in any case, and mixed with the compact letters
(``Pháo 2-5``, ``Tg 5 tấn 1``). This module is a *table and a normaliser*: it
rewrites such a text into the compact Vietnamese form (``P2-5``), which the one
grammar (:mod:`cotuong.notation.grammar`) then reads with the Vietnamese table.

The last word is the number and the one before it the operator, as in the
grammar; so ``Binh 3 bình 4`` (pawn 3 sideways to 4) reads ``binh`` first as
a piece and then as an operator. Without diacritics ``Tuong`` is either Tượng
(elephant) or Tướng (king): both readings are given, and the board decides
(their moves never coincide).

>>> compact_readings("Pháo 2 bình 5"), compact_readings("phao truoc tien 1")
(['P2-5'], ['Pt.1'])
>>> compact_readings("Tuong 3 tien 5")
['T3.5', 'Tg3.5']
>>> make_words("Xs", Op.TRAVERSE, 2), make_words("P2", Op.TRAVERSE, 5, diacritics=False)
('Xe sau bình 2', 'Phao 2 binh 5')
"""

from __future__ import annotations

import functools
import re
import unicodedata

from cotuong.core.errors import InvalidMoveTextError
from cotuong.notation.grammar import fold
from cotuong.notation.model import Op

# Piece words (folded: lower case, no diacritics) -> compact letters.
PIECE_WORDS: dict[str, tuple[str, ...]] = {
    "xe": ("X",), "ma": ("M",), "phao": ("P",), "tot": ("B",), "chot": ("B",),
    "binh": ("B",), "si": ("S",), "sy": ("S",), "tinh": ("T",), "voi": ("T",),
    "soai": ("Tg",), "tuong": ("T", "Tg"),
}
# Places among tandem pieces (tiền/hậu are the Sino-Vietnamese words).
POSITION_WORDS = {"truoc": "t", "tien": "t", "sau": "s", "hau": "s", "giua": "g",
                  "trung": "g"}
OP_WORDS = {"tien": ".", "tan": ".", "thoai": "/", "thoi": "/", "lui": "/", "binh": "-"}

_ACUTE, _DOT_BELOW = "\u0301", "\u0323"
_UNITS = re.compile(r"[^\W\d_]+|\d|[^\w\s]")


def base(word: str) -> str:
    """A word without case and diacritics (``Tướng`` -> ``tuong``, ``Đỏ`` -> ``do``).

    >>> base("Tướng"), base("ĐỎ")
    ('tuong', 'do')
    """
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFD", word.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return plain.replace("đ", "d")


@functools.lru_cache(maxsize=4096)
def _plain_char(ch: str) -> str:
    b = base(ch)
    return b[0] if b else ch


def _piece_letters(word: str) -> tuple[str, ...] | None:
    key = base(word)
    letters = PIECE_WORDS.get(key)
    if key == "tuong":  # the tone tells Tướng (sắc) from Tượng (nặng) when written
        marks = unicodedata.normalize("NFD", word)
        if _ACUTE in marks:
            return ("Tg",)
        if _DOT_BELOW in marks:
            return ("T",)
    return letters


def has_words(text: str) -> bool:
    """Whether ``text`` uses a Vietnamese word (a piece, place or operator word).

    >>> has_words("Phao 2 binh 5"), has_words("P2-5"), has_words("C2.5")
    (True, False, False)
    """
    return any(len(u) > 1 and (base(u) in PIECE_WORDS or base(u) in OP_WORDS
                               or base(u) in POSITION_WORDS)
               for u in _UNITS.findall(text))


def compact_readings(text: str) -> list[str]:
    """The compact Vietnamese texts a (full-word or mixed) move text can mean.

    A text without words comes back unchanged; an unknown word raises
    :class:`InvalidMoveTextError` (code ``BAD_WORD``) naming it.
    """
    units = _UNITS.findall(fold(text))
    if len(units) < 3 or not has_words(text):
        return [text]
    *designator, op, number = units
    op_key = base(op)
    parts: list[tuple[str, ...]] = []
    for unit in designator:
        letters = _piece_letters(unit) if len(unit) > 1 else None
        place = POSITION_WORDS.get(base(unit)) if len(unit) > 1 else None
        if letters is not None:
            parts.append(letters)
        elif place is not None:
            parts.append((place,))
        elif len(unit) == 1 or (unit.isascii() and len(unit) == 2):
            parts.append((unit,))  # digits, markers and compact letters (Tg, Xs, Pt)
        else:
            raise InvalidMoveTextError(
                f"{text!r}: {unit!r} is not a Vietnamese piece or place word (Xe, Mã, "
                "Tượng, Sĩ, Tướng, Pháo, Tốt/Chốt/Binh; trước, sau, giữa)", "BAD_WORD")
    if len(op) > 1:
        symbol = OP_WORDS.get(op_key)
        if symbol is None:
            raise InvalidMoveTextError(
                f"{text!r}: {op!r} is not a Vietnamese operator (tiến/tấn, thoái/lui, bình)",
                "BAD_OPERATOR")
        op = symbol
    readings = [""]
    for options in parts:
        readings = [r + o for r in readings for o in options]
    return [r + op + number for r in readings]


_PIECE_OUT = {"Tg": "Tướng", "S": "Sĩ", "T": "Tượng", "X": "Xe", "P": "Pháo", "M": "Mã",
              "B": "Tốt"}
_PLACE_OUT = {"t": "trước", "s": "sau", "g": "giữa"}
OP_OUT = {Op.ADVANCE: "tiến", Op.RETREAT: "thoái", Op.TRAVERSE: "bình"}


def make_words(designator: str, op: Op, number: int, *, diacritics: bool = True) -> str:
    """Words for a compact Vietnamese designator (``Xs``, ``P2``, ``3+``) and a move.

    Places become words (``t`` trước, ``s`` sau, ``g`` giữa); the WXF markers
    kept for four or five pawns (``++``, ``B+``) stay as they are, after ``Tốt``.
    """
    letter = next((p for p in ("Tg", "S", "T", "X", "P", "M", "B") if designator.startswith(p)),
                  "")
    rest = designator[len(letter):]
    words = [_PIECE_OUT[letter or "B"]]
    if rest in _PLACE_OUT:
        words.append(_PLACE_OUT[rest])
    elif len(rest) == 2 and rest[0].isdigit():  # tandem pawns on two files: 3+, 33, 3-
        words += [rest[0], {"+": "trước", "-": "sau"}.get(rest[1], "giữa")]
    elif rest:
        words.append(rest)
    words += [OP_OUT[op], str(number)]
    text = " ".join(words)
    return text if diacritics else _plain(text)


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return plain.replace("đ", "d").replace("Đ", "D")


# A full-word move inside a line of a record (for joining its words into one token):
# piece word, file digit or place word(s), operator word or sign, number.
_P = r"(?:xe|ma|phao|tot|chot|binh|si|sy|tinh|tuong|soai|tg)"
_D = r"(?:[1-9]|truoc|sau|giua|tien|hau|trung|[+-]{1,2})"
_O = r"(?:tien|tan|thoai|thoi|lui|binh|[./-])"
WORD_MOVE = re.compile(rf"(?<![^\W\d]){_P}\s*(?:{_D}\s*(?:{_D}\s*)?)?{_O}\s*[1-9](?!\d)")
# The same shape with a word no table knows ("Bồ 1 thoái 3"): kept as one token, so
# that the reader stops there and names the word instead of skipping the line.
_ANY_WORD_MOVE = re.compile(
    r"(?<![^\W\d])[^\W\d_]{2,}\s*[1-9]\s*(?:tien|tan|thoai|thoi|lui|binh)\s*[1-9](?!\d)")


def plain_same_length(text: str) -> str:
    """``text`` folded (lower case, no diacritics) character by character, so that a
    match in the result is at the same place in ``text``."""
    if text.isascii():
        return text.lower()
    return "".join(map(_plain_char, text))


def join_word_moves(line: str) -> str:
    """Each full-word move of a line written as one token (its spaces removed).

    >>> join_word_moves("1. Pháo 2 bình 5, Mã 8 tấn 7")
    '1. Pháo2bình5, Mã8tấn7'
    >>> join_word_moves("6. P3.2 ……… Tg. 1")
    '6. P3.2 ……… Tg.1'
    """
    return _join(_join(line, WORD_MOVE), _ANY_WORD_MOVE)


def _join(line: str, pattern: re.Pattern[str]) -> str:
    folded = plain_same_length(line)
    out: list[str] = []
    last = 0
    for m in pattern.finditer(folded):
        out.append(line[last:m.start()])
        joined = "".join(line[m.start():m.end()].split())
        if m.start() and line[m.start() - 1].isalnum():
            joined = " " + joined  # "bình 5Mã 8 tấn 7": two moves glued by a lost tab
        out.append(joined)
        last = m.end()
    out.append(line[last:])
    return "".join(out)
