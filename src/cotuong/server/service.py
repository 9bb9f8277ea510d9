"""The game service: rooms, seats, server-authoritative play, clocks, AI moves, fan-out.

Every action on a game runs under the game's lock; an accepted change is committed to
the store *before* it is published, so what clients see is always what a restarted
server will resume. Rooms and REST views live in :mod:`cotuong.server.rooms`.

>>> from cotuong.server.store import Store
>>> GameService.__name__
'GameService'
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from cotuong.core.errors import CotuongError, IllegalMoveError
from cotuong.core.types import Color
from cotuong.game import Event
from cotuong.server.broker import Broker, frame
from cotuong.server.database import Database
from cotuong.server.engine_pool import EnginePool
from cotuong.server.errors import ServiceError
from cotuong.server.live import LiveGame, RoomState, other
from cotuong.server.members import Member, abandonment_outcome, aborted_outcome, valid_iccs
from cotuong.server.security import Signer
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.store import Store
from cotuong.server.timecontrol import START_PLY

log = logging.getLogger("cotuong.server")
T = TypeVar("T")


class GameService:
    """Holds live games and the sockets watching them (no global state: one per app)."""

    def __init__(self, settings: Settings, store: Store, engine_pool: EnginePool | None,
                 clock: ClockSource, broker: Broker, signer: Signer) -> None:
        self.settings = settings
        self.store = store
        self.engine_pool = engine_pool
        self.clock = clock
        self.broker = broker
        self.signer = signer
        self.database = Database(store, settings.inline_writes)
        self.games: dict[int, LiveGame] = {}
        self.rooms: dict[str, RoomState] = {}
        self.members: dict[str, set[Member]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._heartbeat: asyncio.Task[None] | None = None
        self._stopping = False
        # Seconds from a move message's arrival to its state being published (the last
        # 10,000), for /api/stats: the server's share of the round trip.
        self.move_seconds: collections.deque[float] = collections.deque(maxlen=10_000)

    # ---------------------------------------------------------- plumbing
    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking store call on the database thread."""
        return await self.database.run(fn, *args)

    async def write(self, op: str, *args: Any) -> None:
        """A group-committed write (see :mod:`cotuong.server.database`)."""
        await self.database.write(op, *args)

    def spawn(self, coro: Awaitable[Any]) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def start(self) -> None:
        await self.broker.start(self._deliver)
        now = self.clock.now_ms()
        beat = await self.db(self.store.get_meta, "heartbeat_ms")
        down = now - int(beat) if beat is not None else 0
        for game_id in await self.db(self.store.live_game_ids):
            g = await self.load(game_id)
            await self._resume(g, now, down)
        self._heartbeat = asyncio.create_task(self._beat())

    async def _resume(self, g: LiveGame, now: int, down: int) -> None:
        """After a restart: time while the server was down is charged to no one (the
        running turn restarts ``down`` ms later), and every human seat gets a fresh
        abandonment window from now."""
        async with g.lock:
            if g.status != "playing":
                return
            if g.clock is not None:
                g.clock = g.clock.shifted(down)
            for color in ("red", "black"):
                if not g.is_ai(color):
                    g.disconnected[color] = now
            await self._save(g)
            self._schedule(g)
            self._maybe_ai(g)

    async def _beat(self) -> None:
        while True:
            await self.write("set_meta", "heartbeat_ms", str(self.clock.now_ms()))
            await asyncio.sleep(self.settings.heartbeat_s)

    async def stop(self) -> None:
        if self._stopping:
            return
        self._stopping = True
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
        for g in self.games.values():
            if g.timer is not None:
                g.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.database.drain()
        for members in self.members.values():
            for m in members:
                m.queue.put_nowait(None)
        await self.broker.close()
        await self.db(self.store.set_meta, "heartbeat_ms", str(self.clock.now_ms()))
        await self.database.close()

    # ------------------------------------------------------------ loading
    async def room(self, code: str, fresh: bool = False) -> RoomState:
        room = self.rooms.get(code)
        if room is None or fresh:
            row = await self.db(self.store.room, code)
            if row is None:
                raise ServiceError("ROOM_NOT_FOUND", f"no room with code {code!r}")
            if room is None:
                room = RoomState.from_row(row)
                self.rooms[code] = room
            else:
                room.__dict__.update(RoomState.from_row(row).__dict__)
        return room

    async def load(self, game_id: int, fresh: bool = False) -> LiveGame:
        g = self.games.get(game_id)
        if g is not None and not fresh:
            return g
        row = await self.db(self.store.game, game_id)
        if row is None:
            raise ServiceError("GAME_NOT_FOUND", f"no game {game_id}")
        if g is not None and row["version"] == g.version:
            return g
        room = await self.room(row["room_code"], fresh=g is not None)
        moves = await self.db(self.store.game_moves, game_id)
        new = LiveGame.from_rows(row, moves, room)
        if g is not None:  # keep the lock object others may be waiting on
            new.lock, new.timer, new.ai_task = g.lock, g.timer, g.ai_task
        self.games[game_id] = new
        return new

    async def current(self, code: str) -> LiveGame:
        room = await self.room(code)
        if room.current_game_id is None:
            raise ServiceError("GAME_NOT_FOUND", f"room {code} has no game")
        return await self.load(room.current_game_id)

    @contextlib.asynccontextmanager
    async def locked(self, code: str) -> Any:
        """The room's current game, locked (and, across processes, re-read if stale)."""
        g = await self.current(code)
        async with g.lock, self.broker.lock(g.id):
            if self.broker.shared:
                await self.room(code, fresh=True)
                g = await self.load(g.id, fresh=True)
            yield g

    async def _save(self, g: LiveGame, extra: dict[str, Any] | None = None) -> None:
        g.version += 1
        fields = g.row_fields()
        if extra:
            fields.update(extra)
        await self.write("update_game", g.id, fields)

    # ------------------------------------------------------------ fan-out
    def _deliver(self, code: str, text: str) -> None:
        for m in self.members.get(code, ()):
            m.push(text)

    def connected(self, code: str) -> dict[str, bool]:
        seats = {"host": False, "guest": False}
        for m in self.members.get(code, ()):
            if m.slot is not None:
                seats[m.slot] = True
        return seats

    def state(self, g: LiveGame) -> dict[str, Any]:
        members = self.members.get(g.room.code, ())
        spectators = sum(1 for m in members if m.greeted and m.slot is None)
        return g.state(self.clock.now_ms(), self.connected(g.room.code), spectators,
                       self.settings.abandon_after_ms)

    async def publish(self, g: LiveGame, events: list[dict[str, Any]] | None = None) -> None:
        for ev in events or ():
            await self.broker.publish(g.room.code, frame({"type": "event", **ev}))
        await self.broker.publish(g.room.code, frame(self.state(g)))

    # ------------------------------------------------------------ sockets
    def join_socket(self, code: str) -> Member:
        member = Member(code)
        self.members.setdefault(code, set()).add(member)
        return member

    async def hello(self, member: Member, secret: object) -> None:
        """Greet a socket: a valid seat secret seats it, anything else makes a spectator
        (with a ``BAD_SECRET`` error when a secret was given but is not valid)."""
        g = await self.current(member.code)
        error = None
        slot = None
        if secret not in (None, ""):
            fields = self.signer.verify(secret, "seat", self.clock.now_ms())
            if fields is None or len(fields) != 2 or fields[0] != member.code:
                error = ServiceError("BAD_SECRET", "the seat secret is forged, expired or "
                                     "for another room: you are watching as a spectator")
            else:
                slot = fields[1]
        member.greeted = True
        if error is not None:
            member.push(frame({"type": "error", "code": error.code, "message": str(error)}))
        was = self.connected(member.code)
        member.slot = slot
        role = g.color_of(slot) if slot is not None else "spectator"
        member.push(frame({"type": "welcome", "role": role, "slot": slot, "game_id": g.id,
                           "server_time_ms": self.clock.now_ms()}))
        if slot is not None and not was[slot]:
            async with self.locked(member.code) as g:
                color = g.color_of(slot)
                if g.disconnected.pop(color, None) is not None:
                    await self._save(g)
                    self._schedule(g)
                await self.publish(g, [{"kind": "player_joined", "color": color}])
        else:
            await self.publish(g)

    def evict_if_idle(self, code: str) -> None:
        """Forget a room's finished games while nobody watches it (they stay stored and
        are loaded again on demand), so memory follows the live games only."""
        if self.members.get(code):
            return
        for game_id in [i for i, g in self.games.items() if g.room.code == code]:
            g = self.games[game_id]
            if g.over and not g.lock.locked():
                del self.games[game_id]
        if not any(g.room.code == code for g in self.games.values()):
            self.rooms.pop(code, None)

    async def leave_socket(self, member: Member) -> None:
        members = self.members.get(member.code)
        if members is not None:
            members.discard(member)
            if not members:
                del self.members[member.code]
        if self._stopping or not member.greeted:
            return
        try:
            await self._left(member)
        finally:
            self.evict_if_idle(member.code)

    async def _left(self, member: Member) -> None:
        try:
            async with self.locked(member.code) as g:
                slot = member.slot
                if slot is not None and not self.connected(member.code)[slot]:
                    color = g.color_of(slot)
                    if g.status == "playing" and not g.is_ai(color):
                        g.disconnected[color] = self.clock.now_ms()
                        await self._save(g)
                        self._schedule(g)
                    await self.publish(g, [{"kind": "player_left", "color": color}])
                else:
                    await self.publish(g)
        except ServiceError:
            pass

    async def act(self, member: Member, msg: dict[str, Any]) -> None:
        """Carry out one client message (already JSON-decoded and size-checked)."""
        kind = msg.get("type")
        if kind == "ping":
            member.push(frame({"type": "pong", "server_time_ms": self.clock.now_ms()}))
            return
        if kind == "sync":
            member.push(frame(self.state(await self.current(member.code))))
            return
        if kind == "chat":
            await self._chat(member, msg)
            return
        handler = _ACTIONS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise ServiceError("UNKNOWN_TYPE", f"unknown message type {kind!r}")
        if member.slot is None:
            raise ServiceError("SPECTATOR", "spectators can only watch and chat")
        started = time.perf_counter()
        async with self.locked(member.code) as g:
            color = g.color_of(member.slot)
            ply = g.ply
            await handler(self, g, color, msg)
            if kind == "move" and g.ply != ply:
                self.move_seconds.append(time.perf_counter() - started)

    def stats(self) -> dict[str, Any]:
        """Live games, sockets, and server-side move handling time percentiles."""
        times = sorted(self.move_seconds)

        def pct(q: float) -> float | None:
            return round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 2) \
                if times else None
        return {"live_games": sum(1 for g in self.games.values() if g.status == "playing"),
                "sockets": sum(len(m) for m in self.members.values()),
                "moves_timed": len(times), "move_ms_p50": pct(0.5), "move_ms_p99": pct(0.99),
                "move_ms_max": pct(1.0)}

    async def _chat(self, member: Member, msg: dict[str, Any]) -> None:
        text = msg.get("text")
        if not isinstance(text, str) or not 1 <= len(text.strip()) <= 500:
            raise ServiceError("BAD_MESSAGE", "chat text must be 1-500 characters")
        g = await self.current(member.code)
        role = g.color_of(member.slot) if member.slot else "spectator"
        name = g.room.slot_name(member.slot) if member.slot else "spectator"
        await self.broker.publish(member.code, frame({
            "type": "chat", "from": name, "role": role, "text": text.strip(),
            "server_time_ms": self.clock.now_ms()}))

    # ------------------------------------------------------------ actions
    def _live_game(self, g: LiveGame) -> None:
        if g.status == "waiting":
            raise ServiceError("NOT_STARTED", "the game starts when the opponent joins")
        if g.over:
            raise ServiceError("GAME_OVER", "the game is over")

    async def _move(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        iccs, ply = msg.get("move"), msg.get("ply")
        if not valid_iccs(iccs) or not isinstance(ply, int) or isinstance(ply, bool):
            raise ServiceError("BAD_MESSAGE", "a move needs 'move' (ICCS, e.g. h2e2) and "
                               "'ply' (the number of moves already played)")
        self._live_game(g)
        if ply != g.ply:
            raise ServiceError("STALE_PLY", f"this move answers ply {ply} but the game is "
                               f"at ply {g.ply}; nothing was played")
        if g.turn != color:
            raise ServiceError("NOT_YOUR_TURN", f"it is {g.turn}'s turn")
        assert isinstance(iccs, str)
        await self.play(g, color, iccs)

    async def play(self, g: LiveGame, color: str, iccs: str) -> None:
        """Validate and play a move, charge the clock, commit, then publish."""
        now = self.clock.now_ms()
        tc = g.room.tc
        old_clock = g.clock
        new_clock = old_clock
        if old_clock is not None and tc is not None:
            new_clock, late = old_clock.after_move(tc, color, now)
            if late:
                await self._flag(g, color)
                return
        try:
            events = g.apply(iccs)
        except IllegalMoveError as exc:
            why = exc.reason
            reason = None if why is None else {"code": why.code, "vi": why.vi, "en": why.en}
            raise ServiceError("ILLEGAL_MOVE", str(exc), reason=reason) from None
        g.clock = new_clock
        g.takeback_request = None
        notices = self._notices(events)
        outcome = g.referee_outcome()
        extra: dict[str, Any] = {}
        if outcome is not None:
            self._end(g, outcome, now)
            extra["ended_at"] = now
        elif g.clock is not None and g.clock.running is None and g.ply >= START_PLY:
            g.clock = g.clock.start(g.turn, now)
        g.version += 1
        fields = {**g.row_fields(), **extra}
        try:
            await self.write("record_move", g.id, g.ply, iccs, now, fields)
        except Exception:
            g.rebuild(g.ply - 1)  # not stored: not played
            g.clock, g.status, g.outcome = old_clock, "playing", None
            log.exception("storing a move failed")
            raise ServiceError("STORE", "the move could not be saved; try again") from None
        await self.publish(g, notices)
        self._schedule(g)
        self._maybe_ai(g)

    def _notices(self, events: list[Event]) -> list[dict[str, Any]]:
        out = []
        for e in events:
            if e.kind in ("warning", "game_over", "draw_offered", "draw_declined"):
                out.append({"kind": e.kind, "text": e.text})
        return out

    def _end(self, g: LiveGame, outcome: dict[str, Any], now: int) -> None:
        g.outcome = outcome
        g.status = "aborted" if outcome["termination"] == "ABORTED" else "finished"
        g.takeback_request = None
        g.disconnected = {}
        if g.clock is not None and g.room.tc is not None:
            g.clock = g.clock.stop(now, g.room.tc)

    async def _finish(self, g: LiveGame, outcome: dict[str, Any]) -> None:
        now = self.clock.now_ms()
        self._end(g, outcome, now)
        await self._save(g, {"ended_at": now})
        lang = g.room.lang
        await self.publish(g, [{"kind": "game_over", "text": outcome["explanation"][lang]}])
        self._schedule(g)

    async def _referee_call(self, g: LiveGame, call: Callable[[], list[Event]]) -> None:
        try:
            events = call()
        except CotuongError as exc:
            raise ServiceError(exc.code, str(exc)) from None
        outcome = g.referee_outcome()
        if outcome is not None:
            await self._finish(g, outcome)
            return
        await self._save(g)
        await self.publish(g, self._notices(events))

    async def _offer_draw(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        self._live_game(g)
        if g.is_ai(other(color)):
            ai = Color(other(color))

            def offer_and_decline() -> list[Event]:
                return g.game.offer_draw(Color(color)) + (
                    g.game.decline_draw(ai) if g.game.outcome is None else [])
            await self._referee_call(g, offer_and_decline)
            return
        await self._referee_call(g, lambda: g.game.offer_draw(Color(color)))

    async def _accept_draw(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        self._live_game(g)
        await self._referee_call(g, lambda: g.game.accept_draw(Color(color)))

    async def _decline_draw(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        self._live_game(g)
        await self._referee_call(g, lambda: g.game.decline_draw(Color(color)))

    async def _resign(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        self._live_game(g)
        await self._referee_call(g, lambda: g.game.resign(Color(color)))

    async def _abort(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        self._live_game(g)
        if g.ply >= START_PLY:
            raise ServiceError("TOO_LATE", "a game can be aborted only before both sides "
                               "have moved; resign or offer a draw instead")
        await self._finish(g, aborted_outcome(color))

    async def _takeback(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        self._live_game(g)
        if g.room.rated:
            raise ServiceError("RATED_GAME", "takebacks are allowed only in casual games")
        if not any(self._mover(g, i) == color for i in range(g.ply)):
            raise ServiceError("NOTHING_TO_TAKE_BACK", "you have no move to take back")
        if g.is_ai(other(color)):
            await self._do_takeback(g, color)
            return
        if g.takeback_request is not None:
            raise ServiceError("NO_REQUEST", "a takeback request is already pending")
        g.takeback_request = color
        await self._save(g)
        await self.publish(g, [{"kind": "takeback_requested", "color": color}])

    def _mover(self, g: LiveGame, index: int) -> str:
        """The colour that played move ``index`` (0-based) of the game."""
        start_red = g.start_fen.split()[1] in ("w", "r") if len(g.start_fen.split()) > 1 \
            else True
        red_moves = (index % 2 == 0) == start_red
        return "red" if red_moves else "black"

    async def _takeback_answer(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        self._live_game(g)
        accept = msg.get("accept")
        if not isinstance(accept, bool):
            raise ServiceError("BAD_MESSAGE", "takeback_answer needs 'accept': true or false")
        if g.takeback_request != other(color):
            raise ServiceError("NO_REQUEST", "there is no takeback request from the opponent")
        if not accept:
            g.takeback_request = None
            await self._save(g)
            await self.publish(g, [{"kind": "takeback_refused", "color": color}])
            return
        await self._do_takeback(g, other(color))

    async def _do_takeback(self, g: LiveGame, requester: str) -> None:
        keep = g.ply - (2 if g.turn == requester else 1)
        keep = max(keep, 0)
        now = self.clock.now_ms()
        g.rebuild(keep)
        g.takeback_request = None
        if g.clock is not None:
            g.clock = (g.clock.start(g.turn, now) if keep >= START_PLY
                       else g.clock.stop(now, g.room.tc) if g.room.tc else g.clock)
        g.version += 1
        await self.write("take_back", g.id, keep, g.row_fields())
        await self.publish(g, [{"kind": "takeback_done", "color": requester}])
        self._schedule(g)
        self._maybe_ai(g)

    async def _rematch(self, g: LiveGame, color: str, msg: dict[str, Any]) -> None:
        if not g.over:
            raise ServiceError("NOT_OVER", "a rematch can be asked only after the game")
        if g.rematch_request == other(color) or g.is_ai(other(color)):
            from cotuong.server.rooms import start_game

            new = await start_game(self, g.room, red_slot=g.slot_of("black"))
            await self.publish(new, [{"kind": "rematch", "game_id": new.id}])
            return
        g.rematch_request = color
        await self._save(g)
        await self.publish(g, [{"kind": "rematch_requested", "color": color}])

    # ------------------------------------------------------ timers and AI
    def _schedule(self, g: LiveGame) -> None:
        """One timer per game, at the earliest of its flag time and abandonment deadline."""
        if g.timer is not None:
            g.timer.cancel()
            g.timer = None
        if g.status != "playing" or self._stopping:
            return
        deadlines = [since + self.settings.abandon_after_ms
                     for since in g.disconnected.values()]
        if g.clock is not None and g.room.tc is not None:
            d = g.clock.deadline(g.room.tc)
            if d is not None:
                deadlines.append(d)
        if not deadlines:
            return
        delay = max(0.0, (min(deadlines) - self.clock.now_ms()) / 1000) + 0.005
        loop = asyncio.get_running_loop()
        g.timer = loop.call_later(delay, lambda: self.spawn(self.check_timers(g.id)))

    async def check_timers(self, game_id: int) -> None:
        """Flag a side whose time is out and claim a win for abandonment, whoever is
        connected; called by the game's timer (and by tests after moving a fake clock)."""
        g = await self.load(game_id)
        async with self.locked(g.room.code) as g:
            if g.id != game_id or g.status != "playing":
                return
            now = self.clock.now_ms()
            tc = g.room.tc
            if g.clock is not None and tc is not None:
                d = g.clock.deadline(tc)
                if d is not None and d <= now:
                    await self._flag(g, g.clock.running or g.turn)
                    return
            limit = self.settings.abandon_after_ms
            gone = [(since, c) for c, since in g.disconnected.items() if since + limit <= now]
            if gone:
                _, loser = min(gone)
                await self._finish(g, abandonment_outcome(loser, limit // 1000))
                return
            self._schedule(g)

    async def _flag(self, g: LiveGame, color: str) -> None:
        g.game.flag(Color(color))
        outcome = g.referee_outcome()
        assert outcome is not None
        await self._finish(g, outcome)

    def _maybe_ai(self, g: LiveGame) -> None:
        if g.status != "playing" or not g.is_ai(g.turn) or self._stopping:
            return
        if g.ai_task is not None and not g.ai_task.done():
            return
        g.ai_task = asyncio.create_task(self._ai_move(g.id))
        self._tasks.add(g.ai_task)
        g.ai_task.add_done_callback(self._task_done)

    async def _ai_move(self, game_id: int) -> None:
        g = await self.load(game_id)
        position = list(g.moves)
        if self.engine_pool is None:
            log.error("no engine pool: the AI cannot move in game %s", game_id)
            return
        movetime = self.settings.ai_movetime_ms
        if g.clock is not None and g.room.tc is not None:
            left = g.clock.remaining(g.turn, self.clock.now_ms(), g.room.tc)
            period = g.clock.period_left(g.turn, self.clock.now_ms(), g.room.tc) or 0
            movetime = max(50, min(movetime, max(left // 30, period // 3)))
        level = g.room.ai_level or 1
        try:
            best = await self.engine_pool.best_move(level, g.start_fen, position, movetime)
        except Exception:
            log.exception("the engine failed in game %s", game_id)
            async with self.locked(g.room.code) as g2:
                if g2.id == game_id and g2.moves == position and g2.status == "playing":
                    await self._referee_call(g2, lambda: g2.game.resign(Color(g2.turn)))
            return
        async with self.locked(g.room.code) as g2:
            if g2.id != game_id or g2.status != "playing":
                return
            if g2.moves != position:
                # A takeback changed the position while the engine searched (even if the
                # ply count is back to the same number): search again for the new one.
                g2.ai_task = None
                self._maybe_ai(g2)
                return
            try:
                await self.play(g2, g2.turn, best)
            except ServiceError:
                log.exception("the engine's move %s was refused in game %s", best, game_id)


Handler = Callable[[GameService, LiveGame, str, dict[str, Any]], Awaitable[None]]
_ACTIONS: dict[str, Handler] = {
    "move": GameService._move,
    "offer_draw": GameService._offer_draw,
    "accept_draw": GameService._accept_draw,
    "decline_draw": GameService._decline_draw,
    "resign": GameService._resign,
    "abort": GameService._abort,
    "takeback": GameService._takeback,
    "takeback_answer": GameService._takeback_answer,
    "rematch": GameService._rematch,
}
