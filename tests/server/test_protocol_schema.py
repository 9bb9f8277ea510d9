"""The wire protocol does not change by accident: the JSON schema served at
``/api/protocol.json`` accepts exactly the frames it accepted when the server was
reshaped by domain (a snapshot in ``tests/server/data/protocol-schema.json``).

Compared after resolving ``$ref``s and dropping descriptions: where a type's schema is
kept (inline or under ``$defs``) and its prose are not part of the wire. A deliberate
protocol change updates the snapshot (``python tests/server/test_protocol_schema.py``)
in the same commit as ``docs/web-protocol.md``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

SNAPSHOT = Path(__file__).parent / "data" / "protocol-schema.json"


def wire_shape(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every ``$ref`` replaced by what it names and no descriptions."""
    def walk(node: Any, defs: dict[str, Any]) -> Any:
        if isinstance(node, dict):
            if set(node) == {"$ref"}:
                return walk(defs[node["$ref"].rsplit("/", 1)[1]], defs)
            return {k: walk(v, defs) for k, v in node.items()
                    if k not in ("description", "$defs")}
        if isinstance(node, list):
            return [walk(v, defs) for v in node]
        return node
    return {part: walk(body, body.get("$defs", {})) if isinstance(body, dict) else body
            for part, body in schema.items()}


def served_schema() -> dict[str, Any]:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from cotuong.server import Settings, create_app

    with TestClient(create_app(Settings(db="sqlite://"))) as client:
        reply = client.get("/api/protocol.json")
        assert reply.status_code == 200
        data: dict[str, Any] = reply.json()
        return data


def test_the_wire_protocol_is_the_snapshot() -> None:
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert wire_shape(served_schema()) == expected


def test_a_changed_field_would_be_seen() -> None:
    shape = wire_shape(served_schema())
    move = next(m for m in shape["client"]["oneOf"]
                if m["properties"]["type"].get("const") == "move")
    assert move["properties"]["move"]["pattern"] == "^[a-i][0-9][a-i][0-9]$"
    assert "CHECKMATE" in json.dumps(shape["server"])  # ends spelt by name on the wire


if __name__ == "__main__":  # rewrite the snapshot after a deliberate protocol change
    SNAPSHOT.write_text(json.dumps(wire_shape(served_schema()), ensure_ascii=False,
                                   sort_keys=True, indent=1) + "\n", encoding="utf-8")
    sys.exit(0)
