"""``cotuong match``: engines play each other from a book of openings.

Each opening is played twice with colours swapped, games are refereed by
:class:`cotuong.Game` (rulings, draw rules), adjudicated as a draw at a move cap,
and the result is W/D/L for the first engine with an Elo estimate and its 95 %
error bar. Engines are specs (``level:3``, ``cmd:/path/to/pikafish``, see
:mod:`cotuong.uci.spec`) or, in-process, factories returning an EnginePlayer.
Games run in parallel worker processes up to ``concurrency``.

>>> elo, err = elo_estimate(wins=30, draws=40, losses=30)
>>> round(elo), round(err)
(0, 53)
>>> round(elo_estimate(60, 20, 20)[0])
147
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import queue
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from cotuong.arena.stats import _fmt_elo
from cotuong.arena.stats import elo_estimate as elo_estimate  # re-exported
from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, RecordError
from cotuong.core.outcome import Outcome, Termination
from cotuong.core.types import Color, Move
from cotuong.engine.interface import EnginePlayer, Limits
from cotuong.engine.rules import obeying_moves
from cotuong.game import Game
from cotuong.messages import Message
from cotuong.records import GameRecord, write_pgn
from cotuong.uci.errors import EngineTimeoutError
from cotuong.uci.spec import open_engine, parse_spec

EngineSource = str | Callable[[], EnginePlayer]


@dataclass(frozen=True, slots=True)
class Opening:
    """A start position for a pair of games; ``moves`` say how it arose (ICCS)."""

    fen: str
    name: str = ""
    moves: tuple[str, ...] = ()


def load_openings(path: str | Path | None = None) -> list[Opening]:
    """Openings from a file (``FEN ; name ; moves`` or just a FEN per line, ``#``
    comments); the default is the book shipped with cotuong (22 openings).

    >>> book = load_openings()
    >>> len(book) >= 20, book[0].name.startswith("Central cannon")
    (True, True)
    """
    if path is None:
        text = resources.files("cotuong.arena").joinpath("openings.txt").read_text("utf-8")
        where = "the built-in opening book"
    else:
        try:
            text = Path(path).read_text("utf-8-sig")  # a BOM is not part of the first FEN
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read openings file {path}: {exc}") from exc
        where = str(path)
    openings = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fen, _, rest = (part.strip() for part in line.partition(";"))
        name, _, moves = (part.strip() for part in rest.partition(";"))
        try:
            board = Board(fen)
            if board.is_game_over():
                raise RecordError("the game is already over in this position")
        except CotuongError as exc:
            raise RecordError(f"{where}, line {number}: {exc}") from exc
        openings.append(Opening(board.fen(), name, tuple(moves.split())))
    if not openings:
        raise RecordError(f"no opening positions in {where}")
    return openings


@dataclass(frozen=True, slots=True)
class MatchClock:
    """Per move (``movetime_ms``, ``depth``, ``nodes``) or a clock (``base_ms`` + ``inc_ms``
    per move; running out loses on time). All empty: each engine's default (the
    built-in levels choose their own depth and time)."""

    movetime_ms: int | None = None
    base_ms: int | None = None
    inc_ms: int = 0
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        for name in ("movetime_ms", "base_ms", "depth", "nodes"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise CotuongError(f"match clock: {name} must be positive, not {value}")
        if self.inc_ms < 0:
            raise CotuongError(f"match clock: the increment must not be negative ({self.inc_ms})")

    def describe(self) -> str:
        parts = []
        if self.base_ms is not None:
            parts.append(f"{self.base_ms / 1000:g}+{self.inc_ms / 1000:g} s")
        if self.movetime_ms is not None:
            parts.append(f"{self.movetime_ms} ms/move")
        if self.depth is not None:
            parts.append(f"depth {self.depth}")
        if self.nodes is not None:
            parts.append(f"{self.nodes} nodes")
        return ", ".join(parts) or "engine default"


def parse_clock(text: str) -> tuple[int, int]:
    """``"60+0.5"`` (seconds) → ``(60000, 500)`` milliseconds.

    >>> parse_clock("10+0.1")
    (10000, 100)
    """
    base, _, inc = text.partition("+")
    try:
        base_ms, inc_ms = round(float(base) * 1000), round(float(inc or 0) * 1000)
    except (ValueError, OverflowError):  # "x", "nan"; "inf" overflows round()
        raise CotuongError(f"bad clock {text!r}: write BASE+INC in seconds, e.g. 60+0.5",
                           "BAD_CLOCK") from None
    if base_ms <= 0:
        raise CotuongError(f"bad clock {text!r}: the base must be positive", "BAD_CLOCK")
    if inc_ms < 0:
        raise CotuongError(f"bad clock {text!r}: the increment must not be negative",
                           "BAD_CLOCK")
    return base_ms, inc_ms


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match; ``first_red`` says whether engine 1 had Red."""

    number: int
    opening: Opening
    red: str
    black: str
    first_red: bool
    moves: tuple[str, ...]
    outcome: Outcome
    seconds: float

    @property
    def first_score(self) -> float:
        """Engine 1's points: 1, 0.5 or 0."""
        winner = self.outcome.winner
        if winner is None:
            return 0.5
        return 1.0 if (winner is Color.RED) == self.first_red else 0.0


