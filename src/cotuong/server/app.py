"""The ASGI application: :func:`create_app` wires settings, store, engine pool, clock and
broker into a FastAPI app (REST + one WebSocket per room + the static UI). No global state:
two apps in one process share nothing.

>>> app = create_app(Settings(db="sqlite://"))
>>> app.openapi()["info"]["title"]
'cotuong'
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path as FilePath
from typing import Any

from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from cotuong.server import accounts
from cotuong.server.accounts import Accounts
from cotuong.server.analyses import Analyses
from cotuong.server.analysis_store import AnalysisStore
from cotuong.server.broker import make_broker
from cotuong.server.database import Database
from cotuong.server.engine_jobs import EngineRunner
from cotuong.server.engine_pool import EnginePool
from cotuong.server.errors import ServiceError, invalid_field, lang_of
from cotuong.server.lobby import Lobby
from cotuong.server.lobby_protocol import lobby_schema
from cotuong.server.lobby_routes import lobby_router
from cotuong.server.models import CreateRoom, Credentials
from cotuong.server.protocol import (
    Chat,
    Hello,
    Ping,
    Sync,
    parse_client,
    protocol_schema,
)
from cotuong.server.ratings import Profiles
from cotuong.server.redis_jobs import RedisEngineQueue
from cotuong.server.rooms import Player, Rooms
from cotuong.server.security import RateLimiter, Signer, new_key
from cotuong.server.service import GameService
from cotuong.server.settings import ClockSource, Settings, SystemClock
from cotuong.server.sockets import Member
from cotuong.server.store import Store, database_url
from cotuong.server.tournament_routes import tournament_router
from cotuong.server.tournaments import Tournaments
from cotuong.server.wsloop import refuse, serve_frames

STATIC_DIR = FilePath(__file__).parent / "web" / "static"
MAX_ID = 2**31 - 1  # ids beyond any stored row (and beyond what every database takes)
_PLACEHOLDER = ("<!doctype html><meta charset=utf-8><title>Cờ Tướng</title>"
                "<p>cotuong server is running; the web UI files are not installed. "
                "API: <a href=/api/docs>/api/docs</a></p>")


def _signing_key(settings: Settings, store: Store) -> bytes:
    """The configured key, else one kept in the database (so secrets survive restarts)."""
    if settings.secret_key:
        return settings.secret_key
    stored = store.get_meta("secret_key")
    if stored is None:
        stored = new_key().hex()
        store.set_meta("secret_key", stored)
    return bytes.fromhex(stored)


def _error(exc: ServiceError, accept_language: str | None) -> JSONResponse:
    """The error in the reader's language (the request's ``Accept-Language``) as
    ``message``, and in both as ``texts`` (a page can switch language without asking
    again)."""
    return JSONResponse({"error": {"code": exc.code,
                                   "message": exc.text(lang_of(accept_language)),
                                   "texts": exc.texts}},
                        status_code=exc.status)


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
    database = Database(store, settings.inline_writes)
    service = GameService(settings, database, pool, clock, make_broker(settings.redis_url),
                          signer)
    acc = Accounts(database, signer, clock, settings.secure_cookies, settings.seat_days)
    rooms = Rooms(service, database, clock, signer, settings.seat_days, settings.public_url)
    lobby = Lobby(service, rooms)
    tournaments = Tournaments(database, service, rooms, clock, settings)
    analyses = Analyses(database, AnalysisStore(store.engine), pool, clock, settings,
                        server_name)

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
            if own_pool:
                await pool.close()
            if own_store:
                store.close()

    app = FastAPI(title="cotuong", version="0.1.0", lifespan=lifespan,
                  openapi_url="/api/openapi.json", docs_url="/api/docs", redoc_url=None,
                  description="Cờ Tướng server: rooms, games, accounts. The WebSocket "
                              "protocol is in docs/web-protocol.md.")
    app.state.service = service
    app.state.analyses = analyses
    app.state.tournaments = tournaments
    app.state.settings = settings
    limiter = RateLimiter(settings.http_rate, settings.http_burst)
    login_limiter = RateLimiter(settings.login_rate, settings.login_burst)

    app.add_middleware(_Guard, limiter=limiter, max_body=settings.max_body_bytes)

    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> JSONResponse:
        return _error(exc, request.headers.get("accept-language"))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where, detail = invalid_field(first)
        error = ServiceError("BAD_REQUEST", status=422, where=where, detail=detail)
        return _error(error, request.headers.get("accept-language"))

    async def player(request: Request, response: Response) -> Player:
        return await accounts.identify(acc, request, response)

    def base_url(request: Request) -> str:
        return settings.public_url or str(request.base_url)

    api = APIRouter(prefix="/api")

    @api.get("/me")
    async def me(request: Request, who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        return await accounts.me(acc, request, who)

    @api.post("/accounts/register", status_code=201)
    async def register(body: Credentials, request: Request,
                       response: Response) -> dict[str, Any]:
        _login_limit(login_limiter, request)
        return await accounts.register(acc, body.username, body.password, response)

    @api.post("/accounts/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        _login_limit(login_limiter, request)
        return await accounts.login(acc, body.username, body.password, response)

    @api.post("/accounts/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        await accounts.logout(acc, request, response)
        return {"ok": True}

    @api.post("/rooms", status_code=201)
    async def create_room(body: CreateRoom, request: Request, response: Response,
                          who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        reply = await rooms.create(who, body.model_dump(), base_url(request))
        accounts.set_seat_cookie(acc, response, reply["code"], reply["secret"])
        return reply

    @api.post("/rooms/{code}/join")
    async def join_room(code: str, request: Request, response: Response,
                        who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        reply = await rooms.join(_code(code), who, base_url(request))
        if reply["secret"] is not None:  # else a spectator of a tournament's board
            accounts.set_seat_cookie(acc, response, reply["code"], reply["secret"])
            await tournaments.arrived(reply["code"], reply["slot"])
        return reply

    @api.get("/rooms/{code}")
    async def get_room(code: str) -> dict[str, Any]:
        return await rooms.view(_code(code))

    @api.get("/games/{game_id}")
    async def get_game(game_id: int = Path(ge=1, le=MAX_ID)) -> dict[str, Any]:
        return await rooms.game_state(game_id)

    @api.get("/games/{game_id}/pgn", response_class=PlainTextResponse)
    async def get_pgn(game_id: int = Path(ge=1, le=MAX_ID),
                      notation: str = Query("vi", max_length=8)) -> Response:
        text = await rooms.pgn(game_id, notation)
        return PlainTextResponse(text, headers={
            "Content-Disposition": f'attachment; filename="cotuong-{game_id}.pgn"'})

    @api.post("/games/{game_id}/analysis")
    async def request_analysis(response: Response, game_id: int = Path(ge=1, le=MAX_ID),
                               who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        """Queue the computer analysis of a finished game (202; 200 when it was already
        queued, running or done)."""
        view, queued = await analyses.request(game_id, who.identity)
        response.status_code = 202 if queued else 200
        return view

    @api.get("/games/{game_id}/analysis")
    async def get_analysis(game_id: int = Path(ge=1, le=MAX_ID)) -> dict[str, Any]:
        """The analysis' status and progress; once done, every ply judged."""
        return await analyses.view(game_id)

    @api.get("/me/games")
    async def my_games(who: Player = Depends(player),  # noqa: B008 (FastAPI idiom)
                       limit: int = Query(50, ge=1, le=200),
                       before: int | None = Query(None, ge=1, le=MAX_ID)) -> dict[str, Any]:
        return {"games": await rooms.history(who.identity, limit, before)}

    @api.get("/users/{username}/games")
    async def user_games(username: str, limit: int = Query(50, ge=1, le=200),
                         before: int | None = Query(None, ge=1, le=MAX_ID)) -> dict[str, Any]:
        return {"games": await rooms.user_history(username, limit, before)}

    @api.get("/stats")
    async def stats() -> dict[str, Any]:
        """Live games, open sockets, server-side move handling time (ms), the engines and
        the analyses waiting and running."""
        return {**service.stats(), "analyses": await analyses.stats()}

    @api.get("/protocol.json")
    async def protocol() -> dict[str, Any]:
        """The JSON schema of the WebSocket messages (docs/web-protocol.md, section 4):
        ``client`` (browser → server) and ``server`` (server → browser)."""
        return {**protocol_schema(), **lobby_schema()}

    app.include_router(api)
    app.include_router(lobby_router(lobby, Profiles(database), acc, settings))
    app.include_router(tournament_router(tournaments, player))

    @app.websocket("/ws/rooms/{code}")
    async def room_socket(websocket: WebSocket, code: str) -> None:
        await _serve_socket(service, acc, websocket, code.upper())

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

    app.mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static")
    return app


