"""Test helpers: a real uvicorn server inside the test's event loop, HTTP and WebSocket
clients (each client has its own cookie jar, i.e. its own guest identity)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import socket
import ssl
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from cotuong.server import Settings, create_app
from cotuong.server.settings import ClockSource
from cotuong.server.storage.store import Store
from cotuong.server.web.runtime import websocket_options
from cotuong.server.workers.pool import EnginePool

# One TLS context for every test client: httpx builds one per client otherwise, loading
# the CA bundle each time (~30 ms a client, ~400 clients a run), for servers that all
# speak plain HTTP.
TLS = ssl.create_default_context()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class QuickServer(uvicorn.Server):
    """uvicorn's server, stopped within milliseconds instead of 0.2-0.3 s: uvicorn looks
    at ``should_exit`` every 0.1 s and, stopping, sleeps 0.1 s before it waits (polling
    every 0.1 s) for the connections and tasks to end. A production server stops once;
    the suite starts and stops a server for most of its ~500 server tests. The steps
    and their order are uvicorn's (``Server.shutdown``), only the waits are shorter."""

    async def main_loop(self) -> None:
        counter = 0
        while not await self.on_tick(counter):
            counter += 1
            await asyncio.sleep(0.005)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for listener in self.servers:
            listener.close()
        for connection in list(self.server_state.connections):
            connection.shutdown()
        state = self.server_state
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.config.timeout_graceful_shutdown or 30):
                while state.connections or state.tasks:
                    await asyncio.sleep(0.005)
        for t in state.tasks:
            t.cancel(msg="the test server stopped")
        for listener in self.servers:
            await listener.wait_closed()
        await self.lifespan.shutdown()


class Server:
    def __init__(self, app: Any, port: int) -> None:
        self.app = app
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.ws_base = f"ws://127.0.0.1:{port}"

    @property
    def service(self) -> Any:
        return self.app.state.service

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base, timeout=30, verify=TLS)


