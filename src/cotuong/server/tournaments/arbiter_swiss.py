"""The organiser's Swiss actions: a requested bye for a round not yet paired (scored as
the event set: ``requested_bye_points``) and a late entry (an account joins before a
round still to pair; the rounds it missed count as absences). Each is an event of the
log with who made it; the pairing of the next round takes them into account.

>>> SwissDesk.__name__
'SwissDesk'
"""

from __future__ import annotations

import json
from typing import Any

from cotuong.server.accounts import Player
from cotuong.server.errors import ServiceError
from cotuong.server.tournaments.create import LIMITS
from cotuong.server.tournaments.service import Tournaments
from cotuong.server.tournaments.views import Options
from cotuong.tournament import Knockout, PlayerInfo, SwissTournament, TournamentError, trf_text
from cotuong.tournament.systems import Directed


def _swiss(t: Directed) -> SwissTournament:
    if not isinstance(t, SwissTournament):
        raise ServiceError("SWISS_ACTION")
    return t


class SwissDesk:
    """Requested byes and late entries of the director ``d``'s Swiss events."""

    def __init__(self, director: Tournaments) -> None:
        self.d = director

    async def _organised(self, tid: int, who: Player) -> tuple[dict[str, Any], SwissTournament]:
        row, t = await self.d.load(tid)
        if row["organiser"] != who.identity:
            raise ServiceError("NOT_ORGANISER")
        if row["status"] == "finished":
            raise ServiceError("TOURNAMENT_FINISHED")
        return row, _swiss(t)

    async def request_bye(self, tid: int, who: Player, username: str,
                          round_no: int | None) -> dict[str, Any]:
        """A player's requested bye for ``round_no`` (default: the next round to pair)."""
        async with self.d.locked(tid):
            _, t = await self._organised(tid, who)
            try:
                name = t.player(username).name
            except TournamentError:
                raise ServiceError("NOT_A_PLAYER", username=username) from None
            await self.d.update(tid, lambda s: _swiss(s).request_bye(name, round_no),
                                who.identity)
        return await self.d.view(tid)

    async def late_entry(self, tid: int, who: Player, username: str,
                         rating: int | None) -> dict[str, Any]:
        """An account joins the event (before the last round is paired)."""
        async with self.d.locked(tid):
            row, t = await self._organised(tid, who)
            if len(t.players) >= LIMITS["swiss"]:
                raise ServiceError("TOO_MANY_PLAYERS", "ERR_TOO_MANY_PLAYERS_SYSTEM",
                                   count=len(t.players) + 1, limit=LIMITS["swiss"],
                                   system="swiss")
            user = await self.d.database.run(self.d.database.store.user_by_name, username)
            if user is None:
                raise ServiceError("UNKNOWN_PLAYERS", names=username)
            name = str(user["username"])
            options = Options.from_json(json.loads(row["options"]))
            identities = {**options.identities, name: f"u:{user['id']}"}

            def add(s: Directed) -> object:
                return _swiss(s).add_player(PlayerInfo(name, rating=rating))
            await self.d.update(tid, add, who.identity, {"options": json.dumps(
                options.replace(identities=identities).to_json(), ensure_ascii=False)})
        return await self.d.view(tid)



def event_trf(t: Directed) -> str:
    """The event's TRF-16, the library's (Swiss and round robin; a knockout, which TRF-16
    does not describe: ``TRF_KNOCKOUT``)."""
    if isinstance(t, Knockout):
        raise ServiceError("TRF_KNOCKOUT")
    return trf_text(t)


__all__ = ["SwissDesk", "event_trf"]
