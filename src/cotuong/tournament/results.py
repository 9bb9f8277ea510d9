"""Game results as the arbiter writes them, and the points they give.

Six results exist (RULES §7): ``1-0``, ``0-1``, ``1/2-1/2``, and the forfeits
``+/-`` (Red present, Black absent), ``-/+`` (the reverse) and ``-/-`` (both
absent, both lose).  A forfeit scores as a win for the present player.

>>> r = parse_result("½-½")
>>> r.text, Scoring().points(r, red=True)
('1/2-1/2', 1)
>>> parse_result("+/-").forfeit
True
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from cotuong.notation.grammar import fold
from cotuong.notation.words import base
from cotuong.tournament.errors import ConfigurationError, InvalidResultError, fail


class Result(enum.Enum):
    """A recorded result, from Red's side first (as on a score sheet)."""

    RED_WIN = "1-0"
    BLACK_WIN = "0-1"
    DRAW = "1/2-1/2"
    RED_FORFEIT_WIN = "+/-"
    BLACK_FORFEIT_WIN = "-/+"
    DOUBLE_FORFEIT = "-/-"

    @property
    def text(self) -> str:
        """The canonical spelling (``1-0``, ``1/2-1/2``, ``+/-`` ...)."""
        return self.value

    @property
    def forfeit(self) -> bool:
        """True for the three results of a game that was not played."""
        return self in (Result.RED_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT)

    @property
    def played(self) -> bool:
        """True when the game was played over the board."""
        return not self.forfeit

    def outcome(self, red: bool) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` for the Red (``red=True``) or Black player.

        >>> Result.BLACK_FORFEIT_WIN.outcome(red=True)
        'loss'
        """
        if self is Result.DRAW:
            return "draw"
        if self is Result.DOUBLE_FORFEIT:
            return "loss"
        red_won = self in (Result.RED_WIN, Result.RED_FORFEIT_WIN)
        return "win" if red_won == red else "loss"

    @property
    def pgn_result(self) -> str | None:
        """The PGN ``Result`` tag value of a played game (``None`` for forfeits)."""
        return None if self.forfeit else self.value


_ALIASES = {
    "1-0": Result.RED_WIN,
    "0-1": Result.BLACK_WIN,
    "1/2-1/2": Result.DRAW,
    "½-½": Result.DRAW,
    "0.5-0.5": Result.DRAW,
    "=": Result.DRAW,
    "+/-": Result.RED_FORFEIT_WIN,
    "+-": Result.RED_FORFEIT_WIN,
    "-/+": Result.BLACK_FORFEIT_WIN,
    "-+": Result.BLACK_FORFEIT_WIN,
    "-/-": Result.DOUBLE_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
    # Words, from Red's side first: safe on a command line (no leading "-"). They are
    # compared without case and diacritics, so "thang-bo" and "THẮNG-BỎ" are the same.
    "thang-bo": Result.RED_FORFEIT_WIN,
    "win-forfeit": Result.RED_FORFEIT_WIN,
    "bo-thang": Result.BLACK_FORFEIT_WIN,
    "forfeit-win": Result.BLACK_FORFEIT_WIN,
    "bo-bo": Result.DOUBLE_FORFEIT,
    "forfeit-forfeit": Result.DOUBLE_FORFEIT,
}


def parse_result(text: str) -> Result:
    """Read a result string; raise :class:`InvalidResultError` naming the accepted forms.

    Dashes a word processor puts in (``–``) read as ``-``; the forfeits also have words
    (``thắng-bỏ`` = ``+/-``, ``bỏ-thắng`` = ``-/+``, ``bỏ-bỏ`` = ``-/-``; English
    ``win-forfeit``, ``forfeit-win``, ``forfeit-forfeit``).

    >>> parse_result(" 0-1 ").name, parse_result("Thắng-bỏ").text
    ('BLACK_WIN', '+/-')
    >>> parse_result("2-0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cotuong.tournament.errors.InvalidResultError: unknown result '2-0': use 1-0, 0-1, 1/2-1/2, ...
    """
    raw = text.strip().replace(" ", "") if isinstance(text, str) else ""
    if raw in _ALIASES:  # before NFKC, which spells "½" as "1⁄2"
        return _ALIASES[raw]
    key = fold(raw)
    if key in _ALIASES:
        return _ALIASES[key]
    word = base(key)
    if word in _ALIASES:
        return _ALIASES[word]
    raise fail(InvalidResultError, "T_INVALID_RESULT", text=text if isinstance(text, str)
               else repr(text))


Number = int | float


def number_text(value: Number | None) -> str:
    """``2``, ``1.5``; ``2.0`` prints as ``2``; ``None`` as nothing.

    >>> number_text(2.0), number_text(1.5), number_text(None)
    ('2', '1.5', '')
    """
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class Scoring:
    """Points for a win, a draw and a loss: 2/1/0 by default (RULES §7), 1/½/0 for clubs.

    >>> Scoring.parse("1,0.5,0").draw
    0.5
    """

    win: Number = 2
    draw: Number = 1
    loss: Number = 0

    def __post_init__(self) -> None:
        for name in ("win", "draw", "loss"):
            value = getattr(self, name)
            # Checked first: "x" > 1 would be a TypeError, inf points break the exports.
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value):
                raise fail(ConfigurationError, "T_SCORING_NUMBER", name=name,
                           value=repr(value))
        if not (self.win > self.draw >= self.loss):
            raise fail(ConfigurationError, "T_SCORING_ORDER",
                       text=f"{self.win}/{self.draw}/{self.loss}")

    @classmethod
    def parse(cls, text: str) -> Scoring:
        """Read ``"2,1,0"`` (or ``2/1/0``) into a scoring."""
        parts = text.replace("/", ",").split(",")
        if len(parts) != 3:
            raise fail(ConfigurationError, "T_SCORING_TEXT", text=text)
        try:
            values = [float(p) for p in parts]
        except ValueError:
            raise fail(ConfigurationError, "T_SCORING_TEXT", text=text) from None
        nums: list[Number] = [int(v) if v.is_integer() else v for v in values]
        return cls(nums[0], nums[1], nums[2])

    def as_tuple(self) -> tuple[Number, Number, Number]:
        """``(win, draw, loss)``."""
        return (self.win, self.draw, self.loss)

    def points(self, result: Result, red: bool) -> Number:
        """Points this result gives to Red (``red=True``) or to Black."""
        return {"win": self.win, "draw": self.draw, "loss": self.loss}[result.outcome(red)]
