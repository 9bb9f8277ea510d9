"""The WebSocket protocol as typed messages (``docs/web-protocol.md``, section 4).

Client frames are a tagged union on ``type``, parsed once at the socket edge by
:func:`parse_client`; a bad frame becomes a :class:`~cotuong.server.errors.ServiceError`
with the protocol's code (``BAD_JSON``, ``UNKNOWN_TYPE``, ``BAD_MESSAGE``), which the
socket loop answers with an ``error`` frame. Server frames are models too, so the JSON
schema of both directions comes from one place (:func:`protocol_schema`, served at
``GET /api/protocol.json``).

>>> parse_client('{"type": "move", "move": "h2e2", "ply": 0}').move
'h2e2'
>>> parse_client('{"type": "move", "move": "h2e", "ply": 0}')
Traceback (most recent call last):
...
cotuong.server.errors.ServiceError: move.move: String should match pattern '^[a-i][0-9][a-i][0-9]$'
>>> Termination.ABORTED.name, Status.ABORTED.over
('ABORTED', True)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    StrictBool,
    StrictInt,
    TypeAdapter,
    WithJsonSchema,
)

from cotuong.core.outcome import Termination
from cotuong.core.types import Color
from cotuong.server.realtime import (
    ClientFrame,
    ErrorFrame,
    Frame,
    Hello,
    Lang,
    Ping,
    Pong,
    StrEnum,
    Sync,
    decode,
    parse_frame,
)

__all__ = [
    "ClientMessage", "Color", "ErrorFrame", "EventFrame", "Lang", "Outcome", "ServerMessage",
    "Slot", "Status", "Termination", "Welcome", "parse_client", "protocol_schema",
]

ICCS_PATTERN = r"^[a-i][0-9][a-i][0-9]$"


class Slot(StrEnum):
    HOST = "host"
    GUEST = "guest"


class Status(StrEnum):
    """A game's status; ``over`` for the last two."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"

    @property
    def over(self) -> bool:
        return self in (Status.FINISHED, Status.ABORTED)


def _termination(value: object) -> object:
    # The wire and the games table spell an end by its name (``CHECKMATE``).
    if isinstance(value, str) and value in Termination.__members__:
        return Termination[value]
    return value


WireTermination = Annotated[
    Termination,
    BeforeValidator(_termination),
    PlainSerializer(lambda end: end.name, return_type=str),
    WithJsonSchema({"enum": [end.name for end in Termination], "title": "Termination",
                    "type": "string"}),
]
"""The core's :class:`cotuong.Termination` as the wire spells it: by name."""


Notation = Literal["vi", "wxf", "zh"]


# ------------------------------------------------------------------ client → server
class MoveMsg(ClientFrame):
    type: Literal["move"]
    move: str = Field(pattern=ICCS_PATTERN, description="ICCS, e.g. h2e2")
    ply: StrictInt = Field(ge=0, description="the number of moves already played")


class OfferDraw(ClientFrame):
    type: Literal["offer_draw"]


class AcceptDraw(ClientFrame):
    type: Literal["accept_draw"]


class DeclineDraw(ClientFrame):
    type: Literal["decline_draw"]


class Resign(ClientFrame):
    type: Literal["resign"]


class Abort(ClientFrame):
    type: Literal["abort"]


class Takeback(ClientFrame):
    type: Literal["takeback"]


class TakebackAnswer(ClientFrame):
    type: Literal["takeback_answer"]
    accept: StrictBool


class Rematch(ClientFrame):
    type: Literal["rematch"]


class Chat(ClientFrame):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=500, pattern=r"\S")


ClientMessage = Annotated[
    Hello | MoveMsg | OfferDraw | AcceptDraw | DeclineDraw | Resign | Abort | Takeback
    | TakebackAnswer | Rematch | Chat | Ping | Sync, Field(discriminator="type")]
Action = (MoveMsg | OfferDraw | AcceptDraw | DeclineDraw | Resign | Abort | Takeback
          | TakebackAnswer | Rematch)
"""The messages that act on the game: seated players only."""

_CLIENT: TypeAdapter[Any] = TypeAdapter(ClientMessage)
CLIENT_TYPES = frozenset(m.model_fields["type"].annotation.__args__[0]  # type: ignore[union-attr]
                         for m in (Hello, MoveMsg, OfferDraw, AcceptDraw, DeclineDraw, Resign,
                                   Abort, Takeback, TakebackAnswer, Rematch, Chat, Ping, Sync))


def parse_client(data: str | dict[str, Any]) -> Any:
    """One client frame (text or decoded object) as its message model; a frame that is not
    JSON, of an unknown type or with a missing/ill-typed field raises ``ServiceError``."""
    if isinstance(data, str):
        data = decode(data)
    return parse_frame(data, CLIENT_TYPES, _CLIENT)


