"""Reading and writing moves in any notation, with detection of the notation.

>>> from cotuong import Board
>>> b = Board()
>>> parse_move(b, "h2e2").iccs, parse_move(b, "C2.5").iccs, parse_move(b, "P2-5").iccs
('h2e2', 'h2e2', 'h2e2')
>>> make_move_text(b, parse_move(b, "炮二平五"), "vi")
'P2-5'
"""

from __future__ import annotations

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
from cotuong.notation.chinese import CHINESE, make_zh, parse_zh
from cotuong.notation.grammar import Language, fold, parse_spec
from cotuong.notation.iccs import make_iccs, parse_iccs
from cotuong.notation.model import resolve
from cotuong.notation.vietnamese import VIETNAMESE, make_vi, parse_vi
from cotuong.notation.wxf import WXF, make_wxf, parse_wxf

NOTATIONS = ("iccs", "wxf", "vi", "zh")
_ALIASES = {"vn": "vi", "cn": "zh", "chinese": "zh", "vietnamese": "vi", "english": "wxf"}
_PARSERS: dict[str, Callable[[Board, str], Move]] = {
    "iccs": parse_iccs, "wxf": parse_wxf, "vi": parse_vi, "zh": parse_zh}
_MAKERS: dict[str, Callable[[Board, Move], str]] = {
    "iccs": make_iccs, "wxf": make_wxf, "vi": make_vi, "zh": make_zh}
_LANGUAGES: dict[str, Language] = {"wxf": WXF, "vi": VIETNAMESE, "zh": CHINESE}
_TITLES = {"iccs": "ICCS", "wxf": "WXF", "vi": "Vietnamese", "zh": "Chinese"}


def notation_name(notation: str) -> str:
    """The canonical name of a notation (``"vn"`` -> ``"vi"``), or an error."""
    name = _ALIASES.get(notation.lower(), notation.lower())
    if name not in NOTATIONS:
        raise InvalidMoveTextError(
            f"unknown notation {notation!r}: use one of {', '.join(NOTATIONS)}",
            "UNKNOWN_NOTATION")
    return name


def _has_cjk(text: str) -> bool:
    # Full-width Latin (wxf.ca's ＋Ｐ＋１) folds to ASCII; Chinese characters do not.
    return not fold(text).isascii()


def parse_move(board: Board, text: str, notation: str | None = None) -> Move:
    """The legal move ``text`` names on ``board``.

    With ``notation`` (``"iccs"``, ``"wxf"``, ``"vi"``, ``"zh"``) only that notation
    is read. Without it, every notation is tried; one legal reading is returned,
    two readings that are different legal moves raise
    :class:`AmbiguousMoveError` (``C7.1`` is a WXF cannon move and a Vietnamese
    pawn move), no reading raises the most telling error.

    >>> from cotuong import Board
    >>> parse_move(Board(), "M2.3").iccs
    'h0g2'
    """
    if not isinstance(text, str):
        raise InvalidMoveTextError(f"a move text must be a string, not {type(text).__name__}",
                                   "NOT_TEXT")
    if notation is not None:
        return _PARSERS[notation_name(notation)](board, text)
    if _has_cjk(text):
        return parse_zh(board, text)
    readings: dict[str, Move] = {}
    errors: dict[str, CotuongError] = {}
    for name in NOTATIONS:
        try:
            readings[name] = _PARSERS[name](board, text)
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
    raise InvalidMoveTextError(
        f"{text!r} is not a move in ICCS, WXF, Vietnamese or Chinese notation "
        f"(as WXF: {errors['wxf'].message})", "UNKNOWN_MOVE_TEXT")


def infer_move(board: Board, text: str, notation: str) -> Move:
    """Lenient reading of a text whose designator is missing (the seed's ``Tg/1``).

    Returns the move only when exactly one legal move of that piece kind fits the
    operator and number; a record reader must report that it inferred it.

    >>> from cotuong import Board
    >>> b = Board("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1")
    >>> infer_move(b, "K+1", "wxf").iccs
    'e1e2'
    """
    name = notation_name(notation)
    if name == "iccs":
        return parse_iccs(board, text)
    spec = parse_spec(_LANGUAGES[name], text, allow_missing=True)
    return resolve(board, spec, text)


def make_move_text(board: Board, move: Move, notation: str = "wxf", *,
                   traditional: bool = False) -> str:
    """Write the legal ``move`` in a notation (``traditional`` for Chinese characters).

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
