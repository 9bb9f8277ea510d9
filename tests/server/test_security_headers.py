"""Header and edge hardening (issue 21, docs/server.md "Security"): security headers on
every response, the ``Origin`` check on sockets and state-changing requests, the API page
without a CDN script, deeply nested frames, the database password masked, and the warning
when ``COTUONG_SECRET`` is missing."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import re
from typing import Any

import pytest
from harness import register, running, socket_to, two_player_room
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from cotuong.cli.server import serving_banner
from cotuong.server import Settings, create_app
from cotuong.server.storage import Store, StoreError, masked_url

LOOSE = Settings(db="sqlite://", heartbeat_s=0.2, login_burst=100, http_rate=1000,
                 http_burst=1000, tournament_direct_entry=True)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def _policy(header: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in header.split(";") if d.strip()}


def test_every_response_carries_the_security_headers() -> None:
    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as c:
            for path in ("/", "/api/me", "/api/docs", "/tournaments", "/static/css/style.css",
                         "/api/rooms/NOPE42", "/healthz"):
                r = await c.get(path)
                assert r.headers["x-content-type-options"] == "nosniff", path
                assert r.headers["referrer-policy"] == "same-origin", path
                assert r.headers["x-frame-options"] == "DENY", path
                csp = _policy(r.headers["content-security-policy"])
                assert csp["frame-ancestors"] == ["'none'"], path
                assert csp["object-src"] == ["'none'"], path
                assert "'unsafe-inline'" not in csp["script-src"], path
                assert "strict-transport-security" not in r.headers  # no TLS: no HSTS
    run(scenario())


def _inline_scripts(html: str) -> list[str]:
    return re.findall(r"<script>(.*?)</script>", html, re.DOTALL)


def test_the_policy_allows_exactly_the_pages_inline_scripts() -> None:
    """Every inline script a server-made page sends is allowed by its hash (else the
    browser would not run the arbiter's or the invitation's forms)."""
    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as org:
            await register(org, "trongtai")
            async with srv.client() as b:
                await register(b, "binh")
            r = await org.post("/api/tournaments", json={
                "name": "G", "players": ["trongtai", "binh", {"invite": "Lan"}]})
            assert r.status_code == 201, r.text
            tid = r.json()["tournament_id"]
            code = r.json()["invitations"][0]["code"]
            seen = 0
            for path in ("/tournaments", f"/tournaments/{tid}",
                         f"/tournaments/{tid}/invite/{code}"):
                r = await org.get(path)
                assert r.status_code == 200, (path, r.text)
                allowed = _policy(r.headers["content-security-policy"])["script-src"]
                for body in _inline_scripts(r.text):
                    digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
                    assert f"'sha256-{digest}'" in allowed, (path, body[:80])
                    seen += 1
                # The pages' own script is a module from this origin ('self').
                assert '<script type="module" src="/static/js/pages/tournament.js">' in r.text
            assert seen == 0  # none inline since the pages load their module
    run(scenario())


def test_cross_site_requests_and_sockets_are_refused() -> None:
    settings = Settings(db="sqlite://", heartbeat_s=0.2, http_rate=1000, http_burst=1000,
                        allowed_origins=("https://play.example.org",))

    async def scenario() -> None:
        async with running(settings) as srv, srv.client() as c:
            here = f"http://127.0.0.1:{srv.port}"
            for origin, code in ((None, 201), (here, 201), ("https://play.example.org", 201),
                                 ("https://evil.example", 403), ("null", 403)):
                headers = {"Origin": origin} if origin else {}
                r = await c.post("/api/rooms", json={}, headers=headers)
                assert r.status_code == code, (origin, r.text)
                if code == 403:
                    assert r.json()["error"]["code"] == "BAD_ORIGIN"
                    assert r.headers["x-content-type-options"] == "nosniff"
            r = await c.post("/api/rooms", json={}, headers={"Sec-Fetch-Site": "cross-site"})
            assert r.status_code == 403
            # Reading is not a change: a GET from anywhere is answered.
            r = await c.get("/api/me", headers={"Origin": "https://evil.example"})
            assert r.status_code == 200
            # A log-in from another site's form is refused too.
            r = await c.post("/api/accounts/login", headers={"Origin": "https://evil.example"},
                             json={"username": "lan", "password": "whatever!"})
            assert r.status_code == 403
            host, _ = await two_player_room(srv)
            url = f"{srv.ws_base}/ws/rooms/{host['code']}"
            with pytest.raises(InvalidStatus) as refused:
                async with connect(url, origin="https://evil.example"):  # type: ignore[arg-type]
                    pass
            assert refused.value.response.status_code == 403
            async with connect(url, origin=here) as ws:  # type: ignore[arg-type]
                await ws.send('{"type": "hello"}')
                assert '"welcome"' in await asyncio.wait_for(ws.recv(), 10)
            with pytest.raises(InvalidStatus):
                async with connect(f"{srv.ws_base}/ws/lobby",
                                   origin="https://evil.example"):  # type: ignore[arg-type]
                    pass
    run(scenario())


def test_the_api_page_loads_no_script() -> None:
    async def scenario() -> None:
        async with running(LOOSE) as srv, srv.client() as c:
            r = await c.get("/api/docs")
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
            assert "<script" not in r.text and "cdn" not in r.text.lower()
            assert "<code>POST</code> <code>/api/rooms</code>" in r.text
            assert "/api/openapi.json" in r.text
            assert (await c.get("/api/openapi.json")).json()["info"]["title"] == "cotuong"
    run(scenario())


def test_a_deeply_nested_frame_is_bad_json_without_a_traceback(caplog: Any) -> None:
    async def scenario() -> None:
        async with running(LOOSE) as srv:
            host, _ = await two_player_room(srv)
            async with socket_to(srv, host["code"], host["secret"]) as sock:
                deep = '{"type": "chat", "text": ' + "[" * 1900 + "]" * 1900 + "}"
                assert len(deep) < LOOSE.max_message_bytes
                with caplog.at_level(logging.ERROR, logger="cotuong.server"):
                    await sock.send_raw(deep)
                    err = await sock.wait("error")
                assert err["code"] == "BAD_JSON"
                assert err["message"] == "Khung tin lồng nhau quá sâu"
                await sock.send(type="sync")  # the socket is still open
                assert (await sock.state())["ply"] == 0
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    run(scenario())


def test_the_database_password_is_never_shown() -> None:
    url = "postgresql+psycopg://cotuong:hunter2@127.0.0.1:9/cotuong"
    assert masked_url(url) == "postgresql+psycopg://cotuong:***@127.0.0.1:9/cotuong"
    with pytest.raises(StoreError) as failed:
        Store(url)  # nothing listens on port 9 (or psycopg is missing): either way, fails
    assert "hunter2" not in str(failed.value) and "***" in str(failed.value)
    assert failed.value.__cause__ is None and failed.value.__suppress_context__
    store = Store("sqlite://")
    try:
        assert store.shown_url == "sqlite://"
        store.url = url  # what `cotuong serve --db postgresql://...` prints, as it prints it
        banner = serving_banner("127.0.0.1", 8000, store.shown_url)
        assert "hunter2" not in banner and "cotuong:***@127.0.0.1:9" in banner
    finally:
        store.close()


def test_a_missing_secret_is_warned_about_and_a_given_one_is_not_stored(caplog: Any) -> None:
    with caplog.at_level(logging.WARNING, logger="cotuong.server"):
        create_app(Settings(db="sqlite://"))
    assert "COTUONG_SECRET is not set" in caplog.text
    caplog.clear()
    store = Store("sqlite://")
    try:
        with caplog.at_level(logging.WARNING, logger="cotuong.server"):
            create_app(Settings(db="sqlite://", secret_key=b"s" * 32), store=store)
        assert "COTUONG_SECRET" not in caplog.text
        assert store.get_meta("secret_key") is None
    finally:
        store.close()
