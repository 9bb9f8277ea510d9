"""Perpetual-check saves for ``build_puzzles.py``: loops the referee draws, found in the
endings of drawn master games and in the repository's repetition cases.

Under the puzzles' rule set (``xiangqiplay``, repetition ``forcing``) a loop in which
exactly one side checks (or chases) at every move is lost by that side at the third
occurrence; any other loop is drawn there. So a *perpetual-check save* is a loop the
referee draws: the saving side checks while the other side also checks or chases, or the
checks alternate with moves that are neither. The candidate is the position just before
the loop, the saving side to move (its first move enters the loop), the opponent's move
before it shown. The solution plays the loop on until the saving side's move makes a
position occur the third time: ``Game`` must then rule ``REPETITION_DRAW`` — not a loss,
not earlier, not after a reply.

Only a line of at most ``MAX_PLIES`` plies (the shown move included) is kept: a loop of
four plies, played to its third occurrence. Its solver moves are then held to the same
rule as every other ``draw`` line (``puzzle_lines.build_line`` with the loop as the line
to follow: at every solver move the loop's move is the engine's best, it holds, and
every other move loses at least ``WIN_CP``), and confirmed deeper. The engine searches
with the history since the puzzle's position, so its repetition rule (the referee's,
``BuiltinEngine`` option ``Rules``) scores the loop moves.

>>> loop_period(["a", "b", "c", "d", "a", "b", "c", "d", "a"])
(4, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from puzzle_lines import HOLD_CP, WIN_CP, Line, Score, Searcher, replay_problem, score
from puzzle_meta import Candidate, make_puzzle
from puzzle_sources import case_source

from cotuong import Board, Move
from cotuong.core.errors import CotuongError
from cotuong.core.outcome import Termination
from cotuong.engine.builtin import MAX_LINES
from cotuong.game import Game
from cotuong.puzzles import Puzzle

MIN_CHOICES = 3  # as for every puzzle: a move among three or fewer is no find
MAX_PLIES = 12  # the shown move and the solution, as for every puzzle
TAIL = 24  # the last plies of a game in which its final loop is looked for


def loop_period(moves: list[str]) -> tuple[int, int] | None:
    """``(period, start)`` of the loop the moves end in: the smallest period ``L``
    (4..12 plies, even) such that at least the last ``L + 1`` moves repeat with that
    period (a position came back), and the first index from which they do; ``None``
    when they end in none. The referee's ruling on the loop is checked afterwards."""
    for period in range(4, 13, 2):
        if len(moves) < 2 * period:
            continue
        start = len(moves) - period
        while start > 0 and moves[start - 1] == moves[start - 1 + period]:
            start -= 1
        if len(moves) - start >= period + 1:
            return period, start
    return None


def _extend(moves: list[str], period: int, start: int, t: int, count: int) -> list[str]:
    """The line from index ``t`` played on for ``count`` moves: the recorded moves up to
    the loop's ``start``, then its body ``moves[start:start + period]`` repeated."""
    body = moves[start:start + period]
    return [moves[j] if j < start else body[(j - start) % period]
            for j in range(t, t + count)]


def draw_line(fen: str, moves: list[str], t: int, loop: list[str],
              rules: str) -> list[str] | None:
    """The solution from ply ``t`` (``moves[:t]`` played from ``fen``, the last one
    shown): ``loop`` followed until the referee rules the game; the moves up to that
    ruling if it is a draw by repetition made by the solver's move, within
    ``MAX_PLIES`` with the shown move, else ``None``."""
    try:
        game = Game(fen, rules)
        for m in moves[:t - 1]:
            game.play(m, "iccs")
        start = Game(game.board.fen(), rules)  # the puzzle's position: no earlier history
        start.play(moves[t - 1], "iccs")
        for i, m in enumerate(loop[:MAX_PLIES - 1]):
            if start.outcome is not None:
                return None
            start.play(m, "iccs")
            outcome = start.outcome
            if outcome is not None:
                good = (outcome.winner is None and i % 2 == 0
                        and outcome.termination is Termination.REPETITION_DRAW)
                return loop[:i + 1] if good else None
    except CotuongError:
        return None
    return None


