"""External engines (a user's Pikafish, any UCI or UCCI program) behind our
:class:`~cotuong.engine.interface.EnginePlayer` interface.

- :class:`ExternalEngine`: blocking, for matches and the terminal game.
- :class:`AsyncEngine`: the asyncio core, for servers.
- :mod:`cotuong.engines.protocol`: line parsing and ``go`` commands.
- :func:`open_engine`: ``level:3`` / ``cmd:pikafish`` specs (matches, ``cotuong play``).

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
from cotuong.engines.spec import EngineSpec, open_engine, parse_spec

__all__ = [
    "AsyncEngine",
    "EngineError",
    "EngineIllegalMoveError",
    "EngineOption",
    "EngineProtocolError",
    "EngineSpec",
    "EngineStartError",
    "EngineTerminatedError",
    "EngineTimeoutError",
    "ExternalEngine",
    "open_engine",
    "parse_spec",
    "split_command",
]
