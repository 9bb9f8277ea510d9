"""The study room in Chromium against a real ``cotuong serve``: the board editor refuses
an illegal setup and names why (in Vietnamese), a legal one opens a game against the
computer from that position; a Vietnamese forum record pasted opens at its last move,
with what was skipped and why; both pages fit a phone (390×844) and a laptop (1366×768)
without sideways scrolling. Screenshots: ``test-artifacts/e2e/study-*.png``."""

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


def place(p: Player, letter: str, sq: str) -> None:
    """Choose ``letter`` in the palette and tap ``sq`` (the palette keeps the piece)."""
    button = p.page.locator(f'.palette button[data-piece="{letter}"]')
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    p.click_square(sq)


def problems(p: Player) -> list[str]:
    p.page.wait_for_function("document.body.dataset.valid !== ''")
    return p.attr("problems").split()


def wait_fen(p: Player, placement: str) -> None:
    p.page.wait_for_function(
        "f => (document.querySelector('svg.board')?.dataset.fen || '').startsWith(f)",
        arg=placement)


def drag(p: Player, src: str, dst: str) -> None:
    a = p.page.locator(f'rect.hit[data-sq="{src}"]').bounding_box()
    b = p.page.locator(f'rect.hit[data-sq="{dst}"]').bounding_box()
    assert a and b
    m = p.page.mouse
    m.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    m.down()
    m.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    m.up()


def test_an_illegal_setup_is_refused_with_its_reason(people: Any) -> None:
    p = people("editor")
    p.goto("/")
    p.page.click("#nav-editor")  # linked from the lobby's top bar
    p.page.wait_for_url(re.compile(r".*/editor"))
    assert problems(p) == []  # the start position
    p.page.click("#btn-clear")
    wait_fen(p, "9/9/9/9/9/9/9/9/9/9 w")
    assert problems(p) == ["MISSING_KING", "MISSING_KING"]
    place(p, "K", "e0")
    place(p, "k", "e9")
    wait_fen(p, "4k4/9/9/9/9/9/9/9/9/4K4 w")
    assert problems(p) == ["KINGS_FACING"]
    item = p.page.locator('#problems li[data-code="KINGS_FACING"]')
    assert item.inner_text().startswith("Hai tướng đối mặt trên cột e")
    # The two kings are ringed on the board.
    rings = p.page.locator("circle.problem").evaluate_all("ns => ns.map(n => n.dataset.sq)")
    assert sorted(rings) == ["e0", "e9"]
    assert p.page.locator("#btn-ai").is_disabled()
    assert p.page.locator("#btn-friend").is_disabled()
    # An elephant across the river (between the kings, so they no longer face): named.
    place(p, "B", "e5")
    wait_fen(p, "4k4/9/9/9/4B4/9/9/9/9/4K4 w")
    assert problems(p) == ["ELEPHANT_OFF_POINT"]
    assert "tượng chỉ đứng trên bảy điểm" in p.page.locator("#problems").inner_text()
    p.shot("study-editor-refused")
    # Tap it again to take it off; drag Black's king aside: a legal position.
    p.click_square("e5")
    p.page.click("#tool-hand")
    drag(p, "e9", "d9")
    wait_fen(p, "3k5/9/9/9/9/9/9/9/9/4K4 w")
    assert problems(p) == []
    assert p.page.locator("#valid").inner_text() == "Thế cờ hợp lệ."
    # A piece dragged from the palette onto the board, and one dragged off it.
    palette = p.page.locator('.palette button[data-piece="R"]').bounding_box()
    target = p.page.locator('rect.hit[data-sq="a0"]').bounding_box()
    assert palette and target
    m = p.page.mouse
    m.move(palette["x"] + palette["width"] / 2, palette["y"] + palette["height"] / 2)
    m.down()
    m.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=10)
    m.up()
    wait_fen(p, "3k5/9/9/9/9/9/9/9/9/R3K4 w")
    drag_off = p.page.locator('rect.hit[data-sq="a0"]').bounding_box()
    assert drag_off
    m.move(drag_off["x"] + drag_off["width"] / 2, drag_off["y"] + drag_off["height"] / 2)
    m.down()
    m.move(2, 2, steps=10)  # the window's corner: off the board
    m.up()
    wait_fen(p, "3k5/9/9/9/9/9/9/9/9/4K4 w")
    # A rook giving check with the checking side to move: refused, and said why.
    p.page.fill("#fen", "3k5/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1")
    p.page.click("#btn-load")
    wait_fen(p, "3k5/9/9/9/9/9/9/9/9/3R1K3 w")
    assert problems(p) == ["OPPONENT_IN_CHECK"]
    assert "Bên Đen đang bị chiếu (Xe Đỏ ở d1)" in p.page.locator("#problems").inner_text()
    p.page.fill("#fen", "3k5/9/9 w")
    p.page.click("#btn-load")
    p.page.wait_for_selector('#problems li[data-code="FEN_RANK_COUNT"]')
    # Black to move: legal; play the computer from it, as Red.
    p.page.check('input[name="turn"][value="black"]')
    wait_fen(p, "3k5/9/9/9/9/9/9/9/9/3R1K3 b")
    assert problems(p) == []
    assert p.page.locator("#btn-analyse").get_attribute("href").startswith("/analysis?fen=3k5")
    p.page.check('input[name="color"][value="red"]')
    p.page.click("#btn-ai")
    p.page.wait_for_url(re.compile(r".*/room/[A-Za-z0-9]+$"))
    p.wait_role("red")
    assert p.fen().startswith("3k5/9/9/9/9/9/9/9/9/3R1K3 b") or p.ply() >= 1


