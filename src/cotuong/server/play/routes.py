"""The play part's routes: create, join and view rooms, a game's state and PGN, a player's
games, and the room socket ``/ws/rooms/{code}``. Each is a thin translation to
:class:`~cotuong.server.play.rooms.Rooms` or the room socket
(:mod:`cotuong.server.play.room_socket`).

>>> CreateRoom(opponent="ai", ai_level=3).model_dump()["ai_level"]
3
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response, WebSocket
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from cotuong.server.accounts import Accounts, Player, set_seat_cookie
from cotuong.server.play.room_socket import serve_room_socket
from cotuong.server.play.rooms import PGN_NOTATIONS, Rooms, room_code
from cotuong.server.play.service import GameService
from cotuong.server.settings import Settings
from cotuong.server.storage import MAX_ID
from cotuong.server.timecontrol import TimeControlBody

__all__ = ["CreateRoom", "play_router"]


class CreateRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rules: Literal["xiangqiplay", "asian"] = "xiangqiplay"
    time_control: TimeControlBody | None = None
    color: Literal["red", "black", "random"] = "random"
    rated: bool = False
    opponent: Literal["human", "ai"] = "human"
    ai_level: int | None = Field(None, ge=1, le=8)
    lang: Literal["vi", "en"] = "vi"
    fen: str | None = Field(None, max_length=128)


def play_router(games: GameService, rooms: Rooms, acc: Accounts, settings: Settings,
                player: Callable[[Request, Response], Awaitable[Player]]) -> APIRouter:
    router = APIRouter()

    def base_url(request: Request) -> str:
        return settings.public_url or str(request.base_url)

    @router.post("/api/rooms", status_code=201)
    async def create_room(body: CreateRoom, request: Request, response: Response,
                          who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        address = request.client.host if request.client else None
        reply = await rooms.create(who, body.model_dump(), base_url(request), address)
        set_seat_cookie(acc, response, reply["code"], reply["secret"])
        return reply

    @router.post("/api/rooms/{code}/join")
    async def join_room(code: str, request: Request, response: Response,
                        who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        reply = await rooms.join(room_code(code), who, base_url(request))
        if reply["secret"] is not None:  # else a spectator of a tournament's board
            set_seat_cookie(acc, response, reply["code"], reply["secret"])
        return reply

    @router.get("/api/rooms/{code}")
    async def get_room(code: str) -> dict[str, Any]:
        return await rooms.view(room_code(code))

    @router.get("/api/games/{game_id}")
    async def get_game(game_id: int = Path(ge=1, le=MAX_ID)) -> dict[str, Any]:
        return await rooms.game_state(game_id)

    @router.get("/api/games/{game_id}/pgn", response_class=PlainTextResponse)
    async def get_pgn(game_id: int = Path(ge=1, le=MAX_ID),
                      notation: str = Query("vi", max_length=8, json_schema_extra={
                          "enum": list(PGN_NOTATIONS)})) -> Response:
        text = await rooms.pgn(game_id, notation)
        return PlainTextResponse(text, headers={
            "Content-Disposition": f'attachment; filename="cotuong-{game_id}.pgn"'})

    @router.get("/api/me/games")
    async def my_games(who: Player = Depends(player),  # noqa: B008 (FastAPI idiom)
                       limit: int = Query(50, ge=1, le=200),
                       before: int | None = Query(None, ge=1, le=MAX_ID)) -> dict[str, Any]:
        return {"games": await rooms.history(who.identity, limit, before)}

    @router.get("/api/users/{username}/games")
    async def user_games(username: str, limit: int = Query(50, ge=1, le=200),
                         before: int | None = Query(None, ge=1, le=MAX_ID)) -> dict[str, Any]:
        return {"games": await rooms.user_history(username, limit, before)}

    @router.websocket("/ws/rooms/{code}")
    async def room_socket(websocket: WebSocket, code: str) -> None:
        await serve_room_socket(games, acc, websocket, code.upper())

    return router
