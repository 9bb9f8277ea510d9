"""The lobby, ratings and the newcomer's fixes in a real Chromium: quick pairing of two
guests, a rated game between two accounts whose ratings change as Glicko-2 says, every
game control inside a 1366×768 window, and the invite flow from the link to the end."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from tests.server.e2e.conftest import Player

from cotuong.server.ratings.glicko2 import Rating, rate_game

pytestmark = pytest.mark.slow

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def in_view(p: Player, selector: str) -> None:
    """``selector`` is shown entirely inside the window, without scrolling the page."""
    # The card can be drawn again (a state frame) between the wait and the measure, which
    # leaves the old element detached: measure what is on the page once it shows again.
    box = None
    for _ in range(20):
        p.page.wait_for_selector(selector, state="visible")
        box = p.page.locator(selector).first.bounding_box()
        if box is not None:
            break
    assert box is not None, selector
    view = p.page.viewport_size
    assert view is not None
    assert p.page.evaluate("window.scrollY") == 0
    inside = (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= view["width"]
              and box["y"] + box["height"] <= view["height"])
    assert inside, f"{selector} at {box} is outside {view}"


def register(p: Player, username: str) -> None:
    r = p.context.request.post(p.server.url + "/api/accounts/register",
                               data={"username": username, "password": "correct horse"})
    assert r.status == 201, r.text()


def room_pair(people: Any, **context: Any) -> tuple[Player, Player, str]:
    host = people("host", **context)
    code = host.create_room(color="red", tc="f:600000:5000")
    guest = people("guest", **context)
    guest.join(code, "black")
    host.page.wait_for_selector('body[data-status="playing"]', state="attached")
    return host, guest, code


def test_two_guests_pair_through_quick_pairing_and_the_lobby_shows_their_game(
        people: Any) -> None:
    a, b, watcher = people("a"), people("b"), people("watcher")
    for p in (a, b, watcher):
        p.goto("/")
        p.page.wait_for_selector('body[data-connected="1"]', state="attached")
    a.page.click('#quick-buttons button[data-label="5+3"]')
    a.page.wait_for_selector("#seeking:not([hidden])")
    assert "5+3" in a.page.locator("#seeking-text").inner_text()
    seek = a.attr("seeking")
    # The open seek is listed for everyone, live.
    watcher.page.wait_for_selector(f'#seeks tr[data-seek="{seek}"]')
    a.shot("10-quick-pairing-waiting")
    b.page.click('#quick-buttons button[data-label="5+3"]')
    for p in (a, b):
        p.page.wait_for_url(re.compile(r".*/room/[A-Za-z0-9]+$"))
    assert a.room_code() == b.room_code()
    roles = set()
    for p in (a, b):
        p.page.wait_for_selector('body[data-role="red"], body[data-role="black"]',
                                 state="attached")
        p.page.wait_for_selector('body[data-status="playing"]', state="attached")
        roles.add(p.attr("role"))
    assert roles == {"red", "black"}
    red = a if a.attr("role") == "red" else b
    # The watcher's lobby: the seek is gone, the game is listed with a small board that
    # follows the moves.
    code = a.room_code()
    watcher.page.wait_for_selector(f'#live-games a[data-room="{code}"] svg.mini')
    assert watcher.page.locator(f'#seeks tr[data-seek="{seek}"]').count() == 0
    red.move("h2e2")
    watcher.page.wait_for_selector(f'#live-games a[data-room="{code}"][data-ply="1"]')
    fen = watcher.page.get_attribute(f'#live-games a[data-room="{code}"] svg.mini', "data-fen")
    assert fen and "1C2C4" in fen
    watcher.shot("11-lobby-live-games")
    assert int(watcher.page.get_attribute("#online-count", "data-count") or 0) >= 3


def test_a_rated_game_between_two_accounts_changes_both_ratings(people: Any) -> None:
    tag = secrets.token_hex(3)
    lan, minh = people("lan"), people("minh")
    register(lan, f"lan{tag}")
    register(minh, f"minh{tag}")
    code = lan.create_room(color="red", tc="f:300000:3000", rated=True)  # 5+3: blitz
    minh.join(code, "black")
    lan.page.wait_for_selector('body[data-status="playing"]', state="attached")
    assert "(1500)" in lan.page.locator("#player-top .name").inner_text()
    for i, mv in enumerate(["h2e2", "h9g7", "h0g2", "i9h9"]):
        (lan if i % 2 == 0 else minh).move(mv)
        (minh if i % 2 == 0 else lan).wait_ply(i + 1)
    lan.button("btn-resign", confirm=True)
    red, black = rate_game(Rating(), Rating(), 0.0)  # Red resigned
    for p in (lan, minh):
        p.wait_over()
        p.page.wait_for_selector("#result #ratings #rating-red")
        r = p.page.locator("#rating-red")
        assert int(r.get_attribute("data-before") or 0) == 1500
        assert int(r.get_attribute("data-after") or 0) == round(red.rating) == 1338
        assert int(p.page.get_attribute("#rating-black", "data-after") or 0) \
            == round(black.rating) == 1662
    assert "1500 → 1662 (+162)" in minh.page.locator("#rating-black").inner_text()
    minh.shot("12-rated-result")
    # The profile shows the rating, the counts and a graph point.
    minh.goto(f"/u/minh{tag}")
    minh.page.wait_for_selector('#ratings [data-category="blitz"][data-rating="1662"]')
    assert minh.page.locator("#graph svg.graph circle").count() == 1
    assert "1" in minh.page.locator("#counts").inner_text()
    minh.shot("13-profile")
    lan.goto("/")
    lan.page.click('#lb-tabs button[data-category="blitz"]')
    lan.page.wait_for_selector(f"#leaderboard a:has-text('minh{tag}')")


def test_every_game_control_fits_a_1366x768_window(people: Any) -> None:
    host, guest, _ = room_pair(people, viewport=LAPTOP)
    for sel in ("#player-bottom .clock", "#your-turn", "#btn-draw", "#btn-resign",
                "#player-top .clock", "svg.board"):
        in_view(host, sel)
    # A refused move's reason.
    host.click_square("b0")
    host.click_square("b1")
    host.page.wait_for_selector("#error")
    in_view(host, "#error")
    host.move("h2e2")
    for sel in ("#your-turn", "#player-bottom .clock", "#btn-draw", "#btn-resign"):
        in_view(guest, sel)
    guest.button("btn-draw", confirm=True)
    for sel in ("#offer-draw", "#btn-draw-accept", "#btn-draw-decline"):
        in_view(host, sel)
    host.shot("14-laptop-draw-offer")
    host.page.click("#btn-draw-decline")
    guest.move("h9g7")
    guest.button("btn-resign", confirm=True)
    for p in (host, guest):
        p.wait_over()
        in_view(p, "#result")
        in_view(p, "#btn-rematch")
    guest.shot("15-laptop-result")


def test_the_invite_flow_from_the_link_to_the_end(people: Any) -> None:
    host = people("host", viewport=LAPTOP)
    code = host.create_room(color="red", tc="f:600000:5000")
    host.page.wait_for_selector("#waiting")
    in_view(host, "#waiting")
    assert host.page.locator("#invite-card").is_visible()
    link = host.page.locator("#invite-link").input_value()
    assert link.endswith(f"/room/{code}")

    # The friend names themselves, then opens the link: the free seat is offered first
    # thing, above the fold, on a laptop as on a phone.
    friend = people("friend", viewport=LAPTOP)
    friend.goto("/")
    friend.page.click("#btn-name")
    friend.page.fill("#name-input", "Bạn Hiền")
    friend.page.click("#name-save")
    friend.page.wait_for_selector("#who:has-text('Bạn Hiền')")
    phone = people("phone", **PHONE)
    phone.page.goto(link)
    phone.wait_role("spectator")
    in_view(phone, "#invited #btn-join")
    friend.page.goto(link)
    friend.wait_role("spectator")
    in_view(friend, "#invited #btn-join")
    assert friend.page.locator("#waiting").count() == 0  # the host's text is the host's
    friend.shot("16-invited")
    friend.page.click("#btn-join")
    friend.wait_role("black")

    # Both seats taken: no waiting text, no invite card, for anyone.
    host.page.wait_for_selector('body[data-status="playing"]', state="attached")
    host.page.wait_for_selector("#player-top .name:has-text('Bạn Hiền')")
    phone.page.wait_for_selector('body[data-status="playing"]', state="attached")
    for p in (host, friend, phone):
        assert p.page.locator("#waiting").count() == 0
        assert p.page.locator("#invited").count() == 0
        assert not p.page.locator("#invite-card").is_visible()
    host.move("h2e2")
    friend.wait_ply(1)
    host.button("btn-resign", confirm=True)
    for p in (host, friend):
        p.wait_over()
        assert p.page.locator("#waiting").count() == 0
        assert not p.page.locator("#invite-card").is_visible()

    # A second invitation, cancelled by the host: the room closes and says why.
    code2 = host.create_room(color="red", tc="f:600000:5000")
    host.button("btn-cancel-invite", confirm=True)
    host.wait_over()
    assert "hủy lời mời" in host.page.locator("#result").inner_text()
    friend.page.goto(f"{host.server.url}/room/{code2}")
    friend.wait_role("spectator")
    friend.page.wait_for_selector("#result")
    assert friend.page.locator("#btn-join").count() == 0
