""""Bên nào phải đổi nước?" — the repetition trainer's drills.

Each drill is a loop played out to the third occurrence of a position; the player
answers which side must change its move (``"red"`` or ``"black"``), or that neither
has to and the loop is a draw (``"draw"``). The answer is the referee's: the arbiter's
order under the ``asian`` rule set (the Vietnamese tournament law's Điều 23–24), see
:func:`rule_loop`. The explanations are the order's words from the message catalog
with the clause of the law it applies, in Vietnamese and English.

>>> drills = load_repetition_drills()
>>> d = next(d for d in drills if d.drill_id == "seed-hinh-1")
>>> d.answer, d.clause
('red', '000 Điều 23.1')
>>> rule_loop(d.fen, d.moves).answer == d.answer
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cotuong.core.errors import CotuongError
from cotuong.game import Game
from cotuong.puzzles.collection import read_data_lines
from cotuong.puzzles.model import PuzzleDataError, PuzzleMoveError, UnknownPuzzleError

DRILLS_FILE = "repetition_drills.jsonl"
DRILL_RULES = "asian"
ANSWERS = ("red", "black", "draw")


@dataclass(frozen=True)
class RepetitionDrill:
    """One loop to rule on. ``moves`` (ICCS) are played from ``fen``; ``answer`` is
    ``"red"``/``"black"`` (that side must change its move or lose) or ``"draw"``;
    ``reason`` the order's code (``PERPETUAL_CHECK``, ``PERPETUAL_CHASE``,
    ``NO_VIOLATOR``, ``BOTH_VIOLATE``), ``clause`` the law's clause id
    (``"000 Điều 23.1"``); the explanations say it in words with the clause."""

    drill_id: str
    fen: str
    moves: tuple[str, ...]
    answer: str
    explanation_vi: str
    explanation_en: str
    source: str
    reason: str
    clause: str


@dataclass(frozen=True, slots=True)
class LoopRuling:
    """The referee's ruling on a loop (what :func:`rule_loop` returns)."""

    answer: str
    reason: str
    clause: str
    explanation_vi: str
    explanation_en: str


def rule_loop(fen: str, moves: Sequence[str]) -> LoopRuling:
    """Play ``moves`` from ``fen`` under the ``asian`` rules and read the arbiter's order
    given at the last move. :class:`~cotuong.puzzles.PuzzleMoveError` (code
    ``DRILL_NO_ORDER``) when the loop gives no order at its last move (it is no
    repetition, or it ended otherwise), ``PUZZLE_ILLEGAL_MOVE`` for a bad move."""
    game = Game(fen, DRILL_RULES)
    for i, move in enumerate(moves):
        if game.outcome is not None or game.pending_order is not None:
            raise PuzzleMoveError("DRILL_NO_ORDER", ply=i)
        try:
            game.play(move, "iccs")
        except CotuongError as exc:
            raise PuzzleMoveError("PUZZLE_ILLEGAL_MOVE", index=i + 1, move=move,
                                  why=str(exc)) from exc
    order = game.pending_order
    if order is None or game.outcome is not None:
        raise PuzzleMoveError("DRILL_NO_ORDER", ply=len(moves))
    answer = "draw" if order.side is None else order.side.value
    # The order's words (catalog texts) already end with the clause of the law.
    vi, en = game.order_text("vi"), game.order_text("en")
    assert vi is not None and en is not None  # a pending order has its words
    return LoopRuling(answer, order.reason, order.clause, vi, en)


def drill_from_json(obj: object) -> RepetitionDrill:
    """A drill from one JSON object of the shipped file."""
    if not isinstance(obj, dict):
        raise PuzzleDataError("PUZZLE_BAD_DATA", puzzle="?", problem="a drill is an object")
    try:
        drill = RepetitionDrill(
            str(obj["drill_id"]), str(obj["fen"]), tuple(str(m) for m in obj["moves"]),
            str(obj["answer"]), str(obj["explanation_vi"]), str(obj["explanation_en"]),
            str(obj["source"]), str(obj["reason"]), str(obj["clause"]))
    except (KeyError, TypeError):
        raise PuzzleDataError("PUZZLE_BAD_DATA", puzzle=str(obj.get("drill_id")),
                              problem="a drill field is missing") from None
    if drill.answer not in ANSWERS:
        raise PuzzleDataError("PUZZLE_BAD_DATA", puzzle=drill.drill_id,
                              problem="answer must be red, black or draw")
    return drill


@cache
def load_repetition_drills() -> tuple[RepetitionDrill, ...]:
    """The drills shipped with the package, in file order (read once per process)."""
    return tuple(drill_from_json(json.loads(line))
                 for line in read_data_lines(DRILLS_FILE) if line.strip())


def drill_by_id(drill_id: str) -> RepetitionDrill:
    """One drill; :class:`UnknownPuzzleError` (code ``DRILL_UNKNOWN``) if there is none."""
    for d in load_repetition_drills():
        if d.drill_id == drill_id:
            return d
    raise UnknownPuzzleError("DRILL_UNKNOWN", drill=str(drill_id))
