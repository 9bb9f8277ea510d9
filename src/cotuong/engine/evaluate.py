"""Static evaluation, compiled: the hand-written evaluation (HCE), with weights learnt from
master games (:mod:`cotuong.engine.weights`), and the hand-over to the learnt network
(:mod:`cotuong.engine.nnue`) for positions that carry one — the engine's default; the
engine's option ``EvalFile hce`` selects the HCE below.

In centipawns from Red's view until the final sign flip:

* material and piece-square tables for the middlegame and the endgame (``st[2]`` and
  ``st[4]``, kept incrementally by ``make``/``unmake``), blended by the **phase**: two per
  rook, one per horse and cannon on the board (16 at the start, 0 with none left);
* the positional terms of ``weights.TERMS``, each a count for Red minus the same count for
  Black (:func:`_side_counts`), times its weight;
* the tempo for the side to move;
* optional deterministic noise (weaker levels): a hash of the position key with a per-search
  salt, so a position always gets the same noise within a search and the TT stays consistent.

Every term is linear in the weights: :func:`features` writes the counts that multiply each
weight, which is what the tuning script fits (``evaluate == weights · features``, tested).

>>> from cotuong.engine.position import position_from_fen
>>> from cotuong.engine.evaluate import evaluate
>>> pos = position_from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
>>> evaluate(pos, 0, 0) == int(pos[7][0])  # symmetric start: just the tempo
True
"""

from __future__ import annotations

from typing import Any

from numba import njit

from cotuong.engine.nnue import evaluate_nnue
from cotuong.engine.tables import HORSE_LEG, HORSE_N, HORSE_TO, RAY, RAY_LEN

PHASE_MAX = 16
N_TERMS = 21
PST_COLUMNS = 2 * 7 * 50  # features: mg/eg, kind, rank * 5 + file folded onto its half
N_FEATURES = PST_COLUMNS + N_TERMS


@njit(cache=True, nogil=True)
def phase(st: Any) -> int:
    """16 with every rook, horse and cannon on the board, 0 with none."""
    p = 2 * (st[13] + st[21]) + st[12] + st[20] + st[14] + st[22]
    return int(min(p, PHASE_MAX))


