"""The analysis' routes: ask for the computer analysis of a finished game, and read it.

>>> analysis_router.__name__
'analysis_router'
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Depends, Path, Request, Response

from cotuong.server.accounts import Player
from cotuong.server.analysis.service import Analyses
from cotuong.server.storage import MAX_ID

__all__ = ["analysis_router"]


def analysis_router(analyses: Analyses,
                    player: Callable[[Request, Response], Awaitable[Player]]) -> APIRouter:
    router = APIRouter(prefix="/api")

    @router.post("/games/{game_id}/analysis")
    async def request_analysis(request: Request, response: Response,
                               game_id: int = Path(ge=1, le=MAX_ID),
                               who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        """Queue the computer analysis of a finished game (202; 200 when it was already
        queued, running or done)."""
        address = request.client.host if request.client else None
        view, queued = await analyses.request(game_id, who.identity, address)
        response.status_code = 202 if queued else 200
        return view

    @router.get("/games/{game_id}/analysis")
    async def get_analysis(game_id: int = Path(ge=1, le=MAX_ID)) -> dict[str, Any]:
        """The analysis' status (``none`` until somebody asks for it) and progress; once
        done, every ply judged."""
        return await analyses.view(game_id)

    return router
