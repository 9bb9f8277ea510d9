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


class TournamentError(CotuongError):
    """Base class of every tournament error."""

    code = "TOURNAMENT_ERROR"


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


class DuplicateResultError(TournamentError):
    """A second result for a game that already has one (use a correction)."""

    code = "DUPLICATE_RESULT"


class TournamentStateError(TournamentError):
    """An action not allowed at this stage (e.g. adding a player after round 1 began)."""

    code = "INVALID_STATE"


class ConfigurationError(TournamentError):
    """Bad tournament settings: scoring, tie-break names, too few players."""

    code = "INVALID_CONFIGURATION"


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
