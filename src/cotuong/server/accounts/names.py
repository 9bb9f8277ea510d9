"""Guests' display names: what a guest may call themselves, and how the name travels.

A name is 2-24 characters after Unicode normalisation (NFC) and squeezing spaces:
letters of any script (Vietnamese with its diacritics, Chinese…), digits, spaces and
``_ . - '``, with at least one letter. It may not pose as the computer (``AI 3``, ``Máy``)
and, checked by the caller, not be an account's username. It is kept in a cookie
(``cotuong_name``, base64url of its UTF-8, so any script survives HTTP headers) and read
back through the same check, so a hand-made cookie cannot smuggle anything else in.

>>> display_name("  Trần   Văn An ")
'Trần Văn An'
>>> decode_cookie(encode_cookie("Lê Lợi"))
'Lê Lợi'
>>> def code(text):
...     try:
...         return display_name(text)
...     except ValueError as e:
...         return e.code
>>> [code(bad) for bad in ("AI 8", "x", "<b>hi</b>", "12345")]
['BAD_NAME', 'BAD_NAME', 'BAD_NAME', 'BAD_NAME']
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata

from cotuong.server.errors import ServiceError

MIN_LEN, MAX_LEN = 2, 24
_ALLOWED_MARKS = set(" _.-'")
_POSING = re.compile(r"^(ai|máy|may|computer)(\s|\d|$)", re.IGNORECASE)


def display_name(text: object) -> str:
    """The cleaned name, or ``BAD_NAME``."""
    if not isinstance(text, str) or len(text) > 200:
        raise ServiceError("BAD_NAME")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    ok = MIN_LEN <= len(name) <= MAX_LEN \
        and all(ch.isalnum() or ch in _ALLOWED_MARKS for ch in name) \
        and any(ch.isalpha() for ch in name) and not _POSING.match(name)
    if not ok:
        raise ServiceError("BAD_NAME")
    return name


def encode_cookie(name: str) -> str:
    return base64.urlsafe_b64encode(name.encode()).decode().rstrip("=")


def decode_cookie(value: str | None) -> str | None:
    """The name a cookie holds, if it is a valid one (else ``None``)."""
    if not value or len(value) > 200:
        return None
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)).decode()
        return display_name(raw)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
