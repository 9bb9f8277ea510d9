"""The search's own bookkeeping: the position comes back unchanged from a deep search (the
singular-extension test searches the same node again), a table entry reads back what was
stored, and the unowned views see and change the same memory as the arrays they view."""

from __future__ import annotations

import numpy as np
import pytest

from cotuong.engine.position import position_from_fen
from cotuong.engine.search import new_tables, search_root
from cotuong.engine.ttable import EXACT, INF, LOWER, NO_EVAL, UPPER, tt_cuts, tt_pack, tt_read
from cotuong.engine.unowned import unowned_position

MIDDLEGAMES = (
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
    "2bakab2/9/2n1c1n2/p3p3p/2p3p2/6P2/P1P1P3P/2N1C1N2/4A4/2BAK1B2 w - - 0 1",
    "3akab2/9/4b1n2/p3p3p/2pr2p2/6P2/P1P1P3P/4B1N2/4A4/2BAK3R b - - 0 1",
)


@pytest.mark.parametrize("fen", MIDDLEGAMES)
def test_a_deep_search_leaves_the_position_as_it_was(fen: str) -> None:
    pos = position_from_fen(fen)
    before = [a.copy() for a in pos]
    tables = new_tables(4)
    for depth in range(1, 8):  # singular extension from depth 6, with its TT entries
        search_root(pos, tables, depth, -INF, INF)
    h = int(pos[3][3]) + 1  # beyond the position's own history: the search path's scratch
    for k, (was, now) in enumerate(zip(before, pos, strict=True)):
        assert np.array_equal(was[:h] if k in (4, 5) else was, now[:h] if k in (4, 5) else now)
    assert not tables[14].any()  # no move left excluded


def test_a_table_entry_reads_back() -> None:
    for score, move, depth, flag, ev in [(123, 4567, 9, EXACT, -45), (-29990, 1, 0, UPPER, 0),
                                         (29995, 16383, 255, LOWER, 32000)]:
        assert tt_read(tt_pack(score, move, depth, flag, NO_EVAL), 0) == (
            move, depth, flag, score, NO_EVAL)
        got = tt_read(tt_pack(score, move, depth, flag, ev), 3)
        assert got[:3] == (move, depth, flag) and got[4] == ev
        # Mate scores are stored from the node and read back from the root's distance.
        assert got[3] == (score - 3 if score > 25000 else score + 3 if score < -25000 else score)
    assert tt_cuts(EXACT, 0, -10, 10)
    assert tt_cuts(LOWER, 10, -10, 10) and not tt_cuts(LOWER, 9, -10, 10)
    assert tt_cuts(UPPER, -10, -10, 10) and not tt_cuts(UPPER, -9, -10, 10)


def test_unowned_views_share_memory_with_their_arrays() -> None:
    pos = position_from_fen(MIDDLEGAMES[0])
    view = unowned_position(pos)  # back in Python: arrays over the same memory
    view[3][1] ^= 12345
    assert pos[3][1] == view[3][1]
    view[3][1] ^= 12345
