"""The pages under the server's Content-Security-Policy in a real Chromium (the other UI
tests bypass it): the lobby, a room (its socket connects: ``connect-src 'self'``), the
tournament pages whose inline scripts the policy allows by hash (the create form, the
arbiter's forms, the invitation links) and the invitation page. Any violation is a
console error, which fails the test (the ``people`` fixture)."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from tests.server.e2e.conftest import register

pytestmark = pytest.mark.slow


def test_the_pages_work_under_the_content_security_policy(people: Any) -> None:
    tag = secrets.token_hex(3)
    arb = people("arbiter", bypass_csp=False)
    register(arb, f"csp{tag}")
    arb.goto("/")
    arb.page.locator("body").wait_for()
    # A room: the page's module scripts run and its socket is greeted.
    r = arb.context.request.post(arb.server.url + "/api/rooms", data={"color": "red"})
    assert r.status == 201, r.text()
    code = r.json()["code"]
    arb.goto(f"/room/{code}")
    arb.page.locator("body[data-role='red']").wait_for()
    arb.page.locator("body[data-ply='0']").wait_for()
    # The tournament list's create form (an inline script) posts the event.
    arb.goto("/tournaments")
    form = arb.page.locator("#form-create")
    form.locator("input[name=name]").fill(f"CSP {tag}")
    form.locator("textarea[name=players]").fill(f"csp{tag}\n+Lan {tag}")
    form.locator("input[name=minutes]").fill("0")
    form.locator("input[name=no_show_min]").fill("0")
    form.locator("button").click()
    arb.page.wait_for_url(re.compile(r".*/tournaments/\d+$"))
    # The arbiter's forms (another inline script) and the links' script.
    link = arb.page.locator("#invitations a.invite-link")
    href = link.get_attribute("href") or ""
    assert link.inner_text() == arb.server.url + href
    arb.page.locator("#form-invite input[name=names]").fill(f"Tư {tag}")
    arb.page.locator("#form-invite button").click()
    arb.page.locator("#invitations li").nth(1).wait_for()
    # The invitation page (its own inline script): a guest registers there and claims.
    tid = arb.page.url.rsplit("/", 1)[1]
    lan = people("lan", bypass_csp=False)
    lan.goto(href)
    lan.page.locator("input[name=username]").fill(f"lan{tag}")
    lan.page.locator("input[name=password]").fill("correct horse")
    lan.page.locator("button[value=register]").click()
    lan.page.wait_for_url(re.compile(rf".*/tournaments/{tid}$"))
    assert f"lan{tag}" in lan.page.locator("#entries").inner_text()
