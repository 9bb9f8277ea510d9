"""uvicorn's ``websockets-sansio`` WebSocket protocol, cheaper per frame (``cotuong serve``
and the benchmark pass it as ``uvicorn.Config(ws=...)``).

* **Text frames in on a short path.** A client's usual frame (one masked text frame,
  FIN set, under 64 KiB, whole in the bytes just read) is cut out of the bytes here and
  its text put in the socket's :class:`~cotuong.server.realtime.inbound.Inbox`, which
  the frame loop reads without the ASGI layers; uvicorn pauses reading after every
  frame until the app takes it, this protocol only when a frame arrives that the app is
  not waiting for. Anything else (control frames, fragments, binary, a frame cut by the
  read, invalid UTF-8, a frame over ``ws_max_size``, a closing socket) and all the bytes
  after it go to the ``websockets`` parser as before, which also answers pings, checks
  the protocol and closes with the right code.
* **Keep-alive pings only for quiet sockets.** uvicorn pings every socket every
  ``ws_ping_interval`` seconds (the setting ``ws_ping_interval_s``) and closes it if the
  pong is not back within ``ws_ping_timeout`` (``ws_ping_timeout_s``). Here a socket
  heard from within the interval, and being read (not paused by the app's pacing), is
  not pinged: its next check is one interval after it was last heard from. A dead peer
  is still closed within the interval and the timeout after its last frame, as before;
  a player at a board (a move every few seconds) or a browser (a ``ping`` frame every
  25 s with a 30 s interval) is never pinged.

>>> from websockets.frames import Frame, Opcode
>>> data = Frame(Opcode.TEXT, b'{"type":"ping"}').serialize(mask=True, extensions=[])
>>> texts, rest = split_texts(data + b"\\x89", 65536)
>>> texts, rest
(['{"type":"ping"}'], b'\\x89')
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

from cotuong.server.realtime import Inbox

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - the C extension is built on every usual platform
    from websockets.utils import apply_mask

__all__ = ["CotuongWebSocketProtocol", "split_texts"]

_FIN_TEXT = 0x81  # FIN, no extension bits, opcode 1


def split_texts(data: bytes, max_size: int | None) -> tuple[list[str], bytes]:
    """The texts of the whole masked ``FIN`` text frames at the front of ``data`` (a
    client's frames) and the bytes from the first other one on (a control frame, a
    fragment, a frame not whole yet, a text that is not UTF-8, one over ``max_size``)."""
    texts: list[str] = []
    i = 0
    end = len(data)
    while end - i >= 6:
        if data[i] != _FIN_TEXT:
            break
        n = data[i + 1]
        if not n & 0x80:  # unmasked: the parser refuses it
            break
        n &= 0x7F
        head = i + 2
        if n == 126:
            if end - i < 8:
                break
            n = (data[head] << 8) | data[head + 1]
            head += 2
        elif n == 127:
            break
        stop = head + 4 + n
        if stop > end or (max_size is not None and n > max_size):
            break
        try:
            text = apply_mask(data[head + 4:stop], data[head:head + 4]).decode()
        except UnicodeDecodeError:
            break
        texts.append(text)
        i = stop
    return texts, data[i:]


class CotuongWebSocketProtocol(WebSocketsSansIOProtocol):
    """The protocol (see the module's text); on its connections the app finds an
    :class:`Inbox` as ``receive.__self__.queue``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue: Inbox = Inbox(self)  # type: ignore[assignment]
        self.heard_at = 0.0  # the loop's time of the last text frame read
        conn = self.conn
        # The parser's state read below (a changed ``websockets``: the usual path only).
        self._short = all(hasattr(conn, a) for a in (
            "reader", "current_size", "expect_continuation_frame", "parser_exc", "state"))

    def data_received(self, data: bytes) -> None:
        conn = self.conn
        if (self._short and self.handshake_complete and not self.close_sent
                and self.initial_response is None and conn.state is State.OPEN
                and not conn.reader.buffer and conn.current_size is None
                and not conn.expect_continuation_frame and conn.parser_exc is None):
            texts, data = split_texts(data, self.config.ws_max_size)
            if texts:
                self.heard_at = self.loop.time()
                inbox = self.queue
                backlog = False
                for text in texts:
                    if not inbox.put_text(text):
                        backlog = True
                if backlog and not self.read_paused:
                    self.read_paused = True
                    self.transport.pause_reading()
            if not data:
                return
        super().data_received(data)

    def send_keepalive_ping(self) -> None:
        wait = self.heard_at + (self.ping_interval or 0.0) - self.loop.time()
        if wait > 0.0 and not self.read_paused:
            self.ping_timer = self.loop.call_later(wait, self.send_keepalive_ping)
            return
        super().send_keepalive_ping()
