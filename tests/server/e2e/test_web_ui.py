"""The web UI end to end: real headless Chromium (Debian's package, via Playwright) against a
real ``cotuong serve`` on 127.0.0.1. Every move is played with clicks (or a drag) on the SVG
board; every assertion reads what the page shows. Screenshots: ``test-artifacts/e2e/``.
"""

from __future__ import annotations

import random
import re
import signal
from pathlib import Path
from typing import Any

import pytest
from tests.server.e2e.conftest import Player, Server

# Real Chromium games take seconds each: outside the quick run (-m "not slow").
pytestmark = pytest.mark.slow

# A short opening, legal from the start position (Red, Black, Red, …).
OPENING = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
# The referee's example: Red's rook checks from h9 and h8 while the king steps f9–f8.
PERPETUAL_FEN = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1"


def _same_board(a: Any, b: Any) -> None:
    assert a.fen() == b.fen()
    assert a.ply() == b.ply()


def test_room_game_with_spectator(people: Any) -> None:
    """Two players in a room, a third person watching live; clocks, notations, flip."""
    host = people("host")
    code = host.create_room(color="red", tc="f:600000:5000")
    assert host.page.locator("#room-code").inner_text() == code
    assert host.page.locator("#invite-link").input_value().endswith(f"/room/{code}")
    host.page.wait_for_selector("#waiting")
    host.shot("01-room-waiting")

    guest = people("guest")
    guest.join(code, "black")
    watcher = people("watcher")
    watcher.goto(f"/room/{code}")
    watcher.wait_role("spectator")
    host.page.wait_for_selector('body[data-status="playing"]', state="attached")
    host.page.wait_for_function(
        "document.querySelector('#spectators').dataset.count === '1'")
    # The guest plays Black and sees the board from Black's side.
    assert guest.page.locator("svg.board.flipped").count() == 1
    assert host.page.locator("svg.board.flipped").count() == 0
    # The spectator cannot move: no legal moves are offered on the board.
    assert watcher.legal() == []
    assert host.legal(), "Red to move must see legal destinations"
    assert guest.legal() == []

    fens = {0: watcher.fen()}
    for i, mv in enumerate(OPENING):
        mover = host if i % 2 == 0 else guest
        mover.move(mv, drag=(i == 1))
        for p in (host, guest, watcher):
            p.wait_ply(i + 1)
        _same_board(host, watcher)
        _same_board(guest, watcher)
        fens[i + 1] = watcher.fen()
        if i == 0:
            # Legal destinations are shown when a piece is selected.
            guest.click_square("h9")
            dests = guest.page.locator("rect.hit[data-dest]")
            assert sorted(dests.evaluate_all("ns => ns.map(n => n.dataset.sq)")) == ["g7", "i7"]
            guest.shot("02-legal-destinations")
            guest.click_square("h9")  # deselect
    host.shot("03-host-after-opening")
    watcher.shot("04-spectator-after-opening")

    # Move list in Vietnamese by default; the server's texts, the same for everybody.
    first = watcher.page.locator('#moves td.mv[data-ply="1"]')
    assert first.inner_text() == "P2-5"
    assert host.page.locator('#moves td.mv[data-ply="6"]').inner_text() == \
        watcher.page.locator('#moves td.mv[data-ply="6"]').inner_text()
    # Other notations.
    watcher.page.select_option("#notation", "wxf")
    assert first.inner_text() == "C2.5"
    watcher.page.select_option("#notation", "zh")
    assert first.inner_text() == "炮二平五"
    watcher.page.select_option("#notation", "iccs")
    assert first.inner_text() == "h2e2"
    watcher.page.select_option("#notation", "vi")

    # The last move is highlighted; the clocks run for the side to move.
    assert host.page.locator("svg.board rect.last-to").count() == 1
    running = host.page.locator(".clock.running")
    assert running.get_attribute("data-color") == "red"
    t0 = int(running.get_attribute("data-ms") or 0)
    host.page.wait_for_timeout(1200)
    t1 = int(running.get_attribute("data-ms") or 0)
    assert 600 < t0 - t1 < 2500, (t0, t1)
    assert int(host.page.locator("#clock-black").get_attribute("data-ms") or 0) > 600_000 - 30_000

    # Stepping back through the moves shows older positions; "live" returns.
    watcher.page.click('#moves td.mv[data-ply="2"]')
    watcher.page.wait_for_selector("#live:not([hidden])")
    # The replayed position is the one the server sent at that ply (placement and side).
    assert watcher.fen().split()[:2] == fens[2].split()[:2]
    watcher.shot("05-spectator-stepping-back")
    watcher.page.click("#live")
    assert watcher.fen() == host.fen()

    # Chat reaches everyone in the room, spectators included.
    guest.page.fill("#chat-input", "Chúc may mắn!")
    guest.page.press("#chat-input", "Enter")
    for p in (host, watcher):
        p.page.wait_for_selector("#chat-log li:has-text('Chúc may mắn!')")

    # Flip and the English switch.
    watcher.page.click("#btn-flip")
    assert watcher.page.locator("svg.board.flipped").count() == 1
    watcher.page.click("#lang")
    watcher.page.wait_for_selector("#btn-flip:has-text('Flip board')")
    assert "watching" in watcher.page.locator("#role").inner_text()
    watcher.shot("06-spectator-english-flipped")


