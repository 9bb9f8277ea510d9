"""Frames written straight to the transport (realtime.direct): the same bytes the
``websockets`` library would send, in the same order as the queue's, and used by the
real server (uvicorn) for a room's frames."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from harness import running, socket_to, two_player_room
from websockets.frames import Frame, Opcode

from cotuong.server import Settings
from cotuong.server.realtime import direct
from cotuong.server.realtime.sockets import Member


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_frame_bytes_are_what_websockets_sends(size: int) -> None:
    text = ("đ" * size)[:size] if size % 2 else "x" * size
    expected = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
    assert direct.frame_bytes(text) == expected


def test_a_frame_waits_behind_the_queue_and_the_writer() -> None:
    async def scenario() -> None:
        written: list[str] = []
        paused = [False]

        def sink(text: str) -> bool:
            if paused[0]:
                return False
            written.append(text)
            return True
        m = Member("ABC234")
        m.direct = sink
        m.queue_text("a")
        paused[0] = True  # flow control: the transport's buffer is full
        m.queue_text("b")
        paused[0] = False
        m.queue_text("c")  # behind "b", which waits in the queue
        assert written == ["a"] and m.queue.qsize() == 2
        assert [m.queue.get_nowait(), m.queue.get_nowait()] == ["b", "c"]
        m.sending = True  # the writer holds a frame it has not sent yet
        m.queue_text("d")
        assert written == ["a"] and m.queue.get_nowait() == "d"
        m.sending = False
        m.queue_text("e")
        assert written == ["a", "e"]
    asyncio.run(scenario())


def test_the_real_server_writes_room_frames_directly(monkeypatch: Any) -> None:
    sent: list[str] = []
    original = direct.frame_bytes

    def counting(text: str) -> bytes:
        sent.append(text)
        return original(text)
    monkeypatch.setattr(direct, "frame_bytes", counting)

    async def scenario() -> None:
        async with running(Settings(db="sqlite://")) as srv:
            host, guest = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"], guest["secret"]) as black:
                members = srv.service.sockets.rooms[host["code"]]
                assert all(isinstance(m.direct, direct.DirectSink) for m in members)
                state = await red.state()
                await red.send(type="move", move=state["legal_moves"][0], ply=0)
                after = await black.state(ply=1)
                assert after["moves"] == [state["legal_moves"][0]]
                assert any('"type":"welcome"' in t for t in sent)
                assert any('"type":"state"' in t and '"ply":1' in t for t in sent)
    asyncio.run(scenario())
