"""The shipped collection and the trainer's drills through the server: every puzzle's
(beyond 150, an even sample's) main line, played move by move as the page plays it, is
answered with the stored replies and ends solved; every drill's ruling is judged right,
any other answer wrong, with the explanation and the clause of the law, and neither the
list nor a loop gives the answer away."""

from __future__ import annotations

import asyncio
from typing import Any

from harness import running

from cotuong.puzzles import load_collection, load_repetition_drills
from cotuong.server import Settings

EN = {"Accept-Language": "en"}


def run(coro: Any) -> Any:
    return asyncio.run(coro)


SAMPLE = 150  # puzzles played through the server (the library checks every line itself)


def test_every_shipped_puzzle_is_solved_along_its_line() -> None:
    everything = list(load_collection())
    assert everything
    # All of them while the collection is small; an even spread of SAMPLE beyond.
    puzzles = everything[::max(1, -(-len(everything) // SAMPLE))]

    async def go() -> None:
        settings = Settings(db="sqlite://", heartbeat_s=0.2, puzzle_burst=10**6,
                            http_burst=10**6)
        async with running(settings) as srv, srv.client() as c:
            for p in puzzles:
                view = (await c.get(f"/api/puzzles/{p.puzzle_id}")).json()
                assert view["side"] == p.solver.value and view["solution"] is None
                assert p.solution[0] in view["legal"], p.puzzle_id
                line: list[str] = []
                for k, move in enumerate(p.solution[::2]):
                    line.append(move)
                    r = (await c.post(f"/api/puzzles/{p.puzzle_id}/attempt",
                                      json={"moves": line})).json()
                    assert r["correct"], (p.puzzle_id, line, r)
                    if 2 * k + 1 < len(p.solution):
                        assert r["reply"] == p.solution[2 * k + 1] and not r["complete"]
                        assert p.solution[2 * k + 2] in r["legal"]
                        line.append(r["reply"])
                    else:
                        assert r["complete"] and r["solution"] == list(p.solution)
                        assert len(r["solution_texts"]["vi"]) == len(p.solution)
    run(go())


def test_every_drill_is_judged_with_its_clause() -> None:
    drills = load_repetition_drills()
    assert any(d.drill_id == "seed-hinh-1" for d in drills)

    async def go() -> None:
        settings = Settings(db="sqlite://", heartbeat_s=0.2, http_burst=10**6)
        async with running(settings) as srv, srv.client() as c:
            listed = (await c.get("/api/puzzles/drills")).json()["drills"]
            assert listed == [{"drill_id": d.drill_id, "source": d.source,
                               "plies": len(d.moves)} for d in drills]
            for d in drills:
                loop = (await c.get(f"/api/puzzles/drills/{d.drill_id}")).json()
                assert loop["fen"] == d.fen and loop["moves"] == list(d.moves)
                assert "answer" not in loop and "explanation" not in loop
                assert len(loop["move_texts"]["vi"]) == len(d.moves) == \
                    len(loop["move_texts"]["wxf"])
                right = (await c.post(f"/api/puzzles/drills/{d.drill_id}/answer",
                                      json={"answer": d.answer})).json()
                assert right["correct"] and right["answer"] == d.answer
                assert right["explanation"] == d.explanation_vi
                assert right["clause"] == d.clause and right["texts"]["en"] == d.explanation_en
                other = "draw" if d.answer != "draw" else "red"
                wrong = (await c.post(f"/api/puzzles/drills/{d.drill_id}/answer",
                                      json={"answer": other}, headers=EN)).json()
                assert not wrong["correct"] and wrong["answer"] == d.answer
                assert wrong["explanation"] == d.explanation_en
    run(go())
