"""Connection limits (issue 21): request headers that never finish are dropped after the
header timeout, and one address holds at most so many HTTP connections (WebSockets leave
that count once upgraded: the app limits them per address on its own)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import httpx
import uvicorn
from harness import QuickServer, free_port
from websockets.asyncio.client import connect

from cotuong.server import Settings, create_app
from cotuong.server.web.connections import guarded_h11


def run(coro: Any) -> Any:
    return asyncio.run(coro)


@contextlib.asynccontextmanager
async def serving(header_timeout_s: float, per_address: int) -> AsyncIterator[int]:
    app = create_app(Settings(db="sqlite://", engine_warmup=False))
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            lifespan="on", http=guarded_h11(header_timeout_s, per_address))
    server = QuickServer(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        yield port
    finally:
        server.should_exit = True
        await task


async def closed_within(reader: asyncio.StreamReader, seconds: float) -> bool:
    try:
        return await asyncio.wait_for(reader.read(1024), seconds) == b""
    except asyncio.TimeoutError:
        return False


def test_headers_that_never_finish_are_dropped() -> None:
    async def scenario() -> None:
        async with serving(header_timeout_s=0.5, per_address=0) as port:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            await writer.drain()
            assert await closed_within(reader, 3.0)
            writer.close()
            # Silent from the start: dropped too.
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            assert await closed_within(reader, 3.0)
            writer.close()
            # A request that comes whole is served, and its connection kept alive.
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as c:
                assert (await c.get("/healthz")).status_code == 200
                await asyncio.sleep(0.8)
                assert (await c.get("/healthz")).status_code == 200
    run(scenario())


def test_http_connections_are_limited_per_address() -> None:
    async def scenario() -> None:
        async with serving(header_timeout_s=0, per_address=3) as port:
            held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            assert await closed_within(reader, 2.0)  # the fourth
            writer.close()
            for _, w in held[:1]:
                w.close()
            await asyncio.sleep(0.2)
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as c:
                assert (await c.get("/healthz")).status_code == 200
            for _, w in held[1:]:
                w.close()
            await asyncio.sleep(0.2)
            # Upgraded WebSockets leave the count.
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as c:
                code = (await c.post("/api/rooms", json={})).json()["code"]
            async with contextlib.AsyncExitStack() as stack:
                for _ in range(3):
                    await stack.enter_async_context(
                        connect(f"ws://127.0.0.1:{port}/ws/rooms/{code}"))
                async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as c:
                    assert (await c.get("/healthz")).status_code == 200
    run(scenario())
