"""Judging an attempt: the solver's moves and the replies so far, against the stored line.

Pure and engine-free: the moves are replayed through :class:`~cotuong.Game` under the
puzzle's rule set (so an illegal move, or a move the arbiter refuses, is named), and each
solver move is compared with the moves the collection accepts at that point. A move
that is not stored but mates at once (or wins on the spot by the referee's ruling) is
accepted too: it wins, so it is never marked wrong.

>>> from cotuong.puzzles.model import puzzle_from_json
>>> p = puzzle_from_json({  # the two-rook ladder: a0a8, e9f9 (forced), b1b9 mate
...     "puzzle_id": "demo", "fen": "4k4/9/9/9/9/9/9/9/1R7/R2K5 w - - 0 1",
...     "moves_before": [], "solver": "red", "goal": "win", "themes": ["mate"],
...     "solution": ["a0a8", "e9f9", "b1b9"], "accepted": [["a0a8"], ["b1b9"]],
...     "rating": 900, "rules": "xiangqiplay", "source": "example", "title": None})
>>> judge(p, ["a0a8"])
Verdict(correct=True, complete=False, reply='e9f9', expected=None, ply=0, alternative=False)
>>> judge(p, ["a0a8", "e9f9", "b1b9"]).complete
True
>>> judge(p, ["a0a1"]).expected
'a0a8'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cotuong.core.errors import CotuongError
from cotuong.game import Game
from cotuong.puzzles.model import Puzzle, PuzzleMoveError


@dataclass(frozen=True)
class Verdict:
    """What :func:`judge` says of an attempt.

    ``correct``: every solver move so far is accepted. ``complete``: the puzzle is solved
    (the last solver move of the line, or an accepted alternative, which ends it).
    ``reply``: the opponent's answer to play next (correct and not complete).
    ``expected``: the main line's move where the solver went wrong (when not correct).
    ``ply``: the index, in the moves judged, of the solver move this verdict is about.
    ``alternative``: solved by an accepted move other than the main line's.
    """

    correct: bool
    complete: bool
    reply: str | None
    expected: str | None
    ply: int
    alternative: bool = False


def start_game(puzzle: Puzzle) -> Game:
    """A :class:`~cotuong.Game` at the puzzle's position: its FEN with ``moves_before``
    played, under its rule set (the position the solver sees)."""
    game = Game(puzzle.fen, puzzle.rules)
    for move in puzzle.moves_before:
        game.play(move, "iccs")
    return game


def _play(game: Game, move: object, index: int) -> None:
    if not isinstance(move, str):
        raise PuzzleMoveError("PUZZLE_NOT_A_MOVE", index=index + 1, move=repr(move))
    if game.outcome is not None:
        raise PuzzleMoveError("PUZZLE_AFTER_END", index=index + 1, move=move)
    try:
        game.play(move, "iccs")
    except CotuongError as exc:
        raise PuzzleMoveError("PUZZLE_ILLEGAL_MOVE", index=index + 1, move=move,
                              why=str(exc)) from exc


def judge(puzzle: Puzzle, moves: Sequence[str]) -> Verdict:
    """Judge ``moves`` (ICCS: solver, reply, solver, … from after ``moves_before``,
    ending with a solver move).

    The replies must be the ones this function gave (``Verdict.reply``); a wrong solver
    move ends the judgement there (the moves after it are not looked at). Raises
    :class:`~cotuong.puzzles.PuzzleMoveError` (a ``ValueError``; ``code``
    ``PUZZLE_NO_MOVES``, ``PUZZLE_ENDS_WITH_REPLY``, ``PUZZLE_WRONG_REPLY``,
    ``PUZZLE_ILLEGAL_MOVE``, ``PUZZLE_AFTER_END``, ``PUZZLE_NOT_A_MOVE``) when the
    attempt cannot be judged.
    """
    if isinstance(moves, str):
        raise PuzzleMoveError("PUZZLE_NOT_A_MOVE", index=1, move=repr(moves))
    moves = list(moves)
    if not moves:
        raise PuzzleMoveError("PUZZLE_NO_MOVES")
    if len(moves) % 2 == 0:
        raise PuzzleMoveError("PUZZLE_ENDS_WITH_REPLY", count=len(moves))
    last = len(puzzle.solution) - 1
    if len(moves) > last + 1:
        raise PuzzleMoveError("PUZZLE_AFTER_END", index=last + 2, move=str(moves[last + 1]))
    game = start_game(puzzle)
    for i, move in enumerate(moves):
        _play(game, move, i)
        if i % 2 == 1:
            if move != puzzle.solution[i]:
                raise PuzzleMoveError("PUZZLE_WRONG_REPLY", index=i + 1, move=move,
                                      expected=puzzle.solution[i])
            continue
        main = puzzle.solution[i]
        outcome = game.outcome
        wins_now = outcome is not None and outcome.winner is puzzle.solver
        if move == main:
            if i == last:
                return Verdict(True, True, None, None, i)
            if i == len(moves) - 1:
                return Verdict(True, False, puzzle.solution[i + 1], None, i)
            continue
        if move in puzzle.accepted[i // 2] or wins_now:
            if i != len(moves) - 1:
                raise PuzzleMoveError("PUZZLE_AFTER_END", index=i + 2, move=str(moves[i + 1]))
            return Verdict(True, True, None, None, i, alternative=True)
        return Verdict(False, False, None, main, i)
    raise AssertionError("unreachable: the moves end with a solver move")
