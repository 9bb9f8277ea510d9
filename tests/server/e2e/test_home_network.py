"""Playing on a home network (issue 22, point 8), with the README's own command: bound to
127.0.0.1, ``cotuong serve`` says only this machine can connect and how to let friends
in; bound to 0.0.0.0 it prints the machine's network addresses, and an organiser who
opens the site by one of them gets invitation links with that address — one a friend
can open — not ``127.0.0.1``."""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.server.e2e.conftest import Player, Server

pytestmark = pytest.mark.slow


@dataclass
class LanServer(Server):
    """``cotuong serve --host 0.0.0.0`` (English output)."""

    def command(self) -> list[str]:
        cmd = super().command()
        cmd[cmd.index("--host") + 1] = "0.0.0.0"
        return [*cmd, "--lang", "en"]


def _printed(server: Server, pattern: str) -> re.Match[str]:
    assert server.log is not None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = re.search(pattern, server.log.read_text(errors="replace"))
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"{pattern!r} not printed: {server.log.read_text(errors='replace')}")


def test_local_only_server_says_how_to_let_friends_in(server: Server) -> None:
    found = _printed(server, r"Chỉ máy này vào được \(127\.0\.0\.1\)\..*"
                             r"cotuong serve --host 0\.0\.0\.0 --port (\d+)")
    assert int(found.group(1)) == server.port


def test_invite_links_use_the_address_friends_reach(playwright_api: Any,
                                                    tmp_path: Path) -> None:
    lan = LanServer(db=tmp_path / "lan.sqlite3")
    lan.start()
    try:
        line = _printed(lan, r"(?:friends on your network open: (.*)|no local network "
                             r"address of this machine was found)")
        if line.group(1) is None:
            pytest.skip("this machine has no network address but loopback")
        urls = line.group(1).split(", ")
        assert all(re.fullmatch(rf"http://[\d.]+:{lan.port}/", u) for u in urls), urls
        address = urls[0].rstrip("/")
        tag = secrets.token_hex(3)
        arb = Player(playwright_api, lan, "organiser")
        try:
            for name in (f"tt{tag}", f"an{tag}"):
                r = arb.context.request.post(f"{address}/api/accounts/register", data={
                    "username": name, "password": "correct horse"})
                assert r.status == 201, r.text()
            arb.page.goto(f"{address}/tournaments")
            form = arb.page.locator("#form-create")
            form.locator("input[name=name]").fill(f"Giải nhà {tag}")
            form.locator("textarea[name=players]").fill(f"an{tag}\n+Cô Lan")
            form.locator("button").click()
            arb.page.wait_for_url(re.compile(r".*/tournaments/\d+$"))
            link = arb.page.locator("#invitations a.invite-link")
            assert link.inner_text().startswith(f"{address}/tournaments/")
            assert "127.0.0.1" not in link.inner_text()
            assert not arb.errors, arb.errors
        finally:
            arb.close()
    finally:
        lan.stop()
