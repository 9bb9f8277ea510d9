"""Catching a game table up with another process's change (``caught_up``): the new moves
replayed on the table in place, the rest from the row, the same state as a table read
anew; a change it cannot follow (a takeback) asks for the table to be read anew."""

from __future__ import annotations

from typing import Any

from test_table import table

from cotuong.server.play.protocol import Color
from cotuong.server.play.table import GameTable
from cotuong.server.play.table_rows import caught_up, table_from_rows
from cotuong.server.play.views import state_frame
from cotuong.server.timecontrol import TimeControl

RED, BLACK = Color.RED, Color.BLACK
TC = TimeControl("fischer", 60_000, 1_000)


def row_of(t: GameTable) -> dict[str, Any]:
    return {"id": t.id, "red_slot": t.red_slot, "start_fen": t.start_fen, "created_at": 0,
            **t.row_fields()}


def played(moves: list[str], tc: TimeControl | None = TC) -> GameTable:
    t = table(tc)
    for ply, iccs in enumerate(moves):
        t.move(RED if ply % 2 == 0 else BLACK, iccs, ply, 1_000 * (ply + 1))
    return t


def test_new_moves_are_replayed_in_place() -> None:
    mine, theirs = played(["h2e2"]), played(["h2e2", "h9g7", "h0g2"])
    assert caught_up(mine, row_of(theirs), theirs.moves)
    anew = table_from_rows(row_of(theirs), theirs.moves, theirs.room)
    for t in (mine, anew):
        assert t.moves == theirs.moves and t.texts == theirs.texts
        assert t.row_fields() == theirs.row_fields()
    assert state_frame(mine, 9_000, {}, 0, 1000) == state_frame(anew, 9_000, {}, 0, 1000)


def test_an_end_from_the_row() -> None:
    mine, theirs = played(["h2e2"]), played(["h2e2", "h9g7"])
    theirs.resign(RED, 5_000)
    assert caught_up(mine, row_of(theirs), theirs.moves)
    assert mine.over and mine.end == theirs.end


def test_a_takeback_is_read_anew() -> None:
    mine, theirs = played(["h2e2", "h9g7"]), played(["h2e2", "h7e7"])
    assert not caught_up(mine, row_of(theirs), theirs.moves)
    over = played(["h2e2"])
    over.resign(BLACK, 2_000)
    assert not caught_up(over, row_of(theirs), theirs.moves)  # an ended table: anew
