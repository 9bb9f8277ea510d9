"""Frames in below the ASGI layers (web/ws_protocol, realtime/inbound): the short path
cuts the same texts out of the bytes as the ``websockets`` parser would, hands the rest
to it, keeps the order of texts and control frames, and the keep-alive pings go only to
sockets the server has not heard from (a dead peer is still closed)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import struct
from typing import Any

import pytest
from harness import running
from websockets.frames import Frame, Opcode

from cotuong.server import Settings
from cotuong.server.web import ws_protocol
from cotuong.server.web.ws_protocol import split_texts


def client_frame(opcode: Opcode, data: bytes, fin: bool = True) -> bytes:
    return Frame(opcode, data, fin=fin).serialize(mask=True, extensions=[])


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 1000, 65535, 65536])
def test_a_text_of_every_length_class(size: int) -> None:
    text = ("đ" * size)[:size // 2] if size % 2 else "x" * size
    data = client_frame(Opcode.TEXT, text.encode())
    # A 64-bit length (65,536 bytes and more) is left to the parser.
    assert split_texts(data, 65536) == (([text], b"") if size < 65536 else ([], data))
    # Whatever the read cut off stays for the parser, untouched.
    for cut in {1, 2, 5, len(data) // 2, len(data) - 1}:
        if 0 < cut < len(data):
            assert split_texts(data[:cut], 65536) == ([], data[:cut])


def test_texts_stop_at_the_first_frame_of_another_kind() -> None:
    a, b = client_frame(Opcode.TEXT, b'"a"'), client_frame(Opcode.TEXT, b'"b"')
    ping = client_frame(Opcode.PING, b"x")
    assert split_texts(a + b + ping + a, 4096) == (['"a"', '"b"'], ping + a)
    for other in (client_frame(Opcode.BINARY, b"x"),
                  client_frame(Opcode.TEXT, b"part", fin=False),
                  client_frame(Opcode.CLOSE, b"\x03\xe8"),
                  client_frame(Opcode.TEXT, b"\xff\xfe"),  # not UTF-8: the parser closes 1007
                  client_frame(Opcode.TEXT, b"x" * 70000),  # a 64-bit length
                  Frame(Opcode.TEXT, b"unmasked").serialize(mask=False, extensions=[])):
        assert split_texts(a + other, 4096) == (['"a"'], other)
    big = client_frame(Opcode.TEXT, b"x" * 300)
    assert split_texts(big, 299) == ([], big)  # over ws_max_size: the parser says 1009


class Raw:
    """A bare WebSocket client that sees every frame the server sends (pings too) and
    answers pings only if told to."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.pings = 0

    @classmethod
    async def open(cls, port: int, path: str = "/ws/lobby") -> Raw:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                      "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                      ).encode())
        head = await reader.readuntil(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101")
        return cls(reader, writer)

    def send(self, raw: bytes) -> None:
        self.writer.write(raw)

    def send_json(self, **msg: Any) -> None:
        self.send(client_frame(Opcode.TEXT, json.dumps(msg).encode()))

    async def frame(self, answer_pings: bool = True) -> tuple[int, bytes]:
        """The next frame other than a ping (a ping is counted, and answered) or the
        lobby's pushes (their timing is the lobby's)."""
        while True:
            b0, b1 = await self.reader.readexactly(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", await self.reader.readexactly(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", await self.reader.readexactly(8))[0]
            payload = await self.reader.readexactly(n)
            if b0 & 0x0F == Opcode.PING.value:
                self.pings += 1
                if answer_pings:
                    self.send(client_frame(Opcode.PONG, payload))
                continue
            if b0 & 0x0F == Opcode.TEXT.value and payload.startswith(b'{"type":"lobby'):
                continue
            return b0 & 0x0F, payload

    async def message(self) -> dict[str, Any]:
        opcode, payload = await self.frame()
        assert opcode == Opcode.TEXT.value, (opcode, payload)
        return json.loads(payload)  # type: ignore[no-any-return]

    async def greeted(self) -> None:
        self.send_json(type="hello", deltas=True)
        self.send_json(type="ping")
        assert (await self.message())["type"] == "pong"


def counted_cuts(monkeypatch: Any) -> list[int]:
    """The number of texts each call of the short path's cutter took out (appended)."""
    cut: list[int] = []
    original = ws_protocol.split_texts

    def counting(data: bytes, max_size: int | None) -> tuple[list[str], bytes]:
        texts, rest = original(data, max_size)
        cut.append(len(texts))
        return texts, rest
    monkeypatch.setattr(ws_protocol, "split_texts", counting)
    return cut


def test_the_server_reads_texts_on_the_short_path_in_order(monkeypatch: Any) -> None:
    cut = counted_cuts(monkeypatch)

    async def scenario() -> None:
        async with running(Settings(db="sqlite://")) as srv:
            sock = await Raw.open(srv.port)
            await sock.greeted()
            ping = client_frame(Opcode.TEXT, b'{"type":"ping"}')
            # Two texts, a protocol ping and a text in one write; then a frame in pieces.
            sock.send(ping + ping + client_frame(Opcode.PING, b"abc") + ping)
            got = [await sock.frame() for _ in range(4)]
            assert got[0][0] == Opcode.PONG.value and got[0][1] == b"abc"
            assert [json.loads(p)["type"] for _, p in got[1:]] == ["pong"] * 3
            for i in range(len(ping)):
                sock.send(ping[i:i + 1])
                await asyncio.sleep(0.005)
            assert (await sock.message())["type"] == "pong"
            sock.writer.close()
            assert sum(cut) >= 3  # the texts before the ping came the short way
    asyncio.run(scenario())


def test_a_socket_heard_from_is_not_pinged_a_silent_one_is() -> None:
    # An interval long against a loaded machine's stalls (the chatty socket must never
    # be quiet that long), short against the test.
    settings = Settings(db="sqlite://", ws_ping_interval_s=1.0, ws_ping_timeout_s=5.0)

    async def scenario() -> None:
        async with running(settings) as srv:
            chatty, silent = await Raw.open(srv.port), await Raw.open(srv.port)
            await chatty.greeted()
            await silent.greeted()

            async def keep_talking() -> None:
                for _ in range(32):
                    chatty.send_json(type="ping")
                    assert (await chatty.message())["type"] == "pong"
                    await asyncio.sleep(0.1)

            async def keep_reading() -> None:
                while True:
                    await silent.frame()  # answers the pings

            reader = asyncio.create_task(keep_reading())
            await keep_talking()
            reader.cancel()
            assert chatty.pings == 0
            assert silent.pings >= 2
            chatty.writer.close()
            silent.writer.close()
    asyncio.run(scenario())


def test_a_dead_peer_is_still_closed() -> None:
    settings = Settings(db="sqlite://", ws_ping_interval_s=0.3, ws_ping_timeout_s=0.3)

    async def scenario() -> None:
        async with running(settings) as srv:
            sock = await Raw.open(srv.port)
            await sock.greeted()
            sock.send_json(type="ping")
            assert (await sock.message())["type"] == "pong"
            # From now on the peer sends nothing and answers no ping (a loaded machine
            # may have pinged it, answered, while it was greeted).
            sock.pings = 0
            opcode, payload = await asyncio.wait_for(sock.frame(answer_pings=False), 3.0)
            assert opcode == Opcode.CLOSE.value
            assert struct.unpack("!H", payload[:2])[0] == 1011
            assert sock.pings == 1
            assert await asyncio.wait_for(sock.reader.read(), 3.0) == b""  # closed
    asyncio.run(scenario())


def test_a_flood_stays_in_the_network_buffers(monkeypatch: Any) -> None:
    """Frames the app is not waiting for pause reading: a socket over its rate is not
    read further (its frames are not cut, parsed or kept) until the app has taken what
    was read."""
    cut = counted_cuts(monkeypatch)
    settings = Settings(db="sqlite://", ws_rate=5, ws_burst=5)

    async def scenario() -> None:
        async with running(settings) as srv:
            sock = await Raw.open(srv.port)
            await sock.greeted()
            ping = client_frame(Opcode.TEXT, b'{"type":"ping"}')
            read_before = sum(cut)
            for _ in range(20):  # 2,000 frames in 20 writes that arrive apart
                sock.send(ping * 100)
                await sock.writer.drain()
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.5)
            # The first write's frames were read; the app takes 5 a second, so the
            # socket has been paused since (unpaused, every write would be read at once).
            assert sum(cut) - read_before <= 200
            sock.writer.close()
    asyncio.run(scenario())
