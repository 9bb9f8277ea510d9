"""Connection limits below the app, in uvicorn's HTTP/1.1 protocol (h11): request headers
must arrive within a time limit, and one client address may hold only so many HTTP
connections at once. uvicorn has neither: a connection that never finishes its headers
was held for ever, and one address could hold thousands.

A connection upgraded to a WebSocket leaves this count (the app's guard counts open
WebSockets per address, :mod:`cotuong.server.web.app`).

>>> cls = guarded_h11(header_timeout_s=10, max_per_address=64)
>>> cls.__name__, cls.counts
('GuardedH11Protocol', {})
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["guarded_h11"]


def guarded_h11(header_timeout_s: float, max_per_address: int) -> type[H11Protocol]:
    """A protocol class for ``uvicorn.Config(http=...)`` with these limits (0: none); each
    class keeps its own counts, so two servers in one process share nothing."""

    class GuardedH11Protocol(H11Protocol):
        counts: ClassVar[dict[str, int]] = {}

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._header_timer: asyncio.TimerHandle | None = None
            self._address = self.client[0] if self.client else "?"
            n = self.counts.get(self._address, 0) + 1
            self.counts[self._address] = n
            self._counted = True
            if max_per_address and n > max_per_address:
                transport.close()  # one too many: nothing is read from it
                return
            self._arm()

        def _arm(self) -> None:
            if header_timeout_s and self._header_timer is None:
                self._header_timer = self.loop.call_later(header_timeout_s, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

        def _uncount(self) -> None:
            if self._counted:
                self._counted = False
                left = self.counts.get(self._address, 1) - 1
                if left > 0:
                    self.counts[self._address] = left
                else:
                    self.counts.pop(self._address, None)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            # Still reading a request's headers (the first, or the next on a kept-alive
            # connection): the clock runs from its first byte.
            if self.conn.their_state is h11.IDLE and data:
                self._arm()
            else:
                self._disarm()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()
            self._uncount()
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

    return GuardedH11Protocol
