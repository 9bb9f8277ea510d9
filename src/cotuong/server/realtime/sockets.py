"""A room's sockets: each :class:`Member` (its seat, language and outgoing queue) and the
:class:`Sockets` registry the fan-out delivers to.

A frame whose text depends on the language travels as one broker message holding each
variant (:func:`localized`); every socket gets the one in its own language. A change can
travel the same way as a delta and its full frame (:func:`with_full`): a socket that said
it applies deltas gets the first, any other the second. Either way each text is built
and serialised once and the same string is queued for every socket that gets it.

>>> s = Sockets()
>>> m = s.join("ABC234"); m.lang = "en"
>>> s.deliver("ABC234", localized("vi", {"vi": "xin chào", "en": "hello"}))
>>> m.queue.get_nowait(), s.connected("ABC234")
('hello', {'host': False, 'guest': False})
>>> m.deltas = True
>>> s.deliver("ABC234", with_full('{"type":"moved"}', '{"type":"state"}'))
>>> m.queue.get_nowait()
'{"type":"moved"}'
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

QUEUE_LIMIT = 256  # frames waiting for a slow client before it is dropped
_SEP = "\x1e"  # never inside JSON text (control characters are escaped there)
_FULL = "\x1f"  # the same: separates a delta from its full frame


def with_full(delta: str, full: str) -> str:
    """One broker message carrying a change as a delta (for sockets that apply deltas)
    and as its full frame (for the others); either may be :func:`localized`."""
    return _FULL + delta + _FULL + full


def _pick(text: str, deltas: bool, lang: str | None) -> str:
    if text.startswith(_FULL):
        _, delta, full = text.split(_FULL)
        text = delta if deltas else full
    if text.startswith(_SEP):
        default, vi, en = text[1:].split(_SEP)
        text = {"vi": vi, "en": en}.get(lang or "", default)
    return text


def localized(default: str, texts: dict[str, str]) -> str:
    """One broker message carrying a frame per language (``default``: the room's)."""
    if len(set(texts.values())) == 1:
        return texts[default]
    return _SEP + _SEP.join((texts[default], texts["vi"], texts["en"]))


class Member:
    """One WebSocket in a room: its seat (``slot``, ``None`` for a spectator), the
    language its texts are in (``None``: the room's) and the queue its writer sends."""

    def __init__(self, code: str, identity: str | None = None, name: str | None = None,
                 default_lang: str = "vi") -> None:
        self.code = code
        self.slot: str | None = None
        self.lang: str | None = None
        # Who opened it (from its cookies; ``None`` when it carried none) and the
        # language of its texts before ``hello`` says one.
        self.identity = identity
        self.name = name
        self.default_lang = default_lang
        self.greeted = False
        self.deltas = False  # the client applies deltas (its hello said so)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.dropped = False
        # Writes a frame to the transport at once (realtime.direct), when nothing waits
        # in the queue before it and the writer task is not sending; ``None``: the queue.
        self.direct: Callable[[str], bool] | None = None
        self.sending = False  # the writer task holds a frame it has not sent yet

    @property
    def text_lang(self) -> str:
        return self.lang or self.default_lang

    def push(self, text: str) -> None:
        if self.dropped:
            return
        if text.startswith((_SEP, _FULL)):
            text = _pick(text, self.deltas, self.lang)
        self.queue_text(text)

    def queue_text(self, text: str) -> None:
        """Queue a text already in this socket's form (no variants to choose from)."""
        if self.dropped:
            return
        if (self.direct is not None and not self.sending and self.queue.empty()
                and self.direct(text)):
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.dropped = True  # too slow to keep up: the writer closes the socket
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)


class Sockets:
    """The sockets of this process, by room."""

    def __init__(self) -> None:
        self.rooms: dict[str, set[Member]] = {}
        # Channels that are not rooms (the lobby's notices between processes): the
        # broker's messages on them go to a function instead of sockets.
        self.listeners: dict[str, Callable[[str], None]] = {}
        self.changes = 0  # bumped by every join and leave (views built from them can wait)

    def join(self, code: str, identity: str | None = None, name: str | None = None,
             default_lang: str = "vi") -> Member:
        member = Member(code, identity, name, default_lang)
        self.rooms.setdefault(code, set()).add(member)
        self.changes += 1
        return member

    def leave(self, member: Member) -> None:
        members = self.rooms.get(member.code)
        self.changes += 1
        if members is not None:
            members.discard(member)
            if not members:
                del self.rooms[member.code]

    def watched(self, code: str) -> bool:
        return bool(self.rooms.get(code))

    def deliver(self, code: str, text: str) -> None:
        listener = self.listeners.get(code)
        if listener is not None:
            listener(text)
            return
        members = self.rooms.get(code)
        if not members:
            return
        if not text.startswith((_SEP, _FULL)):
            for m in members:
                m.queue_text(text)
            return
        # Each variant is cut out of the message once, not once per socket.
        variants: dict[tuple[bool, str | None], str] = {}
        for m in members:
            key = (m.deltas, m.lang)
            chosen = variants.get(key)
            if chosen is None:
                chosen = variants[key] = _pick(text, m.deltas, m.lang)
            m.queue_text(chosen)

    def all_take_deltas(self, code: str) -> bool:
        """Whether every socket in room ``code`` applies deltas (then no full frame need
        be built for a change: only those sockets would read it)."""
        return all(m.deltas for m in self.rooms.get(code, ()))

    def connected(self, code: str) -> dict[str, bool]:
        seats = {"host": False, "guest": False}
        for m in self.rooms.get(code, ()):
            if m.slot is not None:
                seats[m.slot] = True
        return seats

    def spectators(self, code: str) -> int:
        return sum(1 for m in self.rooms.get(code, ()) if m.greeted and m.slot is None)

    def members(self) -> Iterator[Member]:
        for members in self.rooms.values():
            yield from members

    def count(self) -> int:
        return sum(len(m) for m in self.rooms.values())

    def close_all(self) -> None:
        for members in self.rooms.values():
            for m in members:
                m.queue.put_nowait(None)
