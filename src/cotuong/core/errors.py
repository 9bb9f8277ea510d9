"""Errors of the public API.

Every error is a :class:`ValueError` subclass named after its cause and carries a
stable ``code`` that a user interface can translate without parsing the message.

>>> from cotuong import Board, InvalidFenError
>>> try:
...     Board("rnbakabnr/9/1c5c1")
... except InvalidFenError as e:
...     print(e.code)
FEN_RANK_COUNT
"""

from __future__ import annotations

from typing import Protocol

from cotuong.messages import Message


class MoveLike(Protocol):
    """What an error needs of a move (a :class:`~cotuong.core.types.Move`): its ICCS text.

    A protocol, so that the errors sit below the value types that raise them."""

    @property
    def iccs(self) -> str: ...


class CotuongError(ValueError):
    """Base class of every error cotuong raises on bad input."""

    code: str = "ERROR"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.message = message


class InvalidFenError(CotuongError):
    """The FEN text cannot be read (syntax: ranks, letters, fields)."""

    code = "INVALID_FEN"


class IllegalSetupError(CotuongError):
    """The FEN is readable but the position cannot occur (kings, palaces, counts...)."""

    code = "ILLEGAL_SETUP"


class InvalidMoveTextError(CotuongError):
    """A move text does not follow the grammar of any (or the given) notation."""

    code = "INVALID_MOVE_TEXT"


class IllegalMoveError(CotuongError):
    """A move is well formed but not legal in the position; ``code`` says why.

    When the move is known, ``move`` is it and ``reason`` explains it as a catalog
    message (``reason.text("vi")``, ``reason.text("en")``), for interfaces in either
    language.
    """

    code = "ILLEGAL_MOVE"
    move: MoveLike | None = None
    reason: Message | None = None


class AmbiguousMoveError(CotuongError):
    """A move text matches more than one legal move (or more than one notation)."""

    code = "AMBIGUOUS_MOVE"


class RecordError(CotuongError):
    """A game record (PGN, seed block) is malformed."""

    code = "INVALID_RECORD"


class GameOverError(CotuongError):
    """An action was attempted on a game that has already ended."""

    code = "GAME_OVER"


class InvalidArgumentError(CotuongError):
    """An API call got a value of the wrong kind (a text where a ``Move`` belongs, a
    square outside 0..89, an unknown language...)."""

    code = "BAD_ARGUMENT"


class NoMoveToUndoError(CotuongError, IndexError):
    """``pop()`` on a board with no move played (also an ``IndexError``)."""

    code = "NO_MOVE_TO_UNDO"
