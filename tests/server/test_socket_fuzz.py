"""WebSocket fuzzing (hypothesis): random and malformed frames of every message type, on a
room socket (as a spectator, and as the seated player with frames that must be refused)
and on the lobby socket, never drop the socket with an exception and never change a game
or the lobby. After each example the socket still answers ``ping``; no frame got an
``INTERNAL`` error and the server logged no error."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from harness import running_in_thread
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from cotuong.server import Settings
from cotuong.server.lobby.protocol import LOBBY_TYPES
from cotuong.server.play.protocol import CLIENT_TYPES

KEYS = ["type", "id", "move", "ply", "secret", "lang", "accept", "text", "notation"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.sampled_from(["h2e2", "e0e0", "a0a9", "vi", "en", "z9z9"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=6)
any_type = st.sampled_from(sorted(CLIENT_TYPES | LOBBY_TYPES)) | st.text(max_size=12)


@st.composite
def objects(draw: Any, types: Any = any_type) -> str:
    frame = {"type": draw(types)}
    for key in draw(st.lists(st.sampled_from(KEYS[1:]), max_size=4, unique=True)):
        frame[key] = draw(json_values)
    return json.dumps(frame)


raw_frames = (st.text(max_size=60) | st.binary(max_size=40)
              | json_values.map(json.dumps)
              | st.integers(4000, 6000).map(lambda n: json.dumps({"type": "chat",
                                                                   "text": "x" * n})))
any_frames = st.lists(objects() | raw_frames, min_size=1, max_size=12)

# Frames the seated player sends that must all be refused (a well-formed resign or draw
# offer would rightly change the game): moves for another ply or not moves at all, and
# answers to offers nobody made.
# Black is to move at ply 1: Red's pieces, null moves and texts that are not ICCS at all
# are refused at any ply, the current one included.
refused_moves = st.builds(lambda mv, ply: json.dumps({"type": "move", "move": mv, "ply": ply}),
                          st.sampled_from(["h2e2", "e0e0", "b0b0", "h2h9", "a0a1", "e9e9"])
                          | st.text(max_size=6).filter(
                              lambda t: not re.fullmatch(r"[a-i][0-9][a-i][0-9]", t)),
                          st.sampled_from([1, 1, 0, 2]) | st.integers(-5, 10**6))
refused_answers = st.builds(lambda t, extra: json.dumps({"type": t, **extra}),
                            st.sampled_from(["accept_draw", "decline_draw", "rematch",
                                             "takeback_answer"]),
                            st.dictionaries(st.sampled_from(["accept", "id"]), json_values,
                                            max_size=2))
# Random lists rarely hit the current ply with a null move: every example carries one of
# those (or another move Black cannot make) at a random place.
at_current_ply = st.sampled_from(["e0e0", "b0b0", "e9e9", "a9a9", "h2e2", "a0a1", "e9e7"]).map(
    lambda mv: json.dumps({"type": "move", "move": mv, "ply": 1}))
seated_frames = st.builds(
    lambda frames, extra, at: [*frames[:at], extra, *frames[at:]],
    st.lists(refused_moves | refused_answers | raw_frames
             | objects(st.text(max_size=12).filter(lambda t: t not in CLIENT_TYPES)),
             max_size=12),
    at_current_ply, st.integers(0, 12))


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def live() -> Iterator[dict[str, Any]]:
    """One server (in a thread with its own event loop) with a game under way."""
    # Rates lifted, a spectator's too (1 frame a second would pace a 20-frame example
    # over 10 s): what the frames say is under test here, their pacing in
    # test_hardening_sockets.
    config = Settings(db="sqlite://", ws_rate=1e6, ws_burst=10**6, heartbeat_s=0.5,
                      seek_grace_s=3600, http_rate=1e6, http_burst=10**6,
                      spectator_ws_rate=1e6, spectator_ws_burst=10**6)
    with running_in_thread(config) as srv:
        errors = Errors()
        logging.getLogger("cotuong").addHandler(errors)
        with httpx.Client(base_url=srv.base) as a, httpx.Client(base_url=srv.base) as b:
            host = a.post("/api/rooms", json={"color": "red"}).json()
            guest = b.post(f"/api/rooms/{host['code']}/join").json()
            a.post("/api/seeks", json={})  # a seek in the lobby (kept: a's grace is long)
        with connect(f"{srv.ws_base}/ws/rooms/{host['code']}") as red:
            red.send(json.dumps({"type": "hello", "secret": host["secret"]}))
            red.send(json.dumps({"type": "move", "move": "h2e2", "ply": 0}))
            _until(red, lambda f: f.get("type") == "state" and f.get("ply") == 1)
        # One HTTP client for the checks: making one costs ~60 ms (its TLS context).
        client = httpx.Client(base_url=srv.base)
        try:
            yield {"srv": srv, "host": host, "guest": guest, "errors": errors, "http": client}
        finally:
            client.close()
            logging.getLogger("cotuong").removeHandler(errors)

def _until(ws: ClientConnection, found: Any, limit: int = 500) -> list[dict[str, Any]]:
    seen = []
    for _ in range(limit):
        f = json.loads(ws.recv(timeout=10))
        seen.append(f)
        if found(f):
            return seen
    raise AssertionError(f"not found in {seen[-5:]}")


def _game(live: dict[str, Any]) -> dict[str, Any]:
    c = live["http"]
    game_id = c.get(f"/api/rooms/{live['host']['code']}").json()["game_id"]
    s = c.get(f"/api/games/{game_id}").json()
    return {k: s[k] for k in ("game_id", "moves", "fen", "status", "draw_offer",
                              "takeback_request", "rematch_request", "outcome", "clocks")}


def _lobby_seeks(live: dict[str, Any]) -> list[str]:
    return [s["seek_id"] for s in live["http"].get("/api/lobby").json()["seeks"]]


def _fuzz(ws: ClientConnection, frames: list[Any], hello: dict[str, Any]) -> None:
    for f in frames:
        ws.send(f)
    ws.send(json.dumps(hello))  # (a random frame may have been an unanswered hello)
    ws.send(json.dumps({"type": "ping", "id": "probe"}))
    seen = _until(ws, lambda f: f.get("type") == "pong")  # the socket is still there
    codes = [f.get("code") for f in seen if f.get("type") == "error"]
    assert "INTERNAL" not in codes, seen


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[
    HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@FUZZ
@given(frames=any_frames)
def test_a_spectator_sending_anything_changes_nothing(live: dict[str, Any],
                                                      frames: list[Any]) -> None:
    before = _game(live)
    with connect(f"{live['srv'].ws_base}/ws/rooms/{live['host']['code']}",
                 max_size=2**22) as ws:
        _fuzz(ws, frames, {"type": "hello"})
    assert _game(live) == before
    assert not live["errors"].records, live["errors"].records[0].getMessage()


@FUZZ
@given(frames=seated_frames)
def test_the_seated_players_refused_frames_change_nothing(live: dict[str, Any],
                                                          frames: list[Any]) -> None:
    before = _game(live)
    with connect(f"{live['srv'].ws_base}/ws/rooms/{live['host']['code']}",
                 max_size=2**22) as ws:
        ws.send(json.dumps({"type": "hello", "secret": live["guest"]["secret"]}))
        _until(ws, lambda f: f.get("type") == "welcome" and f.get("role") == "black")
        _fuzz(ws, frames, {"type": "hello", "secret": live["guest"]["secret"]})
    assert _game(live) == before
    assert not live["errors"].records, live["errors"].records[0].getMessage()


@FUZZ
@given(frames=any_frames, greet=st.booleans())
def test_the_lobby_socket_survives_anything(live: dict[str, Any], frames: list[Any],
                                            greet: bool) -> None:
    before = _lobby_seeks(live)
    with connect(f"{live['srv'].ws_base}/ws/lobby", max_size=2**22) as ws:
        if greet:
            ws.send(json.dumps({"type": "hello"}))
        _fuzz(ws, frames, {"type": "hello", "lang": "en"})
    assert _lobby_seeks(live) == before
    assert not live["errors"].records, live["errors"].records[0].getMessage()
