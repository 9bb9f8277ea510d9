"""Judging the moves of an analysed game: pure arithmetic on the engine's evaluations.

Each position's evaluation (Red's point of view) becomes Red's **expected score** — from
0 (lost) to 1 (won) — by a logistic curve of the centipawns, ``1 / (1 + exp(-cp / 360))``
(Black's is one minus it). A mate for a side is 1 for it, 0 for the other; so is a position
where the side to move has no legal move. A move's *loss* is the mover's expected score
before it minus after it; the move is an

* **inaccuracy** from a loss of 0.05 (about a pawn given away in an equal position),
* **mistake** from 0.10 (two pawns, or a minor piece's worth of advantage),
* **blunder** from 0.15 (a horse or cannon, or walking into a forced mate).

The curve flattens far from equality, so a move that keeps a won game won is not marked
for dropping a few hundred centipawns, and one that throws away an even game is. A move the
engine itself chose in that position is never marked.

>>> expected(0), round(expected(400), 3), expected(None, mate=2), expected(None, mate=-1)
(0.5, 0.752, 1.0, 0.0)
>>> judgement(0.5, 0.43), judgement(0.5, 0.36), judgement(0.5, 0.2)
('inaccuracy', 'mistake', 'blunder')
>>> judgement(0.985, 0.955) is None    # +1500 to +1100: still winning
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cotuong.core import Board, Move
from cotuong.notation import make_move_text
from cotuong.server.workers import PositionEval

__all__ = ["BLUNDER", "INACCURACY", "MISTAKE", "SCALE_CP", "expected", "judge", "judgement"]

SCALE_CP = 360.0
INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15
JUDGEMENTS = ("inaccuracy", "mistake", "blunder")
NOTATIONS = ("vi", "wxf", "zh")


def expected(score_cp: int | None, mate: int | None = None) -> float:
    """Red's expected score (0-1) for a Red-point-of-view evaluation."""
    if mate is not None:
        return 1.0 if mate > 0 else 0.0
    if score_cp is None:
        raise ValueError("an evaluation needs a score or a mate")
    return 1.0 / (1.0 + math.exp(-score_cp / SCALE_CP))


def judgement(before: float, after: float) -> str | None:
    """The mark of a move by the mover's expected score before and after it."""
    loss = before - after
    if loss >= BLUNDER - 1e-9:
        return "blunder"
    if loss >= MISTAKE - 1e-9:
        return "mistake"
    if loss >= INACCURACY - 1e-9:
        return "inaccuracy"
    return None


def _red_expected(e: PositionEval) -> float | None:
    if e.winner is not None:
        return 1.0 if e.winner == "red" else 0.0
    if e.score_cp is None and e.mate is None:
        return None  # an engine that gave no score
    return expected(e.score_cp, e.mate)


def judge(evals: Sequence[PositionEval], moves: Sequence[str],
          red_moves_first: bool = True) -> list[str | None]:
    """The mark of every move (index ``k - 1`` for move ``k``), from the evaluations of
    the positions after 0 … n moves."""
    marks: list[str | None] = []
    for k in range(1, len(moves) + 1):
        before, after = evals[k - 1], evals[k]
        red = (k % 2 == 1) == red_moves_first  # Red made move k
        a, b = _red_expected(before), _red_expected(after)
        if a is None or b is None or before.best == moves[k - 1]:
            marks.append(None)
            continue
        marks.append(judgement(a, b) if red else judgement(1 - a, 1 - b))
    return marks


def plies_view(start_fen: str, moves: Sequence[str],
               evals: Sequence[PositionEval]) -> list[dict[str, Any]]:
    """Per position ``{"ply", "move", "score_cp" or "mate", "expected", "best",
    "best_texts", "judgement"}`` (plus ``winner`` where the side to move has no legal
    move); ``expected`` is Red's expected score (0-1), for the graph."""
    board = Board(start_fen)
    red_first = board.turn.sign > 0
    marks = judge(evals, moves, red_first)
    out: list[dict[str, Any]] = []
    for e in evals:
        if e.ply > 0:
            board.push(Move.from_iccs(moves[e.ply - 1]))
        row: dict[str, Any] = {"ply": e.ply, "move": moves[e.ply - 1] if e.ply else None}
        if e.mate is not None:
            row["mate"] = e.mate
        else:
            row["score_cp"] = e.score_cp
        if e.winner is not None:
            row["winner"] = e.winner
        red_expected = _red_expected(e)
        # Red's expected score, for the evaluation graph (one curve for cp and mates).
        row["expected"] = None if red_expected is None else round(red_expected, 3)
        row["best"] = e.best
        row["best_texts"] = ({n: make_move_text(board, Move.from_iccs(e.best), n)
                              for n in NOTATIONS} if e.best else None)
        row["judgement"] = marks[e.ply - 1] if e.ply else None
        out.append(row)
    return out


def summary(plies: Sequence[dict[str, Any]], red_moves_first: bool = True
            ) -> dict[str, dict[str, int]]:
    """How many inaccuracies, mistakes and blunders each side made."""
    out = {c: dict.fromkeys(JUDGEMENTS, 0) for c in ("red", "black")}
    for row in plies:
        mark = row.get("judgement")
        if mark:
            red = (row["ply"] % 2 == 1) == red_moves_first
            out["red" if red else "black"][mark] += 1
    return out
