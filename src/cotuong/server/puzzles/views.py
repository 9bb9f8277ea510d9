"""What the puzzle routes show, as pure functions: a puzzle's position for its solver,
the choice of the next puzzle near a rating, the daily puzzle, a rating's view.

A puzzle's own rating starts at its difficulty from the collection with deviation
:data:`START_RD` (the collection's difficulty is an estimate; the players' attempts
settle it), volatility 0.06.

>>> daily_index("2026-12-02", 10) == daily_index("2026-12-02", 10)
True
>>> nearest(["a", "b", "c"], {"a": 1200.0, "b": 1490.0, "c": 2100.0}, 1500.0, 2)
['b', 'a']
>>> rating_view(Rating(1612.4, 80.2))
{'rating': 1612, 'rd': 80, 'provisional': False}
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cotuong.core import Board, Move
from cotuong.game import Game
from cotuong.notation import make_move_text
from cotuong.puzzles import Puzzle, source_message
from cotuong.server.ratings import PROVISIONAL_RD, Rating

__all__ = ["START_RD", "daily_index", "move_texts", "nearest", "position_after",
           "rating_view", "start_rating", "view"]

START_RD = 200.0


def start_rating(p: Puzzle) -> Rating:
    """The puzzle's rating before anyone attempted it."""
    return Rating(float(p.rating), START_RD)


def rating_view(r: Rating) -> dict[str, Any]:
    return {"rating": round(r.rating), "rd": round(r.rd), "provisional": r.rd > PROVISIONAL_RD}


def position_after(p: Puzzle, moves: Sequence[str]) -> tuple[str, list[str]]:
    """The FEN after ``moves_before`` and ``moves`` (moves already judged legal), and the
    legal moves there (ICCS): what the board shows and lets the solver play."""
    game = Game(p.fen, p.rules)
    for m in (*p.moves_before, *moves):
        game.play(Move.from_iccs(m))
    legal = [] if game.outcome is not None else [m.iccs for m in game.board.legal_moves]
    return game.fen(), legal


def move_texts(fen: str, before: Sequence[str], moves: Sequence[str]
               ) -> dict[str, list[str]]:
    """``moves`` (played after ``before`` from ``fen``) in Vietnamese and WXF notation.

    >>> move_texts("3k5/9/9/9/9/9/9/9/4A4/3AK3R w", (), ["i0i9"])
    {'vi': ['X1.9'], 'wxf': ['R1+9']}
    """
    board = Board(fen)
    for m in before:
        board.push(Move.from_iccs(m))
    out: dict[str, list[str]] = {"vi": [], "wxf": []}
    for m in moves:
        move = Move.from_iccs(m)
        for notation, texts in out.items():
            texts.append(make_move_text(board, move, notation))
        board.push(move)
    return out


def view(p: Puzzle, rating: Rating) -> dict[str, Any]:
    """A puzzle as its solver sees it, without the solution: the FEN, the opponent's
    moves shown first, the side to find the moves for, themes, goal and rating now."""
    fen, legal = position_after(p, ())
    source = source_message(p.source)  # the citation in the reader's words
    return {"puzzle_id": p.puzzle_id, "fen": p.fen, "moves_before": list(p.moves_before),
            "position": fen, "legal": legal, "side": p.solver.value, "goal": p.goal,
            "themes": list(p.themes), "theme": p.themes[0] if p.themes else None,
            "rating": round(rating.rating), "title": p.title, "source": p.source,
            "source_texts": {"vi": source.vi, "en": source.en},
            "rules": p.rules, "solver_moves": len(p.solution[::2])}


def nearest(ids: Iterable[str], ratings: Mapping[str, float], target: float,
            k: int) -> list[str]:
    """The ``k`` puzzles whose rating is nearest ``target`` (ties by id, so stable)."""
    return sorted(ids, key=lambda i: (abs(ratings[i] - target), i))[:k]


def daily_index(day: str, count: int) -> int:
    """The daily puzzle's index among ``count`` puzzles (sorted by id) for ``day``
    (``YYYY-MM-DD``, UTC): the same all day, on every server process."""
    digest = hashlib.sha256(f"cotuong-daily:{day}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count