@dataclass(frozen=True, slots=True)
class MatchResult:
    """All games, and the tally from engine 1's point of view."""

    first: str
    second: str
    games: tuple[GameResult, ...] = field(default_factory=tuple)

    @property
    def wins(self) -> int:
        return sum(1 for g in self.games if g.first_score == 1.0)

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if g.first_score == 0.5)

    @property
    def losses(self) -> int:
        return sum(1 for g in self.games if g.first_score == 0.0)

    def elo(self) -> tuple[float, float]:
        return elo_estimate(self.wins, self.draws, self.losses)

    def summary(self) -> str:
        elo, err = self.elo()
        n = len(self.games)
        score = (self.wins + self.draws / 2) / n if n else 0.0
        return (f"{self.first} vs {self.second}: +{self.wins} ={self.draws} -{self.losses} "
                f"({n} games, score {score:.1%}), Elo difference {_fmt_elo(elo, err)}")


# ------------------------------------------------------------------ a game
def _forfeit(loser: Color, why: str) -> Outcome:
    winner = loser.opponent
    return Outcome(winner, Termination.ABANDONMENT, Message.of(
        "OUTCOME_WIN", winner=winner, reason=Message.of("ENGINE_FAILED", side=loser, why=why)))


def _tell_rules(engine: EnginePlayer, rules: str) -> None:
    """Tell an engine the rule set (option ``Rules``: the built-in engine rules repetitions
    in its search by it); an engine without the option plays by its own."""
    with contextlib.suppress(CotuongError):
        engine.set_option("Rules", rules)


def play_game(red: EnginePlayer, black: EnginePlayer, opening: Opening, tc: MatchClock,
              *, rules: str = "xiangqiplay", max_plies: int = 300, lang: str = "en",
              black_tc: MatchClock | None = None) -> tuple[tuple[str, ...], Outcome]:
    """Play one game; the referee (:class:`cotuong.Game`) decides how it ends.

    An engine that fails (crash, hang, illegal move) forfeits; a fallen flag loses
    on time; ``max_plies`` without a result is adjudicated a draw. ``black_tc`` gives
    Black another time control (time odds); by default both play by ``tc``.
    """
    game = Game(opening.fen, rules=rules)
    moves: list[str] = []
    tcs = {Color.RED: tc, Color.BLACK: black_tc or tc}
    clock = {c: tcs[c].base_ms for c in tcs}
    turn = Board(opening.fen).turn
    for engine in (red, black):
        engine.new_game()
        _tell_rules(engine, rules)
    while game.outcome is None:
        if len(moves) >= max_plies:
            return tuple(moves), Outcome(None, Termination.MOVE_LIMIT, Message.of(
                "OUTCOME_DRAW", reason=Message.of("ADJUDICATED_MOVE_CAP", plies=max_plies)))
        engine = red if turn is Color.RED else black
        own_tc, red_tc, black_tc_ = tcs[turn], tcs[Color.RED], tcs[Color.BLACK]
        limits = Limits(depth=own_tc.depth, nodes=own_tc.nodes,
                        movetime_ms=own_tc.movetime_ms,
                        wtime_ms=clock[Color.RED], btime_ms=clock[Color.BLACK],
                        winc_ms=red_tc.inc_ms if red_tc.base_ms else None,
                        binc_ms=black_tc_.inc_ms if black_tc_.base_ms else None,
                        searchmoves=obeying_moves(game))  # an arbiter's order to change
        started = time.monotonic()
        try:
            result = engine.search(opening.fen, moves, limits)
        except Exception as exc:  # any engine failure loses this game, not the match
            if isinstance(exc, EngineTimeoutError) and tc.base_ms is not None:
                game.flag(turn)  # on a clock, an engine that never answers lost on time
                break
            return tuple(moves), _forfeit(turn, f"{type(exc).__name__}: {exc}")
        spent = round((time.monotonic() - started) * 1000)
        own = clock[turn]
        if own is not None:
            if spent > own:
                game.flag(turn)
                break
            clock[turn] = own - spent + own_tc.inc_ms
        try:
            game.play(Move.from_iccs(result.bestmove))
        except CotuongError as exc:
            return tuple(moves), _forfeit(turn, f"illegal move {result.bestmove}: {exc}")
        moves.append(result.bestmove)
        turn = turn.opponent
    outcome = game.outcome
    assert outcome is not None
    return tuple(moves), outcome


# ------------------------------------------------------------------ a match
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


# ------------------------------------------------------------------ records
def game_pgn(result: GameResult, *, event: str = "cotuong match", rules: str = "",
             notation: str = "wxf") -> str:
    """One game as PGN (written by :func:`cotuong.records.write_pgn`)."""
    headers = {
        "Game": "Chinese Chess", "Event": event, "Round": str(result.number),
        "Date": time.strftime("%Y.%m.%d"), "Red": result.red, "Black": result.black,
        "Opening": result.opening.name, "Termination": result.outcome.termination.name.lower(),
        "Explanation": result.outcome.text("en"),
    }
    if rules:
        headers["Rules"] = rules
    record = GameRecord(headers, result.opening.fen,
                        tuple(Move.from_iccs(m) for m in result.moves), result.outcome.result)
    return write_pgn(record, notation)
