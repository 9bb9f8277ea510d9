"""Open challenges ("seeks") as values: what a player asks for (time control, rules,
rated or casual, colour, the opponents' rating range) and when two asks fit each other.
Pure; :mod:`cotuong.server.lobby.service` stores them, pairs them and tells the players.

>>> tc = TimeControl("fischer", 300_000, increment_ms=3_000)
>>> a = Seek("s1", "u:1", "lan", "xiangqiplay", tc, True, "random", 1500, 1200, 1800, "blitz", 0)
>>> b = Seek("s2", "u:2", "minh", "xiangqiplay", tc, True, "red", 1700, 1400, 2000, "blitz", 1)
>>> compatible(a, b), compatible(a, a)
(True, False)
>>> compatible(a, Seek("s3", "u:3", "an", "xiangqiplay", tc, True, "red", 1900, 1600, 2200,
...                    "blitz", 2))
False
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cotuong.server.timecontrol import TimeControl, TimeControlBody

DEFAULT_RANGE = 300  # a rated quick pairing accepts opponents within ±300 points


class SeekBody(BaseModel):
    """``POST /api/seeks``: an open challenge, or with ``quick`` a quick pairing (paired at
    once with a fitting open seek if there is one)."""

    model_config = ConfigDict(extra="forbid")
    time_control: TimeControlBody | None = None
    rules: Literal["xiangqiplay", "asian"] = "xiangqiplay"
    rated: bool = False
    color: Literal["red", "black", "random"] = "random"
    rating_range: int | None = Field(None, ge=50, le=1000,
                                     description="rated: accept opponents within ± this")
    quick: bool = False


@dataclass(frozen=True, slots=True)
class Seek:
    """One open challenge; ``rating``/``low``/``high`` only when rated."""

    id: str
    identity: str
    name: str
    rules: str
    tc: TimeControl | None
    rated: bool
    color: str
    rating: int | None
    low: int | None
    high: int | None
    category: str | None
    created_at: int

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Seek:
        text = row["time_control"]
        tc = TimeControl.from_json(json.loads(text)) if text else None
        return cls(row["id"], row["identity"], row["name"], row["rules"], tc,
                   bool(row["rated"]), row["color"], row["rating"], row["low"], row["high"],
                   row["category"], row["created_at"])

    def to_row(self) -> dict[str, Any]:
        return {"id": self.id, "identity": self.identity, "name": self.name,
                "rules": self.rules,
                "time_control": json.dumps(self.tc.to_json()) if self.tc else None,
                "rated": self.rated, "color": self.color, "rating": self.rating,
                "low": self.low, "high": self.high, "category": self.category,
                "created_at": self.created_at}

    def view(self) -> dict[str, Any]:
        """The seek as the lobby shows it (no identity: a guest id stays private)."""
        return {"seek_id": self.id, "name": self.name, "rating": self.rating,
                "rules": self.rules, "time_control": self.tc.to_json() if self.tc else None,
                "rated": self.rated, "color": self.color, "category": self.category,
                "range": [self.low, self.high] if self.low is not None else None,
                "created_at": self.created_at}

    def room_options(self) -> dict[str, Any]:
        """The room a pairing opens: the creator hosts and plays the colour asked."""
        return {"rules": self.rules, "time_control": self.tc.to_json() if self.tc else None,
                "rated": self.rated, "color": self.color, "opponent": "human"}

    def accepts(self, rating: int | None) -> bool:
        """Whether an opponent of ``rating`` is in this seek's range (casual: anyone)."""
        if not self.rated or self.low is None or self.high is None:
            return True
        return rating is not None and self.low <= rating <= self.high


def compatible(a: Seek, b: Seek) -> bool:
    """Two seeks of different players asking for the same game, each in the other's
    rating range, with colours that do not clash."""
    return (a.identity != b.identity and a.rules == b.rules and a.tc == b.tc
            and a.rated == b.rated and not (a.color == b.color != "random")
            and a.accepts(b.rating) and b.accepts(a.rating))
