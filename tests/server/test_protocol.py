"""The wire protocol's models: every JSON example in docs/web-protocol.md is a valid message,
bad frames get the protocol's error codes, and the published schema covers both directions."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest

from cotuong.core.outcome import Termination as CoreTermination
from cotuong.server.analysis.live_protocol import live_schema, parse_live, parse_live_server
from cotuong.server.errors import ServiceError
from cotuong.server.lobby.protocol import lobby_schema, parse_lobby, parse_lobby_server
from cotuong.server.play.protocol import Termination, parse_client, parse_server, protocol_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "web-protocol.md"


def _examples() -> list[dict[str, object]]:
    """Every message example of the document: each ```json block (one object, or one per
    line) and every inline `{"type": ...}` code span that is a whole JSON object."""
    text = DOC.read_text(encoding="utf-8")
    found: list[dict[str, object]] = []
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        try:
            found.append(json.loads(block))
        except ValueError:
            found.extend(json.loads(line) for line in block.splitlines() if line.strip())
    for span in re.findall(r"`(\{\"type\".*?\})`", text, re.S):
        try:
            found.append(json.loads(span))
        except ValueError:
            assert " | " in span, f"an example that is not JSON: {span}"  # a list of kinds
    return [f for f in found if "type" in f]


def test_every_example_in_the_protocol_doc_is_a_valid_message() -> None:
    examples = _examples()
    client = {"hello", "move", "takeback_answer", "chat", "analyse", "stop"}
    server = {"welcome", "state", "chat", "pong", "error", "lobby", "paired", "eval", "done"}
    seen = {str(e["type"]) for e in examples}
    assert client | server <= seen, seen
    for e in examples:
        parsed = []
        for parse in (parse_client, parse_server, parse_lobby, parse_lobby_server, parse_live,
                      parse_live_server):
            with contextlib.suppress(ServiceError, ValueError):
                parsed.append(parse(json.dumps(e)) if parse is parse_client
                              else parse(dict(e)))
        assert parsed, f"not a valid message: {e}"


@pytest.mark.parametrize(("text", "code"), [
    ("not json", "BAD_JSON"), ("[1, 2]", "BAD_JSON"), ('{"type": "fly"}', "UNKNOWN_TYPE"),
    ('{"move": "h2e2"}', "UNKNOWN_TYPE"), ('{"type": "move", "move": "h2e2"}', "BAD_MESSAGE"),
    ('{"type": "move", "move": "z2e2", "ply": 0}', "BAD_MESSAGE"),
    ('{"type": "move", "move": "h2e2", "ply": "0"}', "BAD_MESSAGE"),
    ('{"type": "takeback_answer", "accept": "yes"}', "BAD_MESSAGE"),
    ('{"type": "chat", "text": "   "}', "BAD_MESSAGE"),
    ('{"type": "chat", "text": "' + "x" * 501 + '"}', "BAD_MESSAGE"),
    ('{"type": "hello", "lang": "fr"}', "BAD_MESSAGE"),
])
def test_bad_frames_get_protocol_codes(text: str, code: str) -> None:
    with pytest.raises(ServiceError) as info:
        parse_client(text)
    assert info.value.code == code


def test_unknown_fields_are_ignored_and_a_strange_secret_is_just_wrong() -> None:
    assert parse_client('{"type": "ping", "notation": "wxf"}').type == "ping"
    assert parse_client('{"type": "hello", "secret": 12}').secret == "12"


def test_one_termination_and_one_color_for_the_core_and_the_server() -> None:
    assert Termination is CoreTermination and {"ABORTED", "ARBITER"} <= set(
        Termination.__members__)
    from cotuong.core.types import Color as CoreColor
    from cotuong.server.play import Color
    assert Color is CoreColor


def test_schema_has_both_directions() -> None:
    schema = protocol_schema()
    client = json.dumps(schema["client"])
    server = json.dumps(schema["server"])
    assert '"takeback_answer"' in client and '"ABORTED"' in server and '"from"' in server


def test_the_schema_is_published() -> None:
    from fastapi.testclient import TestClient

    from cotuong.server import Settings, create_app

    client = TestClient(create_app(Settings(db="sqlite://")))  # no lifespan: no service
    r = client.get("/api/protocol.json")
    from cotuong.server.puzzles import puzzles_schema

    both = {**protocol_schema(), **lobby_schema(), **puzzles_schema(), **live_schema()}
    assert r.status_code == 200 and r.json() == json.loads(json.dumps(both))
    assert {"client", "server", "lobby_client", "lobby_server", "analysis_client",
            "analysis_server"} <= set(r.json())
