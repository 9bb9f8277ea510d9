"""Engine work as values: a job (an AI move, or the evaluation of a stretch of a finished
game), its result, their JSON form (for the Redis queue), and :class:`WorkerEngines`, which
does the work inside a worker process — a process of the local pool
(:mod:`cotuong.server.workers.pool`) or of ``cotuong worker``
(:mod:`cotuong.server.workers.redis_worker`).

Everything here reaches the engine through the one interface (``cotuong.uci.open_engine``
and ``cotuong.engine.interface``), so an external UCI/UCCI engine works as well as the
built-in one.

>>> job = MoveJob(level=3, start_fen=START_FEN, moves=("h2e2",), movetime_ms=200)
>>> job_from_json(job_to_json(job)) == job
True
>>> job_from_json({"kind": "move", "level": 9, "start_fen": START_FEN, "moves": [],
...                "movetime_ms": 100})
Traceback (most recent call last):
...
cotuong.server.workers.jobs.JobFormatError: a move job's level must be 1-8, not 9
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from cotuong.core import Board, Move
from cotuong.core.errors import CotuongError
from cotuong.core.fen import START_FEN
from cotuong.engine.interface import EnginePlayer, Limits
from cotuong.server.workers.live import LiveEnd, LiveJob, LiveUpdate, search_live
from cotuong.uci import open_engine

__all__ = [
    "AnalysisJob", "EngineJobError", "EngineRunner", "EngineUnavailableError", "Job",
    "JobFormatError", "MoveJob", "PositionEval", "WorkerEngines", "job_from_json",
    "job_to_json", "result_from_json", "result_to_json",
]

_ICCS = re.compile(r"^[a-i][0-9][a-i][0-9]$")
MAX_MOVETIME_MS = 600_000
MAX_PLIES = 2_000  # a game far longer than any played; bounds a job's size


class JobFormatError(CotuongError):
    """A job or result in the queue that is not one (a bad producer, a version skew)."""

    code = "BAD_JOB"


class EngineJobError(CotuongError):
    """The engine could not do a job (it failed, or its worker died twice)."""

    code = "ENGINE_FAILED"


class EngineUnavailableError(EngineJobError):
    """No engine took the job in time, or the pool is shut down."""

    code = "ENGINE_UNAVAILABLE"


@dataclass(frozen=True, slots=True)
class MoveJob:
    """The AI's move at ``level`` in the position after ``moves`` from ``start_fen``."""

    level: int
    start_fen: str
    moves: tuple[str, ...]
    movetime_ms: int
    kind: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class AnalysisJob:
    """Evaluate the positions after ``first`` … ``last`` moves of a game (ply 0 is the
    start position), each for ``movetime_ms``, under the game's rule set."""

    start_fen: str
    moves: tuple[str, ...]
    first: int
    last: int
    movetime_ms: int
    rules: str = "xiangqiplay"
    kind: ClassVar[str] = "analysis"

    @property
    def size(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True, slots=True)
class PositionEval:
    """The engine's view of the position after ``ply`` moves, **from Red's point of view**:
    ``score_cp`` (centipawns) or ``mate`` (moves to mate: positive, Red mates). A position
    whose side to move has no legal move (mated or stalemated: a loss in xiangqi) has
    ``mate == 0`` and ``winner``. ``best`` is the engine's move there (ICCS)."""

    ply: int
    score_cp: int | None
    mate: int | None
    best: str | None
    winner: str | None = None
    depth: int = 0


Job = MoveJob | AnalysisJob
Progress = Callable[[int], None]  # positions done so far in the job


# ------------------------------------------------------------------ JSON form
def job_to_json(job: Job) -> dict[str, Any]:
    if isinstance(job, MoveJob):
        return {"kind": "move", "level": job.level, "start_fen": job.start_fen,
                "moves": list(job.moves), "movetime_ms": job.movetime_ms}
    return {"kind": "analysis", "start_fen": job.start_fen, "moves": list(job.moves),
            "first": job.first, "last": job.last, "movetime_ms": job.movetime_ms,
            "rules": job.rules}


