"""Puzzles over REST against a small collection made here (so every case is known): an
account's first ended attempt is rated and a later one is not, guests are unrated, a
wrong move ends the attempt with the expected move shown, an alternative win is
accepted, a partial line gets the opponent's reply, hints and the solution count as a
failed attempt, bad input gets a clear code, an unknown puzzle is a 404 with its code,
the daily puzzle stays the same all day (UTC), the next puzzle is near the player's
rating and untried, histories and the leaderboard show what was stored."""

from __future__ import annotations

import asyncio
import datetime
from typing import Any

import pytest
from harness import register, running
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotuong.puzzles import PuzzleCollection, puzzle_from_json
from cotuong.server import FakeClock, Settings

EN = {"Accept-Language": "en"}
# Red to move; Red rook a7 and b0 against a lone king on d9: b0d0 wins at once, and so
# does a7d7 (accepted, not marked wrong); a7a6 does not.
ONE = "3k5/9/R8/9/9/9/9/9/9/1R2K4 w - - 0 1"
# a1e1 (the only reply d9d8), then b0d0 mates.
TWO = "3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1"


def _puzzle(pid: str, fen: str, solution: list[str], accepted: list[list[str]], rating: int,
            themes: list[str]) -> Any:
    return puzzle_from_json({
        "puzzle_id": pid, "fen": fen, "moves_before": [], "solver": "red", "goal": "win",
        "themes": themes, "solution": solution, "accepted": accepted, "rating": rating,
        "rules": "asian", "source": "made for this test", "title": f"Test {pid}"})


def collection() -> PuzzleCollection:
    made = [_puzzle("one", ONE, ["b0d0"], [["b0d0", "a7d7"]], 1500, ["mate"]),
            _puzzle("two", TWO, ["a1e1", "d9d8", "b0d0"], [["a1e1"], ["b0d0"]], 1800,
                    ["mate", "endgame"])]
    # Far from 1500 on both sides, for the choice of the next puzzle.
    made += [_puzzle(f"r{r}", ONE, ["b0d0"], [["b0d0"]], r, ["material"])
             for r in range(600, 3100, 250)]
    return PuzzleCollection(made)


@pytest.fixture(autouse=True)
def small_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("cotuong.server.web.app.load_collection", collection)
    # The trainer's drills are the library's (tests/server/test_puzzle_trainer.py).
    monkeypatch.setattr("cotuong.server.web.app.load_repetition_drills", tuple)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_first_attempt_is_rated_and_a_second_is_not() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            await register(c, "lan")
            r = await c.post("/api/puzzles/one/attempt", json={"moves": ["b0d0"]})
            assert r.status_code == 200, r.text
            first = r.json()
            assert first["correct"] and first["complete"] and first["rated"]
            assert first["solution"] == ["b0d0"]
            assert first["solution_texts"]["vi"] == ["X8-6"]
            # 1500/350 against 1500/200, solved: the player gains, the puzzle loses.
            assert first["rating"]["before"] == 1500 and first["rating"]["after"] > 1600
            assert first["puzzle_rating"]["after"] < 1500
            again = (await c.post("/api/puzzles/one/attempt", json={"moves": ["a7a6"]})).json()
            assert not again["correct"] and not again["rated"] and again["rating"] is None
            mine = (await c.get("/api/users/lan/puzzles")).json()
            assert mine["rating"]["rating"] == first["rating"]["after"]
            assert mine["rating"]["rated_attempts"] == 1
            assert (mine["attempts"], mine["solved"]) == (2, 1)
            assert [h["correct"] for h in mine["history"]] == [False, True]
            # The puzzle's own rating is what the next reader sees.
            seen = (await c.get("/api/puzzles/one")).json()
            assert seen["rating"] == first["puzzle_rating"]["after"]
            assert seen["finished"] and seen["solution"] == ["b0d0"]
    run(go())


def test_a_guest_is_never_rated_and_sees_no_solution_before_trying() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            before = (await c.get("/api/puzzles/two")).json()
            assert before["solution"] is None and not before["finished"]
            assert before["side"] == "red" and before["legal"] and "a1e1" in before["legal"]
            r = (await c.post("/api/puzzles/two/attempt", json={"moves": ["a1a2"]})).json()
            assert not r["correct"] and r["expected"] == "a1e1" and r["rating"] is None
            assert not r["rated"]
            assert (await c.get("/api/puzzles/two")).json()["solution"] == [
                "a1e1", "d9d8", "b0d0"]
            assert (await c.get("/api/puzzles/history")).json()["rating"] is None
    run(go())


