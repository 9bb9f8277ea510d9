"""Attacks and the static exchange on the engine's board array (compiled): whether a
square is attacked, the least valuable attacker, and SEE — what a capture wins or loses
when both sides capture on its square in turn with their cheapest pieces.

``b`` is the position's ``int8[90]`` piece array (:mod:`cotuong.engine.position`).

>>> from cotuong.engine.position import position_from_fen
>>> pos = position_from_fen("4k4/9/9/9/4p4/4R4/9/9/9/3K5 w")
>>> bool(attacked(pos[0], 49, 0))  # the black pawn on e5 is attacked by Red's rook
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cotuong.engine.tables import (
    ADVISOR_N,
    ADVISOR_TO,
    ELEPHANT_EYE,
    ELEPHANT_N,
    ELEPHANT_TO,
    HORSE_AFROM,
    HORSE_ALEG,
    HORSE_AN,
    KING_N,
    KING_TO,
    PAWN_AFROM,
    PAWN_AN,
    RAY,
    RAY_LEN,
)

__all__ = ["SEE_DEPTH", "attacked", "see", "see_with"]

SEE_DEPTH = 34  # captures in one exchange (32 pieces) and the two squares of the first


@njit(cache=True, nogil=True)
def attacked(b: Any, sq: int, by: int) -> bool:
    """Is ``sq`` attacked by colour ``by`` (0 Red, 1 Black)? Kings facing count as an attack."""
    sign = 1 - 2 * by
    for d in range(4):
        n = RAY_LEN[sq, d]
        i = 0
        while i < n and b[RAY[sq, d, i]] == 0:
            i += 1
        if i == n:
            continue
        p = b[RAY[sq, d, i]] * sign
        if p == 5 or (p == 1 and d < 2):  # rook, or the flying general along a file
            return True
        i += 1
        while i < n and b[RAY[sq, d, i]] == 0:
            i += 1
        if i < n and b[RAY[sq, d, i]] * sign == 6:
            return True
    for k in range(HORSE_AN[sq]):
        if b[HORSE_AFROM[sq, k]] * sign == 4 and b[HORSE_ALEG[sq, k]] == 0:
            return True
    for k in range(PAWN_AN[by, sq]):  # noqa: SIM110  (Numba compiles no generators)
        if b[PAWN_AFROM[by, sq, k]] * sign == 7:
            return True
    return False


@njit(cache=True, nogil=True)
def _least_attacker(b: Any, sq: int, by: int) -> int:
    """Square of the cheapest piece of colour ``by`` attacking ``sq`` on board ``b``, or -1.

    The same geometry as :func:`attacked` (and the moves of advisors, elephants and the king,
    which are symmetric), tried from the cheapest kind up: pawn, advisor, elephant, horse,
    cannon, rook, king.
    """
    sign = 1 - 2 * by
    for k in range(PAWN_AN[by, sq]):
        if b[PAWN_AFROM[by, sq, k]] * sign == 7:
            return int(PAWN_AFROM[by, sq, k])
    for k in range(ADVISOR_N[sq]):
        if b[ADVISOR_TO[sq, k]] * sign == 2:
            return int(ADVISOR_TO[sq, k])
    for k in range(ELEPHANT_N[sq]):
        if b[ELEPHANT_TO[sq, k]] * sign == 3 and b[ELEPHANT_EYE[sq, k]] == 0:
            return int(ELEPHANT_TO[sq, k])
    for k in range(HORSE_AN[sq]):
        if b[HORSE_AFROM[sq, k]] * sign == 4 and b[HORSE_ALEG[sq, k]] == 0:
            return int(HORSE_AFROM[sq, k])
    rook = -1
    for d in range(4):
        n = RAY_LEN[sq, d]
        i = 0
        while i < n and b[RAY[sq, d, i]] == 0:
            i += 1
        if i == n:
            continue
        if b[RAY[sq, d, i]] * sign == 5:
            rook = int(RAY[sq, d, i])
        i += 1
        while i < n and b[RAY[sq, d, i]] == 0:
            i += 1
        if i < n and b[RAY[sq, d, i]] * sign == 6:
            return int(RAY[sq, d, i])
    if rook >= 0:
        return rook
    for k in range(KING_N[sq]):
        if b[KING_TO[sq, k]] * sign == 1:
            return int(KING_TO[sq, k])
    return -1


@njit(cache=True, nogil=True)
def see(b: Any, m: int, values: Any) -> int:
    """Static exchange evaluation of the capture ``m``: the material the mover nets if both
    sides keep recapturing on the target square with their cheapest attacker (and may stop).

    ``b`` is changed during the exchange and restored before returning. Cannon screens come
    and go as pieces leave the line, which the re-scan after every capture handles.

    >>> from cotuong.engine.position import position_from_fen
    >>> from cotuong.engine.tables import VALUE
    >>> pos = position_from_fen("3k5/9/9/2n6/4p4/9/9/9/9/4RK3 w")
    >>> see(pos[0], 4 << 7 | 49, VALUE)  # the rook takes a pawn that a horse defends
    -800
    """
    return see_with(b, m, values, np.empty((3, SEE_DEPTH), dtype=np.int64))


@njit(cache=True, nogil=True)
def see_with(b: Any, m: int, values: Any, scratch: Any) -> int:
    """:func:`see` with a caller's scratch array of shape (3, ``SEE_DEPTH``): the search
    keeps one, since allocating it for every capture cost more than the exchange itself."""
    fr = m >> 7
    to = m & 127
    gain = scratch[0]
    saved_sq = scratch[1]
    saved_pc = scratch[2]
    nsaved = 0
    victim = b[to]
    mover = b[fr]
    by = 0 if mover > 0 else 1
    gain[0] = values[abs(victim)]
    on_sq = abs(mover)
    saved_sq[0] = to
    saved_pc[0] = victim
    saved_sq[1] = fr
    saved_pc[1] = mover
    nsaved = 2
    b[to] = mover
    b[fr] = 0
    d = 0
    side = 1 - by
    while d < 32:
        a = _least_attacker(b, to, side)
        if a < 0:
            break
        d += 1
        # A captured king ends the exchange: its value makes the capture decisive.
        gain[d] = (values[on_sq] if on_sq != 1 else 5000) - gain[d - 1]
        saved_sq[nsaved] = a
        saved_pc[nsaved] = b[a]
        nsaved += 1
        on_sq = abs(b[a])
        b[to] = b[a]
        b[a] = 0
        side = 1 - side
    for i in range(nsaved - 1, -1, -1):
        b[saved_sq[i]] = saved_pc[i]
    while d > 0:
        gain[d - 1] = -max(-gain[d - 1], gain[d])
        d -= 1
    return int(gain[0])
