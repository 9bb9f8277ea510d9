"""Online tournaments — round robins, Swiss events and knockouts: the tournament
director (:mod:`cotuong.tournament`) run by the server. An organiser (an account)
creates an event from account usernames; starting it draws the numbers; each round's
boards become rooms with both seats reserved for the paired players (a Swiss round is
paired by the library's FIDE Dutch pairer as it opens; a knockout round's boards are its
matches' games, and a drawn game's replay or tie-break game gets its room as soon as
the game before it is recorded, a match still level after its ladder is decided by lots
the server draws: :mod:`~cotuong.server.tournaments.stages`); every game's end is
recorded in the tournament's event log, as is a no-show forfeit once the round's wait
is over; the next round opens when the current one is complete (``round_start="auto"``)
or when the arbiter says (``"arbiter"``); a finished stage opens the next one. The
arbiter's corrections and withdrawals are events of the log too (who and when).

Pairings, colours, results, withdrawals and standings are the library's own; this module
only decides when they happen. Every change of one tournament runs under its lock, and a
result is written to the log before the room's game is ended by it, so a game's own end
(which arrives as an end hook of :class:`~cotuong.server.play.service.GameService`) finds it
recorded and changes nothing. After a restart, :meth:`Tournaments.start` records the
results of games that ended while no hook ran and opens the rooms still missing.

>>> Tournaments.__name__
'Tournaments'
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from sqlalchemy.engine import Connection

from cotuong.server.accounts import Player, shown_names
from cotuong.server.background import Background
from cotuong.server.errors import ServiceError, Words
from cotuong.server.play import End, GameService, GameTable, Rooms
from cotuong.server.realtime import Sockets
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.storage import Database, create_tables
from cotuong.server.tournaments import invite_store, plan
from cotuong.server.tournaments import store as ts
from cotuong.server.tournaments.ends import no_show_end, no_show_result
from cotuong.server.tournaments.stages import knockout_step, open_next_stage
from cotuong.server.tournaments.views import Options, round_notices, tournament_view
from cotuong.tournament import Knockout, SwissTournament, TournamentError
from cotuong.tournament.systems import Directed

log = logging.getLogger("cotuong.server")
T = TypeVar("T")
RoundHook = Callable[[str, dict[str, Any]], Awaitable[None]]
SERVER = "server"  # the actor of the events the server records by itself


def rule_error(exc: TournamentError) -> ServiceError:
    """A refusal of the tournament library, in its own words (both languages)."""
    return ServiceError("TOURNAMENT_RULE", why=Words(exc.text("vi"), exc.text("en")))


class Tournaments:
    """The director: runs and shows the online round robins of one app (no global state);
    the organiser's actions are :class:`~cotuong.server.tournaments.arbiter.Arbiter`'s."""

    def __init__(self, database: Database, games: GameService, rooms: Rooms,
                 clock: ClockSource, settings: Settings, sockets: Sockets) -> None:
        self.database = database
        self.sockets = sockets  # who is seated at a board (the no-show rule)
        self.engine = database.store.engine
        create_tables(self.engine, ts.metadata)  # the invitations' table too (same metadata)
        self.games = games
        self.rooms = rooms
        self.clock = clock
        self.settings = settings
        self._locks: dict[int, asyncio.Lock] = {}
        self.replays = ts.Replays()  # the events' states, not replayed at every read
        # Timers keyed ("no_show", tid) and ("opening", tid): a round's no-show check and
        # a scheduled round's opening.
        self.background = Background("tournaments")
        self._checked: set[tuple[int, int]] = set()  # (tournament, round) checked past due
        # How often each tournament's no-show rule was applied past a deadline (once a
        # round, not again and again while its games go on).
        self.no_show_checks: collections.Counter[int] = collections.Counter()
        games.end_hooks.append(self.game_ended)
        rooms.arrival_hooks.append(self.arrived)
        # Called with (identity, notice) for each player of a round that opened (the
        # lobby's notice, wired by the app: this part does not know the lobby).
        self.round_hooks: list[RoundHook] = []

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Resume the events under way: results of games that ended unseen, missing
        rooms, the no-show timer."""
        for tid in await self.database.run(ts.running_ids, self.engine):
            try:
                async with self.locked(tid):
                    await self.resume(tid)
            except Exception:
                log.exception("tournament %s could not be resumed", tid)

    async def stop(self) -> None:
        """Cancel the timers and the checks under way (before the game service stops)."""
        await self.background.stop()

    @contextlib.asynccontextmanager
    async def locked(self, tid: int) -> AsyncIterator[None]:
        """Hold the tournament's lock: one change of it at a time in this process."""
        async with self._locks.setdefault(tid, asyncio.Lock()):
            yield

    # ------------------------------------------------------------ reading
    async def load(self, tid: int) -> tuple[dict[str, Any], Directed]:
        """The row and the tournament (its log replayed), or ``TOURNAMENT_NOT_FOUND``."""
        found = await self.database.read(ts.load, self.engine, tid,  # beside game writes
                                         self.replays)
        if found is None:
            raise ServiceError("TOURNAMENT_NOT_FOUND", tournament_id=tid)
        return found

    async def state(self, tid: int) -> tuple[dict[str, Any], Directed, list[dict[str, Any]]]:
        """The row, the tournament and its board rows (for views and pages)."""
        row, t = await self.load(tid)
        return row, t, await self.database.run(ts.boards, self.engine, tid)

    async def view(self, tid: int) -> dict[str, Any]:
        """``GET /api/tournaments/{id}``: settings, players, rounds with each board's
        players, room and result, and the standings rows."""
        row, t, boards = await self.state(tid)
        invites = await self.database.run(invite_store.of_tournament, self.engine, tid)
        return tournament_view(row, t, boards, self.clock.now_ms(), invites)

    async def history(self, tid: int) -> list[dict[str, Any]]:
        """The event log (the audit trail): every event with who made it and when."""
        await self.load(tid)
        rows = await self.database.run(ts.history, self.engine, tid)
        names = {SERVER: SERVER}
        for r in rows:
            if r["actor"] not in names:
                user = await self.database.run(self.database.store.user_by_id,
                                               int(r["actor"][2:]))
                names[r["actor"]] = user["username"] if user else r["actor"]
        # ``automatic``: recorded by the server itself, whatever an account is called
        # (the actor column says "server", never a username).
        return [{"seq": r["seq"], "kind": r["kind"], "payload": r["payload"],
                 "by": names[r["actor"]], "automatic": r["actor"] == SERVER,
                 "at": r["recorded_at"]} for r in rows]

    async def recent(self, limit: int, before: int | None = None) -> list[dict[str, Any]]:
        """The newest tournaments (older than id ``before``: the next page), for the list
        page and ``GET /api/tournaments``."""
        rows = await self.database.run(ts.recent, self.engine, limit, before)
        return [{"tournament_id": r["id"], "name": r["name"],
                 "organiser": r["organiser_name"], "status": r["status"],
                 "open_round": r["open_round"], "created_at": r["created_at"]} for r in rows]

    # ------------------------------------------------------------ players
    async def arrived(self, code: str, slot: str | None) -> None:
        """A paired player took their reserved seat (they are present for the no-show
        rule); any other room: nothing."""
        board = await self.database.run(ts.board_of_room, self.engine, code)
        if board is None or slot is None:
            return
        side = "red_arrived" if slot == "host" else "black_arrived"
        await self.database.run(ts.update_board, self.engine, board["tournament_id"],
                                board["round"], board["board"], {side: True})

    async def game_ended(self, t: GameTable) -> None:
        """A game's end was stored (the service's end hook): its result goes to the
        tournament's log if the game is a board's and the board has none yet."""
        if not t.room.event or t.end is None or self.background.stopping:
            return  # (after a stop, the next start records it)
        board = await self.database.run(ts.board_of_room, self.engine, t.room.code)
        if board is None or board["game_id"] != t.id:
            return
        tid = board["tournament_id"]
        async with self.locked(tid):
            await self._record_game(tid, board["round"], board["board"], t)
            await self.advance(tid)

    # ------------------------------------------------------------ the machinery
    async def update(self, tid: int, change: Callable[[Directed], T], actor: str,
                     fields: dict[str, Any] | None = None,
                     also: Callable[[Connection], None] | None = None) -> T:
        """Apply ``change`` and append its events by ``actor``, with ``fields`` of the
        row and what ``also`` writes (one transaction); a refusal of the library is
        ``TOURNAMENT_RULE`` in its words."""
        try:
            return await self.database.run(ts.update, self.engine, tid, change, actor,
                                           self.clock.now_ms(), fields, also, self.replays)
        except TournamentError as exc:
            raise rule_error(exc) from None

    async def _record_game(self, tid: int, round_no: int, board: int, g: GameTable) -> None:
        """Record a finished game's result, unless the board has one or it has none."""
        if g.end is None or g.end.result not in ("1-0", "0-1", "1/2-1/2"):
            return
        _, t = await self.load(tid)
        if plan.result_at(t, round_no, board) is not None:
            return
        try:
            change = plan.record_change(t, round_no, board, g.end.result)
        except ServiceError:
            return  # (a knockout board the bracket no longer asks for: a correction)
        await self.update(tid, change, SERVER)

    async def open_round(self, tid: int, round_no: int) -> None:
        """Open a round: its board rows and a room for each board still to play, then
        the round is the open one (a view never shows it open without its rooms; a
        restart in between opens it again, reusing what was made)."""
        _, t = await self.load(tid)
        if isinstance(t, SwissTournament) and not plan.paired(t, round_no):
            # Paired once, as it opens: the pairing is an event of the log, so a restart
            # (or a replay) never pairs the round again.
            await self.update(tid, lambda s: s.pair_next_round(),  # type: ignore[union-attr]
                              SERVER)
        await self.rooms_of(tid, round_no)
        await self.database.run(ts.set_fields, self.engine, tid, {
            "open_round": round_no, "round_opened_at": self.clock.now_ms()})
        await self._announce(tid, round_no)
        await self.resume(tid)

    async def shown_names(self, row: dict[str, Any]) -> dict[str, str]:
        """The names the event's players are shown by (their accounts' display names),
        by player name (the username)."""
        identities = Options.from_json(json.loads(row["options"])).identities
        names = await shown_names(self.database, list(identities.values()))
        return {name: names.get(who, name) for name, who in identities.items()}

    async def _announce(self, tid: int, round_no: int) -> None:
        """Tell each paired player of the round that it opened (the round hooks)."""
        if not self.round_hooks:
            return
        row, t, boards = await self.state(tid)
        options = Options.from_json(json.loads(row["options"]))
        shown = await self.shown_names(row)
        for who, notice in round_notices(tid, t, options, boards, round_no):
            notice["opponent"] = shown.get(notice["opponent"], notice["opponent"])
            for hook in self.round_hooks:
                try:
                    await hook(who, notice)
                except Exception:  # a notice lost must not stop the round
                    log.exception("round hook failed for tournament %s", tid)

    async def rooms_of(self, tid: int, r: int, recheck: bool = True) -> None:
        """A room for each board of round ``r`` still to play that has none (a knockout's
        next games: a replay as soon as the drawn game before it is recorded); with
        ``recheck``, the results of its boards' games that ended unseen."""
        _, t = await self.load(tid)
        todo = {b.board: b for b in plan.boards_of(t, r) if b.result is None}
        await self.database.run(ts.add_boards, self.engine, tid, r, sorted(todo))
        row, t, boards = await self.state(tid)
        options = Options.from_json(json.loads(row["options"]))
        struck = {p.name for p in t.players if p.withdrawn == "annul"}
        shown = await self.shown_names(row)
        for b in boards:
            p = todo.get(b["board"])
            if b["round"] != r or p is None:
                continue
            if {p.red, p.black} & struck:
                continue  # an annulled player's games are never played
            if b["room_code"] is None:
                code, game_id = await self.rooms.create_reserved(
                    Player(options.identities[p.red], shown.get(p.red, p.red), p.red),
                    Player(options.identities[p.black], shown.get(p.black, p.black),
                           p.black),
                    options.rules, options.tc_of(p.stage), options.lang)
                await self.database.run(ts.update_board, self.engine, tid, r, b["board"],
                                        {"room_code": code, "game_id": game_id})
            elif recheck:
                game = await self.games.load(b["game_id"])
                await self._record_game(tid, r, b["board"], game)

    async def resume(self, tid: int) -> None:
        """Make the open round whole (rooms, results of games that ended unseen), then
        the next round if it is complete, the timers."""
        row, _ = await self.load(tid)
        if row["open_round"]:
            await self.rooms_of(tid, row["open_round"])
        await self.advance(tid)

    async def advance(self, tid: int) -> None:
        """After a change: keep the no-show timer of a round in play; once it is
        complete, finish the event or open the next round — at once (``auto``), at its
        time (``scheduled``: a timer) or when the arbiter says (``arbiter``)."""
        row, t = await self.load(tid)
        r = row["open_round"]
        if row["status"] != "running":
            return
        if r > 0:
            done, total = plan.progress(t, r)
            if done < total:
                if isinstance(t, Knockout):
                    await knockout_step(self, tid, r)
                self._schedule(tid, row)
                return
            self.background.cancel(("no_show", tid))
            if r >= t.rounds:  # the next stage first: a restart in between resumes this
                await open_next_stage(self, tid)
                await self.database.run(ts.set_fields, self.engine, tid,
                                        {"status": "finished"})
                return
        options = Options.from_json(json.loads(row["options"]))
        due = options.opens_at(r + 1)
        if (options.round_start == "arbiter" and r > 0) \
                or (due is not None and self._opening(tid, due)):
            return  # the arbiter opens rounds after the first; or it is not time yet
        await self.open_round(tid, r + 1)

    def _opening(self, tid: int, due: int) -> bool:
        """A timer to open the next round at ``due``; ``False`` if that time has come."""
        self.background.cancel(("opening", tid))
        if due <= self.clock.now_ms():
            return False
        delay = (due - self.clock.now_ms()) / 1000 + 0.005
        self.background.later(("opening", tid), delay,
                              lambda: self._run(self.check_schedule, tid))
        return True

    async def check_schedule(self, tid: int) -> None:
        """Open the next scheduled round if its time has come and the one before is
        complete (called by its timer, and by tests after moving a fake clock)."""
        async with self.locked(tid):
            await self.advance(tid)

    def scheduled(self, tid: int) -> bool:
        """Whether a no-show check of the tournament's open round is waiting."""
        return self.background.pending(("no_show", tid))

    def _schedule(self, tid: int, row: dict[str, Any]) -> None:
        """The open round's no-show check at its deadline; once past it, one check only
        (this process's first, e.g. after a restart), never a check again and again."""
        self.background.cancel(("no_show", tid))
        options = Options.from_json(json.loads(row["options"]))
        if options.no_show_s <= 0:
            return
        due = row["round_opened_at"] + int(options.no_show_s * 1000)
        if due <= self.clock.now_ms() and (tid, row["open_round"]) in self._checked:
            return
        delay = max(0.0, (due - self.clock.now_ms()) / 1000) + 0.005
        self.background.later(("no_show", tid), delay,
                              lambda: self._run(self.check_no_shows, tid))

    async def _run(self, check: Callable[[int], Awaitable[None]], tid: int) -> None:
        try:
            await check(tid)
        except Exception:
            log.exception("%s of tournament %s failed", check.__name__, tid)

    async def check_no_shows(self, tid: int) -> None:
        """Once the open round's wait is over, a paired player who never came (never
        took their seat, never moved) loses by forfeit; both absent: both lose. Called by
        the timer (and by tests after moving a fake clock)."""
        async with self.locked(tid):
            row, t, boards = await self.state(tid)
            options = Options.from_json(json.loads(row["options"]))
            r = row["open_round"]
            due = (row["round_opened_at"] or 0) + int(options.no_show_s * 1000)
            if row["status"] != "running" or options.no_show_s <= 0 \
                    or self.clock.now_ms() < due:
                return
            self._checked.add((tid, r))
            self.no_show_checks[tid] += 1
            for b in boards:
                if b["round"] != r or b["game_id"] is None \
                        or plan.result_at(t, r, b["board"]) is not None:
                    continue
                game = await self.games.load(b["game_id"])
                if game.over:
                    await self._record_game(tid, r, b["board"], game)
                    continue
                seated = self.sockets.connected(b["room_code"])
                red = b["red_arrived"] or game.ply >= 1 or seated["host"]
                black = b["black_arrived"] or game.ply >= 2 or seated["guest"]
                if red and black:
                    continue
                result = no_show_result(red, black)
                if isinstance(t, Knockout) and not (red or black):
                    continue  # a knockout game needs a winner: the arbiter decides it
                try:
                    change = plan.record_change(t, r, b["board"], result)
                except ServiceError:
                    continue  # (a knockout board the bracket no longer asks for)
                await self.update(tid, change, SERVER)
                _, t = await self.load(tid)
                await self.end_boards(tid, {(r, b["board"])},
                                       no_show_end(result, options.no_show_s))
            await self.advance(tid)

    async def end_boards(self, tid: int, keys: set[tuple[int, int]], end: End) -> None:
        """End the live games of these boards (their result is recorded already)."""
        for b in await self.database.run(ts.boards, self.engine, tid):
            if (b["round"], b["board"]) in keys and b["room_code"] is not None:
                await self.games.finish(b["room_code"], b["game_id"], end)

