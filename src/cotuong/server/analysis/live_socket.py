"""The live engine socket ``/ws/analysis``: a thin translation of its frames
(:mod:`cotuong.server.analysis.live_protocol`) to a
:class:`~cotuong.server.analysis.live.LiveSession`. It runs the frame loop every socket
runs (size, rate, parse, ``error`` frames) behind the app's ``Origin`` check and
per-address socket count.

>>> live_router.__name__
'live_router'
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, WebSocket

from cotuong.server.accounts import Accounts, identify_socket
from cotuong.server.analysis.live import LiveAnalyses, LiveRefusal, error_json
from cotuong.server.analysis.live_protocol import Analyse, Stop, parse_live
from cotuong.server.errors import ServiceError, lang_of
from cotuong.server.realtime import Member, Ping, Pong, frame, serve_frames
from cotuong.server.settings import Settings

__all__ = ["live_router"]

CHANNEL = "analysis"


def live_router(live: LiveAnalyses, acc: Accounts, settings: Settings) -> APIRouter:
    router = APIRouter()

    @router.websocket("/ws/analysis")
    async def analysis_socket(websocket: WebSocket) -> None:
        who = await identify_socket(acc, websocket)
        await websocket.accept()
        lang = lang_of(websocket.headers.get("accept-language"))
        member = Member(CHANNEL, who.identity if who else None, who.name if who else None,
                        lang)
        address = websocket.client.host if websocket.client else None
        session = live.open(lambda data: member.push(frame(data)),
                            who.identity if who else None, address)
        session.lang = lang

        async def handle(m: Member, msg: Any) -> None:
            if isinstance(msg, Analyse):
                try:
                    session.analyse(msg.id, msg.fen, list(msg.moves), msg.multipv)
                except LiveRefusal as exc:
                    # Its details (the problems, the move's index) go beyond the
                    # frame loop's error frame.
                    m.push(frame(error_json(exc, m.text_lang, msg.id)))
            elif isinstance(msg, Stop):
                session.stop()
            elif isinstance(msg, Ping):
                m.push(frame(Pong(server_time_ms=int(time.time() * 1000)).model_dump()))
            else:  # pragma: no cover - parse_live admits only the types above
                raise ServiceError("UNKNOWN_TYPE", kind=repr(type(msg).__name__))
        try:
            await serve_frames(websocket, member, settings, parse_live, handle)
        finally:
            await session.close()

    return router
