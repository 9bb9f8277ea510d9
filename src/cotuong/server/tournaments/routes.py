"""The REST routes of online round robins (docs/web-protocol.md, "Tournaments") and the
tournament's web pages (its page, the list, an invitation's page). Each route only
translates HTTP to a :class:`~cotuong.server.tournaments.service.Tournaments` (reading),
:class:`~cotuong.server.tournaments.arbiter.Arbiter` (the organiser's actions) or
:class:`~cotuong.server.tournaments.invites.Invitations` (invitations) call.

>>> CreateTournament(name="Giải CLB", players=["an", "binh"]).double
False
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from fastapi.responses import HTMLResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from cotuong.server.accounts import Player
from cotuong.server.timecontrol import TimeControlBody
from cotuong.server.tournaments.arbiter import MAX_PLAYERS, Arbiter
from cotuong.server.tournaments.arbiter_swiss import SwissDesk, event_trf
from cotuong.server.tournaments.invite_pages import invite_page
from cotuong.server.tournaments.invites import Invitations
from cotuong.server.tournaments.list_pages import list_page
from cotuong.server.tournaments.page_shell import LANG_COOKIE, page_lang
from cotuong.server.tournaments.pages import print_page, tournament_page
from cotuong.server.tournaments.service import Tournaments

MAX_ID = 2**31 - 1
TournamentId = Path(ge=1, le=MAX_ID)


class Invite(BaseModel):
    """A place by invitation in ``players``: ``{"invite": "Display name"}``."""

    model_config = ConfigDict(extra="forbid")
    invite: str = Field(min_length=1, max_length=64)


TimeControls = dict[Literal["rapid", "blitz"], TimeControlBody]
Ladder = list[tuple[Literal["replay", "rapid", "blitz"], Annotated[int, Field(ge=1, le=9)]]]


def _one_replay() -> Ladder:
    return [("replay", 1)]


class KnockoutBody(BaseModel):
    """A knockout's options: games per match (the final's too), the tie-break ladder
    (lots come last, drawn by the server), a third-place match, the tie-break games'
    time controls."""

    model_config = ConfigDict(extra="forbid")
    games: int = Field(1, ge=1, le=9)
    final_games: int | None = Field(None, ge=1, le=9)
    ladder: Ladder = Field(default_factory=_one_replay, max_length=3)
    third_place: bool = False
    tiebreak_time_controls: TimeControls | None = None


class StageBody(KnockoutBody):
    """The stage after a Swiss or round robin: a knockout of its ``top`` players."""

    system: Literal["knockout"]
    top: int = Field(ge=2, le=MAX_PLAYERS)


class CreateTournament(BaseModel):
    """``POST /api/tournaments``: players by account username or by invitation, in entry
    order (a Swiss's initial ranking and a knockout's seeds, unless ``ratings`` rank
    them); the system and its options (docs/web-protocol.md)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=120)
    players: list[str | Invite] = Field(max_length=MAX_PLAYERS * 2)
    system: Literal["round_robin", "swiss", "knockout"] = "round_robin"
    rounds: int | None = Field(None, ge=1, le=30)
    tiebreaks: list[str] | None = Field(None, max_length=12)
    bye_points: float | None = None
    requested_bye_points: float | None = None
    accelerated: bool = False
    ratings: dict[str, int] | None = Field(None, max_length=MAX_PLAYERS * 2)
    knockout: KnockoutBody | None = None
    stages: list[StageBody] | None = Field(None, max_length=4)
    double: bool = False
    time_control: TimeControlBody | None = None
    rules: str = "xiangqiplay"
    round_start: str = "auto"
    round_times: list[int] | None = Field(None, max_length=2 * MAX_PLAYERS)
    no_show_s: float | None = Field(None, ge=0, le=86_400)
    lang: Literal["vi", "en"] = "vi"


class InvitePlayers(BaseModel):
    """More places by invitation before the start (display names)."""

    model_config = ConfigDict(extra="forbid")
    names: list[Annotated[str, StringConstraints(strip_whitespace=True, min_length=1,
                                                 max_length=64)]] = Field(
        min_length=1, max_length=MAX_PLAYERS)


