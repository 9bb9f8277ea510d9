"""Who is asking: guest cookies, accounts (scrypt passwords), sessions, seat cookies.

>>> cookie_name("K7QX2M")
'cotuong_seat_K7QX2M'
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import Request, Response

from cotuong.server.errors import ServiceError
from cotuong.server.rooms import Player
from cotuong.server.security import check_password, hash_password, token_digest
from cotuong.server.service import GameService
from cotuong.server.store import StoreError

GUEST = "cotuong_guest"
SESSION = "cotuong_session"
YEAR_S = 365 * 86_400
SESSION_DAYS = 30


def cookie_name(code: str) -> str:
    return f"cotuong_seat_{code}"


def _cookie(service: GameService, response: Response, name: str, value: str,
            max_age: int) -> None:
    response.set_cookie(name, value, max_age=max_age, httponly=True, samesite="lax",
                        secure=service.settings.secure_cookies, path="/")


def set_seat_cookie(service: GameService, response: Response, code: str, secret: str) -> None:
    _cookie(service, response, cookie_name(code), secret, service.settings.seat_days * 86_400)


async def session_user(service: GameService, request: Request) -> dict[str, Any] | None:
    token = request.cookies.get(SESSION)
    fields = service.signer.verify(token, "session", service.clock.now_ms()) if token else None
    if not fields:
        return None
    return await service.db(service.store.session_user, token_digest(fields[0]),
                            service.clock.now_ms())


def guest_id(service: GameService, request: Request, response: Response) -> str:
    """The signed guest id of this browser, made (and set as a cookie) if it has none."""
    fields = service.signer.verify(request.cookies.get(GUEST), "guest", service.clock.now_ms())
    if fields and len(fields) == 1:
        return fields[0]
    gid = "g" + secrets.token_hex(5)
    expires = service.clock.now_ms() + YEAR_S * 1000
    _cookie(service, response, GUEST, service.signer.sign("guest", gid, expires_ms=expires),
            YEAR_S)
    return gid


async def identify(service: GameService, request: Request, response: Response) -> Player:
    gid = guest_id(service, request, response)
    user = await session_user(service, request)
    if user is not None:
        return Player(f"u:{user['id']}", str(user["username"]))
    return Player(f"g:{gid}", f"Khách {gid[-4:]}")


async def me(service: GameService, request: Request, who: Player) -> dict[str, Any]:
    user = await session_user(service, request)
    gid = request.cookies.get(GUEST)
    fields = service.signer.verify(gid, "guest", service.clock.now_ms()) if gid else None
    return {"guest_id": fields[0] if fields else who.identity[2:],
            "name": who.name,
            "user": {"id": user["id"], "username": user["username"]} if user else None}


async def _start_session(service: GameService, user_id: int, response: Response) -> None:
    token = secrets.token_urlsafe(24).replace(".", "_")
    expires = service.clock.now_ms() + SESSION_DAYS * 86_400_000
    await service.db(service.store.create_session, token_digest(token), user_id, expires)
    _cookie(service, response, SESSION, service.signer.sign("session", token,
                                                            expires_ms=expires),
            SESSION_DAYS * 86_400)


async def register(service: GameService, username: str, password: str,
                   response: Response) -> dict[str, Any]:
    hashed = await service.db(hash_password, password)  # ~50 ms: off the event loop
    try:
        uid = await service.db(service.store.create_user, username, hashed,
                               service.clock.now_ms())
    except StoreError:
        raise ServiceError("USERNAME_TAKEN", f"the username {username!r} is taken") from None
    await _start_session(service, uid, response)
    return {"user": {"id": uid, "username": username}}


async def login(service: GameService, username: str, password: str,
                response: Response) -> dict[str, Any]:
    user = await service.db(service.store.user_by_name, username)
    ok = user is not None and await service.db(check_password, password,
                                               user["password_hash"])
    if not ok or user is None:
        raise ServiceError("BAD_CREDENTIALS", "wrong username or password")
    await _start_session(service, int(user["id"]), response)
    return {"user": {"id": user["id"], "username": user["username"]}}


async def logout(service: GameService, request: Request, response: Response) -> None:
    token = request.cookies.get(SESSION)
    fields = service.signer.verify(token, "session", service.clock.now_ms()) if token else None
    if fields:
        await service.db(service.store.delete_session, token_digest(fields[0]))
    response.delete_cookie(SESSION, path="/")
