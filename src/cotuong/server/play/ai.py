"""The AI player: which level, which position, how long it may think on the game's clock
(:func:`move_job`, pure), and :class:`AiPlayer`, which asks the engine runner for the move
and plays it through the game service's tables (:class:`AiTables`).

>>> from cotuong.server.play.table import START_FEN, GameTable, RoomState
>>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay", time_control=None,
...     rated=False, opponent="ai", ai_level=3, lang="vi", host_id="g:1", host_name="A",
...     host_color="black", guest_id=None, guest_name=None, current_game_id=1,
...     created_at=0))
>>> job = move_job(GameTable.new(1, room, "host", START_FEN, started=True), 1000, 0)
>>> job.level, job.moves, job.movetime_ms
(3, (), 1000)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Protocol

from cotuong.core.types import Move
from cotuong.server.background import Background
from cotuong.server.errors import ServiceError
from cotuong.server.play.protocol import Status
from cotuong.server.play.table import Change, GameTable
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.timecontrol import ClockState
from cotuong.server.workers import EngineRunner, MoveJob

__all__ = ["AiPlayer", "AiTables", "ai_movetime_ms", "move_job"]

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


class AiPlayer:
    """Moves for the AI side of every AI game: one search per game at a time, run by the
    engine runner (never in the event loop); a failed search resigns the AI's game."""

    def __init__(self, engines: EngineRunner | None, settings: Settings, clock: ClockSource,
                 background: Background, tables: AiTables) -> None:
        self.engines = engines
        self.settings = settings
        self.clock = clock
        self.background = background
        self.tables = tables
        self._searches: dict[int, asyncio.Task[None]] = {}

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
        """Start the AI's search if it is the AI's turn in ``t`` and none runs yet."""
        if t.status is not Status.PLAYING or not t.is_ai(t.turn) or self.background.stopping:
            return
        task = self._searches.get(t.id)
        if task is not None and not task.done():
            return
        self._searches[t.id] = self.background.spawn(self._move(t.id))

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
            best = await pool.run(move_job(t, self.settings.ai_movetime_ms,
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


def move_job(t: GameTable, default_ms: int, now_ms: int) -> MoveJob:
    """The AI's move in ``t``'s position at its level; on a clock, as long as
    :func:`ai_movetime_ms` allows, else ``default_ms``."""
    level = t.room.ai_level or 1
    movetime, tc = default_ms, t.room.tc
    if t.clock is not None and tc is not None:
        left = t.clock.remaining(t.turn, now_ms, tc)
        period = t.clock.period_left(t.turn, now_ms, tc) or 0
        movetime = ai_movetime_ms(level, default_ms, left, period, tc.increment_ms)
    return MoveJob(level, t.start_fen, tuple(t.moves), movetime)


def ai_movetime_ms(level: int, default_ms: int, left_ms: int, period_ms: int,
                   increment_ms: int) -> int:
    """How long the AI thinks on a clock: a 30th of its main time left plus most of the
    increment (never more than a third of the time left), or a third of a byo-yomi period,
    at least 50 ms. Levels 1-7 keep the
    server's fixed time (``Settings.ai_movetime_ms``) as a ceiling; Thần (level 8) thinks
    as long as the clock allows.

    >>> ai_movetime_ms(8, 1000, 600_000, 0, 5_000), ai_movetime_ms(5, 1000, 600_000, 0, 5_000)
    (24000, 1000)
    >>> ai_movetime_ms(8, 1000, 0, 30_000, 0), ai_movetime_ms(8, 1000, 900, 0, 0)
    (10000, 50)
    """
    allowed = max(left_ms // 30 + increment_ms * 4 // 5, period_ms // 3)
    if period_ms == 0:
        allowed = min(allowed, left_ms // 3)  # the increment comes only after the move
    if level < 8:
        allowed = min(default_ms, allowed)
    return max(50, allowed)
