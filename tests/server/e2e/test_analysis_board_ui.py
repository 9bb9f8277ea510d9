"""The analysis board (/analysis) in Chromium against a real ``cotuong serve``: moves by
click and drag make a variation tree — a variation added, walked with the keys,
promoted, commented and deleted —, the list follows the notation chosen, an illegal
move is explained; "Phân tích từ đây" opens the right position from the review and room
pages (a finished game; one still on is refused), from the paste page (a Vietnamese forum
record, at its last move, for a guest and for an account) and from the editor; the page
fits a phone and a laptop. Screenshots: ``test-artifacts/e2e/analysis-*.png`` (the docs'
``docs/screenshots/analysis-*.png`` were copied from there)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.server.e2e.conftest import PHONE, Player, register

from cotuong import Board, Move
from cotuong.records import read_any

pytestmark = pytest.mark.slow

DATA = Path(__file__).resolve().parents[2] / "data"
FORUM = (DATA / "vietnamese" / "thanglongkydao_quy_boi_phao_cuoc7.txt").read_text("utf-8")
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


def ready(p: Player, ply: int) -> None:
    """Wait until the node after ``ply`` moves is on view with the server's legal moves."""
    p.page.wait_for_function(
        "n => document.body.dataset.ply === String(n) && document.body.dataset.ready === '1'",
        arg=ply)


def play(p: Player, iccs: str, drag: bool = False) -> None:
    before = p.ply()
    p.move(iccs, drag=drag)
    ready(p, before + 1)


def placement_after(moves: list[str], fen: str | None = None) -> str:
    board = Board(fen) if fen else Board()
    for m in moves:
        board.push(Move.from_iccs(m))
    return " ".join(board.fen().split()[:2])


def moves_shown(p: Player, selector: str = "#tree .line.main > .mv") -> list[str]:
    return [str(m) for m in p.page.locator(selector).evaluate_all(
        "ns => ns.map(n => n.dataset.move)")]


def test_a_variation_is_added_walked_promoted_and_deleted(people: Any) -> None:
    p = people("analyst", **LAPTOP)
    p.goto("/")
    p.page.click("#nav-analysis")
    p.page.wait_for_url(re.compile(r".*/analysis$"))
    ready(p, 0)
    play(p, "h2e2")
    play(p, "h9g7", drag=True)
    play(p, "h0g2")
    assert moves_shown(p) == ["h2e2", "h9g7", "h0g2"]
    assert p.page.locator("#tree .mv.current").inner_text() == "M2.3"
    # Back two moves with the keys, and answer differently: a variation.
    p.page.keyboard.press("ArrowLeft")
    p.page.keyboard.press("ArrowLeft")
    ready(p, 1)
    play(p, "b9c7")
    assert p.attr("main") == "0"
    assert moves_shown(p) == ["h2e2", "h9g7", "h0g2"]
    assert moves_shown(p, "#tree .var .mv") == ["b9c7"]
    assert p.page.locator("#tree .var").inner_text().split() == ["1…", "M2.3"]
    # ↑ to the main move of the same ply, ↓ back to the variation.
    p.page.keyboard.press("ArrowUp")
    assert p.page.locator("#tree .mv.current").get_attribute("data-move") == "h9g7"
    p.page.keyboard.press("ArrowDown")
    assert p.page.locator("#tree .mv.current").get_attribute("data-move") == "b9c7"
    assert p.fen().split()[:2] == placement_after(["h2e2", "b9c7"]).split()
    play(p, "b0c2")
    p.page.fill("#comment", "Mã trái lên, thế cờ vững")
    p.page.locator("#comment").blur()
    assert p.page.locator("#tree .comment").inner_text() == "Mã trái lên, thế cờ vững"
    # Promoted: the variation becomes the main line, the former main line a variation.
    p.page.click("#btn-promote")
    assert p.attr("main") == "1"
    assert moves_shown(p) == ["h2e2", "b9c7", "b0c2"]
    assert moves_shown(p, "#tree .var .mv") == ["h9g7", "h0g2"]
    assert p.page.locator("#btn-promote").is_disabled()
    # Home, End: the start and the end of the line on view.
    p.page.keyboard.press("Home")
    ready(p, 0)
    assert p.fen().startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
    p.page.keyboard.press("End")
    ready(p, 3)
    assert p.page.locator("#tree .mv.current").get_attribute("data-move") == "b0c2"
    # Delete the old line from its first move: only the main line is left, and the
    # page goes to the position before it.
    p.page.click('#tree .var .mv[data-move="h9g7"]')
    ready(p, 2)
    p.page.click("#btn-delete")
    ready(p, 1)
    assert p.page.locator("#tree .var").count() == 0
    assert moves_shown(p) == ["h2e2", "b9c7", "b0c2"]
    # The notation chosen: the list follows (and is kept for the other pages).
    first = p.page.locator('#tree .mv[data-ply="1"]')
    for value, text in [("wxf", "C2.5"), ("zh", "炮二平五"), ("vi-words", "Pháo 2 bình 5"),
                        ("iccs", "h2e2"), ("vi", "P2-5")]:
        p.page.select_option("#notation", value)
        assert first.inner_text() == text
    # A move the rules forbid is explained, and nothing changes: the horse's leg.
    p.page.keyboard.press("Home")
    ready(p, 0)
    p.click_square("b0")
    p.click_square("d1")
    p.page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "Mã bị cản chân" in p.page.locator("#error").inner_text()
    assert p.ply() == 0
    # Flipped: Black at the bottom, the moves and the tree unchanged.
    p.page.click("#btn-flip")
    assert "flipped" in (p.page.get_attribute("svg.board", "class") or "")
    assert moves_shown(p) == ["h2e2", "b9c7", "b0c2"]
    p.page.click("#btn-flip")
    # FEN out, and a FEN in: a new tree from it.
    p.page.fill("#fen", "3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1")
    p.page.click("#btn-load")
    p.page.wait_for_function("document.querySelector('svg.board').dataset.fen.startsWith('3k5')")
    ready(p, 0)
    assert p.page.locator("#tree .mv").count() == 0
    assert sorted(p.legal()) == sorted(Board("3k5/9/9/9/9/9/9/9/9/3R1K3 b").legal_moves.iccs())


