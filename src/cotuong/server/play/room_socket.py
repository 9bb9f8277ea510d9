"""The room socket: one client of a room over ``/ws/rooms/{code}`` — greeted by ``hello``
(a valid seat secret seats it, anything else watches), then pings, syncs, chat and the
game actions, which :class:`~cotuong.server.play.service.GameService` carries out.

>>> CHAT_ROLES
('red', 'black', 'spectator')
"""

from __future__ import annotations

import contextlib
import time
from typing import Any, Literal

from fastapi import WebSocket

from cotuong.messages import Message
from cotuong.server.accounts import Accounts, identify_socket
from cotuong.server.errors import ServiceError, lang_of
from cotuong.server.play import presence
from cotuong.server.play.protocol import (
    Chat,
    ChatFrame,
    Color,
    Slot,
    Welcome,
    parse_client,
)
from cotuong.server.play.reread import current_checked
from cotuong.server.play.rooms import room_code
from cotuong.server.play.service import GameService
from cotuong.server.play.views import LANGS
from cotuong.server.realtime import (
    Hello,
    Member,
    Ping,
    Pong,
    Sync,
    error_frame,
    frame,
    localized,
    refuse,
    serve_frames,
)
from cotuong.server.security import TokenBucket

__all__ = ["serve_room_socket"]

CHAT_ROLES = ("red", "black", "spectator")


async def serve_room_socket(games: GameService, acc: Accounts, websocket: WebSocket,
                            code: str) -> None:
    """One client of a room: the frame loop (:mod:`cotuong.server.realtime.frame_loop`) with
    this socket's messages. A room that does not exist gets an ``error`` frame and a close
    with code 4404 and a reason."""
    lang = lang_of(websocket.headers.get("accept-language"))
    try:
        room = await games.room(room_code(code))
    except ServiceError as exc:
        await refuse(websocket, exc, lang)
        return
    who = await identify_socket(acc, websocket)
    await websocket.accept()
    member = games.sockets.join(code, who.identity if who else None,
                                who.name if who else None, room.lang)
    settings = games.settings
    chat_bucket = TokenBucket(settings.chat_rate, settings.chat_burst,
                              float(settings.chat_burst), time.monotonic())
    sync_bucket = TokenBucket(settings.sync_rate, settings.sync_burst,
                              float(settings.sync_burst), time.monotonic())
    # A spectator needs a hello, a ping every 25 s and a chat line now and then: its
    # frames are read at a lower rate than a player's (and so are a socket's before its
    # hello seats it).
    watcher_rate = TokenBucket(settings.spectator_ws_rate, settings.spectator_ws_burst,
                               float(settings.spectator_ws_burst), time.monotonic())
    player_rate = TokenBucket(settings.ws_rate, settings.ws_burst, float(settings.ws_burst),
                              time.monotonic())

    def state_asked() -> None:
        if not sync_bucket.take(time.monotonic()):
            raise ServiceError("RATE_LIMITED")

    async def handle(m: Member, msg: Any) -> None:
        if isinstance(msg, Hello):
            if m.greeted:
                state_asked()
            await hello(games, m, msg.secret or websocket.cookies.get(f"cotuong_seat_{code}"),
                        msg.lang, msg.deltas)
        elif not m.greeted:
            raise ServiceError("HELLO_FIRST")
        elif isinstance(msg, Ping):
            m.push(frame(Pong(server_time_ms=games.clock.now_ms()).model_dump()))
        elif isinstance(msg, Sync):
            state_asked()
            games.push_state(m, await current_checked(games, m.code))
        elif isinstance(msg, Chat):
            now = time.monotonic()
            if not chat_bucket.take(now) or (m.slot is None and
                                             not games.spectator_chat.allow(m.code, now)):
                raise ServiceError("RATE_LIMITED", "ERR_CHAT_LIMITED")
            await chat(games, m, msg.text)
        else:
            await games.act(m, msg)
    try:
        await games.broker.watch(code)  # the room's frames from other processes too
        await serve_frames(websocket, member, games.settings, parse_client, handle,
                           lambda: watcher_rate if member.slot is None else player_rate)
    finally:
        await leave(games, member)


async def hello(games: GameService, member: Member, secret: str | None, lang: str | None,
                deltas: bool = False) -> None:
    """Greet a socket: a valid seat secret seats it, anything else makes a spectator
    (with a ``BAD_SECRET`` error when a secret was given but is not valid); ``deltas``:
    the client applies ``moved`` frames (its first state is a full one all the same).

    The room hears of a socket once: a repeated ``hello`` may change the socket's
    language and is answered to it alone (``welcome`` and ``state``); one that would
    change its seat is refused (``HELLO_ONCE``: reconnect to present another secret)."""
    t = await current_checked(games, member.code)  # another process's change too
    slot = None
    bad = False
    if secret:
        fields = games.signer.verify(secret, "seat", games.clock.now_ms())
        if fields is None or len(fields) != 2 or fields[0] != member.code:
            bad = True
        else:
            slot = fields[1]
    again = member.greeted
    if again and slot != member.slot and not (bad and member.slot is None):
        raise ServiceError("HELLO_ONCE")
    member.lang = lang
    member.deltas = deltas
    if bad:
        member.push(error_frame(ServiceError("BAD_SECRET"), member.text_lang))
    member.greeted = True
    was = games.sockets.connected(member.code)
    member.slot = slot
    role: Color | Literal["spectator"] = t.color_of(slot) if slot else "spectator"
    member.push(frame(Welcome(role=role, slot=Slot(slot) if slot else None, game_id=t.id,
                              server_time_ms=games.clock.now_ms()).model_dump()))
    if again:
        games.push_state(member, t)  # to this socket alone
        return
    if slot is not None and not was[slot]:
        async with games.locked(member.code) as t:
            await games.commit(t, presence.player_back(t, t.color_of(slot)))
    else:
        games.push_state(member, t)  # this socket's first state, now
        games.publish_soon(member.code)  # the others: the spectator count, coalesced


async def leave(games: GameService, member: Member) -> None:
    games.sockets.leave(member)
    with contextlib.suppress(Exception):  # Redis gone: nothing more to leave
        await games.broker.unwatch(member.code)
    if games.background.stopping or not member.greeted:
        return
    try:
        async with games.locked(member.code) as t:
            slot = member.slot
            if slot is not None and not games.sockets.connected(member.code)[slot]:
                await games.commit(t, presence.player_left(
                    t, t.color_of(slot), games.clock.now_ms()))
            else:
                games.publish_soon(member.code)
    except ServiceError:
        pass
    finally:
        games.evict_if_idle(member.code)


async def chat(games: GameService, member: Member, text: str) -> None:
    t = await games.current(member.code)
    if member.slot is None and t.room.event and not games.settings.event_spectator_chat:
        # A tournament board: spectators could coach a player (Settings.event_spectator_chat).
        raise ServiceError("SPECTATOR", "ERR_SPECTATOR_CHAT_EVENT")
    role = t.color_of(member.slot) if member.slot else "spectator"
    seated = t.room.slot_name(member.slot) if member.slot else None
    texts = {}
    for lang in LANGS:
        # A spectator is named as one, in each reader's language.
        name = seated or (Message.of("SPECTATOR_NAME", name=member.name) if member.name
                          else Message.of("SPECTATOR")).text(lang)
        chat = ChatFrame.model_validate({"from": name, "role": role, "text": text.strip(),
                                         "server_time_ms": games.clock.now_ms()})
        texts[lang] = frame(chat.model_dump(by_alias=True))
    await games.broker.publish(member.code, localized(t.room.lang, texts))
