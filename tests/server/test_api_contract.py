"""The REST API keeps the contract its OpenAPI document states (``web/http_errors.py``).

Property-based, by schemathesis: for every operation of ``/api/openapi.json``, requests
generated from the document (valid and not: bodies, queries, paths) go to a real server,
and no answer may be a server error, nor carry a status, a content type or a body the
document does not describe (every error is the one ``Error`` envelope). The requests come
as an account that organises a tournament and has a room, so paths find something. Not
checked:
that every request the document allows is accepted (a FEN's legality, a name's rules, a
room that exists are beyond a JSON schema) nor that every request it forbids is refused
(pydantic reads ``0`` as ``false``).

By hand: the router's own refusals (no such address, a method the address does not take,
with ``Allow`` complete) in the envelope and the reader's language, and the "no such
page" page for a browser (no route, or no such tournament for its page).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from harness import Server, running_in_thread
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from cotuong.server import Settings
from cotuong.server.workers import EnginePool

MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"
# Generous rate limits: the fuzzer is one client asking fast (the limits have tests of
# their own); the AI is the mock engine (random legal moves at once).
OPEN = Settings(db="sqlite://", heartbeat_s=0.5, http_rate=10_000, http_burst=10_000,
                login_burst=10_000, login_rate=10_000, login_user_rate=10_000,
                login_user_burst=10_000, page_rate=10_000, page_burst=10_000)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running_in_thread(OPEN, lambda: EnginePool(1, f"cmd:{sys.executable} {MOCK}")) as srv:
        yield srv


CHECKS = [content_type_conformance, status_code_conformance, response_schema_conformance]


def _answers(requests: Any, headers: dict[str, str]) -> Any:
    """A hypothesis test: each request drawn from ``requests``, sent with ``headers``,
    is answered as the document says."""
    @given(requests)
    @settings(max_examples=5, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def answer(case: Any) -> None:
        case.call_and_validate(checks=CHECKS, headers=headers)
    return answer


@pytest.mark.slow
def test_every_operation_answers_as_its_document_says(server: Server) -> None:
    """Each operation, with requests of both kinds (schemathesis' strategies driven by
    hypothesis here: its pytest plugin does not run under this pytest); the failures of
    all operations are reported together."""
    schema = schemathesis.openapi.from_url(f"{server.base}/api/openapi.json")
    # As an account (the organiser's routes, kept imports, rated rooms are reached too).
    with httpx.Client(base_url=server.base) as c:
        r = c.post("/api/accounts/register",
                   json={"username": "fuzzer", "password": "correct horse"})
        assert r.status_code == 201, r.text
        cookie = "; ".join(f"{k}={v}" for k, v in c.cookies.items())
        # Something for the paths to find: a tournament (number 1), a room and its game.
        r = c.post("/api/tournaments", json={"name": "Fuzz", "players": [
            "fuzzer", {"invite": "Lan"}, {"invite": "Minh"}]})
        assert r.status_code == 201 and r.json()["tournament_id"] == 1, r.text
        assert c.post("/api/rooms", json={}).status_code == 201
    failures: dict[str, str] = {}
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1
        # (Logging out would end the session for the operations after it.)
        who = {} if "logout" in operation.path else {"Cookie": cookie}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            answer = _answers(operation.as_strategy(mode), who)
            try:
                answer()
            except Unsatisfiable:
                assert mode is GenerationMode.NEGATIVE  # nothing in it can be wrong
            except (Exception, FailureGroup) as e:  # every operation's failure
                failures[f"{operation.label} ({mode.name.lower()})"] = str(e)[:2000]
    assert operations >= 50
    assert not failures, "\n\n".join(f"{k}: {v}" for k, v in failures.items())


def test_the_routers_own_refusals_are_in_the_envelope(server: Server) -> None:
    with httpx.Client(base_url=server.base) as c:
        r = c.get("/api/no/such/thing", headers={"Accept-Language": "en"})
        assert r.status_code == 404
        assert r.json()["error"] == {
            "code": "NOT_FOUND", "message": "no API address /api/no/such/thing (the list: "
            "/api/docs)", "texts": {"vi": "Không có địa chỉ /api/no/such/thing trong API "
                                    "(danh sách: /api/docs)",
                                    "en": "no API address /api/no/such/thing (the list: "
                                          "/api/docs)"}}
        # The router named one route's methods only ("POST"); the tournaments take both.
        r = c.delete("/api/tournaments")
        assert r.status_code == 405 and r.headers["allow"] == "GET, POST"
        error = r.json()["error"]
        assert error["code"] == "METHOD_NOT_ALLOWED"
        assert error["message"] == "/api/tournaments không nhận DELETE; hãy dùng GET, POST"
        r = c.put("/api/imports/abc")
        assert r.status_code == 405 and r.headers["allow"] == "GET, DELETE"
        # A body that is not UTF-8 JSON (FastAPI answered it in plain text).
        r = c.post("/api/rooms", content=b"\xff\xfe{", headers={
            "content-type": "application/json", "Accept-Language": "en"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "BAD_BODY"
        assert r.json()["error"]["message"] == ("the request body cannot be read: valid JSON "
                                                "in UTF-8 is expected")
        # A body of the wrong form: 422 in the envelope, the field named.
        r = c.post("/api/rooms", json={"color": "purple"}, headers={"Accept-Language": "en"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "BAD_REQUEST"
        assert "color" in r.json()["error"]["message"]


def test_a_page_address_with_no_page_gets_the_no_such_page_page(
        server: Server) -> None:
    with httpx.Client(base_url=server.base) as c:
        # No route, and page routes with no such thing (a tournament by number).
        for path in ("/rooms/K7QX2M", "/tournament", "/u", "/tournaments/999",
                     "/tournaments/abc"):
            r = c.get(path)
            assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
            assert 'id="notfound-back" href="/"' in r.text, path
        assert c.head("/nowhere").status_code == 404
        # Not for files, sockets or other methods: a plain 404 or 405.
        r = c.get("/static/js/nowhere.js")
        assert r.status_code == 404 and "notfound" not in r.text
        assert c.post("/nowhere").status_code in (404, 405)


def test_the_document_describes_the_envelope_on_every_operation(
        server: Server) -> None:
    with httpx.Client(base_url=server.base) as c:
        doc = c.get("/api/openapi.json").json()
    schemas = doc["components"]["schemas"]
    assert "HTTPValidationError" not in schemas and "ValidationError" not in schemas
    assert schemas["Error"]["required"] == ["error"]
    operations = [op for ops in doc["paths"].values() for op in ops.values()]
    assert len(operations) >= 50
    for op in operations:
        responses = op["responses"]
        for status in ("400", "429", "default"):
            assert responses[status]["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/Error"}, (op["operationId"], status)
        assert "422" not in responses or responses["422"]["content"]["application/json"][
            "schema"] == {"$ref": "#/components/schemas/Error"}