def _finished_game(people: Any) -> tuple[Player, int]:
    host = people("host", **LAPTOP)
    guest = people("guest")
    code = host.create_room(color="red", tc="none")
    guest.join(code, "black")
    host.move("h2e2")
    guest.move("h9g7")
    host.move("h0g2")
    # Still on: the analysis board refuses it (the engine would play for a player).
    watcher = people("watcher")
    game_id = int(host.attr("gameId"))
    watcher.goto(f"/analysis?game={game_id}")
    watcher.page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "chưa kết thúc" in watcher.page.locator("#error").inner_text()
    ready(watcher, 0)
    host.button("btn-resign", confirm=True)
    host.wait_over()
    return host, game_id


def test_analyse_from_here_on_the_room_and_review_pages(people: Any) -> None:
    host, game_id = _finished_game(people)
    page = host.page
    # The room: once over, from the position on view (the last, then one step back).
    assert page.get_attribute("#btn-from-here", "href") == f"/analysis?game={game_id}&ply=3"
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.getElementById('btn-from-here')?.href.endsWith('ply=2')")
    # The review: two steps back, then open the analysis board there.
    page.click("#btn-review")
    page.wait_for_url(re.compile(r".*/game/\d+$"))
    page.wait_for_selector("body[data-ply='3']", state="attached")
    page.click("#nav-prev")
    page.click("#nav-prev")
    page.click("#btn-from-here")
    page.wait_for_url(re.compile(rf".*/analysis\?game={game_id}&ply=1$"))
    ready(host, 1)
    assert host.fen().split()[:2] == placement_after(["h2e2"]).split()
    assert moves_shown(host) == ["h2e2", "h9g7", "h0g2"]
    assert page.locator("#title").inner_text() == f"Ván {game_id}"
    page.keyboard.press("End")
    ready(host, 3)
    # A move of one's own from there starts a variation beside the game's.
    page.keyboard.press("ArrowLeft")
    ready(host, 2)
    play(host, "b0c2")
    assert moves_shown(host, "#tree .var .mv") == ["b0c2"]


@pytest.mark.parametrize("account", [False, True])
def test_a_pasted_forum_record_opens_at_its_last_move(people: Any, account: bool) -> None:
    p = people("reader", **LAPTOP)
    if account:
        register(p, "nguoiphantich")
    p.goto("/import")
    p.page.fill("#paste", FORUM)
    p.page.click("#btn-read")
    p.page.wait_for_selector("body[data-plies]", state="attached")
    if account:
        p.page.wait_for_url(re.compile(r".*/import/[A-Za-z0-9_-]+$"))
    href = p.page.get_attribute("#btn-analyse", "href") or ""
    assert ("import=" in href) == account and href.endswith("&ply=22")
    p.page.click("#btn-analyse")
    p.page.wait_for_url(re.compile(r".*/analysis\?.*"))
    ready(p, 22)
    record = read_any(FORUM)[0]
    assert p.fen().split()[:2] == record.board().fen().split()[:2]
    assert len(moves_shown(p)) == 22
    assert p.page.locator('#tree .mv[data-ply="1"]').inner_text() == "P2-5"
    assert p.page.locator("#tree .mv.current").get_attribute("data-ply") == "22"
    # Stepping back through the whole game at key-repeat speed: the positions passed
    # over are not asked of the server (it allows 20 requests a second).
    asked: list[str] = []
    p.page.on("request", lambda r: asked.append(r.url) if "/positions/legal" in r.url else None)
    for _ in range(22):
        p.page.keyboard.press("ArrowLeft")
    ready(p, 0)
    p.page.keyboard.press("ArrowRight")
    ready(p, 1)
    # Without the settling pause every one of the 23 positions would be asked; a loaded
    # machine can leave more than the pause (60 ms) between two presses now and then.
    assert len(asked) <= 6, asked
    assert p.page.locator("#error").inner_text() == ""


