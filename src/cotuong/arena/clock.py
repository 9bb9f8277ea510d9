"""A match's time control: per move (time, depth, nodes) or a clock with an increment.

>>> base, inc = parse_clock("10+0.1")
>>> MatchClock(base_ms=base, inc_ms=inc).describe()
'10+0.1 s'
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.core.errors import CotuongError

__all__ = ["MatchClock", "parse_clock"]


@dataclass(frozen=True, slots=True)
class MatchClock:
    """Per move (``movetime_ms``, ``depth``, ``nodes``) or a clock (``base_ms`` + ``inc_ms``
    per move; running out loses on time). All empty: each engine's default (the
    built-in levels choose their own depth and time).

    >>> MatchClock(movetime_ms=300, depth=6).describe()
    '300 ms/move, depth 6'
    """

    movetime_ms: int | None = None
    base_ms: int | None = None
    inc_ms: int = 0
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        for name in ("movetime_ms", "base_ms", "depth", "nodes"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise CotuongError(f"match clock: {name} must be positive, not {value}")
        if self.inc_ms < 0:
            raise CotuongError(f"match clock: the increment must not be negative ({self.inc_ms})")

    def describe(self) -> str:
        parts = []
        if self.base_ms is not None:
            parts.append(f"{self.base_ms / 1000:g}+{self.inc_ms / 1000:g} s")
        if self.movetime_ms is not None:
            parts.append(f"{self.movetime_ms} ms/move")
        if self.depth is not None:
            parts.append(f"depth {self.depth}")
        if self.nodes is not None:
            parts.append(f"{self.nodes} nodes")
        return ", ".join(parts) or "engine default"


def parse_clock(text: str) -> tuple[int, int]:
    """``"60+0.5"`` (seconds) → ``(60000, 500)`` milliseconds.

    >>> parse_clock("10+0.1")
    (10000, 100)
    """
    base, _, inc = text.partition("+")
    try:
        base_ms, inc_ms = round(float(base) * 1000), round(float(inc or 0) * 1000)
    except (ValueError, OverflowError):  # "x", "nan"; "inf" overflows round()
        raise CotuongError(f"bad clock {text!r}: write BASE+INC in seconds, e.g. 60+0.5",
                           "BAD_CLOCK") from None
    if base_ms <= 0:
        raise CotuongError(f"bad clock {text!r}: the base must be positive", "BAD_CLOCK")
    if inc_ms < 0:
        raise CotuongError(f"bad clock {text!r}: the increment must not be negative",
                           "BAD_CLOCK")
    return base_ms, inc_ms
