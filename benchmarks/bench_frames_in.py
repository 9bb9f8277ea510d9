"""Server CPU of one client frame from its bytes to the frame loop's hands, without a
network: uvicorn's ``websockets-sansio`` protocol read through the ASGI ``receive`` and
Starlette's ``WebSocket.receive`` (as before 2026-12-03) against ``cotuong serve``'s
protocol read through its inbox (``web/ws_protocol``, ``realtime/inbound``). One frame at
a time (the reader waits, the frame is fed, the reader takes it), on uvloop, with a
transport that writes nothing; the same loop without a frame is subtracted.

    python benchmarks/bench_frames_in.py            # 3 rounds of 20,000 frames each
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import time
from typing import Any

import uvloop
from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from cotuong.server.realtime.inbound import fast_inbox
from cotuong.server.web.ws_protocol import CotuongWebSocketProtocol

REQUEST = (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
MOVE = Frame(Opcode.TEXT, b'{"type":"move","move":"h2e2","ply":12}').serialize(
    mask=True, extensions=[])


class Sink(asyncio.Transport):
    """A transport that writes nothing and counts the pauses of reading."""

    def __init__(self) -> None:
        super().__init__()
        self.pauses = 0
        self.closing = False

    def write(self, data: Any) -> None:
        pass

    def is_closing(self) -> bool:
        return self.closing

    def pause_reading(self) -> None:
        self.pauses += 1

    def resume_reading(self) -> None:
        pass

    def close(self) -> None:
        self.closing = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000),
                "peername": ("127.0.0.1", 5555)}.get(name, default)


async def per_frame(cls: type[WebSocketsSansIOProtocol], n: int) -> tuple[float, int]:
    """µs of CPU a frame, and how often reading was paused."""
    accepted: dict[str, WebSocket] = {}
    ready = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        accepted["ws"] = ws
        ready.set()
        await asyncio.Event().wait()
    config = Config(app, ws_per_message_deflate=False, ws_ping_interval=None, lifespan="off")
    config.load()
    protocol = cls(config, ServerState(), {})
    sink = Sink()
    protocol.connection_made(sink)
    protocol.data_received(REQUEST)
    await ready.wait()
    ws = accepted["ws"]
    inbox = fast_inbox(ws)

    async def take() -> Any:
        return await (ws.receive() if inbox is None else inbox.next())

    async def idle() -> None:
        await asyncio.sleep(0)

    async def rounds(feed: bool, count: int) -> float:
        start = time.thread_time()
        for _ in range(count):
            task = asyncio.ensure_future(take() if feed else idle())
            await asyncio.sleep(0)  # the reader waits
            if feed:
                protocol.data_received(MOVE)
            await task
        return time.thread_time() - start
    await rounds(True, 1000)  # warm
    took = await rounds(True, n) - await rounds(False, n)
    protocol.connection_lost(None)
    return took / n * 1e6, sink.pauses


async def main(n: int, repeat: int) -> None:
    for _ in range(repeat):
        for cls in (WebSocketsSansIOProtocol, CotuongWebSocketProtocol):
            us, pauses = await per_frame(cls, n)
            print(f"{cls.__name__:28s} {us:6.2f} µs a frame, reading paused {pauses} times")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=20_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    logging.disable(logging.CRITICAL)  # uvicorn's access lines and the app's teardown
    uvloop.run(main(args.frames, args.repeat))
