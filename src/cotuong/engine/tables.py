"""The board geometry, piece values (for move ordering and exchanges) and Zobrist keys as
NumPy arrays; the evaluation's weights are data (:mod:`cotuong.engine.weights`).

The geometry and the keys are the core's (:mod:`cotuong.core.tables`), laid out as
fixed-width arrays for compiled code: one implementation of each, so the engine and the
rules can never disagree on a move or a key. Built once at import with NumPy only (no
Numba compile), so importing the engine package stays cheap. Squares are
``rank * 9 + file`` (rank 0 = Red's back rank), as in :mod:`cotuong.core`; a piece code
is ``+kind`` for Red and ``-kind`` for Black with the kinds of
:class:`cotuong.core.types.PieceType` (KING=1 … PAWN=7). Colour-indexed tables use index
0 for Red and 1 for Black (the core's use the sign, +1 and -1).

>>> int(HORSE_N[0]), int(KING_N[4]), int(PAWN_N[0, 27])
(2, 3, 1)
>>> from cotuong import Board
>>> board = Board()
>>> key = 0
>>> for sq, code in enumerate(board.squares):
...     key ^= int(ZOBRIST[code + 7, sq]) if code else 0
>>> key == _signed(board.key)
True
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np
import numpy.typing as npt

from cotuong.core import tables as core

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
T = TypeVar("T")

KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN = 1, 2, 3, 4, 5, 6, 7

# Material in centipawns for ordering captures and exchanges (the evaluation has its own).
VALUE = np.array([0, 0, 120, 120, 400, 900, 450, 100], dtype=np.int32)
VALUE[KING] = 0
# Rook 9, cannon 4.5, horse 4, advisor and elephant 1.2 pawns.

# MVV/LVA ordering values (king as attacker ranks cheapest-but-last: it rarely captures).
ORDER_VALUE = np.array([0, 50, 2, 2, 4, 9, 5, 1], dtype=np.int32)


def _build_rays() -> tuple[I32, I32]:
    """RAY[sq, d, i]: the i-th square outward from sq in direction d (N, S, E, W)."""
    ray = np.full((90, 4, 9), -1, dtype=np.int32)
    ray_len = np.zeros((90, 4), dtype=np.int32)
    for s, lines in enumerate(core.RAYS):
        for d, line in enumerate(lines):
            ray[s, d, :len(line)] = line
            ray_len[s, d] = len(line)
    return ray, ray_len


def _pairs(table: core.PairTable, width: int) -> tuple[I32, I32, I32]:
    """(square, by-square, count) arrays of a table of (square, leg or eye) pairs."""
    to = np.full((90, width), -1, dtype=np.int32)
    via = np.full((90, width), -1, dtype=np.int32)
    n = np.zeros(90, dtype=np.int32)
    for s, pairs in enumerate(table):
        for i, (t, v) in enumerate(pairs):
            to[s, i], via[s, i] = t, v
        n[s] = len(pairs)
    return to, via, n


def _squares(table: core.Table, width: int) -> tuple[I32, I32]:
    """(square, count) arrays of a table of squares."""
    to = np.full((90, width), -1, dtype=np.int32)
    n = np.zeros(90, dtype=np.int32)
    for s, targets in enumerate(table):
        to[s, :len(targets)] = targets
        n[s] = len(targets)
    return to, n


def _both_sides(by_side: tuple[tuple[tuple[T, ...], ...], ...]) -> tuple[tuple[T, ...], ...]:
    """One table for both colours of a piece that never leaves its side's palace or half
    (the square tells whose it is)."""
    return tuple(red + black for red, black in zip(by_side[1], by_side[-1], strict=True))


def _by_colour(by_side: tuple[core.Table, core.Table, core.Table]) -> tuple[I32, I32]:
    """A pawn table indexed [colour, sq, i] (0 Red, 1 Black) from the core's [side][sq]."""
    (red, red_n), (black, black_n) = _squares(by_side[1], 3), _squares(by_side[-1], 3)
    return np.stack([red, black]), np.stack([red_n, black_n])


def _signed(key: int) -> int:
    """A 64-bit key as the int64 with the same bits (NumPy and Numba hold int64)."""
    return key - (1 << 64) if key >= 1 << 63 else key


RAY, RAY_LEN = _build_rays()
HORSE_TO, HORSE_LEG, HORSE_N = _pairs(core.HORSE, 8)
HORSE_AFROM, HORSE_ALEG, HORSE_AN = _pairs(core.HORSE_FROM, 8)
KING_TO, KING_N = _squares(_both_sides(core.KING), 4)
ADVISOR_TO, ADVISOR_N = _squares(_both_sides(core.ADVISOR), 4)
ELEPHANT_TO, ELEPHANT_EYE, ELEPHANT_N = _pairs(_both_sides(core.ELEPHANT), 4)
PAWN_TO, PAWN_N = _by_colour(core.PAWN)
PAWN_AFROM, PAWN_AN = _by_colour(core.PAWN_FROM)
# The core's keys, so an engine position and a Board of the same position share a key.
ZOBRIST: I64 = np.array(core.ZOBRIST, dtype=np.uint64).view(np.int64)
ZOBRIST_SIDE: int = _signed(core.ZOBRIST_SIDE)
