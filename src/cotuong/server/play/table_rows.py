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
    t.version = row["version"] or 0
    if row["warnings"]:
        t.warnings = json.loads(row["warnings"])
    if row["disconnected"]:
        t.disconnected = {Color(k): int(v) for k, v in json.loads(row["disconnected"]).items()}
    if room.tc is not None and row["red_ms"] is not None:
        t.clock = ClockState(row["red_ms"], row["black_ms"], row["running"],
                             row["since_ms"] or 0)
    if row["termination"]:
        t.end = End(row["result"], None if row["winner"] is None else Color(row["winner"]),
                    Termination[row["termination"]], row["explanation_vi"] or "",
                    row["explanation_en"] or "")
    elif row["draw_offer"] and t.game.outcome is None:
        t.game.offer_draw(Color(row["draw_offer"]))
    t.takeback_request = _color(row["takeback_request"])
    t.rematch_request = _color(row["rematch_request"])
    return t


def _color(value: str | None) -> Color | None:
    return None if value is None else Color(value)


def _value(color: Color | None) -> str | None:
    return None if color is None else color.value