@njit(cache=True, nogil=True)
def material(st: Any) -> int:
    """The tapered material and piece-square score, Red's view."""
    ph = phase(st)
    return int((st[2] * ph + st[4] * (PHASE_MAX - ph)) // PHASE_MAX)


@njit(cache=True, nogil=True)
def _ray_empty(b: Any, s: int, d: int) -> int:
    n = RAY_LEN[s, d]
    j = 0
    while j < n and b[RAY[s, d, j]] == 0:
        j += 1
    return j


@njit(cache=True, nogil=True)
def _piece_counts(b: Any, plist: Any, side: int) -> Any:
    """One pass over ``side``'s pieces: (crossed pawns, pawn pairs side by side across the
    river, horse mobility, trapped horses, rook mobility, rooks on a file without own
    pawns, cannon mobility)."""
    sign = 1 - 2 * side
    crossed = 0
    pairs = 0
    pawn_files = 0
    rook_files = 0  # the rooks' files, 4 bits each (two rooks at most), + 1
    horse_mob = 0
    trapped = 0
    rook_mob = 0
    cannon_mob = 0
    for pid in range(side * 16 + 1, side * 16 + 16):
        s = plist[pid]
        if s < 0:
            continue
        kind = b[s] * sign
        if kind == 7:
            pawn_files |= 1 << (s % 9)
            if (s >= 45) if side == 0 else (s < 45):
                crossed += 1
                if s % 9 < 8 and b[s + 1] * sign == 7:
                    pairs += 1
        elif kind == 4:
            mob = 0
            for jj in range(HORSE_N[s]):
                if b[HORSE_LEG[s, jj]] == 0 and b[HORSE_TO[s, jj]] * sign <= 0:
                    mob += 1
            horse_mob += mob
            if mob <= 1:
                trapped += 1
        elif kind == 5:
            for dd in range(4):
                rook_mob += _ray_empty(b, s, dd)
            rook_files = (rook_files << 4) | (s % 9 + 1)
        elif kind == 6:
            for dd in range(4):
                cannon_mob += _ray_empty(b, s, dd)
    rook_open = 0
    while rook_files:
        if not (pawn_files >> ((rook_files & 15) - 1)) & 1:
            rook_open += 1
        rook_files >>= 4
    return crossed, pairs, horse_mob, trapped, rook_mob, rook_open, cannon_mob


@njit(cache=True, nogil=True)
def _side_counts(b: Any, plist: Any, st: Any, side: int, majors: int) -> Any:
    """The counts of ``weights.TERMS[1:]`` for ``side`` (in that order)."""
    return _counts_of(b, plist, st, side, majors, _piece_counts(b, plist, side),
                      _piece_counts(b, plist, 1 - side))


@njit(cache=True, nogil=True)
def _counts_of(b: Any, plist: Any, st: Any, side: int, majors: int, mine: Any,
               theirs: Any) -> Any:
    """:func:`_side_counts` from both sides' :func:`_piece_counts` (``mine``, ``theirs``):
    the evaluation makes each side's pass once and uses it for both."""
    sign = 1 - 2 * side
    other = 1 - side
    own = 8 + 8 * side
    opp = 8 + 8 * other
    crowd = (st[own + 6] - st[own + 4]) * (majors - 6)
    adv_gone = 2 - st[own + 2]
    ele_gone = 2 - st[own + 3]
    crossed, pairs, horse_mob, trapped, rook_mob, rook_open, cannon_mob = mine
    enemy_crossed = theirs[0]  # the enemy's pawns across the river are on our half
    # The king's file towards the enemy: open, or a rook on it, or a cannon first on it.
    k = plist[side * 16]
    d = 0 if side == 0 else 1
    i = _ray_empty(b, k, d)
    first = b[RAY[k, d, i]] * sign if i < RAY_LEN[k, d] else 0
    open_file = 1 if i == RAY_LEN[k, d] or first == -5 else 0
    cannon_file = 1 if first == -6 else 0
    # An own cannon behind exactly one screen on the enemy king's file (a loaded cannon).
    ek = plist[other * 16]
    ed = 1 - d
    screen = 0
    j = 0
    n = RAY_LEN[ek, ed]
    while j < n and b[RAY[ek, ed, j]] == 0:
        j += 1
    if j < n:
        j += 1
        while j < n and b[RAY[ek, ed, j]] == 0:
            j += 1
        if j < n and b[RAY[ek, ed, j]] * sign == 6:
            screen = 1
    rooks, horses, cannons = st[opp + 5], st[opp + 4], st[opp + 6]
    return (crowd, adv_gone * rooks, adv_gone * horses, adv_gone * cannons,
            adv_gone * enemy_crossed, ele_gone * rooks, ele_gone * horses, ele_gone * cannons,
            ele_gone * enemy_crossed, crossed * (2 - st[opp + 2]), open_file,
            open_file * rooks, cannon_file, horse_mob, trapped, rook_mob, rook_open,
            cannon_mob, pairs, screen)


@njit(cache=True, nogil=True)
def _majors(st: Any) -> int:
    return int(st[12] + st[13] + st[14] + st[20] + st[21] + st[22])


@njit(cache=True, nogil=True)
def _noise(st: Any, noise: int, salt: int) -> int:
    """A level's deterministic per-position noise, within ± ``noise`` cp."""
    if noise <= 0:
        return 0
    h = (st[1] ^ salt) * 0x2545F4914F6CDD1D
    return int(((h >> 24) & 0xFFFF) % (2 * noise + 1) - noise)


@njit(cache=True, nogil=True)
def evaluate(pos: Any, noise: int, salt: int) -> int:
    """Score of the position for the side to move, in centipawns: the learnt network's
    when the position carries one (:func:`cotuong.engine.nnue.evaluate_nnue`), else the
    hand-written terms (:func:`evaluate_hand`); ``noise`` (levels) is added to either."""
    st = pos[3]
    if st[6] != 0:  # nnue.ST_NN
        return int(evaluate_nnue(pos)) + _noise(st, noise, salt)
    return evaluate_hand(pos, noise, salt)


@njit(cache=True, nogil=True)
def evaluate_hand(pos: Any, noise: int, salt: int) -> int:
    """The hand-written evaluation for the side to move (material, placement, the terms),
    whether or not the position carries a network: what a level's one-look blunder sees."""
    b, _sqid, plist, st, _hk, _hi, _pst, terms = pos
    majors = _majors(st)
    red_p = _piece_counts(b, plist, 0)
    black_p = _piece_counts(b, plist, 1)
    red_c = _counts_of(b, plist, st, 0, majors, red_p, black_p)
    black_c = _counts_of(b, plist, st, 1, majors, black_p, red_p)
    red = material(st)
    for k in range(N_TERMS - 1):
        red += terms[k + 1] * (red_c[k] - black_c[k])
    score = red if st[0] == 0 else -red
    return int(score + terms[0] + _noise(st, noise, salt))


@njit(cache=True, nogil=True)
def features(pos: Any, out: Any) -> None:
    """The counts each weight multiplies, Red's view, into ``out`` (``N_FEATURES`` floats):
    the piece-square columns (mg then eg; kind; rank * 5 + file folded, since the tables
    are symmetric left to right) weighted by the phase, then the terms, ``tempo`` as +1
    when Red is to move and -1 when Black is."""
    b, _sqid, plist, st, _hk, _hi, _pst, _terms = pos
    out[:] = 0.0
    ph = phase(st)
    mg = ph / PHASE_MAX
    eg = 1.0 - mg
    for pid in range(32):
        s = plist[pid]
        if s < 0:
            continue
        code = b[s]
        kind = abs(code)
        r, f = s // 9, s % 9
        sign = 1.0
        if code < 0:
            r, sign = 9 - r, -1.0
        col = (kind - 1) * 50 + r * 5 + min(f, 8 - f)
        out[col] += sign * mg
        out[350 + col] += sign * eg
    majors = _majors(st)
    red_c = _side_counts(b, plist, st, 0, majors)
    black_c = _side_counts(b, plist, st, 1, majors)
    out[PST_COLUMNS] = 1.0 if st[0] == 0 else -1.0
    for k in range(N_TERMS - 1):
        out[PST_COLUMNS + 1 + k] = red_c[k] - black_c[k]
