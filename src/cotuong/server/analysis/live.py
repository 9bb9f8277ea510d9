"""The analysis board's live engine: each socket of ``/ws/analysis`` is a
:class:`LiveSession`; :class:`LiveAnalyses` holds them and their limits.

A session searches one position at a time in the engine workers (the local pool or
``cotuong worker``, never the event loop) and forwards each reported depth as an
``eval`` frame; a new ``analyse``, ``stop`` or the socket's end stops the engine at once.
The limits (settings ``live_*``, docs/server.md "Security"):

- one live analysis per person (their identity cookie) and ``live_per_address`` per
  address: a newer ``analyse`` from another socket of the same person or address takes
  over and the older socket's search ends (``done``, ``reason: "elsewhere"``) — the newest
  page is the one on screen, and an old tab left open must not lock its owner out;
- ``analyse`` frames at ``live_rate`` a second per address (burst ``live_burst``);
- at most ``live_max`` searches per process, running or waiting for an engine (then
  ``LIVE_BUSY``); each search ends after ``live_max_s`` seconds or ``live_max_depth``
  (``done``, ``reason: "cap"``), or sooner when the engine ends it by itself with nothing
  left to search, a proven mate (``complete``) — as the worker saw the search end
  (:class:`~cotuong.server.workers.LiveEnd`, ``ended_by``), not by the time left.
  The pool gives AI moves the engine first (a live search yields and is queued again).

>>> position(None, ["h2e2", "h9g7"]).turn.en
'Red'
>>> position("4k4/9/9/9/9/9/9/9/9/4K4 w", []).fen()
Traceback (most recent call last):
...
cotuong.server.analysis.live.LiveRefusal: the position is not valid: the kings face each \
other on file e with nothing between them
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from cotuong.core import Board, InvalidFenError, Move, parse_fen, setup_problems, square_name
from cotuong.core.errors import CotuongError, IllegalMoveError
from cotuong.core.fen import START_FEN, write_fen
from cotuong.messages import CATALOG, Message
from cotuong.server.errors import ServiceError, Words
from cotuong.server.security import RateLimiter
from cotuong.server.settings import Settings
from cotuong.server.workers import (
    EngineJobError,
    EngineRunner,
    EngineUnavailableError,
    LiveEval,
    LiveJob,
)

__all__ = ["LiveAnalyses", "LiveRefusal", "LiveSession", "position"]

log = logging.getLogger("cotuong.server.analysis.live")
Send = Callable[[dict[str, Any]], None]
MIN_RESUME_MS = 200  # a search that yielded with less time left than this is not resumed


class LiveRefusal(ServiceError):
    """A refused ``analyse``, with the details its error frame carries (``extra``)."""

    def __init__(self, code: str, text_code: str | None = None, /, *,
                 extra: dict[str, Any] | None = None, status: int | None = None,
                 reason: dict[str, str] | None = None, retry_after: int | None = None,
                 **params: object) -> None:
        super().__init__(code, text_code, status=status, reason=reason,
                         retry_after=retry_after, **params)
        self.extra = extra or {}


def _problem(code: str, message: Message, squares: tuple[int, ...]) -> dict[str, Any]:
    texts = {"vi": message.text("vi"), "en": message.text("en")}
    return {"code": code, "text": texts["vi"], "texts": texts,
            "squares": [square_name(s) for s in squares]}


def position(fen: str | None, moves: list[str]) -> Board:
    """The board after ``moves`` from ``fen`` (``None``: the start position), checked by
    the rules core exactly as ``POST /api/positions/check`` checks a position; else
    :class:`LiveRefusal` ``BAD_POSITION`` (every problem) or ``ILLEGAL_MOVE`` (its index)."""
    problems: list[dict[str, Any]] = []
    try:
        setup = parse_fen(fen or START_FEN)
    except InvalidFenError as exc:
        key = f"STUDY_{exc.code}" if f"STUDY_{exc.code}" in CATALOG else "STUDY_FEN_INVALID"
        problems = [_problem(exc.code, Message.of(key), ())]
    else:
        problems = [_problem(p.code, p.message, p.squares) for p in setup_problems(setup)]
    if problems:
        raise LiveRefusal("BAD_POSITION", extra={"errors": problems}, problems=Words(
            "; ".join(p["texts"]["vi"] for p in problems),
            "; ".join(p["texts"]["en"] for p in problems)))
    board = Board(write_fen(setup))
    for index, text in enumerate(moves):
        try:
            board.push(Move.from_iccs(text))
        except IllegalMoveError as exc:
            why = exc.reason
            reason = None if why is None else {"code": why.code, "vi": why.vi, "en": why.en}
            raise LiveRefusal("ILLEGAL_MOVE", reason=reason, extra={"index": index},
                              move=text, why=Words(why.vi, why.en) if why else exc.code
                              ) from None
        except CotuongError:  # well formed yet no move (e0e0)
            raise LiveRefusal("ILLEGAL_MOVE", "ERR_BAD_MOVE", extra={"index": index},
                              move=text) from None
    return board


class LiveAnalyses:
    """Every live session of this process, and their limits (see the module doc)."""

    def __init__(self, runner: EngineRunner, settings: Settings) -> None:
        self.runner = runner
        self.settings = settings
        self.searching = 0  # searches running or waiting for an engine
        self.yields = 0  # searches stopped to let an AI move have the engine
        self._holders: dict[str, list[LiveSession]] = {}
        self._rate = RateLimiter(settings.live_rate, settings.live_burst)

    def open(self, send: Send, identity: str | None, address: str | None) -> LiveSession:
        return LiveSession(self, send, identity, address)

    def stats(self) -> dict[str, int]:
        """For ``/api/stats``: searches running or waiting, sockets that have asked for one
        (not closed), searches that yielded the engine (to an AI move, or in turns)."""
        return {"searching": self.searching, "sessions": len(
            {id(s) for held in self._holders.values() for s in held}),
            "yields": self.yields}

    def _keys(self, session: LiveSession) -> list[tuple[str, int]]:
        keys = [(f"a:{session.address or '?'}", max(1, self.settings.live_per_address))]
        if session.identity is not None:
            keys.append((f"p:{session.identity}", 1))
        return keys

    def _claim(self, session: LiveSession) -> None:
        """Make room for ``session``'s search under its person's and address's limits:
        the oldest other searches of the same person or address end (``elsewhere``)."""
        for key, limit in self._keys(session):
            held = [s for s in self._holders.get(key, []) if s is not session]
            while len(held) >= limit:
                held.pop(0).end_search("elsewhere")
            self._holders[key] = [*held, session]

    def _release(self, session: LiveSession) -> None:
        for key, _ in self._keys(session):
            held = [s for s in self._holders.get(key, []) if s is not session]
            if held:
                self._holders[key] = held
            else:
                self._holders.pop(key, None)


class LiveSession:
    """One ``/ws/analysis`` socket: its current search, if any."""

    def __init__(self, owner: LiveAnalyses, send: Send, identity: str | None,
                 address: str | None) -> None:
        self.owner = owner
        self.send = send
        self.identity = identity
        self.address = address
        self.ref: str | int | None = None  # the id of the analyse being searched
        self.lang = "vi"  # of the texts in its error frames
        self._task: asyncio.Task[None] | None = None
        self._stop: asyncio.Event | None = None
        self._reasons: dict[int, str] = {}  # why each search was stopped, by its event

    @property
    def searching(self) -> bool:
        return self._task is not None and not self._task.done()

    def analyse(self, ref: str | int | None, fen: str | None, moves: list[str],
                multipv: int) -> None:
        """Search this position instead of the current one; raises :class:`ServiceError`
        (nothing changed) for a bad position, an illegal move or a limit."""
        settings = self.owner.settings
        key = f"a:{self.address or '?'}"
        if not self.owner._rate.allow(key, time.monotonic()):
            raise ServiceError("RATE_LIMITED")
        board = position(fen, moves)
        if not self.searching and self.owner.searching >= settings.live_max:
            raise LiveRefusal("LIVE_BUSY", status=503, limit=settings.live_max)
        self.end_search("superseded")
        self.ref = ref
        if not board.has_legal_move():
            winner = "black" if board.turn.sign > 0 else "red"
            self.send({"type": "done", "id": ref, "reason": "over", "winner": winner})
            return
        self.owner._claim(self)
        job = LiveJob(fen or START_FEN, tuple(moves), multipv,
                      max(1, int(settings.live_max_s * 1000)), settings.live_max_depth)
        self._stop = asyncio.Event()
        self.owner.searching += 1
        self._task = asyncio.create_task(self._search(ref, job, self._stop))

    def stop(self) -> None:
        """The client's ``stop``."""
        if not self.searching:
            raise ServiceError("LIVE_NOT_ANALYSING")
        self.end_search("stopped")

    def end_search(self, reason: str) -> None:
        """Stop the current search (its ``done`` frame says ``reason``)."""
        if self.searching and self._stop is not None and not self._stop.is_set():
            self._reasons[id(self._stop)] = reason
            self._stop.set()

    async def close(self) -> None:
        """The socket closed: the search is cancelled (the engine stops at once)."""
        task = self._task
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.owner._release(self)

    async def _search(self, ref: str | int | None, job: LiveJob, stop: asyncio.Event) -> None:
        sent = [0]  # the deepest depth forwarded: a resumed search does not go back

        def forward(e: LiveEval) -> None:
            if e.depth >= sent[0] and not stop.is_set():
                sent[0] = e.depth
                self.send({"type": "eval", "id": ref, "depth": e.depth, "nodes": e.nodes,
                           "time_ms": e.time_ms,
                           "lines": [_line(x.pv, x.score_cp, x.mate) for x in e.lines]})

        started = time.monotonic()
        reason = "cap"
        resumed = False
        try:
            while True:
                end = await self.owner.runner.run_live(job, forward, stop, resumed)
                if end.last is not None:
                    forward(end.last)
                left = job.max_ms - int((time.monotonic() - started) * 1000)
                if stop.is_set():
                    reason = self._reasons.pop(id(stop), "stopped")
                elif end.yielded and left >= MIN_RESUME_MS:
                    self.owner.yields += 1
                    job = LiveJob(job.start_fen, job.moves, job.multipv, left,
                                  job.max_depth, job.rules)
                    resumed = True
                    continue
                else:  # why the search ended, as the worker saw it (not the time left)
                    reason = "complete" if end.ended_by == "engine" else "cap"
                break
        except EngineUnavailableError as exc:
            log.warning("live analysis: %s", exc)
            self._fail(ref, ServiceError("ENGINE_UNAVAILABLE"))
            reason = "failed"
        except EngineJobError as exc:
            log.warning("live analysis failed: %s", exc)
            self._fail(ref, ServiceError("LIVE_ENGINE_FAILED"))
            reason = "failed"
        finally:
            self.owner.searching -= 1
        self.send({"type": "done", "id": ref, "reason": reason})

    def _fail(self, ref: str | int | None, exc: ServiceError) -> None:
        self.send(error_json(exc, self.lang, ref))


def _line(pv: tuple[str, ...], score_cp: int | None, mate: int | None) -> dict[str, Any]:
    line: dict[str, Any] = {"pv": list(pv)}
    if mate is not None:
        line["mate"] = mate
    else:
        line["score_cp"] = score_cp if score_cp is not None else 0
    return line


def error_json(exc: ServiceError, lang: str, ref: str | int | None) -> dict[str, Any]:
    """The ``error`` frame of ``exc`` in ``lang`` (``text`` and ``message`` alike; ``texts``
    in both languages)."""
    text = exc.text(lang)
    out: dict[str, Any] = {"type": "error", "code": exc.code, "message": text, "text": text,
                           "texts": exc.texts}
    if exc.reason:
        out["reason"] = exc.reason
    if ref is not None:
        out["ref"] = ref
    if isinstance(exc, LiveRefusal):
        extra = dict(exc.extra)
        if "errors" in extra:
            extra["errors"] = [{**p, "text": p["texts"]["en" if lang == "en" else "vi"]}
                               for p in extra["errors"]]
        out.update(extra)
    return out
