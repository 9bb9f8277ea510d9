"""External engines (a user's Pikafish, any UCI or UCCI program) behind our
:class:`~cotuong.engine.interface.EnginePlayer` interface.

- :class:`ExternalEngine`: blocking, for matches and the terminal game.
- :class:`AsyncEngine`: the asyncio core, for servers.
- :mod:`cotuong.engines.protocol`: line parsing and ``go`` commands.

>>> from cotuong.engines import ExternalEngine, EngineError
>>> issubclass(EngineError, ValueError)
True
"""

from cotuong.engines.aio import AsyncEngine, split_command
from cotuong.engines.client import ExternalEngine
from cotuong.engines.errors import (
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineStartError,
    EngineTerminatedError,
    EngineTimeoutError,
)
from cotuong.engines.protocol import EngineOption

__all__ = [
    "AsyncEngine",
    "EngineError",
    "EngineIllegalMoveError",
    "EngineOption",
    "EngineProtocolError",
    "EngineStartError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "ExternalEngine",
    "split_command",
]
