"""Sockets and fan-out: the broker (in-process or Redis), the members of each channel,
the frame loop every socket runs, and the wire basics every protocol shares."""

from cotuong.server.realtime.broker import Broker, frame
from cotuong.server.realtime.coalesce import Coalescer
from cotuong.server.realtime.frame_loop import error_frame, refuse, serve_frames
from cotuong.server.realtime.inbound import Inbox
from cotuong.server.realtime.redis_broker import make_broker
from cotuong.server.realtime.sockets import Member, Sockets, localized, with_full
from cotuong.server.realtime.wire import (
    ClientFrame,
    ErrorFrame,
    Frame,
    Hello,
    Lang,
    Ping,
    Pong,
    Reason,
    StrEnum,
    Sync,
    decode,
    message_ref,
    parse_frame,
)

__all__ = ["Broker", "ClientFrame", "Coalescer", "ErrorFrame", "Frame", "Hello", "Inbox",
           "Lang", "Member", "Ping", "Pong", "Reason", "Sockets", "StrEnum", "Sync", "decode",
           "error_frame", "frame", "localized", "make_broker", "message_ref", "parse_frame",
           "refuse", "serve_frames", "with_full"]
