"""Playing: rooms, the game table (the rules of every action, pure), clocks, the AI player,
the room socket and its protocol, and the game service that runs each action as
lock → apply → commit → publish. Parts above hear from it through two hook lists:
``GameService.end_hooks`` (a game's end is stored) and ``Rooms.arrival_hooks`` (a seated
player joined)."""

from cotuong.server.play.protocol import (
    Color,
    Slot,
    Status,
    Termination,
    parse_client,
    parse_server,
    protocol_schema,
)
from cotuong.server.play.rooms import Rooms, validate_room_options
from cotuong.server.play.routes import play_router
from cotuong.server.play.service import GameService
from cotuong.server.play.table import Change, End, GameTable, Notice, RoomState

__all__ = ["Change", "Color", "End", "GameService", "GameTable", "Notice", "RoomState", "Rooms",
           "Slot", "Status", "Termination", "parse_client", "parse_server", "play_router",
           "protocol_schema", "validate_room_options"]
