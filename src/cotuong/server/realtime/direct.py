"""Frames written straight to a socket's transport, below the ASGI layers.

A frame sent the ASGI way passes a queue, the socket's writer task, Starlette's
``WebSocket.send``, its exception wrapper and uvicorn's protocol, which builds a
WebSocket frame object and serialises it, for every socket: ~30 µs of CPU a frame, and a
move sends ~4 (two room frames, the lobby's). A server frame is never masked and the
server never compresses (``ws_per_message_deflate=False``), so a text's frame is the same
bytes for every socket: :func:`frame_bytes` builds them once (the same text goes to both
players, the lobby's to thousands of sockets) and :class:`DirectSink` writes them to the
transport at once, when uvicorn's own ``send`` would have written them at once too: the
handshake done, the socket open, no close sent, the transport not paused by flow control.
Otherwise (and on any other server than uvicorn's ``websockets-sansio`` protocol, e.g.
the test client) the frame takes the ASGI way, as before, and so does everything but
text frames (accept, close).

>>> frame_bytes("hi")
b'\\x81\\x02hi'
>>> len(frame_bytes("x" * 200)), frame_bytes("x" * 200)[:4]
(204, b'\\x81~\\x00\\xc8')
"""

from __future__ import annotations

import struct
from typing import Any

__all__ = ["DirectSink", "direct_sink", "frame_bytes"]

_CACHE: dict[str, bytes] = {}
_CACHE_MAX = 64  # texts being fanned out right now: a few rooms' frames, the lobby's


def frame_bytes(text: str) -> bytes:
    """The unmasked, uncompressed WebSocket text frame (FIN, opcode 1) carrying ``text``;
    recent texts are kept, so a text sent to many sockets is encoded once."""
    data = _CACHE.get(text)
    if data is None:
        payload = text.encode()
        n = len(payload)
        if n < 126:
            header = bytes((0x81, n))
        elif n < 65536:
            header = struct.pack("!BBH", 0x81, 126, n)
        else:
            header = struct.pack("!BBQ", 0x81, 127, n)
        data = header + payload
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        _CACHE[text] = data
    return data


class DirectSink:
    """Writes a text frame to a uvicorn ``websockets-sansio`` connection's transport
    when that is what its ``send`` would do now; ``False``: not written (send it the
    ASGI way)."""

    def __init__(self, protocol: Any, open_state: Any) -> None:
        self._p = protocol
        self._open = open_state

    def __call__(self, text: str) -> bool:
        p = self._p
        try:
            if (not p.writable.is_set() or p.disconnected or not p.handshake_complete
                    or p.close_sent or p.initial_response is not None
                    or p.conn.state is not self._open or p.transport.is_closing()):
                return False
            p.transport.write(frame_bytes(text))
        except Exception:  # a changed uvicorn: the ASGI way still works
            return False
        return True


def direct_sink(websocket: Any) -> DirectSink | None:
    """A sink for an accepted Starlette ``websocket`` served by uvicorn's
    ``websockets-sansio`` protocol or a subclass of it (``web/ws_protocol``), whose
    ``receive`` reaches the app unwrapped;
    ``None`` for any other server or protocol."""
    protocol = getattr(getattr(websocket, "_receive", None), "__self__", None)
    names = {c.__name__ for c in type(protocol).__mro__}  # uvicorn's, or a subclass of it
    if "WebSocketsSansIOProtocol" not in names or not all(
            hasattr(protocol, a) for a in ("writable", "disconnected", "handshake_complete",
                                           "close_sent", "initial_response", "conn",
                                           "transport")):
        return None
    try:
        from websockets.protocol import State
    except ImportError:  # pragma: no cover - uvicorn's sansio protocol needs websockets
        return None
    return DirectSink(protocol, State.OPEN)
