"""``cotuong match``: engines play each other from a book of openings.

Each opening is played twice with colours swapped (:func:`schedule`), each game
refereed by :class:`cotuong.Game` (:func:`~cotuong.arena.engine_game.play_game`), and
the result is W/D/L for the first engine with an Elo estimate and its 95 % error bar
(:class:`~cotuong.arena.results.MatchResult`). Engines are specs (``level:3``,
``cmd:/path/to/pikafish``, see :mod:`cotuong.uci.spec`) or, in-process, factories
returning an EnginePlayer. Games run in parallel worker processes up to ``concurrency``.

>>> [(job.number, job.opening.name, job.first_red) for job in schedule(
...     [Opening("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "start")],
...     games=3)]
[(1, 'start', True), (2, 'start', False), (3, 'start', True)]
"""

from __future__ import annotations

import itertools
import multiprocessing
import queue
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from cotuong.arena.clock import MatchClock, parse_clock
from cotuong.arena.engine_game import play_game
from cotuong.arena.openings import Opening, load_openings
from cotuong.arena.results import GameResult, MatchResult
from cotuong.core.errors import CotuongError
from cotuong.core.outcome import Termination
from cotuong.core.types import Color
from cotuong.engine.interface import EnginePlayer
from cotuong.uci.spec import open_engine, parse_spec

# The match, and the names it had before the match runner was split by concept (the
# benchmarks import them from here).
__all__ = ["EngineSource", "GameResult", "MatchClock", "MatchResult", "Opening",
           "load_openings", "parse_clock", "play_game", "run_match", "schedule"]

EngineSource = str | Callable[[], EnginePlayer]


@dataclass(frozen=True, slots=True)
class _Job:
    number: int
    opening: Opening
    first_red: bool


