"""The computer analysis on the review page, end to end in Chromium: a finished game's
analysis is requested with a click, its progress shown, then the evaluation graph, the
marked blunder in the move list and the engine's move as an arrow on the board."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.server.e2e.conftest import PHONE

pytestmark = pytest.mark.slow

# Red's rook steps onto the rank of Black's rook, undefended (a blunder); Black takes it.
BLUNDER_FEN = "4k4/9/9/9/8r/R8/9/9/9/3K5 w - - 0 1"


def test_analysis_graph_marks_and_best_move(people: Any) -> None:
    # A laptop's screen: the review's controls must stay in the window (issue 22).
    host = people("host", viewport={"width": 1366, "height": 768})
    guest = people("guest")
    code = host.create_room(color="red", tc="none", fen=BLUNDER_FEN)
    guest.join(code, "black")
    host.move("a4a5")
    guest.move("i5a5")
    host.button("btn-resign", confirm=True)
    host.wait_over()
    refused: list[str] = []
    host.page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
                 if r.status >= 400 else None)
    host.page.click("#btn-review")
    host.page.wait_for_url(re.compile(r".*/game/\d+$"))
    page = host.page
    page.wait_for_selector('body[data-analysis="none"]', state="attached")
    # Nobody has asked for this game's analysis: that is its state, not a failed load.
    assert refused == [], refused
    page.click("#btn-analyse")
    # Queued, then running with progress, then done (the engine warmed up at start).
    page.wait_for_selector('body[data-analysis="done"]', state="attached", timeout=120_000)
    host.shot("30-analysis-done")

    graph = page.locator("svg.eval-graph")
    assert graph.get_attribute("data-points") == "3"
    assert page.locator('svg.eval-graph circle.dot[data-judgement="blunder"]').get_attribute(
        "data-ply") == "1"
    blunder = page.locator('#moves td.mv[data-ply="1"]')
    assert blunder.get_attribute("data-judgement") == "blunder"
    assert blunder.locator(".mark").inner_text() == "??"
    assert page.locator('#moves td.mv[data-ply="2"]').get_attribute("data-judgement") is None
    # Red's blunder counted in the summary.
    assert page.locator('#analysis-summary tr[data-color="red"] td[data-kind="blunder"]'
                        ).inner_text() == "1"

    # The final position (ply 2) is shown first: the engine's move there, in green.
    assert page.get_attribute("svg.board", "data-arrow-color") is None
    # At the start, the engine would have played something else than the blunder.
    page.click("#nav-start")
    start_arrow = page.get_attribute("svg.board", "data-arrow")
    assert start_arrow and start_arrow != "a4a5" and start_arrow.startswith(("a4", "d0"))
    assert page.get_attribute("svg.board", "data-arrow-color") is None
    # Clicking the blunder in the move list: the arrow is the move Red should have
    # played (not Black's best reply), in Red's colour, on the position after the blunder.
    blunder.click()
    assert host.attr("ply") == "1"
    assert page.locator("#analysis-judgement").inner_text().startswith("Sai lầm nghiêm trọng")
    assert page.get_attribute("svg.board", "data-arrow") == start_arrow
    assert page.get_attribute("svg.board", "data-arrow-color") == "red"
    assert page.locator("svg.board line.arrow.red").count() == 1
    assert page.locator("#analysis-arrow-note").inner_text() == "Mũi tên: nước Đỏ nên đi"
    assert page.locator("#analysis-score").inner_text().startswith(("−", "#−"))
    # Board, navigation, the result and the judgement all in the 1366×768 window.
    height = page.evaluate("innerHeight")
    for sel in ("svg.board", "#nav-start", "#nav-end", "#result", "#analysis-judgement"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, sel
    assert page.evaluate("scrollY") == 0
    host.shot("31-analysis-blunder")
    # Clicking the graph picks a ply.
    box = graph.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    assert host.attr("ply") == "2"
    # In English.
    page.click("#lang")
    page.click("#nav-prev")
    assert page.locator("#analysis-judgement").inner_text().startswith("Blunder")
    assert page.locator("svg.eval-graph").get_attribute("aria-label") == "Evaluation graph"

    # A second visitor sees the stored analysis without asking again.
    other = people("other")
    other.goto("/" + page.url.split("/", 3)[3])
    other.page.wait_for_selector('body[data-analysis="done"]', state="attached")
    assert other.page.locator("#btn-analyse").count() == 0


def test_the_review_page_of_an_unanalysed_game_on_a_phone(people: Any) -> None:
    """On a phone: the review of a game nobody has had analysed loads without a refused
    request (its analysis is in state ``none``), offers the analysis, and fits the width."""
    host = people("host", **PHONE)
    guest = people("guest")
    code = host.create_room(color="red", tc="none", fen=BLUNDER_FEN)
    guest.join(code, "black")
    host.move("a4a5")
    guest.move("i5a5")
    host.button("btn-resign", confirm=True)
    host.wait_over()
    refused: list[str] = []
    host.page.on("response", lambda r: refused.append(f"{r.status} {r.url}")
                 if r.status >= 400 else None)
    host.page.click("#btn-review")
    host.page.wait_for_url(re.compile(r".*/game/\d+$"))
    page = host.page
    page.wait_for_selector('body[data-analysis="none"]', state="attached")
    assert page.locator("#btn-analyse").count() == 1
    assert refused == [], refused
    scroll, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner, (scroll, inner)
    host.shot("32-review-unanalysed-phone")
