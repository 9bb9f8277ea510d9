"""The live engine socket's messages (``/ws/analysis``, docs/web-protocol.md section 11),
typed like the room's and the lobby's: the client sends ``analyse`` (a position to
search) and ``stop`` (and ``ping``); the server sends ``eval`` (each reported depth:
the lines from Red's point of view), ``done`` (the search ended, and why), ``pong`` and
``error``. Every frame about an analysis carries the ``id`` of the ``analyse`` that
asked for it, so a page drops frames of a position it has left.

>>> parse_live({"type": "analyse", "id": 3, "moves": ["h2e2"], "multipv": 2}).multipv
2
>>> parse_live({"type": "analyse", "multipv": 4})
Traceback (most recent call last):
...
cotuong.server.errors.ServiceError: analyse.multipv: Input should be less than or equal to 3
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, TypeAdapter

from cotuong.server.realtime import ClientFrame, Frame, Ping, Pong, Reason, parse_frame

__all__ = ["Analyse", "DoneFrame", "EvalFrame", "LiveErrorFrame", "Stop", "live_schema",
           "parse_live", "parse_live_server"]

Iccs = Annotated[str, StringConstraints(pattern=r"^[a-i][0-9][a-i][0-9]$")]
Ref = str | int | None


class Analyse(ClientFrame):
    """Search this position (it replaces the socket's current one): ``fen`` (none: the
    start position) then ``moves``; ``multipv`` lines (1-3)."""

    type: Literal["analyse"]
    fen: str | None = Field(None, max_length=200)
    moves: list[Iccs] = Field(default_factory=list, max_length=1000)
    multipv: int = Field(1, ge=1, le=3)


class Stop(ClientFrame):
    """Stop the socket's search (``done`` with ``reason: "stopped"`` follows)."""

    type: Literal["stop"]


LiveClientMessage = Annotated[Analyse | Stop | Ping, Field(discriminator="type")]
_CLIENT: TypeAdapter[Any] = TypeAdapter(LiveClientMessage)
LIVE_TYPES = frozenset({"analyse", "stop", "ping"})


def parse_live(data: dict[str, Any]) -> Any:
    """One decoded frame as its model, or the protocol's ``ServiceError``."""
    return parse_frame(data, LIVE_TYPES, _CLIENT)


class Line(Frame):
    """One line: ``score_cp`` or ``mate`` (moves to mate, the mating move included;
    positive when Red mates), and its moves in ICCS."""

    score_cp: int | None = None
    mate: int | None = None
    pv: list[str]


class EvalFrame(Frame):
    type: Literal["eval"] = "eval"
    id: Ref = None
    depth: int
    lines: list[Line]
    nodes: int = 0
    time_ms: int = 0


class DoneFrame(Frame):
    """The search of ``id`` ended: ``cap`` (it reached its time or depth limit),
    ``complete`` (the engine ended it by itself with nothing left to search: a proven
    mate, or the deepest depth it searches), ``stopped`` (the client's ``stop``),
    ``superseded`` (a newer ``analyse`` of this socket), ``elsewhere`` (a newer
    ``analyse`` of the same person or address on another socket), ``over`` (the side to
    move has no legal move: ``winner`` won), ``failed`` (an ``error`` frame said why)."""

    type: Literal["done"] = "done"
    id: Ref = None
    reason: Literal["cap", "complete", "stopped", "superseded", "elsewhere", "over",
                    "failed"]
    winner: Literal["red", "black"] | None = None


class Problem(Frame):
    code: str
    text: str
    texts: dict[str, str]
    squares: list[str]


class LiveErrorFrame(Frame):
    """``error``: ``code`` and its text (``message``, as on every socket, and ``text``;
    ``texts`` in both languages);
    ``ref`` the ``id`` of the frame refused; for ``BAD_POSITION`` the problems (as
    ``POST /api/positions/check`` lists them), for ``ILLEGAL_MOVE`` the move's
    ``index`` in ``moves`` and the referee's ``reason``."""

    type: Literal["error"] = "error"
    code: str
    message: str
    text: str | None = None
    texts: dict[str, str] | None = None
    reason: Reason | None = None
    ref: Ref = None
    errors: list[Problem] | None = None
    index: int | None = None


LiveServerMessage = Annotated[EvalFrame | DoneFrame | Pong | LiveErrorFrame,
                              Field(discriminator="type")]
_SERVER: TypeAdapter[Any] = TypeAdapter(LiveServerMessage)


def parse_live_server(data: dict[str, Any]) -> Any:
    """A server frame of this socket as its model (tests and tools)."""
    return _SERVER.validate_python(data)


def live_schema() -> dict[str, Any]:
    """The JSON schema of the live engine socket, both directions."""
    return {"analysis_client": _CLIENT.json_schema(by_alias=True),
            "analysis_server": _SERVER.json_schema(by_alias=True)}
