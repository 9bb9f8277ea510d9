"""Cờ thế in Chromium against a real ``cotuong serve`` and the shipped collection:
solving a puzzle move by move (the opponent answers), failing one (the right move shown
as an arrow), taking a hint (the piece to move ringed), the puzzle rating on the
profile; the trainer "Bên nào phải đổi nước?" playing a seed diagram's loop out and
judging an answer with the clause of the law; both pages on a phone and a laptop without
sideways scrolling. Screenshots: ``test-artifacts/e2e/puzzles-*.png`` (the docs'
``docs/screenshots/puzzles-*.png`` were copied from the ``phone``/``laptop`` ones)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.server.e2e.conftest import PHONE, Player, register

from cotuong import Game
from cotuong.puzzles import (
    Puzzle,
    drill_by_id,
    judge,
    load_collection,
    load_repetition_drills,
    source_message,
)

pytestmark = pytest.mark.slow


def _puzzle(min_solver_moves: int) -> Puzzle:
    """A shipped puzzle with at least that many solver moves (the longest otherwise)."""
    puzzles = sorted(load_collection(), key=lambda p: (len(p.solution), p.puzzle_id))
    return next((p for p in puzzles if len(p.solution) >= 2 * min_solver_moves - 1),
                puzzles[-1])


def _wrong_moves(puzzle: Puzzle) -> list[str]:
    """The legal first moves the puzzle does not accept."""
    game = Game(puzzle.fen, puzzle.rules)
    for m in puzzle.moves_before:
        game.play(m, "iccs")
    return [m.iccs for m in game.board.legal_moves if not judge(puzzle, [m.iccs]).correct]


def _open(p: Player, puzzle: Puzzle) -> None:
    p.goto(f"/puzzles/{puzzle.puzzle_id}")
    p.page.wait_for_selector(f'body[data-puzzle="{puzzle.puzzle_id}"][data-state="solving"]',
                             state="attached")


def _play(p: Player, move: str) -> None:
    p.wait_legal(move)
    p.click_square(move[:2])
    p.page.wait_for_selector(f'rect.hit[data-sq="{move[2:]}"][data-dest]', state="attached")
    p.click_square(move[2:])


def test_a_puzzle_is_solved_move_by_move_and_rated(people: Any) -> None:
    puzzle = _puzzle(2)
    p = people("solver")
    p.goto("/")
    register(p, "giaithe")
    p.page.click("#nav-puzzles")
    p.page.wait_for_selector("body[data-puzzle]", state="attached")
    _open(p, puzzle)
    assert p.page.locator("#puzzle-task").inner_text().endswith("tìm nước thắng") or \
        puzzle.goal == "draw"
    for k, move in enumerate(puzzle.solution[::2]):
        _play(p, move)
        if 2 * k + 1 < len(puzzle.solution):
            reply = puzzle.solution[2 * k + 1]
            # The opponent's answer is shown on the board, then it is the solver's turn.
            p.page.wait_for_function(
                "r => document.querySelector('svg.board g.piece[data-sq=\"' + r.slice(2) + '\"]')"
                " && document.body.dataset.state === 'solving'", arg=reply)
    p.page.wait_for_selector('body[data-state="solved"]', state="attached")
    status = p.page.locator("#puzzle-status").inner_text()
    assert status.startswith("Giải đúng"), status
    change = p.page.locator("#puzzle-change").inner_text()
    assert change.startswith("Điểm cờ thế: 1500 → "), change
    p.page.wait_for_selector(f'#history li[data-puzzle="{puzzle.puzzle_id}"]', state="attached")
    p.shot("puzzles-solved")
    # The rating is on the profile.
    p.goto("/u/giaithe")
    card = p.page.locator("#puzzle-rating")
    card.wait_for()
    assert int(card.get_attribute("data-rating") or 0) > 1500


def test_a_wrong_move_fails_with_the_right_move_shown(people: Any) -> None:
    # (A puzzle whose only legal move is its answer cannot be failed: one that can.)
    puzzle = next(q for q in load_collection() if _wrong_moves(q))
    p = people("failer")
    _open(p, puzzle)
    wrong = _wrong_moves(puzzle)[0]
    assert wrong in p.legal()
    _play(p, wrong)
    p.page.wait_for_selector('body[data-state="failed"]', state="attached")
    status = p.page.locator("#puzzle-status").inner_text()
    assert status.startswith("Chưa đúng. Nước đúng là "), status
    assert p.page.get_attribute("svg.board", "data-arrow") == puzzle.solution[0]
    # A guest's attempt is not rated.
    assert "không tính điểm" in p.page.locator("#puzzle-change").inner_text()
    # The source in Vietnamese words ("ván 0611 … nước 48"; the citation says "game … ply").
    assert p.page.locator("#puzzle-source").inner_text() == source_message(puzzle.source).vi
    p.shot("puzzles-failed")
    # In English the verdict is redrawn, the move in WXF notation.
    p.page.click("#lang")
    p.page.wait_for_function(
        "document.querySelector('#puzzle-status').textContent.startsWith('Not quite')")
    english = p.page.locator("#puzzle-status").inner_text()
    assert p.page.locator("#puzzle-source").inner_text() == puzzle.source
    assert re.fullmatch(r"Not quite\. The move was [KAEHRCP][1-9+\-=.][+\-.=]?[1-9]\.", english), \
        english
    # A notation chosen elsewhere that the puzzles do not write (Chinese) falls back to
    # the language's, never to nothing.
    p.page.evaluate("localStorage.setItem('cotuong:notation', JSON.stringify('zh'))")
    p.page.click("#lang")
    p.page.wait_for_function(
        "document.querySelector('#puzzle-status').textContent.startsWith('Chưa đúng')")
    assert "undefined" not in p.page.locator("#puzzle-status").inner_text()
    assert p.page.locator("#puzzle-status").inner_text() == status


def test_a_hint_rings_the_piece_to_move(people: Any) -> None:
    puzzle = _puzzle(1)
    p = people("hinted")
    _open(p, puzzle)
    p.page.click("#btn-hint")
    p.page.wait_for_function(
        "s => document.querySelector('svg.board')?.dataset.highlight === s",
        arg=puzzle.solution[0][:2])
    assert p.page.locator("svg.board circle.highlight").count() == 1
    assert p.page.locator("#btn-hint").is_disabled()
    assert p.page.locator("#puzzle-status").inner_text().startswith("Gợi ý")
    p.shot("puzzles-hint")
    # "Xem lời giải" then plays the line out.
    p.page.click("#btn-solution")
    p.page.wait_for_selector('body[data-state="shown"]', state="attached")
    assert p.page.locator("#puzzle-status").inner_text().startswith("Lời giải: ")


def test_the_trainer_plays_a_seed_diagram_and_judges_the_answer(people: Any) -> None:
    drill = next(d for d in load_repetition_drills() if d.drill_id == "seed-hinh-1")
    p = people("trainee")
    p.goto(f"/puzzles/trainer?d={drill.drill_id}")
    p.page.wait_for_selector(f'body[data-drill="{drill.drill_id}"]', state="attached")
    # The loop is played out step by step, to its last move.
    p.page.wait_for_selector("body[data-played]", state="attached", timeout=30_000)
    assert p.attr("step") == str(len(drill.moves))
    assert p.page.get_attribute("svg.board", "data-fen", timeout=1000)
    wrong = "black" if drill.answer != "black" else "red"
    p.page.click(f"#answer-{drill.answer}")
    p.page.wait_for_selector('body[data-answered="correct"]', state="attached")
    assert p.page.locator("#verdict").inner_text().startswith("Đúng!")
    assert p.page.locator("#explanation").inner_text() == drill.explanation_vi
    assert "Điều" in p.page.locator("#clause").inner_text()
    assert p.page.locator(f"#answer-{wrong}").is_disabled()
    p.shot("puzzles-trainer")
    p.page.click("#btn-next")
    p.page.wait_for_function(f"document.body.dataset.drill !== '{drill.drill_id}'")
    assert p.page.get_attribute("body", "data-answered") is None
    p.page.click(f"#answer-{wrong}")
    p.page.wait_for_selector("body[data-answered]", state="attached")


@pytest.mark.parametrize(("name", "context"), [
    ("phone", PHONE), ("phone-en", {**PHONE, "locale": "en-US"}),
    ("laptop", {"viewport": {"width": 1366, "height": 768}})])
def test_the_puzzle_pages_fit_the_screen(people: Any, name: str, context: dict[str, Any]) -> None:
    p = people(name, **context)
    for path, ready in (("/puzzles", 'body[data-state="solving"]'),
                        ("/puzzles/daily", 'body[data-state="solving"]'),
                        ("/puzzles/trainer", "body[data-drill]")):
        p.goto(path)
        p.page.wait_for_selector(ready, state="attached")
        if path.endswith("trainer"):  # the loop played out and answered, as a player sees it
            p.page.wait_for_selector("body[data-played]", state="attached", timeout=30_000)
            drill = drill_by_id(p.attr("drill") or "")
            p.page.click(f"#answer-{drill.answer}")
            p.page.wait_for_selector('body[data-answered="correct"]', state="attached")
        width = p.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (path, width)
        # No button's words run out of it ("Black must change" did, in English at 390 px).
        spilled = p.page.evaluate("""() => [...document.querySelectorAll('button')]
            .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
            .map((b) => b.textContent)""")
        assert not spilled, (path, spilled)
        box = p.page.locator("svg.board").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= context["viewport"]["width"]
        if name == "laptop":
            assert box["y"] + box["height"] <= 768, (path, box)
        p.shot(f"puzzles-{name}-{path.strip('/').replace('/', '-')}")


def test_the_puzzle_pages_run_under_the_content_security_policy(people: Any) -> None:
    """With the server's policy enforced (no inline script, no eval), both pages work:
    any refusal would be a console error, which fails the test."""
    p = people("csp", bypass_csp=False)
    p.goto("/puzzles")
    p.page.wait_for_selector('body[data-state="solving"]', state="attached")
    p.page.click("#btn-hint")
    p.page.wait_for_selector("body[data-hint]", state="attached")
    p.goto("/puzzles/trainer?d=seed-hinh-2")
    p.page.wait_for_selector("body[data-played]", state="attached", timeout=30_000)
    p.page.click("#answer-draw")
    p.page.wait_for_selector("body[data-answered]", state="attached")
