"""Errors the server reports to clients: a protocol ``code``, an HTTP status, and the text
for people as a catalog message (:mod:`cotuong.messages.server`), rendered in the reader's
language at the edge (:meth:`ServiceError.text`).

>>> e = ServiceError("STALE_PLY", ply=3, current=4)
>>> e.code, e.status, isinstance(e, ValueError)
('STALE_PLY', 409, True)
>>> e.text("vi")
'Nước đi này trả lời nước thứ 3 nhưng ván đang ở nước thứ 4; không có gì thay đổi'
>>> str(ServiceError("BAD_REQUEST", "ERR_BAD_COLOR"))
"color must be 'red', 'black' or 'random'"
>>> ServiceError("GAME_NOT_OVER", game=7).texts["en"]
'Game 7 is not over: only finished games can be analysed.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cotuong.core.errors import CotuongError
from cotuong.messages import CATALOG, Lang, Message, UnknownMessageError

_STATUS = {
    "BAD_JSON": 400, "BAD_MESSAGE": 400, "BAD_REQUEST": 400, "UNKNOWN_TYPE": 400,
    "BAD_TIME_CONTROL": 400, "BAD_NOTATION": 400, "BAD_NAME": 400, "TOO_LARGE": 413,
    "BAD_CREDENTIALS": 401, "NOT_LOGGED_IN": 401, "RATED_NEEDS_ACCOUNT": 401,
    "BAD_SECRET": 403, "SPECTATOR": 403, "NOT_HOST": 403,
    "ROOM_NOT_FOUND": 404, "GAME_NOT_FOUND": 404, "USER_NOT_FOUND": 404,
    "SEEK_NOT_FOUND": 404, "USERNAME_TAKEN": 409, "ROOM_FULL": 409, "RATE_LIMITED": 429,
    "AI_GAMES_LIMIT": 429, "TOO_MANY_SOCKETS": 429,
    "ANALYSIS_LIMIT": 429, "ANALYSIS_QUEUE_FULL": 429,
    "GAME_NOT_OVER": 409, "INTERNAL": 500, "ENGINE_UNAVAILABLE": 503, "LOGIN_BUSY": 503,
    # Online round robins (the others are conflicts: 409).
    "TOURNAMENT_NOT_FOUND": 404, "NO_SUCH_BOARD": 404, "NOT_A_PLAYER": 404,
    "NOT_ORGANISER": 403, "UNKNOWN_PLAYERS": 400, "DUPLICATE_PLAYERS": 400,
    "TOO_FEW_PLAYERS": 400, "TOO_MANY_PLAYERS": 400,
    "INVITE_NOT_FOUND": 404,  # (INVITE_USED, INVITE_ALREADY_PLAYER, ...: 409)
}


class ServiceError(CotuongError):
    """A refused request or message; nothing changed. ``code`` is the protocol error code;
    the words are the catalog message ``text_code`` (default ``ERR_<code>``) with
    ``params``; ``str()`` is the English text (for logs)."""

    def __init__(self, code: str, text_code: str | None = None, /, *,
                 status: int | None = None, reason: dict[str, str] | None = None,
                 retry_after: int | None = None, **params: object) -> None:
        key = text_code or f"ERR_{code}"
        if key not in CATALOG:
            raise UnknownMessageError(key)
        # Not Message.of: a parameter may be called ``code`` (a room's code).
        self.message_value = Message(key, tuple(params.items()))
        super().__init__(self.message_value.en, code)
        self.code = code
        self.status = status if status is not None else _STATUS.get(code, 409)
        # For a refused move: {"code", "vi", "en"} so the page explains it in its language.
        self.reason = reason
        # Seconds a client should wait before asking again (sent as ``Retry-After``).
        self.retry_after = retry_after

    def text(self, lang: str | None) -> str:
        """The error's text in ``lang`` (``"vi"`` or ``"en"``; anything else: Vietnamese)."""
        return self.message_value.text("en" if lang == "en" else "vi")

    @property
    def texts(self) -> dict[str, str]:
        """The error's text in both languages (REST errors carry it, so a page can switch
        language without asking again)."""
        return {"vi": self.text("vi"), "en": self.text("en")}


@dataclass(frozen=True, slots=True)
class Words:
    """A parameter already written in both languages (a referee's outcome, a colour).

    >>> Words("Đỏ", "Red").name_in("en")
    'Red'
    """

    vi: str
    en: str

    def name_in(self, lang: str) -> str:
        return self.en if lang == "en" else self.vi


def lang_of(accept_language: str | None) -> Lang:
    """The reader's language from an ``Accept-Language`` header: English when English
    comes first, else Vietnamese (the platform's first language).

    >>> lang_of("en-GB,en;q=0.9"), lang_of("vi-VN"), lang_of(None), lang_of("fr, en")
    ('en', 'vi', 'vi', 'vi')
    """
    first = (accept_language or "").split(",")[0].strip().lower()
    return "en" if first.startswith("en") else "vi"


# Pydantic's error kinds in Vietnamese (its messages are English only).
_INVALID_VI = {
    "missing": "thiếu trường này", "extra_forbidden": "không có trường này",
    "string_type": "phải là một chuỗi", "int_type": "phải là số nguyên",
    "int_parsing": "phải là số nguyên", "bool_type": "phải là true hoặc false",
    "bool_parsing": "phải là true hoặc false", "literal_error": "không phải giá trị cho phép",
    "string_too_short": "quá ngắn", "string_too_long": "quá dài",
    "string_pattern_mismatch": "sai định dạng", "greater_than_equal": "quá nhỏ",
    "greater_than": "quá nhỏ", "less_than_equal": "quá lớn", "less_than": "quá lớn",
    "model_type": "phải là một đối tượng", "dict_type": "phải là một đối tượng",
    "union_tag_invalid": "loại không hợp lệ", "json_invalid": "không phải JSON",
}


def invalid_field(error: Mapping[str, Any]) -> tuple[str, Words]:
    """``where`` and ``detail`` of a pydantic error (``ERR_BAD_MESSAGE``/``BAD_REQUEST``),
    its detail in both languages.

    >>> invalid_field({"loc": ("body", "username"), "type": "string_too_short",
    ...                "msg": "String should have at least 3 characters"})[1].vi
    'quá ngắn'
    """
    where = ".".join(str(p) for p in error.get("loc", ())) or "?"
    en = str(error.get("msg", "invalid"))
    return where, Words(_INVALID_VI.get(str(error.get("type")), "giá trị không hợp lệ"), en)
