"""The puzzles' routes (``web-protocol.md``, section 11): the next puzzle, the daily one,
a puzzle, attempts, hints, the solution, histories, the leaderboard and the trainer.

>>> puzzles_router.__name__
'puzzles_router'
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from pydantic import BaseModel, Field, StringConstraints

from cotuong.puzzles import THEMES
from cotuong.server.accounts import Player
from cotuong.server.errors import lang_of
from cotuong.server.puzzles.service import Puzzles

__all__ = ["AnswerBody", "MovesBody", "puzzles_router", "puzzles_schema"]

Iccs = Annotated[str, StringConstraints(pattern=r"^[a-i][0-9][a-i][0-9]$")]
PuzzleId = Annotated[str, Path(min_length=1, max_length=64)]
MAX_MOVES = 64  # far beyond any puzzle's line (2-12 plies)


class MovesBody(BaseModel):
    """The line played so far from after ``moves_before``: solver, reply, solver, …"""

    moves: list[Iccs] = Field(default_factory=list, max_length=MAX_MOVES)


class AnswerBody(BaseModel):
    """Who must change the loop's move: ``red``, ``black``, or ``draw`` (neither)."""

    answer: Literal["red", "black", "draw"]


def puzzles_schema() -> dict[str, Any]:
    """The JSON schema of the bodies the puzzle routes take (``/api/protocol.json``)."""
    return {"puzzles_client": {"attempt": MovesBody.model_json_schema(),
                               "answer": AnswerBody.model_json_schema()}}


def puzzles_router(puzzles: Puzzles,
                   player: Callable[[Request, Response], Awaitable[Player]]) -> APIRouter:
    router = APIRouter(prefix="/api")
    who_dep = Depends(player)

    @router.get("/puzzles/next")
    async def next_puzzle(theme: str | None = Query(None, max_length=40, json_schema_extra={
                              "enum": list(THEMES)}),
                          who: Player = who_dep) -> dict[str, Any]:
        """An untried puzzle near the asker's puzzle rating (a guest's: 1500), of
        ``theme`` when given: ``{puzzle_id, fen, moves_before, position, legal, side,
        goal, themes, theme, rating, title, source, rules, solver_moves}``."""
        return await puzzles.next(who, theme)

    @router.get("/puzzles/daily")
    async def daily(who: Player = who_dep) -> dict[str, Any]:
        """Thế cờ hôm nay: the same puzzle all day (UTC) for everyone, with ``day``."""
        return await puzzles.daily(who)

    @router.get("/puzzles/themes")
    async def themes() -> dict[str, Any]:
        """How many puzzles each theme has."""
        return {"themes": puzzles.themes(), "total": len(puzzles.collection)}

    @router.get("/puzzles/leaderboard")
    async def leaderboard() -> dict[str, Any]:
        """The best puzzle ratings (established ones first)."""
        return {"players": await puzzles.leaderboard()}

    @router.get("/puzzles/history")
    async def my_history(who: Player = who_dep) -> dict[str, Any]:
        """The asker's puzzle rating (``null`` for a guest) and attempts, newest first."""
        return await puzzles.mine(who)

    @router.get("/puzzles/drills")
    async def drills() -> dict[str, Any]:
        """The trainer's loops: ``{drill_id, source, plies}`` each."""
        return {"drills": puzzles.drill_list()}

    @router.get("/puzzles/drills/{drill_id}")
    async def drill(drill_id: str = Path(min_length=1, max_length=64)) -> dict[str, Any]:
        """One loop, without its answer: ``{drill_id, fen, moves, move_texts, source}``."""
        return puzzles.drill(drill_id)

    @router.post("/puzzles/drills/{drill_id}/answer")
    async def answer(body: AnswerBody, request: Request,
                     drill_id: str = Path(min_length=1, max_length=64)) -> dict[str, Any]:
        """Judge an answer: ``{correct, answer, clause, explanation, texts}``."""
        return puzzles.answer(drill_id, body.answer,
                              lang_of(request.headers.get("accept-language")))

    @router.get("/puzzles/{puzzle_id}")
    async def get_puzzle(puzzle_id: PuzzleId, who: Player = who_dep) -> dict[str, Any]:
        """A puzzle as ``next`` gives it, with ``finished`` and, once the asker ended an
        attempt at it, its ``solution``."""
        return await puzzles.get(puzzle_id, who)

    @router.post("/puzzles/{puzzle_id}/attempt")
    async def attempt(body: MovesBody, puzzle_id: PuzzleId,
                      who: Player = who_dep) -> dict[str, Any]:
        """Judge the line so far. Not ended (every solver move right, more to find):
        ``{correct: true, complete: false, reply, position, legal}``, nothing stored.
        Ended: ``{correct, complete, expected, alternative, solution, rated, rating:
        {before, after, change, rd} | null, puzzle_rating}``."""
        return await puzzles.attempt(puzzle_id, who, body.moves)

    @router.post("/puzzles/{puzzle_id}/hint")
    async def hint(body: MovesBody, puzzle_id: PuzzleId,
                   who: Player = who_dep) -> dict[str, Any]:
        """The square of the piece to move next (the attempt ends, failed)."""
        return await puzzles.hint(puzzle_id, who, body.moves)

    @router.post("/puzzles/{puzzle_id}/solution")
    async def solution(body: MovesBody, puzzle_id: PuzzleId,
                       who: Player = who_dep) -> dict[str, Any]:
        """Xem lời giải: the whole line (the attempt ends, failed)."""
        return await puzzles.solution(puzzle_id, who, body.moves)

    @router.get("/users/{username}/puzzles")
    async def user_puzzles(username: str = Path(max_length=64)) -> dict[str, Any]:
        """An account's puzzle rating (``null`` before its first rated attempt), counts
        and history."""
        return await puzzles.user(username)

    return router
