"""Precomputed geometry, piece values (for move ordering and exchanges) and Zobrist keys as
NumPy arrays; the evaluation's weights are data (:mod:`cotuong.engine.weights`).

Built once at import with NumPy only (no Numba compile), so importing the engine package
stays cheap. Squares are ``rank * 9 + file`` (rank 0 = Red's back rank), exactly as in
:mod:`cotuong.core`; a piece code is ``+kind`` for Red and ``-kind`` for Black with the
kinds of :class:`cotuong.core.types.PieceType` (KING=1 … PAWN=7). Colour-indexed tables use
index 0 for Red and 1 for Black.

>>> int(HORSE_N[0]), int(KING_N[4]), int(PAWN_N[0, 27])
(2, 3, 1)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]

KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN = 1, 2, 3, 4, 5, 6, 7

# Material in centipawns for ordering captures and exchanges (the evaluation has its own).
VALUE = np.array([0, 0, 120, 120, 400, 900, 450, 100], dtype=np.int32)
VALUE[KING] = 0
# Rook 9, cannon 4.5, horse 4, advisor and elephant 1.2 pawns.

# MVV/LVA ordering values (king as attacker ranks cheapest-but-last: it rarely captures).
ORDER_VALUE = np.array([0, 50, 2, 2, 4, 9, 5, 1], dtype=np.int32)


def _sq(f: int, r: int) -> int:
    return r * 9 + f


def _on(f: int, r: int) -> bool:
    return 0 <= f < 9 and 0 <= r < 10


def _in_palace(f: int, r: int) -> bool:
    return 3 <= f <= 5 and (r <= 2 or r >= 7)


def _build_rays() -> tuple[I32, I32]:
    """RAY[sq, d, i]: the i-th square outward from sq in direction d (N, S, E, W)."""
    ray = np.full((90, 4, 9), -1, dtype=np.int32)
    ray_len = np.zeros((90, 4), dtype=np.int32)
    for s in range(90):
        f, r = s % 9, s // 9
        for d, (df, dr) in enumerate(((0, 1), (0, -1), (1, 0), (-1, 0))):
            nf, nr, n = f + df, r + dr, 0
            while _on(nf, nr):
                ray[s, d, n] = _sq(nf, nr)
                n += 1
                nf, nr = nf + df, nr + dr
            ray_len[s, d] = n
    return ray, ray_len


def _build_horse() -> tuple[I32, I32, I32, I32, I32, I32]:
    """Horse moves (to, leg) from each square, and horse attackers (from, leg) of each square."""
    to = np.full((90, 8), -1, dtype=np.int32)
    leg = np.full((90, 8), -1, dtype=np.int32)
    n = np.zeros(90, dtype=np.int32)
    afrom = np.full((90, 8), -1, dtype=np.int32)
    aleg = np.full((90, 8), -1, dtype=np.int32)
    an = np.zeros(90, dtype=np.int32)
    for s in range(90):
        f, r = s % 9, s // 9
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            tf, tr = f + df, r + dr
            if not _on(tf, tr):
                continue
            # The leg is the orthogonal neighbour of the horse in the direction of the long step.
            lg = _sq(f, r + dr // 2) if abs(dr) == 2 else _sq(f + df // 2, r)
            t = _sq(tf, tr)
            to[s, n[s]] = t
            leg[s, n[s]] = lg
            n[s] += 1
            afrom[t, an[t]] = s
            aleg[t, an[t]] = lg
            an[t] += 1
    return to, leg, n, afrom, aleg, an


def _build_steps(kind: int) -> tuple[I32, I32, I32]:
    """(to, eye, count) for king, advisor and elephant; eye is the elephant's blocking point."""
    to = np.full((90, 4), -1, dtype=np.int32)
    eye = np.full((90, 4), -1, dtype=np.int32)
    n = np.zeros(90, dtype=np.int32)
    for s in range(90):
        f, r = s % 9, s // 9
        if kind == KING:
            deltas = ((0, 1), (0, -1), (1, 0), (-1, 0))
        elif kind == ADVISOR:
            deltas = ((1, 1), (1, -1), (-1, 1), (-1, -1))
        else:
            deltas = ((2, 2), (2, -2), (-2, 2), (-2, -2))
        for df, dr in deltas:
            tf, tr = f + df, r + dr
            if not _on(tf, tr):
                continue
            if kind in (KING, ADVISOR):
                # The palace a piece lives in is fixed by its own square.
                if not (_in_palace(f, r) and _in_palace(tf, tr) and (r <= 2) == (tr <= 2)):
                    continue
            elif (r <= 4) != (tr <= 4):  # elephants never cross the river
                continue
            to[s, n[s]] = _sq(tf, tr)
            eye[s, n[s]] = _sq(f + df // 2, r + dr // 2)
            n[s] += 1
    return to, eye, n


def _build_pawn() -> tuple[I32, I32, I32, I32]:
    """PAWN_TO[c, sq, i]: moves of a pawn of colour c; PAWN_AFROM[c, sq, i]: its attackers of sq."""
    to = np.full((2, 90, 3), -1, dtype=np.int32)
    n = np.zeros((2, 90), dtype=np.int32)
    afrom = np.full((2, 90, 3), -1, dtype=np.int32)
    an = np.zeros((2, 90), dtype=np.int32)
    for c, fwd in ((0, 1), (1, -1)):
        for s in range(90):
            f, r = s % 9, s // 9
            crossed = r >= 5 if c == 0 else r <= 4
            targets = [(f, r + fwd)]
            if crossed:
                targets += [(f - 1, r), (f + 1, r)]
            for tf, tr in targets:
                if _on(tf, tr):
                    t = _sq(tf, tr)
                    to[c, s, n[c, s]] = t
                    n[c, s] += 1
                    afrom[c, t, an[c, t]] = s
                    an[c, t] += 1
    return to, n, afrom, an


def _build_zobrist() -> tuple[I64, int]:
    # A fixed seed keeps keys identical across processes (the TT never leaves a process,
    # but reproducible keys make bugs reproducible).
    rng = np.random.default_rng(0x5EED_C07)
    z = rng.integers(1, 2**62, size=(15, 90), dtype=np.int64)
    side = int(rng.integers(1, 2**62, dtype=np.int64))
    return z, side


RAY, RAY_LEN = _build_rays()
HORSE_TO, HORSE_LEG, HORSE_N, HORSE_AFROM, HORSE_ALEG, HORSE_AN = _build_horse()
KING_TO, _KING_EYE, KING_N = _build_steps(KING)
ADVISOR_TO, _ADVISOR_EYE, ADVISOR_N = _build_steps(ADVISOR)
ELEPHANT_TO, ELEPHANT_EYE, ELEPHANT_N = _build_steps(ELEPHANT)
PAWN_TO, PAWN_N, PAWN_AFROM, PAWN_AN = _build_pawn()
ZOBRIST, ZOBRIST_SIDE = _build_zobrist()
