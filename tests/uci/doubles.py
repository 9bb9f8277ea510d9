"""Test doubles of :class:`cotuong.engine.interface.EnginePlayer` (never shipped).

``RandomPlayer`` plays a seeded random legal move and pretends to deepen, reporting
one ``Info`` per depth; it honours depth, movetime, clocks, infinite and ``stop``.
Knobs make it misbehave: ``stop_delay_s`` (slow to notice ``stop``), ``bad_move``
(answers an illegal move), ``fail`` (raises), ``ignore_time`` (thinks until stopped),
``prefer`` (always this move if legal and among ``searchmoves``, to test ``banmoves``).

Tests load it by path (the tests directory is not a package).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence

from cotuong import Board, Move
from cotuong.engine.interface import Info, InfoCallback, Limits, SearchResult


class RandomPlayer:
    def __init__(self, seed: int = 0, *, step_s: float = 0.003, max_depth: int = 5,
                 stop_delay_s: float = 0.0, bad_move: str | None = None,
                 fail: bool = False, ignore_time: bool = False,
                 prefer: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.step_s = step_s
        self.max_depth = max_depth
        self.stop_delay_s = stop_delay_s
        self.bad_move = bad_move
        self.fail = fail
        self.ignore_time = ignore_time
        self.prefer = prefer
        self.options: dict[str, str] = {}
        self.calls: list[tuple[str, tuple[str, ...], Limits]] = []
        self.new_games = 0
        self.closed = False
        self._stop = threading.Event()

    @property
    def name(self) -> str:
        return "random-double"

    def new_game(self) -> None:
        self.new_games += 1

    def set_option(self, name: str, value: str) -> None:
        self.options[name] = value

    def stop(self) -> None:
        self._stop.set()

    def close(self) -> None:
        self.closed = True

    def search(self, start_fen: str, moves: Sequence[str], limits: Limits,
               on_info: InfoCallback | None = None) -> SearchResult:
        self.calls.append((start_fen, tuple(moves), limits))
        self._stop.clear()
        if self.fail:
            raise RuntimeError("simulated engine failure")
        board = Board(start_fen)
        for m in moves:
            board.push(Move.from_iccs(m))
        legal = sorted(m.iccs for m in board.legal_moves
                       if not limits.searchmoves or m.iccs in limits.searchmoves)
        if not legal:
            raise ValueError("no legal move")
        choice = self.prefer if self.prefer in legal else self.rng.choice(legal)
        start = time.monotonic()
        budget = None
        if limits.movetime_ms is not None:
            budget = limits.movetime_ms / 1000
        else:
            own = limits.wtime_ms if board.turn.value == "red" else limits.btime_ms
            if own is not None:
                budget = own / 1000 / (limits.movestogo or 30)
        unbounded = limits.infinite or self.ignore_time
        max_depth = limits.depth or (10**9 if unbounded or budget else self.max_depth)
        depth, info = 0, None
        while depth < max_depth:
            if self._stop.is_set():
                time.sleep(self.stop_delay_s)
                break
            if not unbounded and budget is not None and time.monotonic() - start >= budget:
                break
            depth += 1
            time.sleep(self.step_s)
            elapsed = max(1, int((time.monotonic() - start) * 1000))
            info = Info(depth=depth, nodes=depth * 1000, time_ms=elapsed,
                        nps=depth * 1_000_000 // elapsed, pv=(choice,), score_cp=-depth,
                        seldepth=depth + 1)
            if on_info is not None:
                on_info(info)
        return SearchResult(self.bad_move or choice, None, info)

