"""Every shipped puzzle was verified by Fairy-Stockfish's search — checked without it.

The engine is GPL and never runs in the tests: ``benchmarks/puzzles_fsf.py`` (offline,
a fixed node count) writes ``tests/data/puzzles_fsf_record.jsonl``, Fairy-Stockfish's
best move at every solver move of every puzzle, tied to the line it searched by
``line_digest``. Here every puzzle of the data must have a record for exactly its line,
one move a solver move, each accepted by the puzzle there; data rebuilt (or a line
changed) without running the verification again fails.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cotuong.puzzles import line_digest, load_collection, puzzle_from_json, puzzle_to_json

RECORD = Path(__file__).resolve().parents[1] / "data" / "puzzles_fsf_record.jsonl"
LINES = RECORD.read_text(encoding="utf-8").splitlines()
HEADER = json.loads(LINES[0])
BY_ID = {r["puzzle_id"]: r for r in map(json.loads, LINES[1:])}
PUZZLES = tuple(load_collection())


def problems(p, record) -> list[str]:  # type: ignore[no-untyped-def]
    if record is None:
        return ["no record: run benchmarks/puzzles_fsf.py"]
    if record["line"] != line_digest(p):
        return ["the record is of another line: run benchmarks/puzzles_fsf.py"]
    if len(record["fsf"]) != len(p.accepted):
        return [f"{len(record['fsf'])} moves recorded for {len(p.accepted)} solver moves"]
    return [f"solver move {k + 1}: Fairy-Stockfish {m}, the puzzle accepts {list(ok)}"
            for k, (m, ok) in enumerate(zip(record["fsf"], p.accepted, strict=True))
            if m not in ok]


def test_the_record_names_its_run() -> None:
    assert HEADER["nodes"] >= 400_000 and HEADER["threads"] == 1
    assert "Fairy-Stockfish" in HEADER["engine"] and HEADER["misses"] == []
    assert set(BY_ID) == {p.puzzle_id for p in PUZZLES}  # nothing stale either


@pytest.mark.parametrize("p", PUZZLES, ids=[p.puzzle_id for p in PUZZLES])
def test_fairy_stockfish_best_move_is_accepted(p) -> None:  # type: ignore[no-untyped-def]
    assert problems(p, BY_ID.get(p.puzzle_id)) == []


def test_a_changed_line_or_refused_move_is_caught() -> None:
    p = PUZZLES[0]
    record = BY_ID[p.puzzle_id]
    assert problems(p, None) and problems(p, {**record, "fsf": [*record["fsf"][:-1], "a0a1"]})
    moved = puzzle_from_json({**puzzle_to_json(p), "fen": p.fen.replace(" w ", " b ")
                              if " w " in p.fen else p.fen.replace(" b ", " w ")})
    assert line_digest(moved) != record["line"] and problems(moved, record)
