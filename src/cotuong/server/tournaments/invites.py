"""Players by invitation: the organiser names a place for someone without an account (or
whose username they do not know); the place gets an unguessable code and a link
``/tournaments/{id}/invite/{code}``; an account that opens it claims the place.

Rules (docs/web-protocol.md, "Invitations"): invitations are made at creation or added
by the organiser before the start (numbers are drawn at the start, so every player must
be known by then); a code is claimed once, by an account (not a guest) that is not
already a player of the event; the claim renames the place to the account's username —
an ``edit_player`` event of the tournament's log by that account (the audit trail) —
binds the account to it and marks the invitation, in one transaction. The event cannot
start while an invitation is unclaimed (:func:`pending_names`); before the start the
organiser may take an unclaimed invitation back, and its place leaves the event (a
``remove_player`` event).

>>> invitation_json(1, {"name": "Lan", "code": "abc", "claimed_name": None,
...                     "claimed_at": None})["url"]
'/tournaments/1/invite/abc'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy.engine import Connection

from cotuong.messages import Listing
from cotuong.server.accounts import Player
from cotuong.server.errors import ServiceError
from cotuong.server.tournaments import invite_store as store
from cotuong.server.tournaments import plan
from cotuong.server.tournaments.create import LIMITS
from cotuong.server.tournaments.service import Tournaments
from cotuong.server.tournaments.views import Options
from cotuong.tournament import Tournament
from cotuong.tournament.players import name_key
from cotuong.tournament.systems import Directed


def invitation_json(tid: int, row: dict[str, Any]) -> dict[str, Any]:
    """One invitation as the organiser sees it (with its code and link)."""
    return {"name": row["name"], "code": row["code"],
            "url": f"/tournaments/{tid}/invite/{row['code']}",
            "claimed": row["claimed_name"] is not None, "claimed_by": row["claimed_name"],
            "claimed_at": row["claimed_at"]}


def pending_names(invites: Sequence[dict[str, Any]]) -> list[str]:
    """The places still waiting for their player.

    >>> pending_names([{"name": "Lan", "claimed_by": None}, {"name": "Hà",
    ...                "claimed_by": "u:3"}])
    ['Lan']
    """
    return [i["name"] for i in invites if i["claimed_by"] is None]


class Invitations:
    """Invitations to the events of one app's director ``d``."""

    def __init__(self, director: Tournaments) -> None:
        self.d = director

    async def of(self, tid: int) -> list[dict[str, Any]]:
        return await self.d.database.run(store.of_tournament, self.d.engine, tid)

    async def make(self, tid: int, names: Sequence[str]) -> list[dict[str, Any]]:
        """Rows with fresh codes for the places ``names`` (already players of ``tid``)."""
        _, t = await self.d.load(tid)
        places = [(n, store.new_code(), t.player(n).number) for n in names]
        await self.d.database.run(store.add, self.d.engine, tid, places, self.d.clock.now_ms())
        return [invitation_json(tid, r) for r in await self.of(tid)
                if r["code"] in {c for _, c, _ in places}]

    async def _organised(self, tid: int, who: Player) -> tuple[dict[str, Any], Tournament]:
        row, t = await self.d.load(tid)
        if row["organiser"] != who.identity:
            raise ServiceError("NOT_ORGANISER")
        return row, plan.as_tournament(t)  # a knockout's seeds are fixed: no invitations

    async def listing(self, tid: int, who: Player) -> dict[str, Any]:
        """Every invitation of the event with its code and link (the organiser only)."""
        await self._organised(tid, who)
        return {"invitations": [invitation_json(tid, r) for r in await self.of(tid)]}

    async def invite(self, tid: int, who: Player, names: Sequence[str],
                     limit: int) -> dict[str, Any]:
        """Add invited places before the start (the organiser): each is a player of the
        event (an ``add_player`` event) with its own code."""
        async with self.d.locked(tid):
            row, t = await self._organised(tid, who)
            if row["status"] != "created":
                raise ServiceError("INVITE_STARTED")
            have = {name_key(p.name) for p in t.players}
            twice, seen = [], set()
            for n in names:
                if name_key(n) in have or name_key(n) in seen:
                    twice.append(n)
                seen.add(name_key(n))
            if twice:
                raise ServiceError("DUPLICATE_PLAYERS", names=Listing(tuple(twice)))
            limit = min(limit, LIMITS[plan.system(t)])
            if len(t.players) + len(names) > limit:
                raise ServiceError("TOO_MANY_PLAYERS", count=len(t.players) + len(names),
                                   limit=limit)

            def add(t: Directed) -> None:
                for n in names:
                    plan.as_tournament(t).add_player(n)
            await self.d.update(tid, add, who.identity)
            made = await self.make(tid, names)
        return {**await self.d.view(tid), "invitations": made}

    async def claim(self, tid: int, code: str, who: Player) -> dict[str, Any]:
        """The account ``who`` takes the invited place of ``code``."""
        if not who.account:
            raise ServiceError("NOT_LOGGED_IN", "ERR_INVITE_ACCOUNT")
        username = who.username or who.name  # the place takes the account's key
        async with self.d.locked(tid):
            row, t = await self.d.load(tid)
            inv = await self._open_invitation(tid, code, row)
            options = Options.from_json(json.loads(row["options"]))
            if who.identity in options.identities.values():
                raise ServiceError("INVITE_ALREADY_PLAYER", username=username)
            place = t.player(inv["name"])
            if any(name_key(p.name) == name_key(username) for p in t.players if p != place):
                raise ServiceError("INVITE_NAME_TAKEN", username=username)
            now = self.d.clock.now_ms()

            def bind(c: Connection) -> None:
                store.mark_claimed(c, code, who.identity, username, now)
                store.bind_identity(c, tid, username, who.identity)
            try:
                await self.d.update(tid, lambda t: plan.as_tournament(t).rename(
                    place.name, username),
                                    who.identity, None, bind)
            except store.AlreadyClaimedError:
                raise ServiceError("INVITE_USED") from None
            except store.AlreadyPlayingError:
                raise ServiceError("INVITE_ALREADY_PLAYER", username=username) from None
        view = await self.d.view(tid)
        return {**view, "claimed": {"player": username, "invited_as": inv["name"]}}

    async def _open_invitation(self, tid: int, code: str, row: Any) -> Any:
        """The unclaimed invitation ``code`` of an event not yet started (``row``)."""
        inv = await self.d.database.run(store.by_code, self.d.engine, tid, code)
        if inv is None:
            raise ServiceError("INVITE_NOT_FOUND")
        if inv["claimed_by"] is not None:
            raise ServiceError("INVITE_USED")
        if row["status"] != "created":
            raise ServiceError("INVITE_STARTED")
        return inv

    async def remove(self, tid: int, who: Player, code: str) -> dict[str, Any]:
        """Take back an unclaimed invitation before the start (the organiser): its place
        leaves the event (a ``remove_player`` event; later entries move up)."""
        async with self.d.locked(tid):
            row, t = await self._organised(tid, who)
            inv = await self._open_invitation(tid, code, row)
            if len(t.players) <= 2:
                raise ServiceError("TOO_FEW_PLAYERS", count=len(t.players) - 1)
            try:
                await self.d.update(tid, lambda t: plan.as_tournament(t).remove_player(
                    inv["name"]),
                                    who.identity, None, lambda c: store.remove(c, code))
            except store.AlreadyClaimedError:
                raise ServiceError("INVITE_USED") from None
        return {**await self.d.view(tid), "removed": inv["name"]}

    async def page_state(self, tid: int, code: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The tournament's row and the invitation (for the invitation page)."""
        row, _ = await self.d.load(tid)
        inv = await self.d.database.run(store.by_code, self.d.engine, tid, code)
        if inv is None:
            raise ServiceError("INVITE_NOT_FOUND")
        return row, inv
