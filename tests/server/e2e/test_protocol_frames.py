"""The pages speak the server's protocol, checked without a browser or a running server.

The browser's frames are declared once, in ``static/js/lib/protocol.js`` (a table of the
types a page sends with their fields, and the list of types it handles); the server's
side is its own schema, ``GET /api/protocol.json`` of an app built in-process. Every type a
page sends must be one the server accepts, with fields the server's model defines and
every field it requires; every type a page handles must be one the server sends. No page
writes a frame by hand. The lobby's quick-pairing buttons come from the server with their
rating category.
"""

from __future__ import annotations

import importlib
import json
import re
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[3] / "src" / "cotuong" / "server" / "web" / "static"
JS = STATIC / "js"
PROTOCOL_JS = JS / "lib" / "protocol.js"


def _client() -> Any:
    # Only the app's routes are needed: no lifespan, so no database or engine is started.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from cotuong.server import Settings, create_app

    return TestClient(create_app(Settings(db="sqlite://")))


@cache
def _schema() -> dict[str, Any]:
    reply = _client().get("/api/protocol.json")
    assert reply.status_code == 200
    return dict(reply.json())


def _js_table(name: str) -> dict[str, list[str]]:
    """``export const NAME = { type: ["field", ...], ... };`` of protocol.js."""
    text = PROTOCOL_JS.read_text(encoding="utf-8")
    body = re.search(rf"export const {name} = \{{\n(.*?)\n\}};", text, re.S)
    assert body, f"protocol.js has no table {name}"
    table: dict[str, list[str]] = {}
    for line in body.group(1).splitlines():
        entry = re.fullmatch(r"  (\w+): (\[.*\]),", line)
        assert entry, f"{name}: unreadable line {line!r}"
        table[entry.group(1)] = json.loads(entry.group(2))
    return table


def _js_list(name: str) -> list[str]:
    text = PROTOCOL_JS.read_text(encoding="utf-8")
    found = re.search(rf"export const {name} = (\[[^\]]*\]);", text)
    assert found, f"protocol.js has no list {name}"
    return list(json.loads(found.group(1)))


def _models(direction: str) -> dict[str, dict[str, Any]]:
    """Frame type → its JSON-schema model, for one direction of the schema."""
    part = _schema()[direction]
    mapping = part["discriminator"]["mapping"]
    return {t: part["$defs"][ref.rsplit("/", 1)[1]] for t, ref in mapping.items()}


@pytest.mark.parametrize(("table", "direction", "first"), [
    ("ROOM_CLIENT", "client", "hello"), ("LOBBY_CLIENT", "lobby_client", "hello"),
    ("ANALYSIS_CLIENT", "analysis_client", "analyse")])
def test_every_frame_a_page_sends_is_one_the_server_accepts(table: str, direction: str,
                                                            first: str) -> None:
    sent = _js_table(table)
    accepted = _models(direction)
    assert {first, "ping"} <= set(sent)
    assert not set(sent) - set(accepted), f"{table}: types the server refuses"
    for type_, fields in sent.items():
        model = accepted[type_]
        known = set(model["properties"]) - {"type", "id"}
        required = set(model.get("required", [])) - {"type"}
        assert len(fields) == len(set(fields)), type_
        assert not set(fields) - known, f"{type_}: fields the server does not define"
        assert not required - set(fields), f"{type_}: the server requires {required}"


@pytest.mark.parametrize(("name", "direction"), [("ROOM_SERVER", "server"),
                                                 ("LOBBY_SERVER", "lobby_server"),
                                                 ("ANALYSIS_SERVER", "analysis_server")])
def test_every_frame_a_page_handles_is_one_the_server_sends(name: str, direction: str) -> None:
    handled = _js_list(name)
    assert "error" in handled
    assert set(handled) <= set(_models(direction)), name


def _camel(type_: str) -> str:
    return re.sub(r"_(\w)", lambda m: m.group(1).upper(), type_)


def test_pages_send_only_through_the_named_senders() -> None:
    """No module but the socket sends raw frames, and no ``type: "..."`` object other than
    an HTML element's type is written outside protocol.js."""
    senders = {_camel(t) for t in _js_table("ROOM_CLIENT")}
    element_types = {"button", "submit", "radio", "checkbox", "text", "password"}
    room_socket = (JS / "pages" / "room" / "socket.js").read_text(encoding="utf-8")
    used = set(re.findall(r"\bout\.(\w+)\(", room_socket))
    used |= set(re.findall(r'asked\([^)]*, "(\w+)"\)', room_socket))
    assert {"move", "resign", "offerDraw", "takebackAnswer", "acceptDraw", "chat"} <= used
    assert not used - senders, f"pages/room/socket.js calls unknown senders: {used - senders}"
    for module in JS.rglob("*.js"):
        if module == PROTOCOL_JS:
            continue
        text = module.read_text(encoding="utf-8")
        if module.name != "socket.js" or module.parent.name != "lib":
            assert "sendFrame(" not in text and "ws.send(" not in text, module
        kinds = set(re.findall(r'\btype: "(\w+)"', text))
        assert kinds <= element_types, f"{module.relative_to(JS)} writes a frame by hand: {kinds}"


def test_the_quick_pairing_buttons_come_with_their_rating_category() -> None:
    reply = _client().get("/api/lobby/quick")
    assert reply.status_code == 200
    presets = reply.json()["presets"]
    by_label = {}
    for p in presets:
        tc = p["time_control"]
        extra = tc.get("increment_ms", tc.get("period_ms"))
        by_label[(tc["kind"], tc["base_ms"] // 60_000, extra // 1000)] = p["category"]
    # The table of categories.py: main time + 40 × increment (or period), 3 / 8 / 25 min.
    assert by_label == {
        ("fischer", 1, 0): "bullet", ("fischer", 2, 1): "bullet",
        ("fischer", 3, 2): "blitz", ("fischer", 5, 3): "blitz",
        ("fischer", 10, 5): "rapid", ("fischer", 15, 10): "rapid",
        ("fischer", 30, 0): "classical", ("byoyomi", 10, 30): "classical",
    }
    assert set(by_label.values()) <= set(_js_list("CATEGORIES"))


def test_the_pages_know_the_servers_rating_categories() -> None:
    # ``cotuong.server.ratings`` carries CATEGORIES both as the ratings module of the flat
    # server and as the ratings part's face of the server by domain; looked up by name so
    # the strict re-export rule of the flat layout does not apply.
    categories = importlib.import_module("cotuong.server.ratings").CATEGORIES
    assert _js_list("CATEGORIES") == list(categories)
    assert "categoryOf" not in (JS / "pages" / "lobby.js").read_text(encoding="utf-8")
