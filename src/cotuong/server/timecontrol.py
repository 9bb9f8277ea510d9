"""Time controls and clock arithmetic, as pure values (the server supplies "now").

Two kinds, as Vietnamese and Chinese sites offer them:

* ``fischer``: ``base_ms`` for the game plus ``increment_ms`` after each own move;
* ``byoyomi`` ("seconds per move"): main time ``base_ms`` (may be 0); once it is used up,
  every move must be made within ``period_ms``, which starts afresh after each move.

Clocks run only once both sides have made their first move (``START_PLY``); before
that a game can still be aborted.

>>> tc = TimeControl("fischer", base_ms=60_000, increment_ms=2_000)
>>> c = ClockState.initial(tc)
>>> c = c.start("red", now_ms=1_000)
>>> c.remaining("red", now_ms=11_000)
50000
>>> c, late = c.after_move(tc, "red", now_ms=11_000)
>>> late, c.red_ms, c.running
(False, 52000, 'black')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cotuong.core.errors import CotuongError

START_PLY = 2  # clocks start once Red and Black have each moved once
MAX_BASE_MS = 3 * 3600 * 1000
MAX_INCREMENT_MS = 10 * 60 * 1000
MIN_PERIOD_MS = 1000


class TimeControlError(CotuongError):
    """A time control that is malformed or out of range."""

    code = "BAD_TIME_CONTROL"


def _other(color: str) -> str:
    return "black" if color == "red" else "red"


@dataclass(frozen=True, slots=True)
class TimeControl:
    """``kind`` is ``"fischer"`` or ``"byoyomi"``; times in milliseconds."""

    kind: str
    base_ms: int
    increment_ms: int = 0
    period_ms: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("fischer", "byoyomi"):
            raise TimeControlError(f"time control kind must be 'fischer' or 'byoyomi', "
                                   f"not {self.kind!r}")
        if not 0 <= self.base_ms <= MAX_BASE_MS:
            raise TimeControlError(f"base_ms must be 0..{MAX_BASE_MS}, not {self.base_ms}")
        if self.kind == "fischer":
            if not 0 <= self.increment_ms <= MAX_INCREMENT_MS:
                raise TimeControlError(
                    f"increment_ms must be 0..{MAX_INCREMENT_MS}, not {self.increment_ms}")
            if self.base_ms == 0:
                raise TimeControlError("a Fischer time control needs base_ms > 0")
        elif not MIN_PERIOD_MS <= self.period_ms <= MAX_INCREMENT_MS:
            raise TimeControlError(
                f"period_ms must be {MIN_PERIOD_MS}..{MAX_INCREMENT_MS}, not {self.period_ms}")

    def to_json(self) -> dict[str, Any]:
        if self.kind == "fischer":
            return {"kind": "fischer", "base_ms": self.base_ms,
                    "increment_ms": self.increment_ms}
        return {"kind": "byoyomi", "base_ms": self.base_ms, "period_ms": self.period_ms}

    @classmethod
    def from_json(cls, data: object) -> TimeControl | None:
        """``None`` for an untimed game; :class:`TimeControlError` for bad data."""
        if data is None:
            return None
        if not isinstance(data, dict):
            raise TimeControlError("time_control must be an object or null")
        kind = data.get("kind")
        values: dict[str, int] = {}
        for key in ("base_ms", "increment_ms", "period_ms"):
            v = data.get(key, 0)
            if v is None:
                v = 0
            if not isinstance(v, int) or isinstance(v, bool):
                raise TimeControlError(f"time_control.{key} must be a whole number of ms")
            values[key] = v
        return cls(str(kind), **values)


@dataclass(frozen=True, slots=True)
class ClockState:
    """Main time left for each side as of ``since_ms`` (for the running side) — the moment
    the running side's turn began. ``running`` is ``None`` before the clocks start and
    after the end."""

    red_ms: int
    black_ms: int
    running: str | None = None
    since_ms: int = 0

    @classmethod
    def initial(cls, tc: TimeControl) -> ClockState:
        return cls(tc.base_ms, tc.base_ms)

    def main(self, color: str) -> int:
        return self.red_ms if color == "red" else self.black_ms

    def _with_main(self, color: str, ms: int) -> ClockState:
        return replace(self, red_ms=ms) if color == "red" else replace(self, black_ms=ms)

    def start(self, color: str, now_ms: int) -> ClockState:
        """``color``'s clock runs from ``now_ms``."""
        return replace(self, running=color, since_ms=now_ms)

    def stop(self, now_ms: int, tc: TimeControl) -> ClockState:
        """Stop the clocks (game over), charging the running side up to ``now_ms``."""
        if self.running is None:
            return self
        color = self.running
        return replace(self._with_main(color, max(0, self.remaining(color, now_ms, tc))),
                       running=None, since_ms=now_ms)

    def elapsed(self, now_ms: int) -> int:
        return max(0, now_ms - self.since_ms) if self.running is not None else 0

    def remaining(self, color: str, now_ms: int, tc: TimeControl | None = None) -> int:
        """Main time ``color`` has left at ``now_ms`` (negative once overdrawn; in byo-yomi
        it stays at 0 and the period counts instead)."""
        main = self.main(color)
        if self.running != color:
            return main
        left = main - self.elapsed(now_ms)
        if tc is not None and tc.kind == "byoyomi":
            return max(0, left)
        return left

    def period_left(self, color: str, now_ms: int, tc: TimeControl) -> int | None:
        """Byo-yomi: what is left of ``color``'s current period (full when not running)."""
        if tc.kind != "byoyomi":
            return None
        if self.running != color:
            return tc.period_ms
        over = self.elapsed(now_ms) - self.main(color)
        return tc.period_ms - max(0, over)

    def deadline(self, tc: TimeControl) -> int | None:
        """The server time at which the running side's flag falls."""
        if self.running is None:
            return None
        allowed = self.main(self.running) + (tc.period_ms if tc.kind == "byoyomi" else 0)
        return self.since_ms + allowed

    def after_move(self, tc: TimeControl, color: str,
                   now_ms: int) -> tuple[ClockState, bool]:
        """The clocks after ``color`` moved at ``now_ms``: ``(state, late)``; ``late`` means
        the time was already out (the caller flags instead of playing)."""
        if self.running != color:
            return self, False
        deadline = self.deadline(tc)
        assert deadline is not None
        if now_ms > deadline:
            return self, True
        spent = self.elapsed(now_ms)
        main = self.main(color)
        # A byo-yomi move inside the period keeps the main time at 0.
        left = main - spent + tc.increment_ms if tc.kind == "fischer" else max(0, main - spent)
        state = self._with_main(color, left)
        return replace(state, running=_other(color), since_ms=now_ms), False

    def shifted(self, delta_ms: int) -> ClockState:
        """The same clocks with the running turn begun ``delta_ms`` later (time not charged,
        e.g. while the server was down)."""
        if self.running is None or delta_ms <= 0:
            return self
        return replace(self, since_ms=self.since_ms + delta_ms)

    def to_json(self, now_ms: int, tc: TimeControl) -> dict[str, Any]:
        period = None
        if tc.kind == "byoyomi":
            period = {c: self.period_left(c, now_ms, tc) for c in ("red", "black")}
        return {
            "kind": tc.kind,
            "red_ms": max(0, self.remaining("red", now_ms, tc)),
            "black_ms": max(0, self.remaining("black", now_ms, tc)),
            "period_ms": tc.period_ms if tc.kind == "byoyomi" else None,
            "period_left_ms": period,
            "running": self.running,
            "server_time_ms": now_ms,
        }


class TimeControlBody(BaseModel):
    """A time control in a request body (pydantic: validation and the OpenAPI schema).
    ``fischer``: base + increment; ``byoyomi``: main time, then ``period_ms`` per move."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["fischer", "byoyomi"]
    base_ms: int = Field(ge=0, le=MAX_BASE_MS)
    increment_ms: int = Field(0, ge=0, le=600_000)
    period_ms: int = Field(0, ge=0, le=600_000)
