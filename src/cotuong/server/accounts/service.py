"""Who is asking: guest cookies, accounts (scrypt passwords), sessions, seat cookies.

Usernames are unique ignoring case and some are reserved (``server``, ``admin``…: names
that would pass for the platform); a guest's chosen name travels in a cookie signed for
that guest, so nobody can hand themselves another name (or an account's).

>>> cookie_name("K7QX2M")
'cotuong_seat_K7QX2M'
>>> reserved("Server", frozenset({"server"})), reserved("lan", frozenset({"server"}))
(True, False)
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request, Response, WebSocket
from sqlalchemy import select
from sqlalchemy.engine import Engine

from cotuong.messages import Lang, Message
from cotuong.server.accounts import display, names
from cotuong.server.accounts.hashing import PasswordHasher
from cotuong.server.errors import ServiceError, lang_of
from cotuong.server.security import (
    SCRYPT_N,
    RateLimiter,
    Signer,
    check_and_upgrade,
    hash_password,
    token_digest,
)
from cotuong.server.settings import ClockSource
from cotuong.server.storage import Database, Store, StoreError, lower_name, users

USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")  # as the routes' Credentials allow
GUEST = "cotuong_guest"
SESSION = "cotuong_session"
NAME = "cotuong_name"
YEAR_S = 365 * 86_400
SESSION_DAYS = 30


@dataclass(frozen=True, slots=True)
class Player:
    """Who is asking: a stable identity (``u:<id>`` or ``g:<guest>``), the name they are
    shown by and, for an account, its username (the key tournaments and profiles use)."""

    identity: str
    name: str
    username: str | None = None

    @property
    def account(self) -> bool:
        return self.identity.startswith("u:")


@dataclass(frozen=True, slots=True)
class Accounts:
    """What the account routes need: the database, the signer, the clock, cookie policy,
    the reserved usernames, scrypt's cost, the failed-login limit per account and the
    password hasher (its processes; the app closes it at shutdown)."""

    database: Database
    signer: Signer
    clock: ClockSource
    secure_cookies: bool = False
    seat_days: int = 30
    reserved_names: frozenset[str] = frozenset()
    password_n: int = SCRYPT_N
    failed_logins: RateLimiter = field(default_factory=lambda: RateLimiter(1 / 30, 10))
    hasher: PasswordHasher = field(default_factory=PasswordHasher)

    @property
    def store(self) -> Store:
        return self.database.store


def cookie_name(code: str) -> str:
    return f"cotuong_seat_{code}"


def _cookie(acc: Accounts, response: Response, name: str, value: str,
            max_age: int) -> None:
    response.set_cookie(name, value, max_age=max_age, httponly=True, samesite="lax",
                        secure=acc.secure_cookies, path="/")


def set_seat_cookie(acc: Accounts, response: Response, code: str, secret: str) -> None:
    _cookie(acc, response, cookie_name(code), secret, acc.seat_days * 86_400)


async def session_user(acc: Accounts, request: Request | WebSocket) -> dict[str, Any] | None:
    token = request.cookies.get(SESSION)
    fields = acc.signer.verify(token, "session", acc.clock.now_ms()) if token else None
    if not fields:
        return None
    return await acc.database.run(acc.store.session_user, token_digest(fields[0]),
                            acc.clock.now_ms())


def _guest_cookie(acc: Accounts, value: str | None) -> tuple[str, Lang] | None:
    """A guest cookie's id and the language its guest arrived in (the language of their
    default name), if the server signed it; a cookie made before the language was kept
    (2026-12-04) reads as Vietnamese, the platform's first language."""
    fields = acc.signer.verify(value, "guest", acc.clock.now_ms()) if value else None
    if not fields or fields[1:] not in ((), ("vi",), ("en",)):
        return None
    return fields[0], ("en" if fields[1:] == ("en",) else "vi")