@contextlib.asynccontextmanager
async def running(settings: Settings | None = None, *, store: Store | None = None,
                  clock: ClockSource | None = None,
                  engine_pool: EnginePool | None = None,
                  warm: bool = False,
                  password_n: int | None = 2**14) -> AsyncIterator[Server]:
    settings = settings or Settings(db="sqlite://", heartbeat_s=0.2)
    # Most tests play no AI: no engine processes warming up at every start. Passwords
    # are hashed at scrypt N=2**14 unless a test asks otherwise (``password_n=None``
    # keeps the settings' cost): the production cost takes 0.3-2.5 s a hash here.
    settings = dataclasses.replace(settings, engine_warmup=warm)
    if password_n is not None:
        settings = dataclasses.replace(settings, password_n=password_n)
    app = create_app(settings, store=store, clock=clock, engine_pool=engine_pool)
    port = free_port()
    # The WebSockets as `cotuong serve` runs them (web/runtime.websocket_options).
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            lifespan="on", **websocket_options(settings))
    server = QuickServer(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    try:
        yield Server(app, port)
    finally:
        server.should_exit = True
        await task


class Socket:
    """A WebSocket client that keeps every frame and waits for the one a test wants."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []

    async def send(self, **msg: Any) -> None:
        await self.ws.send(json.dumps(msg))

    async def send_raw(self, text: str | bytes) -> None:
        await self.ws.send(text)

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        data = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(data)
        return data  # type: ignore[no-any-return]

    async def wait(self, type_: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        """The next frame of ``type_`` whose fields equal ``match``."""
        async def find() -> dict[str, Any]:
            while True:
                f = await self.recv(timeout)
                if f.get("type") == type_ and all(f.get(k) == v for k, v in match.items()):
                    return f
        return await asyncio.wait_for(find(), timeout)

    async def state(self, timeout: float = 10, **match: Any) -> dict[str, Any]:
        return await self.wait("state", timeout, **match)

    async def quiet(self, seconds: float = 0.3) -> list[dict[str, Any]]:
        """Frames arriving within ``seconds`` (to check that nothing else came)."""
        got = []
        with contextlib.suppress(asyncio.TimeoutError):
            while True:
                got.append(await self.recv(seconds))
        return got

    async def during(self, seconds: float) -> list[dict[str, Any]]:
        """Frames arriving in the next ``seconds`` (however closely they follow)."""
        got: list[dict[str, Any]] = []
        with contextlib.suppress(asyncio.TimeoutError):
            async with asyncio.timeout(seconds):
                while True:
                    got.append(await self.recv(seconds))
        return got

    async def close(self) -> None:
        await self.ws.close()


@contextlib.contextmanager
def running_in_thread(settings: Settings,
                      engine_pool: Callable[[], EnginePool] | None = None) -> Iterator[Server]:
    """:func:`running` on an event loop in a thread of its own, for synchronous clients;
    ``engine_pool`` makes the pool in that loop, where it is closed at the end."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    box: dict[str, Any] = {}

    async def main() -> None:
        stop = asyncio.Event()
        pool = engine_pool() if engine_pool is not None else None
        try:
            async with running(settings, engine_pool=pool) as srv:
                box["srv"], box["stop"] = srv, stop
                ready.set()
                await stop.wait()
        finally:
            if pool is not None:
                await pool.close()
            ready.set()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(60) and "srv" in box, "the test server did not start"
    try:
        yield box["srv"]
    finally:
        loop.call_soon_threadsafe(box["stop"].set)
        thread.join(30)


@contextlib.asynccontextmanager
async def socket_to(server: Server, code: str, secret: str | None = None,
                    hello: bool = True, cookies: dict[str, str] | None = None
                    ) -> AsyncIterator[Socket]:
    headers = {}
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    async with connect(f"{server.ws_base}/ws/rooms/{code}", additional_headers=headers,
                       max_size=2**22) as ws:
        sock = Socket(ws)
        if hello:
            msg: dict[str, Any] = {"type": "hello"}
            if secret is not None:
                msg["secret"] = secret
            await sock.send(**msg)
            await sock.wait("welcome")
        yield sock


async def two_player_room(server: Server, **opts: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Create a room as one guest and join as another: (host reply, guest reply)."""
    body = {"color": "red", **opts}
    async with server.client() as a, server.client() as b:
        r = await a.post("/api/rooms", json=body)
        assert r.status_code == 201, r.text
        host = r.json()
        r = await b.post(f"/api/rooms/{host['code']}/join")
        assert r.status_code == 200, r.text
        return host, r.json()


async def register(client: httpx.AsyncClient, username: str,
                   password: str = "correct horse") -> int:
    """Register ``username`` on this client (its cookie jar holds the session)."""
    r = await client.post("/api/accounts/register",
                          json={"username": username, "password": password})
    assert r.status_code == 201, r.text
    return int(r.json()["user"]["id"])


def cookies_of(client: httpx.AsyncClient) -> dict[str, str]:
    """A client's cookies, for a WebSocket opened as the same person."""
    return {c.name: c.value for c in client.cookies.jar if c.value is not None}


async def account_room(server: Server, a: httpx.AsyncClient, b: httpx.AsyncClient,
                       **opts: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A room created by client ``a`` and joined by ``b`` (logged in or not)."""
    body = {"color": "red", **opts}
    r = await a.post("/api/rooms", json=body)
    assert r.status_code == 201, r.text
    host = r.json()
    r = await b.post(f"/api/rooms/{host['code']}/join")
    assert r.status_code == 200, r.text
    return host, r.json()


@contextlib.asynccontextmanager
async def lobby_to(server: Server, client: httpx.AsyncClient | None = None,
                   lang: str | None = None, hello: bool = True) -> AsyncIterator[Socket]:
    """The lobby socket, as ``client``'s person (its cookies), greeted unless told not."""
    headers = {}
    if client is not None:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies_of(client).items())
    async with connect(f"{server.ws_base}/ws/lobby", additional_headers=headers,
                       max_size=2**22) as ws:
        sock = Socket(ws)
        if hello:
            msg: dict[str, Any] = {"type": "hello"}
            if lang is not None:
                msg["lang"] = lang
            await sock.send(**msg)
            await sock.wait("lobby")
        yield sock