def test_draw_offer_declined_then_accepted(people: Any) -> None:
    host, guest = people("host"), people("guest")
    code = host.create_room(color="black", tc="b:600000:30000")
    guest.join(code, "red")
    guest.move("b2e2")
    host.move("b9c7")
    # Cancelling the confirmation sends nothing.
    host.button("btn-draw", confirm=False)
    host.page.wait_for_timeout(300)
    assert guest.page.locator("#offer-draw").count() == 0
    host.button("btn-draw", confirm=True)
    guest.page.wait_for_selector("#offer-draw #btn-draw-decline")
    host.page.wait_for_selector("#offer-draw")  # "waiting for the answer"
    guest.shot("10-draw-offered")
    guest.page.click("#btn-draw-decline")
    host.page.wait_for_selector("#offer-draw", state="detached")
    guest.page.wait_for_selector("#offer-draw", state="detached")
    assert host.attr("status") == "playing"
    host.shot("11-draw-declined")
    guest.move("h0g2")
    # Offered again, and accepted.
    host.button("btn-draw", confirm=True)
    guest.page.click("#btn-draw-accept")
    for p in (host, guest):
        p.wait_over()
        assert p.attr("result") == "1/2-1/2"
        assert p.attr("termination") == "AGREEMENT"
        assert p.page.locator("#result .score").inner_text() == "1/2-1/2"
    assert host.page.locator("#btn-resign").count() == 0
    assert host.page.locator("#btn-rematch").count() == 1
    host.shot("12-draw-agreed")


def test_resignation(people: Any) -> None:
    host, guest = people("host"), people("guest")
    code = host.create_room(color="red", tc="none")
    guest.join(code, "black")
    host.move("b0c2")
    guest.move("b7e7")
    guest.button("btn-resign", confirm=True)
    for p in (host, guest):
        p.wait_over()
        assert p.attr("result") == "1-0"
        assert p.attr("termination") == "RESIGNATION"
    text = host.page.locator("#result").inner_text()
    assert "Đỏ thắng" in text or "Đỏ" in text, text
    host.shot("20-resigned")
    # The finished game can be reviewed, with PGN downloads.
    host.page.click("#btn-review")
    host.page.wait_for_url(re.compile(r".*/game/\d+$"))
    host.page.wait_for_selector("#result")
    assert host.attr("ply") == "2"
    host.page.click("#nav-start")
    assert host.attr("ply") == "0"
    host.page.click("#nav-next")
    assert host.attr("ply") == "1"
    assert host.page.locator('#moves td.mv.current').inner_text() == "M8.7"
    links = host.page.locator("#pgn-links a")
    assert links.count() == 3
    with host.page.expect_download() as dl:
        host.page.click('#pgn-links a[data-notation="vi"]')
    pgn = Path(dl.value.path()).read_text(encoding="utf-8")
    assert "1-0" in pgn and "M8.7" in pgn
    host.shot("21-review")


