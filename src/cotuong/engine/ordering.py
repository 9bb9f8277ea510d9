"""Move ordering for the search (compiled): the order in which a node tries its moves, and
the history tables that learn it.

Order: the transposition table's move, captures by most valuable victim / least valuable
attacker (a capture that loses material by static exchange goes after the killers), two
killer moves per ply, the counter move of the previous move, then quiet moves by their
history — a butterfly table (from, to) — plus their **continuation history**: a table
indexed by the previous move (its piece and target) and the quiet move (its piece and
target). Both learn by a gravity update that keeps entries within ±``HIST_MAX``.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from cotuong.engine.exchange import see_with
from cotuong.engine.tables import ORDER_VALUE, VALUE

HIST_MAX = 16384
GOOD_CAPTURE = 1 << 30  # ordering scores of captures that do not lose by exchange
CONT = 15 * 90  # continuation-history index of a move: (piece code + 7) * 90 + target


@njit(cache=True, nogil=True)
def score_moves(b: Any, moves: Any, scores: Any, n: int, tt_move: int, k0: int, k1: int,
                 cm: int, hist: Any, cont: Any, use_cont: bool, seebuf: Any) -> None:
    """Order: TT move, good captures, killers, counter move, then quiet moves by their
    history plus their continuation history after the previous move (``cont``, that
    move's row, when ``use_cont``)."""
    for i in range(n):
        m = moves[i]
        fr = m >> 7
        to = m & 127
        if m == tt_move:
            scores[i] = 1 << 40
        elif b[to] != 0:
            scores[i] = GOOD_CAPTURE + ORDER_VALUE[abs(b[to])] * 64 - ORDER_VALUE[abs(b[fr])]
            # A capture that loses material in the exchange goes after the killers.
            if VALUE[abs(b[fr])] > VALUE[abs(b[to])] and see_with(b, m, VALUE, seebuf) < 0:
                scores[i] -= GOOD_CAPTURE
        elif m == k0:
            scores[i] = 1 << 29
        elif m == k1:
            scores[i] = 1 << 28
        elif m == cm:
            scores[i] = 1 << 27
        elif use_cont:
            scores[i] = hist[fr, to] + cont[(b[fr] + 7) * 90 + to]
        else:
            scores[i] = hist[fr, to]


@njit(cache=True, nogil=True)
def hist_update(hist: Any, fr: int, to: int, bonus: int) -> None:
    """Gravity update: the entry moves toward ±HIST_MAX, slower the nearer it is."""
    hist[fr, to] += bonus - hist[fr, to] * abs(bonus) // HIST_MAX


@njit(cache=True, nogil=True)
def cont_update(row: Any, i: int, bonus: int) -> None:
    """:func:`_hist_update` for one entry of a continuation-history row."""
    row[i] += bonus - row[i] * abs(bonus) // HIST_MAX


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
