"""The engine side of ``build_puzzles.py``: a puzzle's line, only-move by only-move.

Kept out of the ``cotuong`` package on purpose: it needs the built-in engine (NumPy,
Numba), while ``cotuong.puzzles`` is standard-library only at run time.

At each solver move the engine searches with ``MultiPV 2`` to a fixed depth (no time
limits: the same depth gives the same answer on any machine). The move is an **only
move** when

- goal ``win``: the best line wins (a mate, or at least ``WIN_CP``) and the second best
  does not (no mate, at most ``NOT_WIN_CP``) — so the best is ``WIN_CP - NOT_WIN_CP``
  (250 cp, more than two pawns) better and every alternative leaves the win behind;
- goal ``draw``: the best line holds (at least ``-HOLD_CP``) and the second best loses
  (a mate against, or at most ``-WIN_CP``).

A study (``follow``: its recorded line, whose result fixes the goal) is held to the same
rule, and its recorded move must be the engine's best. (A margin of 200 cp between best
and second best let through second moves that also win: Fairy-Stockfish found them.)

Every solver move of a kept line is then **confirmed** by a deeper search
(:func:`confirm`, MultiPV 2 at ``confirm_depth``): the line is cut before the first solver
move that is no longer an only move there (or whose best move changed), and cut back
again to a move that shows the point.

The one exception is the last move of a mate: every move that mates at once is accepted
(found exactly by the rules core, not by the engine). The opponent's reply is the second
move of the best line (the engine's best defence). The line grows while every solver
move is an only move, up to ``MAX_SOLVER_MOVES``; it then has to *show* its point: a
checkmate on the board, material won (``MIN_GAIN_CP`` net, by the engine's piece values),
or, for a draw, the hold. A line that cannot be made so is rejected with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cotuong import Board, Move
from cotuong.core.outcome import Termination
from cotuong.engine import BuiltinEngine
from cotuong.engine.interface import Info, Limits
from cotuong.game import Game

WIN_CP, NOT_WIN_CP, HOLD_CP, MIN_GAIN_CP = 400, 150, 150, 300
# The evaluation the shipped collection was built with (the engine's option EvalFile): the
# hand-written one, so a rebuild gives the shipped data again. The engine's default is the
# learnt network since 2026-12-03; building with it (``build_puzzles.py --eval-file
# nnue.npz``) is a new collection, to be checked as a whole (docs/puzzles.md).
EVAL_FILE = "hce"
MAX_SOLVER_MOVES = 6
# The engine's piece values (cotuong.engine.tables.VALUE, in centipawns) by kind code
# 1 king .. 7 pawn: advisor, elephant 120, horse 400, rook 900, cannon 450, pawn 100.
PIECE_CP = {1: 0, 2: 120, 3: 120, 4: 400, 5: 900, 6: 450, 7: 100}


@dataclass(frozen=True, slots=True)
class Score:
    """A line's score for the side to move: ``mate`` > 0 mates, < 0 is mated."""

    cp: int
    mate: int | None

    def wins(self) -> bool:
        return (self.mate is not None and self.mate > 0) or (self.mate is None
                                                              and self.cp >= WIN_CP)

    def at_most(self, cp: int) -> bool:
        """Not a mate for the side to move and no better than ``cp``."""
        if self.mate is not None:
            return self.mate < 0
        return self.cp <= cp

    def at_least(self, cp: int) -> bool:
        if self.mate is not None:
            return self.mate > 0
        return self.cp >= cp


def score(info: Info) -> Score:
    return Score(info.score_cp or 0, info.mate)


@dataclass
class Line:
    """A line being built: the solution so far, the moves accepted at each solver move,
    and what the search said (for the themes and the difficulty)."""

    solution: list[str] = field(default_factory=list)
    accepted: list[list[str]] = field(default_factory=list)
    scores: list[Score] = field(default_factory=list)
    find_depths: list[int] = field(default_factory=list)
    second_mated: list[bool] = field(default_factory=list)
    stop: str = ""


