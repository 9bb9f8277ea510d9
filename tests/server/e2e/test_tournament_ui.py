"""An online round robin in a real Chromium: the paired players open their board's room
and find themselves seated (their reserved seats), the organiser watches, a game is
played and resigned, and the tournament page shows the result — in Vietnamese, on a
phone without sideways scrolling of the page, and with its round records on their own
A4 pages when printed. Screenshots go to ``test-artifacts/e2e/``."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from tests.server.e2e.conftest import PHONE, register

pytestmark = pytest.mark.slow

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
    # A guest finds the list from the lobby, but no form to organise one.
    guest = people("guest")
    guest.goto("/")
    guest.page.click("#tournaments-link")
    guest.page.wait_for_url(re.compile(r".*/tournaments$"))
    assert guest.page.locator("#login-note").count() == 1
    assert guest.page.locator("#form-create").count() == 0
    # The organiser creates the event with the form (a typo first), then starts it.
    arb.goto("/tournaments")
    form = arb.page.locator("#form-create")
    form.locator("input[name=name]").fill("Giải cờ tướng CLB Hà Nội")
    form.locator("textarea[name=players]").fill("\n".join([*names, "khongco" + tag]))
    form.locator("input[name=minutes]").fill("0")
    form.locator("input[name=no_show_min]").fill("0")
    form.locator("button").click()
    arb.page.wait_for_function("document.querySelector('#form-create .err').textContent")
    assert f"khongco{tag}" in form.locator(".err").inner_text()
    form.locator("textarea[name=players]").fill("\n".join(names))
    form.locator("button").click()
    arb.page.wait_for_url(re.compile(r".*/tournaments/\d+$"))
    tid = int(arb.page.url.rsplit("/", 1)[1])
    assert "Giải chưa bắt đầu" in arb.page.locator("#state").inner_text()
    arb.page.locator("#form-start button").click()
    arb.page.wait_for_selector("#live")
    r = arb.context.request.get(f"{url}/api/tournaments/{tid}")
    v = r.json()
    assert (v["time_control"], v["no_show_s"], v["round_start"]) == (None, 0, "auto")
    b = v["rounds"][0]["boards"][0]
    red, black = players[b["red"]], players[b["black"]]
    red.goto(f"/room/{b['room']}")
    red.wait_role("red")
    black.goto(f"/room/{b['room']}")
    black.wait_role("black")
    arb.goto(f"/room/{b['room']}")
    arb.wait_role("spectator")
    red.page.wait_for_selector("#btn-resign")
    assert red.page.locator("#btn-abort").count() == 0  # no abort before the first move
    red.move("h2e2")
    black.wait_ply(1)
    black.move("h9g7")
    arb.wait_ply(2)
    # A tournament's game offers no takeback or abort; it says what it is.
    for p in (red, black):
        assert p.page.locator("#btn-takeback, #btn-abort").count() == 0
        assert p.page.locator("#btn-resign").count() == 1
    assert black.page.locator("#info-rated").inner_text() == "Ván giải đấu"
    black.shot("60-tournament-board-black-phone")
    red.button("btn-resign", confirm=True)
    for p in (red, black, arb):
        p.wait_over()
    assert red.page.locator("#btn-rematch").count() == 0

    # The result reaches the event through the game's end hook, after the players saw the
    # end: the server-rendered page shows round 2 once it has opened (reload until then).
    page = arb.page
    for _ in range(100):
        arb.goto(f"/tournaments/{tid}")
        page.wait_for_selector("#standings")
        if "Vòng 2 đang đấu" in (page.locator("#state").text_content() or ""):
            break
        page.wait_for_timeout(100)
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
    # The printable page (the tournament library's) puts each round record on its own
    # A4 page.
    arb.goto(f"/tournaments/{tid}/print")
    page.emulate_media(media="print")
    assert page.evaluate("getComputedStyle(document.querySelector('section.round'))"
                         ".breakBefore") == "page"
    page.emulate_media(media="screen")
    arb.goto(f"/tournaments/{tid}")
    link = page.locator("#live a").first
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
