"""A live game as the lobby's small board shows it (``GameCard`` of the protocol).

>>> game_card.__name__
'game_card'
"""

from __future__ import annotations

from typing import Any

from cotuong.server.play import Color, GameTable

__all__ = ["game_card"]


def game_card(t: GameTable, spectators: int) -> dict[str, Any]:
    """The card of game ``t`` watched by ``spectators``."""
    _, fen, _, _ = t.view()
    tc = t.room.tc

    def player(color: Color) -> dict[str, Any]:
        slot = t.slot_of(color)
        return {"name": t.room.slot_name(slot) or "?", "rating": t.player_ratings.get(color),
                "ai_level": t.room.ai_level if t.is_ai(color) else None}
    return {"game_id": t.id, "room": t.room.code, "fen": fen,
            "last_move": t.moves[-1] if t.moves else None, "ply": t.ply, "turn": t.turn,
            "rules": t.room.rules, "rated": t.room.rated,
            "time_control": tc.to_json() if tc else None,
            "red": player(Color.RED), "black": player(Color.BLACK), "spectators": spectators}
