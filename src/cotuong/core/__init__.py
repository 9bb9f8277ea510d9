"""The rules core: the standard library and the message catalog (`cotuong.messages`) only."""

from cotuong.core.board import Board, StackEntry
from cotuong.core.errors import (
    AmbiguousMoveError,
    CotuongError,
    GameOverError,
    IllegalMoveError,
    IllegalSetupError,
    InvalidArgumentError,
    InvalidFenError,
    InvalidMoveTextError,
    NoMoveToUndoError,
    RecordError,
)
from cotuong.core.fen import START_FEN, Setup, parse_fen, validate_setup, write_fen
from cotuong.core.movegen import LegalMoves
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.perft import divide, perft
from cotuong.core.reasons import IllegalReason
from cotuong.core.setup_check import SetupProblem, setup_problems
from cotuong.core.types import (
    Color,
    Move,
    Piece,
    PieceType,
    Square,
    human_square_name,
    parse_human_square,
    parse_square,
    square,
    square_file,
    square_name,
    square_rank,
)

__all__ = [
    "START_FEN",
    "AmbiguousMoveError",
    "Board",
    "Color",
    "CotuongError",
    "GameOverError",
    "IllegalMoveError",
    "IllegalReason",
    "IllegalSetupError",
    "InvalidArgumentError",
    "InvalidFenError",
    "InvalidMoveTextError",
    "LegalMoves",
    "Move",
    "NoMoveToUndoError",
    "Outcome",
    "Piece",
    "PieceType",
    "RecordError",
    "Setup",
    "SetupProblem",
    "Square",
    "StackEntry",
    "Termination",
    "divide",
    "human_square_name",
    "parse_fen",
    "parse_human_square",
    "parse_square",
    "perft",
    "setup_problems",
    "square",
    "square_file",
    "square_name",
    "square_rank",
    "validate_setup",
    "write_fen",
]
