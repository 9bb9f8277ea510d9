"""The compiled search: principal-variation alpha-beta with quiescence, transposition table,
null move, late-move reductions, check extension and xiangqi-aware repetition. Captures that
lose material by static exchange evaluation (:func:`cotuong.engine.exchange.see`) are ordered
late in the main search and skipped in quiescence.

Python drives iterative deepening (``cotuong.engine.deepen``) one depth at a time through
:func:`search_root`; everything below it runs inside Numba (it releases the GIL). The search
data (:func:`cotuong.engine.searchdata.new_tables`) holds the transposition table and the
histories: the butterfly history (from, to) kept in ±``HIST_MAX`` by a gravity update (a
bonus for the quiet move that cut off, a malus for the quiet moves tried before it), the
continuation history and the counter moves. Quiescence is :mod:`cotuong.engine.quiesce`.

Repetition (:func:`cotuong.engine.chase.repetition`): a position that occurred before on the
game or search path with the same side to move, with no capture or null move in between, ends
the line, ruled under the rule set in ``ctl[CTL_RULES]`` with perpetual check and perpetual
chase (the violator loses: scored as if mated at that node, so that a loss by rule is no
better than a mate and the engine prefers any longer resistance), otherwise a draw.
``ctl[CTL_ROOT_N]`` > 0 restricts the root to the first that many moves of ``rootmoves``
(the moves allowed by an arbiter's order, or UCCI ``banmoves``).

>>> from cotuong.engine.position import position_from_fen
>>> pos = position_from_fen("3k5/1R7/9/9/9/9/9/9/9/R3K4 w")
>>> tables = new_tables(1)
>>> score, move = search_root(pos, tables, 3, -INF, INF)
>>> score >= MATE_BOUND
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cotuong.engine.chase import REP_DRAW, REP_LOSS, REP_WIN, repetition
from cotuong.engine.checks import move_checks
from cotuong.engine.evaluate import evaluate, evaluate_hand
from cotuong.engine.exchange import see_with
from cotuong.engine.ordering import (
    GOOD_CAPTURE,
    cont_update,
    hist_update,
    pick,
    score_moves,
)
from cotuong.engine.position import generate, in_check, make, make_null, unmake, unmake_null
from cotuong.engine.quiesce import LAZY_MARGIN, qsearch
from cotuong.engine.searchdata import (
    CTL_ABORTED,
    CTL_DEPTH,
    CTL_NODE_LIMIT,
    CTL_NODES,
    CTL_NOISE,
    CTL_ROOT_BEST,
    CTL_ROOT_N,
    CTL_RULES,
    CTL_SALT,
    CTL_SELDEPTH,
    CTL_STOP,
    MAX_PLY,
    Tables,
    new_tables,
    poll,
)
from cotuong.engine.tables import VALUE
from cotuong.engine.ttable import (
    EXACT,
    INF,
    LOWER,
    MATE,
    MATE_BOUND,
    NO_EVAL,
    UPPER,
    tt_cuts,
    tt_pack,
    tt_read,
)
from cotuong.engine.unowned import unowned_position, unowned_tables

__all__ = [
    "CTL_ABORTED", "CTL_DEPTH", "CTL_NODES", "CTL_NODE_LIMIT", "CTL_NOISE", "CTL_ROOT_BEST",
    "CTL_ROOT_N", "CTL_RULES", "CTL_SALT", "CTL_SELDEPTH", "CTL_STOP", "INF", "LAZY_MARGIN",
    "MATE", "MATE_BOUND", "MAX_PLY", "Tables", "alphabeta", "new_tables", "qsearch",
    "root_scores", "search_root",
]

# Recursive calls must always pass the same (non-literal) argument types: Numba's on-disk
# cache crashes on recursive functions compiled for several signatures (numba#6061/#6713),
# so flags are int64 values and constants are wrapped, never bare literals.
_I0 = np.int64(0)
_I1 = np.int64(1)

HIST_GOOD = 4000  # a quiet move with this much history is reduced one ply less
HIST_BAD = -2000  # ... and with less than this, one ply more
LMP_BASE = 4  # late-move pruning: quiet moves after 4 + 2·depth² legal ones, depth ≤ 3
HIST_PRUNE = 4000  # history pruning: quiet moves scored below -4000·depth, depth ≤ 3
SEE_PRUNE_DEPTH = 4  # SEE pruning: captures losing more than 100 cp a ply, depth ≤ 4
SEE_PRUNE_MARGIN = 100
SE_DEPTH = 6  # singular extension from this depth, margin 2 cp a ply below the table's score
SE_MARGIN = 4

@njit(cache=True, nogil=True)
def _has_pieces(st: Any, side: int) -> bool:
    """Null move is unsafe in zugzwang-prone endings: require a rook, horse or cannon."""
    base = 8 + 8 * side
    return bool(st[base + 4] + st[base + 5] + st[base + 6] > 0)


@njit(cache=True, nogil=True)
def alphabeta(pos: Any, t: Any, depth: int, alpha: int, beta: int, ply: int,
              allow_null: int) -> int:
    tt, hist, killers, pv, pvlen, movebuf, scorebuf, ctl, counter, triedbuf, rootmoves = t[:11]
    evals, seebuf, cont, excluded = t[11], t[12], t[13], t[14]
    pvlen[ply] = ply
    if poll(ctl):
        return 0
    excl = excluded[ply]  # the move left out by a singular-extension test of this node
    b, _sqid, _plist, st, _hkeys, hinfo, _pst, _terms = pos
    side = st[0]
    check = in_check(pos, side)
    if check:
        hinfo[st[3]] |= 1
    if ply > 0:
        rep = repetition(pos, ctl[8])
        if rep == REP_DRAW:
            return 0
        if rep == REP_WIN:
            return MATE - ply
        if rep == REP_LOSS:
            return -(MATE - ply)
        # Mate-distance pruning: no line from here can beat a mate already found nearer.
        alpha = max(alpha, -MATE + ply)
        beta = min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha
        if ply >= MAX_PLY:
            return evaluate(pos, ctl[6], ctl[7])
    if check:
        depth += 1
    if depth <= 0:
        return qsearch(pos, t, alpha, beta, ply)
    pvnode = beta - alpha > 1
    key = st[1]
    idx = key & (tt.shape[0] - 1)
    tt_move = 0
    tt_flag = -1
    tt_depth = -1
    ts = 0
    tt_eval = NO_EVAL
    if excl == 0 and tt[idx, 0] == key:
        tt_move, tt_depth, tt_flag, ts, tev = tt_read(tt[idx, 1], ply)
        if ctl[6] == 0:  # with noise, the stored evaluation had another search's salt
            tt_eval = tev
        if ply > 0 and not pvnode and tt_depth >= depth and tt_cuts(tt_flag, ts, alpha, beta):
            return int(ts)
    static = 0
    improving = False
    evals[ply] = -INF
    if not check:
        static = evaluate(pos, ctl[6], ctl[7]) if tt_eval == NO_EVAL else tt_eval
        evals[ply] = static
        # Better than two plies ago: prune less (the side to move is making progress).
        improving = ply >= 2 and evals[ply - 2] != -INF and static > evals[ply - 2]
        # The table's bound, where it says more than the static evaluation.
        if abs(ts) < MATE_BOUND and (
            (tt_flag == LOWER and ts > static) or (tt_flag == UPPER and ts < static)
        ):
            static = ts
    if not check and not pvnode:
        # Reverse futility: far above beta near the leaves, a quiet move will not fall below.
        if (depth <= 4 and static - 120 * depth + (50 if improving else 0) >= beta
                and abs(beta) < MATE_BOUND):
            return static
        if (allow_null != 0 and excl == 0 and depth >= 3 and static >= beta
                and _has_pieces(st, side)):
            r = 3 if depth >= 6 else 2
            make_null(pos)
            s = -alphabeta(pos, t, depth - 1 - r, -beta, -beta + 1, ply + 1, _I0)
            unmake_null(pos)
            if ctl[3] != 0:
                return 0
            if s >= beta:
                return beta if s >= MATE_BOUND else s
    # Singular extension: when the table's move is better than every other move by a margin
    # (a reduced search without it fails low), that move is searched one ply deeper; when
    # even without it the node fails high, it is cut (multi-cut). The test searches this
    # same node, so it runs before this node's own move list is made.
    extend_move = 0
    if (ply > 0 and excl == 0 and depth >= SE_DEPTH and tt_move != 0 and ply < 2 * ctl[10]
            and tt_depth >= depth - 3 and (tt_flag == LOWER or tt_flag == EXACT)  # noqa: SIM109
            and abs(ts) < MATE_BOUND):
        sbeta = ts - SE_MARGIN * depth
        excluded[ply] = tt_move
        v = alphabeta(pos, t, (depth - 1) // 2, sbeta - 1, sbeta, ply, _I0)
        excluded[ply] = 0
        if ctl[3] != 0:
            return 0
        if v < sbeta:
            extend_move = tt_move
        elif sbeta >= beta:
            return sbeta
    moves = movebuf[ply]
    scores = scorebuf[ply]
    n = generate(pos, moves, False)
    k0 = killers[ply, 0]
    k1 = killers[ply, 1]
    prev = hinfo[st[3]] >> 8
    cm = counter[prev >> 7, prev & 127] if prev != 0 else 0
    # The previous move's row of the continuation history (its piece now stands on its
    # target square).
    crow = cont[(b[prev & 127] + 7) * 90 + (prev & 127)] if prev != 0 else cont[0]
    score_moves(b, moves, scores, n, tt_move, k0, k1, cm, hist, crow, prev != 0, seebuf)
    lmp_limit = LMP_BASE + 2 * depth * depth if improving else LMP_BASE + depth * depth
    tried = triedbuf[ply]
    ntried = 0
    best = -INF
    best_move = 0
    flag = UPPER
    legal = 0
    for i in range(n):
        m = pick(moves, scores, i, n)
        if m == excl:
            continue
        order = scores[i]
        fr = m >> 7
        to = m & 127
        capture = b[to] != 0
        # A capture ordered after the killers loses material by exchange (see score_moves).
        bad_capture = capture and m != tt_move and order < GOOD_CAPTURE
        exchange = 0
        if bad_capture and not pvnode and not check and depth <= SEE_PRUNE_DEPTH:
            exchange = see_with(b, m, VALUE, seebuf)
        if ply == 0 and ctl[9] > 0:
            allowed = False
            for j in range(ctl[9]):
                if rootmoves[j] == m:
                    allowed = True
                    break
            if not allowed:
                continue
        # Legality and check are tested on the board alone, and the pruning below is
        # decided before the move is made: most moves at frontier nodes are never made.
        checks = move_checks(pos, m, side)
        if checks == 0:
            continue
        legal += 1
        gives_check = checks == 3
        quiet = not capture and not gives_check and not check
        # Futility: at frontier nodes a quiet move cannot lift a hopeless static score.
        if (quiet and not pvnode and depth <= 2 and legal > 1 and m != k0 and m != k1
                and static + 150 * depth <= alpha and abs(alpha) < MATE_BOUND):
            continue
        # Late-move pruning: near the leaves, a quiet move this late in the order (and
        # without a good history) is not searched at all.
        if (quiet and not pvnode and depth <= 3 and legal > lmp_limit
                and hist[fr, to] < HIST_GOOD and abs(alpha) < MATE_BOUND):
            continue
        # History pruning: near the leaves, a quiet move that has kept failing after this
        # previous move (and in general) is not searched.
        if (quiet and not pvnode and depth <= 3 and legal > 1 and m != k0 and m != k1
                and order < -HIST_PRUNE * depth and abs(alpha) < MATE_BOUND):
            continue
        # SEE pruning: near the leaves, a capture that loses this much by exchange (and gives
        # no check) is not searched.
        if (bad_capture and not pvnode and not check and not gives_check and legal > 1
                and depth <= SEE_PRUNE_DEPTH and exchange < -SEE_PRUNE_MARGIN * depth
                and abs(alpha) < MATE_BOUND):
            continue
        u = make(pos, m)
        if legal == 1:
            ext = 1 if m == extend_move else 0
            s = -alphabeta(pos, t, depth - 1 + ext, -beta, -alpha, ply + 1, _I1)
        else:
            red = 0
            if depth >= 3 and quiet and legal > 3 and m != k0 and m != k1:
                red = 1
                if legal > 8:
                    red += 1
                if depth >= 7 and legal > 16:
                    red += 1
                if pvnode:
                    red -= 1
                # The ordering score: history plus continuation history.
                if order >= HIST_GOOD:
                    red -= 1
                elif order <= HIST_BAD and legal > 6:
                    red += 1
                red = max(0, min(red, depth - 2))
            elif (depth >= 3 and bad_capture and legal > 3 and not check and not gives_check
                  and not pvnode):
                red = 1
            s = -alphabeta(pos, t, depth - 1 - red, -alpha - 1, -alpha, ply + 1, _I1)
            if s > alpha and red > 0:
                s = -alphabeta(pos, t, depth - 1, -alpha - 1, -alpha, ply + 1, _I1)
            if alpha < s < beta:
                s = -alphabeta(pos, t, depth - 1, -beta, -alpha, ply + 1, _I1)
        unmake(pos, m, u)
        if ctl[3] != 0:
            return 0
        if not capture and s < beta:
            tried[ntried] = m
            ntried += 1
        if s > best:
            best = s
            if s > alpha:
                alpha = s
                best_move = m
                flag = EXACT
                pv[ply, ply] = m
                for j in range(ply + 1, pvlen[ply + 1]):
                    pv[ply, j] = pv[ply + 1, j]
                pvlen[ply] = max(pvlen[ply + 1], ply + 1)
                if ply == 0:
                    ctl[5] = m
                if s >= beta:
                    flag = LOWER
                    if not capture:
                        if killers[ply, 0] != m:
                            killers[ply, 1] = killers[ply, 0]
                            killers[ply, 0] = m
                        bonus = min(depth * depth * 16, 1200)
                        hist_update(hist, fr, to, bonus)
                        if prev != 0:
                            cont_update(crow, (b[fr] + 7) * 90 + to, bonus)
                        for j in range(ntried):
                            q = tried[j]
                            hist_update(hist, q >> 7, q & 127, -bonus)
                            if prev != 0:
                                cont_update(crow, (b[q >> 7] + 7) * 90 + (q & 127), -bonus)
                        if prev != 0:
                            counter[prev >> 7, prev & 127] = m
                    break
    if legal == 0:
        return -MATE + ply  # checkmated or stalemated: both lose in xiangqi
    ts = best
    if ts >= MATE_BOUND:
        ts += ply
    elif ts <= -MATE_BOUND:
        ts -= ply
    if excl != 0:
        return int(best)  # a bound without the best move: not this position's, not stored
    old = tt[idx, 1]
    if tt[idx, 0] != key or ((old >> 31) & 0xFF) <= depth or flag == EXACT:
        store_move = best_move if best_move != 0 else tt_move
        tt[idx, 0] = key
        # The static evaluation too (none in check), so the next visit need not compute it.
        tt[idx, 1] = tt_pack(ts, store_move, depth, flag, NO_EVAL if check else evals[ply])
    return int(best)


@njit(cache=True, nogil=True)
def search_root(pos: Any, t: Any, depth: int, alpha: int, beta: int) -> tuple[int, int]:
    """One iteration at ``depth``; returns (score, best move) — the PV is in ``t[3][0]``."""
    t[7][3] = 0
    t[7][5] = 0
    t[7][10] = depth  # the iteration's depth: extensions stop at twice as many plies
    # Unowned views: reference counting would otherwise cost about half the search's time.
    s = alphabeta(unowned_position(pos), unowned_tables(t), np.int64(depth), np.int64(alpha),
                  np.int64(beta), _I0, _I0)
    return s, t[7][5]


@njit(cache=True, nogil=True)
def root_scores(pos: Any, t: Any, moves: Any, depth: int) -> Any:
    """Exact score of each root move (``depth`` 0 = the hand-written evaluation after the
    move, no quiescence: that is how a beginner who does not look for the reply sees the
    board — material and placement. Not the network even when the position carries one: it
    has learnt to see a hanging piece, so a one-look choice by it hung nothing)."""
    out = np.zeros(moves.shape[0], dtype=np.int64)
    pos = unowned_position(pos)
    t = unowned_tables(t)
    for i in range(moves.shape[0]):
        m = moves[i]
        u = make(pos, m)
        if depth <= 0:
            out[i] = -evaluate_hand(pos, t[7][6], t[7][7])
        else:
            out[i] = -alphabeta(pos, t, np.int64(depth - 1), np.int64(-INF), np.int64(INF),
                                _I1, _I1)
        unmake(pos, m, u)
        if t[7][3] != 0:
            break
    return out
