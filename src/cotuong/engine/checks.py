"""Legality and check of a move decided on the board alone, before it is made.

The search prunes most moves at frontier nodes; testing them after ``make`` paid for
key, score and history updates that ``unmake`` then threw away. Here only the board's two
squares change and change back.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from cotuong.engine.exchange import attacked


@njit(cache=True, nogil=True)
def move_checks(pos: Any, m: int, side: int) -> int:
    """Before making the pseudo-legal move ``m`` of ``side``: bit 1 set if it is legal
    (its own king is not attacked after it), bit 2 if it gives check. Only the board's
    two squares change and change back (no key, score or history), so the search can
    decide to prune a move without making it.

    >>> from cotuong.core import Move
    >>> from cotuong.engine.position import move_code, position_from_fen
    >>> pos = position_from_fen("3k5/1R7/9/9/9/9/9/9/9/R3K4 w")
    >>> [move_checks(pos, move_code(Move.from_iccs(t)), 0) for t in ("a0a9", "a0a1", "e0d0")]
    [3, 1, 0]
    """
    b, _sqid, plist, _st, _hk, _hi, _pst, _terms = pos
    fr = m >> 7
    to = m & 127
    p = b[fr]
    c = b[to]
    b[to] = p
    b[fr] = 0
    own = to if (p == 1 or p == -1) else plist[side * 16]
    flags = 0
    if not attacked(b, own, 1 - side):
        flags = 1
        if attacked(b, plist[(1 - side) * 16], side):
            flags = 3
    b[fr] = p
    b[to] = c
    return flags
