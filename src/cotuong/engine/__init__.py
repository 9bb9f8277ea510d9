"""The built-in engine: a Numba-compiled alpha-beta search over its own compact board.

Importing this package (or :mod:`cotuong.engine.interface`) is cheap: NumPy/Numba and the
compiled search load only when :class:`BuiltinEngine`, :data:`LEVELS` or :func:`perft` is
first used, and compiled code is cached on disk so a second process starts fast.

>>> from cotuong.engine import perft
>>> perft("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", 2)
1920
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cotuong.engine.builtin import BuiltinEngine
    from cotuong.engine.levels import LEVELS, Level

__all__ = ["LEVELS", "BuiltinEngine", "Level", "perft"]

# Attribute -> module that defines it; loaded on first access (PEP 562).
_LAZY = {
    "BuiltinEngine": "cotuong.engine.builtin",
    "LEVELS": "cotuong.engine.levels",
    "Level": "cotuong.engine.levels",
}


def perft(fen: str, depth: int) -> int:
    """Count the legal move paths of ``depth`` plies from ``fen`` with the engine's generator.

    The FEN is validated by the rules core (bad input raises ``InvalidFenError`` or
    ``IllegalSetupError``); ``depth`` below 1 counts the position itself.
    """
    from cotuong.engine.position import perft as _perft
    from cotuong.engine.position import position_from_fen

    return _perft(position_from_fen(fen), depth)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cotuong.engine' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
