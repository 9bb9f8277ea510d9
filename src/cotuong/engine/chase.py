"""Repetition inside the search, with perpetual check **and perpetual chase** (compiled).

A node whose position occurred before on the game or search path (same side to move, no
capture or null move in between) ends the line. The cycle's moves are read back from the
position's history (``hinfo[k] >> 8`` is the move that led to position ``k``) and each side
is classified as the referee does (``cotuong.referee.repetition``): **check** if every one
of its moves in the cycle gave check, **chase** if one enemy piece (followed by its id) is
newly chased by every one of its moves, otherwise **idle**. The rule set decides:

* ``levels`` (``asian``): check > chase > idle, the higher level loses, equal levels draw;
* ``forcing`` (``xiangqiplay``): exactly one forcing side (check or chase) loses.

A *threat* is the referee's (``cotuong.referee.facts``): a legal capture by a piece that is
no king or pawn, of a piece that is no king and no uncrossed pawn, that is not a like-for-like
exchange the victim can take back, and whose victim has no legal recapture — unless the rule
set counts a horse or cannon on a rook (``RULE_STRONGER``) or an advisor or elephant on a
rook, horse or cannon (``RULE_MINOR``) as a chase anyway. The referee's refinements for a
protecting cannon whose screen left (a defence is no chase) and for a king already in check
are approximated: this test runs at every repeated node of the search, so it is the cheap
equivalent of the facts, checked against them on the test positions
(``tests/engine/test_rules_search.py``).

The engine rules at the first recurrence (a line that repeats once inside a search will
repeat again); the referee at the third.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from cotuong.engine.position import MAX_MOVES, generate, in_check, make, unmake
from cotuong.engine.rules import RULE_LEVELS, RULE_MINOR, RULE_STRONGER

# Results of :func:`repetition`.
REP_NONE, REP_DRAW, REP_WIN, REP_LOSS = 0, 1, 2, 3

_KING, _ADVISOR, _ELEPHANT, _HORSE, _ROOK, _CANNON, _PAWN = 1, 2, 3, 4, 5, 6, 7


@njit(cache=True, nogil=True)
def _crossed(sq: int, side: int) -> bool:
    """Has a pawn of ``side`` (0 Red, 1 Black) on ``sq`` crossed the river?"""
    return sq // 9 >= 5 if side == 0 else sq // 9 <= 4


@njit(cache=True, nogil=True)
def _legal(scr: Any, m: int, side: int, was_checked: bool) -> bool:
    """Is the capture ``m`` of ``side`` legal (a check already on the board excused)?"""
    u = make(scr, m)
    ok = was_checked or not in_check(scr, side)
    unmake(scr, m, u)
    return ok


@njit(cache=True, nogil=True)
def _protected(scr: Any, to: int, owner: int, was_checked: bool, buf: Any) -> bool:
    """Can ``owner`` (to move in ``scr``) legally take back on ``to``?"""
    n = generate(scr, buf, True)
    for i in range(n):
        m = buf[i]
        if (m & 127) == to and _legal(scr, m, owner, was_checked):
            return True
    return False


@njit(cache=True, nogil=True)
def threats(scr: Any, side: int, flags: int, out: Any) -> None:
    """``out[a]`` = bit mask of the victim ids that ``side``'s piece ``a`` chases in ``scr``
    ("if ``side`` were to move now"). ``scr`` is a scratch position; it is left as found."""
    b, sqid, st = scr[0], scr[1], scr[3]
    for a in range(32):
        out[a] = 0
    saved = st[0]
    opp = 1 - side
    sign = 1 - 2 * side
    own_checked = in_check(scr, side)
    opp_checked = in_check(scr, opp)
    buf = np.empty(MAX_MOVES, dtype=np.int32)
    obuf = np.empty(MAX_MOVES, dtype=np.int32)
    rbuf = np.empty(MAX_MOVES, dtype=np.int32)
    st[0] = opp
    no = generate(scr, obuf, True)
    st[0] = side
    n = generate(scr, buf, True)
    for i in range(n):
        m = buf[i]
        fr = m >> 7
        to = m & 127
        kind = b[fr] * sign
        vkind = -b[to] * sign
        if kind in (_KING, _PAWN) or vkind == _KING:
            continue
        if vkind == _PAWN and not _crossed(to, opp):
            continue
        if not _legal(scr, m, side, own_checked):
            continue
        if kind == vkind:
            back = (to << 7) | fr
            offer = False
            for j in range(no):
                if obuf[j] == back:
                    st[0] = opp
                    offer = _legal(scr, back, opp, opp_checked)
                    st[0] = side
                    break
            if offer:
                continue  # an exchange offer the victim can accept
        stronger = (flags & RULE_STRONGER) != 0 and vkind == _ROOK and kind in (_HORSE, _CANNON)
        minor = (flags & RULE_MINOR) != 0 and kind in (_ADVISOR, _ELEPHANT) and \
            vkind in (_ROOK, _HORSE, _CANNON)
        if stronger or minor:
            chase = True
        else:
            u = make(scr, m)  # now ``opp`` is to move
            chase = not _protected(scr, to, opp, opp_checked, rbuf)
            unmake(scr, m, u)
        if chase:
            out[sqid[fr]] |= np.int64(1) << sqid[to]
    st[0] = saved


@njit(cache=True, nogil=True)
def _quiet_move(scr: Any, fr: int, to: int) -> None:
    b, sqid, plist = scr[0], scr[1], scr[2]
    pid = sqid[fr]
    b[to] = b[fr]
    b[fr] = 0
    sqid[to] = pid
    sqid[fr] = -1
    plist[pid] = to


@njit(cache=True, nogil=True)
def cycle_chases(pos: Any, i: int, h: int, flags: int) -> tuple[bool, bool]:
    """Over the cycle of the moves ``i+1..h`` (no capture among them): does the side that
    made the move ``h`` chase, and does the other side? (One victim in every move.)"""
    b, sqid, plist, st, _hk, hinfo, pst, terms = pos
    sst = st.copy()
    sst[3] = 0
    sst[6] = 0  # ST_NN: no accumulators on the scratch board
    scr = (b.copy(), sqid.copy(), plist.copy(), sst, np.zeros(8, dtype=np.int64),
           np.zeros(8, dtype=np.int32), pst, terms)
    for k in range(h, i, -1):  # rewind to position i
        m = hinfo[k] >> 8
        if m == 0:
            return False, False
        _quiet_move(scr, m & 127, m >> 7)
    common = np.full(2, -1, dtype=np.int64)
    before = np.zeros(32, dtype=np.int64)
    after = np.zeros(32, dtype=np.int64)
    sb = scr[0]
    for k in range(i + 1, h + 1):
        m = hinfo[k] >> 8
        fr = m >> 7
        to = m & 127
        mover = 0 if sb[fr] > 0 else 1
        c = (h - k) & 1  # 0: a move of the side that moved last
        if common[c] == 0:
            _quiet_move(scr, fr, to)
            continue
        threats(scr, mover, flags, before)
        _quiet_move(scr, fr, to)
        threats(scr, mover, flags, after)
        new = np.int64(0)
        for a in range(32):
            new |= after[a] & ~before[a]
        common[c] &= new
    return bool(common[0] != 0), bool(common[1] != 0)


@njit(cache=True, nogil=True)
def repetition(pos: Any, flags: int) -> int:
    """``REP_NONE``, ``REP_DRAW``, ``REP_WIN`` (the side to move wins: the other side's
    perpetual check or chase) or ``REP_LOSS`` (the side to move is the violator)."""
    _b, _sqid, _plist, st, hkeys, hinfo, _pst, _terms = pos
    h = st[3]
    key = st[1]
    lim = h
    # Positions before a capture or null move cannot come back; 120 plies is the move rule.
    while lim > 0 and (hinfo[lim] & 2) == 0 and h - lim < 120:
        lim -= 1
    i = h - 4
    while i >= lim:
        if hkeys[i] == key:
            break
        i -= 2
    if i < lim:
        return REP_NONE
    opp_checks = True  # the side that moved into the repetition
    k = i + 2
    while k <= h:
        if (hinfo[k] & 1) == 0:
            opp_checks = False
            break
        k += 2
    me_checks = True
    k = i + 1
    while k < h:
        if (hinfo[k] & 1) == 0:
            me_checks = False
            break
        k += 2
    levels = (flags & RULE_LEVELS) != 0
    if opp_checks and me_checks:
        return REP_DRAW
    if levels and opp_checks != me_checks:
        return REP_WIN if opp_checks else REP_LOSS
    opp_chases, me_chases = cycle_chases(pos, i, h, flags)
    opp_level = 2 if opp_checks else (1 if opp_chases else 0)
    me_level = 2 if me_checks else (1 if me_chases else 0)
    if not levels:
        opp_level = min(opp_level, 1)
        me_level = min(me_level, 1)
    if opp_level > me_level:
        return REP_WIN
    if me_level > opp_level:
        return REP_LOSS
    return REP_DRAW
