"""The ASGI application: :func:`create_app` wires settings, store, engine pool, clock and
broker into a FastAPI app (REST + one WebSocket per room + the static UI). No global state:
two apps in one process share nothing.

>>> app = create_app(Settings(db="sqlite://"))
>>> app.openapi()["info"]["title"]
'cotuong'
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path as FilePath
from typing import Any

from fastapi import APIRouter, FastAPI, Response
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cotuong.puzzles import load_collection, load_repetition_drills
from cotuong.server.accounts import (
    Accounts,
    PasswordHasher,
    Profiles,
    accounts_router,
    player_dependency,
)
from cotuong.server.analysis import (
    Analyses,
    AnalysisStore,
    LiveAnalyses,
    analysis_router,
    live_router,
    live_schema,
)
from cotuong.server.errors import ServiceError, lang_of
from cotuong.server.lobby import Lobby, lobby_router, lobby_schema
from cotuong.server.play import GameService, Rooms, play_router, protocol_schema
from cotuong.server.puzzles import Puzzles, PuzzleStore, puzzles_router, puzzles_schema
from cotuong.server.realtime import Sockets, error_frame, make_broker
from cotuong.server.security import RateLimiter, Signer, new_key
from cotuong.server.settings import ClockSource, Settings, SystemClock
from cotuong.server.storage import Database, Store, database_url
from cotuong.server.study import ImportStore, Study, study_router
from cotuong.server.tournaments import INLINE_SCRIPTS, Tournaments, tournament_router
from cotuong.server.web.api_docs import api_docs_html
from cotuong.server.web.headers import (
    SecurityHeaders,
    content_security_policy,
    origin_of,
    script_hashes,
)
from cotuong.server.web.http_errors import (
    error_response,
    install_error_handlers,
    openapi_with_errors,
)
from cotuong.server.workers import EnginePool, EngineRunner, RedisEngineQueue

STATIC_DIR = FilePath(__file__).parent / "static"
_PLACEHOLDER = ("<!doctype html><meta charset=utf-8><title>Cờ Tướng</title>"
                "<p>cotuong server is running; the web UI files are not installed. "
                "API: <a href=/api/docs>/api/docs</a></p>")


log = logging.getLogger("cotuong.server")
NO_SECRET_WARNING = (
    "COTUONG_SECRET is not set: the key that signs cookies and seat secrets is kept in "
    "the database, so whoever gets a copy of the database can forge them; set "
    "COTUONG_SECRET (32+ random bytes, e.g. `openssl rand -hex 32`) in production")


def _signing_key(settings: Settings, store: Store) -> bytes:
    """The configured key, else one kept in the database (so secrets survive restarts;
    fine for a machine of one's own, warned about since a copy of the database then
    forges every seat secret and cookie)."""
    if settings.secret_key:
        return settings.secret_key
    log.warning(NO_SECRET_WARNING)
    stored = store.get_meta("secret_key")
    if stored is None:
        stored = new_key().hex()
        store.set_meta("secret_key", stored)
    return bytes.fromhex(stored)


def _page(name: str) -> Response:
    for candidate in (name, "index.html"):
        path = STATIC_DIR / candidate
        if path.is_file():
            return FileResponse(path, media_type="text/html")
    return HTMLResponse(_PLACEHOLDER)


def _engines(settings: Settings, server: str) -> EngineRunner:
    """The local engine processes, or with ``REDIS_URL`` the queue `cotuong worker`s serve."""
    if settings.redis_url:
        return RedisEngineQueue(settings.redis_url, server, settings.job_timeout_s)
    return EnginePool(settings.engine_workers, settings.engine_spec)


def create_app(settings: Settings, store: Store | None = None,
               engine_pool: EngineRunner | None = None,
               clock: ClockSource | None = None) -> FastAPI:
    """The server app. Injected ``store``/``engine_pool``/``clock`` are used as given (the
    caller closes them); missing ones are made from ``settings`` and closed on shutdown."""
    own_store = store is None
    store = store or Store(database_url(settings.db))
    # This process's name in the job queue and as the owner of the analyses it runs.
    server_name = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
    own_pool = engine_pool is None
    pool = engine_pool or _engines(settings, server_name)
    signer = Signer(_signing_key(settings, store))
    clock = clock or SystemClock()
    database = Database(store, settings.inline_writes, settings.sqlite_loop_writes,
                        settings.sqlite_checkpoint_s)
    sockets = Sockets()
    broker = make_broker(settings.redis_url)
    service = GameService(settings, database, clock, broker, sockets, signer, pool)
    acc = Accounts(database, signer, clock, settings.secure_cookies, settings.seat_days,
                   frozenset(n.lower() for n in settings.reserved_names), settings.password_n,
                   RateLimiter(settings.login_user_rate, settings.login_user_burst),
                   PasswordHasher(settings.password_workers, settings.password_queue,
                                  settings.password_wait_s, settings.password_nice))
    rooms = Rooms(service, database, clock, signer, settings, sockets, broker.shared)
    lobby = Lobby(settings, database, clock, broker, sockets, rooms, service.live_tables)
    tournaments = Tournaments(database, service, rooms, clock, settings, sockets)
    tournaments.round_hooks.append(lobby.round_opened)  # "your round has opened"
    analyses = Analyses(database, AnalysisStore(store.engine), pool, clock, settings,
                        server_name)
    study = Study(settings, database, ImportStore(store.engine), clock)
    puzzles = Puzzles(settings, database, PuzzleStore(store.engine), clock, load_collection(),
                      load_repetition_drills())
    live = LiveAnalyses(pool, settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        await lobby.start()
        await analyses.start()
        await tournaments.start()
        try:
            yield
        finally:
            await tournaments.stop()
            await analyses.stop()
            await lobby.stop()
            await service.stop()
            await acc.hasher.close()
            if own_pool:
                await pool.close()
            if own_store:
                store.close()

    app = FastAPI(title="cotuong", version="0.1.0", lifespan=lifespan,
                  openapi_url="/api/openapi.json", docs_url=None, redoc_url=None,
                  description="Cờ Tướng server: rooms, games, accounts. The WebSocket "
                              "protocol is in docs/web-protocol.md. Every refusal is "
                              '{"error": {"code", "message", "texts"}} (schema Error): a '
                              "stable code, the message in the request's Accept-Language "
                              "and in both languages.")
    app.state.service = service
    app.state.accounts = acc
    app.state.analyses = analyses
    app.state.live = live
    app.state.tournaments = tournaments
    app.state.settings = settings
    limiter = RateLimiter(settings.http_rate, settings.http_burst)
    login_limiter = RateLimiter(settings.login_rate, settings.login_burst)

    pages = RateLimiter(settings.page_rate, settings.page_burst)
    app.add_middleware(_Guard, limiter=limiter, max_body=settings.max_body_bytes,
                       pages=pages, max_sockets=settings.max_sockets_per_address,
                       big_bodies={"/api/imports": settings.import_max_bytes})
    # Added last, so it runs first: its headers are on every response, refusals included.
    own = {o for o in (origin_of(settings.public_url), *map(origin_of, settings.allowed_origins))
           if o is not None}
    app.add_middleware(SecurityHeaders,
                       csp=content_security_policy(script_hashes(*INLINE_SCRIPTS)),
                       hsts_s=settings.hsts_s if settings.secure_cookies else None,
                       allowed_origins=frozenset(own), tls=settings.secure_cookies)

    install_error_handlers(app, STATIC_DIR / "notfound.html")
    app.openapi = openapi_with_errors(app)  # type: ignore[method-assign]

    player = player_dependency(acc)
    api = APIRouter(prefix="/api")

    @api.get("/stats")
    async def stats() -> dict[str, Any]:
        """Live games, open sockets, server-side move handling time (ms), the engines,
        the analyses waiting and running, and the analysis board's live searches."""
        return {**service.stats(), "analyses": await analyses.stats(), "live": live.stats()}

    @api.get("/protocol.json")
    async def protocol() -> dict[str, Any]:
        """The JSON schema of the WebSocket messages (docs/web-protocol.md, section 4):
        ``client`` (browser → server) and ``server`` (server → browser); the puzzle
        routes' bodies (section 11), the analysis socket's frames (section 12)."""
        return {**protocol_schema(), **lobby_schema(), **puzzles_schema(), **live_schema()}

    app.include_router(api)
    app.include_router(accounts_router(acc, Profiles(database), login_limiter))
    app.include_router(play_router(service, rooms, acc, settings, player))
    app.include_router(analysis_router(analyses, player))
    app.include_router(lobby_router(lobby, acc, settings))
    app.include_router(tournament_router(tournaments, player))
    app.include_router(study_router(study, player))
    app.include_router(puzzles_router(puzzles, player))
    app.include_router(live_router(live, acc, settings))

    @app.get("/api/docs", include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        """The REST API as a page without scripts (no CDN; see ``web.api_docs``)."""
        return HTMLResponse(api_docs_html(app.openapi()))

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return _page("index.html")

    @app.get("/room/{code}", include_in_schema=False)
    async def room_page(code: str) -> Response:
        return _page("room.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def review_page(game_id: str) -> Response:
        return _page("review.html")

    @app.get("/u/{username}", include_in_schema=False)
    async def profile_page(username: str) -> Response:
        return _page("profile.html")

    @app.get("/editor", include_in_schema=False)
    async def editor_page() -> Response:
        return _page("editor.html")

    @app.get("/analysis", include_in_schema=False)
    async def analysis_page() -> Response:
        return _page("analysis.html")

    @app.get("/import", include_in_schema=False)
    @app.get("/import/{import_id}", include_in_schema=False)
    async def import_page(import_id: str = "") -> Response:
        return _page("import.html")

    @app.get("/puzzles", include_in_schema=False)
    @app.get("/puzzles/{puzzle_id}", include_in_schema=False)
    async def puzzles_page(puzzle_id: str = "") -> Response:
        return _page("trainer.html" if puzzle_id == "trainer" else "puzzles.html")

    app.mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static")
    return app


class _Guard:
    """Rate limits per client address and a body-size cap on ``/api/`` (plain ASGI: the
    WebSocket path and static files pass straight through).

    The body is read here, whatever its framing (``Content-Length`` or chunked), and
    refused as soon as it passes ``max_body``: a declared length is not trusted, and
    nothing bigger than the cap is ever held in memory. The app then reads the buffered
    body. Tournament pages (each replays an event log) have their own, slower rate."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter, max_body: int,
                 pages: RateLimiter | None = None, max_sockets: int = 0,
                 big_bodies: dict[str, int] | None = None) -> None:
        self.app = app
        self.limiter = limiter
        self.max_body = max_body
        self.big_bodies = big_bodies or {}  # paths with their own cap (pasted games)
        self.pages = pages
        self.max_sockets = max_sockets  # open WebSockets per address (0: no limit)
        self.sockets: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and self.max_sockets:
            await self._socket(scope, receive, send)
            return
        if scope["type"] != "http" or not scope["path"].startswith(("/api/", "/tournaments")):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        host = client[0] if client else "?"
        headers = Headers(scope=scope)
        now = time.monotonic()
        error = None
        page = (self.pages is not None and scope["method"] == "GET"
                and "tournaments" in scope["path"].split("/")[1:3])
        if (scope["path"].startswith("/api/") and not self.limiter.allow(host, now)) or \
                (page and self.pages is not None and not self.pages.allow(host, now)):
            error = ServiceError("RATE_LIMITED")
        cap = self.big_bodies.get(scope["path"], self.max_body)
        if error is None:
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > cap):
                error = ServiceError("TOO_LARGE", "ERR_TOO_LARGE_BODY", limit=cap)
        body = b""
        if error is None:
            body, error = await self._body(receive, cap)
        if error is not None:
            await error_response(error, headers.get("accept-language"))(scope, receive, send)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # e.g. http.disconnect
        await self.app(scope, replay, send)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Count the address's open sockets; one too many is accepted, told why in an
        ``error`` frame (a browser sees nothing of a refused handshake) and closed."""
        client = scope.get("client")
        host = client[0] if client else "?"
        if self.sockets.get(host, 0) >= self.max_sockets:
            headers = Headers(scope=scope)
            error = ServiceError("TOO_MANY_SOCKETS", limit=self.max_sockets)
            if (await receive())["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.send",
                            "text": error_frame(error, lang_of(headers.get("accept-language")))})
                await send({"type": "websocket.close", "code": 1008})
            return
        self.sockets[host] = self.sockets.get(host, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets[host] -= 1
            if not self.sockets[host]:
                del self.sockets[host]

    async def _body(self, receive: Receive, cap: int) -> tuple[bytes, ServiceError | None]:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"", ServiceError("BAD_REQUEST", "ERR_BAD_REQUEST", where="body",
                                         detail="disconnected")
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > cap:
                return b"", ServiceError("TOO_LARGE", "ERR_TOO_LARGE_BODY", limit=cap)
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), None
