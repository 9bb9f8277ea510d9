"""A player by invitation in a real Chromium: the organiser creates an event with a place
for someone without an account (a ``+Name`` line in the form), sees its link (nobody else
does), invites one more with the page's form and takes it back, cannot start while a
place waits; the invited person opens the link on a phone,
registers there and claims the place; the organiser starts and the new account finds its
reserved seat. Screenshots go to ``test-artifacts/e2e/``."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from tests.server.e2e.conftest import PHONE, register

pytestmark = pytest.mark.slow

def test_an_invited_player_claims_the_place_on_a_phone(people: Any) -> None:
    tag = secrets.token_hex(3)
    arb, other = people("arbiter"), people("other")
    register(arb, f"tt{tag}")
    register(other, f"anh{tag}")
    arb.goto("/tournaments")
    form = arb.page.locator("#form-create")
    form.locator("input[name=name]").fill(f"Giải mời {tag}")
    form.locator("textarea[name=players]").fill(f"anh{tag}\n+Cô Lan {tag}")
    form.locator("input[name=minutes]").fill("0")
    form.locator("input[name=no_show_min]").fill("0")
    form.locator("button").click()
    arb.page.wait_for_url(re.compile(r".*/tournaments/\d+$"))
    tid = int(arb.page.url.rsplit("/", 1)[1])
    link = arb.page.locator("#invitations a.invite-link")
    assert link.count() == 1
    href = link.get_attribute("href") or ""
    assert href.startswith(f"/tournaments/{tid}/invite/")
    assert link.inner_text() == arb.server.url + href  # the whole address, to send
    # One more invitation with the page's form, then taken back with its button.
    arb.page.locator("#form-invite input[name=names]").fill(f"Chú Tư {tag}")
    arb.page.locator("#form-invite button").click()
    arb.page.wait_for_function("document.querySelectorAll('#invitations li').length === 2")
    arb.page.locator(f'li[data-invite="Chú Tư {tag}"] form.uninvite button').click()
    arb.page.wait_for_function("document.querySelectorAll('#invitations li').length === 1")
    assert f"Chú Tư {tag}" not in arb.page.locator("#entries").inner_text()
    arb.shot("72-invitation-organiser")
    arb.page.locator("#form-start button").click()
    arb.page.wait_for_function("document.querySelector('#form-start .err').textContent")
    assert f"Cô Lan {tag}" in arb.page.locator("#form-start .err").inner_text()
    # Another player sees the place waiting, never its link.
    other.goto(f"/tournaments/{tid}")
    assert "chờ nhận lời mời" in other.page.locator("#entries").inner_text()
    assert href not in other.page.content()

    # The invited person, a guest on a phone, registers on the invitation page.
    lan = people("lan", **PHONE)
    lan.goto(href)
    assert lan.page.locator("html").get_attribute("lang") == "vi"
    assert f"Cô Lan {tag}" in lan.page.locator("#invited").inner_text()
    width = lan.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    lan.shot("70-invitation-guest-phone")
    lan.page.locator("input[name=username]").fill(f"lan{tag}")
    lan.page.locator("input[name=password]").fill("correct horse")
    lan.page.locator("button[value=register]").click()
    lan.page.wait_for_url(re.compile(rf".*/tournaments/{tid}$"))
    entries = lan.page.locator("#entries").inner_text()
    assert f"lan{tag}" in entries and "chờ nhận lời mời" not in entries
    # The link is used up: its page says who claimed it and offers nothing.
    lan.goto(href)
    assert f"lan{tag}" in lan.page.locator("#claimed").inner_text()
    assert lan.page.locator("#claim, #form-login").count() == 0
    lan.shot("71-invitation-claimed-phone")

    arb.goto(f"/tournaments/{tid}")
    assert arb.page.locator("#invitations").count() == 0
    arb.page.locator("#form-start button").click()
    arb.page.wait_for_selector("#live")
    v = arb.context.request.get(f"{arb.server.url}/api/tournaments/{tid}").json()
    b = v["rounds"][0]["boards"][0]
    lan.goto(f"/room/{b['room']}")
    lan.wait_role("red" if b["red"] == f"lan{tag}" else "black")