# ------------------------------------------------------------------ server → client
class Explanation(Frame):
    vi: str
    en: str


class Outcome(Frame):
    result: Literal["1-0", "0-1", "1/2-1/2", "*"]
    winner: Color | None
    termination: WireTermination
    explanation: Explanation


class Welcome(Frame):
    type: Literal["welcome"] = "welcome"
    role: Color | Literal["spectator"]
    slot: Slot | None
    game_id: int
    server_time_ms: int


class Clocks(Frame):
    kind: Literal["fischer", "byoyomi"]
    red_ms: int
    black_ms: int
    period_ms: int | None
    period_left_ms: dict[Color, int] | None
    running: Color | None
    server_time_ms: int


class PlayerView(Frame):
    slot: Slot
    name: str
    connected: bool
    ai_level: int | None
    rating: int | None = Field(None, description="a rated game's player: the rating before it")


class Warning(Frame):
    ply: int
    lang: Lang
    text: str
    texts: dict[Lang, str]
    in_force: bool = Field(False, description="it still applies: an arbiter's order not yet "
                           "obeyed or lapsed, a repetition warning while the loop is played")


class Abandon(Frame):
    color: Color
    deadline_ms: int


class RatingChange(Frame):
    before: int
    after: int
    delta: int
    rd: int
    category: Literal["bullet", "blitz", "rapid", "classical"]


class State(Frame):
    type: Literal["state"] = "state"
    game_id: int
    room: str
    status: Status
    rules: str
    rated: bool
    start_fen: str
    fen: str
    ply: int
    turn: Color
    moves: list[str]
    move_texts: dict[Notation, list[str]]
    last_move: str | None
    check: bool
    legal_moves: list[str]
    clocks: Clocks | None
    players: dict[Color, PlayerView | None]
    spectators: int
    draw_offer: Color | None
    takeback_request: Color | None
    rematch_request: Color | None
    can_abort: bool
    warnings: list[Warning]
    abandon: Abandon | None
    outcome: Outcome | None
    ratings: dict[Color, RatingChange] | None = Field(
        None, description="a rated game's end: each player's rating change (Glicko-2)")
    ai_warming: bool = Field(False, description="the AI to move waits for its engine to warm up")


class Moved(Frame):
    """After a move, to sockets whose ``hello`` asked for deltas: the move in each notation
    and every field of ``state`` that can change, without the move lists (``moves``,
    ``move_texts``) and the game's constants (``room``, ``rules``, ``rated``,
    ``start_fen``). It applies to a state of the same game at ply ``ply - 1`` (append
    the move and its texts, take the other fields); otherwise the client sends ``sync``."""

    type: Literal["moved"] = "moved"
    game_id: int
    move: str = Field(description="ICCS")
    texts: dict[Notation, str] = Field(description="the move in each notation")
    status: Status
    fen: str
    ply: int = Field(description="the ply after the move (the version a client checks)")
    turn: Color
    last_move: str | None
    check: bool
    legal_moves: list[str]
    clocks: Clocks | None
    players: dict[Color, PlayerView | None]
    spectators: int
    draw_offer: Color | None
    takeback_request: Color | None
    rematch_request: Color | None
    can_abort: bool
    warnings: list[Warning]
    abandon: Abandon | None
    outcome: Outcome | None
    ratings: dict[Color, RatingChange] | None = None
    ai_warming: bool = False


EventKind = Literal["draw_offered", "draw_declined", "takeback_requested", "takeback_refused",
                    "takeback_done", "rematch_requested", "rematch", "warning", "game_over",
                    "player_joined", "player_left"]


class EventFrame(Frame):
    """A short notice for sounds and toasts, always followed by a ``state``."""

    type: Literal["event"] = "event"
    kind: EventKind
    color: Color | None = None
    text: str | None = None
    game_id: int | None = Field(None, description="the new game, on ``rematch``")


class ChatFrame(Frame):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    type: Literal["chat"] = "chat"
    from_: str = Field(alias="from", serialization_alias="from")
    role: Color | Literal["spectator"]
    text: str
    server_time_ms: int


ServerMessage = Annotated[Welcome | State | Moved | EventFrame | ChatFrame | Pong | ErrorFrame,
                          Field(discriminator="type")]
_SERVER: TypeAdapter[Any] = TypeAdapter(ServerMessage)


def parse_server(data: dict[str, Any]) -> Any:
    """A server frame as its model (for tests and tools; raises pydantic's error)."""
    return _SERVER.validate_python(data)


def protocol_schema() -> dict[str, Any]:
    """The JSON schema of both directions: ``client`` and ``server`` message unions."""
    return {
        "title": "cotuong WebSocket protocol (docs/web-protocol.md)",
        "client": _CLIENT.json_schema(by_alias=True),
        "server": _SERVER.json_schema(by_alias=True),
    }