def candidates_from_line(stem: str, fen: str, moves: list[str], source: Callable[[int], str],
                         rules: str, rejected: Counter[str], tag: str) -> list[Candidate]:
    """The candidates of one recorded line ending in a loop: for each ply ``t`` near the
    loop's start (the solver to move, its move entering or in the loop), the loop played
    on to a drawn third occurrence. Nothing searched yet."""
    found = loop_period(moves)
    if found is None:
        rejected[f"{tag}: no loop at the end"] += 1
        return []
    period, start = found
    out = []
    for t in range(max(1, start - 2), start + 2):
        loop = _extend(moves, period, start, t, 2 * period + 4)
        line = draw_line(fen, moves, t, loop, rules)
        if line is None:
            continue
        board = Board(fen)
        for m in moves[:t - 1]:
            board.push(Move.from_iccs(m))
        out.append(Candidate(f"{stem}-r{t}", board.fen(), [moves[t - 1]], "draw", line,
                             source(t), None, study=True))
    if not out:
        rejected[f"{tag}: the loop is no draw by the solver's move within "
                 f"{MAX_PLIES} plies"] += 1
    return out


def game_candidates(games: list[tuple[str, str, Any]], rules: str,
                    rejected: Counter[str],
                    source_of: Callable[[str, str, Any], Callable[[int], str]]
                    ) -> list[Candidate]:
    """Candidates from master games drawn at the end of a loop (``1/2-1/2`` and a
    position repeated in the last ``TAIL`` plies)."""
    out = []
    for kind, stem, rec in games:
        if rec.result != "1/2-1/2" or not rec.ok:
            continue
        moves = [m.iccs for m in rec.moves]
        board = Board(rec.start_fen)
        keys = []
        for m in moves:
            board.push(Move.from_iccs(m))
            keys.append(board.fen().rsplit(" ", 2)[0])
        if max(Counter(keys[-TAIL:]).values(), default=0) < 2:
            continue
        out += candidates_from_line(stem, rec.start_fen, moves, source_of(kind, stem, rec),
                                    rules, rejected, "perpetual (game)")
    return out


def case_candidates(cases: list[dict[str, Any]], rules: str,
                    rejected: Counter[str]) -> list[Candidate]:
    """Candidates from the repository's repetition cases that the rule book draws."""
    out = []
    for case in cases:
        if case.get("result") != "draw":
            continue
        try:
            fen = Board(case["fen"].replace("[]", "").replace("–", "-")).fen()
        except CotuongError:
            rejected["perpetual (case): setup cannot occur in a game"] += 1
            continue
        out += candidates_from_line(f"case-{case['id']}", fen, list(case["moves"]),
                                    case_source(case),
                                    rules, rejected, "perpetual (case)")
    return out


def holding_moves(searcher: Searcher, fen: str, moves: list[str], depth: int,
                  only_one: bool = False) -> tuple[list[tuple[str, int]], str]:
    """Every move that holds (``-HOLD_CP`` or better, or a mate for the side to move) in
    the position, best first, with its score; ``""`` when every other move loses at
    least ``WIN_CP`` (a mate against, or ``-WIN_CP`` or worse), else why not. The lines
    are widened (MultiPV 2, 4, 8, ...) until the last one loses: the moves outside the
    lines searched are no better than it. ``only_one``: the caller wants a single
    holding move (MultiPV 2 decides it)."""
    board = Board(fen)
    for m in moves:
        board.push(Move.from_iccs(m))
    total = len(board.legal_moves)
    width = 2
    while True:  # MultiPV 2 settles a first move: one move holds, or not
        lines, _ = searcher.lines(fen, moves, min(width, total, MAX_LINES), depth)
        if not lines or not lines[0].pv:
            return [], "no_line"
        scored = [(info.pv[0], score(info)) for info in lines if info.pv]
        if len(scored) >= total or scored[-1][1].at_most(-WIN_CP) or only_one:
            break
        if width >= min(total, MAX_LINES):
            return [], "too_many_lines"  # the engine lists 32 lines at most
        width *= 2
    holds = [(m, sc.cp if sc.mate is None else 0) for m, sc in scored
             if sc.at_least(-HOLD_CP)]
    grey = [m for m, sc in scored if not sc.at_least(-HOLD_CP) and not sc.at_most(-WIN_CP)]
    if not holds:
        return [], "loses"
    return holds, "unclear_alternative" if grey else ""