def test_game_against_level_1_to_the_end(people: Any, rng: random.Random) -> None:
    """Random legal moves (captures first) from the board's marks until the game ends."""
    me = people("ai-player")
    me.goto("/")
    form = me.page.locator("#form-ai")
    form.locator('label[data-level="1"]').click()
    form.locator('input[name="form-ai-color"][value="red"]').check()
    form.locator("select[name=tc]").select_option("none")
    me.shot("30-lobby")
    form.locator("#btn-play-ai").click()
    me.page.wait_for_url(re.compile(r".*/room/[A-Za-z0-9]+$"))
    me.wait_role("red")
    me.page.wait_for_selector("#player-top:has-text('Dễ')")
    my_moves = 0
    while not me.attr("result"):
        me.page.wait_for_function(
            "document.body.dataset.result || (document.body.dataset.turn === 'red' && "
            "(document.querySelector('svg.board')?.dataset.legal || '') !== '')",
            # The engine worker may still be starting (and compiling) on a busy machine.
            timeout=180_000 if my_moves <= 1 else 60_000)
        if me.attr("result"):
            break
        if my_moves >= 120:
            me.button("btn-resign", confirm=True)
            me.wait_over()
            break
        legal = me.legal()
        occupied = set(re.findall(r'data-sq="(\w\d)"', me.page.inner_html("svg.board g.pieces")))
        captures = [m for m in legal if m[2:] in occupied]
        mv = rng.choice(captures or legal)
        me.move(mv)
        my_moves += 1
        if my_moves == 10:
            me.shot("31-ai-game-in-progress")
    me.wait_over()
    assert me.attr("result") in ("1-0", "0-1", "1/2-1/2")
    assert me.page.locator("#result").inner_text().strip()
    me.shot("32-ai-game-over")


def test_perpetual_check_ruled_with_explanation(people: Any) -> None:
    """Red checks perpetually (the referee's own example); Black wins, the reason is shown."""
    host, guest = people("host"), people("guest")
    code = host.create_room(color="red", tc="none", fen=PERPETUAL_FEN)
    guest.join(code, "black")
    cycle = ["h8h9", "f9f8", "h9h8", "f8f9"]
    for i, mv in enumerate(cycle * 2):
        (host if i % 2 == 0 else guest).move(mv)
        if i == 0:
            host.page.wait_for_function("document.querySelector('svg.board .check')")
        if i == 3:
            # Second occurrence: the referee warns that the next repetition will be ruled.
            host.page.wait_for_selector("[data-warning]")
            host.shot("40-repetition-warning")
    for p in (host, guest):
        p.wait_over()
        assert p.attr("result") == "0-1"
        assert p.attr("termination") == "PERPETUAL_CHECK"
    text = guest.page.locator("#result").inner_text()
    assert "chiếu dai" in text, text
    guest.shot("41-perpetual-check-vi")
    guest.page.click("#lang")
    guest.page.wait_for_function("document.querySelector('#result').innerText.includes('perpetual')")
    guest.shot("42-perpetual-check-en")


