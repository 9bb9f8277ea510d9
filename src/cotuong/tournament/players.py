"""Players: names, club (đơn vị), rating and title; finding one by what an arbiter types;
reading a players file.

A name is matched exactly (case-insensitive, NFC) first, then without diacritics
(``"nguyen thanh bao"`` finds ``Nguyễn Thành Bảo``) when exactly one player fits;
several fits raise :class:`AmbiguousPlayerError` listing them.

>>> people = [Entrant(1, "Nguyễn Thành Bảo"), Entrant(2, "Lê Thị Hương")]
>>> find_player(people, "le thi huong").number
2
>>> parse_players_text("An\\tCLB Hà Nội\\t2105\\tKTQG\\nBình\\n")[0]
PlayerInfo(name='An', club='CLB Hà Nội', rating=2105, title='KTQG')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from cotuong.messages import Listing
from cotuong.notation.words import base
from cotuong.tournament.errors import (
    AmbiguousPlayerError,
    ConfigurationError,
    UnknownPlayerError,
    fail,
)

MAX_TEXT = 120  # a name, club or title longer than this is a pasted paragraph, not a field
MAX_RATING = 4000
# First cells that mark a header line of a players file (Vietnamese or English).
_HEADER_WORDS = {"ten", "ho ten", "ho va ten", "name", "player", "dau thu", "stt", "no"}


@dataclass(frozen=True)
class PlayerInfo:
    """What an arbiter knows of a player before the draw: name, club, rating, title."""

    name: str
    club: str = ""
    rating: int | None = None
    title: str = ""

    def as_setting(self) -> str | dict[str, object]:
        """The plain name when nothing else is known (the store's old shape), else a dict."""
        if not (self.club or self.title or self.rating is not None):
            return self.name
        return {"name": self.name, "club": self.club, "rating": self.rating,
                "title": self.title}


@dataclass(frozen=True)
class Entrant:
    """A player entered in the tournament: draw number, name, details and withdrawal.

    ``withdrawn`` is the policy (``forfeit`` or ``annul``) once withdrawn, else ``None``;
    ``withdrawn_from`` the first round forfeited.
    """

    number: int
    name: str
    withdrawn: str | None = None
    club: str = ""
    rating: int | None = None
    title: str = ""
    withdrawn_from: int | None = None

    @property
    def info(self) -> PlayerInfo:
        """The registration details (name, club, rating, title)."""
        return PlayerInfo(self.name, self.club, self.rating, self.title)


def clean_name(name: object) -> str:
    """A player's name NFC-normalised and trimmed; empty or numeric names are refused.

    >>> clean_name("  Lại  Lý Huynh ")
    'Lại Lý Huynh'
    """
    if not isinstance(name, str):
        raise fail(ConfigurationError, "T_NAME_NOT_TEXT", value=repr(name))
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise fail(ConfigurationError, "T_NAME_EMPTY")
    if text.isdigit():
        raise fail(ConfigurationError, "T_NAME_NUMBER", name=text)
    if len(text) > MAX_TEXT:
        raise fail(ConfigurationError, "T_FIELD_TOO_LONG", field="name", limit=MAX_TEXT)
    return text


def clean_text(value: object, field: str) -> str:
    """A club or title: trimmed text (may be empty)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise fail(ConfigurationError, "T_FIELD_NOT_TEXT", field=field, value=repr(value))
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if len(text) > MAX_TEXT:
        raise fail(ConfigurationError, "T_FIELD_TOO_LONG", field=field, limit=MAX_TEXT)
    return text


def clean_rating(value: object) -> int | None:
    """A rating: a whole number 0..4000, or ``None`` (digits in a text are read).

    >>> clean_rating(" 2105 "), clean_rating("")
    (2105, None)
    """
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_RATING:
        raise fail(ConfigurationError, "T_BAD_RATING", value=repr(value), limit=MAX_RATING)
    return value


def player_info(value: object) -> PlayerInfo:
    """A :class:`PlayerInfo` from a name, a ``PlayerInfo`` or a settings dict, validated."""
    if isinstance(value, PlayerInfo):
        value = {"name": value.name, "club": value.club, "rating": value.rating,
                 "title": value.title}
    if isinstance(value, dict):
        extra = set(value) - {"name", "club", "rating", "title"}
        if extra:
            raise fail(ConfigurationError, "T_PLAYER_FIELDS", fields=sorted(extra))
        return PlayerInfo(clean_name(value.get("name")), clean_text(value.get("club"), "club"),
                          clean_rating(value.get("rating")),
                          clean_text(value.get("title"), "title"))
    return PlayerInfo(clean_name(value))


def name_key(name: str) -> str:
    """The key names are compared by: NFC, case-folded."""
    return unicodedata.normalize("NFC", name).casefold()


def plain_key(name: str) -> str:
    """The key of a name typed without diacritics (``Đặng`` and ``dang`` agree)."""
    return " ".join(base(word) for word in name.split())


def find_player(players: Sequence[Entrant], ref: int | str) -> Entrant:
    """A player by draw number (int or digits) or name (exact, then without diacritics)."""
    if isinstance(ref, bool) or not isinstance(ref, (int, str)):
        raise fail(UnknownPlayerError, "T_PLAYER_REF", value=repr(ref))
    if isinstance(ref, str) and ref.strip().isdigit():
        ref = int(ref.strip())
    if isinstance(ref, int):
        if 1 <= ref <= len(players):
            return players[ref - 1]
        raise fail(UnknownPlayerError, "T_NO_SUCH_NUMBER", number=ref, count=len(players))
    typed = " ".join(unicodedata.normalize("NFC", ref).split())
    wanted = name_key(typed)
    for p in players:
        if name_key(p.name) == wanted:
            return p
    plain = plain_key(typed)
    fits = [p for p in players if plain_key(p.name) == plain]
    if len(fits) == 1:
        return fits[0]
    if fits:
        raise fail(AmbiguousPlayerError, "T_AMBIGUOUS_NAME", name=typed,
                   candidates=Listing(tuple(f"{p.number}. {p.name}" for p in fits)))
    raise fail(UnknownPlayerError, "T_NO_SUCH_NAME", name=typed)


def _is_header(cells: Sequence[str]) -> bool:
    return plain_key(cells[0]).strip(" .#") in _HEADER_WORDS


def parse_players_text(text: str) -> list[PlayerInfo]:
    """Players from a file's text: one a line, tab-separated ``name, club, rating, title``.

    Blank lines and lines starting with ``#`` are skipped, as is a header line whose
    first cell is a column title (``Họ tên``, ``Name`` …). A line with more than four
    cells, or a rating that is not a number, is refused with its line number.
    """
    out: list[PlayerInfo] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cells = [c.strip() for c in line.split("\t")]
        while cells and not cells[-1]:
            cells.pop()
        if not out and _is_header(cells):
            continue
        if len(cells) > 4:
            raise fail(ConfigurationError, "T_FILE_COLUMNS", line=lineno, count=len(cells))
        cells += [""] * (4 - len(cells))
        try:
            out.append(PlayerInfo(clean_name(cells[0]), clean_text(cells[1], "club"),
                                  clean_rating(cells[2]), clean_text(cells[3], "title")))
        except ConfigurationError as exc:
            raise fail(ConfigurationError, "T_FILE_LINE", line=lineno,
                       why=exc.reason if exc.reason is not None else str(exc)) from None
    return out
