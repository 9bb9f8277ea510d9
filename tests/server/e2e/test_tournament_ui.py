"""An online round robin in a real Chromium: the paired players open their board's room
and find themselves seated (their reserved seats), the organiser watches, a game is
played and resigned, and the tournament page shows the result — in Vietnamese, on a
phone without sideways scrolling of the page, and with its round records on their own
A4 pages when printed. Screenshots go to ``test-artifacts/e2e/``."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from tests.server.e2e.conftest import Player

pytestmark = pytest.mark.slow

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def register(p: Player, username: str) -> None:
    r = p.context.request.post(p.server.url + "/api/accounts/register",
                               data={"username": username, "password": "correct horse"})
    assert r.status == 201, r.text()


def test_a_round_robin_board_played_in_the_browser_and_its_page(people: Any) -> None:
    tag = secrets.token_hex(3)
    names = [f"anh{tag}", f"binh{tag}", f"chi{tag}"]
    arb = people("arbiter", **PHONE)
    register(arb, f"tt{tag}")
    players = {}
    for n in names:
        players[n] = people(n, **PHONE) if n == names[1] else people(n)
        register(players[n], n)
    url = arb.server.url
    r = arb.context.request.post(url + "/api/tournaments", data={
        "name": "Giải cờ tướng CLB Hà Nội", "players": names, "no_show_s": 0})
    assert r.status == 201, r.text()
    tid = r.json()["tournament_id"]
    r = arb.context.request.post(f"{url}/api/tournaments/{tid}/start")
    assert r.status == 200, r.text()
    b = r.json()["rounds"][0]["boards"][0]
    red, black = players[b["red"]], players[b["black"]]
    red.goto(f"/room/{b['room']}")
    red.wait_role("red")
    black.goto(f"/room/{b['room']}")
    black.wait_role("black")
    arb.goto(f"/room/{b['room']}")
    arb.wait_role("spectator")
    red.move("h2e2")
    black.wait_ply(1)
    black.move("h9g7")
    arb.wait_ply(2)
    black.shot("60-tournament-board-black-phone")
    red.button("btn-resign", confirm=True)
    for p in (red, black, arb):
        p.wait_over()

    arb.goto(f"/tournaments/{tid}")
    page = arb.page
    page.wait_for_selector("#standings")
    assert page.locator("html").get_attribute("lang") == "vi"
    assert page.locator("h1").inner_text() == "Giải cờ tướng CLB Hà Nội"
    # Three players: one board a round, so round 2 opened at once; the page shows its
    # board with a link to watch it.
    page.wait_for_selector("#live")
    assert "Vòng 2 đang đấu" in page.locator("#state").inner_text()
    link = page.locator("#live a").first
    assert (link.get_attribute("href") or "").startswith("/room/")
    record = page.locator("#round-1 table.record tbody tr").first.inner_text()
    assert "0-1" in record
    winner = page.locator("#standings tbody tr").first.inner_text()
    assert b["black"] in winner
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width  # wide tables scroll inside their box
    arb.shot("61-tournament-page-phone")
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('section.round'))"
                         ".breakBefore") == "page"
    page.emulate_media(media="screen")
    # A watch link opens the board as a spectator.
    link.click()
    arb.wait_role("spectator")

    # The arbiter's forms on the page (the organiser's only): a correction, a refusal in
    # words, a withdrawal.
    arb.goto(f"/tournaments/{tid}")
    form = page.locator("#form-result")
    form.locator("select[name=round]").select_option("1")
    form.locator("input[name=board]").fill("1")
    form.locator("select[name=result]").select_option("1/2-1/2")
    form.locator("input[name=reason]").fill("ghi nhầm")
    form.locator("button").click()
    page.wait_for_function("document.querySelector('#round-1 table.record tbody tr')"
                           ".innerText.includes('1/2-1/2')")
    assert "đã sửa" in page.locator("#round-1 table.record tbody tr").first.inner_text()
    form = page.locator("#form-result")
    form.locator("input[name=board]").fill("5")
    form.locator("button").click()
    page.wait_for_function("document.querySelector('#form-result .err').textContent")
    assert form.locator(".err").inner_text() == "Vòng 2 không có bàn 5"
    page.locator("#form-withdraw select[name=username]").select_option(names[0])
    page.locator("#form-withdraw button").click()
    page.wait_for_function(f"[...document.querySelectorAll('#standings tbody tr')].some("
                           f"r => r.innerText.includes('{names[0]}') && "
                           "r.innerText.includes('bỏ cuộc'))")
    arb.shot("62-tournament-arbiter-phone")
    red.goto(f"/tournaments/{tid}")
    red.page.wait_for_selector("#standings")
    assert red.page.locator("section.arbiter").count() == 0
    red.goto("/tournaments")
    assert red.page.locator(f'li[data-tournament="{tid}"] a').inner_text() == \
        "Giải cờ tướng CLB Hà Nội"
