"""Static exchange evaluation (``exchange.see``), used to order and prune captures."""

from __future__ import annotations

import pytest

from cotuong.engine.exchange import _least_attacker, see
from cotuong.engine.position import legal_moves, position_from_fen
from cotuong.engine.tables import VALUE

MIDDLEGAMES = (
    "1rbakab2/8r/2n1c2c1/p1C1nR2p/2p1p4/6P2/P1P1P3P/C1N6/9/2BAKABNR w",
    "3aka3/r4n3/bcn1CR3/p1C1p1p1p/9/9/P1P1P1c1P/9/9/1rBAKABNR w",
    "2bakab2/9/c3c4/2R5p/2p6/1R1C1r3/P1P1P1P1P/2N1B1n2/4A4/2BAK4 b",
    "2ba1ar2/4kn1R1/4b4/p2PnC2p/1r2p4/4P4/P7P/2c2C3/9/R1BAKAB2 w",
)


def _code(fr: int, to: int) -> int:
    return fr << 7 | to


@pytest.mark.parametrize(("fen", "move", "expected"), [
    # a free pawn
    ("3k5/9/9/9/4p4/9/9/9/9/4RK3 w", _code(4, 49), 100),
    # rook takes a pawn defended by a horse
    ("3k5/9/9/2n6/4p4/9/9/9/9/4RK3 w", _code(4, 49), -800),
    # the defender is a cannon whose screen is a horse standing on the same file
    ("3k5/4c4/4n4/9/4p4/9/9/9/9/4RK3 w", _code(4, 49), -800),
    # horse takes a rook defended by a pawn: rook for horse
    ("3k5/9/9/9/4p4/4r4/9/3N5/9/5K3 w", _code(21, 40), 500),
    # cannon over its own rook: after the horse recaptures, the rook (no longer a screen,
    # now free to move) takes back; the rook going first loses itself, the cannon gets
    # the screen it needs only while the rook stands still
    ("3k5/9/3n5/9/4p4/9/9/4R4/9/4CK3 w", _code(4, 49), 50),
    ("3k5/9/3n5/9/4p4/9/9/4R4/9/4CK3 w", _code(22, 49), -800),
])
def test_see_values(fen: str, move: int, expected: int) -> None:
    pos = position_from_fen(fen)
    before = pos[0].copy()
    assert see(pos[0], move, VALUE) == expected
    assert (pos[0] == before).all()


@pytest.mark.parametrize("fen", MIDDLEGAMES)
def test_see_bounds_and_board_restored(fen: str) -> None:
    pos = position_from_fen(fen)
    b = pos[0]
    before = b.copy()
    side = int(pos[3][0])
    for m in legal_moves(pos):
        fr, to = int(m) >> 7, int(m) & 127
        if b[to] == 0:
            continue
        victim = int(VALUE[abs(b[to])])
        value = see(b, int(m), VALUE)
        assert (b == before).all()
        assert value <= victim  # the opponent may always stop recapturing... or recapture
        if VALUE[abs(b[fr])] <= victim:
            assert value >= 0 or abs(b[fr]) == 1  # never losing to take a bigger piece
        # A capture onto a square no enemy piece (advisors, elephants and king included)
        # can reach wins exactly the victim.
        b[to], b[fr], saved = b[fr], 0, b[to]
        defended = _least_attacker(b, to, 1 - side) >= 0
        b[fr], b[to] = b[to], saved
        if not defended:
            assert value == victim