def guest_id(acc: Accounts, request: Request, response: Response) -> tuple[str, Lang]:
    """The signed guest id of this browser and the language it arrived in, made (and
    set as a cookie) if it has none: the language is the request's (``Accept-Language``,
    which the pages set to the one they show), so a guest's default name is
    ``Khách 3f9c`` or ``Guest 3f9c`` for good, the same on every page and socket."""
    known = _guest_cookie(acc, request.cookies.get(GUEST))
    if known is not None:
        return known
    gid, lang = "g" + secrets.token_hex(5), lang_of(request.headers.get("accept-language"))
    expires = acc.clock.now_ms() + YEAR_S * 1000
    _cookie(acc, response, GUEST, acc.signer.sign("guest", gid, lang, expires_ms=expires),
            YEAR_S)
    return gid, lang


async def identify(acc: Accounts, request: Request, response: Response) -> Player:
    gid, lang = guest_id(acc, request, response)
    user = await session_user(acc, request)
    if user is not None:
        return Player(f"u:{user['id']}", display.shown(user), str(user["username"]))
    return Player(f"g:{gid}", await _guest_name(acc, request.cookies.get(NAME), gid, lang))


def player_dependency(acc: Accounts) -> Callable[[Request, Response], Awaitable[Player]]:
    """The FastAPI dependency every router uses to learn who asks (``Depends(...)``)."""
    async def player(request: Request, response: Response) -> Player:
        return await identify(acc, request, response)
    return player


async def identify_socket(acc: Accounts, websocket: WebSocket) -> Player | None:
    """Who opened a WebSocket, from the cookies of its handshake (``None``: no valid
    guest cookie and no session, e.g. a script)."""
    user = await session_user(acc, websocket)
    if user is not None:
        return Player(f"u:{user['id']}", display.shown(user), str(user["username"]))
    known = _guest_cookie(acc, websocket.cookies.get(GUEST))
    if known is None:
        return None
    gid, lang = known
    return Player(f"g:{gid}", await _guest_name(acc, websocket.cookies.get(NAME), gid, lang))


async def _guest_name(acc: Accounts, cookie: str | None, gid: str, lang: Lang) -> str:
    """The name a guest chose (its cookie signed for this guest), else the default
    ``Khách <id>`` (``Guest <id>`` for a guest who arrived in English); also the default
    once an account has taken that name since (one indexed lookup, only for guests who
    chose a name)."""
    default = Message.of("GUEST_NAME", id=gid[-4:]).text(lang)
    name = names.decode_cookie(acc.signer, cookie, gid, acc.clock.now_ms())
    if name is None or reserved(name, acc.reserved_names) \
            or await acc.database.run(_username_taken, acc.store.engine, name):
        return default
    return name


def reserved(username: str, names_: frozenset[str]) -> bool:
    """Whether a name is reserved (ignoring case): the platform's own words."""
    return username.lower() in names_


async def set_name(acc: Accounts, who: Player, text: object, response: Response) -> str:
    """A guest's new display name (validated, not an account's name), kept in a cookie."""
    if who.identity.startswith("u:"):
        raise ServiceError("BAD_NAME", "ERR_ACCOUNT_NAME")
    name = names.display_name(text)
    if reserved(name, acc.reserved_names) \
            or await acc.database.run(_username_taken, acc.store.engine, name):
        raise ServiceError("BAD_NAME", "ERR_NAME_TAKEN", name=name)
    expires = acc.clock.now_ms() + YEAR_S * 1000
    _cookie(acc, response, NAME, names.encode_cookie(acc.signer, who.identity[2:], name,
                                                     expires), YEAR_S)
    return name


async def me(acc: Accounts, request: Request, who: Player) -> dict[str, Any]:
    user = await session_user(acc, request)
    known = _guest_cookie(acc, request.cookies.get(GUEST))
    return {"guest_id": known[0] if known else who.identity[2:],
            "name": who.name,
            "user": {"id": user["id"], "username": user["username"],
                     "display_name": display.shown(user)} if user else None}


