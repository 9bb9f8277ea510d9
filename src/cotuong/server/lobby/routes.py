"""The lobby's routes: REST (``/api/lobby``, ``/api/seeks``) and the lobby socket
``/ws/lobby``. Each is a thin translation to :class:`~cotuong.server.lobby.service.Lobby`.

>>> lobby_router.__name__
'lobby_router'
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path, Request, Response, WebSocket

from cotuong.server.accounts import (
    Accounts,
    Player,
    identify_socket,
    player_dependency,
    set_seat_cookie,
)
from cotuong.server.errors import ServiceError, lang_of
from cotuong.server.lobby.protocol import parse_lobby
from cotuong.server.lobby.seeks import SeekBody
from cotuong.server.lobby.service import CHANNEL, Lobby
from cotuong.server.ratings import category
from cotuong.server.realtime import Hello, Member, Ping, Sync, serve_frames
from cotuong.server.settings import Settings
from cotuong.server.timecontrol import TimeControl

SEEK_ID = r"^[0-9a-f]{1,32}$"
# Quick pairing's buttons, fastest first: 1+0 … 30+0 (minutes + seconds a move), 10′+30″.
QUICK = (*(TimeControl("fischer", m * 60_000, increment_ms=s * 1000) for m, s in
           ((1, 0), (2, 1), (3, 2), (5, 3), (10, 5), (15, 10), (30, 0))),
         TimeControl("byoyomi", 600_000, period_ms=30_000))


def lobby_router(lobby: Lobby, acc: Accounts, settings: Settings) -> APIRouter:
    router = APIRouter()
    player = player_dependency(acc)

    def base_url(request: Request) -> str:
        return settings.public_url or str(request.base_url)

    def lang(request: Request) -> str:
        return lang_of(request.headers.get("accept-language"))

    @router.get("/api/lobby")
    async def get_lobby() -> dict[str, Any]:
        """Open seeks, live games and who is online (what the lobby socket pushes)."""
        return lobby.view()

    @router.get("/api/lobby/quick")
    async def quick_presets() -> dict[str, Any]:
        """Quick pairing's time controls, each with its rating category."""
        return {"presets": [{"time_control": tc.to_json(), "category": category(tc)}
                            for tc in QUICK]}

    @router.post("/api/seeks", status_code=201)
    async def create_seek(body: SeekBody, request: Request,
                          who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        """An open challenge; with ``quick`` paired at once when one fits (``paired``)."""
        address = request.client.host if request.client else None
        return await lobby.create(who, body, base_url(request), lang(request), address)

    @router.delete("/api/seeks/{seek_id}")
    async def cancel_seek(seek_id: str = Path(pattern=SEEK_ID),
                          who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        await lobby.cancel(who, seek_id)
        return {"ok": True}

    @router.post("/api/seeks/{seek_id}/accept")
    async def accept_seek(request: Request, response: Response,
                          seek_id: str = Path(pattern=SEEK_ID),
                          who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        """Take an open seek: the same reply as joining a room (the guest's seat)."""
        reply = await lobby.accept(who, seek_id, base_url(request), lang(request))
        set_seat_cookie(acc, response, reply["code"], reply["secret"])
        return reply

    @router.websocket("/ws/lobby")
    async def lobby_socket(websocket: WebSocket) -> None:
        who = await identify_socket(acc, websocket)
        await websocket.accept()
        member = Member(CHANNEL, who.identity if who else None, who.name if who else None,
                        lang_of(websocket.headers.get("accept-language")))
        if who is not None and who.username is not None:
            lobby.remember_username(who.identity, who.username)
        lobby.join(member)

        async def handle(m: Member, msg: Any) -> None:
            if isinstance(msg, Hello):
                lobby.hello(m, msg.lang, msg.deltas)
            elif not m.greeted:
                raise ServiceError("HELLO_FIRST")
            elif isinstance(msg, Ping):
                lobby.ping(m)
            elif isinstance(msg, Sync):
                m.push(lobby.current())
        try:
            await serve_frames(websocket, member, settings, parse_lobby, handle)
        finally:
            lobby.leave(member)

    return router
