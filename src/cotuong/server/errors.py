"""Errors the server reports to clients: a protocol ``code`` and an HTTP status.

>>> e = ServiceError("STALE_PLY", "move for ply 3 but the game is at ply 4")
>>> e.code, e.status, isinstance(e, ValueError)
('STALE_PLY', 409, True)
>>> ServiceError.of("ANALYSIS_NOT_FOUND", game=7).texts["vi"]
'Ván 7 chưa được máy phân tích.'
"""

from __future__ import annotations

from cotuong.core.errors import CotuongError
from cotuong.messages import Message

_STATUS = {
    "BAD_JSON": 400, "BAD_MESSAGE": 400, "BAD_REQUEST": 400, "UNKNOWN_TYPE": 400,
    "BAD_TIME_CONTROL": 400, "BAD_NOTATION": 400, "TOO_LARGE": 413,
    "BAD_CREDENTIALS": 401, "NOT_LOGGED_IN": 401, "BAD_SECRET": 403, "SPECTATOR": 403,
    "ROOM_NOT_FOUND": 404, "GAME_NOT_FOUND": 404, "USER_NOT_FOUND": 404,
    "USERNAME_TAKEN": 409, "ROOM_FULL": 409, "RATE_LIMITED": 429,
    "ANALYSIS_LIMIT": 429, "ANALYSIS_QUEUE_FULL": 429, "ANALYSIS_NOT_FOUND": 404,
    "GAME_NOT_OVER": 409,
}


class ServiceError(CotuongError):
    """A refused request or message; nothing changed. ``code`` is the protocol error code."""

    def __init__(self, code: str, message: str, status: int | None = None,
                 reason: dict[str, str] | None = None) -> None:
        super().__init__(message, code)
        self.code = code
        self.status = status if status is not None else _STATUS.get(code, 409)
        # For a refused move: {"code", "vi", "en"} so the page explains it in its language.
        self.reason = reason
        self.texts: dict[str, str] | None = None  # the message in vi and en, if catalogued

    @classmethod
    def of(cls, code: str, **params: object) -> ServiceError:
        """The refusal ``code`` with its texts from the message catalog (English as the
        message, both languages as ``texts``)."""
        message = Message.of(code, **params)
        error = cls(code, message.en)
        error.texts = {"vi": message.vi, "en": message.en}
        return error
