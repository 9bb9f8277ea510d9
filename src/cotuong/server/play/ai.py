"""The AI player: which level, which position, how long it may think on the game's clock
(:func:`move_job`, pure), and :class:`AiPlayer`, which asks the engine runner for the move
and plays it through the game service's tables (:class:`AiTables`).

>>> from cotuong.server.play.table import START_FEN, GameTable, RoomState
>>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay", time_control=None,
...     rated=False, opponent="ai", ai_level=3, lang="vi", host_id="g:1", host_name="A",
...     host_color="black", guest_id=None, guest_name=None, current_game_id=1,
...     created_at=0))
>>> job = move_job(GameTable.new(1, room, "host", START_FEN, started=True), AiTime(), 0)
>>> job.level, job.moves, job.movetime_ms
(3, (), 1000)
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, Protocol

from cotuong.core.types import Move
from cotuong.server.background import Background
from cotuong.server.errors import ServiceError
from cotuong.server.play.protocol import Color, Status
from cotuong.server.play.table import Change, GameTable
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.timecontrol import ClockState
from cotuong.server.workers import EngineRunner, MoveJob

__all__ = ["AiPlayer", "AiTables", "AiTime", "Lanes", "ai_movetime_ms", "move_job"]

log = logging.getLogger("cotuong.server")


class AiTables(Protocol):
    """What the AI needs of the game service: its tables, their lock, and the commit."""

    async def load(self, game_id: int, fresh: bool = False) -> GameTable: ...

    def locked(self, code: str) -> contextlib.AbstractAsyncContextManager[GameTable]: ...

    async def publish(self, t: GameTable, events: Any = None) -> None: ...

    async def commit(self, t: GameTable, change: Change | None,
                     publish: bool = True) -> None: ...

    async def play_move(self, t: GameTable, change: Change,
                        before: ClockState | None) -> None: ...

    def attended(self, t: GameTable) -> bool:
        """Whether the AI game's human has a socket open (nobody watching: no search)."""
        ...

    def ai_keys(self, t: GameTable) -> tuple[str, ...]:
        """Who asks for the AI's moves in ``t``: the host's identity and address."""
        ...


class Lanes:
    """One search in flight per key (a person, an address): a search holds the lanes of
    all its keys, and waits while any of them is taken (first come, first served).

    >>> import asyncio
    >>> async def demo():
    ...     lanes, order = Lanes(), []
    ...     async def search(name, keys):
    ...         async with lanes.hold(keys):
    ...             order.append(name); await asyncio.sleep(0.01)
    ...     await asyncio.gather(search("a", ("id:1", "ip:x")), search("b", ("id:2", "ip:x")),
    ...                          search("c", ("id:3", "ip:y")))
    ...     return order, lanes.busy()
    >>> asyncio.run(demo())
    (['a', 'c', 'b'], 0)
    """

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def hold(self, keys: tuple[str, ...]) -> AsyncIterator[None]:
        keys = tuple(sorted(set(keys)))  # one order for all: no deadlock
        for k in keys:
            self._users[k] = self._users.get(k, 0) + 1
        held: list[asyncio.Lock] = []
        try:
            for k in keys:
                lock = self._locks.setdefault(k, asyncio.Lock())
                await lock.acquire()
                held.append(lock)
            yield
        finally:
            for lock in held:
                lock.release()
            for k in keys:
                self._users[k] -= 1
                if not self._users[k]:
                    del self._users[k]
                    self._locks.pop(k, None)

    def busy(self) -> int:
        """Keys with a search running or waiting."""
        return len(self._users)


