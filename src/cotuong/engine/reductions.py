"""How much the search cuts from a line (compiled): late-move reductions from a log table
and the null move's reduction, both growing with depth, as the Stockfish family does.

A late quiet move at a deep node is searched ``lmr(depth, number, improving)`` plies
shallower (before the adjustments the search makes for PV nodes, expected cut nodes and
history); the null move is searched ``null_reduction(depth, static, beta)`` plies shallower.

>>> lmr(3, 4, True), lmr(10, 20, True), lmr(10, 20, False)
(1, 3, 4)
>>> null_reduction(3, 0, 0), null_reduction(12, 600, 0)
(5, 10)
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

LMR_SCALE = 21.9  # Stockfish 14's reductions: R[i] = 21.9·ln i
LMR_BIAS = 534
LMR_UNIMPROVING = 904  # one ply more when not improving and the product exceeds this
NULL_BASE = 4  # null move: R = 4 + depth/3 + min((static − beta)/281, 2) (Pikafish-HCE)
NULL_EVAL_STEP = 281
NULL_MARGIN = 136  # ... tried when static ≥ beta − 11·depth + 136
NULL_DEPTH_STEP = 11

_LMR = np.array([0] + [int(LMR_SCALE * math.log(i)) for i in range(1, 256)], dtype=np.int64)


@njit(cache=True, nogil=True)
def lmr(depth: int, number: int, improving: bool) -> int:
    """The base reduction of the ``number``-th legal move at ``depth`` (not clamped)."""
    r = _LMR[min(depth, 255)] * _LMR[min(number, 255)]
    return int((r + LMR_BIAS) // 1024 + (1 if (not improving and r > LMR_UNIMPROVING) else 0))


@njit(cache=True, nogil=True)
def null_reduction(depth: int, static: int, beta: int) -> int:
    """The null move's reduction: deeper nodes and a static score further above beta
    reduce more."""
    return int(NULL_BASE + depth // 3 + min((static - beta) // NULL_EVAL_STEP, 2))


@njit(cache=True, nogil=True)
def null_allowed(depth: int, static: int, beta: int) -> bool:
    """The static evaluation must stand well above beta near the leaves (less so deeper)."""
    return bool(static >= beta - NULL_DEPTH_STEP * depth + NULL_MARGIN)