def solve_perpetual(searcher: Searcher, c: Candidate, rules: str, rejected: Counter[str],
                    confirm_depth: int, tag: str) -> Puzzle | None:
    """The candidate's puzzle, or None and the reason counted.

    At every solver move of the loop, the engine (the depth of ``searcher``, then
    ``confirm_depth``; the history since the puzzle's position given, so its repetition
    rule scores the loop) lists the moves that hold: the loop's move must be one of
    them, every move outside them must lose (``holding_moves``), and at the first solver
    move it must be the only one. The other holding moves of a later solver move are
    stored as accepted alternatives (they keep the draw too). The whole loop is kept
    (a cut loop is no save)."""
    assert c.follow is not None
    board = Board(c.fen)
    for m in c.before:
        board.push(Move.from_iccs(m))
    if len(board.legal_moves) <= MIN_CHOICES:
        rejected[f"{tag}: forced (few legal moves)"] += 1
        return None
    line = Line()
    for k in range(0, len(c.follow), 2):
        move = c.follow[k]
        accepted: list[str] = []
        for depth in (searcher.depth, confirm_depth or searcher.depth):
            holds, why = holding_moves(searcher, c.fen, [*c.before, *c.follow[:k]], depth,
                                       only_one=k == 0)
            names = [m for m, _ in holds]
            if not why and move not in names:
                why = "loop_move_loses"
            if not why and k == 0 and len(names) > 1:
                why = "not_only_move"
            if why:
                rejected[f"{tag}: {why} at solver move {k // 2 + 1} (depth {depth})"] += 1
                return None
            accepted = [move, *(m for m in names if m != move)]
        line.solution += c.follow[k:k + 2]
        line.accepted.append(accepted)
        line.scores.append(Score(0, None))
        line.find_depths.append(1)
        line.second_mated.append(False)
    line.stop = "repetition"
    problem = replay_problem(c.fen, c.before, line.solution, rules, "draw", -board.side)
    if problem:
        rejected[f"{tag}: {problem}"] += 1
        return None
    puzzle = make_puzzle(c, line, rules)
    if "perpetual_save" not in puzzle.themes:
        rejected[f"{tag}: the line does not end in a repetition draw"] += 1
        return None
    return puzzle


def run_perpetual(searcher: Searcher, games: list[tuple[str, str, Any]],
                  cases: list[dict[str, Any]], rules: str, rejected: Counter[str],
                  confirm_depth: int,
                  source_of: Callable[[str, str, Any], Callable[[int], str]]) -> list[Puzzle]:
    """The perpetual-check saves of every drawn master game and every drawn repetition
    case: one puzzle a game or case at most (its first candidate that passes), the same
    position and line only once."""
    out: list[Puzzle] = []
    seen: set[str] = set()
    done: set[str] = set()
    for c in [*game_candidates(games, rules, rejected, source_of),
              *case_candidates(cases, rules, rejected)]:
        origin = c.stem.rsplit("-r", 1)[0]
        if origin in done:
            continue
        board = Board(c.fen)
        for m in c.before:
            board.push(Move.from_iccs(m))
        key = " ".join([*board.fen().split(" ")[:2], *(c.follow or [])])
        if key in seen:
            rejected["perpetual: the same position and loop as a kept one"] += 1
            done.add(origin)
            continue
        tag = "perpetual (game)" if not origin.startswith("case-") else "perpetual (case)"
        puzzle = solve_perpetual(searcher, c, rules, rejected, confirm_depth, tag)
        if puzzle is not None:
            out.append(puzzle)
            seen.add(key)
            done.add(origin)
    return out
