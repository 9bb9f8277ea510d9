"""Who is asking: guest cookies, accounts (scrypt passwords), sessions, seat cookies.

>>> cookie_name("K7QX2M")
'cotuong_seat_K7QX2M'
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import Request, Response, WebSocket
from sqlalchemy import func, select
from sqlalchemy.engine import Engine

from cotuong.server.accounts import names
from cotuong.server.errors import ServiceError
from cotuong.server.security import Signer, check_password, hash_password, token_digest
from cotuong.server.settings import ClockSource
from cotuong.server.storage import Database, Store, StoreError, users

GUEST = "cotuong_guest"
SESSION = "cotuong_session"
NAME = "cotuong_name"
YEAR_S = 365 * 86_400
SESSION_DAYS = 30


@dataclass(frozen=True, slots=True)
class Player:
    """Who is asking: a stable identity (``u:<id>`` or ``g:<guest>``) and a display name."""

    identity: str
    name: str

    @property
    def account(self) -> bool:
        return self.identity.startswith("u:")


@dataclass(frozen=True, slots=True)
class Accounts:
    """What the account routes need: the database, the signer, the clock, cookie policy."""

    database: Database
    signer: Signer
    clock: ClockSource
    secure_cookies: bool = False
    seat_days: int = 30

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


def guest_id(acc: Accounts, request: Request, response: Response) -> str:
    """The signed guest id of this browser, made (and set as a cookie) if it has none."""
    fields = acc.signer.verify(request.cookies.get(GUEST), "guest", acc.clock.now_ms())
    if fields and len(fields) == 1:
        return fields[0]
    gid = "g" + secrets.token_hex(5)
    expires = acc.clock.now_ms() + YEAR_S * 1000
    _cookie(acc, response, GUEST, acc.signer.sign("guest", gid, expires_ms=expires),
            YEAR_S)
    return gid


async def identify(acc: Accounts, request: Request, response: Response) -> Player:
    gid = guest_id(acc, request, response)
    user = await session_user(acc, request)
    if user is not None:
        return Player(f"u:{user['id']}", str(user["username"]))
    return Player(f"g:{gid}", names.decode_cookie(request.cookies.get(NAME))
                  or f"Khách {gid[-4:]}")


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
        return Player(f"u:{user['id']}", str(user["username"]))
    fields = acc.signer.verify(websocket.cookies.get(GUEST), "guest", acc.clock.now_ms())
    if not fields or len(fields) != 1:
        return None
    gid = fields[0]
    return Player(f"g:{gid}", names.decode_cookie(websocket.cookies.get(NAME))
                  or f"Khách {gid[-4:]}")


async def set_name(acc: Accounts, who: Player, text: object, response: Response) -> str:
    """A guest's new display name (validated, not an account's name), kept in a cookie."""
    if who.identity.startswith("u:"):
        raise ServiceError("BAD_NAME", "ERR_ACCOUNT_NAME")
    name = names.display_name(text)
    if await acc.database.run(_username_taken, acc.store.engine, name):
        raise ServiceError("BAD_NAME", "ERR_NAME_TAKEN", name=name)
    _cookie(acc, response, NAME, names.encode_cookie(name), YEAR_S)
    return name


async def me(acc: Accounts, request: Request, who: Player) -> dict[str, Any]:
    user = await session_user(acc, request)
    gid = request.cookies.get(GUEST)
    fields = acc.signer.verify(gid, "guest", acc.clock.now_ms()) if gid else None
    return {"guest_id": fields[0] if fields else who.identity[2:],
            "name": who.name,
            "user": {"id": user["id"], "username": user["username"]} if user else None}


async def _start_session(acc: Accounts, user_id: int, response: Response) -> None:
    token = secrets.token_urlsafe(24).replace(".", "_")
    expires = acc.clock.now_ms() + SESSION_DAYS * 86_400_000
    await acc.database.run(acc.store.create_session, token_digest(token), user_id, expires)
    _cookie(acc, response, SESSION, acc.signer.sign("session", token,
                                                            expires_ms=expires),
            SESSION_DAYS * 86_400)


async def register(acc: Accounts, username: str, password: str,
                   response: Response) -> dict[str, Any]:
    hashed = await acc.database.compute(hash_password, password)  # ~50 ms: off the loop
    try:
        uid = await acc.database.run(acc.store.create_user, username, hashed,
                               acc.clock.now_ms())
    except StoreError:
        raise ServiceError("USERNAME_TAKEN", username=username) from None
    await _start_session(acc, uid, response)
    return {"user": {"id": uid, "username": username}}


async def login(acc: Accounts, username: str, password: str,
                response: Response) -> dict[str, Any]:
    user = await acc.database.run(acc.store.user_by_name, username)
    ok = user is not None and await acc.database.compute(check_password, password,
                                                   user["password_hash"])
    if not ok or user is None:
        raise ServiceError("BAD_CREDENTIALS")
    await _start_session(acc, int(user["id"]), response)
    return {"user": {"id": user["id"], "username": user["username"]}}


async def logout(acc: Accounts, request: Request, response: Response) -> None:
    token = request.cookies.get(SESSION)
    fields = acc.signer.verify(token, "session", acc.clock.now_ms()) if token else None
    if fields:
        await acc.database.run(acc.store.delete_session, token_digest(fields[0]))
    response.delete_cookie(SESSION, path="/")


def _username_taken(engine: Engine, name: str) -> bool:
    """Whether an account has this name, ignoring case (guests may not take it)."""
    with engine.connect() as c:
        return c.execute(select(users.c.id).where(
            func.lower(users.c.username) == name.lower()).limit(1)).first() is not None