def test_reconnect_after_reload_dropped_socket_and_server_restart(people: Any, server: Any) -> None:
    host, guest = people("host"), people("guest")
    code = host.create_room(color="red", tc="f:300000:3000")
    guest.join(code, "black")
    host.move("h2e2")
    guest.move("h9g7")
    host.wait_ply(2)  # (the guest's page may see its move before the host's does)
    fen = host.fen()
    host.page.reload()
    host.wait_role("red")
    host.wait_ply(2)
    assert host.fen() == fen
    assert host.legal(), "after the reload the seat is still Red's"
    host.shot("50-after-reload")
    host.move("b0c2")
    guest.wait_ply(3)
    # A dropped socket reconnects by itself and resumes from the server's snapshot.
    guest.page.evaluate("window.cotuong.socket.drop()")
    guest.page.wait_for_selector('body[data-connected="0"]', state="attached")
    guest.page.wait_for_selector('body[data-connected="1"]', state="attached", timeout=15_000)
    guest.wait_role("black")
    guest.move("b9c7")
    host.wait_ply(4)
    _same_board(host, guest)
    # The server is killed mid-game and started again on the same port and database: both
    # pages notice, retry with backoff, and resume from the restored game.
    fen = host.fen()
    server.stop(signal.SIGKILL)
    for p in (host, guest):
        p.page.wait_for_selector('body[data-connected="0"]', state="attached")
    host.shot("51-server-down")
    server.start()
    for p in (host, guest):
        p.page.wait_for_selector('body[data-connected="1"]', state="attached", timeout=30_000)
    assert host.fen() == fen and guest.fen() == fen
    host.move("h0g2")
    guest.wait_ply(5)
    _same_board(host, guest)
    host.shot("52-after-server-restart")


def test_phone_layout(people: Any) -> None:
    phone_args = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
                  "is_mobile": True, "has_touch": True}
    host = people("phone-host", **phone_args)
    code = host.create_room(color="red", tc="f:300000:3000")
    host.page.wait_for_selector("#waiting #btn-copy-invite")
    host.shot("59-phone-waiting")
    guest = people("phone-guest", **phone_args)
    guest.join(code, "black")
    for p in (host, guest):
        width = p.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"horizontal scroll on a phone: {width}px"
        box = p.page.locator("svg.board").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert box["width"] >= 340, "the board should use the phone's width"
    # Tap to move.
    host.page.tap('rect.hit[data-sq="h2"]')
    host.page.tap('rect.hit[data-sq="e2"]')
    guest.wait_ply(1)
    host.shot("60-phone-red")
    guest.shot("61-phone-black")
    host.goto("/")
    # Once the lobby's live games have rendered (two cards once overflowed by 9 px: their
    # name rows' max-content widened them past their grid column).
    host.page.wait_for_function("document.documentElement.scrollWidth <= 390", timeout=10_000)
    host.shot("62-phone-lobby")


def test_account_takeback_abort_rematch_and_history(people: Any, rng: random.Random) -> None:
    host, guest = people("host"), people("guest")
    host.goto("/")
    # Register through the top bar's dialog (accounts are optional).
    name = f"lan{rng.randrange(10**6)}"
    host.page.click("#login")
    host.page.click("#dlg-account button:has-text('Đăng ký')")
    host.page.fill("#dlg-account input[name=username]", name)
    host.page.fill("#dlg-account input[name=password]", "mật-khẩu-dài")
    host.shot("70-register-dialog")
    host.page.click("#dlg-account button[type=submit]")
    host.page.wait_for_selector(f"#who:has-text('{name}')")

    code = host.create_room(color="red", tc="none")
    guest.join(code, "black")
    guest.page.wait_for_selector(f"#player-top:has-text('{name}')")
    # Takeback with consent.
    host.move("h2e2")
    host.button("btn-takeback", confirm=True)
    guest.page.click("#offer-takeback #btn-takeback-accept")
    for p in (host, guest):
        p.page.wait_for_selector('body[data-ply="0"]', state="attached")
    assert host.legal(), "Red moves again after the takeback"
    # Abort before both sides have moved.
    host.move("b2e2")
    host.button("btn-abort", confirm=True)
    for p in (host, guest):
        p.page.wait_for_selector('body[data-termination="ABORTED"]', state="attached")
    assert "hủy" in guest.page.locator("#result").inner_text()
    host.shot("71-aborted")
    # Rematch: asked by one, accepted by the other; colours swap.
    first_game = host.attr("gameId")
    host.button("btn-rematch")
    guest.page.click("#offer-rematch #btn-rematch-accept")
    host.page.wait_for_function(f"document.body.dataset.gameId !== '{first_game}'")
    host.wait_role("black")
    guest.wait_role("red")
    guest.move("c3c4")
    host.wait_ply(1)
    host.shot("72-rematch-colours-swapped")
    # The account's history lists both games, linked to the review page.
    host.goto("/")
    host.page.wait_for_selector(f'#history a[href="/game/{first_game}"]')
    assert host.page.locator("#history a[href^='/room/']").count() == 1  # the rematch, still on
    host.shot("73-lobby-history")
    host.page.click("#logout")
    host.page.wait_for_selector("#login")


