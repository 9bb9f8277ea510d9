"""Accounts' display names: the name an account is shown by — in rooms, the lobby, chat,
profiles, leaderboards and tournaments — in any script ("Trần Đức"), while its username
stays the ASCII key it logs in with and its profile's address. The rules are the
guests' (:func:`cotuong.server.accounts.names.display_name`), and a display name may not
be another account's username or display name, ignoring case (so two accounts never
look alike). ``NULL`` in ``users.display_name``: shown by the username.

>>> shown({"username": "lan", "display_name": None}), shown({"username": "tran",
...        "display_name": "Trần Đức"})
('lan', 'Trần Đức')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.engine import Engine

from cotuong.server.accounts import names
from cotuong.server.errors import ServiceError
from cotuong.server.storage import Database, users


def shown(user: Mapping[str, Any]) -> str:
    """The name a user row is shown by."""
    return str(user.get("display_name") or user["username"])


def _taken(engine: Engine, name: str, own_id: int | None) -> bool:
    """Whether another account has ``name`` as its username or display name (any case).
    Display names are compared here, not in SQL: SQLite's ``lower`` folds ASCII only
    ("Đ" stays), so the candidates of the same length are read and folded in Python."""
    key = name.casefold()
    q = select(users.c.id, users.c.username, users.c.display_name).where(or_(
        func.lower(users.c.username) == name.lower(),
        func.length(users.c.display_name) == len(name)))
    if own_id is not None:
        q = q.where(users.c.id != own_id)
    with engine.connect() as c:
        return any(key in (str(r.username).casefold(), str(r.display_name or "").casefold())
                   for r in c.execute(q))


def _store(engine: Engine, user_id: int, name: str | None) -> None:
    with engine.begin() as c:
        c.execute(update(users).where(users.c.id == user_id).values(display_name=name))


async def checked(database: Database, text: object, own_id: int | None = None) -> str:
    """``text`` as an account's display name, or ``BAD_NAME`` saying why (the guests'
    rules; not another account's name)."""
    name = names.display_name(text)
    if await database.run(_taken, database.store.engine, name, own_id):
        raise ServiceError("BAD_NAME", "ERR_NAME_TAKEN", name=name)
    return name


async def set_account_name(database: Database, user_id: int, text: object) -> str:
    """Give account ``user_id`` the display name ``text`` (checked); the name kept."""
    name = await checked(database, text, user_id)
    await database.run(_store, database.store.engine, user_id, name)
    return name


async def shown_names(database: Database, identities: list[str]) -> dict[str, str]:
    """The shown names of the accounts among ``identities`` (``u:<id>``), by identity."""
    out = {}
    for identity in identities:
        if identity.startswith("u:") and identity[2:].isdigit():
            row = await database.run(database.store.user_by_id, int(identity[2:]))
            if row is not None:
                out[identity] = shown(row)
    return out