def test_a_line_is_judged_move_by_move_and_stored_only_when_it_ends() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            await register(c, "minh")
            part = (await c.post("/api/puzzles/two/attempt", json={"moves": ["a1e1"]})).json()
            assert part == {**part, "correct": True, "complete": False, "reply": "d9d8",
                            "solution": None, "rating": None}
            assert part["position"].startswith("9/3k5/")
            assert "b0d0" in part["legal"]
            assert (await c.get("/api/puzzles/history")).json()["attempts"] == 0
            done = (await c.post("/api/puzzles/two/attempt",
                                 json={"moves": ["a1e1", "d9d8", "b0d0"]})).json()
            assert done["correct"] and done["complete"] and done["rated"]
            # A wrong reply is not the puzzle's line: refused, nothing stored.
            bad = await c.post("/api/puzzles/two/attempt",
                               json={"moves": ["a1e1", "d9e9", "b0d0"]})
            assert bad.status_code == 400
            assert (await c.get("/api/puzzles/history")).json()["attempts"] == 1
    run(go())


def test_an_alternative_win_is_accepted() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            r = (await c.post("/api/puzzles/one/attempt", json={"moves": ["a7d7"]})).json()
            assert r["correct"] and r["complete"] and r["alternative"]
            assert r["expected"] is None
    run(go())


def test_a_hint_and_the_solution_count_as_a_failed_rated_attempt() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            await register(c, "hoa")
            hint = (await c.post("/api/puzzles/two/hint", json={"moves": []})).json()
            assert hint["square"] == "a1" and hint["rated"]
            assert hint["rating"]["after"] < hint["rating"]["before"] == 1500
            # Solving it afterwards is stored, unrated.
            part = (await c.post("/api/puzzles/two/hint", json={"moves": ["a1e1", "d9d8"]}))
            assert part.json()["square"] == "b0" and not part.json()["rated"]
            solved = (await c.post("/api/puzzles/two/attempt",
                                   json={"moves": ["a1e1", "d9d8", "b0d0"]})).json()
            assert solved["correct"] and not solved["rated"]
            shown = (await c.post("/api/puzzles/one/solution", json={"moves": []})).json()
            assert shown["solution"] == ["b0d0"] and shown["rated"]
            assert shown["rating"]["change"] < 0
            hist = (await c.get("/api/puzzles/history")).json()["history"]
            assert [(h["puzzle_id"], h["how"], h["correct"], h["rated"]) for h in hist] == [
                ("one", "solution", False, True), ("two", "moves", True, False),
                ("two", "hint", False, False), ("two", "hint", False, True)]
            off = await c.post("/api/puzzles/two/hint", json={"moves": ["a1a2", "d9d8"]})
            assert off.status_code == 400
            assert off.json()["error"]["code"] == "PUZZLE_NOT_ON_LINE"
    run(go())


def test_bad_input_gets_a_clear_code() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            unknown = await c.get("/api/puzzles/nope", headers=EN)
            assert unknown.status_code == 404
            assert unknown.json()["error"] == {**unknown.json()["error"],
                                               "code": "PUZZLE_NOT_FOUND",
                                               "message": "no puzzle nope"}
            assert (await c.post("/api/puzzles/nope/attempt",
                                 json={"moves": ["a1e1"]})).status_code == 404
            for body in ({"moves": ["z9z9"]}, {"moves": "a1e1"}, {"moves": ["a1e1"] * 65}):
                r = await c.post("/api/puzzles/two/attempt", json=body)
                assert r.status_code == 422 and r.json()["error"]["code"] == "BAD_REQUEST", body
            illegal = await c.post("/api/puzzles/two/attempt", json={"moves": ["a1b2"]},
                                   headers=EN)
            assert illegal.status_code == 400
            assert illegal.json()["error"]["code"] == "PUZZLE_ILLEGAL_MOVE"
            assert illegal.json()["error"]["message"].startswith("this attempt cannot be")
            empty = await c.post("/api/puzzles/two/attempt", json={"moves": []})
            assert empty.json()["error"]["code"] == "PUZZLE_NO_MOVES"
            theme = await c.get("/api/puzzles/next?theme=nope")
            assert theme.status_code == 400 and theme.json()["error"]["code"] == "PUZZLE_THEME"
            assert (await c.get("/api/users/nobody/puzzles")).status_code == 404
            drill = await c.post("/api/puzzles/drills/nope/answer", json={"answer": "red"})
            assert drill.status_code == 404
            assert drill.json()["error"]["code"] == "DRILL_NOT_FOUND"
            loop = await c.get("/api/puzzles/drills/nope")
            assert loop.status_code == 404 and loop.json()["error"]["code"] == "DRILL_NOT_FOUND"
            answer = await c.post("/api/puzzles/drills/nope/answer", json={"answer": "blue"})
            assert answer.status_code == 422
    run(go())


