"""The transposition table's entries (compiled): two int64 per entry, the position's key
and a packed word — 17 bits of score, 14 of move, 8 of depth, 2 of bound, 17 of static
evaluation and a bit saying it is there. Mate scores are stored relative to the node
(distance from it) and read back relative to the root.

>>> data = tt_pack(MATE - 5, 1234, 7, LOWER, -40)
>>> tt_read(data, 2) == (1234, 7, LOWER, MATE - 7, -40)
True
"""

from __future__ import annotations

from numba import njit

MATE = 30000
MATE_BOUND = MATE - 1000  # scores beyond this are mates (distance in plies = MATE - |score|)
INF = 32000
EXACT, LOWER, UPPER = 0, 1, 2
NO_EVAL = -INF - 1  # no static evaluation in the table entry


@njit(cache=True, nogil=True)
def tt_pack(score: int, move: int, depth: int, flag: int, ev: int) -> int:
    """The packed word of an entry; ``score`` is already relative to the node, ``ev`` may
    be ``NO_EVAL``."""
    data = ((score + 65536) & 0x1FFFF) | (move << 17) | (depth << 31) | (flag << 39)
    if ev != NO_EVAL:
        data |= (((ev + 65536) & 0x1FFFF) << 41) | (1 << 58)
    return int(data)


@njit(cache=True, nogil=True)
def tt_read(data: int, ply: int) -> tuple[int, int, int, int, int]:
    """An entry's (move, depth, bound, score at this ply, static evaluation or
    ``NO_EVAL``)."""
    score = (data & 0x1FFFF) - 65536
    if score >= MATE_BOUND:
        score -= ply
    elif score <= -MATE_BOUND:
        score += ply
    ev = ((data >> 41) & 0x1FFFF) - 65536 if (data >> 58) & 1 else NO_EVAL
    return (data >> 17) & 0x3FFF, (data >> 31) & 0xFF, (data >> 39) & 3, score, ev


@njit(cache=True, nogil=True)
def tt_cuts(flag: int, score: int, alpha: int, beta: int) -> bool:
    """Does a stored bound decide this window?"""
    return bool(flag == EXACT or (flag == LOWER and score >= beta)
                or (flag == UPPER and score <= alpha))
