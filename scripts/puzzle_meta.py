"""Themes and difficulty of a built line (``build_puzzles.py``).

Themes, decided from the line and the board, never by hand:

- ``mate``: the line ends in checkmate (or stalemate, which also loses);
- ``material``: goal ``win`` and the solver is ``MIN_GAIN_CP`` or more up at the end
  (engine piece values: pawn 100, advisor/elephant 120, horse 400, cannon 450, rook 900);
- ``defend``: the first solver move answers a check, or every other move is mated;
- ``hold_draw``: goal ``draw`` (the only move that keeps the game);
- ``perpetual_save``: goal ``draw`` and the line ends in a repetition the referee draws
  under the puzzle's rules;
- ``endgame``: a composed study, or at most four rooks, horses and cannons on the board.

Difficulty (the puzzle's initial rating on the Glicko-2 scale), from what makes a line
hard to see: ``1000 + 200`` per distinct solver move after the first (a loop's repeated
moves count once), ``+ 50`` per depth the
engine needed before it settled on the first move (beyond 1), ``+ 150`` when the first
move is quiet (neither captures nor checks), ``+ 100`` when it gives material away (the
reply captures on its square), ``+ 100`` for a draw to hold; clamped to 800..2600.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzle_lines import MIN_GAIN_CP, Line, material

from cotuong import Board, Move
from cotuong.core.outcome import Termination
from cotuong.game import Game
from cotuong.puzzles import Puzzle

ATTACKERS = (4, 5, 6)  # horse, rook, cannon


@dataclass(frozen=True)
class Candidate:
    """A position to build a puzzle from: ``before`` the opponent's move(s) shown,
    ``follow`` a recorded line to keep to (a study's), ``study`` whether it is one."""

    stem: str
    fen: str
    before: list[str]
    goal: str
    follow: list[str] | None
    source: str
    title: str | None
    study: bool = False


def themes(c: Candidate, line: Line, rules: str) -> tuple[str, ...]:
    board = Board(c.fen)
    for m in c.before:
        board.push(Move.from_iccs(m))
    side = board.side
    in_check = board.is_check()
    start = material(board, side)
    game = Game(c.fen, rules)  # the shown move in the history too, as ``judge`` has it
    for m in [*c.before, *line.solution]:
        game.play(m, "iccs")
    end = game.board
    out = []
    if not end.has_legal_move():
        out.append("mate")
    if c.goal == "win" and material(end, side) - start >= MIN_GAIN_CP:
        out.append("material")
    if in_check or (line.second_mated and line.second_mated[0]):
        out.append("defend")
    if c.goal == "draw":
        out.append("hold_draw")
        outcome = game.outcome
        if outcome is not None and outcome.termination is Termination.REPETITION_DRAW:
            out.append("perpetual_save")
    attackers = sum(1 for code in end.squares if code and abs(code) in ATTACKERS)
    if c.study or attackers <= 4:
        out.append("endgame")
    return tuple(out)


def rating(c: Candidate, line: Line) -> int:
    board = Board(c.fen)
    for m in c.before:
        board.push(Move.from_iccs(m))
    first = Move.from_iccs(line.solution[0])
    quiet = not board.is_capture(first) and not board.gives_check(first)
    given = len(line.solution) > 1 and Move.from_iccs(line.solution[1]).to_square == first.to_square
    distinct = len(set(line.solution[::2]))  # a loop's repeated moves are no new find
    r = (1000 + 200 * (distinct - 1) + 50 * (max(line.find_depths) - 1)
         + 150 * quiet + 100 * given + 100 * (c.goal == "draw"))
    return max(800, min(2600, r))


def make_puzzle(c: Candidate, line: Line, rules: str) -> Puzzle:
    board = Board(c.fen)
    for m in c.before:
        board.push(Move.from_iccs(m))
    return Puzzle(c.stem, c.fen, tuple(c.before), board.turn, c.goal, themes(c, line, rules),
                  tuple(line.solution), rating(c, line), rules, c.source, c.title,
                  tuple(tuple(a) for a in line.accepted))
