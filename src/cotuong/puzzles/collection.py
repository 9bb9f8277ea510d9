"""The shipped collection: read once from the package data, looked up by id and theme.

>>> from cotuong.puzzles import load_collection
>>> c = load_collection()
>>> len(c) > 0 and all(c.by_id(p.puzzle_id) is p for p in c)
True
>>> sum(c.themes().values()) >= len(c)
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

from cotuong.puzzles.model import (
    THEMES,
    Puzzle,
    PuzzleDataError,
    Theme,
    UnknownPuzzleError,
    puzzle_from_json,
)

DATA_FILE = "puzzles.jsonl"


class PuzzleCollection:
    """Puzzles in a fixed order (the data file's), by id and by theme. Immutable."""

    __slots__ = ("_by_id", "_order")

    def __init__(self, puzzles: Iterable[Puzzle]) -> None:
        order = tuple(puzzles)
        by_id: dict[str, Puzzle] = {}
        for p in order:
            if p.puzzle_id in by_id:
                raise PuzzleDataError("PUZZLE_BAD_DATA", puzzle=p.puzzle_id,
                                      problem="the id occurs twice")
            by_id[p.puzzle_id] = p
        self._order = order
        self._by_id: Mapping[str, Puzzle] = MappingProxyType(by_id)

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self._order)

    def __contains__(self, puzzle_id: object) -> bool:
        return puzzle_id in self._by_id

    def by_id(self, puzzle_id: str) -> Puzzle:
        """The puzzle with that id; :class:`UnknownPuzzleError` (code
        ``PUZZLE_UNKNOWN``) when there is none."""
        try:
            return self._by_id[puzzle_id]
        except (KeyError, TypeError):
            raise UnknownPuzzleError("PUZZLE_UNKNOWN", puzzle=str(puzzle_id)) from None

    def themes(self) -> dict[Theme, int]:
        """How many puzzles carry each theme (every theme listed, zero included)."""
        counts = Counter(t for p in self._order for t in p.themes)
        return {t: counts.get(t, 0) for t in THEMES}

    def with_theme(self, theme: Theme) -> tuple[Puzzle, ...]:
        """The puzzles of a theme, in collection order; :class:`UnknownPuzzleError`
        (code ``PUZZLE_UNKNOWN_THEME``) for a code not in ``THEMES``."""
        if theme not in THEMES:
            raise UnknownPuzzleError("PUZZLE_UNKNOWN_THEME", theme=str(theme),
                                     known=", ".join(THEMES))
        return tuple(p for p in self._order if theme in p.themes)


def parse_collection(lines: Iterable[str]) -> PuzzleCollection:
    """A collection from JSON lines (blank lines skipped); :class:`PuzzleDataError`
    names the first bad line."""
    puzzles = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise PuzzleDataError("PUZZLE_BAD_DATA", puzzle=f"line {n}",
                                  problem=f"not JSON ({exc.msg})") from None
        puzzles.append(puzzle_from_json(obj))
    return PuzzleCollection(puzzles)


def read_data_lines(name: str) -> list[str]:
    """The lines of one file of the package's ``data`` directory."""
    data = resources.files("cotuong.puzzles").joinpath("data")
    return data.joinpath(name).read_text(encoding="utf-8").splitlines()


@cache
def load_collection() -> PuzzleCollection:
    """The collection shipped with the package (read once per process: a pure loader
    of read-only package data, cached)."""
    return parse_collection(read_data_lines(DATA_FILE))
