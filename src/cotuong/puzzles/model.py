"""The puzzle as a value, its themes, and the errors of this package.

A :class:`Puzzle` is read from one JSON object of the shipped collection
(:func:`puzzle_from_json`) and written back by the build script (:func:`puzzle_to_json`);
reading checks every field, so a damaged data file is named, never half-loaded.

>>> p = puzzle_from_json({
...     "puzzle_id": "demo-1", "fen": "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1",
...     "moves_before": [], "solver": "red", "goal": "win", "themes": ["mate"],
...     "solution": ["a0a8", "e9f9", "b1b9"], "accepted": [["a0a8"], ["b1b9"]], "rating": 900,
...     "rules": "asian", "source": "example", "title": None})
>>> p.solver.value, p.solver_moves, p.replies
('red', ('a0a8', 'b1b9'), ('e9f9',))
>>> puzzle_to_json(p)["accepted"]
[['a0a8'], ['b1b9']]
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cotuong.core.errors import CotuongError
from cotuong.core.types import Color
from cotuong.messages import Message
from cotuong.referee import presets

Theme = str
"""A theme code: one of :data:`THEMES`."""

MATE, MATERIAL, DEFEND, HOLD_DRAW, PERPETUAL_SAVE, ENDGAME = (
    "mate", "material", "defend", "hold_draw", "perpetual_save", "endgame")
THEMES: tuple[Theme, ...] = (MATE, MATERIAL, DEFEND, HOLD_DRAW, PERPETUAL_SAVE, ENDGAME)
GOALS = ("win", "draw")


class PuzzleError(CotuongError):
    """Base class of the puzzle package's errors (a ``ValueError`` with a ``code``).

    ``reason`` is the same cause as a catalog message, for interfaces in either language.
    """

    code = "PUZZLE_ERROR"

    def __init__(self, code: str, **params: object) -> None:
        self.reason = Message.of(code, **params)
        super().__init__(self.reason.en, code)


class UnknownPuzzleError(PuzzleError):
    """No puzzle (or drill, or theme) with that id in the collection."""


class PuzzleMoveError(PuzzleError):
    """An attempt that cannot be judged: an illegal move, a reply that is not the
    puzzle's, moves after the end, no moves. ``code`` says which."""


class PuzzleDataError(PuzzleError):
    """The shipped data (or a JSON object given to :func:`puzzle_from_json`) is malformed."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: the position, the opponent's move(s) shown first, the line to find.

    ``solution`` is the main line in ICCS from after ``moves_before``: solver, reply,
    solver, …, ending with a solver move. ``accepted[k]`` are the moves accepted at the
    ``k``-th solver move (the main move first; the others also win, or also hold the draw,
    and end the puzzle as solved). ``rating`` is the initial difficulty on the Glicko-2
    scale; ``rules`` the rule set (``cotuong.referee.presets``) the line was checked under.
    """

    puzzle_id: str
    fen: str
    moves_before: tuple[str, ...]
    solver: Color
    goal: str
    themes: tuple[Theme, ...]
    solution: tuple[str, ...]
    rating: int
    rules: str
    source: str
    title: str | None
    accepted: tuple[tuple[str, ...], ...]

    @property
    def solver_moves(self) -> tuple[str, ...]:
        """The solver's moves of the main line (every other move, from the first)."""
        return self.solution[::2]

    @property
    def replies(self) -> tuple[str, ...]:
        """The opponent's answers of the main line."""
        return self.solution[1::2]


def _fail(puzzle_id: object, problem: str) -> PuzzleDataError:
    return PuzzleDataError("PUZZLE_BAD_DATA", puzzle=str(puzzle_id), problem=problem)


def _moves(obj: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = obj.get(key)
    if not isinstance(value, list) or not all(isinstance(m, str) and len(m) == 4
                                              for m in value):
        raise _fail(obj.get("puzzle_id"), f"{key} must be a list of ICCS moves")
    return tuple(value)


def _text(obj: Mapping[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value:
        raise _fail(obj.get("puzzle_id"), f"{key} must be a non-empty text")
    return value


def puzzle_from_json(obj: Mapping[str, Any]) -> Puzzle:
    """The :class:`Puzzle` of one JSON object; :class:`PuzzleDataError` names what is wrong."""
    if not isinstance(obj, Mapping):
        raise _fail("?", "a puzzle is a JSON object")
    pid = _text(obj, "puzzle_id")
    solution = _moves(obj, "solution")
    if len(solution) % 2 == 0:
        raise _fail(pid, "the solution must end with a solver move")
    raw_accepted = obj.get("accepted")
    if not isinstance(raw_accepted, list) or len(raw_accepted) != len(solution[::2]):
        raise _fail(pid, "accepted needs one list of moves per solver move")
    accepted = []
    for k, moves in enumerate(raw_accepted):
        if (not isinstance(moves, list) or not moves or moves[0] != solution[2 * k]
                or not all(isinstance(m, str) and len(m) == 4 for m in moves)):
            raise _fail(pid, f"accepted[{k}] must start with the solution's move")
        accepted.append(tuple(moves))
    themes = obj.get("themes")
    if not isinstance(themes, list) or not themes or any(t not in THEMES for t in themes):
        raise _fail(pid, f"themes must be a non-empty list of {', '.join(THEMES)}")
    goal, rules, solver = _text(obj, "goal"), _text(obj, "rules"), _text(obj, "solver")
    if goal not in GOALS:
        raise _fail(pid, "goal must be win or draw")
    if rules not in presets():
        raise _fail(pid, f"unknown rule set {rules!r}")
    if solver not in ("red", "black"):
        raise _fail(pid, "solver must be red or black")
    rating, title = obj.get("rating"), obj.get("title")
    if not isinstance(rating, int) or isinstance(rating, bool) or not 400 <= rating <= 3500:
        raise _fail(pid, "rating must be a whole number 400..3500")
    if title is not None and not isinstance(title, str):
        raise _fail(pid, "title must be a text or null")
    return Puzzle(pid, _text(obj, "fen"), _moves(obj, "moves_before"), Color(solver), goal,
                  tuple(themes), solution, rating, rules, _text(obj, "source"), title,
                  tuple(accepted))


def puzzle_to_json(p: Puzzle) -> dict[str, Any]:
    """The JSON object of a puzzle (the shipped file's line), the inverse of
    :func:`puzzle_from_json`."""
    return {"puzzle_id": p.puzzle_id, "fen": p.fen, "moves_before": list(p.moves_before),
            "solver": p.solver.value, "goal": p.goal, "themes": list(p.themes),
            "solution": list(p.solution), "accepted": [list(a) for a in p.accepted],
            "rating": p.rating, "rules": p.rules, "source": p.source, "title": p.title}


def line_digest(p: Puzzle) -> str:
    """A digest of what a puzzle asks (its position, the moves shown, its rule set and
    solution), to tie an offline verification record to the line it verified: a rebuilt
    line gets another digest.

    >>> p = puzzle_from_json({
    ...     "puzzle_id": "demo-1", "fen": "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1",
    ...     "moves_before": [], "solver": "red", "goal": "win", "themes": ["mate"],
    ...     "solution": ["a0a8", "e9f9", "b1b9"], "accepted": [["a0a8"], ["b1b9"]],
    ...     "rating": 900, "rules": "asian", "source": "example", "title": None})
    >>> len(line_digest(p)), line_digest(p) == line_digest(p)
    (16, True)
    """
    text = json.dumps([p.fen, list(p.moves_before), p.rules, list(p.solution)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
