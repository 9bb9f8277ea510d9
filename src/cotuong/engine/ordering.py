"""Move ordering for the search (compiled): the order in which a node tries its moves, and
the history tables that learn it.

Order: the transposition table's move, captures by most valuable victim, then by their
**capture history** (indexed by the moving piece, its target and the captured piece's kind),
then least valuable attacker (a capture that loses material by static exchange goes after
the killers, by victim and attacker alone), two killer moves per ply, the counter move of
the previous move, then quiet moves by their history — a butterfly table (from, to) — plus
their **continuation history** after the previous move and after the move two plies back:
one table indexed by the earlier move (its piece and target) and the quiet move (its piece
and target). All learn by a gravity update that keeps entries within ±``HIST_MAX``.

>>> import numpy as np
>>> row = np.zeros(8, dtype=np.int32)
>>> cont_update(row, 3, 1200); int(row[3])
1200
"""

from __future__ import annotations

from typing import Any

from numba import njit

from cotuong.engine.position import see_with
from cotuong.engine.tables import ORDER_VALUE, VALUE

HIST_MAX = 16384
GOOD_CAPTURE = 1 << 30  # ordering scores of captures that do not lose by exchange
CONT = 15 * 90  # continuation-history index of a move: (piece code + 7) * 90 + target
VICTIM = 1 << 22  # a good capture's weight per ORDER_VALUE of its victim (above its history)


@njit(cache=True, nogil=True)
def score_moves(b: Any, moves: Any, scores: Any, n: int, tt_move: int, k0: int, k1: int,
                 cm: int, hist: Any, cont: Any, use_cont: bool, cont2: Any, use_cont2: bool,
                 capt: Any, seebuf: Any) -> None:
    """Order: TT move, good captures (victim, capture history ``capt``, attacker), killers,
    counter move, then quiet moves by their history plus their continuation history after
    the previous move (``cont``, that move's row, when ``use_cont``) and after the move
    two plies back (``cont2`` when ``use_cont2``)."""
    for i in range(n):
        m = moves[i]
        fr = m >> 7
        to = m & 127
        if m == tt_move:
            scores[i] = 1 << 40
        elif b[to] != 0:
            # A capture that loses material in the exchange goes after the killers.
            if VALUE[abs(b[fr])] > VALUE[abs(b[to])] and see_with(b, m, VALUE, seebuf) < 0:
                scores[i] = ORDER_VALUE[abs(b[to])] * 64 - ORDER_VALUE[abs(b[fr])]
            else:
                scores[i] = (GOOD_CAPTURE + ORDER_VALUE[abs(b[to])] * VICTIM
                             + (capt[(b[fr] + 7) * 90 + to, abs(b[to])] + HIST_MAX) * 64
                             - ORDER_VALUE[abs(b[fr])])
        elif m == k0:
            scores[i] = 1 << 29
        elif m == k1:
            scores[i] = 1 << 28
        elif m == cm:
            scores[i] = 1 << 27
        else:
            sc = hist[fr, to]
            if use_cont:
                sc += cont[(b[fr] + 7) * 90 + to]
            if use_cont2:
                sc += cont2[(b[fr] + 7) * 90 + to]
            scores[i] = sc


@njit(cache=True, nogil=True)
def hist_update(hist: Any, fr: int, to: int, bonus: int) -> None:
    """Gravity update: the entry moves toward ±HIST_MAX, slower the nearer it is."""
    hist[fr, to] += bonus - hist[fr, to] * abs(bonus) // HIST_MAX


@njit(cache=True, nogil=True)
def cont_update(row: Any, i: int, bonus: int) -> None:
    """:func:`hist_update` for one entry of a continuation-history row."""
    row[i] += bonus - row[i] * abs(bonus) // HIST_MAX


@njit(cache=True, nogil=True)
def reward(b: Any, m: int, bonus: int, tried: Any, ntried: int, hist: Any, crow: Any,
           use_cont: bool, crow2: Any, use_cont2: bool, capt: Any) -> None:
    """After move ``m`` cut off: a bonus to its history (capture history for a capture;
    butterfly and continuation histories for a quiet move), a malus to the moves tried
    before it (``tried[:ntried]``, quiet moves only when ``m`` is a capture)."""
    fr = m >> 7
    to = m & 127
    if b[to] != 0:
        cont_update(capt[(b[fr] + 7) * 90 + to], abs(b[to]), bonus)
    else:
        hist_update(hist, fr, to, bonus)
        if use_cont:
            cont_update(crow, (b[fr] + 7) * 90 + to, bonus)
        if use_cont2:
            cont_update(crow2, (b[fr] + 7) * 90 + to, bonus)
    for j in range(ntried):
        q = tried[j]
        qf = q >> 7
        qt = q & 127
        if b[qt] != 0:
            cont_update(capt[(b[qf] + 7) * 90 + qt], abs(b[qt]), -bonus)
        elif b[to] == 0:
            hist_update(hist, qf, qt, -bonus)
            if use_cont:
                cont_update(crow, (b[qf] + 7) * 90 + qt, -bonus)
            if use_cont2:
                cont_update(crow2, (b[qf] + 7) * 90 + qt, -bonus)


@njit(cache=True, nogil=True)
def pick(moves: Any, scores: Any, i: int, n: int) -> int:
    """Move the best-scored remaining move to slot i (selection sort, lazily)."""
    best = i
    for j in range(i + 1, n):
        if scores[j] > scores[best]:
            best = j
    if best != i:
        moves[i], moves[best] = moves[best], moves[i]
        scores[i], scores[best] = scores[best], scores[i]
    return int(moves[i])