class Searcher:
    """The engine at fixed limits, counting its searches and nodes."""

    def __init__(self, depth: int, rules: str, hash_mb: int = 32,
                 eval_file: str = EVAL_FILE) -> None:
        self.engine = BuiltinEngine(level=8)
        self.engine.set_option("EvalFile", eval_file)
        self.engine.set_option("Hash", str(hash_mb))
        self.engine.set_option("Rules", rules)
        self.depth = depth
        self.searches = 0
        self.nodes = 0

    def lines(self, fen: str, moves: list[str], multipv: int,
              depth: int | None = None) -> tuple[tuple[Info, ...], int]:
        """The best ``multipv`` lines, and the first depth from which the best move
        stayed the best (how deep one must look to find it)."""
        self.engine.new_game()  # no state carried between positions: reproducible
        self.engine.set_option("MultiPV", str(multipv))
        best_by_depth: list[tuple[int, str]] = []

        def on_info(info: Info) -> None:
            if info.pv and info.multipv in (None, 1):
                best_by_depth.append((info.depth, info.pv[0]))

        result = self.engine.search(fen, moves, Limits(depth=depth or self.depth),
                                    on_info=on_info)
        self.searches += 1
        lines = result.lines or ((result.info,) if result.info else ())
        if lines:
            self.nodes += lines[0].nodes
        found = depth or self.depth
        for d, mv in reversed(best_by_depth):
            if mv != result.bestmove:
                break
            found = d
        return lines, found


def mating_moves(board: Board) -> list[str]:
    """Every legal move that checkmates (or stalemates: both lose) at once."""
    out = []
    for move in board.legal_moves:
        board.push(move)
        if not board.has_legal_move():
            out.append(move.iccs)
        board.pop()
    return out


def material(board: Board, color_sign: int) -> int:
    """``color_sign``'s material minus the other side's, in centipawns."""
    total = 0
    for code in board.squares:
        if code:
            total += PIECE_CP[abs(code)] * (1 if (code > 0) == (color_sign > 0) else -1)
    return total


def only_move(goal: str, lines: tuple[Info, ...]) -> bool:
    """The best line keeps ``goal`` and the second best does not (see the module)."""
    if not lines or not lines[0].pv:
        return False
    best = score(lines[0])
    second = score(lines[1]) if len(lines) > 1 else None
    if goal == "win":
        return best.wins() and (second is None or second.at_most(NOT_WIN_CP))
    return best.at_least(-HOLD_CP) and (second is None or second.at_most(-WIN_CP))


def build_line(searcher: Searcher, fen: str, before: list[str], goal: str,
               follow: list[str] | None = None, max_moves: int = MAX_SOLVER_MOVES) -> Line:
    """Grow a line from ``fen`` + ``before`` (the solver to move). ``follow``: a
    recorded line (a study's) the solution must keep to — its solver moves must be the
    engine's only moves and its replies are kept."""
    line = Line()
    board = Board(fen)
    for m in before:
        board.push(Move.from_iccs(m))
    while len(line.accepted) < max_moves:
        k = len(line.solution)
        mates = mating_moves(board)
        if mates:
            main = follow[k] if follow is not None and k < len(follow) else mates[0]
            if main in mates:
                line.solution.append(main)
                line.accepted.append([main] + [m for m in mates if m != main])
                line.scores.append(Score(0, 1))
                line.find_depths.append(1)
                line.second_mated.append(False)
                line.stop = "mate"
                return line
        lines, found = searcher.lines(fen, before + line.solution, 2)
        if not only_move(goal, lines):
            line.stop = "not_only_move"
            return line
        best = lines[0].pv[0]
        if follow is not None and (k >= len(follow) or follow[k] != best):
            line.stop = "study_diverges" if k < len(follow) else "study_ends"
            return line
        line.solution.append(best)
        line.accepted.append([best])
        line.scores.append(score(lines[0]))
        line.find_depths.append(found)
        line.second_mated.append(len(lines) > 1 and (lines[1].mate or 0) < 0)
        board.push(Move.from_iccs(best))
        if not board.has_legal_move():
            line.stop = "mate"
            return line
        if follow is not None:
            reply = follow[k + 1] if k + 1 < len(follow) else None
        else:
            reply = lines[0].pv[1] if len(lines[0].pv) > 1 else None
        if reply is None:
            line.stop = "no_reply"
            return line
        line.solution.append(reply)
        board.push(Move.from_iccs(reply))
        if not board.has_legal_move():  # cannot follow a study into a lost position
            line.stop = "solver_mated"
            return line
    line.stop = "max_length"
    return line


