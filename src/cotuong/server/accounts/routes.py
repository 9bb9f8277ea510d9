"""The accounts' routes: who am I, register, log in and out, a guest's display name, a
player's profile and the leaderboards. Each is a thin translation to
:mod:`cotuong.server.accounts.service` or :class:`~cotuong.server.accounts.profiles.Profiles`.

>>> Credentials(username="an_1", password="12345678").username
'an_1'
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from cotuong.server.accounts import display
from cotuong.server.accounts import service as accounts
from cotuong.server.accounts.profiles import Profiles
from cotuong.server.accounts.service import Accounts, Player
from cotuong.server.errors import ServiceError
from cotuong.server.ratings import CATEGORIES
from cotuong.server.security import RateLimiter

__all__ = ["Credentials", "NameBody", "Registration", "accounts_router"]


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")
    password: str = Field(min_length=8, max_length=200)


class Registration(Credentials):
    """Registering: the credentials and, optionally, the name to be shown by (any
    script; the username stays ASCII)."""

    display_name: str | None = Field(None, max_length=200)


class NameBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str


def accounts_router(acc: Accounts, profiles: Profiles, login_limiter: RateLimiter) -> APIRouter:
    """``/api/me``, ``/api/accounts/…``, ``/api/me/name``, ``/api/users/{username}`` and
    ``/api/leaderboard``; logins and registrations limited per address."""
    router = APIRouter(prefix="/api")
    player = accounts.player_dependency(acc)

    def login_limit(request: Request) -> None:
        client = request.client.host if request.client else "?"
        if not login_limiter.allow(client, time.monotonic()):
            raise ServiceError("RATE_LIMITED", "ERR_LOGIN_LIMITED")

    @router.get("/me")
    async def me(request: Request, who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        return await accounts.me(acc, request, who)

    @router.post("/accounts/register", status_code=201)
    async def register(body: Registration, request: Request,
                       response: Response) -> dict[str, Any]:
        login_limit(request)
        shown = None if body.display_name is None \
            else await display.checked(acc.database, body.display_name)  # before the account
        reply = await accounts.register(acc, body.username, body.password, response)
        if shown is not None:
            shown = await display.set_account_name(acc.database, reply["user"]["id"], shown)
        reply["user"]["display_name"] = shown or body.username
        return reply

    @router.post("/accounts/login")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        login_limit(request)
        return await accounts.login(acc, body.username, body.password, response)

    @router.post("/accounts/logout")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        await accounts.logout(acc, request, response)
        return {"ok": True}

    @router.post("/accounts/logout-all")
    async def logout_all(request: Request, response: Response) -> dict[str, Any]:
        """Log out everywhere: every session of this account ends (all browsers); this
        browser also forgets its seat secrets."""
        return {"ok": True, "sessions": await accounts.logout_everywhere(acc, request,
                                                                         response)}

    @router.post("/me/name")
    async def set_name(body: NameBody, response: Response,
                       who: Player = Depends(player)) -> dict[str, Any]:  # noqa: B008 (FastAPI idiom)
        """The name shown to opponents and spectators from now on: a guest's (kept in a
        cookie) or an account's (kept with the account)."""
        if who.account:
            return {"name": await display.set_account_name(acc.database,
                                                           int(who.identity[2:]), body.name)}
        return {"name": await accounts.set_name(acc, who, body.name, response)}

    @router.get("/leaderboard")
    async def leaderboard(category: str = Query("blitz", max_length=16, json_schema_extra={
                              "enum": list(CATEGORIES)}),
                          limit: int = Query(50, ge=1, le=200)) -> dict[str, Any]:
        return await profiles.leaderboard(category, limit)

    @router.get("/users/{username}")
    async def user(username: str = Path(max_length=64)) -> dict[str, Any]:
        """An account's ratings per category, result counts and rating history."""
        return await profiles.user(username)

    return router
