"""A minimal WebSocket client for the load generator (RFC 6455, text frames only).

``bench_server.py`` stands for thousands of browsers in one or a few processes; with the
``websockets`` library each of its 8,000-20,000 sockets cost a reader task, futures per
frame, a keep-alive task and the library's general frame machinery, and at 2,000-3,000
games the clients could not read the server's replies in time (issue 27). Here a socket
is an ``asyncio.Protocol``: the server's frames (never masked, never compressed: the
benchmark server runs without per-message deflate) are cut out of the bytes as they
arrive and each message's payload is handed, undecoded, to a callback (or queued for
:meth:`Socket.recv` while setting up); pings are answered; the client's own frames are
masked with a fresh key, as RFC 6455 requires of a client. No keep-alive pings of its
own (a browser sends none).

>>> frame_text("hi", b"\\x00\\x00\\x00\\x00")
b'\\x81\\x82\\x00\\x00\\x00\\x00hi'
>>> frame_text("hi", b"\\x01\\x02\\x03\\x04")[6:] == bytes([ord("h") ^ 1, ord("i") ^ 2])
True
>>> accept_key("dGhlIHNhbXBsZSBub25jZQ==")  # RFC 6455's example
's3pPLMBiTxaQ9kYGzzhZRbK+xOo='
"""

from __future__ import annotations

import asyncio
import base64
import collections
import hashlib
import os
import struct
from collections.abc import Callable
from typing import cast

__all__ = ["Socket", "accept_key", "connect", "frame_text", "mask"]

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0, 1, 2, 8, 9, 10


def accept_key(key: str) -> str:
    """The ``Sec-WebSocket-Accept`` a server answers to ``Sec-WebSocket-Key: key``."""
    return base64.b64encode(hashlib.sha1(key.encode() + _GUID).digest()).decode()


def mask(payload: bytes, key: bytes) -> bytes:
    """``payload`` XOR-ed with the 4-byte ``key`` repeated (one big-integer XOR).

    >>> mask(mask(b"hello", b"abcd"), b"abcd")
    b'hello'
    """
    n = len(payload)
    if not n:
        return b""
    repeated = (key * ((n >> 2) + 1))[:n]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(n, "big")


def frame(opcode: int, payload: bytes, key: bytes | None = None) -> bytes:
    """A final client frame (masked with ``key``, a fresh random one by default)."""
    key = os.urandom(4) if key is None else key
    n = len(payload)
    if n < 126:
        header = bytes((0x80 | opcode, 0x80 | n))
    elif n < 65536:
        header = struct.pack("!BBH", 0x80 | opcode, 0xFE, n)
    else:
        header = struct.pack("!BBQ", 0x80 | opcode, 0xFF, n)
    return header + key + mask(payload, key)


def frame_text(text: str, key: bytes | None = None) -> bytes:
    """A client's text frame carrying ``text``."""
    return frame(OP_TEXT, text.encode(), key)


