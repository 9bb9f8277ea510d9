"""The analysis board's engine panel in Chromium, its client logic against a socket the
test itself answers (Playwright's WebSocket routing): what the page sends (``analyse``
with the position's start FEN and moves, MultiPV and a fresh id at every position change;
``stop`` when switched off and when the page is hidden) and what it shows of the
answers (depth, score in centipawns or mate and in words, each line in the chosen
notation and clickable, the best move's arrow, the evaluation bar); a frame of an older
id is dropped. The lines the scripted socket sends are legal (the rules core picks
them), so the page's request for their words is real. The real engine behind
``/ws/analysis`` is tested in ``test_analysis_board_live.py``."""

from __future__ import annotations

import json
import math
import re
import time
from typing import Any

import pytest
from tests.server.e2e.conftest import Player

from cotuong import Board, Move, make_move_text

pytestmark = pytest.mark.slow

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
MATE_FEN = "3k5/R1P6/9/9/9/9/9/9/9/4K4 w - - 0 1"   # a8a9 mates


def _position(frame: dict[str, Any]) -> Board:
    board = Board(frame.get("fen") or None)
    for m in frame["moves"]:
        board.push(Move.from_iccs(m))
    return board


class ScriptedEngine:
    """Answers each ``analyse`` with its lines at depth 7, a late frame of the previous id
    (depth 99, to be dropped), and its lines again at depth 8. The lines: the first
    ``multipv`` legal moves in ICCS order, each with the first legal reply; +1.50, then
    0.4 less per line (Red's view), or mate in 1 where a8a9 mates."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def __call__(self, ws: Any) -> None:
        ws.on_message(lambda message: self.answer(ws, json.loads(message)))

    def answer(self, ws: Any, f: dict[str, Any]) -> None:
        self.frames.append(f)
        if f["type"] != "analyse":
            return
        board = _position(f)
        mating = board.fen().split()[:2] == MATE_FEN.split()[:2]
        lines = []
        # The mating move first where it mates (the engine would find it).
        moves = sorted(board.legal_moves.iccs(), key=lambda m: (not mating or m != "a8a9", m))
        for i, first in enumerate(moves[: f["multipv"]]):
            after = board.copy()
            after.push(Move.from_iccs(first))
            replies = sorted(after.legal_moves.iccs())
            if mating and first == "a8a9":
                lines.append({"mate": 1, "pv": ["a8a9"]})
            else:
                lines.append({"score_cp": 150 - 40 * i, "pv": [first, *replies[:1]]})
        ws.send(json.dumps({"type": "eval", "id": f["id"], "depth": 7, "lines": lines}))
        # A late frame of the previous search (it was still running when this one came).
        ws.send(json.dumps({"type": "eval", "id": f["id"] - 1, "depth": 99,
                            "lines": [{"score_cp": -900, "pv": ["a0a1"]}]}))
        ws.send(json.dumps({"type": "eval", "id": f["id"], "depth": 8, "lines": lines}))

    def last(self, kind: str) -> dict[str, Any]:
        return next(f for f in reversed(self.frames) if f["type"] == kind)


# The page hidden or shown again, as a browser tells it (another tab, a screen off).
SEEN = """(state) => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def wait_eval(p: Player, lines: int) -> None:
    p.page.wait_for_function(
        "n => document.body.dataset.evalLines === String(n) && document.body.dataset.ready === '1'"
        " && document.body.dataset.evalDepth === '8'",
        arg=lines)


