"""Reading and writing moves in any notation, with detection of the notation.

>>> from cotuong import Board
>>> b = Board()
>>> parse_move(b, "h2e2").iccs, parse_move(b, "C2.5").iccs, parse_move(b, "P2-5").iccs
('h2e2', 'h2e2', 'h2e2')
>>> make_move_text(b, parse_move(b, "炮二平五"), "vi")
'P2-5'
>>> make_move_text(b, parse_move(b, "Phao 2 binh 5"), "vi-words")
'Pháo 2 bình 5'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cotuong.core.board import Board
from cotuong.core.errors import (
    AmbiguousMoveError,
    CotuongError,
    IllegalMoveError,
    InvalidMoveTextError,
)
from cotuong.core.reasons import illegal_move_error
from cotuong.core.types import Move
from cotuong.notation.chinese import CHINESE, make_zh, zh_text
from cotuong.notation.grammar import Language, fold, parse_spec, read_move
from cotuong.notation.iccs import make_iccs, parse_iccs
from cotuong.notation.model import MoveFacts, describe, resolve
from cotuong.notation.vietnamese import VIETNAMESE, make_vi, make_vi_words, parse_vi, vi_text
from cotuong.notation.words import compact_readings, has_words
from cotuong.notation.wxf import WXF, make_wxf, wxf_text

# The notations read (and detected); each is written too.
NOTATIONS = ("iccs", "wxf", "vi", "zh")
# Every name a move can be written in: the Vietnamese full words come in two spellings.
WRITTEN_NOTATIONS = (*NOTATIONS, "vi-words", "vi-words-ascii")
_ALIASES = {"vn": "vi", "cn": "zh", "chinese": "zh", "vietnamese": "vi", "english": "wxf",
            "vi-word": "vi-words", "words": "vi-words", "vi-ascii": "vi-words-ascii"}
_Parser = Callable[..., Move]
_MAKERS: dict[str, Callable[[Board, Move], str]] = {
    "iccs": make_iccs, "wxf": make_wxf, "vi": make_vi, "zh": make_zh,
    "vi-words": make_vi_words,
    "vi-words-ascii": lambda board, move: make_vi_words(board, move, diacritics=False)}
_FROM_FACTS: dict[str, Callable[[MoveFacts], str]] = {"wxf": wxf_text, "vi": vi_text,
                                                      "zh": zh_text}
_LANGUAGES: dict[str, Language] = {"wxf": WXF, "vi": VIETNAMESE, "zh": CHINESE}
_TITLES = {"iccs": "ICCS", "wxf": "WXF", "vi": "Vietnamese", "zh": "Chinese"}


def _parser(name: str) -> _Parser:
    if name == "iccs":
        return lambda board, text, lone_king=True: parse_iccs(board, text)
    if name == "vi":
        return parse_vi
    lang = _LANGUAGES[name]
    return lambda board, text, lone_king=True: read_move(lang, board, text,
                                                         lone_king=lone_king)


_ICCS_LIKE = re.compile(r"[a-i][0-9]\s*[-x:]?\s*[a-i][0-9]", re.IGNORECASE)
_PARSERS = {name: _parser(name) for name in NOTATIONS}


def notation_name(notation: str) -> str:
    """The canonical name of a notation (``"vn"`` -> ``"vi"``), or an error.

    ``vi-words`` and ``vi-words-ascii`` name the Vietnamese full-word writing;
    they are read as ``vi`` (which reads words too).
    """
    name = _ALIASES.get(notation.lower(), notation.lower())
    if name not in WRITTEN_NOTATIONS:
        raise InvalidMoveTextError(
            f"unknown notation {notation!r}: use one of {', '.join(WRITTEN_NOTATIONS)}",
            "UNKNOWN_NOTATION")
    return name


def _reader_name(notation: str) -> str:
    name = notation_name(notation)
    return "vi" if name.startswith("vi-") else name


def script(text: str) -> str | None:
    """``"zh"`` for Chinese characters, ``"vi"`` for Vietnamese letters or words,
    ``None`` for plain letters and signs (any Latin notation).

    >>> script("炮二平五"), script("Pháo 2 bình 5"), script("phao 2 binh 5"), script("C2.5")
    ('zh', 'vi', 'vi', None)
    """
    folded = fold(text)
    if _ICCS_LIKE.fullmatch(folded.strip()):
        return None  # h2xe2: "xe" is no Xe here
    if any("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" for ch in folded):
        return "zh"
    if not folded.isascii() or has_words(folded):
        # Full-width Latin (wxf.ca's ＋Ｐ＋１) folded to ASCII above; what is left is
        # Vietnamese (ă â đ ê ô ơ ư and the tones) unless it is stray punctuation.
        if has_words(folded) or any(ch.isalpha() and not ch.isascii() for ch in folded):
            return "vi"
        return "zh"
    return None


def parse_move(board: Board, text: str, notation: str | None = None, *,
               lone_king: bool = True) -> Move:
    """The legal move ``text`` names on ``board``.

    With ``notation`` (``"iccs"``, ``"wxf"``, ``"vi"``, ``"zh"``) only that notation
    is read. Without it, every notation is tried; one legal reading is returned,
    two readings that are different legal moves raise
    :class:`AmbiguousMoveError` (``C7.1`` is a WXF cannon move and a Vietnamese
    pawn move), no reading raises the most telling error -- in Vietnamese terms
    for a text with Vietnamese words or letters, Chinese for Chinese characters.
    ``lone_king`` accepts a king without its file (``Tg.1``) when one legal king
    move fits; record readers turn it off to report such a token.

    >>> from cotuong import Board
    >>> parse_move(Board(), "M2.3").iccs
    'h0g2'
    >>> parse_move(Board(), "Mã 8 tấn 7").iccs, parse_move(Board(), "h2 e2").iccs
    ('b0c2', 'h2e2')
    """
    if not isinstance(text, str):
        raise InvalidMoveTextError(f"a move text must be a string, not {type(text).__name__}",
                                   "NOT_TEXT")
    if notation is not None:
        return _PARSERS[_reader_name(notation)](board, text, lone_king=lone_king)
    written = script(text)
    if written is not None:
        return _PARSERS[written](board, text, lone_king=lone_king)
    readings: dict[str, Move] = {}
    errors: dict[str, CotuongError] = {}
    for name in NOTATIONS:
        try:
            readings[name] = _PARSERS[name](board, text, lone_king=lone_king)
        except CotuongError as exc:
            errors[name] = exc
    moves = set(readings.values())
    if len(moves) == 1:
        return next(iter(moves))
    if len(moves) > 1:
        listed = "; ".join(f"{name}: {move.iccs}" for name, move in readings.items())
        raise AmbiguousMoveError(
            f"{text!r} is a legal move in more than one notation ({listed}); "
            "say which notation", "AMBIGUOUS_NOTATION")
    # The notations whose grammar accepted the text say why it is no (single) move.
    read = {n: e for n, e in errors.items()
            if isinstance(e, (AmbiguousMoveError, IllegalMoveError))}
    if len(read) == 1:
        raise next(iter(read.values()))
    if read:
        first = next(iter(read.values()))
        why = "; ".join(f"as {_TITLES[n]}: {e.message}" for n, e in read.items())
        raise type(first)(f"{text!r} names no legal move ({why})", first.code)
    told = "vi" if _looks_vietnamese(text) else "wxf"
    raise InvalidMoveTextError(
        f"{text!r} is not a move in ICCS, WXF, Vietnamese or Chinese notation "
        f"(as {_TITLES[told]}: {errors[told].message})", "UNKNOWN_MOVE_TEXT")


def _looks_vietnamese(text: str) -> bool:
    """Letters only the Vietnamese notation uses (Tg, X, M, S, T, V, B, ``/``)."""
    letters = fold(text).upper()
    return "TG" in letters or (any(ch in "XMSTVB/" for ch in letters)
                               and not any(ch in "RHEAK=" for ch in letters))


def infer_move(board: Board, text: str, notation: str) -> Move:
    """Lenient reading of a text whose designator is missing (the seed's ``Tg/1``).

    Returns the move only when exactly one legal move of that piece kind fits the
    operator and number; a record reader must report that it inferred it.

    >>> from cotuong import Board
    >>> b = Board("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1")
    >>> infer_move(b, "K+1", "wxf").iccs
    'e1e2'
    """
    name = _reader_name(notation)
    if name == "iccs":
        return parse_iccs(board, text)
    readings = compact_readings(text) if name == "vi" else [text]
    spec = parse_spec(_LANGUAGES[name], readings[0], allow_missing=True, shown=text)
    return resolve(board, spec, text)


def make_move_text(board: Board, move: Move, notation: str = "wxf", *,
                   traditional: bool = False) -> str:
    """Write the legal ``move`` in a notation (``traditional`` for Chinese characters);
    ``vi-words`` writes Vietnamese words (``Pháo 2 bình 5``), ``vi-words-ascii`` the
    same without diacritics.

    Raises :class:`IllegalMoveError` (with the core's reason) for an illegal move.

    >>> from cotuong import Board, Move
    >>> make_move_text(Board(), Move.from_iccs("b2e2"), "zh", traditional=True)
    '炮八平五'
    """
    name = notation_name(notation)
    if not board.is_legal(move):
        raise illegal_move_error(board, move)
    if name == "zh":
        return make_zh(board, move, traditional=traditional)
    return _MAKERS[name](board, move)


def make_move_texts(board: Board, move: Move, notations: tuple[str, ...] = ("vi", "wxf", "zh"),
                    *, legal: bool = False) -> dict[str, str]:
    """The legal ``move`` in several notations at once (simplified Chinese), as
    :func:`make_move_text` writes each, its legality checked and its geometry read once:
    what a game server does after every move. ``legal=True``: the caller has found the
    move legal on ``board`` already (a referee accepted it), so it is not checked again.

    >>> from cotuong import Board, Move
    >>> make_move_texts(Board(), Move.from_iccs("b2e2"))
    {'vi': 'P8-5', 'wxf': 'C8.5', 'zh': '炮八平五'}
    """
    names = [notation_name(n) for n in notations]
    if not (legal and isinstance(move, Move)) and not board.is_legal(move):
        raise illegal_move_error(board, move)
    facts: MoveFacts | None = None
    out = {}
    for notation, name in zip(notations, names, strict=True):
        if name in _FROM_FACTS:
            facts = facts or describe(board, move)
            out[notation] = _FROM_FACTS[name](facts)
        else:
            out[notation] = _MAKERS[name](board, move)
    return out