def test_attempts_are_limited_per_person() -> None:
    async def go() -> None:
        settings = Settings(db="sqlite://", heartbeat_s=0.2, puzzle_rate=0.001, puzzle_burst=3)
        async with running(settings) as srv, srv.client() as c:
            codes = [(await c.post("/api/puzzles/one/attempt", json={"moves": ["a7a6"]})
                      ).status_code for _ in range(4)]
            assert codes == [200, 200, 200, 429]
            r = await c.post("/api/puzzles/one/hint", json={"moves": []})
            assert r.json()["error"]["code"] == "PUZZLE_RATE"
    run(go())


def test_the_daily_puzzle_is_the_same_all_day() -> None:
    async def go() -> None:
        noon = int(datetime.datetime(2026, 12, 2, 0, 0, 1,
                                     tzinfo=datetime.timezone.utc).timestamp() * 1000)
        clock = FakeClock(noon)
        async with running(clock=clock) as srv, srv.client() as c:
            first = (await c.get("/api/puzzles/daily")).json()
            assert first["day"] == "2026-12-02"
            clock.advance(86_400_000 - 2_000)  # 23:59:59 the same day
            assert (await c.get("/api/puzzles/daily")).json()["puzzle_id"] == first["puzzle_id"]
            days = set()
            for _ in range(20):
                clock.advance(86_400_000)
                days.add((await c.get("/api/puzzles/daily")).json()["puzzle_id"])
            assert len(days) > 3  # it does change from day to day
    run(go())


def test_the_next_puzzle_is_untried_and_near_the_players_rating() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as c:
            themes = (await c.get("/api/puzzles/themes")).json()
            assert themes["themes"]["mate"] == 2 and themes["total"] == 12
            mates = set()
            for _ in range(2):
                mate = (await c.get("/api/puzzles/next?theme=mate")).json()
                assert "mate" in mate["themes"] and mate["puzzle_id"] not in mates
                mates.add(mate["puzzle_id"])
                await c.post(f"/api/puzzles/{mate['puzzle_id']}/solution", json={"moves": []})
            left = await c.get("/api/puzzles/next?theme=mate")
            assert left.status_code == 404
            assert left.json()["error"]["code"] == "PUZZLE_NONE_LEFT"
            # A guest is offered one of the five untried puzzles nearest 1500.
            untried = list(range(600, 3100, 250))
            for _ in range(6):
                p = (await c.get("/api/puzzles/next")).json()
                assert p["puzzle_id"] not in mates
                fifth = sorted(abs(r - 1500) for r in untried)[4]
                assert abs(p["rating"] - 1500) <= fifth, (p["rating"], untried)
                untried.remove(p["rating"])
                await c.post(f"/api/puzzles/{p['puzzle_id']}/solution", json={"moves": []})
    run(go())


def test_the_leaderboard_lists_rated_players_best_first() -> None:
    async def go() -> None:
        async with running() as srv, srv.client() as a, srv.client() as b:
            await register(a, "anh")
            await register(b, "binh")
            await a.post("/api/puzzles/one/attempt", json={"moves": ["b0d0"]})
            await b.post("/api/puzzles/one/attempt", json={"moves": ["a7a6"]})
            board = (await a.get("/api/puzzles/leaderboard")).json()["players"]
            assert [p["username"] for p in board] == ["anh", "binh"]
            assert board[0]["rating"] > 1500 > board[1]["rating"]
            assert board[0]["provisional"]
    run(go())


SQUARE = st.builds(lambda f, r: f"{f}{r}", st.sampled_from("abcdefghi"),
                   st.integers(0, 9))
MOVE = st.builds(lambda a, b: a + b, SQUARE, SQUARE)


@pytest.fixture(scope="module")
def client() -> Any:
    from fastapi.testclient import TestClient

    from cotuong.server import create_app

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("cotuong.server.web.app.load_collection", collection)
        mp.setattr("cotuong.server.web.app.load_repetition_drills", tuple)
        app = create_app(Settings(db="sqlite://", puzzle_burst=10**6, http_burst=10**6))
    with TestClient(app) as c:
        yield c


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(puzzle=st.sampled_from(["one", "two"]),
       moves=st.lists(st.one_of(MOVE, st.sampled_from(["a1e1", "d9d8", "b0d0", "a7d7"])),
                      max_size=6))
def test_any_line_gets_a_verdict_or_a_named_refusal(client: Any, puzzle: str,
                                                    moves: list[str]) -> None:
    """Random lines, legal or not, on the right line or off it: never a server error."""
    r = client.post(f"/api/puzzles/{puzzle}/attempt", json={"moves": moves})
    assert r.status_code in (200, 400), r.text
    if r.status_code == 400:
        error = r.json()["error"]
        assert error["code"].startswith("PUZZLE_") and error["texts"]["vi"], error
    else:
        body = r.json()
        assert body["correct"] or body["expected"] is not None
    hint = client.post(f"/api/puzzles/{puzzle}/hint", json={"moves": moves})
    assert hint.status_code in (200, 400), hint.text
