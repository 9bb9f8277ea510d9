"""``BuiltinEngine``: the compiled search behind the :class:`~cotuong.engine.interface.EnginePlayer`
interface, with levels, time management and thread-safe ``stop``.

>>> from cotuong.engine import BuiltinEngine
>>> from cotuong.engine.interface import Limits
>>> engine = BuiltinEngine(level=8)
>>> engine.set_option("Seed", "7")
>>> result = engine.search("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1", [], Limits(depth=3))
>>> result.bestmove, result.info is not None and result.info.mate
('a0a9', 1)
"""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections.abc import Sequence

import numpy as np

from cotuong.core import START_FEN, Board, Move
from cotuong.core.errors import CotuongError, GameOverError
from cotuong.engine.deepen import deepen
from cotuong.engine.first_use import PROCESS
from cotuong.engine.interface import Info, InfoCallback, Limits, SearchResult
from cotuong.engine.levels import Level, level
from cotuong.engine.nnue import NnueNet, eval_file_network, shipped_nnue
from cotuong.engine.position import (
    Position,
    code_iccs,
    move_code,
    play_codes,
    position_from_board,
)
from cotuong.engine.rules import rule_flags
from cotuong.engine.search import (
    CTL_ABORTED,
    CTL_NODE_LIMIT,
    CTL_NODES,
    CTL_NOISE,
    CTL_ROOT_N,
    CTL_RULES,
    CTL_SALT,
    CTL_STOP,
    MAX_PLY,
    Tables,
    new_tables,
    root_scores,
    search_root,
)
from cotuong.engine.ttable import INF

MAX_LINES = 32  # MultiPV's upper bound


class EngineOptionError(CotuongError):
    """An unknown engine option or a value out of its range."""

    code = "ENGINE_OPTION"


def _int_option(name: str, value: str, low: int, high: int) -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        raise EngineOptionError(f"option {name} needs a whole number, not {value!r}") from None
    if not low <= n <= high:
        raise EngineOptionError(f"option {name} must be {low}..{high}, not {n}")
    return n


