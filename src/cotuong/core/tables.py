"""Precomputed move tables, built once at import from the geometry of the board.

All tables are tuples indexed by square (0..89, ``rank * 9 + file``); colour-
dependent tables are indexed ``[side]`` with ``side`` = +1 (Red) or -1 (Black),
so ``TABLE[-1]`` is Black's (a 3-element tuple with index 0 unused).
Generation walks these tuples instead of computing coordinates, which is the
cheapest thing plain CPython can do per move.
"""

from __future__ import annotations

import random

Table = tuple[tuple[int, ...], ...]
PairTable = tuple[tuple[tuple[int, int], ...], ...]


def _sq(f: int, r: int) -> int:
    return r * 9 + f


def _on_board(f: int, r: int) -> bool:
    return 0 <= f < 9 and 0 <= r < 10


def _in_palace(side: int, f: int, r: int) -> bool:
    if not 3 <= f <= 5:
        return False
    return 0 <= r <= 2 if side > 0 else 7 <= r <= 9


def _own_half(side: int, r: int) -> bool:
    return r <= 4 if side > 0 else r >= 5


def _build_rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """RAYS[sq] = (north, south, east, west) lists of squares outward from sq."""
    rays = []
    for s in range(90):
        f, r = s % 9, s // 9
        dirs = []
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            line = []
            nf, nr = f + df, r + dr
            while _on_board(nf, nr):
                line.append(_sq(nf, nr))
                nf, nr = nf + df, nr + dr
            dirs.append(tuple(line))
        rays.append(tuple(dirs))
    return tuple(rays)


def _build_horse() -> tuple[PairTable, PairTable]:
    """(moves, attackers): HORSE[sq] = (to, leg); HORSE_FROM[sq] = (from, leg)."""
    moves: list[list[tuple[int, int]]] = [[] for _ in range(90)]
    attackers: list[list[tuple[int, int]]] = [[] for _ in range(90)]
    for s in range(90):
        f, r = s % 9, s // 9
        for df, dr in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
            tf, tr = f + df, r + dr
            if not _on_board(tf, tr):
                continue
            # The leg is the orthogonal neighbour in the direction of the long step.
            leg = _sq(f, r + dr // 2) if abs(dr) == 2 else _sq(f + df // 2, r)
            moves[s].append((_sq(tf, tr), leg))
            attackers[_sq(tf, tr)].append((s, leg))
    return tuple(tuple(x) for x in moves), tuple(tuple(x) for x in attackers)


def _build_elephant(side: int) -> PairTable:
    out = []
    for s in range(90):
        f, r = s % 9, s // 9
        lst = []
        if _own_half(side, r):
            for df, dr in ((2, 2), (2, -2), (-2, 2), (-2, -2)):
                tf, tr = f + df, r + dr
                if _on_board(tf, tr) and _own_half(side, tr):
                    lst.append((_sq(tf, tr), _sq(f + df // 2, r + dr // 2)))
        out.append(tuple(lst))
    return tuple(out)


def _build_advisor(side: int) -> Table:
    out = []
    for s in range(90):
        f, r = s % 9, s // 9
        lst = []
        if _in_palace(side, f, r):
            for df, dr in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                if _in_palace(side, f + df, r + dr):
                    lst.append(_sq(f + df, r + dr))
        out.append(tuple(lst))
    return tuple(out)


def _build_king(side: int) -> Table:
    out = []
    for s in range(90):
        f, r = s % 9, s // 9
        lst = []
        if _in_palace(side, f, r):
            for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                if _in_palace(side, f + df, r + dr):
                    lst.append(_sq(f + df, r + dr))
        out.append(tuple(lst))
    return tuple(out)


def _build_pawn(side: int) -> Table:
    out = []
    for s in range(90):
        f, r = s % 9, s // 9
        lst = []
        if _on_board(f, r + side):
            lst.append(_sq(f, r + side))
        if not _own_half(side, r):
            for df in (-1, 1):
                if _on_board(f + df, r):
                    lst.append(_sq(f + df, r))
        out.append(tuple(lst))
    return tuple(out)


def _invert(table: Table) -> Table:
    inv: list[list[int]] = [[] for _ in range(90)]
    for s, targets in enumerate(table):
        for t in targets:
            inv[t].append(s)
    return tuple(tuple(x) for x in inv)


def _reachable(starts: tuple[int, ...], table: Table) -> frozenset[int]:
    """Squares a piece can ever stand on: reachable from its start squares."""
    seen = set(starts)
    todo = list(starts)
    while todo:
        for t in table[todo.pop()]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return frozenset(seen)


RAYS = _build_rays()
HORSE, HORSE_FROM = _build_horse()

_E_RED, _E_BLACK = _build_elephant(1), _build_elephant(-1)
_A_RED, _A_BLACK = _build_advisor(1), _build_advisor(-1)
_K_RED, _K_BLACK = _build_king(1), _build_king(-1)
_P_RED, _P_BLACK = _build_pawn(1), _build_pawn(-1)

ELEPHANT: tuple[PairTable, PairTable, PairTable] = ((), _E_RED, _E_BLACK)
ADVISOR: tuple[Table, Table, Table] = ((), _A_RED, _A_BLACK)
KING: tuple[Table, Table, Table] = ((), _K_RED, _K_BLACK)
PAWN: tuple[Table, Table, Table] = ((), _P_RED, _P_BLACK)
# PAWN_FROM[side][sq]: squares from which a pawn of `side` attacks sq.
PAWN_FROM: tuple[Table, Table, Table] = ((), _invert(_P_RED), _invert(_P_BLACK))

# Squares each piece kind can legally stand on, per side (for setup validation).
KING_POINTS = (frozenset[int](), _reachable((4,), _K_RED), _reachable((85,), _K_BLACK))
ADVISOR_POINTS = (frozenset[int](), _reachable((3, 5), _A_RED), _reachable((84, 86), _A_BLACK))
ELEPHANT_POINTS = (
    frozenset[int](),
    _reachable((2, 6), tuple(tuple(t for t, _ in m) for m in _E_RED)),
    _reachable((83, 87), tuple(tuple(t for t, _ in m) for m in _E_BLACK)),
)
# Pawns: never behind their start rank; on their own half only on files a, c, e, g, i.
PAWN_POINTS = (
    frozenset[int](),
    frozenset(
        s for s in range(90)
        if (s // 9 >= 5) or (s // 9 in (3, 4) and s % 9 in (0, 2, 4, 6, 8))
    ),
    frozenset(
        s for s in range(90)
        if (s // 9 <= 4) or (s // 9 in (5, 6) and s % 9 in (0, 2, 4, 6, 8))
    ),
)

# Zobrist keys: fixed seed, so keys are the same in every process (for stored games).
_rng = random.Random(0x58514951)
ZOBRIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(_rng.getrandbits(64) for _ in range(90)) for _ in range(15)
)  # index: piece code + 7 (codes -7..7; row 7 unused)
ZOBRIST_SIDE: int = _rng.getrandbits(64)
del _rng
