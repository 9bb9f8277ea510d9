"""The lobby socket's messages (``/ws/lobby``, docs/web-protocol.md section 7), typed like
the room socket's (:mod:`cotuong.server.play.protocol`): the client sends ``hello``, ``ping``
and ``sync``; the server sends ``lobby`` snapshots (and ``lobby_delta`` changes to
sockets that asked for them), a private ``paired`` when a seek of
the socket's player was accepted, a private ``round_open`` when a tournament round of
theirs opened, ``pong`` and ``error``.

>>> parse_lobby({"type": "sync"}).type
'sync'
>>> parse_lobby({"type": "move", "move": "h2e2", "ply": 0})
Traceback (most recent call last):
...
cotuong.server.errors.ServiceError: unknown message type 'move'
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from cotuong.server.play import Color, Slot
from cotuong.server.realtime import ErrorFrame, Frame, Hello, Ping, Pong, Sync, parse_frame

LobbyClientMessage = Annotated[Hello | Ping | Sync, Field(discriminator="type")]
_CLIENT: TypeAdapter[Any] = TypeAdapter(LobbyClientMessage)
LOBBY_TYPES = frozenset({"hello", "ping", "sync"})


def parse_lobby(data: dict[str, Any]) -> Any:
    """One decoded lobby frame as its model, or the protocol's ``ServiceError``."""
    return parse_frame(data, LOBBY_TYPES, _CLIENT)


class TimeControlView(Frame):
    kind: Literal["fischer", "byoyomi"]
    base_ms: int
    increment_ms: int | None = None
    period_ms: int | None = None


class SeekView(Frame):
    seek_id: str
    name: str
    rating: int | None
    rules: str
    time_control: TimeControlView | None
    rated: bool
    color: Literal["red", "black", "random"]
    category: str | None
    range: list[int] | None
    created_at: int


class CardPlayer(Frame):
    name: str
    rating: int | None
    ai_level: int | None


class GameCard(Frame):
    """A live game as the lobby's small board shows it."""

    game_id: int
    room: str
    fen: str
    last_move: str | None
    ply: int
    turn: Color
    rules: str
    rated: bool
    time_control: TimeControlView | None
    red: CardPlayer
    black: CardPlayer
    spectators: int


class OnlinePlayer(Frame):
    name: str
    account: bool
    username: str | None = None  # an account's, for its profile's address (if known)


class Online(Frame):
    count: int
    players: list[OnlinePlayer]


class LobbyFrame(Frame):
    type: Literal["lobby"] = "lobby"
    v: int | None = Field(None, description="the version of this snapshot (the socket's "
                          "first ``lobby_delta`` has it as ``base``)")
    seeks: list[SeekView]
    games: list[GameCard]
    online: Online


class GamesDelta(Frame):
    order: list[int] | None = Field(None, description="the shown games' ids, when the "
                                    "list's membership or order changed")
    cards: list[GameCard] | None = Field(None, description="games newly shown, or changed "
                                         "otherwise than by moves")
    moved: list[list[int | str]] | None = Field(
        None, description="``[game_id, move, …]``: the moves (ICCS) a shown game played "
        "since the last version")
    watched: list[list[int]] | None = Field(
        None, description="``[game_id, spectators]``: a shown game's new spectator count")


class OnlineDelta(Frame):
    count: int
    players: list[OnlinePlayer] | None = Field(None, description="when the list changed")


class LobbyDelta(Frame):
    """To lobby sockets whose ``hello`` asked for deltas: what changed since version
    ``base`` (only the parts that did). A socket at another version sends ``sync``."""

    type: Literal["lobby_delta"] = "lobby_delta"
    v: int
    base: int
    seeks: list[SeekView] | None = None
    games: GamesDelta | None = None
    online: OnlineDelta | None = None


class Paired(Frame):
    """To the creator of an accepted seek only: the seat in the new room."""

    type: Literal["paired"] = "paired"
    seek_id: str
    code: str
    slot: Slot
    color: Color
    secret: str
    ws_url: str
    invite_url: str


class NoticeTexts(Frame):
    vi: str
    en: str


class RoundOpen(Frame):
    """To each paired player of a tournament round that just opened: their board (the
    room to take their seat in), colour and opponent, and the notice in both languages."""

    type: Literal["round_open"] = "round_open"
    tournament_id: int
    tournament: str
    round: int
    board: int
    room: str
    color: Color
    opponent: str
    page_url: str
    texts: NoticeTexts


LobbyServerMessage = Annotated[LobbyFrame | LobbyDelta | Paired | RoundOpen | Pong | ErrorFrame,
                               Field(discriminator="type")]
_SERVER: TypeAdapter[Any] = TypeAdapter(LobbyServerMessage)


def parse_lobby_server(data: dict[str, Any]) -> Any:
    """A lobby server frame as its model (tests and tools; raises pydantic's error)."""
    return _SERVER.validate_python(data)


def lobby_schema() -> dict[str, Any]:
    """The JSON schema of the lobby socket, both directions."""
    return {"lobby_client": _CLIENT.json_schema(by_alias=True),
            "lobby_server": _SERVER.json_schema(by_alias=True)}