def test_the_read_only_board_shows_a_position(people: Any) -> None:
    p = people("viewer")
    p.goto("/editor?fen=3k5%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F9%2F4K4%20b%20-%20-%200%201&view=1")
    wait_fen(p, "3k5/9/9/9/9/9/9/9/9/4K4 b")
    assert p.page.locator(".palette").first.is_hidden()
    assert p.page.locator("#btn-edit").is_visible()
    p.click_square("e0")  # nothing moves on the read-only board
    assert problems(p) == []
    assert p.fen().startswith("3k5/9/9/9/9/9/9/9/9/4K4 b")


def test_a_forum_record_pasted_opens_at_its_last_move(people: Any) -> None:
    p = people("reader")
    register(p, "nguoidan")
    p.goto("/")
    p.page.click("#nav-import")
    p.page.wait_for_url(re.compile(r".*/import$"))
    p.page.fill("#paste", FORUM)
    p.page.click("#btn-read")
    p.page.wait_for_selector("body[data-plies]", state="attached")
    assert p.ply() == 22 and p.attr("plies") == "22"
    expected = read_any(FORUM)[0].board()
    assert p.fen().split()[:2] == expected.fen().split()[:2]
    assert p.page.locator('#moves td.mv[data-ply="1"]').inner_text() == "P2-5"
    skipped = p.page.locator("#skipped li")
    assert skipped.count() == 7
    assert "Bỏ qua dòng tiêu đề" in skipped.first.inner_text()
    assert "Nếu lúc này Tiên đẩy" in p.page.locator("#skipped").inner_text()
    # Kept in the account's list, under its own address.
    p.page.wait_for_url(re.compile(r".*/import/[A-Za-z0-9_-]+$"))
    assert p.page.locator('#import-note[data-saved="1"]').count() == 1
    p.page.wait_for_selector("#mine li[data-id]")
    p.shot("study-import-forum")
    # Step back and forth; the board follows.
    p.page.click("#nav-start")
    assert p.ply() == 0
    p.page.click("#nav-next")
    board = Board()
    board.push(Move.from_iccs("h2e2"))
    assert p.fen().split()[0] == board.fen().split()[0]
    # Reopened from its address: at the last move again.
    p.page.reload()
    p.page.wait_for_selector("body[data-plies]", state="attached")
    assert p.ply() == 22


def _no_sideways_scroll(p: Player) -> None:
    width = p.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width


@pytest.mark.parametrize(("name", "context"), [
    ("phone", PHONE), ("laptop", {"viewport": {"width": 1366, "height": 768}})])
def test_the_study_pages_fit_the_screen(people: Any, name: str, context: dict[str, Any]) -> None:
    p = people(name, **context)
    p.goto("/editor")
    p.page.wait_for_function("document.body.dataset.valid === '1'")
    _no_sideways_scroll(p)
    if name == "laptop":  # board, both palettes and the tools in the window, no scrolling
        tools = p.page.locator("#tool-hand").bounding_box()
        assert tools and tools["y"] + tools["height"] <= 768, tools
    p.shot(f"study-editor-{name}")
    p.goto("/import")
    p.page.fill("#paste", FORUM)
    p.page.click("#btn-read")
    p.page.wait_for_selector("body[data-plies]", state="attached")
    _no_sideways_scroll(p)
    # The whole board is in the window's width on both screens.
    box = p.page.locator("svg.board").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= context["viewport"]["width"]
    if name == "laptop":
        assert box["y"] + box["height"] <= 768, box
    p.shot(f"study-import-{name}")


def test_a_record_file_is_opened(people: Any) -> None:
    """The Chinese PGN of the corpus, saved as GB18030 as Chinese tools do, opened as a file."""
    text = (DATA / "games" / "xqdb15" / "xqdb_sample15_chinese.pgn").read_text("utf-8")
    first = read_any(text)[0]
    p = people("file")
    p.goto("/import")
    p.page.set_input_files("#file", files=[{"name": "van.pgn", "mimeType": "text/plain",
                                            "buffer": text.encode("gb18030")}])
    p.page.wait_for_selector("body[data-plies]", state="attached")
    assert int(p.attr("plies")) == len(first.moves)
    assert p.fen().split()[0] == first.board().fen().split()[0]
    assert "炮" in p.page.locator("#paste").input_value()
