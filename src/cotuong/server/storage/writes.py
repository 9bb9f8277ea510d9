"""The kinds of store write, as values: a game table's transition names the write that must
be committed before its events are published, and the database thread group-commits them
(:meth:`cotuong.server.storage.store.Store.write_batch`). One class per kind, no string dispatch.

>>> RecordMove(7, 1, "h2e2", 0, {"version": 1}).ply
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cotuong.server.ratings import RateGame


@dataclass(frozen=True, slots=True)
class SetMeta:
    """A ``meta`` key (the heartbeat, the signing key)."""

    key: str
    value: str


@dataclass(frozen=True, slots=True)
class UpdateGame:
    """New values of a game row's mutable columns."""

    game_id: int
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RecordMove:
    """Move ``ply`` (1 = the first) and the game row's new values, in one transaction."""

    game_id: int
    ply: int
    iccs: str
    at_ms: int
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Delete the moves after ``keep_plies`` and update the game row."""

    game_id: int
    keep_plies: int
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Together:
    """Writes that commit in one transaction or not at all (a rated game's last move or
    end with its rating update): never split, not even when a batch is retried."""

    writes: tuple[SetMeta | UpdateGame | RecordMove | TakeBack | RateGame, ...]

    def rates(self) -> bool:
        return any(isinstance(w, RateGame) for w in self.writes)


Write = SetMeta | UpdateGame | RecordMove | TakeBack | RateGame | Together


def ends_game(write: Write) -> bool:
    """Whether ``write`` stores a game's end (its ``ended_at``).

    >>> ends_game(UpdateGame(7, {"ended_at": 5})), ends_game(RecordMove(7, 1, "h2e2", 0))
    (True, False)
    """
    if isinstance(write, Together):
        return any(ends_game(w) for w in write.writes)
    return isinstance(write, UpdateGame | RecordMove) and "ended_at" in write.fields