def test_the_editor_opens_a_valid_position_and_a_bad_fen_is_refused(people: Any) -> None:
    p = people("editor")
    p.goto("/editor?fen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4%20w%20-%20-%200%201")
    p.page.wait_for_function("document.body.dataset.valid === '0'")
    assert p.page.get_attribute("#btn-analyse", "aria-disabled") == "true"
    # The kings facing each other: refused by the analysis board too, with the reason.
    p.goto("/analysis?fen=4k4%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4%20w%20-%20-%200%201")
    p.page.wait_for_function("document.getElementById('error').textContent.length > 0")
    assert "Hai tướng đối mặt" in p.page.locator("#error").inner_text()
    ready(p, 0)   # the start position instead
    assert len(p.legal()) == 44
    p.goto("/editor?fen=3k5%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4%20b%20-%20-%200%201")
    p.page.wait_for_function("document.body.dataset.valid === '1'")
    p.page.click("#btn-analyse")
    p.page.wait_for_url(re.compile(r".*/analysis\?fen=.*"))
    ready(p, 0)
    assert p.fen().startswith("3k5/9/9/9/9/9/9/9/9/4K4 b")
    assert sorted(p.legal()) == sorted(Board("3k5/9/9/9/9/9/9/9/9/4K4 b").legal_moves.iccs())


@pytest.mark.parametrize(("name", "context"), [("phone", PHONE), ("laptop", LAPTOP)])
def test_the_page_fits_the_screen(people: Any, name: str, context: dict[str, Any]) -> None:
    record = read_any(FORUM)[0]
    moves = ",".join(m.iccs for m in record.moves)
    p = people(name, **context)
    p.goto(f"/analysis?moves={moves}&ply=12")
    ready(p, 12)
    p.page.keyboard.press("ArrowLeft")
    ready(p, 11)
    board = record.board(11)
    other = next(m for m in sorted(board.legal_moves.iccs()) if m != record.moves[11].iccs)
    play(p, other)   # a variation, so the list shows one
    width = p.page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    box = p.page.locator("svg.board").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= context["viewport"]["width"]
    if name == "laptop":   # the whole board and its step buttons in the window
        nav = p.page.locator("#nav-end").bounding_box()
        assert nav and nav["y"] + nav["height"] <= 768, nav
    whole = p.shot(f"analysis-{name}")
    # What the screen shows, at CSS pixels (docs/screenshots/analysis-phone.png).
    p.page.screenshot(path=str(whole.with_name(f"analysis-{name}-screen.png")), scale="css")


def test_the_page_works_under_the_content_security_policy(people: Any) -> None:
    """With the server's policy enforced (no eval: selectors only, no wait_for_function);
    any violation is a console error, which fails the test."""
    p = people("csp", bypass_csp=False)
    p.goto("/analysis")
    p.page.wait_for_selector('body[data-ready="1"][data-ply="0"]', state="attached")
    p.click_square("h2")
    p.page.wait_for_selector('rect.hit[data-sq="e2"][data-dest]', state="attached")
    p.click_square("e2")
    p.page.wait_for_selector('body[data-ready="1"][data-ply="1"]', state="attached")
    p.page.select_option("#notation", "zh")
    assert p.page.locator('#tree .mv[data-ply="1"]').inner_text() == "炮二平五"
    p.page.select_option("#notation", "vi")


def test_a_mate_ends_the_line_in_words(people: Any) -> None:
    p = people("mate", **LAPTOP)
    p.goto("/analysis?fen=3k5%2FR1P6%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4%20w%20-%20-%200%201")
    ready(p, 0)
    play(p, "a8a9")
    result = p.page.locator("#result")
    assert result.inner_text().split("\n")[0] == "1-0"
    assert "Đỏ thắng" in result.inner_text()
    assert p.legal() == []
    box = result.bounding_box()   # beside the board, in the window
    assert box and box["y"] + box["height"] <= 768, box
    p.page.keyboard.press("ArrowLeft")
    ready(p, 0)
    assert p.page.locator("#result").count() == 0