async def _start_session(acc: Accounts, user_id: int, response: Response) -> None:
    token = secrets.token_urlsafe(24).replace(".", "_")
    expires = acc.clock.now_ms() + SESSION_DAYS * 86_400_000
    await acc.database.run(acc.store.create_session, token_digest(token), user_id, expires)
    _cookie(acc, response, SESSION, acc.signer.sign("session", token,
                                                            expires_ms=expires),
            SESSION_DAYS * 86_400)


async def register(acc: Accounts, username: str, password: str,
                   response: Response) -> dict[str, Any]:
    if reserved(username, acc.reserved_names):
        raise ServiceError("USERNAME_RESERVED", username=username)
    if await acc.database.run(acc.store.user_by_name, username) is not None:
        raise ServiceError("USERNAME_TAKEN", username=username)  # before paying a hash
    hashed = await acc.hasher.run(hash_password, password, n=acc.password_n)
    try:
        uid = await acc.database.run(acc.store.create_user, username, hashed,
                                     acc.clock.now_ms())
    except StoreError:
        raise ServiceError("USERNAME_TAKEN", username=username) from None
    await _start_session(acc, uid, response)
    return {"user": {"id": uid, "username": username}}


async def login(acc: Accounts, username: str, password: str,
                response: Response) -> dict[str, Any]:
    """Log in (the stored spelling, or any spelling ignoring case); failures are limited
    per account as well as per address, and a hash weaker than today's is upgraded."""
    key = username.lower()
    if acc.failed_logins.blocked(key, time.monotonic()):
        raise ServiceError("RATE_LIMITED", "ERR_LOGIN_LIMITED_ACCOUNT")
    user = await acc.database.run(acc.store.user_by_name, username)
    stored = str(user["password_hash"]) if user is not None else ""
    ok, stronger = (False, None) if user is None else \
        await acc.hasher.run(check_and_upgrade, password, stored, acc.password_n)
    if not ok or user is None:
        acc.failed_logins.allow(key, time.monotonic())
        raise ServiceError("BAD_CREDENTIALS")
    if stronger is not None:
        await acc.database.run(acc.store.set_password_hash, int(user["id"]), stronger)
    await _start_session(acc, int(user["id"]), response)
    return {"user": {"id": user["id"], "username": user["username"]}}


def _forget_this_browser(request: Request, response: Response) -> None:
    """Drop the session and every seat secret this browser holds (cookies, and the
    page's stored copies): the next person at a shared computer gets none of them."""
    response.delete_cookie(SESSION, path="/")
    for name in request.cookies:
        if name.startswith("cotuong_seat_"):
            response.delete_cookie(name, path="/")
    response.headers["Clear-Site-Data"] = '"storage"'


async def logout(acc: Accounts, request: Request, response: Response) -> None:
    token = request.cookies.get(SESSION)
    fields = acc.signer.verify(token, "session", acc.clock.now_ms()) if token else None
    if fields:
        await acc.database.run(acc.store.delete_session, token_digest(fields[0]))
    _forget_this_browser(request, response)


async def logout_everywhere(acc: Accounts, request: Request, response: Response) -> int:
    """End every session of the logged-in account (all browsers); how many ended."""
    user = await session_user(acc, request)
    if user is None:
        raise ServiceError("NOT_LOGGED_IN")
    ended = await acc.database.run(acc.store.delete_user_sessions, int(user["id"]))
    _forget_this_browser(request, response)
    return ended


def _username_taken(engine: Engine, name: str) -> bool:
    """Whether an account has this name, ignoring case (guests may not take it)."""
    if not USERNAME.fullmatch(name):
        return False  # (no username has spaces or diacritics: no query)
    with engine.connect() as c:
        return c.execute(select(users.c.id).where(
            lower_name == name.lower()).limit(1)).first() is not None
