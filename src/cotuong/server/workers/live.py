"""Live analysis as engine work: the analysis board's job (one position, searched deeper
and deeper until a cap or a stop), the per-depth report it streams while it runs
(:class:`LiveEval`: the depth and the best lines, **from Red's point of view**), their
JSON forms (for the Redis queue), and :func:`search_live`, which runs the job inside a
worker process.

Unlike an AI move or a game's analysis, a live job is meant to be stopped: by its asker
(the position changed, the page left) or by the pool, when an AI move would otherwise
wait for it (``LiveEnd.yielded``: the asker queues it again).

A job's end says why the search ended (``LiveEnd.ended_by``), so that its asker can tell
an analysis that is finished from one that was cut short. The worker keeps the job's time
cap itself — a timer stops the engine at ``max_ms``; the engine's own clock, a second
later, is only a backstop — so it knows when it cut the search: ``time``. Otherwise the
engine ended the search: at the job's ``max_depth`` (``depth``), or by itself, having
nothing left to search (``engine``: a proven mate, or the deepest depth it searches). A
search stopped from outside ends ``stop``.

>>> from cotuong.core.fen import START_FEN
>>> job = LiveJob(START_FEN, ("h2e2",), multipv=3, max_ms=20_000)
>>> live_job_from_json(live_job_to_json(job)) == job
True
>>> e = LiveEval(7, (LiveLine(("h9g7", "h0g2"), 35, None),))
>>> live_eval_from_json(live_eval_to_json(e)) == e
True
>>> live_end_from_json(live_end_to_json(LiveEnd(e, ended_by="engine"))).ended_by
'engine'
>>> red_view(Info(depth=3, nodes=1, time_ms=1, nps=1, pv=("a0a9",), mate=-2), red=False)
LiveLine(pv=('a0a9',), score_cp=None, mate=2)
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, ClassVar, Literal, get_args

from cotuong.core import Board, Move
from cotuong.core.errors import CotuongError
from cotuong.engine.interface import EnginePlayer, Info, Limits

__all__ = ["MAX_LIVE_LINES", "EndCause", "LiveEnd", "LiveEval", "LiveJob", "LiveLine",
           "live_end_from_json", "live_end_to_json", "live_eval_from_json",
           "live_eval_to_json", "live_job_from_json", "live_job_to_json", "red_view",
           "search_live"]

MAX_LIVE_LINES = 3
MAX_LIVE_MS = 600_000
MAX_PLIES = 2_000
EMIT_EVERY_S = 0.2  # after the first depth, at most five reports a second
# The engine is given the job's time plus this: the worker's own timer stops it at the
# job's time, so the engine's clock only ends a search whose stop never came.
BACKSTOP_MS = 1_000
_ICCS = re.compile(r"^[a-i][0-9][a-i][0-9]$")


class LiveFormatError(CotuongError):
    """A live job or report in the queue that is not one."""

    code = "BAD_JOB"


@dataclass(frozen=True, slots=True)
class LiveJob:
    """Search the position after ``moves`` from ``start_fen`` with ``multipv`` lines,
    reporting every finished depth, until ``max_ms`` or ``max_depth`` (0: no depth cap)
    or a stop. The moves are checked by the asker (the worker replays them again)."""

    start_fen: str
    moves: tuple[str, ...]
    multipv: int = 1
    max_ms: int = 60_000
    max_depth: int = 0
    rules: str = "xiangqiplay"
    kind: ClassVar[str] = "live"


@dataclass(frozen=True, slots=True)
class LiveLine:
    """One line: its moves (ICCS) and its score from Red's point of view — ``score_cp``
    (centipawns) or ``mate`` (moves, the mating move included, to mate: positive when
    Red mates)."""

    pv: tuple[str, ...]
    score_cp: int | None
    mate: int | None


@dataclass(frozen=True, slots=True)
class LiveEval:
    """The lines of one finished depth, best (for the side to move) first."""

    depth: int
    lines: tuple[LiveLine, ...]
    nodes: int = 0
    time_ms: int = 0


# Why a live search ended (the module doc): the engine had nothing left to search, the
# job's time or depth cap, or a stop from outside (its asker, or the pool).
EndCause = Literal["engine", "time", "depth", "stop"]


@dataclass(frozen=True, slots=True)
class LiveEnd:
    """How a live job ended: its last report (``None`` if not even depth 1 finished),
    why (``ended_by``, see :data:`EndCause`; ``stop`` unless said: an end made outside
    the worker's search is a stopped one) and whether it stopped early to let an AI move
    have the engine (``yielded``)."""

    last: LiveEval | None
    yielded: bool = False
    ended_by: EndCause = "stop"


LiveUpdate = Callable[[LiveEval], None]


def red_view(info: Info, red: bool) -> LiveLine:
    """An engine report (scores for the side to move) as a line from Red's side."""
    sign = 1 if red else -1
    return LiveLine(tuple(info.pv), None if info.score_cp is None else sign * info.score_cp,
                    None if info.mate is None else sign * info.mate)


# ------------------------------------------------------------------ JSON form
def live_job_to_json(job: LiveJob) -> dict[str, Any]:
    return {"kind": "live", "start_fen": job.start_fen, "moves": list(job.moves),
            "multipv": job.multipv, "max_ms": job.max_ms, "max_depth": job.max_depth,
            "rules": job.rules}


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise LiveFormatError(f"a live job's {key} must be an integer {low}-{high}")
    return value


def live_job_from_json(data: object) -> LiveJob:
    """A live job from its JSON form; :class:`LiveFormatError` says what is wrong."""
    if not isinstance(data, dict) or data.get("kind") != "live":
        raise LiveFormatError("not a live job")
    fen, moves = data.get("start_fen"), data.get("moves")
    if not isinstance(fen, str) or not 0 < len(fen) <= 200:
        raise LiveFormatError("a live job needs a start_fen")
    if not isinstance(moves, list) or len(moves) > MAX_PLIES or \
            not all(isinstance(m, str) and _ICCS.match(m) for m in moves):
        raise LiveFormatError("a live job's moves must be a list of ICCS moves")
    rules = data.get("rules", "xiangqiplay")
    if rules not in ("xiangqiplay", "asian"):
        raise LiveFormatError("a live job's rules must be xiangqiplay or asian")
    return LiveJob(fen, tuple(moves), _int(data, "multipv", 1, MAX_LIVE_LINES),
                   _int(data, "max_ms", 1, MAX_LIVE_MS), _int(data, "max_depth", 0, 200),
                   rules)


def live_eval_to_json(e: LiveEval) -> dict[str, Any]:
    return {"depth": e.depth, "nodes": e.nodes, "time_ms": e.time_ms,
            "lines": [{"pv": list(x.pv), "score_cp": x.score_cp, "mate": x.mate}
                      for x in e.lines]}


def _opt_int(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise LiveFormatError(f"a score must be an integer, not {value!r}")
    return value


def live_eval_from_json(data: object) -> LiveEval:
    if not isinstance(data, dict) or not isinstance(data.get("depth"), int) or \
            not isinstance(data.get("lines"), list):
        raise LiveFormatError("not a live report")
    lines = []
    for row in data["lines"][:MAX_LIVE_LINES]:
        if not isinstance(row, dict) or not isinstance(row.get("pv"), list) or \
                not all(isinstance(m, str) and _ICCS.match(m) for m in row["pv"]):
            raise LiveFormatError("a live report's line needs an ICCS pv")
        lines.append(LiveLine(tuple(row["pv"]), _opt_int(row.get("score_cp")),
                              _opt_int(row.get("mate"))))
    return LiveEval(data["depth"], tuple(lines), _opt_int(data.get("nodes")) or 0,
                    _opt_int(data.get("time_ms")) or 0)


def live_end_to_json(end: LiveEnd) -> dict[str, Any]:
    return {"last": None if end.last is None else live_eval_to_json(end.last),
            "yielded": end.yielded, "ended_by": end.ended_by}


def live_end_from_json(data: object) -> LiveEnd:
    """A live job's end from its JSON form; a worker that does not say why the search
    ended (one older than ``ended_by``) is taken to have hit the time cap."""
    if not isinstance(data, dict):
        raise LiveFormatError("a live result must be a JSON object")
    last = data.get("last")
    ended_by = data.get("ended_by", "time")
    if ended_by not in get_args(EndCause):
        raise LiveFormatError(f"a live result's ended_by is one of {get_args(EndCause)}")
    return LiveEnd(None if last is None else live_eval_from_json(last),
                   bool(data.get("yielded")), ended_by)


# ------------------------------------------------------------------ inside a worker
class _TimeCap:
    """The job's time cap, kept by the worker: a timer stops the engine after ``ms``
    unless the search ended first (``hit`` says whether it did). Once the block is left
    the timer can no longer stop anything: the engine may be on its next job."""

    def __init__(self, engine: EnginePlayer, ms: int) -> None:
        self.hit = False
        self._engine = engine
        self._over = False
        self._lock = threading.Lock()
        self._timer = threading.Timer(ms / 1000, self._fire)
        self._timer.daemon = True

    def _fire(self) -> None:
        with self._lock:
            if not self._over:
                self.hit = True
                self._engine.stop()

    def __enter__(self) -> _TimeCap:
        self._timer.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        with self._lock:
            self._over = True
        self._timer.cancel()


def search_live(engine: EnginePlayer, builtin: bool, job: LiveJob,
                update: LiveUpdate | None) -> LiveEnd:
    """Run ``job`` on ``engine`` (blocking; another thread may call ``engine.stop()``);
    ``update`` gets each finished depth's lines (the first at once, then at most every
    :data:`EMIT_EVERY_S`); returns the last finished depth's lines and why the search
    ended: ``time``, ``depth`` or ``engine`` (a stop from another thread looks like the
    engine's own end here: whoever stopped it knows)."""
    board = Board(job.start_fen)
    for text in job.moves:
        board.push(Move.from_iccs(text))
    red = board.turn.sign > 0
    expected = max(1, min(job.multipv, len(board.legal_moves)))
    if builtin:
        engine.set_option("Level", "8")  # no imperfection
        engine.set_option("Rules", job.rules)
    engine.set_option("MultiPV", str(job.multipv))
    pending: dict[int, Info] = {}
    last_emit = [0.0]

    def on_info(info: Info) -> None:
        rank = info.multipv or 1
        if rank == 1:
            pending.clear()
        pending[rank] = info
        if len(pending) < expected or update is None:
            return
        now = time.monotonic()
        if last_emit[0] and now - last_emit[0] < EMIT_EVERY_S:
            return
        last_emit[0] = now
        update(_report([pending[k] for k in sorted(pending)], red))

    limits = Limits(movetime_ms=job.max_ms + BACKSTOP_MS, depth=job.max_depth or None)
    try:
        with _TimeCap(engine, job.max_ms) as cap:
            result = engine.search(job.start_fen, job.moves, limits, on_info)
    finally:
        if builtin:
            engine.set_option("MultiPV", "1")  # the engine serves AI moves next
    infos = [i for i in result.lines if i.depth > 0] or \
        ([result.info] if result.info is not None and result.info.depth > 0 else [])
    last = _report(infos[:expected], red) if infos else None
    if cap.hit:
        return LiveEnd(last, ended_by="time")
    if job.max_depth and last is not None and last.depth >= job.max_depth:
        return LiveEnd(last, ended_by="depth")
    return LiveEnd(last, ended_by="engine")


def _report(infos: list[Info], red: bool) -> LiveEval:
    return LiveEval(min(i.depth for i in infos), tuple(red_view(i, red) for i in infos),
                    max(i.nodes for i in infos), max(i.time_ms for i in infos))