class Socket(asyncio.Protocol):
    """One client WebSocket. Messages (text or binary payloads, undecoded) go to
    ``on_message`` once it is set, before that to a queue read by :meth:`recv`;
    ``on_close`` is called once when the connection ends."""

    def __init__(self, path: str, host: str) -> None:
        self.transport: asyncio.Transport | None = None
        self.on_message: Callable[[bytes], None] | None = None
        self.on_close: Callable[[], None] | None = None
        self.closed = False
        self._key = base64.b64encode(os.urandom(16)).decode()
        self._request = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Key: {self._key}\r\n"
                         "Sec-WebSocket-Version: 13\r\n\r\n").encode()
        self._open: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._head = b""  # the handshake's answer until its blank line
        self._rest = b""  # bytes of a frame not complete yet
        self._need = 0  # how many bytes ``_rest`` must have before parsing again
        self._parts: list[bytes] = []  # a fragmented message's frames so far
        self._queue: collections.deque[bytes] = collections.deque()
        self._waiter: asyncio.Future[None] | None = None
        self._close_sent = False

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # (uvloop's: not a subclass)
        self.transport.write(self._request)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self._open.done():
            self._open.set_exception(ConnectionError("closed during the handshake"))
        self._wake()
        if self.on_close is not None:
            self.on_close()

    def data_received(self, data: bytes) -> None:
        if not self._open.done():
            data = self._handshake(data)
            if not data:
                return
        if self._rest:
            self._rest += data
            if len(self._rest) < self._need:
                return
            data, self._rest = self._rest, b""
        end = len(data)
        pos = 0
        self._need = 0  # a header cut short: parse again whatever comes
        while end - pos >= 2:
            b0, b1 = data[pos], data[pos + 1]
            n, start = b1 & 0x7F, pos + 2
            if n == 126:
                if end - start < 2:
                    break
                n, start = int.from_bytes(data[start:start + 2], "big"), start + 2
            elif n == 127:
                if end - start < 8:
                    break
                n, start = int.from_bytes(data[start:start + 8], "big"), start + 8
            key = None
            if b1 & 0x80:  # a server must not mask, but read it if one does
                if end - start < 4:
                    break
                key, start = data[start:start + 4], start + 4
            if end - start < n:
                self._need = start + n - pos
                break
            payload = data[start:start + n]
            pos = start + n
            self._frame(b0, mask(payload, key) if key else payload)
            if self.closed:
                return
        if pos < end:
            self._rest = data[pos:]

    def _handshake(self, data: bytes) -> bytes:
        head = self._head + data
        at = head.find(b"\r\n\r\n")
        if at < 0:
            self._head = head
            return b""
        status, *lines = head[:at].decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip()
                   for k, _, v in (line.partition(":") for line in lines)}
        if status.split(" ")[1:2] != ["101"] or \
                headers.get("sec-websocket-accept") != accept_key(self._key):
            self._open.set_exception(ConnectionError(f"handshake refused: {status}"))
            assert self.transport is not None
            self.transport.close()
            return b""
        self._open.set_result(None)
        return head[at + 4:]

    def _frame(self, b0: int, payload: bytes) -> None:
        opcode = b0 & 0x0F
        if opcode >= OP_CLOSE:  # control frames: never fragmented
            if opcode == OP_PING:
                self._write(OP_PONG, payload)
            elif opcode == OP_CLOSE:
                self.close(payload[:2] or b"\x03\xe8")
            return
        if not b0 & 0x80:  # a fragment: wait for the last one
            self._parts.append(payload)
            return
        if self._parts:
            payload = b"".join([*self._parts, payload])
            self._parts.clear()
        if self.on_message is not None:
            self.on_message(payload)
        else:
            self._queue.append(payload)
            self._wake()

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def _write(self, opcode: int, payload: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(frame(opcode, payload))

    # the client's side
    async def opened(self) -> None:
        await self._open

    def send(self, text: str) -> None:
        """Send a text message (written to the transport at once)."""
        self._write(OP_TEXT, text.encode())

    async def recv(self) -> bytes:
        """The next queued message (only while ``on_message`` is not set)."""
        while not self._queue:
            if self.closed:
                raise ConnectionError("the connection is closed")
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        return self._queue.popleft()

    def listen(self, on_message: Callable[[bytes], None]) -> None:
        """Hand every message, the queued ones first, to ``on_message`` from now on."""
        self.on_message = on_message
        while self._queue and self.on_message is on_message:
            on_message(self._queue.popleft())

    def close(self, code: bytes = b"\x03\xe8") -> None:
        """Send a close frame (1000 by default) and close the connection."""
        if not self._close_sent:
            self._close_sent = True
            self._write(OP_CLOSE, code)
        if self.transport is not None:
            self.transport.close()


async def connect(url: str, timeout: float = 120.0) -> Socket:
    """An open :class:`Socket` to ``ws://host:port/path``.

    >>> # sock = await connect("ws://127.0.0.1:8000/ws/lobby"); sock.send('{"type": "hello"}')
    """
    if not url.startswith("ws://"):
        raise ValueError(f"not a ws:// address: {url}")
    hostport, _, path = url[5:].partition("/")
    host, _, port = hostport.rpartition(":")
    loop = asyncio.get_running_loop()
    _, sock = await asyncio.wait_for(
        loop.create_connection(lambda: Socket("/" + path, hostport), host, int(port)), timeout)
    try:
        await asyncio.wait_for(sock.opened(), timeout)
    except BaseException:
        sock.close()
        raise
    return sock