def trim(line: Line, fen: str, before: list[str], goal: str) -> tuple[Line, str]:
    """Cut ``line`` to its last solver move that shows the point; ``("", reason)`` for the
    reason when none does. Returns the kept line and ``""``, or an empty line and why."""
    board = Board(fen)
    for m in before:
        board.push(Move.from_iccs(m))
    side = board.side
    start = material(board, side)
    best_end = -1
    for k, move in enumerate(line.solution):
        board.push(Move.from_iccs(move))
        if k % 2:
            continue
        if goal == "win":
            mated = not board.has_legal_move()
            gained = material(board, side) - start >= MIN_GAIN_CP
            if mated or gained:
                best_end = k
                if mated:
                    break
        else:
            best_end = k
    if best_end < 0:
        return Line(stop=line.stop), "no_gain_in_line" if goal == "win" else "no_hold"
    n = best_end // 2 + 1
    return Line(line.solution[:best_end + 1], line.accepted[:n], line.scores[:n],
                line.find_depths[:n], line.second_mated[:n], line.stop), ""


def replay_problem(fen: str, before: list[str], solution: list[str], rules: str,
                   goal: str, solver_sign: int) -> str:
    """Why the line does not replay cleanly through ``Game`` under ``rules`` (an
    illegal move, a refereed end before the last move, a loss for the solver), or ``""``."""
    game = Game(fen, rules)
    try:
        for m in before + solution:
            if game.outcome is not None:
                return "refereed_out"
            game.play(m, "iccs")
    except ValueError:
        return "illegal_in_game"
    outcome = game.outcome
    if outcome is not None:
        if outcome.winner is None:
            return "" if goal == "draw" else "refereed_draw"
        if outcome.winner.sign != solver_sign:
            return "refereed_loss"
        if goal == "win" and outcome.termination not in (Termination.CHECKMATE,
                                                         Termination.STALEMATE):
            return ""
    return ""


def confirm(searcher: Searcher, line: Line, fen: str, before: list[str], goal: str,
            depth: int, study: bool = False) -> tuple[Line, str]:
    """``line`` cut before its first solver move that a search at ``depth`` (MultiPV 2)
    no longer finds an only move, or finds another best move, then cut back by
    :func:`trim` (not a study's: its key moves stand on their own); ``(line, "")`` or an
    empty line and why. The last move of a mate is
    exact (every mating move accepted) and needs no search."""
    keep = len(line.accepted)
    for n, accepted in enumerate(line.accepted):
        if n == len(line.accepted) - 1 and line.scores[n].mate == 1:
            break  # mates at once: found by the rules core, not the engine
        lines, _ = searcher.lines(fen, before + line.solution[:2 * n], 2, depth)
        if not only_move(goal, lines) or lines[0].pv[0] != accepted[0]:
            keep = n
            break
    if keep == 0:
        return Line(stop=line.stop), "not_only_move_deeper"
    if keep == len(line.accepted):
        return line, ""
    cut = Line(line.solution[:2 * keep - 1], line.accepted[:keep], line.scores[:keep],
               line.find_depths[:keep], line.second_mated[:keep], "not_only_move_deeper")
    if study:
        return cut, ""
    kept, why = trim(cut, fen, before, goal)
    return (kept, "") if not why else (kept, f"{why}_after_deeper_cut")