class BuiltinEngine:
    """cotuong's own engine. ``level`` is 1 (Dễ/Easy) … 8 (Thần/God), see ``LEVELS``.

    Options (``set_option``): ``Level`` 1..8; ``Hash`` transposition table megabytes 1..4096;
    ``Threads`` 1..64 — with more than one, helper threads search the same position and
    share the transposition table (lazy SMP; the compiled search releases the GIL);
    ``Rules`` ``xiangqiplay`` (default) or ``asian`` — how the search rules a repetition
    (perpetual check and chase); ``MultiPV`` 1..32 — the number of best lines searched
    and reported (``SearchResult.lines``, ``Info.multipv``; each costs about one more
    search of the root); ``Seed`` 0..2**31-1 — 0 draws fresh randomness, any other
    value makes the weaker levels' choices reproducible; ``EvalFile`` — the evaluation:
    ``nnue.npz`` (the default; also ``default``) the learnt network shipped with the
    package, the path of another network weights file (``.npz``, see
    :mod:`cotuong.engine.nnue`), or ``hce`` (also ``none`` or empty) for the hand-written
    evaluation. Every level uses the chosen evaluation, its noise and margins included.
    The first search compiles the search (once per machine thanks to the Numba cache;
    later processes load it in about a second; processes starting together on a cold
    cache take turns, :mod:`cotuong.engine.first_use`).

    >>> BuiltinEngine().evaluation, BuiltinEngine(level=1).evaluation
    ('nnue', 'nnue')
    >>> engine = BuiltinEngine()
    >>> engine.set_option("EvalFile", "hce")
    >>> engine.evaluation
    'hce'
    """

    def __init__(self, level: int = 8) -> None:
        self._level: Level = _level(level)
        self._hash_mb = 16
        self._threads = 1
        self._multipv = 1
        self._rules = rule_flags("xiangqiplay")
        self._net: NnueNet | None = shipped_nnue()  # read once per process
        self._helpers: list[Tables] = []  # the lazy-SMP helpers' own tables
        self._rng = random.Random()
        self._tables: Tables | None = None
        self._ctl = np.zeros(16, dtype=np.int64)
        self._stopped = threading.Event()

    # ------------------------------------------------------------------ options
    @property
    def name(self) -> str:
        return f"cotuong {self._level.title}"

    @property
    def level(self) -> Level:
        return self._level

    @property
    def evaluation(self) -> str:
        """``"nnue"`` when the search evaluates with a network (the default), ``"hce"``
        with the hand-written evaluation (``EvalFile`` ``hce``)."""
        return "hce" if self._net is None else "nnue"

    def set_option(self, name: str, value: str) -> None:
        key = name.strip().lower()
        if key == "level":
            self._level = _level(value)
        elif key in ("hash", "hashsize"):
            self._hash_mb = _int_option("Hash", value, 1, 4096)
            self._tables = None
        elif key == "threads":
            self._threads = _int_option("Threads", value, 1, 64)
            self._helpers = []
        elif key == "rules":
            try:
                self._rules = rule_flags(str(value).strip().lower())
            except CotuongError:
                raise EngineOptionError(
                    f"option Rules must be xiangqiplay or asian, not {value!r}") from None
        elif key == "multipv":
            self._multipv = _int_option("MultiPV", value, 1, MAX_LINES)
        elif key == "evalfile":
            self._net = eval_file_network(value)
        elif key == "seed":
            seed = _int_option("Seed", value, 0, 2**31 - 1)
            self._rng = random.Random(seed) if seed else random.Random()
        else:
            raise EngineOptionError(
                f"unknown option {name!r} (known: Level, Hash, Threads, Rules, MultiPV, Seed, "
                "EvalFile)"
            )

    def new_game(self) -> None:
        """Forget everything learnt in the previous game (TT, history, killers)."""
        if self._tables is not None:
            for array in (*self._tables[:3], self._tables[8], self._tables[13]):
                array.fill(0)
        self._helpers = []

    def stop(self) -> None:
        """End the running search soon (within about a millisecond); safe from any thread."""
        self._ctl[CTL_STOP] = 1
        for helper in self._helpers:
            helper[7][CTL_STOP] = 1
        self._stopped.set()

    def close(self) -> None:
        self.stop()
        self._tables = None
        self._helpers = []

    # ------------------------------------------------------------------ search
    def _get_tables(self) -> Tables:
        if self._tables is None:
            tables = new_tables(self._hash_mb)
            # One control array for the engine's lifetime, so stop() always reaches the search.
            self._tables = (*tables[:7], self._ctl, *tables[8:])
            self._helpers = []
        return self._tables

    def _start_helpers(self, pos: Position, tables: Tables, max_depth: int
                       ) -> list[threading.Thread]:
        """Lazy SMP: ``Threads - 1`` helpers search the same position, each with its own
        position copy, history, killers and control array, all sharing the main
        transposition table; odd helpers start one ply deeper so they spread out."""
        while len(self._helpers) < self._threads - 1:
            self._helpers.append(new_tables(1))
        threads = []
        for k, own in enumerate(self._helpers[: self._threads - 1]):
            ctl = own[7]
            ctl[:] = self._ctl
            ctl[CTL_STOP] = 0
            ctl[CTL_NODES] = 0
            ctl[CTL_NODE_LIMIT] = 0
            own[10][:] = tables[10]
            htables = (tables[0], *own[1:])
            hpos = tuple(np.copy(a) for a in pos)
            thread = threading.Thread(target=_helper_search,
                                      args=(hpos, htables, max_depth, 1 + k % 2), daemon=True)
            thread.start()
            threads.append(thread)
        return threads

    def _stop_helpers(self, threads: list[threading.Thread]) -> int:
        """Stop the helpers; the nodes they searched."""
        for helper in self._helpers:
            helper[7][CTL_STOP] = 1
        for thread in threads:
            thread.join()
        return sum(int(helper[7][CTL_NODES]) for helper in self._helpers[: len(threads)])

    def search(
        self,
        start_fen: str,
        moves: Sequence[str],
        limits: Limits,
        on_info: InfoCallback | None = None,
    ) -> SearchResult:
        """Best move for the position after ``moves`` from ``start_fen`` within ``limits``.

        Raises ``InvalidFenError``/``IllegalSetupError`` for a bad FEN,
        ``InvalidMoveTextError``/``IllegalMoveError`` for a bad move (naming it), and
        :class:`~cotuong.GameOverError` when the side to move has no legal move.
        The first search of a process warms the search up first (:func:`warm_up`).
        """
        PROCESS.ready(warm_up)
        return self._search(start_fen, moves, limits, on_info)

    def _search(self, start_fen: str, moves: Sequence[str], limits: Limits,
                on_info: InfoCallback | None = None) -> SearchResult:
        started = time.perf_counter()
        board = Board(start_fen)
        codes: list[int] = []
        for text in moves:
            move = Move.from_iccs(text)
            board.push(move)
            codes.append(move_code(move))
        legal = board.legal_codes()
        if limits.searchmoves:
            wanted = {move_code(Move.from_iccs(text)) for text in limits.searchmoves}
            legal = [m for m in legal if m in wanted] or legal
        if not legal:
            raise GameOverError(
                f"{board.turn.en} has no legal move in {board.fen()}: the game is over"
            )
        pos = position_from_board(Board(start_fen), net=self._net)
        play_codes(pos, codes)
        tables = self._get_tables()
        ctl = self._ctl
        ctl[:] = 0
        self._stopped.clear()
        lv = self._level
        ctl[CTL_RULES] = self._rules
        root = tables[10]
        if limits.searchmoves:
            root[: len(legal)] = legal
            ctl[CTL_ROOT_N] = len(legal)
        ctl[CTL_NOISE] = lv.noise_cp
        ctl[CTL_SALT] = self._rng.getrandbits(62)
        node_caps = [n for n in (limits.nodes, lv.max_nodes) if n]
        ctl[CTL_NODE_LIMIT] = min(node_caps) if node_caps else 0
        soft_ms, hard_ms = self._budget(limits, board.turn.sign > 0)
        max_depth = min(limits.depth or MAX_PLY - 4, lv.max_depth, MAX_PLY - 4)
        timer = None
        if hard_ms is not None:
            # The budget counts from the call: replaying and validating a long game's moves
            # above already used some of it.
            setup_ms = (time.perf_counter() - started) * 1000.0
            timer = threading.Timer(max(hard_ms - setup_ms, 1.0) / 1000.0, self._expire)
            timer.daemon = True
            timer.start()
        helpers: list[threading.Thread] = []
        helper_nodes = 0
        if self._threads > 1 and not ctl[CTL_NODE_LIMIT]:
            helpers = self._start_helpers(pos, tables, max_depth)
        try:
            try:
                best, score, lines = deepen(pos, tables, legal, max_depth,
                                            lines=self._multipv,
                                            restricted=bool(limits.searchmoves),
                                            soft_ms=soft_ms, started=started,
                                            on_info=on_info)
            finally:
                helper_nodes = self._stop_helpers(helpers)
            if best == 0:
                best = int(legal[0])
            info = lines[0] if lines else None
            if lv.margin_cp > 0 or lv.blunder_rate > 0:
                depth_done = info.depth if info is not None else 1
                best = self._imperfect(pos, tables, legal, best, depth_done)
            if limits.infinite:
                self._stopped.wait()  # UCI: an infinite search answers only after 'stop'
        finally:
            if timer is not None:
                timer.cancel()
        # The answer reports the whole search (including an unfinished last depth).
        elapsed = max(1, int((time.perf_counter() - started) * 1000))
        nodes = int(ctl[CTL_NODES]) + helper_nodes
        if info is None:
            info = Info(depth=0, nodes=nodes, time_ms=elapsed, nps=nodes * 1000 // elapsed,
                        pv=(code_iccs(best),), score_cp=score)
        else:
            info = dataclasses.replace(info, nodes=nodes, time_ms=elapsed,
                                       nps=nodes * 1000 // elapsed)
        ponder = info.pv[1] if len(info.pv) > 1 and info.pv[0] == code_iccs(best) else None
        return SearchResult(bestmove=code_iccs(best), ponder=ponder, info=info,
                            lines=(info, *lines[1:]) if lines else (info,))

    def _expire(self) -> None:
        self._ctl[CTL_STOP] = 1

    def _budget(self, limits: Limits, red: bool) -> tuple[float | None, float | None]:
        """(soft, hard) milliseconds: no new iteration after soft; the search stops at hard."""
        share = self._level.time_share
        if limits.infinite:
            return None, None
        if limits.movetime_ms is not None:
            margin = min(30.0, limits.movetime_ms * 0.1)  # answer before the time is up
            hard = max(1.0, min(limits.movetime_ms * share, limits.movetime_ms - margin))
            return hard, hard
        remaining = limits.wtime_ms if red else limits.btime_ms
        if remaining is not None:
            inc = (limits.winc_ms if red else limits.binc_ms) or 0
            togo = max(1, min(limits.movestogo or 30, 30))
            target = (remaining / togo + 0.8 * inc) * share
            target = max(1.0, min(target, remaining * 0.3))
            return target * 0.6, max(1.0, min(target * 2.5, remaining * 0.4))
        if limits.depth is not None or limits.nodes is not None:
            return None, None
        default = float(self._level.default_ms)
        return default, default

    def _imperfect(self, pos: object, tables: Tables, legal: list[int], best: int,
                   depth_done: int) -> int:
        """A weaker level's choice: a random move near the best, or an unchecked blunder."""
        lv = self._level
        ctl = self._ctl
        ctl[CTL_STOP] = 0
        ctl[CTL_ABORTED] = 0
        ctl[CTL_NODE_LIMIT] = 0
        moves = np.array(legal, dtype=np.int32)
        if self._rng.random() < lv.blunder_rate:
            # Look only at the board right after the move: hanging pieces go unseen.
            scores = root_scores(pos, tables, moves, 0)
            margin = max(lv.margin_cp, 60)
            ref = int(scores.max())
        else:
            scores = root_scores(pos, tables, moves, max(1, min(depth_done, 4)))
            margin = lv.margin_cp
            ref = int(scores[legal.index(best)])
        weights = []
        for m, s in zip(legal, scores, strict=True):
            if m == best:
                weights.append(float(margin))
            else:
                gap = ref - int(s)
                weights.append(float(min(2 * margin, max(0, margin - gap))))
        if sum(weights) <= 0:
            return best
        return int(self._rng.choices(legal, weights=weights)[0])


def warm_up() -> None:
    """Compile, or load from Numba's cache, what the levels' searches run: a weak
    level's (its rescoring of the root moves) and the strongest's, on the learnt
    evaluation. :meth:`BuiltinEngine.search` calls it once per process, one process
    at a time (:mod:`cotuong.engine.first_use`); the hand-written evaluation's code
    compiles at its first use."""
    weak = BuiltinEngine(level=1)
    weak._search(START_FEN, ["h2e2"], Limits(depth=1))
    strong = BuiltinEngine(level=8)
    strong._search(START_FEN, ["h2e2", "h9g7", "h0g2"], Limits(depth=4))


def _helper_search(pos: object, tables: Tables, max_depth: int, first: int) -> None:
    """A lazy-SMP helper: iterative deepening with full windows until stopped."""
    ctl = tables[7]
    for depth in range(first, max_depth + 1):
        search_root(pos, tables, depth, -INF, INF)
        if ctl[CTL_ABORTED]:
            break


def _level(value: int | str) -> Level:
    return level(value)
