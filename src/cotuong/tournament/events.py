"""What an arbiter does, as frozen events: the store keeps them, replay rebuilds.

Players are named (not numbered) in events because names never change while
numbers are only fixed once drawn.

>>> e = RecordResult(3, "An", "Bình", "1-0")
>>> event_from_payload(e.kind, e.payload()) == e
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from cotuong.tournament.errors import CorruptStoreError


@dataclass(frozen=True)
class Event:
    """Base of every event; ``kind`` names it in the store."""

    kind: ClassVar[str] = ""

    def payload(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields."""
        out = asdict(self)
        return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}


@dataclass(frozen=True)
class AddPlayer(Event):
    """A player joins before round 1 and takes the next draw number."""

    kind: ClassVar[str] = "add_player"
    name: str


@dataclass(frozen=True)
class DrawNumbers(Event):
    """The drawn numbers: ``order[k]`` gets number ``k + 1``; ``seed`` if drawn by us."""

    kind: ClassVar[str] = "draw_numbers"
    order: tuple[str, ...]
    seed: int | None = None


@dataclass(frozen=True)
class RecordResult(Event):
    """A first result for a scheduled game, with its PGN if there is one."""

    kind: ClassVar[str] = "record"
    round: int
    red: str
    black: str
    result: str
    pgn: str | None = None


@dataclass(frozen=True)
class CorrectResult(Event):
    """A correction of an earlier result (the old one stays in the event log)."""

    kind: ClassVar[str] = "correct"
    round: int
    red: str
    black: str
    result: str
    pgn: str | None = None
    reason: str = ""


@dataclass(frozen=True)
class Withdraw(Event):
    """A player withdraws; ``policy`` is ``forfeit`` (unplayed games from
    ``from_round`` on are lost by forfeit) or ``annul`` (all their games are
    struck from the standings)."""

    kind: ClassVar[str] = "withdraw"
    player: str
    policy: str = "forfeit"
    from_round: int = 1


@dataclass(frozen=True)
class DrawLots(Event):
    """The arbiter drew lots among tied players: ``order`` best first."""

    kind: ClassVar[str] = "draw_lots"
    order: tuple[str, ...]


EVENT_TYPES: dict[str, type[Event]] = {
    c.kind: c for c in (AddPlayer, DrawNumbers, RecordResult, CorrectResult, Withdraw, DrawLots)
}


def event_from_payload(kind: str, payload: Any) -> Event:
    """Rebuild an event; a malformed one raises :class:`CorruptStoreError`."""
    cls = EVENT_TYPES.get(kind)
    if cls is None or not isinstance(payload, dict):
        raise CorruptStoreError(f"unknown event {kind!r} in the store")
    names = {f.name for f in fields(cls)}
    if not set(payload) <= names:
        extra = sorted(set(payload) - names)
        raise CorruptStoreError(f"event {kind!r} has unexpected fields {extra}")
    args = {k: tuple(v) if isinstance(v, list) else v for k, v in payload.items()}
    try:
        event = cls(**args)
    except TypeError as exc:
        raise CorruptStoreError(f"event {kind!r} is malformed: {exc}") from None
    return event
