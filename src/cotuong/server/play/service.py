"""The orchestrator: loads game tables, and runs every action as lock → apply → commit →
publish. The rules of each action live in the pure :mod:`cotuong.server.play.table`; this
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
from typing import Any

from cotuong.core.fen import START_FEN
from cotuong.server.background import Background
from cotuong.server.errors import ServiceError
from cotuong.server.play import presence, views
from cotuong.server.play.actions import apply_action
from cotuong.server.play.ai import AiPlayer
from cotuong.server.play.protocol import Action, Color, MoveMsg, Status
from cotuong.server.play.reread import change_record, reread
from cotuong.server.play.table import Change, End, GameTable, Notice, RoomState
from cotuong.server.play.table_rows import table_from_rows
from cotuong.server.play.values import stored_after
from cotuong.server.realtime import Broker, Coalescer, Member, Sockets, frame, localized
from cotuong.server.security import RateLimiter, Signer
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.storage import Database, RecordMove, SetMeta, Together, Write, ends_game
from cotuong.server.timecontrol import ClockState
from cotuong.server.workers import EngineRunner

log = logging.getLogger("cotuong.server")


class GameService:
    """Live game tables and their sockets (no global state: one per app). Routes get
    this (the game actions), a :class:`Database` and the clock — never each other."""

    def __init__(self, settings: Settings, database: Database, clock: ClockSource,
                 broker: Broker, sockets: Sockets, signer: Signer,
                 engines: EngineRunner | None) -> None:
        self.settings = settings
        self.database = database
        self.clock = clock
        self.broker = broker
        self.sockets = sockets
        self.signer = signer
        self.background = Background("games")
        self.ai = AiPlayer(engines, settings, clock, self.background, self)
        self.games: dict[int, GameTable] = {}
        self._by_room: dict[str, set[int]] = {}  # the ids in ``games`` of each room's games
        self.rooms: dict[str, RoomState] = {}
        # The client address that created each room (in memory only): AI limits are kept
        # per address as well as per person, since a guest identity costs nothing.
        self.addresses: dict[str, str] = {}
        # Who-is-watching changes publish a room's state at most once a period.
        self.coalescer = Coalescer(self.background, settings.state_coalesce_s,
                                   self._publish_current)
        self._locks: dict[int, asyncio.Lock] = {}
        self.spectator_chat = RateLimiter(settings.room_chat_rate, settings.room_chat_burst)
        # Seconds from a move message's arrival to its state being published (the last
        # 10,000), for /api/stats: the server's share of the round trip.
        self.move_seconds: collections.deque[float] = collections.deque(maxlen=10_000)
        # Called (as tasks) with each game whose end is stored: results reach tournaments.
        self.end_hooks: list[Callable[[GameTable], Awaitable[None]]] = []

    def live_tables(self) -> list[GameTable]:
        """The game tables in memory (live games, and finished ones still watched)."""
        return list(self.games.values())

    def adopt_room(self, room: RoomState, address: str | None = None) -> None:
        """Keep a newly created room in memory (its first game is started next)."""
        self.rooms[room.code] = room
        if address is not None:
            self.addresses[room.code] = address

    # ------------------------------------------------------------ the AI's people
    def attended(self, t: GameTable) -> bool:
        """Whether an AI game's human has a socket open here (with several processes the
        socket may be on another one: always yes)."""
        if t.room.opponent != "ai" or self.broker.shared:
            return True
        return self.sockets.connected(t.room.code)["host"]

    def ai_keys(self, t: GameTable) -> tuple[str, ...]:
        address = self.addresses.get(t.room.code)
        return (f"id:{t.room.host_id}",) + ((f"ip:{address}",) if address else ())

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        await self.ai.start()
        await self.broker.start(self.sockets.deliver)
        store = self.database.store
        now = self.clock.now_ms()
        beat = await self.database.run(store.get_meta, "heartbeat_ms")
        down = now - int(beat) if beat is not None else 0
        for game_id in await self.database.run(store.live_game_ids):
            t = await self.load(game_id)
            async with self._lock(t.id), self.broker.lock(t.room.code) as held:  # all processes
                if held.stale:
                    t = await self.load(game_id, fresh=True)
                    self.broker.refreshed(held)
                await self.commit(t, presence.resume(t, now, down), publish=False)
                self._schedule(t)  # a waiting room's expiry too
        self.background.spawn(self._beat())
        self.background.spawn(self._sweep())

    async def _beat(self) -> None:
        while True:
            await self.database.write(SetMeta("heartbeat_ms", str(self.clock.now_ms())))
            await asyncio.sleep(self.settings.heartbeat_s)

    async def _sweep(self) -> None:
        """Forget, now and then, the rooms nobody watches whose games are over: a room made
        or read over REST has no socket whose leaving would forget it."""
        while True:
            await asyncio.sleep(self.settings.evict_every_s)
            for code in list(self.rooms):
                self.evict_if_idle(code)

    async def stop(self) -> None:
        if self.background.stopping:
            return
        await self.background.stop()
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
                room.update_from_row(row)
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
        t = table_from_rows(row, moves, room)
        await views.load_ratings(self.database, t)
        self.keep(t)
        return t

    def keep(self, t: GameTable) -> None:
        self.games[t.id] = t
        self._by_room.setdefault(t.room.code, set()).add(t.id)

    async def current(self, code: str) -> GameTable:
        room = await self.room(code)
        if room.current_game_id is None:
            raise ServiceError("GAME_NOT_FOUND", "ERR_ROOM_NO_GAME", code=code)
        return await self.load(room.current_game_id)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @contextlib.asynccontextmanager
    async def locked(self, code: str) -> AsyncIterator[GameTable]:
        """The room's current game, locked (re-read after another process's change)."""
        t = await self.current(code)
        async with self._lock(t.id), self.broker.lock(code) as held:
            if held.stale:
                t = await reread(self, code, t.id, held.record)
                self.broker.refreshed(held)
            try:
                yield t
            finally:  # the next holder elsewhere catches up from its record
                held.change = change_record(self, code) if self.broker.shared else None

    def evict_if_idle(self, code: str) -> None:
        """Forget a room's finished games while nobody watches it (they stay stored and
        are loaded again on demand), so memory follows the live games only."""
        if self.sockets.watched(code):
            return
        ids = self._by_room.get(code, set())  # an index: a sweep of all rooms stays O(n)
        for game_id in list(ids):
            lock = self._locks.get(game_id)
            if self.games[game_id].over and (lock is None or not lock.locked()):
                del self.games[game_id]
                ids.discard(game_id)
                self._locks.pop(game_id, None)
        if not ids:
            self._by_room.pop(code, None)
            self.rooms.pop(code, None)
            self.addresses.pop(code, None)
            self.coalescer.forget(code)

    # ------------------------------------------------ commit and publish
    async def commit(self, t: GameTable, change: Change | None, publish: bool = True,
                     moved: bool = False) -> None:
        """Store the change's write, then publish its events and the new state."""
        if change is None:
            return
        if change.write is not None:
            await self._store(t, change.write)
        if publish:
            await self.publish(t, change.events, moved)
        self._schedule(t)
        self.ai.maybe_move(t)

    async def _store(self, t: GameTable, write: Write) -> None:
        """Commit a table's write; a rated game's end brings its rating changes back."""
        known, t.stored_fields = t.stored_fields, None  # the row: unknown until committed
        await self.database.write(write)
        t.stored_fields = stored_after(known, write, t.id)
        if isinstance(write, Together) and write.rates():
            await views.load_ratings(self.database, t)
        if ends_game(write) and not self.background.stopping:
            for hook in self.end_hooks:
                self.background.spawn(hook(t))

    async def finish(self, code: str, game_id: int, end: End) -> bool:
        """End a game from outside it (a tournament's no-show or arbiter); ``False``: over."""
        async with self.locked(code) as t:
            if t.id != game_id or t.over:
                return False
            await self.commit(t, t.finish(end, self.clock.now_ms()))
            return True

    def state(self, t: GameTable, lang: str | None = None) -> dict[str, Any]:
        code = t.room.code
        return views.state_frame(t, self.clock.now_ms(), self.sockets.connected(code),
                                 self.sockets.spectators(code), self.settings.abandon_after_ms,
                                 lang, ai_warming=self.ai.warming(t))

    async def publish(self, t: GameTable, events: list[Notice] | None = None,
                      moved: bool = False) -> None:
        """Publish ``events`` and the new state (``moved``: a move made it, so sockets
        that apply deltas get its ``moved`` frame instead)."""
        code, lang = t.room.code, t.room.lang
        for n in events or ():
            texts = {x: frame(n.frame(x).model_dump(exclude_none=True)) for x in views.LANGS}
            await self.broker.publish(code, localized(lang, texts))
        self.coalescer.sent(code)  # this state supersedes a pending one
        now, connected = self.clock.now_ms(), self.sockets.connected(code)
        spectators, warming = self.sockets.spectators(code), self.ai.warming(t)
        full_needed = self.broker.shared or not self.sockets.all_take_deltas(code)
        await self.broker.publish(code, views.state_message(
            t, lambda x, history: views.state_frame(t, now, connected, spectators,
                                                    self.settings.abandon_after_ms, x,
                                                    warming, history), moved, full_needed))

    def publish_soon(self, code: str) -> None:
        """Publish room ``code``'s state for a change of who is watching, at most once
        per ``state_coalesce_s``: a crowd arriving costs the players one frame a period."""
        self.coalescer.soon(code)

    async def _publish_current(self, code: str) -> None:
        with contextlib.suppress(ServiceError):  # the room was forgotten meanwhile
            if code in self.rooms:
                # Under the game's lock: a move being stored is not shown before it is
                # committed (and a `moved` frame always follows the state before it).
                async with self.locked(code) as t:
                    await self.publish(t)

    def push_state(self, member: Member, t: GameTable) -> None:
        member.push(frame(self.state(t, member.lang)))

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
                await self.play_move(t, t.move(color, msg.move, msg.ply, now), before)
                if t.ply == msg.ply + 1:
                    self.move_seconds.append(time.perf_counter() - started)
                return
            change = apply_action(t, msg, color, now)
            if change.rematch:
                await self.start_game(t.room, red_slot=t.slot_of(Color.BLACK), rematch=True)
                return
            await self.commit(t, change)

    async def play_move(self, t: GameTable, change: Change, before: ClockState | None) -> None:
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
        await self.commit(t, Change(change.events), moved=True)

    def stats(self) -> dict[str, Any]:
        """Live games, sockets, and server-side move handling time percentiles."""
        return {"live_games": sum(1 for t in self.games.values()
                                  if t.status is Status.PLAYING),
                "engine": self.ai.stats(), "sockets": self.sockets.count(),
                **views.move_percentiles(self.move_seconds)}

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
        await views.load_ratings(self.database, t)
        self.keep(t)
        if rematch:
            await self.publish(t, [Notice("rematch", game_id=game_id)])
        if presence.mark_absent(t, self.sockets.connected(room.code), now):
            await self.commit(t, t.saved(), publish=rematch)  # and its timer
        self.ai.maybe_move(t)
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
            now = self.clock.now_ms()
            change = presence.seat_guest(t, identity, name, now)
            await views.load_ratings(self.database, t)  # the newcomer's rating, for the names
            await self.commit(t, change)
            if presence.mark_absent(t, self.sockets.connected(code), now):  # not here yet
                await self.commit(t, t.saved(), publish=False)

    # ------------------------------------------------------------ timers
    def _schedule(self, t: GameTable) -> None:
        """One timer per game, at the earliest of its flag time and abandonment deadline."""
        deadline = t.deadline(self.settings.abandon_after_ms, self.settings.waiting_room_ms)
        if deadline is None:
            self.background.cancel(t.id)
            return
        delay = max(0.0, (deadline - self.clock.now_ms()) / 1000) + 0.005
        self.background.later(t.id, delay, lambda: self.check_timers(t.id))

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
            await self.commit(t, change)

