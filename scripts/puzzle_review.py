"""The build's review step (``build_puzzles.py``): accepted alternatives found by a
second opinion, read from ``puzzle_review.json`` and checked, never typed into the data.

A review names a puzzle, a solver move (1-based), a move to accept there and why
(``reason``: the engines' evidence, kept in the file) — or it rejects the puzzle
(``reject``: why; the reference engine does not confirm its goal). Its ``check`` says how the build
proves the claim on every rebuild; the only one is ``repeat``: the move is legal, the
opponent has exactly one legal reply, the position after that reply is one the stored
line already reached with the solver to move, and the stored line goes on from there
through ``Game`` under the puzzle's rules to its end with no ruling against the goal
(the alternative repeats the line once — a second occurrence the referee allows — and
the solver can still go on with the stored moves). A claim that no longer holds stops
the build (``SystemExit``), and a review whose puzzle is not built is reported.

>>> sorted(load_reviews())[:1]
['ccpd-ac-0638-p205']
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cotuong import Board, Move
from cotuong.core.errors import CotuongError
from cotuong.game import Game

REVIEW_FILE = Path(__file__).resolve().parent / "puzzle_review.json"


def load_reviews(path: Path = REVIEW_FILE) -> dict[str, list[dict[str, Any]]]:
    """The reviews by puzzle id."""
    out: dict[str, list[dict[str, Any]]] = {}
    for r in json.loads(path.read_text(encoding="utf-8"))["reviews"]:
        out.setdefault(r["puzzle_id"], []).append(r)
    return out


def _key(board: Board) -> str:
    return " ".join(board.fen().split(" ")[:2])


def repeat_problem(p: dict[str, Any], k: int, move: str) -> str:
    """Why ``move`` at solver move ``k`` (0-based) of puzzle ``p`` (its JSON) is not a
    repeat that leads back into the line, or ``""``."""
    before, solution = list(p["moves_before"]), list(p["solution"])
    board = Board(p["fen"])
    keys = []
    for m in before:
        board.push(Move.from_iccs(m))
    for m in solution[:2 * k]:
        keys.append(_key(board))
        board.push(Move.from_iccs(m))
    if Move.from_iccs(move) not in board.legal_moves:
        return f"{move} is not legal"
    board.push(Move.from_iccs(move))
    replies = list(board.legal_moves)
    if len(replies) != 1:
        return f"the reply is not forced ({len(replies)} legal replies)"
    board.push(replies[0])
    back = [j for j in range(0, 2 * k, 2) if keys[j] == _key(board)]
    if not back:
        return "the position after the forced reply is not one of the line's"
    j = back[0]
    game = Game(p["fen"], p["rules"])
    try:
        for m in [*before, *solution[:2 * k], move, replies[0].iccs, *solution[j:]]:
            if game.outcome is not None:
                return "the referee ends the repeated line early"
            game.play(m, "iccs")
    except CotuongError as exc:
        return f"the repeated line does not replay ({exc})"
    outcome = game.outcome
    if outcome is not None and outcome.winner is not None and outcome.winner.value != p["solver"]:
        return "the referee rules the repeated line against the solver"
    if outcome is not None and outcome.winner is None and p["goal"] == "win":
        return "the referee draws the repeated line"
    return ""


def apply_reviews(p: dict[str, Any], reviews: dict[str, list[dict[str, Any]]],
                  applied: dict[str, str]) -> dict[str, Any] | None:
    """``p`` with its reviews' moves added to ``accepted`` (each checked; ``SystemExit``
    when a claim fails), or ``None`` when a review rejects it; ``applied`` notes each
    review's outcome by key."""
    for r in reviews.get(p["puzzle_id"], []):
        if r.get("reject"):
            applied[f"{r['puzzle_id']}: rejected"] = r["reject"]
            return None
        key = f"{r['puzzle_id']} solver move {r['solver_move']}: {r['accept']}"
        k = r["solver_move"] - 1
        if k >= len(p["accepted"]):
            applied[key] = "line shorter than the review: not applied"
            continue
        if r.get("check") != "repeat":
            raise SystemExit(f"review {key}: unknown check {r.get('check')!r}")
        problem = repeat_problem(p, k, r["accept"])
        if problem:
            raise SystemExit(f"review {key}: {problem}")
        if r["accept"] not in p["accepted"][k]:
            p["accepted"][k].append(r["accept"])
        applied[key] = "accepted"
    return p
