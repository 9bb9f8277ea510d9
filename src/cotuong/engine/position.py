"""The engine's compact position and its compiled move generator, make/unmake and perft.

A position is a tuple of NumPy arrays (Numba passes it to compiled code by reference):

* ``b``      int8[90]  piece codes (+kind Red, -kind Black, 0 empty), as ``Board.squares``;
* ``sqid``   int8[90]  id of the piece on each square or -1 (Red 0..15, Black 16..31, king first);
* ``plist``  int32[32] square of each piece id or -1 once captured;
* ``st``     int64[24] scalars: side to move (0 Red, 1 Black), Zobrist key, incremental
  material+PST score (Red's view) for the middlegame ``st[2]`` and the endgame ``st[4]``,
  history index, and piece counts ``st[8 + 8*side + kind]``;
* ``hkeys``  int64[H]  Zobrist key of every position of the game and of the search path;
* ``hinfo``  int32[H]  per position: bit 1 = side to move is in check, bit 2 = reached by a
  capture or a null move (repetition cannot cross it); bits 8 and up = the move that led to
  it (0 for a null move or the root), so a repetition cycle can be replayed (perpetual chase);
* ``pst``    int32[2, 15, 90] and ``terms`` int32[21]: the evaluation's weights
  (:mod:`cotuong.engine.weights`), read only — with a learnt network, ``terms`` goes on
  with the network's weights and its accumulator stack (:mod:`cotuong.engine.nnue`;
  ``st[6]`` is then 1, ``st[5]`` the current slot, ``st[7]`` and ``st[24..28]`` its sizes).

Moves are ints ``from << 7 | to`` (the rules core's internal code). Nothing here is compiled
at import: every ``@njit(cache=True)`` function compiles on first call and is cached on disk.

>>> from cotuong.engine.position import position_from_fen, perft
>>> pos = position_from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
>>> perft(pos, 2)
1920
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from cotuong.core import Board, Move
from cotuong.engine.exchange import attacked
from cotuong.engine.nnue import ST_SIZE, NnueNet, acc_move, acc_refresh, eval_data, keep_slot_zero
from cotuong.engine.tables import (
    ADVISOR_N,
    ADVISOR_TO,
    ELEPHANT_EYE,
    ELEPHANT_N,
    ELEPHANT_TO,
    HORSE_LEG,
    HORSE_N,
    HORSE_TO,
    KING_N,
    KING_TO,
    PAWN_N,
    PAWN_TO,
    RAY,
    RAY_LEN,
    ZOBRIST,
    ZOBRIST_SIDE,
)
from cotuong.engine.weights import EvalWeights, default_weights

Position = tuple[Any, Any, Any, Any, Any, Any, Any, Any]

ST_SIDE, ST_KEY, ST_EVAL, ST_HPLY, ST_EVAL_EG = 0, 1, 2, 3, 4
ST_COUNT = 8  # st[ST_COUNT + 8 * side + kind]
HISTORY_SIZE = 1536  # game plies + search path; longer games keep only the recent part
MAX_MOVES = 160  # more than the most pseudo-legal moves any xiangqi position has (about 120)
IN_CHECK, IRREVERSIBLE = 1, 2
_SEARCH_ROOM = 400  # history slots kept free for the search path (max ply 128 + null moves)


@njit(cache=True, nogil=True)
def in_check(pos: Position, side: int) -> bool:
    b, _sqid, plist, _st, _hk, _hi, _pst, _terms = pos
    return attacked(b, plist[side * 16], 1 - side)


@njit(cache=True, nogil=True)
def generate(pos: Position, out: Any, captures_only: bool) -> int:
    """Write the pseudo-legal moves of the side to move into ``out``; return their count."""
    b, _sqid, plist, st, _hk, _hi, _pst, _terms = pos
    side = st[0]
    sign = 1 - 2 * side
    n = 0
    for pid in range(side * 16, side * 16 + 16):
        fr = plist[pid]
        if fr < 0:
            continue
        kind = b[fr] * sign
        if kind == 5 or kind == 6:
            for d in range(4):
                ln = RAY_LEN[fr, d]
                i = 0
                while i < ln:
                    t = RAY[fr, d, i]
                    if b[t] != 0:
                        break
                    if not captures_only:
                        out[n] = (fr << 7) | t
                        n += 1
                    i += 1
                if i == ln:
                    continue
                if kind == 5:
                    t = RAY[fr, d, i]
                    if b[t] * sign < 0:
                        out[n] = (fr << 7) | t
                        n += 1
                else:
                    i += 1  # jump the screen
                    while i < ln and b[RAY[fr, d, i]] == 0:
                        i += 1
                    if i < ln:
                        t = RAY[fr, d, i]
                        if b[t] * sign < 0:
                            out[n] = (fr << 7) | t
                            n += 1
        elif kind == 4:
            for k in range(HORSE_N[fr]):
                t = HORSE_TO[fr, k]
                if b[HORSE_LEG[fr, k]] == 0:
                    v = b[t] * sign
                    if v < 0 or (v == 0 and not captures_only):
                        out[n] = (fr << 7) | t
                        n += 1
        elif kind == 7:
            for k in range(PAWN_N[side, fr]):
                t = PAWN_TO[side, fr, k]
                v = b[t] * sign
                if v < 0 or (v == 0 and not captures_only):
                    out[n] = (fr << 7) | t
                    n += 1
        elif kind == 3:
            for k in range(ELEPHANT_N[fr]):
                t = ELEPHANT_TO[fr, k]
                if b[ELEPHANT_EYE[fr, k]] == 0:
                    v = b[t] * sign
                    if v < 0 or (v == 0 and not captures_only):
                        out[n] = (fr << 7) | t
                        n += 1
        elif kind == 2:
            for k in range(ADVISOR_N[fr]):
                t = ADVISOR_TO[fr, k]
                v = b[t] * sign
                if v < 0 or (v == 0 and not captures_only):
                    out[n] = (fr << 7) | t
                    n += 1
        else:
            for k in range(KING_N[fr]):
                t = KING_TO[fr, k]
                v = b[t] * sign
                if v < 0 or (v == 0 and not captures_only):
                    out[n] = (fr << 7) | t
                    n += 1
    return n


@njit(cache=True, nogil=True)
def make(pos: Position, m: int) -> int:
    """Play move ``m`` (pseudo-legal); return the undo token for :func:`unmake`."""
    b, sqid, plist, st, hkeys, hinfo, pst, data = pos
    fr = m >> 7
    to = m & 127
    p = b[fr]
    c = b[to]
    pid = sqid[fr]
    cid = sqid[to]
    key = st[1] ^ ZOBRIST[p + 7, fr] ^ ZOBRIST[p + 7, to] ^ ZOBRIST_SIDE
    ev = st[2] + pst[0, p + 7, to] - pst[0, p + 7, fr]
    ev_eg = st[4] + pst[1, p + 7, to] - pst[1, p + 7, fr]
    if c != 0:
        key ^= ZOBRIST[c + 7, to]
        ev -= pst[0, c + 7, to]
        ev_eg -= pst[1, c + 7, to]
        plist[cid] = -1
        if c > 0:
            st[8 + c] -= 1
        else:
            st[16 - c] -= 1
    b[to] = p
    b[fr] = 0
    sqid[to] = pid
    sqid[fr] = -1
    plist[pid] = to
    if st[6] != 0:  # ST_NN: the learnt evaluation's accumulators
        acc_move(st, data, p, fr, to, c)
    st[0] ^= 1
    st[1] = key
    st[2] = ev
    st[4] = ev_eg
    h = st[3] + 1  # play_codes keeps room for the search path (see HISTORY_SIZE)
    st[3] = h
    hkeys[h] = key
    hinfo[h] = (m << 8) | (2 if c != 0 else 0)
    return int(((cid + 1) << 8) | (c + 8))


@njit(cache=True, nogil=True)
def unmake(pos: Position, m: int, undo: int) -> None:
    b, sqid, plist, st, hkeys, _hi, pst, _terms = pos
    fr = m >> 7
    to = m & 127
    p = b[to]
    c = (undo & 255) - 8
    cid = (undo >> 8) - 1
    pid = sqid[to]
    b[fr] = p
    b[to] = c
    sqid[fr] = pid
    sqid[to] = cid
    plist[pid] = fr
    ev = st[2] - pst[0, p + 7, to] + pst[0, p + 7, fr]
    ev_eg = st[4] - pst[1, p + 7, to] + pst[1, p + 7, fr]
    if c != 0:
        ev += pst[0, c + 7, to]
        ev_eg += pst[1, c + 7, to]
        plist[cid] = to
        if c > 0:
            st[8 + c] += 1
        else:
            st[16 - c] += 1
    if st[6] != 0:
        st[5] -= 1  # ST_ACC: pop the accumulators
    st[0] ^= 1
    st[2] = ev
    st[4] = ev_eg
    st[3] -= 1
    st[1] = hkeys[st[3]]


@njit(cache=True, nogil=True)
def make_null(pos: Position) -> None:
    _b, _sqid, _plist, st, hkeys, hinfo, _pst, _terms = pos
    st[0] ^= 1
    st[1] ^= ZOBRIST_SIDE
    h = st[3] + 1
    st[3] = h
    hkeys[h] = st[1]
    hinfo[h] = 2


@njit(cache=True, nogil=True)
def unmake_null(pos: Position) -> None:
    _b, _sqid, _plist, st, hkeys, _hi, _pst, _terms = pos
    st[0] ^= 1
    st[3] -= 1
    st[1] = hkeys[st[3]]


@njit(cache=True, nogil=True)
def legal_moves(pos: Position) -> Any:
    """All legal moves of the side to move, as an int32 array of move codes."""
    buf = np.empty(MAX_MOVES, dtype=np.int32)
    n = generate(pos, buf, False)
    out = np.empty(n, dtype=np.int32)
    k = 0
    side = pos[3][0]
    for i in range(n):
        u = make(pos, buf[i])
        if not in_check(pos, side):
            out[k] = buf[i]
            k += 1
        unmake(pos, buf[i], u)
    return out[:k]


@njit(cache=True, nogil=True)
def _perft(pos: Position, depth: int, bufs: Any) -> int:
    buf = bufs[depth]
    n = generate(pos, buf, False)
    side = pos[3][0]
    total = 0
    for i in range(n):
        m = buf[i]
        u = make(pos, m)
        if not in_check(pos, side):
            total += 1 if depth == 1 else _perft(pos, depth - 1, bufs)
        unmake(pos, m, u)
    return total


def perft(pos: Position, depth: int) -> int:
    """Count legal move paths of ``depth`` plies from ``pos`` (the position is left unchanged)."""
    if depth < 1:
        return 1
    bufs = np.empty((depth + 1, MAX_MOVES), dtype=np.int32)
    return int(_perft(pos, depth, bufs))


def position_from_board(board: Board, weights: EvalWeights | None = None,
                        net: NnueNet | None = None) -> Position:
    """The engine position of ``board`` (placement and side only; history starts here),
    evaluated with ``weights`` (default: the shipped ones), or by the learnt network
    ``net`` when one is given (:mod:`cotuong.engine.nnue`). Without ``net`` the position
    has the hand-written evaluation: :class:`~cotuong.engine.BuiltinEngine`, whose default
    is the shipped network, passes its own."""
    w = weights or default_weights()
    codes = board.squares
    b = np.array(codes, dtype=np.int8)
    sqid = np.full(90, -1, dtype=np.int8)
    plist = np.full(32, -1, dtype=np.int32)
    st = np.zeros(ST_SIZE, dtype=np.int64)
    next_id = [1, 17]  # ids 0 and 16 are the kings: the king square is then plist[16 * side]
    key = 0
    ev = ev_eg = 0
    for sq, code in enumerate(codes):
        if code == 0:
            continue
        side = 0 if code > 0 else 1
        if abs(code) == 1:
            pid = 16 * side
        else:
            pid = next_id[side]
            next_id[side] += 1
        sqid[sq] = pid
        plist[pid] = sq
        st[ST_COUNT + 8 * side + abs(code)] += 1
        key ^= int(ZOBRIST[code + 7, sq])
        ev += int(w.pst[0, code + 7, sq])
        ev_eg += int(w.pst[1, code + 7, sq])
    st[ST_SIDE] = 0 if board.turn.sign > 0 else 1
    if st[ST_SIDE] == 1:
        key ^= ZOBRIST_SIDE
    st[ST_KEY] = key
    st[ST_EVAL] = ev
    st[ST_EVAL_EG] = ev_eg
    hkeys = np.zeros(HISTORY_SIZE, dtype=np.int64)
    hinfo = np.zeros(HISTORY_SIZE, dtype=np.int32)
    hkeys[0] = key
    hinfo[0] = IRREVERSIBLE
    data = eval_data(w.terms, st, net)
    acc_refresh(b, st, data)
    pos: Position = (b, sqid, plist, st, hkeys, hinfo, w.pst, data)
    if board.is_check():
        hinfo[0] |= IN_CHECK
    return pos


def position_from_fen(fen: str, weights: EvalWeights | None = None,
                      net: NnueNet | None = None) -> Position:
    """Validate ``fen`` with the rules core and build the engine position."""
    return position_from_board(Board(fen), weights, net)


def play_codes(pos: Position, codes: Sequence[int]) -> None:
    """Play already-validated move codes on ``pos``, recording check flags for repetition."""
    st, hkeys, hinfo = pos[3], pos[4], pos[5]
    for m in codes:
        if st[ST_HPLY] >= HISTORY_SIZE - _SEARCH_ROOM:
            # Very long game: forget the oldest half (repetition only looks back a few
            # dozen plies in practice) so the search path always fits.
            half = HISTORY_SIZE // 2
            hkeys[: HISTORY_SIZE - half] = hkeys[half:].copy()
            hinfo[: HISTORY_SIZE - half] = hinfo[half:].copy()
            hinfo[0] |= IRREVERSIBLE
            st[ST_HPLY] -= half
        make(pos, m)
        keep_slot_zero(pos)  # the game's moves are not unmade: the search needs the room
        if in_check(pos, int(st[ST_SIDE])):
            hinfo[st[ST_HPLY]] |= IN_CHECK


def move_code(move: Move) -> int:
    return (move.from_square << 7) | move.to_square


def code_iccs(m: int) -> str:
    return Move(m >> 7, m & 127).iccs
