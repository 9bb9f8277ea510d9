"""The message value and its rendering."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from cotuong.messages.catalog import CATALOG, UnknownMessageError

Lang = Literal["vi", "en"]
LANGS: tuple[Lang, ...] = ("vi", "en")


@runtime_checkable
class Localized(Protocol):
    """A value that names itself in a language (colours, piece kinds, pieces)."""

    def name_in(self, lang: str) -> str: ...


class UnsupportedLanguageError(ValueError):
    """A language other than ``"vi"`` and ``"en"``."""

    code = "BAD_LANG"


def check_lang(lang: object) -> Lang:
    """``lang`` if it is one of :data:`LANGS`, else :class:`UnsupportedLanguageError`."""
    if lang == "vi":
        return "vi"
    if lang == "en":
        return "en"
    raise UnsupportedLanguageError(f"language must be 'vi' or 'en', not {lang!r}")


@dataclass(frozen=True, slots=True)
class Listing:
    """Several values in one parameter: joined by ``separator`` (", " or "; "), or with
    "và"/"and" before the last when ``conjunction``; ``sort`` orders them by their text
    in the reader's language."""

    items: tuple[object, ...]
    separator: str = ", "
    conjunction: bool = False
    sort: bool = False


@dataclass(frozen=True, slots=True)
class Message:
    """A stable ``code`` and its parameters; the words come from the catalog.

    >>> Message.of("OUTCOME_CHECKMATE", winner="Red", loser="Black").en
    'Red wins: Black is checkmated'
    """

    code: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, code: str, **params: object) -> Message:
        """A message with keyword parameters; an unknown code is an error at once."""
        if code not in CATALOG:
            raise UnknownMessageError(code)
        return cls(code, tuple(params.items()))

    @property
    def args(self) -> Mapping[str, object]:
        """The parameters as a mapping."""
        return dict(self.params)

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"vi"`` or ``"en"``)."""
        return render(self, lang)

    @property
    def vi(self) -> str:
        return render(self, "vi")

    @property
    def en(self) -> str:
        return render(self, "en")

    def __str__(self) -> str:
        return render(self, "en")


def _value(value: object, lang: Lang) -> str:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Listing):
        texts = [_value(v, lang) for v in value.items]
        if value.sort:
            texts.sort()
        if value.conjunction and len(texts) > 1:
            last = Message.of("AND", first=value.separator.join(texts[:-1]), second=texts[-1])
            return render(last, lang)
        return value.separator.join(texts) or "?"
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(v, lang) for v in value) or "?"
    name_in = getattr(value, "name_in", None)
    if callable(name_in):  # a Localized value (a colour is also a str: test the method)
        return str(name_in(lang))
    return str(value)


def render(message: Message, lang: str = "en") -> str:
    """The text of ``message`` in ``lang``; parameters are rendered in the same language."""
    chosen = check_lang(lang)
    try:
        vi, en = CATALOG[message.code]
    except KeyError:
        raise UnknownMessageError(message.code) from None
    template = _counted(vi if chosen == "vi" else en, message.params)
    return template.format(**{k: _value(v, chosen) for k, v in message.params})


# ``{games:game|games}``: the word for that count (English; Vietnamese has one form).
_COUNTED = re.compile(r"\{(\w+):([^|{}]*)\|([^{}]*)\}")


def _counted(template: str, params: tuple[tuple[str, object], ...]) -> str:
    """``template`` with each ``{name:one|other}`` read as ``one`` when the parameter
    ``name`` is 1, else ``other``.

    >>> _counted("{n} {n:game|games} left", (("n", 1),)), _counted("{n:game|games}", (("n", 2),))
    ('{n} game left', 'games')
    """
    if "|" not in template:
        return template
    values = dict(params)
    return _COUNTED.sub(lambda m: m[2] if values.get(m[1]) == 1 else m[3], template)
