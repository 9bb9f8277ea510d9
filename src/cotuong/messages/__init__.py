"""One message catalog: stable codes with parameters, rendered in Vietnamese or English.

The rules, the referee and the game return :class:`Message` values (a code and its
parameters); interfaces render them in the reader's language at the edge (the CLI, the
server's frames, the web UI). The texts of every layer live in this package's tables, one
table per layer, merged into one catalog with no code defined twice.

This package is the bottom of the house: standard library only, imported by every layer.

>>> from cotuong.messages import Message
>>> m = Message.of("HORSE_LEG_BLOCKED", leg="c1")
>>> m.text("vi"), m.text("en")
('Mã bị cản chân (chân mã bị cản ở c1)', "the horse's leg is blocked (on c1)")
>>> str(m) == m.en
True

A parameter may itself be a message, a list (joined with commas) or any value that
names itself in a language (``name_in(lang)``, as colours and pieces do).
"""

from __future__ import annotations

from cotuong.messages.catalog import CATALOG, UnknownMessageError
from cotuong.messages.message import (
    LANGS,
    Lang,
    Listing,
    Localized,
    Message,
    UnsupportedLanguageError,
    check_lang,
    render,
)

__all__ = [
    "CATALOG",
    "LANGS",
    "Lang",
    "Listing",
    "Localized",
    "Message",
    "UnknownMessageError",
    "UnsupportedLanguageError",
    "check_lang",
    "render",
]
