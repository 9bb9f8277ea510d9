"""FEN reading and writing, and validation of a setup into a legal position.

An unchecked :class:`Setup` (from FEN text or an editor) becomes a ``Board`` only
through :func:`validate_setup`, which names what is wrong and where.

>>> s = parse_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
>>> s.turn.value, s.placement[4]
('red', 1)
>>> write_fen(s)
'4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cotuong.core import tables
from cotuong.core.errors import IllegalSetupError, InvalidFenError
from cotuong.core.types import Color, Piece, PieceType, human_square_name

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# Placeholders for empty FEN fields: ASCII hyphen and the dashes the seeds use.
_DASHES = {"-", "–", "—"}
MAX_COUNT = {  # pieces of a kind a side may have
    PieceType.KING: 1,
    PieceType.ADVISOR: 2,
    PieceType.ELEPHANT: 2,
    PieceType.HORSE: 2,
    PieceType.ROOK: 2,
    PieceType.CANNON: 2,
    PieceType.PAWN: 5,
}


@dataclass(frozen=True, slots=True)
class Setup:
    """A position as written, not yet checked for legality.

    ``placement`` has 90 signed piece codes (``+kind`` Red, ``-kind`` Black, 0 empty)
    indexed by square (``rank * 9 + file``, rank 0 = Red's back rank).
    """

    placement: tuple[int, ...]
    turn: Color = Color.RED
    halfmove_clock: int = 0
    fullmove_number: int = 1


def parse_fen(fen: str) -> Setup:
    """Read FEN text into a :class:`Setup` (syntax only; see :func:`validate_setup`).

    Accepts both letter sets (``B``/``E`` elephant, ``N``/``H`` horse), side ``w``, ``r``
    (Red) or ``b`` (Black), and ``-`` or ``–`` for empty fields. Missing trailing
    fields take their defaults (Red to move, clocks 0 and 1).
    """
    if not isinstance(fen, str):
        raise InvalidFenError(f"FEN must be text, not {type(fen).__name__}", "FEN_TYPE")
    fields = fen.split()
    if not fields:
        raise InvalidFenError("FEN is empty", "FEN_EMPTY")
    if len(fields) > 6:
        raise InvalidFenError(
            f"FEN has {len(fields)} fields; at most 6 are allowed "
            "(placement, side, two unused fields, halfmove clock, move number)",
            "FEN_FIELD_COUNT",
        )
    placement = _parse_placement(fields[0])
    turn = Color.RED
    if len(fields) > 1:
        side = fields[1].lower()
        if side in ("w", "r"):
            turn = Color.RED
        elif side == "b":
            turn = Color.BLACK
        else:
            raise InvalidFenError(
                f"FEN side to move is {fields[1]!r}: expected 'w' or 'r' (Red) or 'b' (Black)",
                "FEN_BAD_SIDE",
            )
    for i, name in ((2, "castling"), (3, "en passant")):
        if len(fields) > i and fields[i] not in _DASHES:
            raise InvalidFenError(
                f"FEN field {i + 1} ({name}) is {fields[i]!r}; xiangqi has none, expected '-'",
                "FEN_BAD_FIELD",
            )
    halfmove = _parse_counter(fields, 4, "halfmove clock", 0, 0)
    fullmove = _parse_counter(fields, 5, "move number", 1, 1)
    return Setup(tuple(placement), turn, halfmove, fullmove)


def _parse_counter(fields: list[str], i: int, name: str, default: int, minimum: int) -> int:
    if len(fields) <= i or fields[i] in _DASHES:
        return default
    text = fields[i]
    if not text.isdigit() or not text.isascii():
        raise InvalidFenError(
            f"FEN {name} is {text!r}: expected a whole number", "FEN_BAD_COUNTER"
        )
    value = int(text)
    if value < minimum:
        raise InvalidFenError(f"FEN {name} must be at least {minimum}, not {value}",
                              "FEN_BAD_COUNTER")
    return value


def _parse_placement(text: str) -> list[int]:
    rows = text.split("/")
    if len(rows) != 10:
        raise InvalidFenError(
            f"FEN placement has {len(rows)} rank{'s' if len(rows) != 1 else ''} separated by "
            "'/'; a xiangqi board has 10",
            "FEN_RANK_COUNT",
        )
    placement = [0] * 90
    for row_index, row in enumerate(rows):
        rank = 9 - row_index
        file = 0
        previous_digit = False
        where = f"FEN rank {row_index + 1} of 10 (board rank {rank + 1} from Red's side)"
        for col, ch in enumerate(row):
            if ch.isdigit() and ch.isascii():
                if ch == "0":
                    raise InvalidFenError(f"{where}: empty count 0 at character {col + 1}",
                                          "FEN_BAD_EMPTY_COUNT")
                if previous_digit:
                    raise InvalidFenError(
                        f"{where}: two digits in a row at character {col + 1}",
                        "FEN_BAD_EMPTY_COUNT",
                    )
                file += int(ch)
                previous_digit = True
                continue
            previous_digit = False
            try:
                piece = Piece.from_letter(ch)
            except ValueError:
                raise InvalidFenError(
                    f"{where}: unknown piece letter {ch!r} at character {col + 1} "
                    "(expected K A B/E N/H R C P, upper case Red, lower case Black, or 1-9)",
                    "FEN_UNKNOWN_PIECE",
                ) from None
            if file >= 9:
                raise InvalidFenError(
                    f"{where} {row!r} has more than 9 files (extra piece at character {col + 1})",
                    "FEN_RANK_LENGTH",
                )
            placement[rank * 9 + file] = piece.code
            file += 1
        if file != 9:
            raise InvalidFenError(
                f"{where} {row!r} covers {file} files; it must cover exactly 9",
                "FEN_RANK_LENGTH",
            )
    return placement


# FEN letter of each board code -7..7, indexed by code + 7 (index 7, empty, unused).
_LETTERS = tuple("" if c == 0 else Piece.from_code(c).letter for c in range(-7, 8))


def write_fen(setup: Setup) -> str:
    """Standard FEN with the ``B``/``N`` letter set.

    >>> write_fen(Setup((0,) * 85 + (0, 0, 0, -1, 0)))[:11]
    '7k1/9/9/9/9'
    """
    return fen_text(setup.placement, setup.turn, setup.halfmove_clock, setup.fullmove_number)


def fen_text(placement: Sequence[int], turn: Color, halfmove_clock: int,
             fullmove_number: int) -> str:
    """:func:`write_fen` of a setup's parts (a board's, without building a :class:`Setup`).

    >>> fen_text((0,) * 85 + (0, 0, 0, -1, 0), Color.BLACK, 3, 9)[-12:]
    '/9 b - - 3 9'
    """
    # Every point as one character ("1" when empty), ranks 9..0 joined by "/", then
    # each run of empty points counted (a game server writes one after every move).
    chars = _FEN_CHARS
    points = "".join([chars[code + 7] for code in placement])
    text = "/".join([points[r:r + 9] for r in range(81, -1, -9)])
    for n in range(9, 1, -1):
        text = text.replace(_RUNS[n], _DIGITS[n])
    side = "w" if turn is Color.RED else "b"
    return f"{text} {side} - - {halfmove_clock} {fullmove_number}"


_FEN_CHARS = tuple("1" if i == 7 else letter for i, letter in enumerate(_LETTERS))
_RUNS = tuple("1" * n for n in range(10))
_DIGITS = tuple(str(n) for n in range(10))


def validate_setup(setup: Setup) -> None:
    """Raise :class:`IllegalSetupError` naming the first thing wrong with ``setup``.

    Checks: one king a side, every piece on a point it can ever reach (palace,
    elephant points, pawn start files), piece counts, kings not facing, and the
    side that has just moved not left in check.
    """
    placement = setup.placement
    if len(placement) != 90 or any(not -7 <= c <= 7 for c in placement):
        raise IllegalSetupError("placement must have 90 codes in -7..7", "BAD_PLACEMENT")
    counts: dict[int, int] = {}
    for sq, code in enumerate(placement):
        if code == 0:
            continue
        counts[code] = counts.get(code, 0) + 1
        piece = Piece.from_code(code)
        side = piece.color.sign
        points = _allowed_points(piece.kind, side)
        if points is not None and sq not in points:
            raise IllegalSetupError(
                f"{piece.name_in('en')} on {human_square_name(sq)} can never stand there "
                f"({_WHY_OFF_POINT[piece.kind]})",
                f"{piece.kind.name}_OFF_POINT",
            )
    for color in Color:
        king = counts.get(PieceType.KING * color.sign, 0)
        if king == 0:
            raise IllegalSetupError(f"{color.en} has no king", "MISSING_KING")
        for kind, limit in MAX_COUNT.items():
            n = counts.get(kind * color.sign, 0)
            if n > limit:
                raise IllegalSetupError(
                    f"{color.en} has {n} {kind.en}s; at most {limit} are possible",
                    "TOO_MANY_KINGS" if kind is PieceType.KING else "TOO_MANY_PIECES",
                )
    red_king = placement.index(1)
    black_king = placement.index(-1)
    if red_king % 9 == black_king % 9 and all(
        placement[s] == 0 for s in range(red_king + 9, black_king, 9)
    ):
        raise IllegalSetupError(
            f"the kings face each other on file {'abcdefghi'[red_king % 9]} "
            "with nothing between them",
            "KINGS_FACING",
        )


_WHY_OFF_POINT = {
    PieceType.KING: "a king stays in its palace",
    PieceType.ADVISOR: "an advisor stays on the five points of its palace diagonals",
    PieceType.ELEPHANT: "an elephant stays on its seven points on its own side of the river",
    PieceType.PAWN: "a pawn never moves backwards, nor sideways before crossing the river",
}


def _allowed_points(kind: PieceType, side: int) -> frozenset[int] | None:
    if kind is PieceType.KING:
        return tables.KING_POINTS[side]
    if kind is PieceType.ADVISOR:
        return tables.ADVISOR_POINTS[side]
    if kind is PieceType.ELEPHANT:
        return tables.ELEPHANT_POINTS[side]
    if kind is PieceType.PAWN:
        return tables.PAWN_POINTS[side]
    return None
