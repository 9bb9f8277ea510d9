"""AI moves computed in worker processes, so the event loop never waits for a search.

Each worker process opens its engine once (the built-in engine, or the external engine
``Settings.engine_spec`` names) and sets the level per request.

>>> pool = EnginePool(workers=1)
>>> pool.shutdown()
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from cotuong.engine.interface import EnginePlayer, Limits
from cotuong.uci import open_engine

# One engine per worker process, made on first use; this dict lives only inside workers
# (the parent never calls _search), so it is per-process state, not shared app state.
_WORKER_ENGINES: dict[str, EnginePlayer] = {}


def _search(spec: str | None, level: int, start_fen: str, moves: list[str],
            movetime_ms: int) -> str:
    key = spec or "builtin"
    engine = _WORKER_ENGINES.get(key)
    if engine is None:
        engine = open_engine(spec or f"level:{level}")
        _WORKER_ENGINES[key] = engine
    if spec is None:
        engine.set_option("Level", str(level))
    return engine.search(start_fen, moves, Limits(movetime_ms=movetime_ms)).bestmove


class EnginePool:
    """A process pool answering ``best_move`` requests; :meth:`shutdown` stops it."""

    def __init__(self, workers: int = 1, spec: str | None = None) -> None:
        # spawn: a fork of a process running an event loop and threads is unsafe.
        ctx = multiprocessing.get_context("spawn")
        self._pool = ProcessPoolExecutor(max_workers=max(1, workers), mp_context=ctx)
        self._spec = spec

    async def best_move(self, level: int, start_fen: str, moves: list[str],
                        movetime_ms: int) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _search, self._spec, level, start_fen,
                                          list(moves), movetime_ms)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
