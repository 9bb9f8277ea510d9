"""The lobby: open challenges (seeks) and quick pairing, live games and who is online,
pushed over the lobby socket."""

from cotuong.server.lobby.protocol import lobby_schema
from cotuong.server.lobby.routes import lobby_router
from cotuong.server.lobby.seeks import Seek, SeekBody, compatible
from cotuong.server.lobby.service import Lobby

__all__ = ["Lobby", "Seek", "SeekBody", "compatible", "lobby_router", "lobby_schema"]