def test_illegal_move_attempt_explained(people: Any) -> None:
    """A drop on a square the piece cannot reach is refused by the server with the reason."""
    host, guest = people("host"), people("guest")
    code = host.create_room(color="red", tc="none")
    guest.join(code, "black")
    host.wait_legal("h2e2")
    fen = host.fen()
    host.click_square("b0")   # the horse…
    host.click_square("b1")   # …one step straight: not a legal destination
    host.page.wait_for_selector("#error")
    text = host.page.locator("#error").inner_text()
    # The reason in the page's language when the server sends both, else its message.
    assert "b0b1" in text or "Mã" in text, text
    assert host.fen() == fen and host.ply() == 0
    host.shot("80-illegal-move-reason")
    host.move("h2e2")  # and the game goes on
    guest.wait_ply(1)


def test_time_forfeit_with_seconds_per_move(people: Any) -> None:
    """A custom "seconds per move" clock from the lobby form; the flag falls, the server rules."""
    host, guest = people("host"), people("guest")
    host.goto("/")
    form = host.page.locator("#form-create")
    form.locator("select[name=tc]").select_option("custom")
    form.locator("select[name=tc_kind]").select_option("byoyomi")
    form.locator("input[name=tc_base]").fill("0")
    form.locator("input[name=tc_extra]").fill("2")
    form.locator('input[name="form-create-color"][value="red"]').check()
    form.locator("#btn-create").click()
    host.page.wait_for_url(re.compile(r".*/room/[A-Za-z0-9]+$"))
    host.page.wait_for_selector("#info-tc:has-text('2 giây mỗi nước')")
    guest.join(host.room_code(), "black")
    host.move("h2e2")
    guest.move("h9g7")
    # Red's two seconds run out while Red thinks; the page counts down, the server flags.
    host.page.wait_for_selector('#clock-red.running[data-byo="1"]')
    for p in (host, guest):
        p.wait_over(timeout=10_000)
        assert p.attr("result") == "0-1"
        assert p.attr("termination") == "TIME_FORFEIT"
    assert host.page.locator("#clock-red").get_attribute("data-ms") == "0"
    host.shot("90-time-forfeit")


def test_abandonment_countdown_and_ruling(playwright_api: Any,
                                          tmp_path_factory: pytest.TempPathFactory) -> None:
    """A player who leaves mid-game: the other sees the countdown, then the win by abandonment.
    Its own server, with a 4-second abandonment time."""
    srv = Server(tmp_path_factory.mktemp("abandon") / "cotuong.sqlite3", abandon_after_s=4)
    srv.start()
    host = Player(playwright_api, srv, "host")
    guest = Player(playwright_api, srv, "guest")
    try:
        code = host.create_room(color="red", tc="none")
        guest.join(code, "black")
        host.move("h2e2")
        guest.move("h9g7")
        guest.close()  # the browser tab is gone
        host.page.wait_for_selector("#abandon")
        assert "Đen" in host.page.locator("#abandon").inner_text()
        host.page.wait_for_selector("#player-top .presence.off", state="attached")
        host.shot("95-abandon-countdown")
        host.wait_over(timeout=20_000)
        assert host.attr("result") == "1-0"
        assert host.attr("termination") == "ABANDONMENT"
        host.shot("96-abandoned")
        assert not host.errors, host.errors
    finally:
        host.close()
        srv.stop()
