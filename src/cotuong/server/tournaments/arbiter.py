"""The arbiter's side of online round robins: what the organiser (an account) does to an
event — create it from account usernames and invited places, start it (the numbers
are drawn; every invitation must be claimed by then), open the next round, record or
correct a result, withdraw a player, draw lots for a final tie, change the no-show wait,
how rounds open and the details the pages print. Every change is an
event of the tournament's log with who made it; the director
(:class:`~cotuong.server.tournaments.service.Tournaments`) carries out what follows from it
(rooms, games ended, the next round).

>>> Arbiter.__name__
'Arbiter'
"""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

from cotuong.messages import Listing
from cotuong.server.accounts import Player
from cotuong.server.errors import ServiceError
from cotuong.server.play import validate_room_options
from cotuong.server.tournaments import plan
from cotuong.server.tournaments import store as ts
from cotuong.server.tournaments.create import (
    LIMITS,
    build_event,
    checked_combination,
    next_stage,
    stage_time_controls,
)
from cotuong.server.tournaments.ends import arbiter_end
from cotuong.server.tournaments.invites import Invitations, pending_names
from cotuong.server.tournaments.plan import board_names
from cotuong.server.tournaments.service import Tournaments, rule_error
from cotuong.server.tournaments.stages import (
    correct_knockout,
    default_stage_tc,
    end_stale,
    open_next_stage,
)
from cotuong.server.tournaments.views import Options, time_control_text
from cotuong.tournament import (
    InvalidResultError,
    Knockout,
    SwissTournament,
    Tournament,
    TournamentError,
)
from cotuong.tournament.players import name_key
from cotuong.tournament.results import parse_result
from cotuong.tournament.systems import Directed

MAX_PLAYERS = LIMITS["swiss"]  # the most any system takes (a round robin: fewer)
ROUND_STARTS = ("auto", "arbiter", "scheduled")


def checked_start(round_start: str, times: list[int] | None, rounds: int,
                  latest_ms: int | None = None, ahead_days: int = 0) -> tuple[int, ...]:
    """The round times of ``round_start`` (``()`` unless ``scheduled``), or a refusal;
    none may be later than ``latest_ms`` (``ahead_days`` from now: the refusal says so).

    >>> checked_start("scheduled", [10, 20], 2), checked_start("auto", None, 2)
    ((10, 20), ())
    >>> checked_start("scheduled", [10, 10**16], 2, latest_ms=10**12, ahead_days=366)
    Traceback (most recent call last):
    ...
    cotuong.server.errors.ServiceError: round times must be within the next 366 days
    """
    if round_start not in ROUND_STARTS:
        raise ServiceError("BAD_REQUEST", "ERR_BAD_ROUND_START")
    if round_start != "scheduled" and times is None:
        return ()
    ok = round_start == "scheduled" and times is not None and len(times) == rounds \
        and all(x >= 0 for x in times) and all(a <= b for a, b in pairwise(times))
    if not ok or times is None:
        raise ServiceError("BAD_REQUEST", "ERR_BAD_ROUND_TIMES", rounds=rounds)
    if latest_ms is not None and any(x > latest_ms for x in times):
        raise ServiceError("BAD_REQUEST", "ERR_ROUND_TIMES_AHEAD", days=ahead_days)
    return tuple(times)


