"""The built-in engine: a Numba-compiled alpha-beta search over its own compact board.

This package is the search only; the UCI/UCCI protocol, external engines and the
``cotuong engine`` server are :mod:`cotuong.uci`, matches and the terminal game
:mod:`cotuong.arena`. The :class:`EnginePlayer` interface they all share is
:mod:`cotuong.engine.interface`.

Importing this package is cheap and needs the standard library only: NumPy/Numba (the
``[engine]`` extra) and the compiled search load when :class:`BuiltinEngine` or
:func:`perft` is first used, and compiled code is cached on disk so a second process
starts fast. Without the extra, that first use raises
:class:`~cotuong.extras.MissingExtraError` naming it.

>>> from cotuong.engine import perft
>>> perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 2)
1920
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from cotuong.engine.interface import EnginePlayer, Info, InfoCallback, Limits, SearchResult
from cotuong.engine.levels import LEVELS, InvalidLevelError, Level, level
from cotuong.extras import missing_extra

if TYPE_CHECKING:
    from cotuong.engine.builtin import BuiltinEngine

__all__ = [
    "LEVELS",
    "BuiltinEngine",
    "EnginePlayer",
    "Info",
    "InfoCallback",
    "InvalidLevelError",
    "Level",
    "Limits",
    "SearchResult",
    "level",
    "perft",
]


def _compiled() -> tuple[ModuleType, ModuleType]:
    """The compiled engine: :mod:`cotuong.engine.builtin` and :mod:`~cotuong.engine.position`."""
    try:
        # Function-level on purpose, not to dodge a cycle: NumPy and Numba are the optional
        # [engine] extra, loaded (and the search compiled) only when the engine is used.
        from cotuong.engine import builtin, position
    except ModuleNotFoundError as exc:
        error = missing_extra(exc, "the built-in engine")
        if error is None:
            raise
        raise error from exc
    return builtin, position


def perft(fen: str, depth: int) -> int:
    """Count the legal move paths of ``depth`` plies from ``fen`` with the engine's generator.

    The FEN is validated by the rules core (bad input raises ``InvalidFenError`` or
    ``IllegalSetupError``); ``depth`` below 1 counts the position itself.
    """
    position = _compiled()[1]
    count: int = position.perft(position.position_from_fen(fen), depth)
    return count


def __getattr__(name: str) -> Any:  # PEP 562: BuiltinEngine on first use
    if name == "BuiltinEngine":
        return _compiled()[0].BuiltinEngine
    raise AttributeError(f"module 'cotuong.engine' has no attribute {name!r}")
