"""What every socket speaks, whatever it serves: the frame basics of the room and lobby
protocols (``docs/web-protocol.md``, section 4) — the ``hello``/``ping``/``sync`` client
frames, the ``pong`` and ``error`` server frames, JSON decoding and the parse of a frame
against a part's own message union. The frame loop (:mod:`.frame_loop`) knows no game.

>>> decode('{"type": "ping"}')
{'type': 'ping'}
>>> message_ref({"id": "a1"}), message_ref({"id": True})
('a1', None)
"""

from __future__ import annotations

import enum
import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, TypeAdapter
from pydantic import ValidationError as _ValidationError

from cotuong.server.errors import ServiceError, invalid_field

__all__ = [
    "ClientFrame", "ErrorFrame", "Frame", "Hello", "Lang", "Ping", "Pong", "Reason",
    "StrEnum", "Sync", "decode", "message_ref", "parse_frame",
]

class StrEnum(str, enum.Enum):
    """A string enum (``enum.StrEnum`` needs Python 3.11)."""

    def __str__(self) -> str:
        return str(self.value)


Lang = Literal["vi", "en"]


class ClientFrame(BaseModel):
    """A client frame: unknown fields ignored, an optional ``id`` echoed in errors."""

    # Unknown fields are ignored (older and newer clients keep working).
    model_config = ConfigDict(extra="ignore")
    id: str | StrictInt | None = Field(None, description="echoed as ``ref`` in an error")


# ------------------------------------------------------------------ client → server
def _as_text(value: object) -> object:
    # A secret that is not a string is just a wrong secret (BAD_SECRET, as a spectator).
    return value if value is None or isinstance(value, str) else repr(value)


class Hello(ClientFrame):
    type: Literal["hello"]
    secret: Annotated[str | None, BeforeValidator(_as_text)] = Field(
        None, description="the seat secret; none or invalid: a spectator")
    lang: Lang | None = Field(None, description="the language of this socket's texts")
    deltas: bool = Field(False, description="this client applies changes: a room socket "
                         "gets ``moved`` after a move, a lobby socket ``lobby_delta`` frames "
                         "(full frames otherwise)")


class Ping(ClientFrame):
    type: Literal["ping"]


class Sync(ClientFrame):
    type: Literal["sync"]


def message_ref(data: object) -> str | int | None:
    """The ``id`` of a decoded frame if it is one the error frame may echo as ``ref``."""
    ref = data.get("id") if isinstance(data, dict) else None
    if isinstance(ref, str | int) and not isinstance(ref, bool) and len(str(ref)) <= 64:
        return ref
    return None


def decode(text: str) -> dict[str, Any]:
    """JSON text to an object, or ``BAD_JSON``."""
    try:
        data = json.loads(text)
    except ValueError:
        raise ServiceError("BAD_JSON") from None
    if not isinstance(data, dict):
        raise ServiceError("BAD_JSON", "ERR_BAD_JSON_OBJECT")
    return data


def parse_frame(data: dict[str, Any], types: frozenset[str], adapter: TypeAdapter[Any]) -> Any:
    """A decoded frame as the model ``adapter`` reads, if its type is one of ``types``
    (shared by the room and lobby sockets); otherwise the protocol's ``ServiceError``."""
    kind = data.get("type")
    if kind not in types:
        raise ServiceError("UNKNOWN_TYPE", kind=repr(kind)[:80])
    try:
        return adapter.validate_python(data)
    except _ValidationError as exc:
        where, detail = invalid_field(exc.errors()[0])
        raise ServiceError("BAD_MESSAGE", where=where, detail=detail) from None


# ------------------------------------------------------------------ server → client
class Frame(BaseModel):
    """A server frame: no field beyond those declared."""

    model_config = ConfigDict(extra="forbid")


class Pong(Frame):
    type: Literal["pong"] = "pong"
    server_time_ms: int


class Reason(Frame):
    code: str
    vi: str
    en: str


class ErrorFrame(Frame):
    type: Literal["error"] = "error"
    code: str
    message: str
    reason: Reason | None = None
    ref: str | int | None = None
