"""The study room's routes: check a position, replay moves for the analysis board, import
a pasted game, read an import back, list and delete one's own.

>>> study_router.__name__
'study_router'
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import BaseModel, Field

from cotuong.server.accounts import Player
from cotuong.server.errors import lang_of
from cotuong.server.study.legal import MAX_PLIES, replay
from cotuong.server.study.service import Study

__all__ = ["study_router"]


class PositionBody(BaseModel):
    fen: str = Field(max_length=200)


Iccs = Annotated[str, Field(max_length=8)]


class ReplayBody(BaseModel):
    fen: str = Field(max_length=200)
    moves: list[Iccs] = Field(default_factory=list, max_length=MAX_PLIES)
    lines: list[Annotated[list[Iccs], Field(max_length=64)]] = Field(default_factory=list,
                                                                    max_length=5)


class ImportBody(BaseModel):
    text: str


def study_router(study: Study,
                 player: Callable[[Request, Response], Awaitable[Player]]) -> APIRouter:
    router = APIRouter(prefix="/api")
    who_dep = Depends(player)

    @router.post("/positions/check")
    async def check(body: PositionBody, request: Request) -> dict[str, Any]:
        """Every problem of a position (``ok`` when none): each with a stable ``code``,
        its ``text`` in the request's language, ``texts`` in both and the ``squares``
        concerned (ICCS names)."""
        return study.check(body.fen, lang_of(request.headers.get("accept-language")))

    @router.post("/positions/legal")
    async def legal(body: ReplayBody, request: Request) -> dict[str, Any]:
        """The position after ``moves`` from ``fen``: its FEN, side to move, legal moves
        (ICCS), check, the end of the game there (``end``, or null), ``texts`` (the moves
        in every notation) and ``lines`` (each of ``lines``, played from the position
        reached, in every notation). A bad FEN or an illegal move: ``400`` with the
        reason (``BAD_REQUEST``, ``ILLEGAL_MOVE`` with the ply)."""
        # Off the event loop: a long path costs ~50 µs a move (tens of ms at most).
        return await asyncio.to_thread(replay, body.fen, body.moves, body.lines,
                                       lang_of(request.headers.get("accept-language")))

    @router.post("/imports", status_code=201)
    async def import_game(body: ImportBody, request: Request,
                          who: Player = who_dep) -> dict[str, Any]:
        """Read a pasted game (PGN in any notation, DhtmlXQ, Vietnamese book and forum
        layouts, a bare move list): the moves read, and what was skipped and why. An
        account keeps it (``import_id``); a guest gets it unsaved (``import_id: null``)."""
        return await study.import_text(body.text, who,
                                       lang_of(request.headers.get("accept-language")))

    @router.get("/imports")
    async def my_imports(who: Player = who_dep) -> dict[str, Any]:
        """The asker's imported games, newest first (empty for a guest)."""
        return {"imports": await study.mine(who)}

    @router.get("/imports/{import_id}")
    async def get_import(request: Request,
                         import_id: str = Path(min_length=4, max_length=24)) -> dict[str, Any]:
        """An imported game, as ``POST /api/imports`` answered it."""
        return await study.get(import_id, lang_of(request.headers.get("accept-language")))

    @router.delete("/imports/{import_id}", status_code=204)
    async def delete_import(import_id: str = Path(min_length=4, max_length=24),
                            who: Player = who_dep) -> Response:
        """Delete one of the asker's imports."""
        await study.delete(import_id, who)
        return Response(status_code=204)

    return router
