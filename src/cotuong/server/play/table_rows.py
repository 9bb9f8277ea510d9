"""A game table from its stored rows: the moves replayed through the referee, then the
clocks, offers, warnings and the end as the game's row keeps them.

>>> table_from_rows.__name__
'table_from_rows'
"""

from __future__ import annotations

import json
from typing import Any

from cotuong.core.types import Move
from cotuong.server.play.protocol import Color, Status, Termination
from cotuong.server.play.table import GameTable
from cotuong.server.play.values import End, RoomState
from cotuong.server.timecontrol import ClockState

__all__ = ["table_from_rows"]


def table_from_rows(row: dict[str, Any], moves: list[str], room: RoomState) -> GameTable:
    """Replay a stored game; clocks, offers and the end come from its row."""
    t = GameTable.new(row["id"], room, row["red_slot"], row["start_fen"],
                row["status"] != Status.WAITING, row.get("created_at") or 0)
    for iccs in moves:
        t.replay(Move.from_iccs(iccs), record_warnings=False)
    return _with_row(t, row)


def caught_up(t: GameTable, row: dict[str, Any], moves: list[str]) -> bool:
    """Bring ``t`` in place to its stored game (another process changed it) when the
    stored moves only add to ``t``'s: only the new moves are replayed, the rest comes
    from the row. ``False`` (``t`` may be half changed: drop it) when that cannot be
    done, e.g. after a takeback, or when an offer would have to be withdrawn.

    >>> caught_up.__name__
    'caught_up'
    """
    n = len(t.moves)
    if (t.end is not None or t.id != row["id"] or t.red_slot != row["red_slot"]
            or moves[:n] != t.moves):
        return False
    try:
        for iccs in moves[n:]:
            t.replay(Move.from_iccs(iccs), record_warnings=False)
        t.started = row["status"] != Status.WAITING
        t.warnings, t.disconnected, t.end = [], {}, None
        _with_row(t, row)
    except Exception:  # whatever it is, a table read anew will say it
        return False
    fields = t.row_fields()
    return fields == {k: row[k] for k in fields}


def _with_row(t: GameTable, row: dict[str, Any]) -> GameTable:
    t.version = row["version"] or 0
    if row["warnings"]:
        t.warnings = json.loads(row["warnings"])
    if row["disconnected"]:
        t.disconnected = {Color(k): int(v) for k, v in json.loads(row["disconnected"]).items()}
    if t.room.tc is not None and row["red_ms"] is not None:
        t.clock = ClockState(row["red_ms"], row["black_ms"], row["running"],
                             row["since_ms"] or 0)
    if row["termination"]:
        t.end = End(row["result"], None if row["winner"] is None else Color(row["winner"]),
                    Termination[row["termination"]], row["explanation_vi"] or "",
                    row["explanation_en"] or "")
    elif row["draw_offer"] and t.game.outcome is None and t.draw_offer is None:
        t.game.offer_draw(Color(row["draw_offer"]))
    t.takeback_request = _color(row["takeback_request"])
    t.rematch_request = _color(row["rematch_request"])
    return t


def _color(value: str | None) -> Color | None:
    return None if value is None else Color(value)


def _value(color: Color | None) -> str | None:
    return None if color is None else color.value
