"""Computer analysis of finished games, on request: queue (bounded per player and in all),
run on the engine workers (never in the event loop), record progress and the result.

An analysis is split into jobs of ``Settings.analysis_chunk`` positions, all queued at
once: several workers share one game, and an AI move waits at most for one job to end
(moves go first). The row in the ``analyses`` table is the truth every server reads;
the server running it renews its lease, and a server adopts the analyses whose lease ran
out, so neither a restart nor a dead server loses a request.

>>> Analyses.__name__
'Analyses'
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
from typing import Any

from cotuong.server.analysis.judge import plies_view, summary
from cotuong.server.analysis.store import AnalysisLimitError, AnalysisStore
from cotuong.server.errors import ServiceError
from cotuong.server.settings import ClockSource, Settings
from cotuong.server.storage import Database
from cotuong.server.workers import (
    AnalysisJob,
    EngineJobError,
    EngineRunner,
    PositionEval,
    evals_from_json,
)

log = logging.getLogger("cotuong.server.analysis.judge")
PROGRESS_EVERY_S = 0.5  # progress writes at most this often per analysis
VIEW_CACHE = 64  # finished analyses kept rendered


class Analyses:
    """The analysis requests of one server process (``owner`` names it in the table)."""

    def __init__(self, database: Database, store: AnalysisStore, engine: EngineRunner | None,
                 clock: ClockSource, settings: Settings, owner: str) -> None:
        self.database = database
        self.store = store
        self.engine = engine
        self.clock = clock
        self.settings = settings
        self.owner = owner
        self._running: dict[int, asyncio.Task[None]] = {}
        self._leases: asyncio.Task[None] | None = None
        self._views: dict[int, dict[str, Any]] = {}
        # The client address of each analysis this process queued and still runs: a
        # guest identity costs nothing, so the per-person limit holds per address too.
        self._addresses: dict[int, str] = {}

    @property
    def _lease_ms(self) -> int:
        return int(self.settings.analysis_lease_s * 1000)

    # ---------------------------------------------------------------- lifecycle
    async def start(self) -> None:
        await self._adopt()
        self._leases = asyncio.create_task(self._keep_leases())

    async def _keep_leases(self) -> None:
        while True:
            await asyncio.sleep(self.settings.analysis_lease_s / 3)
            try:
                now = self.clock.now_ms()
                await self.database.run(self.store.renew, self.owner, now + self._lease_ms)
                await self._adopt()
            except Exception:  # a database hiccup: try again at the next beat
                log.exception("renewing the analysis leases failed")

    async def _adopt(self) -> None:
        now = self.clock.now_ms()
        for game_id in await self.database.run(self.store.adopt, self.owner, now,
                                               now + self._lease_ms):
            log.info("adopting the analysis of game %s", game_id)
            self._launch(game_id)

    async def stop(self) -> None:
        tasks = [t for t in (self._leases, *self._running.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        # Unfinished analyses stay queued; with the lease given up, the next server to
        # start (or another one running) adopts them at once.
        with contextlib.suppress(Exception):
            await self.database.run(self.store.renew, self.owner, 0)

    # ---------------------------------------------------------------- requests
    async def request(self, game_id: int, identity: str,
                      address: str | None = None) -> tuple[dict[str, Any], bool]:
        """Queue the analysis of a finished game (idempotent): ``(view, queued_now)``; at
        most ``analysis_per_user`` per person and ``analysis_per_address`` per address."""
        store = self.database.store
        game = await self.database.run(store.game, game_id)
        if game is None:
            raise ServiceError("GAME_NOT_FOUND", game_id=game_id)
        if game["status"] != "finished":
            raise ServiceError("GAME_NOT_OVER", game=game_id)
        if self.engine is None:
            raise ServiceError("ENGINE_UNAVAILABLE")
        s = self.settings
        if address is not None and game_id not in self._running:
            mine = sum(1 for g, a in self._addresses.items() if a == address)
            if mine >= s.analysis_per_address:
                raise ServiceError("ANALYSIS_LIMIT", limit=s.analysis_per_address)
        try:
            row, queued = await self.database.run(
                self.store.request, game_id, identity, self.clock.now_ms(), self.owner,
                self._lease_ms, int(game["plies"]) + 1, s.analysis_movetime_ms,
                s.analysis_per_user, s.analysis_queue)
        except AnalysisLimitError as exc:
            code = "ANALYSIS_LIMIT" if exc.scope == "user" else "ANALYSIS_QUEUE_FULL"
            raise ServiceError(code, limit=exc.limit) from None
        if queued:
            self._views.pop(game_id, None)
            self._launch(game_id)
            if address is not None:
                self._addresses[game_id] = address
        return await self._view(row), queued

    async def view(self, game_id: int) -> dict[str, Any]:
        """The analysis of a game: ``status`` ``none`` while nobody has asked for it (a
        state of the game's analysis, not a missing address: the review page asks for
        every finished game), ``GAME_NOT_FOUND`` for a game that does not exist."""
        cached = self._views.get(game_id)
        if cached is not None:
            return cached
        row = await self.database.run(self.store.get, game_id)
        if row is None:
            if await self.database.run(self.database.store.game, game_id) is None:
                raise ServiceError("GAME_NOT_FOUND", game_id=game_id)
            return {"game_id": game_id, "status": "none"}
        return await self._view(row)

    async def _view(self, row: dict[str, Any]) -> dict[str, Any]:
        game_id = int(row["game_id"])
        view: dict[str, Any] = {
            "game_id": game_id, "status": row["status"],
            "progress": {"done": row["done"], "total": row["total"]},
            "movetime_ms": row["movetime_ms"], "requested_at": row["requested_at"],
            "started_at": row["started_at"], "finished_at": row["finished_at"],
        }
        if row["status"] == "failed":
            # The cause (an exception's text, kept in the row and the log) is for the
            # operator: it may name files, hosts or engine internals.
            view["error"] = {"code": "ANALYSIS_FAILED",
                             "texts": ServiceError("ANALYSIS_FAILED").texts}
        if row["status"] == "done" and row["result"]:
            store = self.database.store
            game = await self.database.run(store.game, game_id)
            moves = await self.database.run(store.game_moves, game_id)
            assert game is not None
            evals = evals_from_json(json.loads(row["result"]))
            # Move texts for 3 notations of every best move: off the event loop.
            plies = await asyncio.to_thread(plies_view, game["start_fen"], moves, evals)
            red_first = game["start_fen"].split()[1] != "b"
            view["plies"] = plies
            view["summary"] = summary(plies, red_first)
            if len(self._views) >= VIEW_CACHE:
                self._views.pop(next(iter(self._views)))
            self._views[game_id] = view  # a finished analysis never changes
        return view

    # ---------------------------------------------------------------- running
    def _launch(self, game_id: int) -> None:
        task = self._running.get(game_id)
        if task is None or task.done():
            self._running[game_id] = asyncio.create_task(self._run(game_id))

    async def _run(self, game_id: int) -> None:
        try:
            await self._analyse(game_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("the analysis of game %s failed", game_id)
            with contextlib.suppress(Exception):
                await self.database.run(self.store.fail, game_id, self.owner,
                                        f"{type(exc).__name__}: {exc}", self.clock.now_ms())
        finally:
            self._running.pop(game_id, None)
            self._addresses.pop(game_id, None)

    async def _analyse(self, game_id: int) -> None:
        assert self.engine is not None
        store = self.database.store
        game = await self.database.run(store.game, game_id)
        row = await self.database.run(self.store.get, game_id)
        if game is None or row is None:
            return
        moves = tuple(await self.database.run(store.game_moves, game_id))
        room = await self.database.run(store.room, game["room_code"])
        rules = room["rules"] if room else "xiangqiplay"
        size = max(1, self.settings.analysis_chunk)
        jobs = [AnalysisJob(game["start_fen"], moves, first, min(first + size - 1, len(moves)),
                            int(row["movetime_ms"]), rules)
                for first in range(0, len(moves) + 1, size)]
        done = [0] * len(jobs)
        last_write = [0.0]

        def progress(i: int, n: int) -> None:
            done[i] = n
            now = time.monotonic()
            if now - last_write[0] >= PROGRESS_EVERY_S:
                last_write[0] = now
                # Fire and forget: a lost progress write only shows an older number.
                task = asyncio.ensure_future(self.database.run(
                    self.store.progress, game_id, self.owner, sum(done), self.clock.now_ms()))
                task.add_done_callback(_quiet)

        await self.database.run(self.store.progress, game_id, self.owner, 0, self.clock.now_ms())
        tasks = [asyncio.ensure_future(self.engine.run(job, functools.partial(progress, i)))
                 for i, job in enumerate(jobs)]
        try:
            finished, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            for task in finished:
                if task.exception() is not None:
                    raise EngineJobError(str(task.exception()))
        finally:
            for task in tasks:
                task.cancel()
        evals: list[PositionEval] = []
        for task in tasks:
            result = task.result()
            assert isinstance(result, tuple)
            evals.extend(result)
        if not await self.database.run(self.store.finish, game_id, self.owner, evals,
                                       self.clock.now_ms()):
            log.info("the analysis of game %s was adopted by another server", game_id)

    async def stats(self) -> dict[str, int]:
        counts = await self.database.run(self.store.active)
        return {**counts, "here": len(self._running)}


def _quiet(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()  # retrieved: a failed progress write is not worth a warning
