"""Errors of the tournament director: one family under :class:`TournamentError`.

Every class is a :class:`cotuong.core.errors.CotuongError` (hence a ``ValueError``)
with a stable ``code`` a user interface can translate without parsing the message.

>>> from cotuong.tournament import Tournament, UnknownPlayerError
>>> t = Tournament(["An", "Bình", "Chi"])
>>> try:
...     t.player("Dũng")
... except UnknownPlayerError as e:
...     print(e.code)
UNKNOWN_PLAYER
"""

from __future__ import annotations

from cotuong.core.errors import CotuongError
from cotuong.messages import Message


class TournamentError(CotuongError):
    """Base class of every tournament error.

    Raised with a catalog :class:`~cotuong.messages.Message` (``reason``), the error
    reads in English as ``str(error)`` and in Vietnamese as ``error.text("vi")``.

    >>> e = UnknownPlayerError(Message.of("T_NO_SUCH_NAME", name="Dũng"))
    >>> e.text("vi")
    "không có đấu thủ nào tên 'Dũng'"
    """

    code = "TOURNAMENT_ERROR"
    reason: Message | None = None

    def __init__(self, message: str | Message, code: str | None = None) -> None:
        if isinstance(message, Message):
            self.reason = message
            message = message.en
        super().__init__(message, code)

    def text(self, lang: str = "en") -> str:
        """The error in ``lang`` (``"vi"`` or ``"en"``)."""
        return self.reason.text(lang) if self.reason is not None else self.message


def fail(cls: type[TournamentError], code: str, **params: object) -> TournamentError:
    """An error of class ``cls`` with the catalog message ``code`` (to ``raise``)."""
    return cls(Message.of(code, **params))


class UnknownPlayerError(TournamentError):
    """A name or draw number that belongs to no player of the tournament."""

    code = "UNKNOWN_PLAYER"


class DuplicatePlayerError(TournamentError):
    """Two players with the same name (compared case-insensitively, NFC-normalised)."""

    code = "DUPLICATE_PLAYER"


class InvalidResultError(TournamentError):
    """A result string that is not one of 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-."""

    code = "INVALID_RESULT"


class PairingError(TournamentError):
    """A round that does not exist, or a pairing that is not in the schedule."""

    code = "NOT_IN_SCHEDULE"


class AmbiguousPlayerError(UnknownPlayerError):
    """A name typed without diacritics that fits more than one player."""

    code = "AMBIGUOUS_PLAYER"


class DuplicateResultError(TournamentError):
    """A second result for a game that already has one (use a correction)."""

    code = "DUPLICATE_RESULT"


class NothingToUndoError(TournamentError):
    """An undo with no event left to undo."""

    code = "NOTHING_TO_UNDO"


class TournamentStateError(TournamentError):
    """An action not allowed at this stage (e.g. adding a player after round 1 began)."""

    code = "INVALID_STATE"


class ConfigurationError(TournamentError):
    """Bad tournament settings: scoring, tie-break names, too few players."""

    code = "INVALID_CONFIGURATION"


class LotsError(ConfigurationError):
    """A drawing of lots that does not fit a final tie (players not tied, tie incomplete,
    event not finished)."""

    code = "INVALID_LOTS"


class AttachedGameError(TournamentError):
    """An attached game record (PGN) is unreadable or contradicts the result."""

    code = "INVALID_ATTACHED_GAME"


class TournamentStoreError(TournamentError):
    """The tournament store cannot be opened, read or written."""

    code = "STORE_ERROR"


class CorruptStoreError(TournamentStoreError):
    """The store exists but its content is damaged or not a cotuong tournament."""

    code = "CORRUPT_STORE"


class ExportFormatError(TournamentError):
    """An exported CSV/JSON file that cannot be read back."""

    code = "INVALID_EXPORT"
