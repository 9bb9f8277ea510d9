"""A blocking :class:`~cotuong.engine.interface.EnginePlayer` for external engines.

:class:`ExternalEngine` runs an :class:`~cotuong.uci.aio.AsyncEngine` on its own
event loop in a background thread, so synchronous code (matches, the terminal game)
uses a user's Pikafish exactly like the built-in engine. ``stop()`` may be called
from any thread; ``on_info`` callbacks run on the engine's thread.

>>> import sys
>>> try:
...     ExternalEngine([sys.executable, "-c", "import sys; sys.exit(3)"], handshake_timeout=2)
... except EngineError as err:
...     print(err.code)
ENGINE_TERMINATED
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import threading
from collections.abc import Coroutine, Mapping, Sequence
from typing import Any, TypeVar

from cotuong.engine.interface import InfoCallback, Limits, SearchResult
from cotuong.uci.aio import AsyncEngine
from cotuong.uci.errors import EngineError, EngineTerminatedError
from cotuong.uci.protocol import ProtocolName

T = TypeVar("T")


class ExternalEngine:
    """An external UCI/UCCI engine behind the :class:`EnginePlayer` interface.

    ``options`` are set right after the handshake. ``search_timeout`` bounds searches
    that have no time limit of their own (depth/nodes). Use as a context manager, or
    call :meth:`close` — the process is always stopped (quit, terminate, kill).
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        protocol: ProtocolName = "uci",
        rank_base: int = 0,
        options: Mapping[str, str] | None = None,
        handshake_timeout: float = 10.0,
        reply_timeout: float = 5.0,
        search_timeout: float | None = None,
        quit_timeout: float = 1.0,
        name: str | None = None,
    ) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever,
                                        name="cotuong-engine-io", daemon=True)
        self._thread.start()
        self._closed = False
        self._search_timeout = search_timeout
        self._name = name
        try:
            self._engine = self._call(self._make(command, protocol, rank_base,
                                                 handshake_timeout, reply_timeout))
            self._engine.quit_timeout = quit_timeout
            self._call(self._engine.start())
            for key, value in (options or {}).items():
                self._call(self._engine.set_option(key, value))
        except BaseException:
            self.close()
            raise

    @staticmethod
    async def _make(command: str | Sequence[str], protocol: ProtocolName, rank_base: int,
                    handshake_timeout: float, reply_timeout: float) -> AsyncEngine:
        # Built on the loop's thread: asyncio objects belong to the loop that made them.
        return AsyncEngine(command, protocol=protocol, rank_base=rank_base,
                           handshake_timeout=handshake_timeout, reply_timeout=reply_timeout)

    def _call(self, coro: Coroutine[Any, Any, T]) -> T:
        if self._closed:
            coro.close()
            raise EngineTerminatedError("the engine has been closed")
        future = asyncio.run_coroutine_threadsafe(coro, self._loop)
        try:
            return future.result()
        except concurrent.futures.CancelledError:
            raise EngineTerminatedError("the engine call was cancelled") from None

    # ------------------------------------------------------ EnginePlayer
    @property
    def name(self) -> str:
        if self._name:
            return self._name
        engine = getattr(self, "_engine", None)
        if engine is not None and engine.id_name:
            return str(engine.id_name)
        return os.path.basename(engine.command[0]) if engine is not None else "engine"

    @property
    def engine(self) -> AsyncEngine:
        """The underlying asyncio engine (options, id, warnings, pid)."""
        return self._engine

    def new_game(self) -> None:
        self._call(self._engine.new_game())

    def set_option(self, name: str, value: str) -> None:
        self._call(self._engine.set_option(name, value))

    def is_ready(self) -> None:
        self._call(self._engine.is_ready())

    def search(
        self,
        start_fen: str,
        moves: Sequence[str],
        limits: Limits,
        on_info: InfoCallback | None = None,
    ) -> SearchResult:
        return self._call(self._engine.search(start_fen, moves, limits, on_info,
                                              timeout=self._search_timeout))

    def stop(self) -> None:
        if self._closed or self._loop.is_closed():
            return
        asyncio.run_coroutine_threadsafe(self._engine.request_stop(), self._loop)

    def close(self) -> None:
        """Quit the engine process and end the I/O thread (safe to call twice)."""
        if self._closed:
            return
        engine = getattr(self, "_engine", None)
        if engine is not None:
            with contextlib.suppress(EngineError):
                self._call(engine.quit())
        self._closed = True
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    def __enter__(self) -> ExternalEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:  # a forgotten close must not leave a process behind
        if not getattr(self, "_closed", True) and self._thread.is_alive():
            with contextlib.suppress(Exception):
                self.close()
