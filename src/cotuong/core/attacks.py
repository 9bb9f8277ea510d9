"""Move geometry on the raw board array: where a piece can go, who attacks a square.

These work on the 90-int list inside a :class:`~cotuong.core.board.Board` (``+kind``
Red, ``-kind`` Black) so that the board's move generation and the referee's
hypothetical probes (a piece lifted, a capture tried) share one implementation.

>>> from cotuong import Board, parse_square
>>> b = Board()
>>> sorted(piece_targets(b.squares, parse_square("b0"), 1))
[18, 20]
"""

from __future__ import annotations

from cotuong.core.tables import ADVISOR, ELEPHANT, HORSE, HORSE_FROM, KING, PAWN, PAWN_FROM, RAYS


def piece_targets(b: list[int], s: int, side: int) -> list[int]:
    """Pseudo-legal destinations (captures included) of the ``side`` piece on ``s``.

    The one move-geometry routine: legal move generation and the referee's threat
    and pin tests all go through it.
    """
    kind = b[s] * side
    out: list[int] = []
    app = out.append
    if kind == 5:
        for ray in RAYS[s]:
            for t in ray:
                q = b[t]
                if q:
                    if q * side < 0:
                        app(t)
                    break
                app(t)
    elif kind == 6:
        for ray in RAYS[s]:
            screened = False
            for t in ray:
                q = b[t]
                if screened:
                    if q:
                        if q * side < 0:
                            app(t)
                        break
                elif q:
                    screened = True
                else:
                    app(t)
    elif kind == 4:
        for t, leg in HORSE[s]:
            if not b[leg] and b[t] * side <= 0:
                app(t)
    elif kind == 7:
        for t in PAWN[side][s]:
            if b[t] * side <= 0:
                app(t)
    elif kind == 3:
        for t, eye in ELEPHANT[side][s]:
            if not b[eye] and b[t] * side <= 0:
                app(t)
    elif kind == 2:
        for t in ADVISOR[side][s]:
            if b[t] * side <= 0:
                app(t)
    elif kind == 1:
        for t in KING[side][s]:
            if b[t] * side <= 0:
                app(t)
    return out


def attackers_on(b: list[int], sq: int, side: int) -> list[int]:
    """Squares of ``side``'s pieces attacking ``sq`` on the raw board ``b`` (may repeat).

    The building block of :meth:`Board.attackers`, for callers (the referee) that
    probe hypothetical placements on the board array.
    """
    found = []
    for d, ray in enumerate(RAYS[sq]):
        screened = False
        for s in ray:
            if b[s]:
                p = b[s] * side
                if screened:
                    if p == 6:
                        found.append(s)
                    break
                if p == 5 or (p == 1 and d < 2 and b[sq] == -side):
                    found.append(s)
                screened = True
    for hs, leg in HORSE_FROM[sq]:
        if b[hs] == 4 * side and not b[leg]:
            found.append(hs)
    for ps in PAWN_FROM[side][sq]:
        if b[ps] == 7 * side:
            found.append(ps)
    for ks in KING[side][sq]:
        if b[ks] == side:
            found.append(ks)
    for a_sq in ADVISOR[side][sq]:
        if b[a_sq] == 2 * side:
            found.append(a_sq)
    for e_sq, eye in ELEPHANT[side][sq]:
        if b[e_sq] == 3 * side and not b[eye]:
            found.append(e_sq)
    return found
