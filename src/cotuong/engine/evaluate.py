"""Static evaluation, compiled: material and piece-square score (kept incrementally by
``make``/``unmake``) plus the terms that depend on the whole board.

Terms, all in centipawns from Red's view until the final sign flip:

* material + PST (``st[ST_EVAL]``, incremental);
* piece mix: a cannon gains and a horse loses worth while the board is crowded (cannons need
  screens; horses need room) and the reverse as it empties;
* king safety: each missing advisor or elephant costs in proportion to the enemy's attacking
  pieces; a king whose file is open towards an enemy rook or cannon is penalised;
* crossed pawns are worth more when the defending side has lost advisors;
* horse mobility (with a penalty for a nearly trapped horse) and rook mobility;
* rooks on files without own pawns;
* tempo for the side to move;
* optional deterministic noise (weaker levels): a hash of the position key with a per-search
  salt, so a position always gets the same noise within a search and the TT stays consistent.

>>> from cotuong.engine.position import position_from_fen
>>> from cotuong.engine.evaluate import evaluate
>>> pos = position_from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
>>> evaluate(pos, 0, 0)  # symmetric start: just the tempo
10
"""

from __future__ import annotations

from typing import Any

from numba import njit

from cotuong.engine.tables import HORSE_LEG, HORSE_N, HORSE_TO, RAY, RAY_LEN

TEMPO = 10


@njit(cache=True, nogil=True)
def _side_terms(b: Any, plist: Any, st: Any, side: int, majors: int) -> int:
    """Positional terms of one side (positive = good for ``side``)."""
    sign = 1 - 2 * side
    other = 1 - side
    own = 8 + 8 * side
    opp = 8 + 8 * other
    score = 0
    # Piece mix: 12 majors at the start; cannons like company, horses like space.
    crowd = majors - 6
    score += (st[own + 6] - st[own + 4]) * crowd * 4
    # King safety: missing defenders hurt in proportion to what can attack.
    attack = 3 * st[opp + 5] + 2 * st[opp + 4] + 2 * st[opp + 6] + st[opp + 7] // 2
    missing = (2 - st[own + 2]) * 3 + (2 - st[own + 3]) * 2
    if missing > 0:
        score -= missing * attack * 2
    # Crossed pawns press harder on a palace without advisors.
    if st[opp + 2] < 2:
        crossed = 0
        for pid in range(side * 16, side * 16 + 16):
            s = plist[pid]
            if s >= 0 and b[s] * sign == 7 and ((s >= 45) if side == 0 else (s < 45)):
                crossed += 1
        score += crossed * (2 - st[opp + 2]) * 12
    # Open file towards the king.
    k = plist[side * 16]
    d = 0 if side == 0 else 1  # towards the enemy
    n = RAY_LEN[k, d]
    i = 0
    while i < n and b[RAY[k, d, i]] == 0:
        i += 1
    if i == n or b[RAY[k, d, i]] * sign == -5:
        score -= 20 + 10 * st[opp + 5]
    elif b[RAY[k, d, i]] * sign == -6:
        score -= 15  # enemy cannon with an empty file: one screen away from a check
    # Mobility of horses and rooks, rooks on files without own pawns.
    for pid in range(side * 16, side * 16 + 16):
        s = plist[pid]
        if s < 0:
            continue
        kind = b[s] * sign
        if kind == 4:
            mob = 0
            for j in range(HORSE_N[s]):
                if b[HORSE_LEG[s, j]] == 0 and b[HORSE_TO[s, j]] * sign <= 0:
                    mob += 1
            score += 4 * mob - (12 if mob <= 1 else 0)
        elif kind == 5:
            mob = 0
            for dd in range(4):
                ln = RAY_LEN[s, dd]
                j = 0
                while j < ln and b[RAY[s, dd, j]] == 0:
                    j += 1
                mob += j
            score += 2 * mob
            f = s % 9
            own_pawn = False
            for r in range(10):
                if b[r * 9 + f] * sign == 7:
                    own_pawn = True
                    break
            if not own_pawn:
                score += 10
    return int(score)


@njit(cache=True, nogil=True)
def evaluate(pos: Any, noise: int, salt: int) -> int:
    """Score of the position for the side to move, in centipawns."""
    b, _sqid, plist, st, _hk, _hi = pos
    majors = 0
    for kind in (4, 5, 6):
        majors += st[8 + kind] + st[16 + kind]
    red = st[2] + _side_terms(b, plist, st, 0, majors) - _side_terms(b, plist, st, 1, majors)
    score = red if st[0] == 0 else -red
    score += TEMPO
    if noise > 0:
        h = (st[1] ^ salt) * 0x2545F4914F6CDD1D
        score += ((h >> 24) & 0xFFFF) % (2 * noise + 1) - noise
    return int(score)