def _int(data: dict[str, Any], key: str, what: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise JobFormatError(f"{what}'s {key} must be an integer, not {value!r}")
    return value


def _moves(data: dict[str, Any], what: str) -> tuple[str, ...]:
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_PLIES or \
            not all(isinstance(m, str) and _ICCS.match(m) for m in moves):
        raise JobFormatError(f"{what}'s moves must be a list of ICCS moves")
    return tuple(moves)


def job_from_json(data: object) -> Job:
    """A job from its JSON form; :class:`JobFormatError` says what is wrong."""
    if not isinstance(data, dict):
        raise JobFormatError("a job must be a JSON object")
    kind = data.get("kind")
    fen = data.get("start_fen")
    if not isinstance(fen, str) or not 0 < len(fen) <= 200:
        raise JobFormatError(f"a {kind} job needs a start_fen")
    what = f"a {kind} job"
    movetime = _int(data, "movetime_ms", what)
    if not 1 <= movetime <= MAX_MOVETIME_MS:
        raise JobFormatError(f"{what}'s movetime_ms must be 1-{MAX_MOVETIME_MS}")
    if kind == "move":
        level = _int(data, "level", what)
        if not 1 <= level <= 8:
            raise JobFormatError(f"a move job's level must be 1-8, not {level}")
        return MoveJob(level, fen, _moves(data, what), movetime)
    if kind == "analysis":
        moves = _moves(data, what)
        first, last = _int(data, "first", what), _int(data, "last", what)
        if not 0 <= first <= last <= len(moves):
            raise JobFormatError(f"{what}'s plies {first}-{last} are outside 0-{len(moves)}")
        rules = data.get("rules", "xiangqiplay")
        if rules not in ("xiangqiplay", "asian"):
            raise JobFormatError(f"{what}'s rules must be xiangqiplay or asian")
        return AnalysisJob(fen, moves, first, last, movetime, rules)
    raise JobFormatError(f"unknown job kind {kind!r}")


def result_to_json(result: str | tuple[PositionEval, ...]) -> Any:
    if isinstance(result, str):
        return {"bestmove": result}
    return {"evals": [{"ply": e.ply, "score_cp": e.score_cp, "mate": e.mate, "best": e.best,
                       "winner": e.winner, "depth": e.depth} for e in result]}


def result_from_json(job: Job, data: object) -> str | tuple[PositionEval, ...]:
    """The result of ``job`` from its JSON form (checked against the job)."""
    if not isinstance(data, dict):
        raise JobFormatError("a result must be a JSON object")
    if isinstance(job, MoveJob):
        move = data.get("bestmove")
        if not isinstance(move, str) or not _ICCS.match(move):
            raise JobFormatError(f"a move result needs an ICCS bestmove, not {move!r}")
        return move
    evals = data.get("evals")
    if not isinstance(evals, list) or len(evals) != job.size:
        raise JobFormatError(f"an analysis result needs {job.size} evaluations")
    return tuple(evals_from_json(evals))


def evals_from_json(rows: list[Any]) -> list[PositionEval]:
    """Stored or queued evaluations back as values."""
    out = []
    for row in rows:
        if not isinstance(row, dict) or not isinstance(row.get("ply"), int):
            raise JobFormatError(f"not an evaluation: {row!r}")
        out.append(PositionEval(row["ply"], row.get("score_cp"), row.get("mate"),
                                row.get("best"), row.get("winner"), row.get("depth") or 0))
    return out


# ------------------------------------------------------------------ the runners
class EngineRunner(Protocol):
    """Where the server sends engine work: the local process pool (the default) or the
    Redis queue that ``cotuong worker`` processes serve."""

    kind: str  # "local" or "redis", for /api/stats

    async def start(self, warm: bool = True) -> None:
        """Begin (at once); with ``warm``, warm the engines up in the background."""

    @property
    def ready(self) -> bool:
        """False while the engines warm up (the UI says the AI is getting ready)."""

    async def wait_ready(self) -> None: ...

    async def run(self, job: Job, on_progress: Progress | None = None
                  ) -> str | tuple[PositionEval, ...]:
        """Do ``job``: a move job gives the ICCS move, an analysis job its evaluations.
        Raises :class:`EngineJobError`."""

    async def run_live(self, job: LiveJob, on_update: LiveUpdate | None = None,
                       stop: asyncio.Event | None = None, resumed: bool = False) -> LiveEnd:
        """Do a live analysis, ``on_update`` getting each reported depth, until its cap;
        setting ``stop`` (or cancelling) stops the engine at once. A ``resumed`` search
        (it yielded before) waits behind new positions. Raises :class:`EngineJobError`."""

    async def close(self) -> None: ...


# ------------------------------------------------------------------ inside a worker
class WorkerEngines:
    """The engine of one worker process, opened on first use (``spec``: an external engine
    instead of the built-in one). Blocking; one job at a time."""

    def __init__(self, spec: str | None = None) -> None:
        self.spec = spec
        self._engine: EnginePlayer | None = None

    def engine(self) -> EnginePlayer:
        if self._engine is None:
            self._engine = open_engine(self.spec or "level:8")
        return self._engine

    def warm_up(self) -> None:
        """Pay the one-time costs now: an engine starts and answers; the built-in one's
        first search compiles (or loads from its cache) what every level runs, one
        process at a time (``cotuong.engine.builtin.warm_up``)."""
        self.engine().search(START_FEN, [], Limits(depth=1))

    def run(self, job: Job, progress: Progress | None = None) -> str | tuple[PositionEval, ...]:
        if isinstance(job, MoveJob):
            engine = self.engine()
            if self.spec is None:
                engine.set_option("Level", str(job.level))
            return engine.search(job.start_fen, job.moves,
                                 Limits(movetime_ms=job.movetime_ms)).bestmove
        return tuple(self._analyse(job, progress))

    def _analyse(self, job: AnalysisJob, progress: Progress | None) -> list[PositionEval]:
        engine = self.engine()
        if self.spec is None:
            engine.set_option("Level", "8")  # no imperfection
            engine.set_option("Rules", job.rules)
        engine.new_game()
        board = Board(job.start_fen)
        for text in job.moves[:job.first]:
            board.push(Move.from_iccs(text))
        out = []
        for ply in range(job.first, job.last + 1):
            if ply > job.first:
                board.push(Move.from_iccs(job.moves[ply - 1]))
            out.append(self._evaluate(engine, job, board, ply))
            if progress is not None:
                progress(len(out))
        return out

    @staticmethod
    def _evaluate(engine: EnginePlayer, job: AnalysisJob, board: Board,
                  ply: int) -> PositionEval:
        red = board.turn.sign > 0
        if not board.has_legal_move():
            return PositionEval(ply, None, 0, None, "black" if red else "red")
        result = engine.search(job.start_fen, job.moves[:ply],
                               Limits(movetime_ms=job.movetime_ms))
        info, sign = result.info, 1 if red else -1
        score = info.score_cp if info is not None else None
        mate = info.mate if info is not None else None
        return PositionEval(ply, None if score is None else sign * score,
                            None if mate is None else sign * mate, result.bestmove,
                            depth=info.depth if info is not None else 0)

    def live(self, job: LiveJob, update: LiveUpdate | None) -> LiveEnd:
        """A live analysis (:func:`~cotuong.server.workers.live.search_live`)."""
        return search_live(self.engine(), self.spec is None, job, update)

    def stop(self) -> None:
        """Stop the running search (from another thread)."""
        engine = self._engine
        if engine is not None:
            engine.stop()

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None