class AiPlayer:
    """Moves for the AI side of every AI game: one search per game at a time, run by the
    engine runner (never in the event loop), and one per person and per address
    (:class:`Lanes`); a search stops when its game ends or its human leaves the room
    (it starts again when they come back); a failed search resigns the AI's game."""

    def __init__(self, engines: EngineRunner | None, settings: Settings, clock: ClockSource,
                 background: Background, tables: AiTables) -> None:
        self.engines = engines
        self.settings = settings
        self.clock = clock
        self.background = background
        self.tables = tables
        self._searches: dict[int, asyncio.Task[None]] = {}
        self.lanes = Lanes()

    async def start(self) -> None:
        if self.engines is not None:
            # Returns at once: the engines warm up in the background while we serve.
            await self.engines.start(self.settings.engine_warmup)

    def warming(self, t: GameTable) -> bool:
        """Whether the AI to move in ``t`` waits for its engine to warm up."""
        pool = self.engines
        return (pool is not None and t.status is Status.PLAYING and t.is_ai(t.turn)
                and not pool.ready)

    def stats(self) -> dict[str, Any] | None:
        pool = self.engines
        return None if pool is None else {"kind": pool.kind, "ready": pool.ready}

    def maybe_move(self, t: GameTable) -> None:
        """Start the AI's search if it is the AI's turn in ``t``, its human is there and
        none runs yet; stop the search of a game that ended or that its human left."""
        if t.status is not Status.PLAYING or not self.tables.attended(t):
            self.cancel(t.id)
            return
        if not t.is_ai(t.turn) or self.background.stopping:
            return
        task = self._searches.get(t.id)
        if task is not None and not task.done():
            return
        task = self._searches[t.id] = self.background.spawn(self._move(t.id))
        task.add_done_callback(functools.partial(self._forget, t.id))

    def _forget(self, game_id: int, done: asyncio.Task[None]) -> None:
        if self._searches.get(game_id) is done:
            del self._searches[game_id]

    def cancel(self, game_id: int) -> None:
        """Stop game ``game_id``'s search, waiting or running (the pool ends it)."""
        task = self._searches.get(game_id)
        if task is None or task is asyncio.current_task():
            return
        del self._searches[game_id]
        task.cancel()

    def searching(self, game_id: int) -> bool:
        task = self._searches.get(game_id)
        return task is not None and not task.done()

    async def _move(self, game_id: int) -> None:
        pool, tables = self.engines, self.tables
        if pool is None:
            log.error("no engine pool: the AI cannot move in game %s", game_id)
            return
        if not pool.ready:
            # The state frames say the AI is getting ready; say when it is. (Past the job
            # timeout the move is asked for anyway: it fails if still nobody answers.)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(pool.wait_ready(), self.settings.job_timeout_s)
            await tables.publish(await tables.load(game_id))
        t = await tables.load(game_id)
        position = list(t.moves)
        try:
            async with self.lanes.hold(tables.ai_keys(t)):
                t = await tables.load(game_id)
                position = list(t.moves)
                best = await pool.run(move_job(t, AiTime.of(self.settings),
                                               self.clock.now_ms()))
            assert isinstance(best, str)
        except Exception:
            log.exception("the engine failed in game %s", game_id)
            async with tables.locked(t.room.code) as t2:
                if t2.id == game_id and t2.moves == position and t2.status is Status.PLAYING:
                    await tables.commit(t2, t2.resign(t2.turn, self.clock.now_ms()))
            return
        async with tables.locked(t.room.code) as t2:
            if t2.id != game_id or t2.status is not Status.PLAYING:
                return
            self._searches.pop(game_id, None)
            if t2.moves != position:
                # A takeback changed the position while the engine searched (even if the
                # ply count is back to the same number): search again for the new one.
                self.maybe_move(t2)
                return
            try:
                before = t2.clock
                await tables.play_move(t2, t2.play(t2.turn, Move.from_iccs(best),
                                                   self.clock.now_ms()), before)
            except ServiceError:
                log.exception("the engine's move %s was refused in game %s", best, game_id)


