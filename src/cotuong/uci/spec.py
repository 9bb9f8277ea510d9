"""Engine specifications on the command line: ``level:3``, ``cmd:/path/to/pikafish``.

- ``level:N`` — the built-in engine at level N (1-8);
- ``cmd:COMMAND`` — an external UCI engine writing ranks 0-9 (Pikafish);
- ``cmd1:COMMAND`` — an external UCI engine writing ranks 1-10 (Fairy-Stockfish);
- ``ucci:COMMAND`` — an external UCCI engine.

>>> parse_spec("level:3")
EngineSpec(kind='level', level=3, command='', protocol='uci', rank_base=0)
>>> parse_spec("cmd1:fairy-stockfish").rank_base
1
>>> parse_spec("lvl:3")
Traceback (most recent call last):
...
cotuong.uci.errors.EngineError: unknown engine spec 'lvl:3': use level:N (1-8), \
cmd:COMMAND, cmd1:COMMAND or ucci:COMMAND
"""

from __future__ import annotations

from dataclasses import dataclass

import cotuong.engine
from cotuong.engine.interface import EnginePlayer
from cotuong.uci.client import ExternalEngine
from cotuong.uci.errors import EngineError
from cotuong.uci.protocol import ProtocolName


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """Which engine to open: the built-in one at a level, or an external command."""

    kind: str  # "level" or "command"
    level: int = 0
    command: str = ""
    protocol: ProtocolName = "uci"
    rank_base: int = 0

    def __str__(self) -> str:
        if self.kind == "level":
            return f"level:{self.level}"
        prefix = {("uci", 0): "cmd", ("uci", 1): "cmd1"}.get((self.protocol, self.rank_base),
                                                           "ucci")
        return f"{prefix}:{self.command}"


def parse_spec(text: str) -> EngineSpec:
    """Read an engine spec; :class:`EngineError` says what is wrong."""
    kind, sep, rest = text.partition(":")
    if sep and kind == "level":
        try:
            level = int(rest)
        except ValueError:
            level = 0
        if not 1 <= level <= 8:
            raise EngineError(f"engine spec {text!r}: the level must be 1-8")
        return EngineSpec("level", level=level)
    if sep and kind in ("cmd", "cmd1", "ucci") and rest.strip():
        return EngineSpec("command", command=rest.strip(),
                          protocol="ucci" if kind == "ucci" else "uci",
                          rank_base=1 if kind == "cmd1" else 0)
    raise EngineError(f"unknown engine spec {text!r}: use level:N (1-8), cmd:COMMAND, "
                      "cmd1:COMMAND or ucci:COMMAND")


def open_engine(spec: str | EngineSpec, *, seed: int | None = None) -> EnginePlayer:
    """Start the engine ``spec`` names (the caller closes it)."""
    if isinstance(spec, str):
        spec = parse_spec(spec)
    if spec.kind == "level":
        # NumPy/Numba load here, on first use (MissingExtraError without the [engine] extra).
        engine: EnginePlayer = cotuong.engine.BuiltinEngine(level=spec.level)
        if seed is not None:
            engine.set_option("Seed", str(seed))
        return engine
    return ExternalEngine(spec.command, protocol=spec.protocol, rank_base=spec.rank_base)
