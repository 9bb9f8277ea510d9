"""Cờ thế: the puzzle collection, judging an attempt, and the repetition trainer.

The collection is package data built by ``scripts/build_puzzles.py`` (sources, engine
limits and the rejections in ``docs/puzzles.md``). At run time nothing here needs an
engine: an attempt is replayed through :class:`~cotuong.Game` under the puzzle's rule set
and compared with the stored line (:func:`judge`).

>>> from cotuong.puzzles import load_collection, judge
>>> c = load_collection()
>>> p = c.with_theme("mate")[0]
>>> v = judge(p, [p.solution[0]])
>>> v.correct, v.reply == (p.solution[1] if len(p.solution) > 1 else None)
(True, True)
>>> judge(p, p.solution).complete
True
>>> c.by_id("no-such-puzzle")
Traceback (most recent call last):
...
cotuong.puzzles.model.UnknownPuzzleError: no puzzle no-such-puzzle
"""

from cotuong.puzzles.collection import PuzzleCollection, load_collection, parse_collection
from cotuong.puzzles.drills import (
    LoopRuling,
    RepetitionDrill,
    drill_by_id,
    load_repetition_drills,
    rule_loop,
)
from cotuong.puzzles.judge import Verdict, judge, start_game
from cotuong.puzzles.model import (
    THEMES,
    Puzzle,
    PuzzleDataError,
    PuzzleError,
    PuzzleMoveError,
    Theme,
    UnknownPuzzleError,
    line_digest,
    puzzle_from_json,
    puzzle_to_json,
)
from cotuong.puzzles.sources import source_message

__all__ = [
    "THEMES",
    "LoopRuling",
    "Puzzle",
    "PuzzleCollection",
    "PuzzleDataError",
    "PuzzleError",
    "PuzzleMoveError",
    "RepetitionDrill",
    "Theme",
    "UnknownPuzzleError",
    "Verdict",
    "drill_by_id",
    "judge",
    "line_digest",
    "load_collection",
    "load_repetition_drills",
    "parse_collection",
    "puzzle_from_json",
    "puzzle_to_json",
    "rule_loop",
    "source_message",
    "start_game",
]

