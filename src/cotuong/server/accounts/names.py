"""Guests' display names: what a guest may call themselves, and how the name travels.

A name is 2-24 characters after Unicode normalisation (NFC) and squeezing spaces:
letters of any script (Vietnamese with its diacritics, Chinese…), digits, spaces and
``_ . - '``, with at least one letter. It may not pose as the computer (``AI 3``, ``Máy``)
and, checked by the caller, not be an account's username nor a reserved one. It is kept
in a cookie (``cotuong_name``: base64url of its UTF-8, so any script survives HTTP
headers) signed by the server for that guest, and read back through the same check: a
hand-made, copied or edited cookie is ignored (the guest then has the default name,
``Khách <id>`` or ``Guest <id>``), so a guest can only carry a name the server accepted
for them.

>>> from cotuong.server.security import Signer
>>> signer = Signer(b"k" * 32)
>>> display_name("  Trần   Văn An ")
'Trần Văn An'
>>> cookie = encode_cookie(signer, "g12ab", "Lê Lợi", expires_ms=2_000)
>>> decode_cookie(signer, cookie, "g12ab", now_ms=1_000)
'Lê Lợi'
>>> decode_cookie(signer, cookie, "g99zz", now_ms=1_000) is None  # another guest's
True
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
from cotuong.server.security import Signer

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


def encode_cookie(signer: Signer, guest: str, name: str, expires_ms: int) -> str:
    """The cookie of ``guest``'s name, signed (valid until ``expires_ms``)."""
    encoded = base64.urlsafe_b64encode(name.encode()).decode().rstrip("=")
    return signer.sign("name", guest, encoded, expires_ms=expires_ms)


def decode_cookie(signer: Signer, value: str | None, guest: str, now_ms: int) -> str | None:
    """The name a cookie holds, if the server signed it for ``guest`` and it is still a
    valid name (else ``None``)."""
    fields = signer.verify(value, "name", now_ms) if value else None
    if not fields or len(fields) != 2 or fields[0] != guest:
        return None
    encoded = fields[1]
    try:
        raw = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
        return display_name(raw)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
