"""What follows from a knockout's games and a stage's end, for the director
(:class:`~cotuong.server.tournaments.service.Tournaments`): lots the server draws for a
match still level after its ladder (the seed kept in the event's options and shown, so
anyone can check the drawing: :func:`~cotuong.server.tournaments.bracket.lots_winner`),
rooms for the games the matches ask for next, and the next stage of a multi-stage event
(a Swiss or round robin, then a knockout of its top N) opened as an event of its own,
linked both ways, once the first stage is finished.

>>> DEFAULT_STAGE_TC["rapid"].base_ms, DEFAULT_STAGE_TC["blitz"].base_ms
(600000, 180000)
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from cotuong.server.errors import ServiceError
from cotuong.server.timecontrol import TimeControl
from cotuong.server.tournaments import plan
from cotuong.server.tournaments import store as ts
from cotuong.server.tournaments.bracket import draw_lots
from cotuong.server.tournaments.create import knockout_options, stage_time_controls
from cotuong.server.tournaments.ends import arbiter_end
from cotuong.server.tournaments.views import Options
from cotuong.tournament import Knockout, Result, Tournament, TournamentError
from cotuong.tournament.events import Event, KnockoutGame
from cotuong.tournament.systems import Directed

if TYPE_CHECKING:  # (the director imports this module)
    from cotuong.server.tournaments.service import Tournaments

log = logging.getLogger("cotuong.server")
SERVER = "server"
# A knockout's tie-break games when the organiser names no time control for them.
DEFAULT_STAGE_TC = {"rapid": TimeControl("fischer", 600_000, 5_000),
                    "blitz": TimeControl("fischer", 180_000, 2_000)}


async def knockout_step(d: Tournaments, tid: int, r: int) -> None:
    """A knockout round under way: lots for the matches still level after their ladder,
    rooms for the games the matches ask for next (replays, tie-break games)."""
    row, t = await d.load(tid)
    waiting = plan.waiting_for_lots(t, r)
    if not waiting or not isinstance(t, Knockout):
        await d.rooms_of(tid, r, recheck=False)
        return
    options = Options.from_json(json.loads(row["options"]))
    lots = dict(options.lots)
    winners = {}
    for m in waiting:
        winners[m.id], lots[m.id] = draw_lots(m, t)
        lots[m.id]["at"] = d.clock.now_ms()

    def drawn(k: Directed) -> None:
        assert isinstance(k, Knockout)
        for match, winner in winners.items():
            k.draw_lots(match, winner)
    await d.update(tid, drawn, SERVER, {"options": json.dumps(
        options.replace(lots=lots).to_json(), ensure_ascii=False)})
    await d.advance(tid)


def default_stage_tc(t: Directed, given: dict[str, TimeControl]) -> dict[str, TimeControl]:
    """A knockout's tie-break time controls: those ``given``, the defaults for the other
    rungs of its ladder (nothing for another system)."""
    if not isinstance(t, Knockout):
        return dict(given)
    out = dict(given)
    for kind, _ in t.ladder:
        if kind in DEFAULT_STAGE_TC:
            out.setdefault(kind, DEFAULT_STAGE_TC[kind])
    return out


def correct_knockout(ko: Knockout, round_no: int, board: int, result: Result) -> Event:
    """The arbiter's correction of a knockout game: the game must be the last event in
    force (nothing was played on its account yet), which is undone and recorded again
    with ``result`` (both stay in the log); otherwise ``KNOCKOUT_CORRECTION``."""
    b = plan.board_at(ko, round_no, board)
    last = ko.last_in_force()
    match = ko.match(b.match)
    if not isinstance(last, KnockoutGame) or last.match != match.id \
            or len(match.games) != board % plan.MATCH_SPAN:
        raise ServiceError("KNOCKOUT_CORRECTION", match=match.id)
    ko.undo()
    return ko.record(match.id, result, b.red, b.black, b.stage)


async def end_stale(d: Tournaments, tid: int, r: int) -> None:
    """End the games of a knockout round's boards that the bracket no longer asks for (a
    replay whose drawn game the arbiter corrected to a win): no result, the room closed
    by the arbiter."""
    _, t = await d.load(tid)
    wanted = {b.board for b in plan.boards_of(t, r)}
    stale = {(r, b["board"]) for b in await d.database.run(ts.boards, d.engine, tid)
             if b["round"] == r and b["board"] not in wanted}
    if stale:
        await d.end_boards(tid, stale, arbiter_end(None))


def knockout_of(t: Tournament, spec: dict[str, Any]) -> Knockout:
    """The knockout of a finished stage's top ``spec["top"]`` with the spec's options
    (the library refuses an unfinished stage or a tie across the cut)."""
    return Knockout.from_standings(t, int(spec["top"]), name=f"{t.title} — knockout",
                                   **knockout_options(spec))


async def open_next_stage(d: Tournaments, tid: int) -> int | None:
    """Open the next stage of a finished event (if it has one and it is not open yet):
    a new event, running at once, linked both ways; its id. Called before the event is
    marked finished, so a restart in between resumes it and opens the stage then (a
    crash between the new event's row and the link leaves that row unstarted). A tie
    across the cut that the tie-breaks do not settle waits for the arbiter's lots
    (``next_settings.waiting`` says why; drawing them opens the stage)."""
    row, t = await d.load(tid)
    options = Options.from_json(json.loads(row["options"]))
    spec = options.next_stage
    if spec is None or "next" in options.links or isinstance(t, Knockout) \
            or not t.finished:
        return None
    try:
        ko = knockout_of(t, spec)
    except TournamentError as exc:
        why = exc.reason.code if exc.reason is not None else exc.code
        waiting = {**spec, "waiting": {"code": why, "vi": exc.text("vi"),
                                       "en": exc.text("en")}}
        await d.database.run(ts.set_fields, d.engine, tid, {"options": json.dumps(
            options.replace(next_stage=waiting).to_json(), ensure_ascii=False)})
        return None
    stage_tc = default_stage_tc(ko, stage_time_controls(spec))
    names = {p.name for p in ko.players}
    child = options.replace(identities={n: w for n, w in options.identities.items()
                                        if n in names},
                            round_start="auto", round_times=(), stage_tc=stage_tc,
                            next_stage=None, links={"previous": tid}, lots={})
    new = await d.database.run(ts.create_tournament, d.engine, ko, {
        "name": ko.title[:120], "organiser": row["organiser"],
        "organiser_name": row["organiser_name"],
        "options": json.dumps(child.to_json(), ensure_ascii=False),
        "created_at": d.clock.now_ms()})
    done = {k: v for k, v in spec.items() if k != "waiting"}
    await d.database.run(ts.set_fields, d.engine, tid, {"options": json.dumps(
        options.replace(next_stage=done, links={**options.links, "next": new}).to_json(),
        ensure_ascii=False)})
    if t.details.time_control:
        await d.update(new, lambda k: k.set_details(time_control=t.details.time_control),
                       SERVER)
    await d.database.run(ts.set_fields, d.engine, new, {"status": "running"})
    async with d.locked(new):
        await d.advance(new)
    return new


__all__ = ["DEFAULT_STAGE_TC", "correct_knockout", "default_stage_tc", "end_stale",
           "knockout_of", "knockout_step", "open_next_stage"]
