"""UCI/UCCI: the protocol, external engines (a user's Pikafish, any UCI or UCCI
program) behind our :class:`~cotuong.engine.interface.EnginePlayer` interface, and our
own ``cotuong engine`` server.

- :mod:`cotuong.uci.protocol`: every line read or written, both directions (pure).
- :class:`AsyncEngine` (asyncio, for servers) and :class:`ExternalEngine` (blocking, for
  matches and the terminal game): the client.
- :class:`UciServer` / :func:`serve`: any ``EnginePlayer`` served over UCI/UCCI.
- :func:`open_engine`: ``level:3`` / ``cmd:pikafish`` specs (matches, ``cotuong play``).

>>> from cotuong.uci import ExternalEngine, EngineError
>>> issubclass(EngineError, ValueError)
True
"""

from cotuong.uci.aio import AsyncEngine, split_command
from cotuong.uci.client import ExternalEngine
from cotuong.uci.errors import (
    EngineError,
    EngineIllegalMoveError,
    EngineProtocolError,
    EngineStartError,
    EngineTerminatedError,
    EngineTimeoutError,
    UciCommandError,
)
from cotuong.uci.protocol import EngineOption, ProtocolName
from cotuong.uci.server import UciServer, serve
from cotuong.uci.spec import EngineSpec, open_engine, parse_spec

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
    "ProtocolName",
    "UciCommandError",
    "UciServer",
    "open_engine",
    "parse_spec",
    "serve",
    "split_command",
]
