"""The search's data: the tables one search (or one helper thread) works in, and the
control array through which Python and the compiled search talk.

:func:`new_tables` makes the tuple

``(tt, hist, killers, pv, pvlen, moves, scores, ctl, counter, tried, rootmoves, evals,
seebuf, cont, excluded)``

``tt`` the transposition table (:mod:`cotuong.engine.ttable`), ``hist`` the butterfly
history (from, to), ``killers`` two per ply, ``pv``/``pvlen`` the triangular principal
variation, ``moves``/``scores`` a move list per ply, ``counter`` the counter move of each
previous move, ``tried`` the quiet moves tried so far at each ply, ``rootmoves`` the moves
a restricted root may play, ``evals`` the static evaluation per ply, ``seebuf`` scratch
for static exchange evaluation, ``cont`` the continuation history and ``excluded`` the move
a singular-extension test leaves out at each ply.

``ctl`` (``CTL_*`` indices) is polled by the search every 1024 nodes (:func:`poll`), so a
stop flag set from another thread or a node limit ends it within about a millisecond.

>>> tables = new_tables(1)
>>> tables[0].shape, int(tables[7][CTL_NODES])  # 16 bytes an entry: 1 MB
((65536, 2), 0)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cotuong.engine.exchange import SEE_DEPTH
from cotuong.engine.ordering import CONT
from cotuong.engine.position import MAX_MOVES

MAX_PLY = 100

CTL_STOP, CTL_NODES, CTL_NODE_LIMIT, CTL_ABORTED, CTL_SELDEPTH = 0, 1, 2, 3, 4
CTL_ROOT_BEST, CTL_NOISE, CTL_SALT, CTL_RULES, CTL_ROOT_N, CTL_DEPTH = 5, 6, 7, 8, 9, 10

Tables = tuple[Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any]


def new_tables(hash_mb: int) -> Tables:
    """Fresh search data with a transposition table of about ``hash_mb`` megabytes."""
    entries = 1
    while entries * 2 * 16 <= max(1, hash_mb) * 1024 * 1024:
        entries *= 2
    return (
        np.zeros((entries, 2), dtype=np.int64),
        np.zeros((90, 90), dtype=np.int64),
        np.zeros((MAX_PLY + 4, 2), dtype=np.int32),
        np.zeros((MAX_PLY + 4, MAX_PLY + 4), dtype=np.int32),
        np.zeros(MAX_PLY + 4, dtype=np.int32),
        np.zeros((MAX_PLY + 4, MAX_MOVES), dtype=np.int32),
        np.zeros((MAX_PLY + 4, MAX_MOVES), dtype=np.int64),
        np.zeros(16, dtype=np.int64),
        np.zeros((90, 90), dtype=np.int32),
        np.zeros((MAX_PLY + 4, MAX_MOVES), dtype=np.int32),
        np.zeros(MAX_MOVES, dtype=np.int32),
        np.zeros(MAX_PLY + 4, dtype=np.int64),
        np.zeros((3, SEE_DEPTH), dtype=np.int64),
        np.zeros((CONT, CONT), dtype=np.int32),
        np.zeros(MAX_PLY + 4, dtype=np.int32),
    )


@njit(cache=True, nogil=True)
def poll(ctl: Any) -> bool:
    """Count a node; every 1024 nodes look at the stop flag and the node limit."""
    ctl[1] += 1
    if (ctl[1] & 1023) == 0 and (ctl[0] != 0 or (ctl[2] > 0 and ctl[1] >= ctl[2])):
        ctl[3] = 1
    return bool(ctl[3] != 0)
