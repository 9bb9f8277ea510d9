"""Quiescence search (compiled): at the horizon only captures are searched (every move
when in check), with stand-pat, a lazy material test, delta pruning and captures that lose
by static exchange skipped, so that the main search's leaves are quiet positions.

>>> from cotuong.engine.position import position_from_fen
>>> from cotuong.engine.searchdata import new_tables
>>> from cotuong.engine.ttable import INF
>>> pos = position_from_fen("3k5/9/9/9/9/9/9/9/4r4/R3K4 w")  # the rook on e1 hangs
>>> qsearch(pos, new_tables(1), -INF, INF, 0) > 0
True
"""

from __future__ import annotations

from typing import Any

from numba import njit

from cotuong.engine.evaluate import evaluate, material
from cotuong.engine.exchange import see_with
from cotuong.engine.ordering import pick, score_moves
from cotuong.engine.position import generate, in_check, make, unmake
from cotuong.engine.searchdata import MAX_PLY, poll
from cotuong.engine.tables import VALUE
from cotuong.engine.ttable import INF, MATE, tt_cuts, tt_read

LAZY_MARGIN = 300  # bound on the non-incremental evaluation terms in usual positions


@njit(cache=True, nogil=True)
def qsearch(pos: Any, t: Any, alpha: int, beta: int, ply: int) -> int:
    """Captures only (all moves when in check), with stand-pat and delta pruning; the
    transposition table's bounds (from the main search) cut where they can."""
    tt, hist, pvlen, movebuf, scorebuf, ctl = t[0], t[1], t[4], t[5], t[6], t[7]
    seebuf, cont = t[12], t[13]
    pvlen[ply] = ply
    if poll(ctl):
        return 0
    if ply > ctl[4]:
        ctl[4] = ply
    b = pos[0]
    side = pos[3][0]
    if ply >= MAX_PLY:
        return evaluate(pos, ctl[6], ctl[7])
    key = pos[3][1]
    idx = key & (tt.shape[0] - 1)
    tt_move = 0
    if tt[idx, 0] == key:
        tt_move, _tdepth, flag, ts, _tev = tt_read(tt[idx, 1], ply)
        if beta - alpha == 1 and tt_cuts(flag, ts, alpha, beta):
            return int(ts)
    check = in_check(pos, side)
    moves = movebuf[ply]
    scores = scorebuf[ply]
    stand = -INF
    if check:
        best = -MATE + ply
        n = generate(pos, moves, False)
    else:
        # Lazy evaluation: material + PST alone already decides most quiescence nodes of
        # the hand-written evaluation. Not with a network (st[6]): its output is cheaper
        # than the risk, and on another scale than the hand-written material.
        if pos[3][6] == 0:
            quick = material(pos[3]) if side == 0 else -material(pos[3])
            if quick - LAZY_MARGIN >= beta:
                return int(quick - LAZY_MARGIN)
            if quick + LAZY_MARGIN <= alpha:
                return int(quick + LAZY_MARGIN)
        stand = evaluate(pos, ctl[6], ctl[7])
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        best = stand
        n = generate(pos, moves, True)
    score_moves(b, moves, scores, n, tt_move, 0, 0, 0, hist, cont[0], False, seebuf)
    legal = 0
    for i in range(n):
        m = pick(moves, scores, i, n)
        to = m & 127
        if not check and stand + VALUE[abs(b[to])] + 200 <= alpha:
            continue  # even winning this piece for free cannot reach alpha
        # A capture that loses material in the exchange cannot raise the stand-pat score.
        if (not check and VALUE[abs(b[m >> 7])] > VALUE[abs(b[to])]
                and see_with(b, m, VALUE, seebuf) < 0):
            continue
        u = make(pos, m)
        if in_check(pos, side):
            unmake(pos, m, u)
            continue
        legal += 1
        s = -qsearch(pos, t, -beta, -alpha, ply + 1)
        unmake(pos, m, u)
        if ctl[3] != 0:
            return 0
        if s > best:
            best = s
            if s > alpha:
                alpha = s
                if s >= beta:
                    break
    return int(best)