def test_the_panel_sends_positions_and_shows_the_lines(people: Any) -> None:
    p = people("engine", **LAPTOP)
    engine = ScriptedEngine()
    p.page.route_web_socket(re.compile(r".*/ws/analysis$"), engine)
    p.goto("/analysis")
    p.page.wait_for_selector('body[data-ready="1"][data-engine="off"]', state="attached")
    assert engine.frames == []   # nothing asked while it is off
    # Every depth the page ever shows, recorded as it changes.
    p.page.evaluate("""() => {
      window.depths = [];
      new MutationObserver(() => window.depths.push(document.body.dataset.evalDepth))
        .observe(document.body, { attributes: true, attributeFilter: ["data-eval-depth"] });
    }""")
    p.page.click("#engine-toggle")
    wait_eval(p, 1)
    first = engine.last("analyse")
    assert first["moves"] == [] and first["multipv"] == 1 and first["fen"].startswith("rnbakabnr")
    # The stale frame (depth 99, −9.00) was dropped.
    assert "99" not in p.page.evaluate("window.depths") and "7" in p.page.evaluate("window.depths")
    assert p.page.locator("#eval-score").inner_text() == "+1.50"
    assert p.page.locator("#eval-words").inner_text() == "Đỏ ưu"
    best = sorted(Board().legal_moves.iccs())[0]
    assert p.page.get_attribute("svg.board", "data-arrow") == best
    share = float(p.page.get_attribute("#evalbar", "data-share") or 0)
    assert share == pytest.approx(1 / (1 + math.exp(-150 / 250)), abs=1e-3)
    # The line in Vietnamese notation, with move numbers (the server's words).
    board = Board()
    words = make_move_text(board, Move.from_iccs(best), "vi")
    p.page.wait_for_function(
        "w => document.querySelector('#pv-lines .pv-moves').textContent.startsWith('1. ' + w)",
        arg=words)
    # Two lines.
    p.page.select_option("#multipv", "2")
    wait_eval(p, 2)
    assert engine.last("analyse")["multipv"] == 2
    scores = p.page.locator("#pv-lines .score").all_inner_texts()
    assert scores == ["+1.50", "+1.10"]
    # A move on the board: a new request, with the moves and a new id.
    before = engine.last("analyse")["id"]
    p.move("h2e2")
    p.page.wait_for_function("document.body.dataset.ply === '1'")
    wait_eval(p, 2)
    now = engine.last("analyse")
    assert now["moves"] == ["h2e2"] and now["id"] > before
    # Its lines start from the position after h2e2 (Black's moves, numbered 1…).
    board.push(Move.from_iccs("h2e2"))
    reply = make_move_text(board, Move.from_iccs(sorted(board.legal_moves.iccs())[0]), "vi")
    p.page.wait_for_function(
        "w => document.querySelector('#pv-lines .pv-moves').textContent.startsWith('1… ' + w)",
        arg=reply)
    # A line clicked: its moves played into the tree, its first move on view.
    pv = p.page.locator("#pv-lines li").first.get_attribute("data-pv") or ""
    p.page.click("#pv-lines .pv-moves >> nth=0")
    p.page.wait_for_function("document.body.dataset.ply === '2'")
    assert [m for m in p.page.locator("#tree .line.main > .mv").evaluate_all(
        "ns => ns.map(n => n.dataset.move)")] == ["h2e2", *pv.split()]
    # The position on view is asked for first (on a slow machine its request came after
    # the count below and was taken for one sent while hidden).
    deadline = time.monotonic() + 10
    while engine.last("analyse")["moves"] != ["h2e2", pv.split()[0]]:
        assert time.monotonic() < deadline, engine.last("analyse")
        p.page.wait_for_timeout(50)
    # Hidden (another tab): stop.
    count = len(engine.frames)
    p.page.evaluate(SEEN, "hidden")
    p.page.wait_for_function("document.getElementById('engine-status').textContent.length > 0")
    assert [f["type"] for f in engine.frames[count:]] == ["stop"]
    p.page.evaluate(SEEN, "visible")
    wait_eval(p, 2)
    # A mate: "#1" and who mates, in words; the arrow is the mating move.
    p.page.fill("#fen", MATE_FEN)
    p.page.click("#btn-load")
    p.page.wait_for_function("document.querySelector('#eval-score').textContent === '#1'")
    assert p.page.locator("#eval-words").inner_text() == "Đỏ chiếu bí sau 1 nước"
    assert p.page.get_attribute("svg.board", "data-arrow") == "a8a9"
    assert p.page.get_attribute("#evalbar", "data-share") == "1.000"
    # Switched off: stop, and the panel says it is off.
    p.page.click("#engine-toggle")
    p.page.wait_for_selector('body[data-engine="off"]', state="attached")
    assert engine.frames[-1]["type"] == "stop"
    assert p.page.get_attribute("svg.board", "data-arrow") is None


def test_the_words_of_a_score(people: Any) -> None:
    """The thresholds (centipawns, Red's view): ±40 balanced, ±120 slightly better, ±300
    better, beyond winning; mates by side."""
    p = people("words")
    p.goto("/analysis")
    p.page.wait_for_selector('body[data-ready="1"]', state="attached")
    got = p.page.evaluate("""async () => {
      const { evalWords } = await import("/static/js/pages/analysis/engine.js");
      return [0, 40, -41, 120, -121, 300, 301, -301].map((cp) => evalWords({ score_cp: cp }))
        .concat([evalWords({ mate: 3 }), evalWords({ mate: -2 })]);
    }""")
    assert got == ["Cân bằng", "Cân bằng", "Đen nhỉnh hơn", "Đỏ nhỉnh hơn", "Đen ưu", "Đỏ ưu",
                   "Đỏ thắng thế", "Đen thắng thế", "Đỏ chiếu bí sau 3 nước",
                   "Đen chiếu bí sau 2 nước"]