InviteCode = Path(min_length=8, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")


class SetResult(BaseModel):
    """The arbiter records or corrects a board's result."""

    model_config = ConfigDict(extra="forbid")
    round: int = Field(ge=1, le=1000)
    board: int = Field(ge=1, le=1000)
    result: str = Field(max_length=16)
    reason: str = Field("", max_length=200)


class WithdrawPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(max_length=64)
    policy: Literal["forfeit", "annul"] = "forfeit"
    from_round: int | None = Field(None, ge=1, le=1000)


class Configure(BaseModel):
    """Any of: the no-show wait, how rounds open, the details the pages print."""

    model_config = ConfigDict(extra="forbid")
    no_show_s: float | None = Field(None, ge=0, le=86_400)
    round_start: str | None = None
    round_times: list[int] | None = Field(None, max_length=2 * MAX_PLAYERS)
    venue: str | None = Field(None, max_length=120)
    dates: str | None = Field(None, max_length=120)
    chief_arbiter: str | None = Field(None, max_length=120)


class RequestBye(BaseModel):
    """A Swiss player's requested bye (default: the next round to pair)."""

    model_config = ConfigDict(extra="forbid")
    username: str = Field(max_length=64)
    round: int | None = Field(None, ge=1, le=30)


class LateEntry(BaseModel):
    """An account joins a Swiss event under way."""

    model_config = ConfigDict(extra="forbid")
    username: str = Field(max_length=64)
    rating: int | None = Field(None, ge=0, le=4000)


class DrawLots(BaseModel):
    """The tied players, best first, as the lots fell."""

    model_config = ConfigDict(extra="forbid")
    order: list[str] = Field(min_length=2, max_length=MAX_PLAYERS * 2)


def tournament_router(tournaments: Tournaments,
                      player: Callable[[Request, Response], Awaitable[Player]]) -> APIRouter:
    """``/api/tournaments...`` and the pages ``/tournaments``, ``/tournaments/{id}``;
    ``player`` says who asks (the app's dependency)."""
    router = APIRouter()
    arbiter = Arbiter(tournaments)
    invitations = Invitations(tournaments)
    swiss = SwissDesk(tournaments)
    who_dep = Depends(player)

    @router.post("/api/tournaments", status_code=201)
    async def create(body: CreateTournament, who: Player = who_dep) -> dict[str, Any]:
        """Create a round robin organised by the logged-in account."""
        data = body.model_dump()  # (an invitation: {"invite": name})
        data["time_control"] = body.time_control.model_dump() if body.time_control else None
        data["players"] = [p.model_dump() if isinstance(p, Invite) else p
                           for p in body.players]
        data["knockout"] = body.knockout.model_dump() if body.knockout else None
        data["stages"] = [s.model_dump() for s in body.stages] if body.stages else None
        for spec in (data["knockout"], *(data["stages"] or ())):
            if spec is not None:
                spec["ladder"] = [list(x) for x in spec["ladder"]]
                spec["tiebreak_time_controls"] = spec["tiebreak_time_controls"] or {}
        return await arbiter.create(who, data)

    @router.get("/api/tournaments")
    async def recent(limit: int = Query(20, ge=1, le=100),
                     before: int | None = Query(None, ge=1, le=MAX_ID)) -> dict[str, Any]:
        """The newest events, ``limit`` a page; ``next_before`` asks for the next page
        (``null``: this was the last)."""
        rows = await tournaments.recent(limit, before)
        more = len(rows) == limit
        return {"tournaments": rows,
                "next_before": rows[-1]["tournament_id"] if rows and more else None}

    @router.get("/api/tournaments/{tid}")
    async def view(tid: int = TournamentId) -> dict[str, Any]:
        """Rounds with each board's red, black, room code and result; standings rows."""
        return await tournaments.view(tid)

    @router.post("/api/tournaments/{tid}/start")
    async def start(tid: int = TournamentId, who: Player = who_dep) -> dict[str, Any]:
        """Draw the numbers and open round 1 (the organiser)."""
        return await arbiter.begin(tid, who)

    @router.post("/api/tournaments/{tid}/rounds/next")
    async def next_round(tid: int = TournamentId, who: Player = who_dep) -> dict[str, Any]:
        """Open the next round once the current one is complete (the organiser)."""
        return await arbiter.next_round(tid, who)

    @router.post("/api/tournaments/{tid}/results")
    async def set_result(body: SetResult, tid: int = TournamentId,
                         who: Player = who_dep) -> dict[str, Any]:
        """Record or correct a board's result (the organiser); the log keeps both."""
        return await arbiter.set_result(tid, who, body.round, body.board, body.result,
                                            body.reason)

    @router.post("/api/tournaments/{tid}/withdraw")
    async def withdraw(body: WithdrawPlayer, tid: int = TournamentId,
                       who: Player = who_dep) -> dict[str, Any]:
        """Withdraw a player (the organiser); ``withdrawal`` says how their games count."""
        return await arbiter.withdraw(tid, who, body.username, body.policy,
                                          body.from_round)

    @router.patch("/api/tournaments/{tid}")
    async def configure(body: Configure, tid: int = TournamentId,
                        who: Player = who_dep) -> dict[str, Any]:
        """Change the no-show wait, how rounds open or the printed details (the
        organiser)."""
        details = {k: v for k in ("venue", "dates", "chief_arbiter")
                   if (v := getattr(body, k)) is not None}
        return await arbiter.configure(tid, who, body.no_show_s, body.round_start, details,
                                       body.round_times)

    @router.get("/api/tournaments/{tid}/trf", response_class=PlainTextResponse)
    async def trf(tid: int = TournamentId) -> Response:
        """The event's TRF-16 (Swiss, round robin; ``TRF_KNOCKOUT`` for a knockout)."""
        _, t = await tournaments.load(tid)
        return Response(event_trf(t), media_type="text/plain; charset=utf-8")

    @router.post("/api/tournaments/{tid}/byes")
    async def bye(body: RequestBye, tid: int = TournamentId,
                  who: Player = who_dep) -> dict[str, Any]:
        """A Swiss player's requested bye (the organiser)."""
        return await swiss.request_bye(tid, who, body.username, body.round)

    @router.post("/api/tournaments/{tid}/players")
    async def late_entry(body: LateEntry, tid: int = TournamentId,
                         who: Player = who_dep) -> dict[str, Any]:
        """A late entry into a Swiss event (the organiser)."""
        return await swiss.late_entry(tid, who, body.username, body.rating)

    @router.post("/api/tournaments/{tid}/lots")
    async def lots(body: DrawLots, tid: int = TournamentId,
                   who: Player = who_dep) -> dict[str, Any]:
        """Record a drawing of lots for a final tie (the organiser)."""
        return await arbiter.draw_lots(tid, who, body.order)

    @router.get("/api/tournaments/{tid}/invitations")
    async def invitations_of(tid: int = TournamentId,
                             who: Player = who_dep) -> dict[str, Any]:
        """Every invitation with its code, link and claimant (the organiser only)."""
        return await invitations.listing(tid, who)

    @router.post("/api/tournaments/{tid}/invitations", status_code=201)
    async def invite(body: InvitePlayers, tid: int = TournamentId,
                     who: Player = who_dep) -> dict[str, Any]:
        """Invite more players before the start (the organiser)."""
        return await invitations.invite(tid, who, body.names, MAX_PLAYERS)

    @router.delete("/api/tournaments/{tid}/invitations/{code}")
    async def uninvite(tid: int = TournamentId, code: str = InviteCode,
                       who: Player = who_dep) -> dict[str, Any]:
        """Take back an unclaimed invitation before the start (the organiser)."""
        return await invitations.remove(tid, who, code)

    @router.post("/api/tournaments/{tid}/invitations/{code}/claim")
    async def claim(tid: int = TournamentId, code: str = InviteCode,
                    who: Player = who_dep) -> dict[str, Any]:
        """The logged-in account takes the invited place of ``code``."""
        return await invitations.claim(tid, code, who)

    @router.get("/api/tournaments/{tid}/events")
    async def events(tid: int = TournamentId) -> dict[str, Any]:
        """The event log: results, corrections, withdrawals, with who and when."""
        return {"events": await tournaments.history(tid)}

    def lang(request: Request) -> str:
        return page_lang(request.cookies.get(LANG_COOKIE),
                         request.headers.get("accept-language"))

    def base_url(request: Request) -> str:
        """The address friends reach this server by: the configured public one, else
        the one this visitor used (the request's ``Host``)."""
        return tournaments.settings.public_url or str(request.base_url)

    @router.get("/tournaments", include_in_schema=False)
    async def index(request: Request, who: Player = who_dep) -> HTMLResponse:
        """The list; a logged-in account also gets the form that organises one."""
        return HTMLResponse(list_page(await tournaments.recent(100), who.account,
                                      lang(request)))

    @router.get("/tournaments/{tid}", include_in_schema=False)
    async def page(request: Request, tid: int = TournamentId,
                   who: Player = who_dep) -> HTMLResponse:
        """The tournament's page; its organiser also gets the arbiter's forms, a paired
        player their board marked."""
        row, t, boards = await tournaments.state(tid)
        organiser = row["organiser"] == who.identity
        invites = await invitations.of(tid)
        shown = await tournaments.shown_names(row)
        return HTMLResponse(tournament_page(row, t, boards, organiser, invites,
                                            lang(request), who.identity, base_url(request),
                                            shown))

    @router.get("/tournaments/{tid}/print", include_in_schema=False)
    async def printable(tid: int = TournamentId) -> HTMLResponse:
        """The tournament library's printable page, as it is."""
        row, t = await tournaments.load(tid)
        return HTMLResponse(print_page(row, t))

    @router.get("/tournaments/{tid}/invite/{code}", include_in_schema=False)
    async def invite_link(request: Request, tid: int = TournamentId,
                          code: str = InviteCode, who: Player = who_dep) -> HTMLResponse:
        """The invitation page: claim the place (a guest logs in or registers first)."""
        row, inv = await invitations.page_state(tid, code)
        return HTMLResponse(invite_page(row, inv, who.username if who.account else None,
                                        lang(request)))

    return router
