"""Late-move reductions from a log table (compiled), growing with depth and move number as
the Stockfish family's do.

A late quiet move at a deep node is searched ``lmr(depth, number, improving)`` plies
shallower, before the adjustments the search makes for PV nodes, expected cut nodes and
history.

>>> lmr(3, 4, True), lmr(10, 20, True), lmr(10, 20, False)
(1, 3, 4)
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

LMR_SCALE = 21.9  # Stockfish 14's reductions: R[i] = 21.9·ln i
LMR_BIAS = 534
LMR_UNIMPROVING = 904  # one ply more when not improving and the product exceeds this

_LMR = np.array([0] + [int(LMR_SCALE * math.log(i)) for i in range(1, 256)], dtype=np.int64)


@njit(cache=True, nogil=True)
def lmr(depth: int, number: int, improving: bool) -> int:
    """The base reduction of the ``number``-th legal move at ``depth`` (not clamped)."""
    r = _LMR[min(depth, 255)] * _LMR[min(number, 255)]
    return int((r + LMR_BIAS) // 1024 + (1 if (not improving and r > LMR_UNIMPROVING) else 0))