def schedule(openings: Sequence[Opening], games: int | None = None) -> list[_Job]:
    """Game ``i`` uses opening ``i // 2`` (cycling), engine 1 Red on even ``i``."""
    total = 2 * len(openings) if games is None else games
    return [_Job(i + 1, openings[(i // 2) % len(openings)], i % 2 == 0) for i in range(total)]


def _label(source: EngineSource, engine: EnginePlayer) -> str:
    return source if isinstance(source, str) else engine.name


def _open(source: EngineSource) -> EnginePlayer:
    return source() if callable(source) else open_engine(source)


@dataclass(frozen=True, slots=True)
class _Terms:
    """What every game of a match shares: the clocks (``tc2``: engine 2's), the rules."""

    tc: MatchClock
    tc2: MatchClock
    rules: str
    max_plies: int


def _play_jobs(first: EngineSource, second: EngineSource, jobs: Iterator[_Job],
               terms: _Terms, report: Callable[[GameResult], None]) -> None:
    """Open both engines once, then play ``jobs`` one after the other. An engine that
    failed a game (crash, hang) is restarted before the next one."""
    sources = (first, second)
    engines: list[EnginePlayer] = []
    try:
        for source in sources:
            engines.append(_open(source))
        names = (_label(first, engines[0]), _label(second, engines[1]))
        for job in jobs:
            one, two = engines
            red, black = (one, two) if job.first_red else (two, one)
            red_tc, black_tc = (terms.tc, terms.tc2) if job.first_red else (terms.tc2, terms.tc)
            start = time.monotonic()
            moves, outcome = play_game(red, black, job.opening, red_tc, rules=terms.rules,
                                       max_plies=terms.max_plies, black_tc=black_tc)
            report(GameResult(job.number, job.opening,
                              names[0] if job.first_red else names[1],
                              names[1] if job.first_red else names[0],
                              job.first_red, moves, outcome, time.monotonic() - start))
            if outcome.termination is Termination.ABANDONMENT and outcome.winner is not None:
                loser_is_first = (outcome.winner is Color.BLACK) == job.first_red
                index = 0 if loser_is_first else 1
                engines[index].close()
                engines[index] = _open(sources[index])
    finally:
        for engine in engines:
            engine.close()


def _worker(first: str, second: str, jobs: multiprocessing.Queue[_Job | None],
            results: multiprocessing.Queue[GameResult | str], terms: _Terms) -> None:
    def take() -> Iterator[_Job]:
        while (job := jobs.get()) is not None:
            yield job

    try:
        _play_jobs(first, second, take(), terms, results.put)
    except Exception as exc:  # reported to the parent, which raises it
        results.put(f"{type(exc).__name__}: {exc}")


def run_match(first: EngineSource, second: EngineSource, tc: MatchClock, *,
              openings: Sequence[Opening] | None = None, games: int | None = None,
              rules: str = "xiangqiplay", max_plies: int = 300, concurrency: int = 1,
              on_game: Callable[[GameResult], None] | None = None,
              tc2: MatchClock | None = None,
              stop: Callable[[], bool] | None = None) -> MatchResult:
    """Play the match; ``on_game`` sees each game as it ends (in finishing order).

    ``tc2`` is engine 2's time control when it differs (time odds). ``stop``, asked
    after every game, ends the match early when it returns true: no new game starts,
    the games under way finish and count (an SPRT stops this way).
    """
    book = list(openings) if openings is not None else load_openings()
    jobs = schedule(book, games)
    for source in (first, second):
        if isinstance(source, str):
            parse_spec(source)  # a bad spec fails before any game starts
    if concurrency < 1:
        raise CotuongError(f"concurrency must be at least 1, not {concurrency}")
    done: list[GameResult] = []
    terms = _Terms(tc, tc2 or tc, rules, max_plies)
    halt = stop or (lambda: False)

    def report(result: GameResult) -> None:
        done.append(result)
        if on_game is not None:
            on_game(result)

    workers = min(concurrency, len(jobs))
    if workers <= 1:
        _play_jobs(first, second, itertools.takewhile(lambda _: not halt(), jobs), terms,
                   report)
    else:
        if not (isinstance(first, str) and isinstance(second, str)):
            raise CotuongError("parallel games need engine specs (strings), not objects")
        _run_parallel(first, second, jobs, terms, workers, report, halt)
    games_done = tuple(sorted(done, key=lambda g: g.number))
    return MatchResult(_name(first, games_done, True), _name(second, games_done, False),
                       games_done)


def _name(source: EngineSource, games: Sequence[GameResult], first: bool) -> str:
    if isinstance(source, str):
        return source
    for g in games:
        return g.red if g.first_red == first else g.black
    return "engine 1" if first else "engine 2"


def _run_parallel(first: str, second: str, jobs: list[_Job], terms: _Terms, workers: int,
                  report: Callable[[GameResult], None], halt: Callable[[], bool]) -> None:
    # 'spawn': a forked child would inherit engine I/O threads of the parent.
    ctx = multiprocessing.get_context("spawn")
    job_q: multiprocessing.Queue[_Job | None] = ctx.Queue()
    result_q: multiprocessing.Queue[GameResult | str] = ctx.Queue()
    # Jobs are handed out one per finished game (never queued ahead), so a stop
    # leaves only the games under way to finish.
    pending = iter(jobs)
    outstanding = 0

    def hand_out() -> None:
        nonlocal outstanding
        job = None if halt() else next(pending, None)
        job_q.put(job)
        outstanding += job is not None

    for _ in range(workers):
        hand_out()
    procs = [ctx.Process(target=_worker, args=(first, second, job_q, result_q, terms),
                         daemon=True)
             for _ in range(workers)]
    for proc in procs:
        proc.start()
    try:
        while outstanding:
            try:
                item = result_q.get(timeout=1.0)
            except queue.Empty:
                if not any(p.is_alive() for p in procs):
                    raise CotuongError(
                        "all match workers stopped before the games ended") from None
                continue
            if isinstance(item, str):
                raise CotuongError(f"a match worker failed: {item}")
            outstanding -= 1
            report(item)
            hand_out()  # the next job, or None: this worker is done
    finally:
        for proc in procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
                proc.join()
