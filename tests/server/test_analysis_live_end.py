"""Why a live search ended, and the ``done`` reason the analysis board gets from it.

The worker keeps the job's time cap itself, so it knows whether it cut the search
(``time``), whether the engine stopped at the job's depth (``depth``) or ended the
search by itself (``engine``: a proven mate, its deepest depth); the session reports
``complete`` or ``cap`` from that, whatever wall time is left (which once decided it:
a mate proven near the cap was a ``cap``, a search cut short by a cap of the engine's
own with time left a ``complete``)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any

import pytest
from tests.uci.doubles import RandomPlayer

from cotuong import START_FEN
from cotuong.engine.interface import Info, InfoCallback, Limits, SearchResult
from cotuong.server import Settings
from cotuong.server.analysis.live import MIN_RESUME_MS, LiveAnalyses
from cotuong.server.workers.jobs import WorkerEngines
from cotuong.server.workers.live import (
    BACKSTOP_MS,
    EndCause,
    LiveEnd,
    LiveEval,
    LiveFormatError,
    LiveJob,
    LiveLine,
    LiveUpdate,
    live_end_from_json,
    live_end_to_json,
    search_live,
)

MATE_RED_1 = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w"  # Red mates in 1 (a0a9)


class Finisher:
    """An engine that proves a mate at once and ends its search by itself; it counts the
    stops it is sent."""

    name = "finisher"

    def __init__(self) -> None:
        self.stops = 0
        self.limits: list[Limits] = []

    def new_game(self) -> None: ...

    def set_option(self, name: str, value: str) -> None: ...

    def search(self, start_fen: str, moves: Sequence[str], limits: Limits,
               on_info: InfoCallback | None = None) -> SearchResult:
        self.limits.append(limits)
        info = Info(depth=3, nodes=90, time_ms=1, nps=90_000, pv=("a0a9",), mate=1)
        if on_info is not None:
            on_info(info)
        return SearchResult("a0a9", None, info, (info,))

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None: ...


# ------------------------------------------------------------------ the worker's side
def test_the_worker_cuts_the_search_at_the_jobs_time_itself() -> None:
    engine = RandomPlayer(step_s=0.01)  # deepens until its movetime or a stop
    started = time.monotonic()
    end = search_live(engine, False, LiveJob(START_FEN, ("h2e2",), 1, 200), None)
    assert end.ended_by == "time" and not end.yielded
    assert end.last is not None and end.last.depth >= 1
    # The engine's own clock is only a backstop, behind the worker's: it was not what
    # ended this search.
    assert engine.calls[0][2].movetime_ms == 200 + BACKSTOP_MS
    assert time.monotonic() - started < (200 + BACKSTOP_MS) / 1000


def test_an_engine_that_ends_by_itself_or_at_the_depth_says_so() -> None:
    engine = Finisher()
    end = search_live(engine, False, LiveJob(MATE_RED_1, (), 1, 150), None)
    assert end.ended_by == "engine" and end.last is not None
    assert end.last.lines[0].mate == 1
    time.sleep(0.3)  # past the job's time: the cap's timer stops no later search
    assert engine.stops == 0
    capped = search_live(RandomPlayer(step_s=0.0), False,
                         LiveJob(START_FEN, (), 1, 10_000, max_depth=4), None)
    assert capped.ended_by == "depth" and capped.last is not None
    assert capped.last.depth == 4


def test_the_builtin_engine_through_the_worker() -> None:
    engines = WorkerEngines()
    try:
        engines.warm_up()  # the caps below time searches, not the search's loading
        mate = engines.live(LiveJob(MATE_RED_1, (), 1, 30_000), None)
        timed = engines.live(LiveJob(START_FEN, ("h2e2",), 2, 300), None)
        deep = engines.live(LiveJob(START_FEN, (), 1, 30_000, max_depth=3), None)
    finally:
        engines.close()
    assert mate.ended_by == "engine"  # a proven mate: nothing left to search
    assert timed.ended_by == "time" and timed.last is not None
    assert deep.ended_by == "depth" and deep.last is not None and deep.last.depth == 3


def test_the_end_crosses_the_queue() -> None:
    last = LiveEval(5, (LiveLine(("h9g7",), 12, None),))
    for cause in ("engine", "time", "depth", "stop"):
        end = LiveEnd(last, ended_by=cause)  # type: ignore[arg-type]
        assert live_end_from_json(live_end_to_json(end)) == end
    # A worker older than ended_by: taken to have hit the time cap.
    assert live_end_from_json({"last": None, "yielded": False}).ended_by == "time"
    with pytest.raises(LiveFormatError):
        live_end_from_json({"last": None, "ended_by": "bored"})


# ------------------------------------------------------------------ the session's side
class Runner:
    """An engine runner that answers each live job with ``end`` once all but ``left_ms``
    of the job's time has passed."""

    kind = "local"

    def __init__(self, end: LiveEnd, left_ms: int) -> None:
        self.end = end
        self.left_ms = left_ms

    async def run_live(self, job: LiveJob, on_update: LiveUpdate | None = None,
                       stop: asyncio.Event | None = None, resumed: bool = False) -> LiveEnd:
        await asyncio.sleep(max(0, job.max_ms - self.left_ms) / 1000)
        return self.end


def done_reason(ended_by: EndCause, left_ms: int, **settings: Any) -> str:
    last = LiveEval(9, (LiveLine(("a0a9",), None, 1),))
    frames: list[dict[str, Any]] = []

    async def main() -> None:
        finished = asyncio.Event()

        def send(frame: dict[str, Any]) -> None:
            frames.append(frame)
            if frame["type"] == "done":
                finished.set()

        runner = Runner(LiveEnd(last, ended_by=ended_by), left_ms)
        live = LiveAnalyses(runner, Settings(db="sqlite://", **settings))  # type: ignore[arg-type]
        session = live.open(send, None, "192.0.2.1")
        session.analyse(1, MATE_RED_1, [], 1)
        await asyncio.wait_for(finished.wait(), 30)
        await session.close()

    asyncio.run(main())
    done = [f for f in frames if f["type"] == "done"]
    assert len(done) == 1 and done[0]["id"] == 1, frames
    assert frames[-2]["type"] == "eval"  # the last lines stand
    return str(done[0]["reason"])


def test_a_mate_proven_near_the_cap_is_complete() -> None:
    assert done_reason("engine", left_ms=MIN_RESUME_MS // 4, live_max_s=0.5) == "complete"


def test_a_cap_with_wall_time_left_is_a_cap() -> None:
    # The engine's time (a worker slow to start, an external engine's own clock) or the
    # depth cap ended the search long before the server's clock ran out.
    assert done_reason("time", left_ms=1_500, live_max_s=2.0) == "cap"
    assert done_reason("depth", left_ms=1_500, live_max_s=2.0, live_max_depth=9) == "cap"
