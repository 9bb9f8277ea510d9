"""Iterative deepening over the compiled root search, with one best line or several
(``MultiPV``).

One call of :func:`cotuong.engine.search.search_root` searches one depth with an
aspiration window (±``ASPIRATION`` cp around the previous depth's score, widened to
the full window on a fail). With ``lines`` = N > 1, each depth searches the root N
times: line k is the best of the root moves that are not the first moves of lines
1 … k−1 (the root-move restriction the search already has for ``searchmoves``), so the
lines start with distinct moves and come out best first — a transposition table
entry of one line serves the next. After a completed depth every line is reported
(:class:`~cotuong.engine.interface.Info` with ``multipv`` = its rank).

>>> from cotuong.engine.position import position_from_fen, move_code
>>> from cotuong.engine.search import new_tables
>>> from cotuong.core import Board
>>> fen = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w"
>>> root = sorted(move_code(m) for m in Board(fen + " - - 0 1").legal_moves)
>>> best, score, lines = deepen(position_from_fen(fen), new_tables(1), root, 3, lines=3)
>>> [line.multipv for line in lines], [line.mate for line in lines]  # three ways to mate
([1, 2, 3], [1, 1, 1])
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from cotuong.engine.interface import Info, InfoCallback
from cotuong.engine.position import code_iccs
from cotuong.engine.search import (
    CTL_ABORTED,
    CTL_NODE_LIMIT,
    CTL_NODES,
    CTL_ROOT_BEST,
    CTL_ROOT_N,
    CTL_SELDEPTH,
    Tables,
    search_root,
)
from cotuong.engine.ttable import INF, MATE, MATE_BOUND

ASPIRATION = 40  # centipawns either side of the previous iteration's score


def _aspirated(pos: Any, tables: Tables, depth: int, previous: int | None
               ) -> tuple[int, int] | None:
    """(score, move) of one depth, or ``None`` when the search was stopped."""
    ctl = tables[7]
    if previous is not None and depth >= 4 and abs(previous) < MATE_BOUND:
        alpha, beta = previous - ASPIRATION, previous + ASPIRATION
    else:
        alpha, beta = -INF, INF
    while True:
        s, m = search_root(pos, tables, depth, alpha, beta)
        if ctl[CTL_ABORTED]:
            return None
        if s <= alpha:
            alpha = -INF
        elif s >= beta:
            beta = INF
        else:
            return int(s), int(m)


def _info(tables: Tables, depth: int, score: int, started: float,
          multipv: int | None) -> Info:
    """The report of a finished depth: the PV left in the tables by the search."""
    ctl = tables[7]
    ms = max(1, int((time.perf_counter() - started) * 1000))
    nodes = int(ctl[CTL_NODES])
    pv_table, pv_len = tables[3], tables[4]
    pv = tuple(code_iccs(int(x)) for x in pv_table[0, : max(1, int(pv_len[0]))])
    mate = None
    if abs(score) >= MATE_BOUND:
        plies = MATE - abs(score)
        mate = (plies + 1) // 2 if score > 0 else -((plies + 1) // 2)
    return Info(depth=depth, nodes=nodes, time_ms=ms, nps=nodes * 1000 // ms, pv=pv,
                score_cp=None if mate is not None else score, mate=mate,
                seldepth=int(ctl[CTL_SELDEPTH]) or depth, multipv=multipv)


def _restrict(tables: Tables, moves: Sequence[int]) -> None:
    tables[10][: len(moves)] = moves
    tables[7][CTL_ROOT_N] = len(moves)


def deepen(pos: Any, tables: Tables, root: Sequence[int], max_depth: int, *,
           lines: int = 1, restricted: bool = False, soft_ms: float | None = None,
           started: float | None = None, on_info: InfoCallback | None = None
           ) -> tuple[int, int, tuple[Info, ...]]:
    """Deepen until ``max_depth``, the stop flag, the node limit, or ``soft_ms`` after
    ``started``; returns (best move, its score, the last lines best first — empty when
    not even depth 1 finished). ``root`` lists the legal root moves (the allowed ones
    when ``restricted``: the caller has put them in the tables already).
    """
    ctl = tables[7]
    started = time.perf_counter() if started is None else started
    count = max(1, min(lines, len(root)))
    best, score = 0, 0
    done: tuple[Info, ...] = ()
    scores: list[int] = []
    for depth in range(1, max_depth + 1):
        found: list[tuple[int, int, Info]] = []  # (score, move, report) of this depth
        for k in range(count):
            if count > 1:
                taken = {m for _, m, _ in found}
                _restrict(tables, [m for m in root if m not in taken])
            ctl[CTL_SELDEPTH] = 0
            result = _aspirated(pos, tables, depth, scores[k] if k < len(scores) else None)
            if result is None:
                break
            s, m = result
            found.append((s, m, _info(tables, depth, s, started, k + 1 if count > 1 else None)))
        if count > 1:  # give the caller's root restriction back
            if restricted:
                _restrict(tables, root)
            else:
                ctl[CTL_ROOT_N] = 0
        found.sort(key=lambda entry: -entry[0])  # stable: equal scores keep their order
        if len(found) < count:  # stopped inside this depth
            if found:
                best, score = found[0][1], found[0][0]
                fresh = tuple(info for _, _, info in found)
                firsts = {info.pv[0] for info in fresh}
                done = (fresh + tuple(i for i in done if i.pv[0] not in firsts))[:count]
                done = _ranked(done) if count > 1 else done
            elif ctl[CTL_ROOT_BEST]:
                # A root move that beat the previous best in the unfinished depth is
                # proven better: play it.
                best = int(ctl[CTL_ROOT_BEST])
            break
        best, score = found[0][1], found[0][0]
        scores = [s for s, _, _ in found]
        done = _ranked(tuple(info for _, _, info in found)) if count > 1 else (found[0][2],)
        if on_info is not None:
            for info in done:
                on_info(info)
        if count == 1 and abs(score) >= MATE_BOUND and depth > MATE - abs(score) + 1:
            break  # a mate found and proven: deeper search cannot change it
        if soft_ms is not None and (time.perf_counter() - started) * 1000 >= soft_ms:
            break
        if ctl[CTL_NODE_LIMIT] and ctl[CTL_NODES] >= ctl[CTL_NODE_LIMIT]:
            break
    return best, score, done


def _ranked(infos: tuple[Info, ...]) -> tuple[Info, ...]:
    """The same reports with ``multipv`` = their rank."""
    return tuple(Info(depth=i.depth, nodes=i.nodes, time_ms=i.time_ms, nps=i.nps, pv=i.pv,
                      score_cp=i.score_cp, mate=i.mate, seldepth=i.seldepth, multipv=k)
                 for k, i in enumerate(infos, 1))
