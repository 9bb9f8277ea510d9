"""What an arbiter does, as frozen events: the store keeps them, replay rebuilds.

Players are named (not numbered) in events: numbers are only fixed once drawn,
and a rename is itself an event, so each event names players as they were called
when it happened.

Payloads carry their version (``"v"``). Version 1 is what the first release wrote
(no ``"v"``); it still reads: a version-1 drawing of lots was accepted without
checking it against a final tie, so it comes back flagged ``legacy`` and is only
applied to the very tie it was drawn for.

>>> e = RecordResult(3, "An", "Bình", "1-0")
>>> event_from_payload(e.kind, e.payload()) == e
True
>>> event_from_payload("draw_lots", {"order": ["An", "Bình"]}).legacy
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

from cotuong.tournament.errors import CorruptStoreError, fail

EVENT_VERSION = 2  # what this version writes; 1 (no "v") is read too


@dataclass(frozen=True)
class Event:
    """Base of every event; ``kind`` names it in the store."""

    kind: ClassVar[str] = ""

    def payload(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields, with the payload version ``v``."""
        out = asdict(self)
        data = {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}
        data["v"] = EVENT_VERSION
        return data


@dataclass(frozen=True)
class AddPlayer(Event):
    """A player joins before round 1 and takes the next draw number."""

    kind: ClassVar[str] = "add_player"
    name: str
    club: str = ""
    rating: int | None = None
    title: str = ""


@dataclass(frozen=True)
class RemovePlayer(Event):
    """A player leaves before round 1 has a result (e.g. an invited place nobody took);
    the players after them move up one number."""

    kind: ClassVar[str] = "remove_player"
    player: str


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
class Reinstate(Event):
    """A withdrawn player comes back: the forfeits their withdrawal scored from
    ``from_round`` on are lifted (earlier ones stand)."""

    kind: ClassVar[str] = "reinstate"
    player: str
    from_round: int


@dataclass(frozen=True)
class EditPlayer(Event):
    """A player's name, club, rating or title changed (the whole new record)."""

    kind: ClassVar[str] = "edit_player"
    player: str
    name: str
    club: str = ""
    rating: int | None = None
    title: str = ""


@dataclass(frozen=True)
class DrawLots(Event):
    """The arbiter drew lots among players tied in the final ranking: ``order`` best
    first. ``legacy``: read from a version-1 log, where it was not checked."""

    kind: ClassVar[str] = "draw_lots"
    order: tuple[str, ...]
    legacy: bool = False


@dataclass(frozen=True)
class SetDetails(Event):
    """The event's details as printed on its pages (the whole new set)."""

    kind: ClassVar[str] = "details"
    name: str = ""
    venue: str = ""
    dates: str = ""
    chief_arbiter: str = ""
    time_control: str = ""


@dataclass(frozen=True)
class Undo(Event):
    """The last event still in force is undone; ``undone`` is its place in the log
    (1-based). It stays in the log, as does this undo."""

    kind: ClassVar[str] = "undo"
    undone: int


@dataclass(frozen=True)
class PairRound(Event):
    """A Swiss round's pairing as the arbiter published it: ``pairs`` are ``(red, black)``
    in board order, ``bye`` the pairing-allocated bye (if any), ``engine`` what paired it
    (``"py4swiss-dutch"``, or ``"manual"``). Stored whole, so a replay never pairs again."""

    kind: ClassVar[str] = "pair_round"
    round: int
    pairs: tuple[tuple[str, str], ...]
    bye: str | None = None
    engine: str = ""


@dataclass(frozen=True)
class RequestBye(Event):
    """A player asks not to be paired in ``round`` (a requested bye, scored as the event
    set: a half point by default)."""

    kind: ClassVar[str] = "request_bye"
    player: str
    round: int


@dataclass(frozen=True)
class KnockoutGame(Event):
    """A game of a knockout match: ``match`` is ``"R1M3"`` (round 1, match 3); ``stage``
    is the rung of the tie-break ladder (``"game"``, ``"replay"``, ``"rapid"``,
    ``"blitz"``); ``red`` and ``black`` are as played."""

    kind: ClassVar[str] = "ko_game"
    match: str
    red: str
    black: str
    result: str
    stage: str = "game"


@dataclass(frozen=True)
class KnockoutLots(Event):
    """The last rung: lots decided the match for ``winner``."""

    kind: ClassVar[str] = "ko_lots"
    match: str
    winner: str


EVENT_TYPES: dict[str, type[Event]] = {
    c.kind: c for c in (AddPlayer, RemovePlayer, DrawNumbers, RecordResult, CorrectResult, Withdraw,
                        Reinstate, EditPlayer, DrawLots, SetDetails, Undo, PairRound, RequestBye,
                        KnockoutGame, KnockoutLots)
}


def _upgrade(kind: str, version: object, payload: dict[str, Any]) -> dict[str, Any]:
    """A payload of an older version in today's shape."""
    if version == EVENT_VERSION:
        return payload
    if version != 1:
        raise fail(CorruptStoreError, "T_EVENT_VERSION", kind=kind, version=repr(version),
                   known=EVENT_VERSION)
    if kind == "draw_lots":
        return {**payload, "legacy": True}
    return payload


def _tuples(value: Any) -> Any:
    """JSON lists back to the tuples the events hold (a pairing's pairs are nested)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def event_from_payload(kind: str, payload: Any) -> Event:
    """Rebuild an event (any version); a malformed one raises :class:`CorruptStoreError`."""
    cls = EVENT_TYPES.get(kind)
    if cls is None or not isinstance(payload, dict):
        raise CorruptStoreError(f"unknown event {kind!r} in the store")
    payload = dict(payload)
    payload = _upgrade(kind, payload.pop("v", 1), payload)
    names = {f.name for f in fields(cls)}
    if not set(payload) <= names:
        extra = sorted(set(payload) - names)
        raise CorruptStoreError(f"event {kind!r} has unexpected fields {extra}")
    args = {k: _tuples(v) for k, v in payload.items()}
    try:
        event = cls(**args)
    except TypeError as exc:
        raise CorruptStoreError(f"event {kind!r} is malformed: {exc}") from None
    return event
