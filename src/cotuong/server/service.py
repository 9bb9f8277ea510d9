"""The orchestrator: loads game tables, and runs every action as lock → apply → commit →
publish. The rules of each action live in the pure :mod:`cotuong.server.table`; this
module adds only what needs time, storage and sockets: the game's lock, the group-committed
write, the fan-out, one timer per game (flag or abandonment), AI moves, and restarts.

An accepted change is committed to the store *before* it is published, so what clients
see is always what a restarted server will resume.

>>> GameService.__name__
'GameService'
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, Literal

from cotuong.core.fen import START_FEN
from cotuong.core.types import Move
from cotuong.messages import Message
from cotuong.server import ratings
from cotuong.server.ai_time import move_job
from cotuong.server.broker import Broker, frame
from cotuong.server.database import Database
from cotuong.server.engine_jobs import EngineRunner
from cotuong.server.errors import ServiceError
from cotuong.server.protocol import (
    Abort,
    AcceptDraw,
    Action,
    ChatFrame,
    Color,
    DeclineDraw,
    MoveMsg,
    OfferDraw,
    Pong,
    Rematch,
    Resign,
    Slot,
    Status,
    Takeback,
    TakebackAnswer,
    Welcome,
)
from cotuong.server.security import Signer
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.sockets import Member, Sockets, localized
from cotuong.server.table import Change, End, GameTable, Notice, RoomState
from cotuong.server.timecontrol import ClockState
from cotuong.server.views import state_frame
from cotuong.server.writes import RecordMove, SetMeta, Together, Write, ends_game
from cotuong.server.wsloop import error_frame

log = logging.getLogger("cotuong.server")
LANGS = ("vi", "en")


class GameService:
    """Live game tables and their sockets (no global state: one per app). Routes get
    this (the game actions), a :class:`Database` and the clock — never each other."""

    def __init__(self, settings: Settings, database: Database, engine_pool: EngineRunner | None,
                 clock: ClockSource, broker: Broker, signer: Signer) -> None:
        self.settings = settings
        self.database = database
        self.engine_pool = engine_pool
        self.clock = clock
        self.broker = broker
        self.signer = signer
        self.sockets = Sockets()
        self.games: dict[int, GameTable] = {}
        self.rooms: dict[str, RoomState] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._ai: dict[int, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._heartbeat: asyncio.Task[None] | None = None
        self._stopping = False
        # Seconds from a move message's arrival to its state being published (the last
        # 10,000), for /api/stats: the server's share of the round trip.
        self.move_seconds: collections.deque[float] = collections.deque(maxlen=10_000)
        # Called (as tasks) with each game whose end is stored: results reach tournaments.
        self.end_hooks: list[Callable[[GameTable], Awaitable[None]]] = []

    # ------------------------------------------------------------ lifecycle
    def _spawn(self, task: asyncio.Task[Any]) -> asyncio.Task[Any]:
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def start(self) -> None:
        if self.engine_pool is not None:
            # Returns at once: the engines warm up in the background while we serve.
            await self.engine_pool.start(self.settings.engine_warmup)
        await self.broker.start(self.sockets.deliver)
        store = self.database.store
        now = self.clock.now_ms()
        beat = await self.database.run(store.get_meta, "heartbeat_ms")
        down = now - int(beat) if beat is not None else 0
        for game_id in await self.database.run(store.live_game_ids):
            t = await self.load(game_id)
            async with self._lock(t.id):
                await self._commit(t, t.resume(now, down), publish=False)
                self._schedule(t)  # a waiting room's expiry too
        self._heartbeat = asyncio.create_task(self._beat())

    async def _beat(self) -> None:
        while True:
            await self.database.write(SetMeta("heartbeat_ms", str(self.clock.now_ms())))
            await asyncio.sleep(self.settings.heartbeat_s)

    async def stop(self) -> None:
        if self._stopping:
            return
        self._stopping = True
        if self._heartbeat is not None:
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
        for timer in self._timers.values():
            timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.database.drain()
        self.sockets.close_all()
        await self.broker.close()
        await self.database.run(self.database.store.set_meta, "heartbeat_ms",
                                str(self.clock.now_ms()))
        await self.database.close()

    # ------------------------------------------------------------ loading
    async def room(self, code: str, fresh: bool = False) -> RoomState:
        room = self.rooms.get(code)
        if room is None or fresh:
            row = await self.database.run(self.database.store.room, code)
            if row is None:
                raise ServiceError("ROOM_NOT_FOUND", code=code)
            if room is None:
                room = RoomState.from_row(row)
                self.rooms[code] = room
            else:
                room.__dict__.update(RoomState.from_row(row).__dict__)
        return room

    async def load(self, game_id: int, fresh: bool = False) -> GameTable:
        t = self.games.get(game_id)
        if t is not None and not fresh:
            return t
        store = self.database.store
        row = await self.database.run(store.game, game_id)
        if row is None:
            raise ServiceError("GAME_NOT_FOUND", game_id=game_id)
        if t is not None and row["version"] == t.version:
            return t
        room = await self.room(row["room_code"], fresh=t is not None)
        moves = await self.database.run(store.game_moves, game_id)
        t = GameTable.from_rows(row, moves, room)
        await ratings.load(self.database, t)
        self.games[game_id] = t
        return t

    async def current(self, code: str) -> GameTable:
        room = await self.room(code)
        if room.current_game_id is None:
            raise ServiceError("GAME_NOT_FOUND", "ERR_ROOM_NO_GAME", code=code)
        return await self.load(room.current_game_id)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @contextlib.asynccontextmanager
    async def locked(self, code: str) -> AsyncIterator[GameTable]:
        """The room's current game, locked (and, across processes, re-read if stale)."""
        t = await self.current(code)
        async with self._lock(t.id), self.broker.lock(t.id):
            if self.broker.shared:
                await self.room(code, fresh=True)
                t = await self.load(t.id, fresh=True)
            yield t

    def evict_if_idle(self, code: str) -> None:
        """Forget a room's finished games while nobody watches it (they stay stored and
        are loaded again on demand), so memory follows the live games only."""
        if self.sockets.watched(code):
            return
        for game_id in [i for i, t in self.games.items() if t.room.code == code]:
            lock = self._locks.get(game_id)
            if self.games[game_id].over and (lock is None or not lock.locked()):
                del self.games[game_id]
                self._locks.pop(game_id, None)
        if not any(t.room.code == code for t in self.games.values()):
            self.rooms.pop(code, None)

    # ------------------------------------------------ commit and publish
    async def _commit(self, t: GameTable, change: Change | None, publish: bool = True) -> None:
        """Store the change's write, then publish its events and the new state."""
        if change is None:
            return
        if change.write is not None:
            await self._store(t, change.write)
        if publish:
            await self.publish(t, change.events)
        self._schedule(t)
        self._maybe_ai(t)

    async def _store(self, t: GameTable, write: Write) -> None:
        """Commit a table's write; a rated game's end brings its rating changes back."""
        await self.database.write(write)
        if isinstance(write, Together) and write.rates():
            await ratings.load(self.database, t)
        if ends_game(write) and not self._stopping:
            for hook in self.end_hooks:
                self._spawn(asyncio.ensure_future(hook(t)))

    async def finish(self, code: str, game_id: int, end: End) -> bool:
        """End a game from outside it (a tournament's no-show or arbiter); ``False``: over."""
        async with self.locked(code) as t:
            if t.id != game_id or t.over:
                return False
            await self._commit(t, t.finish(end, self.clock.now_ms()))
            return True

    def state(self, t: GameTable, lang: str | None = None) -> dict[str, Any]:
        code = t.room.code
        pool = self.engine_pool
        warming = (pool is not None and t.status is Status.PLAYING and t.is_ai(t.turn)
                   and not pool.ready)
        return state_frame(t, self.clock.now_ms(), self.sockets.connected(code),
                           self.sockets.spectators(code), self.settings.abandon_after_ms, lang,
                           ai_warming=warming)

    async def publish(self, t: GameTable, events: list[Notice] | None = None) -> None:
        code, lang = t.room.code, t.room.lang
        for n in events or ():
            texts = {x: frame(n.frame(x).model_dump(exclude_none=True)) for x in LANGS}
            await self.broker.publish(code, localized(lang, texts))
        state = self.state(t)
        if any(w["texts"].get(x, w["text"]) != w["text"]
               for w in t.warnings for x in LANGS):
            texts = {x: frame(self.state(t, x)) for x in LANGS}
            await self.broker.publish(code, localized(lang, texts))
        else:
            await self.broker.publish(code, frame(state))

    def push_state(self, member: Member, t: GameTable) -> None:
        member.push(frame(self.state(t, member.lang)))

    # ------------------------------------------------------------ sockets
    async def hello(self, member: Member, secret: str | None, lang: str | None) -> None:
        """Greet a socket: a valid seat secret seats it, anything else makes a spectator
        (with a ``BAD_SECRET`` error when a secret was given but is not valid)."""
        t = await self.current(member.code)
        slot = None
        member.lang = lang
        if secret:
            fields = self.signer.verify(secret, "seat", self.clock.now_ms())
            if fields is None or len(fields) != 2 or fields[0] != member.code:
                member.push(error_frame(ServiceError("BAD_SECRET"), member.text_lang))
            else:
                slot = fields[1]
        member.greeted = True
        was = self.sockets.connected(member.code)
        member.slot = slot
        role: Color | Literal["spectator"] = t.color_of(slot) if slot else "spectator"
        member.push(frame(Welcome(role=role, slot=Slot(slot) if slot else None, game_id=t.id,
                                  server_time_ms=self.clock.now_ms()).model_dump()))
        if slot is not None and not was[slot]:
            async with self.locked(member.code) as t:
                await self._commit(t, t.player_back(t.color_of(slot)))
        else:
            await self.publish(t)

    async def leave(self, member: Member) -> None:
        self.sockets.leave(member)
        if self._stopping or not member.greeted:
            return
        try:
            async with self.locked(member.code) as t:
                slot = member.slot
                if slot is not None and not self.sockets.connected(member.code)[slot]:
                    await self._commit(t, t.player_left(t.color_of(slot), self.clock.now_ms()))
                else:
                    await self.publish(t)
        except ServiceError:
            pass
        finally:
            self.evict_if_idle(member.code)

    async def ping(self, member: Member) -> None:
        member.push(frame(Pong(server_time_ms=self.clock.now_ms()).model_dump()))

    async def sync(self, member: Member) -> None:
        self.push_state(member, await self.current(member.code))

    async def chat(self, member: Member, text: str) -> None:
        t = await self.current(member.code)
        role = t.color_of(member.slot) if member.slot else "spectator"
        seated = t.room.slot_name(member.slot) if member.slot else None
        texts = {}
        for lang in LANGS:
            # A spectator is named as one, in each reader's language.
            name = seated or (Message.of("SPECTATOR_NAME", name=member.name) if member.name
                              else Message.of("SPECTATOR")).text(lang)
            chat = ChatFrame.model_validate({"from": name, "role": role, "text": text.strip(),
                                             "server_time_ms": self.clock.now_ms()})
            texts[lang] = frame(chat.model_dump(by_alias=True))
        await self.broker.publish(member.code, localized(t.room.lang, texts))

    async def act(self, member: Member, msg: Action) -> None:
        """Carry out one game action of a seated player (already parsed)."""
        if member.slot is None:
            raise ServiceError("SPECTATOR")
        started = time.perf_counter()
        async with self.locked(member.code) as t:
            color = t.color_of(member.slot)
            now = self.clock.now_ms()
            if isinstance(msg, MoveMsg):
                before = t.clock
                await self._move(t, t.move(color, msg.move, msg.ply, now), before)
                if t.ply == msg.ply + 1:
                    self.move_seconds.append(time.perf_counter() - started)
                return
            change = _apply(t, msg, color, now)
            if change.rematch:
                await self.start_game(t.room, red_slot=t.slot_of(Color.BLACK), rematch=True)
                return
            await self._commit(t, change)

    async def _move(self, t: GameTable, change: Change, before: ClockState | None) -> None:
        """Commit a move (``before``: the clocks before it); if it cannot be stored, it
        was not played."""
        try:
            assert change.write is not None
            await self._store(t, change.write)
        except Exception:
            if isinstance(change.write, RecordMove):
                t.undo_last_move(before)
            log.exception("storing a move failed")
            raise ServiceError("STORE") from None
        await self._commit(t, Change(change.events))

    def stats(self) -> dict[str, Any]:
        """Live games, sockets, and server-side move handling time percentiles."""
        times = sorted(self.move_seconds)

        def pct(q: float) -> float | None:
            return round(times[min(len(times) - 1, int(q * len(times)))] * 1000, 2) \
                if times else None
        pool = self.engine_pool
        return {"live_games": sum(1 for t in self.games.values()
                                  if t.status is Status.PLAYING),
                "engine": None if pool is None else {"kind": pool.kind, "ready": pool.ready},
                "sockets": self.sockets.count(),
                "moves_timed": len(times), "move_ms_p50": pct(0.5), "move_ms_p99": pct(0.99),
                "move_ms_max": pct(1.0)}

    # ------------------------------------------------------------ games
    async def start_game(self, room: RoomState, red_slot: str,
                         rematch: bool = False) -> GameTable:
        """A new game in ``room`` (the first one or a ``rematch``: published), stored and
        made current."""
        now = self.clock.now_ms()
        seated = room.guest_id is not None
        red, black = ("host", "guest") if red_slot == "host" else ("guest", "host")
        start_fen = room.start_fen or START_FEN
        row = {
            "room_code": room.code, "red_slot": red_slot, "start_fen": start_fen,
            "status": Status.PLAYING.value if seated else Status.WAITING.value,
            "result": "*", "plies": 0, "version": 0, "created_at": now,
            "started_at": now if seated else None,
            "red_player": room.slot_identity(red), "black_player": room.slot_identity(black),
            "red_name": room.slot_name(red), "black_name": room.slot_name(black),
            "red_ms": room.tc.base_ms if room.tc else None,
            "black_ms": room.tc.base_ms if room.tc else None,
        }
        game_id = await self.database.run(self.database.store.create_game, row, {})
        room.current_game_id = game_id
        t = GameTable.new(game_id, room, red_slot, start_fen, started=seated, created_ms=now)
        await ratings.load(self.database, t)
        self.games[game_id] = t
        if rematch:
            await self.publish(t, [Notice("rematch", game_id=game_id)])
        self._maybe_ai(t)
        return t

    async def seat_guest(self, code: str, identity: str, name: str) -> None:
        """Give the free guest seat of room ``code`` to ``identity``."""
        async with self.locked(code) as t:
            room = t.room
            if room.guest_id is not None:
                raise ServiceError("ROOM_FULL")
            room.guest_id, room.guest_name = identity, name
            await self.database.run(self.database.store.update_room, code,
                                    {"guest_id": identity, "guest_name": name})
            change = t.seat_guest(identity, name, self.clock.now_ms())
            await ratings.load(self.database, t)  # the newcomer's rating, for the names
            await self._commit(t, change)

    # ------------------------------------------------------ timers and AI
    def _schedule(self, t: GameTable) -> None:
        """One timer per game, at the earliest of its flag time and abandonment deadline."""
        timer = self._timers.pop(t.id, None)
        if timer is not None:
            timer.cancel()
        deadline = t.deadline(self.settings.abandon_after_ms, self.settings.waiting_room_ms)
        if deadline is None or self._stopping:
            return
        delay = max(0.0, (deadline - self.clock.now_ms()) / 1000) + 0.005
        loop = asyncio.get_running_loop()
        self._timers[t.id] = loop.call_later(delay, lambda: self._spawn(
            asyncio.ensure_future(self.check_timers(t.id))))

    async def check_timers(self, game_id: int) -> None:
        """Flag a side whose time is out and claim a win for abandonment, whoever is
        connected; called by the game's timer (and by tests after moving a fake clock)."""
        t = await self.load(game_id)
        async with self.locked(t.room.code) as t:
            if t.id != game_id:
                return
            change = t.timers(self.clock.now_ms(), self.settings.abandon_after_ms,
                              self.settings.waiting_room_ms)
            if change is None:
                self._schedule(t)
            await self._commit(t, change)

    def _maybe_ai(self, t: GameTable) -> None:
        if t.status is not Status.PLAYING or not t.is_ai(t.turn) or self._stopping:
            return
        task = self._ai.get(t.id)
        if task is not None and not task.done():
            return
        self._ai[t.id] = self._spawn(asyncio.create_task(self._ai_move(t.id)))

    async def _ai_move(self, game_id: int) -> None:
        pool = self.engine_pool
        if pool is None:
            log.error("no engine pool: the AI cannot move in game %s", game_id)
            return
        if not pool.ready:
            # The state frames say the AI is getting ready; say when it is. (Past the job
            # timeout the move is asked for anyway: it fails if still nobody answers.)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(pool.wait_ready(), self.settings.job_timeout_s)
            await self.publish(await self.load(game_id))
        t = await self.load(game_id)
        position = list(t.moves)
        try:
            best = await pool.run(move_job(t, self.settings.ai_movetime_ms,
                                           self.clock.now_ms()))
            assert isinstance(best, str)
        except Exception:
            log.exception("the engine failed in game %s", game_id)
            async with self.locked(t.room.code) as t2:
                if t2.id == game_id and t2.moves == position and t2.status is Status.PLAYING:
                    await self._commit(t2, t2.resign(t2.turn, self.clock.now_ms()))
            return
        async with self.locked(t.room.code) as t2:
            if t2.id != game_id or t2.status is not Status.PLAYING:
                return
            self._ai.pop(game_id, None)
            if t2.moves != position:
                # A takeback changed the position while the engine searched (even if the
                # ply count is back to the same number): search again for the new one.
                self._maybe_ai(t2)
                return
            try:
                before = t2.clock
                await self._move(t2, t2.play(t2.turn, Move.from_iccs(best),
                                             self.clock.now_ms()), before)
            except ServiceError:
                log.exception("the engine's move %s was refused in game %s", best, game_id)


_ACTIONS: dict[type, Callable[[GameTable, Any, Color, int], Change]] = {
    OfferDraw: lambda t, m, c, now: t.offer_draw(c, now),
    AcceptDraw: lambda t, m, c, now: t.accept_draw(c, now),
    DeclineDraw: lambda t, m, c, now: t.decline_draw(c, now),
    Resign: lambda t, m, c, now: t.resign(c, now),
    Abort: lambda t, m, c, now: t.abort(c, now),
    Takeback: lambda t, m, c, now: t.takeback(c, now),
    TakebackAnswer: lambda t, m, c, now: t.takeback_answer(c, m.accept, now),
    Rematch: lambda t, m, c, now: t.rematch(c),
}


def _apply(t: GameTable, msg: Action, color: Color, now: int) -> Change:
    return _ACTIONS[type(msg)](t, msg, color, now)
