"""The frame loop every WebSocket runs (a room's and the lobby's): read a frame, keep to
the socket's rate, check its size, parse it once against the socket's message models,
hand it to the socket's handler; every refusal is an ``error`` frame in the socket's
language, and the socket stays open — also when a handler fails unexpectedly (logged,
``INTERNAL``).

Past its rate a socket is paced, not refused: the loop reads its next frame only when
the socket's token bucket holds one again. Until then its frames stay in the network
buffers (the server reads a WebSocket only when asked to), so a flood costs the server
nothing and is never answered, and the sender's own writes stall.

A socket's outgoing frames go through its :class:`~cotuong.server.realtime.sockets.Member` queue
and one writer task, so a slow client never blocks the fan-out. On the server's own
WebSocket protocol (``web/ws_protocol``) frames come in through its
:class:`~cotuong.server.realtime.inbound.Inbox` instead of the ASGI ``receive``.

>>> error_frame(ServiceError("HELLO_FIRST"), "vi", 7)
'{"type":"error","code":"HELLO_FIRST","message":"Hãy gửi hello trước","ref":7}'
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from cotuong.server.errors import ServiceError
from cotuong.server.realtime.broker import frame
from cotuong.server.realtime.direct import direct_sink
from cotuong.server.realtime.inbound import fast_inbox
from cotuong.server.realtime.sockets import Member
from cotuong.server.realtime.wire import ErrorFrame, Reason, decode, message_ref
from cotuong.server.security import TokenBucket
from cotuong.server.settings import Settings

log = logging.getLogger("cotuong.server")

Handler = Callable[[Member, Any], Awaitable[None]]
"""What a socket does with one parsed message."""

CLOSE_NOT_FOUND = 4404  # a socket to a room that does not exist (an application code)


def error_frame(exc: ServiceError, lang: str | None, ref: str | int | None = None) -> str:
    """The ``error`` frame of ``exc``, its text in ``lang``."""
    reason = Reason(**exc.reason) if exc.reason else None
    error = ErrorFrame(code=exc.code, message=exc.text(lang), reason=reason, ref=ref)
    return frame(error.model_dump(exclude_none=True))


async def refuse(websocket: WebSocket, exc: ServiceError, lang: str | None) -> None:
    """Accept, say why in an ``error`` frame, and close with code 4404 and a reason: a
    browser sees both (a bare 403 at the handshake tells it nothing)."""
    await websocket.accept()
    with contextlib.suppress(Exception):
        await websocket.send_text(error_frame(exc, lang))
        # A close reason is at most 123 bytes of UTF-8: the English text, cut.
        await websocket.close(code=CLOSE_NOT_FOUND, reason=str(exc)[:120])


async def _writer(websocket: WebSocket, member: Member) -> None:
    """Send the queued frames (those the direct sink could not write at once)."""
    while True:
        text = await member.queue.get()
        if text is None:
            member.direct = None
            with contextlib.suppress(Exception):
                await websocket.close(1008 if member.dropped else 1001)
            return
        member.sending = True  # later frames queue behind this one
        try:
            await websocket.send_text(text)
        finally:
            member.sending = False


async def serve_frames(websocket: WebSocket, member: Member, settings: Settings,
                       parse: Callable[[dict[str, Any]], Any], handle: Handler,
                       rate: Callable[[], TokenBucket] | None = None) -> None:
    """Run one accepted socket until it closes (the caller joins and leaves ``member``).
    ``rate``: the bucket the next frame is charged to (by default one of ``ws_rate``,
    burst ``ws_burst``); when it is empty the socket is not read until it refills."""
    writer = asyncio.create_task(_writer(websocket, member))
    member.direct = direct_sink(websocket)
    if rate is None:
        bucket = TokenBucket(settings.ws_rate, settings.ws_burst, float(settings.ws_burst),
                             time.monotonic())
        rate = lambda: bucket  # noqa: E731
    violations = 0
    told = -1.0  # when this socket was last told it is over a rate
    # Texts straight from the protocol when the server keeps an inbox (realtime.inbound).
    inbox = fast_inbox(websocket)
    limit = settings.max_message_bytes
    try:
        while not writer.done():
            message = await (websocket.receive() if inbox is None else inbox.next())
            if not isinstance(message, str) and message["type"] == "websocket.disconnect":
                break
            await _paced(rate())
            ref = None
            try:
                data = _decoded(_text(message, limit))
                ref = message_ref(data)
                await handle(member, parse(data))
            except ServiceError as exc:
                # Over a handler's rate (chat, sync): a socket that keeps at it is
                # closed, so flooding costs a reconnection every time.
                if exc.code == "RATE_LIMITED":
                    violations += 1
                    if violations > settings.ws_max_violations:
                        await websocket.close(1008)
                        break
                    # Told at most once a second: a flood is not answered frame by frame.
                    now = time.monotonic()
                    if now - told < 1.0:
                        continue
                    told = now
                member.push(error_frame(exc, member.text_lang, ref))
            except (WebSocketDisconnect, asyncio.CancelledError):
                raise
            except Exception:
                # A bug must not drop the player's socket: say so, keep the socket.
                log.exception("handling a frame failed (socket kept open)")
                member.push(error_frame(ServiceError("INTERNAL"), member.text_lang, ref))
    except WebSocketDisconnect:
        pass
    finally:
        member.direct = None
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def _paced(bucket: TokenBucket) -> None:
    """Take a token from ``bucket``, first waiting for one if it is empty. The frame just
    read waits with it, and the socket is not read meanwhile: its later frames wait in
    the network buffers, and a sender that keeps on finds its writes blocked."""
    pause = bucket.wait(time.monotonic())
    if pause > 0.0:
        await asyncio.sleep(pause)
    bucket.take(time.monotonic())


def _decoded(text: str) -> dict[str, Any]:
    """The frame's JSON object; nesting too deep for the decoder (``[[[[…``, a few
    thousand levels fit in a frame) is a client's error, not a failure of the server."""
    try:
        return decode(text)
    except RecursionError:
        raise ServiceError("BAD_JSON", "ERR_BAD_JSON_DEPTH") from None


def _text(message: str | MutableMapping[str, Any], limit: int) -> str:
    if type(message) is str and len(message) <= limit // 4:
        return message  # at most 4 bytes a character in UTF-8: within the limit
    text = message if isinstance(message, str) else message.get("text")
    if text is None:
        raw = message.get("bytes") or b""  # type: ignore[union-attr]
        if len(raw) > limit:
            raise ServiceError("TOO_LARGE", limit=limit)
        raise ServiceError("BAD_JSON", "ERR_BAD_JSON_BINARY")
    if len(text) > limit or len(text.encode()) > limit:
        raise ServiceError("TOO_LARGE", limit=limit)
    return str(text)