class _Guard:
    """Rate limit per client address and a body-size cap on ``/api/`` (plain ASGI: the
    WebSocket path and static files pass straight through)."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter, max_body: int) -> None:
        self.app = app
        self.limiter = limiter
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            client = scope.get("client")
            host = client[0] if client else "?"
            error = None
            headers = Headers(scope=scope)
            if not self.limiter.allow(host, time.monotonic()):
                error = ServiceError("RATE_LIMITED")
            else:
                length = headers.get("content-length")
                if length is not None and (not length.isdigit()
                                           or int(length) > self.max_body):
                    error = ServiceError("TOO_LARGE", "ERR_TOO_LARGE_BODY", limit=self.max_body)
            if error is not None:
                await _error(error, headers.get("accept-language"))(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _code(code: str) -> str:
    code = code.upper()
    if not (4 <= len(code) <= 16 and code.isalnum()):
        raise ServiceError("ROOM_NOT_FOUND", code=code[:16])
    return code


def _login_limit(limiter: RateLimiter, request: Request) -> None:
    client = request.client.host if request.client else "?"
    if not limiter.allow(client, time.monotonic()):
        raise ServiceError("RATE_LIMITED", "ERR_LOGIN_LIMITED")


async def _serve_socket(service: GameService, acc: Accounts, websocket: WebSocket,
                        code: str) -> None:
    """One client of a room: the frame loop (:mod:`cotuong.server.wsloop`) with this
    socket's messages. A room that does not exist gets an ``error`` frame and a close
    with code 4404 and a reason."""
    lang = lang_of(websocket.headers.get("accept-language"))
    try:
        room = await service.room(_code(code))
    except ServiceError as exc:
        await refuse(websocket, exc, lang)
        return
    who = await accounts.identify_socket(acc, websocket)
    await websocket.accept()
    member = service.sockets.join(code, who.identity if who else None,
                                  who.name if who else None, room.lang)

    async def handle(m: Member, msg: Any) -> None:
        if isinstance(msg, Hello):
            await service.hello(m, msg.secret or websocket.cookies.get(f"cotuong_seat_{code}"),
                                msg.lang)
        elif not m.greeted:
            raise ServiceError("HELLO_FIRST")
        elif isinstance(msg, Ping):
            await service.ping(m)
        elif isinstance(msg, Sync):
            await service.sync(m)
        elif isinstance(msg, Chat):
            await service.chat(m, msg.text)
        else:
            await service.act(m, msg)
    try:
        await serve_frames(websocket, member, service.settings, parse_client, handle)
    finally:
        await service.leave(member)
