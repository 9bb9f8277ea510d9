"""A socket's incoming messages without the ASGI layers: :class:`Inbox`.

A frame read the ASGI way becomes a dict in uvicorn's ``asyncio.Queue``, goes through
uvicorn's ``receive``, Starlette's ``WebSocket.receive`` and its state checks, and
reading the socket is paused after every frame and resumed when the app takes it (two
``epoll`` changes a frame). On :class:`cotuong.server.web.ws_protocol.CotuongWebSocketProtocol`
the protocol's queue is an :class:`Inbox` instead: a text frame goes in as the bare
string, the frame loop takes it with :meth:`Inbox.next` (one future a wait, made by the
loop, no ``asyncio.Queue`` bookkeeping), and reading is paused only when a frame arrives
that nobody is waiting for (the app busy with the previous one, or pacing the socket:
docs/server.md, "Security"), so a flood still stays in the network buffers. Every
other event (disconnect, binary or fragmented messages) goes in as its ASGI dict, and
uvicorn's own ``receive`` still works on the same inbox (the handshake, the test client
has none).

>>> import asyncio
>>> async def demo():
...     box = Inbox()
...     box.put_text("hi")
...     box.put_nowait({"type": "websocket.disconnect", "code": 1000})
...     return await box.next(), (await box.get())["type"]
>>> asyncio.run(demo())
('hi', 'websocket.disconnect')
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

__all__ = ["Inbox", "fast_inbox"]


class Inbox:
    """A socket's incoming events in order: texts as ``str``, anything else as its ASGI
    dict. Quacks as the ``asyncio.Queue`` uvicorn's protocol keeps (``put_nowait``,
    ``get``, ``empty``); ``protocol``, when given, is paused and resumed like uvicorn's
    own ``receive`` does (``read_paused``, ``transport``)."""

    __slots__ = ("_items", "_loop", "_protocol", "_waiter")

    def __init__(self, protocol: Any = None) -> None:
        self._items: deque[str | dict[str, Any]] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._protocol = protocol
        # The protocol's loop: asking asyncio for the running loop costs a getpid() a
        # call on Python 3.11.
        self._loop: asyncio.AbstractEventLoop | None = getattr(protocol, "loop", None)

    def put_text(self, text: str) -> bool:
        """Add a text frame; ``True`` if a reader was waiting for it (so there is no
        backlog: the socket need not be paused)."""
        items = self._items
        items.append(text)
        waiter = self._waiter
        if waiter is None:
            return False
        self._waiter = None
        if not waiter.done():
            waiter.set_result(None)
        return len(items) == 1

    def put_nowait(self, item: dict[str, Any]) -> None:
        """Add an ASGI event (uvicorn's protocol calls this)."""
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():
                waiter.set_result(None)

    def empty(self) -> bool:
        return not self._items

    def __len__(self) -> int:
        return len(self._items)

    async def _arrival(self) -> None:
        """Until something is added (the loop is looked up once: on Python 3.11 each
        ``get_running_loop`` is a ``getpid`` system call)."""
        loop = self._loop
        if loop is None:
            loop = self._loop = asyncio.get_running_loop()
        waiter = loop.create_future()
        self._waiter = waiter
        try:
            await waiter
        finally:
            if self._waiter is waiter:
                self._waiter = None

    async def next(self) -> str | dict[str, Any]:
        """The next event: a text frame's text, or an ASGI dict (``websocket.disconnect``,
        a binary message, a message that came in fragments). Resumes reading the socket
        once nothing is left to take."""
        items = self._items
        while not items:
            await self._arrival()
        item = items.popleft()
        p = self._protocol
        if p is not None and not items and p.read_paused:
            p.read_paused = False
            p.transport.resume_reading()
        return item

    async def get(self) -> dict[str, Any]:
        """The next event as an ASGI dict (uvicorn's ``receive`` awaits this; it resumes
        reading itself)."""
        items = self._items
        while not items:
            await self._arrival()
        item = items.popleft()
        if isinstance(item, str):
            return {"type": "websocket.receive", "text": item}
        return item


def fast_inbox(websocket: Any) -> Inbox | None:
    """The :class:`Inbox` of an accepted Starlette ``websocket`` whose server keeps one
    (``CotuongWebSocketProtocol``, whose ``receive`` reaches the app unwrapped);
    ``None`` otherwise (read it the ASGI way)."""
    protocol = getattr(getattr(websocket, "_receive", None), "__self__", None)
    inbox = getattr(protocol, "queue", None)
    return inbox if isinstance(inbox, Inbox) else None