@dataclass(frozen=True, slots=True)
class AiTime:
    """The server's AI time policy: ``default_ms`` is the fixed time (and ceiling) of
    levels 1-7, ``untimed_ms`` Thần's time without a clock, ``cap_ms`` the ceiling of any
    move whatever the clock (so one request cannot hold an engine worker for minutes).

    >>> AiTime.of(Settings()).cap_ms
    10000
    """

    default_ms: int = 1000
    untimed_ms: int = 5000
    cap_ms: int = 10_000

    @classmethod
    def of(cls, settings: Settings) -> AiTime:
        return cls(settings.ai_movetime_ms, settings.ai_untimed_ms,
                   settings.ai_max_movetime_ms)


def move_job(t: GameTable, policy: AiTime, now_ms: int) -> MoveJob:
    """The AI's move in ``t``'s position at its level, thinking as long as
    :func:`ai_movetime_ms` says for the game's clock."""
    level = t.room.ai_level or 1
    tc = t.room.tc
    if t.clock is not None and tc is not None:
        turn = t.turn
        left = t.clock.remaining(turn, now_ms, tc)
        period = t.clock.period_left(turn, now_ms, tc) or 0
        other = Color.BLACK if turn is Color.RED else Color.RED
        movetime = ai_movetime_ms(level, policy, left, period, tc.increment_ms,
                                  opponent_ms=t.clock.remaining(other, now_ms, tc),
                                  ply=t.ply)
    else:
        movetime = ai_movetime_ms(level, policy, None, 0, 0, ply=t.ply)
    return MoveJob(level, t.start_fen, tuple(t.moves), movetime)


# A strong player spends about an 80th of the main time left on a move, plus half the
# increment; in the opening (the first OPENING_PLIES) half as much; when behind on the
# clock, less in proportion. Tuned so that Thần averages under ~5 s a move at 5+3 and
# keeps level with a player who spends their time evenly (benchmarks/bench_ai_time.py).
HORIZON_MOVES = 80
OPENING_PLIES = 16
FLOOR_MS = 50


def ai_movetime_ms(level: int, policy: AiTime, left_ms: int | None, period_ms: int,
                   increment_ms: int, *, opponent_ms: int | None = None,
                   ply: int = OPENING_PLIES) -> int:
    """How long the AI thinks for one move. ``left_ms`` is its main time left (``None``:
    an untimed game), ``period_ms`` what is left of its byo-yomi period (0: Fischer),
    ``opponent_ms`` the other side's main time, ``ply`` the game's ply.

    * untimed: Thần thinks ``policy.untimed_ms``;
    * Fischer: an 80th of the main time left plus half the increment (half of that in the
      opening, less when behind the opponent's clock), never more than a third of the
      time left (the increment comes only after the move);
    * byo-yomi: the period is a ceiling, not a target: what an untimed move would take,
      at most half the period, plus an 80th of any main time left;
    * levels 1-7 never think longer than ``policy.default_ms``; no move longer than
      ``policy.cap_ms``; at least 50 ms.

    >>> p = AiTime(default_ms=1000, untimed_ms=5000, cap_ms=10_000)
    >>> ai_movetime_ms(8, p, 300_000, 0, 3_000), ai_movetime_ms(8, p, None, 0, 0)
    (5250, 5000)
    >>> ai_movetime_ms(8, p, 0, 60_000, 0), ai_movetime_ms(8, p, 10_800_000, 0, 600_000)
    (5000, 10000)
    >>> ai_movetime_ms(5, p, 600_000, 0, 5_000), ai_movetime_ms(8, p, 900, 0, 0)
    (1000, 50)
    """
    if left_ms is None:
        allowed = policy.untimed_ms if level >= 8 else policy.default_ms
    elif period_ms > 0:
        allowed = min(policy.untimed_ms, period_ms // 2) + left_ms // HORIZON_MOVES
    else:
        allowed = left_ms // HORIZON_MOVES + increment_ms // 2
        if ply < OPENING_PLIES:
            allowed //= 2
        if opponent_ms is not None and 0 < left_ms < opponent_ms:
            allowed = allowed * left_ms // opponent_ms
        allowed = min(allowed, left_ms // 3)
    if level < 8:
        allowed = min(allowed, policy.default_ms)
    return max(FLOOR_MS, min(allowed, policy.cap_ms))
