"""The eight playing levels, from Dễ/Easy to Thần/God, as data.

Each level is a mix of search limits and controlled imperfection:

* ``max_depth`` / ``max_nodes`` cap the search whatever time it is given;
* ``time_share`` is the fraction of the offered time (``movetime`` or the clock allocation)
  the level actually uses, so a lower level thinks less on the same clock;
* ``default_ms`` is the thinking time when ``go`` gives no limit at all;
* ``noise_cp`` adds a deterministic per-position noise of up to ± that many centipawns to
  the evaluation (misjudged positions, not random moves);
* ``margin_cp``: the move is drawn at random among root moves scoring within this margin of
  the best (closer moves are likelier), so weaker levels vary and drift. Only the shallow
  levels use it: the root moves are rescored at the depth the search reached, which is
  cheap only up to depth 3;
* ``blunder_rate``: the chance, per move, of choosing by a one-look static evaluation without
  checking the reply — the way a beginner leaves a piece hanging.

Level 8 plays its best: no noise, no margin, all the time it is given.

>>> from cotuong.engine.levels import LEVELS, level
>>> [lv.en for lv in LEVELS][:3]
['Easy', 'Novice', 'Intermediate']
>>> level(8).vi, level(8).max_depth
('Thần', 64)
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.core.errors import CotuongError


class InvalidLevelError(CotuongError):
    """A level outside 1..8 (or not a number)."""

    code = "INVALID_LEVEL"


@dataclass(frozen=True, slots=True)
class Level:
    """One row of the level table (see the module docstring for the meaning of each field)."""

    number: int
    vi: str
    en: str
    max_depth: int
    max_nodes: int | None
    time_share: float
    default_ms: int
    noise_cp: int
    margin_cp: int
    blunder_rate: float

    @property
    def title(self) -> str:
        """``"1 Dễ/Easy"``: how the level is shown to players."""
        return f"{self.number} {self.vi}/{self.en}"


LEVELS: tuple[Level, ...] = (
    Level(1, "Dễ", "Easy", 1, 2_000, 0.05, 300, 120, 300, 0.30),
    Level(2, "Tập sự", "Novice", 2, 10_000, 0.08, 400, 60, 100, 0.10),
    Level(3, "Trung bình", "Intermediate", 3, 40_000, 0.10, 500, 30, 0, 0.0),
    Level(4, "Khá", "Good", 4, 100_000, 0.15, 700, 30, 0, 0.0),
    Level(5, "Giỏi", "Strong", 5, 300_000, 0.22, 1_000, 15, 0, 0.0),
    Level(6, "Cao thủ", "Expert", 7, 1_000_000, 0.32, 1_500, 0, 0, 0.0),
    Level(7, "Đại sư", "Master", 12, 5_000_000, 0.55, 2_000, 0, 0, 0.0),
    Level(8, "Thần", "God", 64, None, 1.0, 3_000, 0, 0, 0.0),
)


def level(number: int | str) -> Level:
    """The level with this number (1..8); raises :class:`InvalidLevelError` otherwise."""
    try:
        n = int(number)
    except (TypeError, ValueError):
        raise InvalidLevelError(f"level must be a number 1..8, not {number!r}") from None
    if not 1 <= n <= len(LEVELS):
        raise InvalidLevelError(f"level must be 1..8, not {n}")
    return LEVELS[n - 1]