class Arbiter:
    """The organiser's actions on the events of one app's director ``d``."""

    def __init__(self, director: Tournaments) -> None:
        self.d = director

    def _checked_start(self, start: str, times: list[int] | None,
                       rounds: int) -> tuple[int, ...]:
        ahead = self.d.settings.tournament_max_ahead_s
        return checked_start(start, times, rounds,
                             self.d.clock.now_ms() + int(ahead * 1000), round(ahead / 86_400))

    async def create(self, who: Player, body: dict[str, Any]) -> dict[str, Any]:
        """A new event organised by ``who`` (an account); numbers are drawn at start.
        ``players`` are usernames of accounts, or ``{"invite": name}`` for a place by
        invitation (its code and link are in the reply's ``invitations``)."""
        if not who.account:
            raise ServiceError("NOT_LOGGED_IN", "ERR_ORGANISER_ACCOUNT")
        entries = [(str(n["invite"]), True) if isinstance(n, dict) else (str(n), False)
                   for n in body["players"]]
        names = [n for n, _ in entries]
        seen: dict[str, str] = {}
        twice = []
        for n in names:
            if name_key(n) in seen:
                twice.append(n)
            seen[name_key(n)] = n
        if twice:
            raise ServiceError("DUPLICATE_PLAYERS", names=Listing(tuple(twice)))
        if len(names) < 2:
            raise ServiceError("TOO_FEW_PLAYERS", count=len(names))
        system = checked_combination(body, len(names))
        if len(names) > LIMITS[system]:
            raise ServiceError("TOO_MANY_PLAYERS", "ERR_TOO_MANY_PLAYERS_SYSTEM",
                               count=len(names), limit=LIMITS[system], system=system)
        identities: dict[str, str] = {}
        players, invited, missing = [], [], []
        for n, by_invitation in entries:
            user = None if by_invitation else await self.d.database.run(
                self.d.database.store.user_by_name, n)
            if by_invitation:
                players.append(n)
                invited.append(n)
            elif user is None:
                missing.append(n)
            else:
                identities[str(user["username"])] = f"u:{user['id']}"
                players.append(str(user["username"]))
        if missing:
            raise ServiceError("UNKNOWN_PLAYERS", names=Listing(tuple(missing)))
        others = tuple(n for n, i in identities.items() if i != who.identity)
        if others and not self.d.settings.tournament_direct_entry:
            # Entering an account is its owner's choice: others come by invitation.
            raise ServiceError("DIRECT_ENTRY", status=403, names=Listing(others))
        room = validate_room_options({"rules": body.get("rules"),
                                      "time_control": body.get("time_control")})
        ratings = {identities_name: int(r) for n, r in (body.get("ratings") or {}).items()
                   if (identities_name := _known(players, n)) is not None}
        try:
            t = build_event(body, players, ratings)
            stage = next_stage(body)
        except TournamentError as exc:
            raise rule_error(exc) from None
        start = body.get("round_start") or "auto"
        times = self._checked_start(start, body.get("round_times"), t.rounds)
        no_show = body.get("no_show_s")
        spec = body.get("knockout") or {}
        options = Options(room["rules"], room["tc"], start,
                          self.d.settings.tournament_no_show_s if no_show is None
                          else float(no_show), body.get("lang") or "vi", identities, times,
                          stage_tc=default_stage_tc(t, stage_time_controls(spec)),
                          next_stage=stage)
        tid = await self.d.database.run(ts.create_tournament, self.d.engine, t, {
            "name": t.name, "organiser": who.identity, "organiser_name": who.name,
            "options": json.dumps(options.to_json(), ensure_ascii=False),
            "created_at": self.d.clock.now_ms()})
        made = await Invitations(self.d).make(tid, invited)
        return {**await self.d.view(tid), "invitations": made}

    async def _organised(self, tid: int, who: Player) -> tuple[dict[str, Any], Directed]:
        row, t = await self.d.load(tid)
        if row["organiser"] != who.identity:
            raise ServiceError("NOT_ORGANISER")
        return row, t

    async def begin(self, tid: int, who: Player) -> dict[str, Any]:
        """Start the event: draw the numbers and open round 1 (a scheduled round 1 at
        its time)."""
        async with self.d.locked(tid):
            row, _ = await self._organised(tid, who)
            if row["status"] != "created":
                raise ServiceError("TOURNAMENT_STARTED")
            waiting = pending_names(await Invitations(self.d).of(tid))
            if waiting:
                raise ServiceError("INVITATIONS_PENDING", names=Listing(tuple(waiting)))
            tc = Options.from_json(json.loads(row["options"])).tc

            def start(t: Directed) -> None:
                if isinstance(t, SwissTournament):  # the entry order (ratings rank it)
                    t.draw_numbers(order=[p.name for p in t.players])
                elif isinstance(t, Tournament):
                    t.draw_numbers()
                if tc is not None:  # printed on the pages
                    t.set_details(time_control=time_control_text(tc))
            await self.d.update(tid, start, who.identity, {"status": "running"})
            await self.d.advance(tid)
        return await self.d.view(tid)

    async def next_round(self, tid: int, who: Player) -> dict[str, Any]:
        """The arbiter opens the next round (the current one must be complete; a
        scheduled round may open early)."""
        async with self.d.locked(tid):
            row, t = await self._organised(tid, who)
            self._running(row)
            r = row["open_round"]
            done, total = plan.progress(t, r) if r else (0, 0)
            if done < total:
                raise ServiceError("ROUND_NOT_COMPLETE", round=r, missing=total - done)
            if r >= t.rounds:
                raise ServiceError("TOURNAMENT_FINISHED")
            await self.d.open_round(tid, r + 1)
        return await self.d.view(tid)

    async def configure(self, tid: int, who: Player, no_show_s: float | None,
                        round_start: str | None, details: dict[str, str] | None = None,
                        round_times: list[int] | None = None) -> dict[str, Any]:
        """Change the no-show wait or how rounds open (from now on), or the details the
        pages print (``venue``, ``dates``, ``chief_arbiter``: an event of the log)."""
        async with self.d.locked(tid):
            row, t = await self._organised(tid, who)
            options = Options.from_json(json.loads(row["options"]))
            if round_start is not None or round_times is not None:
                start = round_start or options.round_start
                given = round_times
                if given is None and start == "scheduled" and options.round_times:
                    given = list(options.round_times)  # switching back to them
                options = options.replace(round_start=start,
                                          round_times=self._checked_start(start, given,
                                                                          t.rounds))
            if no_show_s is not None:
                options = options.replace(no_show_s=float(no_show_s))
            if details:
                await self.d.update(tid, lambda t: t.set_details(**details), who.identity)
            await self.d.database.run(ts.set_fields, self.d.engine, tid, {
                "options": json.dumps(options.to_json(), ensure_ascii=False)})
            if row["status"] == "running":
                await self.d.resume(tid)
        return await self.d.view(tid)

    async def set_result(self, tid: int, who: Player, round_no: int, board: int,
                         result: str, reason: str) -> dict[str, Any]:
        """The arbiter records or corrects the result of a board (a live game ends with
        it); the log keeps the old result and the correction."""
        try:
            res = parse_result(result)
        except InvalidResultError:
            raise ServiceError("BAD_REQUEST", "ERR_BAD_RESULT") from None
        async with self.d.locked(tid):
            row, t = await self._organised(tid, who)
            if row["status"] == "created":
                raise ServiceError("TOURNAMENT_NOT_STARTED")
            pairing = board_names(t, round_no, board)
            if round_no > row["open_round"]:
                raise ServiceError("BOARD_NOT_OPEN", round=round_no)
            if isinstance(t, Knockout) and round_no != row["open_round"] \
                    and plan.result_at(t, round_no, board) is not None:
                raise ServiceError("KNOCKOUT_CORRECTION", match=plan.board_at(
                    t, round_no, board).match)

            def change(t: Directed) -> object:
                if plan.result_at(t, round_no, board) is None:
                    return plan.record_change(t, round_no, board, res)(t)
                if isinstance(t, Knockout):
                    return correct_knockout(t, round_no, board, res)
                return t.correct(round_no, pairing[0], pairing[1], res, reason=reason)
            await self.d.update(tid, change, who.identity)
            await self.d.end_boards(tid, {(round_no, board)}, arbiter_end(res))
            if isinstance(t, Knockout):  # a corrected game may take a replay's reason away
                await end_stale(self.d, tid, round_no)
            await self.d.advance(tid)
        return await self.d.view(tid)

    async def withdraw(self, tid: int, who: Player, username: str, policy: str,
                       from_round: int | None) -> dict[str, Any]:
        """Withdraw a player: ``forfeit`` (their games without a result from
        ``from_round`` on are lost by forfeit; default: the round under way if their game
        in it has no result yet, else the next) or ``annul`` (all their games are struck
        from the standings). Their live game ends."""
        async with self.d.locked(tid):
            row, t = await self._organised(tid, who)
            self._running(row)
            t = plan.as_tournament(t)
            try:
                player = t.player(username)
            except TournamentError:
                raise ServiceError("NOT_A_PLAYER", username=username) from None
            r = row["open_round"]
            if from_round is None:
                mine = [p for p in t.pairings(r) if player.name in (p.red, p.black)] if r \
                    else []
                from_round = r if mine and t.result_of(r, mine[0].board) is None else r + 1
            start = from_round
            before = {(g.round, g.board) for g in t.games()}
            await self.d.update(tid, lambda t: plan.as_tournament(t).withdraw(
                player.name, policy, start), who.identity)
            t = plan.as_tournament((await self.d.load(tid))[1])
            forfeits = [g for g in t.games() if (g.round, g.board) not in before]
            live = {(r, p.board) for p in (t.pairings(r) if r else ())
                    if player.name in (p.red, p.black) and p.rests is None}
            end = arbiter_end(None)
            for g in forfeits:
                if (g.round, g.board) in live:
                    await self.d.end_boards(tid, {(g.round, g.board)}, arbiter_end(g.result))
                    live.discard((g.round, g.board))
            if policy == "annul":
                await self.d.end_boards(tid, live, end)
            await self.d.advance(tid)
        view = await self.d.view(tid)
        return {**view, "withdrawal": {
            "player": player.name, "policy": policy, "from_round": start,
            "forfeits": [{"round": g.round, "board": g.board, "result": g.result.text}
                         for g in forfeits]}}

    def _running(self, row: dict[str, Any]) -> None:
        if row["status"] == "created":
            raise ServiceError("TOURNAMENT_NOT_STARTED")
        if row["status"] == "finished":
            raise ServiceError("TOURNAMENT_FINISHED")

    async def draw_lots(self, tid: int, who: Player, order: list[str]) -> dict[str, Any]:
        """Record a drawing of lots among players tied in the final ranking, best first
        (the library checks that they are a whole final tie)."""
        async with self.d.locked(tid):
            _, t = await self._organised(tid, who)
            plan.as_tournament(t)
            await self.d.update(tid, lambda t: plan.as_tournament(t).draw_lots(order),
                                who.identity)
            await open_next_stage(self.d, tid)  # a tie across the cut waited for these
        return await self.d.view(tid)


def _known(players: list[str], name: str) -> str | None:
    """The entry ``name`` names (any case), if any."""
    return next((p for p in players if p.lower() == str(name).lower()), None)
