"""Value types of the rules core: colours, pieces, squares and moves.

Squares are plain ``int`` values 0..89: ``square = rank * 9 + file`` with files
``a``..``i`` (0..8) from Red's left and ranks 0..9 from Red's side (ICCS).

>>> from cotuong import Move, square_name, parse_square, human_square_name
>>> Move.from_iccs("h2e2").iccs
'h2e2'
>>> square_name(parse_square("e0"))
'e0'
>>> human_square_name(parse_square("e9"))
'e10'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from types import MappingProxyType

from cotuong.core.errors import InvalidArgumentError, InvalidMoveTextError

FILES = "abcdefghi"
NUM_SQUARES = 90

Square = int


class Color(str, enum.Enum):
    """A side. ``Color.RED.value == "red"``; Red moves first. A string too (``"red"``), so
    it is its own JSON and dictionary key: the platform's frames and rows use it as is.
    """

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    RED = "red"
    BLACK = "black"

    @property
    def opponent(self) -> Color:
        return Color.BLACK if self is Color.RED else Color.RED

    @property
    def sign(self) -> int:
        """+1 for Red, -1 for Black (the sign of piece codes on the board)."""
        return 1 if self is Color.RED else -1

    @property
    def vi(self) -> str:
        return "Đỏ" if self is Color.RED else "Đen"

    @property
    def en(self) -> str:
        return "Red" if self is Color.RED else "Black"

    def name_in(self, lang: str) -> str:
        return self.vi if lang == "vi" else self.en

    @staticmethod
    def from_sign(sign: int) -> Color:
        return Color.RED if sign > 0 else Color.BLACK


class PieceType(enum.IntEnum):
    """Piece kinds; the integer is the absolute piece code used on the board."""

    KING = 1
    ADVISOR = 2
    ELEPHANT = 3
    HORSE = 4
    ROOK = 5
    CANNON = 6
    PAWN = 7

    @property
    def letter(self) -> str:
        """Standard FEN letter (upper case): K A B N R C P."""
        return _FEN_LETTERS[self]

    @property
    def vi(self) -> str:
        return _VI_NAMES[self]

    @property
    def en(self) -> str:
        return _EN_NAMES[self]

    def name_in(self, lang: str) -> str:
        return self.vi if lang == "vi" else self.en


_FEN_LETTERS = {
    PieceType.KING: "K",
    PieceType.ADVISOR: "A",
    PieceType.ELEPHANT: "B",
    PieceType.HORSE: "N",
    PieceType.ROOK: "R",
    PieceType.CANNON: "C",
    PieceType.PAWN: "P",
}
_VI_NAMES = {
    PieceType.KING: "Tướng",
    PieceType.ADVISOR: "Sĩ",
    PieceType.ELEPHANT: "Tượng",
    PieceType.HORSE: "Mã",
    PieceType.ROOK: "Xe",
    PieceType.CANNON: "Pháo",
    PieceType.PAWN: "Tốt",
}
_EN_NAMES = {
    PieceType.KING: "king",
    PieceType.ADVISOR: "advisor",
    PieceType.ELEPHANT: "elephant",
    PieceType.HORSE: "horse",
    PieceType.ROOK: "rook",
    PieceType.CANNON: "cannon",
    PieceType.PAWN: "pawn",
}


@dataclass(frozen=True, slots=True)
class Piece:
    """A coloured piece.

    >>> Piece.from_letter("n")
    Piece(color=<Color.BLACK: 'black'>, kind=<PieceType.HORSE: 4>)
    >>> Piece(Color.RED, PieceType.ELEPHANT).letter
    'B'
    """

    color: Color
    kind: PieceType

    @property
    def code(self) -> int:
        """Signed board code: +kind for Red, -kind for Black."""
        return int(self.kind) * self.color.sign

    @property
    def letter(self) -> str:
        letter = self.kind.letter
        return letter if self.color is Color.RED else letter.lower()

    @staticmethod
    def from_code(code: int) -> Piece:
        """The piece of a signed board code (``ValueError`` for 0 or a code not -7..7).

        >>> Piece.from_code(-4) == Piece(Color.BLACK, PieceType.HORSE)
        True
        """
        piece = _PIECES.get(code)  # the pieces are values: one of each is kept
        if piece is not None:
            return piece
        return Piece(Color.RED if code > 0 else Color.BLACK, PieceType(abs(code)))

    @staticmethod
    def from_letter(letter: str) -> Piece:
        """Read a FEN letter of either letter set (``B``/``E`` elephant, ``N``/``H`` horse)."""
        kind = LETTER_TO_KIND.get(letter.upper())
        if kind is None or len(letter) != 1:
            raise ValueError(f"unknown piece letter {letter!r}")
        return Piece(Color.RED if letter.isupper() else Color.BLACK, kind)

    def name_in(self, lang: str) -> str:
        """``"Mã Đen"`` / ``"Black horse"``."""
        if lang == "vi":
            return f"{self.kind.vi} {self.color.vi}"
        return f"{self.color.en} {self.kind.en}"


# Every piece by its board code (read only).
_PIECES = MappingProxyType({c: Piece(Color.RED if c > 0 else Color.BLACK, PieceType(abs(c)))
                            for c in range(-7, 8) if c})


LETTER_TO_KIND: dict[str, PieceType] = {
    "K": PieceType.KING,
    "A": PieceType.ADVISOR,
    "B": PieceType.ELEPHANT,
    "E": PieceType.ELEPHANT,
    "N": PieceType.HORSE,
    "H": PieceType.HORSE,
    "R": PieceType.ROOK,
    "C": PieceType.CANNON,
    "P": PieceType.PAWN,
}


def square(file: int, rank: int) -> Square:
    """Square index from 0-based file (a=0) and rank (0 = Red's back rank)."""
    if not (0 <= file < 9 and 0 <= rank < 10):
        raise ValueError(f"square out of the board: file {file}, rank {rank}")
    return rank * 9 + file


def square_file(sq: Square) -> int:
    return sq % 9


def square_rank(sq: Square) -> int:
    return sq // 9


# Precomputed: square names are on the hot path of every ICCS move text.
_SQUARE_NAMES = tuple(FILES[sq % 9] + str(sq // 9) for sq in range(90))


def square_name(sq: Square) -> str:
    """ICCS name, ranks 0..9: ``square_name(4) == "e0"``."""
    return _SQUARE_NAMES[sq]


def human_square_name(sq: Square) -> str:
    """Name for people, ranks 1..10 from Red's side (RULES.md §1): ``"e10"``."""
    return FILES[sq % 9] + str(sq // 9 + 1)


def parse_square(name: str) -> Square:
    """Read an ICCS square name (``a0``..``i9``)."""
    if len(name) != 2 or name[0] not in FILES or not name[1].isdigit():
        raise InvalidMoveTextError(
            f"bad square {name!r}: expected a file a-i and a rank 0-9", "BAD_SQUARE"
        )
    return int(name[1]) * 9 + FILES.index(name[0])


def parse_human_square(name: str) -> Square:
    """Read a human square name (``a1``..``i10``)."""
    name = name.strip().lower()
    if len(name) not in (2, 3) or name[0] not in FILES or not name[1:].isdigit():
        raise InvalidMoveTextError(
            f"bad square {name!r}: expected a file a-i and a rank 1-10", "BAD_SQUARE"
        )
    rank = int(name[1:]) - 1
    if not 0 <= rank <= 9:
        raise InvalidMoveTextError(f"bad square {name!r}: rank must be 1-10", "BAD_SQUARE")
    return rank * 9 + FILES.index(name[0])


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move from one square to another (no piece or legality attached).

    >>> m = Move(parse_square("h2"), parse_square("e2"))
    >>> m.iccs, m.uci
    ('h2e2', 'h2e2')
    """

    from_square: Square
    to_square: Square

    def __post_init__(self) -> None:
        if not (0 <= self.from_square < 90 and 0 <= self.to_square < 90):
            raise InvalidMoveTextError("move squares must be 0..89", "BAD_SQUARE")
        if self.from_square == self.to_square:
            raise InvalidMoveTextError(
                f"a move must change square ({square_name(self.from_square)})", "NULL_MOVE"
            )

    @property
    def iccs(self) -> str:
        return _SQUARE_NAMES[self.from_square] + _SQUARE_NAMES[self.to_square]

    # UCI for xiangqi engines such as Pikafish uses the same ranks 0..9 as ICCS.
    uci = iccs

    @staticmethod
    def from_iccs(text: str) -> Move:
        """Parse ``h2e2`` (also ``H2-E2``, the dashed upper-case ICCS form).

        >>> Move.from_iccs("h2e2") == Move.from_iccs("H2-E2")
        True
        """
        if not isinstance(text, str):
            raise InvalidMoveTextError(f"an ICCS move is a text like 'h2e2', not {text!r}",
                                       "BAD_ICCS")
        t = text.strip().lower().replace("-", "")
        if len(t) != 4:
            raise InvalidMoveTextError(
                f"bad ICCS move {text!r}: expected four characters like h2e2", "BAD_ICCS"
            )
        return Move(parse_square(t[:2]), parse_square(t[2:]))

    def encode(self) -> int:
        """Compact integer form used internally: ``from << 7 | to``."""
        return (self.from_square << 7) | self.to_square

    @staticmethod
    def decode(code: int) -> Move:
        return Move(code >> 7, code & 127)

    def __str__(self) -> str:
        return self.iccs


# ----- arguments checked at the API edge (the low-level view takes plain ints) -----
def checked_square(sq: object) -> int:
    """``sq`` if it is a square (an int 0..89), else :class:`InvalidArgumentError`."""
    if type(sq) is not int or not 0 <= sq < 90:
        raise InvalidArgumentError(f"a square is an int 0..89 (rank * 9 + file), not {sq!r}",
                                   "BAD_SQUARE")
    return sq


def checked_move(move: object) -> Move:
    """``move`` if it is a :class:`Move`, else :class:`InvalidArgumentError` (with a hint
    for text)."""
    if not isinstance(move, Move):
        hint = "; read text with cotuong.parse_move(board, text)" if isinstance(move, str) else ""
        raise InvalidArgumentError(f"expected a Move, not {type(move).__name__} {move!r}{hint}",
                                   "NOT_A_MOVE")
    return move


def checked_color(color: object) -> Color:
    """``color`` if it is a :class:`Color`, else :class:`InvalidArgumentError`."""
    if not isinstance(color, Color):
        raise InvalidArgumentError(f"expected Color.RED or Color.BLACK, not {color!r}",
                                   "BAD_COLOR")
    return color
