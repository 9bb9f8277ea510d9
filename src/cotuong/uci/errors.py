"""Errors of the UCI/UCCI layer: one class per way an external engine can fail, and
:class:`UciCommandError` for a command our own server cannot follow.

All are :class:`cotuong.CotuongError` (so ``ValueError``) subclasses with a stable
``code``, so a tournament director can record *why* an engine lost a game.

>>> from cotuong.uci import EngineTimeoutError, EngineError
>>> err = EngineTimeoutError("no 'uciok' within 2.0 s from ['pikafish']")
>>> isinstance(err, EngineError), err.code
(True, 'ENGINE_TIMEOUT')
"""

from __future__ import annotations

from cotuong.core.errors import CotuongError


class EngineError(CotuongError):
    """Base class: something went wrong talking to an engine."""

    code = "ENGINE_ERROR"


class EngineStartError(EngineError):
    """The engine program could not be started (not found, not executable)."""

    code = "ENGINE_START"


class EngineTerminatedError(EngineError):
    """The engine process exited (crashed) while we were waiting for it."""

    code = "ENGINE_TERMINATED"


class EngineTimeoutError(EngineError):
    """The engine did not answer in time (handshake, ``isready`` or a search)."""

    code = "ENGINE_TIMEOUT"


class EngineProtocolError(EngineError):
    """The engine said something the protocol does not allow (garbage, bad numbers)."""

    code = "ENGINE_PROTOCOL"


class EngineIllegalMoveError(EngineProtocolError):
    """The engine answered ``bestmove`` with a move that is not legal in the position."""

    code = "ENGINE_ILLEGAL_MOVE"


class UciCommandError(CotuongError):
    """A UCI/UCCI command our server (``cotuong engine``) cannot follow (reported, then
    ignored)."""

    code = "UCI_COMMAND"
