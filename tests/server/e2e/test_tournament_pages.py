"""The tournament pages belong to the site (issue 22, point 2), in a real Chromium: the
site's top bar with the way back to the lobby, one language at a time (the browser's,
then the top bar's switch), rule sets in words, each action its own labelled button, the
new event's own address, the signed-in player's board marked with a "Vào bàn" button
that seats them, and the lobby's notice when their round opens.

The screenshot of a player's view with their board marked is kept in
``docs/screenshots/tournament-my-board.png`` (``COTUONG_SHOTS=1`` writes it again)."""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path
from typing import Any

import pytest
from tests.server.e2e.conftest import register

pytestmark = pytest.mark.slow
DOCS_SHOT = Path(__file__).resolve().parents[3] / "docs" / "screenshots" / \
    "tournament-my-board.png"


def test_tournament_pages_in_the_site_with_my_board_and_the_lobby_notice(people: Any) -> None:
    tag = secrets.token_hex(3)
    arb, lan, minh = people("arbiter"), people("lan"), people("minh")
    for p, name in ((arb, f"tt{tag}"), (lan, f"lan{tag}"), (minh, f"minh{tag}")):
        register(p, name)
    # Lan waits in the lobby (its socket open) for her round.
    lan.goto("/")
    lan.page.wait_for_selector('body[data-connected="1"]')

    arb.goto("/tournaments")
    page = arb.page
    assert page.locator(".topbar a.brand").get_attribute("href") == "/"
    page.wait_for_selector("#who")  # the top bar is drawn by the site's module
    form = page.locator("#form-create")
    labels = form.locator("label").all_inner_texts()
    assert labels and not any(" / " in x for x in labels), labels  # one language
    assert "Tên giải" in labels[0]
    rules = form.locator("select[name=rules] option").all_inner_texts()
    assert rules[1].startswith("Luật châu Á") and "asian" not in " ".join(rules)
    form.locator("input[name=name]").fill(f"Giải Xuân {tag}")
    form.locator("textarea[name=players]").fill(f"lan{tag}\nminh{tag}")
    form.locator("select[name=rules]").select_option("asian")
    form.locator("input[name=minutes]").fill("0")
    form.locator("input[name=no_show_min]").fill("0")
    assert form.locator("button").inner_text() == "Tạo giải"
    form.locator("button").click()
    page.wait_for_url(re.compile(r".*/tournaments/\d+$"))  # the event's own address
    tid = int(page.url.rsplit("/", 1)[1])
    assert page.locator("#rules").inner_text().startswith("Luật châu Á")
    buttons = page.locator("main button").all_inner_texts()
    assert len(buttons) == len(set(buttons)), buttons  # no two alike
    assert page.locator("#form-start button").inner_text() == "Bốc thăm và bắt đầu"
    page.locator("#form-start button").click()
    page.wait_for_selector("#live")
    board = arb.context.request.get(
        f"{arb.server.url}/api/tournaments/{tid}").json()["rounds"][0]["boards"][0]
    assert page.locator("#your-board, tr.mine").count() == 0  # the arbiter does not play

    # The lobby tells Lan her round has opened, with the button to her seat.
    notice = lan.page.locator(".round-open")
    notice.wait_for()
    assert "Vòng 1" in notice.inner_text() and f"Giải Xuân {tag}" in notice.inner_text()
    assert lan.page.locator("#round-open-enter").get_attribute("href") == \
        f"/room/{board['room']}"

    # Minh opens the event's page: his board is marked, with the button that seats him.
    minh.goto(f"/tournaments/{tid}")
    mine = minh.page.locator("#your-board")
    color = "red" if board["red"] == f"minh{tag}" else "black"
    assert mine.get_attribute("data-board") == "1"
    assert f"lan{tag}" in mine.inner_text() and ("Đỏ" if color == "red" else "Đen") in \
        mine.inner_text()
    assert minh.page.locator("tr.mine").count() == 1
    assert minh.page.locator("#enter-board").inner_text() == "Vào bàn"
    shot = minh.shot("80-tournament-my-board")
    if os.environ.get("COTUONG_SHOTS"):
        DOCS_SHOT.write_bytes(shot.read_bytes())
    minh.page.locator("#enter-board").click()
    minh.wait_role(color)

    # Lan takes her seat from the lobby's notice.
    lan.page.locator("#round-open-enter").click()
    lan.wait_role("black" if color == "red" else "red")

    # A visitor whose browser speaks English gets the page in English only, and the
    # top bar's switch shows it in Vietnamese.
    eve = people("eve", locale="en-US")
    eve.goto(f"/tournaments/{tid}")
    assert eve.page.locator("html").get_attribute("lang") == "en"
    assert eve.page.locator("#state").inner_text() == "Round 1 in play"
    assert "Vòng" not in eve.page.locator("#round-card").inner_text()
    assert eve.page.locator("#rules").inner_text().startswith("Asian rules")
    eve.page.locator("#lang").click()
    eve.page.wait_for_function("document.documentElement.lang === 'vi' && "
                               "document.querySelector('#state')?.innerText.startsWith('Vòng')")
    eve.goto("/tournaments")  # the site's setting follows to the next page
    assert eve.page.locator("html").get_attribute("lang") == "vi"
    # The printable page is the tournament library's, as it was.
    eve.goto(f"/tournaments/{tid}/print")
    assert eve.page.locator(".topbar").count() == 0
    assert "Bảng xếp hạng" in eve.page.locator("body").inner_text()
