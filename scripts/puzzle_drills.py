"""The repetition drills of ``build_puzzles.py``: the repository's repetition cases,
ruled by the referee, copied as package data (the run time never reads tests/data).

The law's ten diagrams (``seed_diagrams.txt``, Hình 1–10, Vietnamese move text) are read
with the seed reader and must agree with the cases ``seed-hinh-1..10`` on their common
moves; the drills then take the cases' moves (played on to the ruling point). A case is
left out when its setup cannot occur in a game (the core refuses it, so the board could
not show it) or when it gives no arbiter's order at its last move (a position
with no loop).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from cotuong import Board
from cotuong.core.errors import CotuongError
from cotuong.puzzles import rule_loop
from cotuong.records import read_seed_games


def _fen(text: str) -> str:
    """The case's FEN as the core writes it (Fairy-Stockfish's ``[]`` and the seed's
    dashes are source quirks)."""
    return Board(text.replace("[]", "").replace("–", "-")).fen()


def build_drills(data: Path) -> tuple[list[dict[str, object]], dict[str, int]]:
    cases = [json.loads(line) for line in
             (data / "repetition_cases.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip()]
    by_id = {c["id"]: c for c in cases}
    titles = {}
    for i, game in enumerate(read_seed_games(
            (data / "seed_diagrams.txt").read_text(encoding="utf-8")), 1):
        case = by_id[f"seed-hinh-{i}"]
        played = [m.iccs for m in game.moves]
        common = min(len(played), len(case["moves"]))
        if played[:common] != case["moves"][:common]:
            raise SystemExit(f"seed diagram {game.headers['Title']} disagrees with its case")
        titles[case["id"]] = game.headers["Title"]
    drills: list[dict[str, object]] = []
    rejected: Counter[str] = Counter()
    for case in cases:
        try:
            fen = _fen(case["fen"])
        except CotuongError:
            rejected["setup cannot occur in a game"] += 1
            continue
        try:
            ruling = rule_loop(fen, case["moves"])
        except CotuongError as exc:
            rejected[f"no order at the last move ({exc.code})"] += 1
            continue
        expected = {"red": "black", "black": "red", "draw": "draw"}[case["result"]]
        if ruling.answer != expected:
            raise SystemExit(f"{case['id']}: the referee says {ruling.answer}, "
                             f"the case {case['result']}")
        source = case["source"]
        if case["id"] in titles:
            source = f"Luật Cờ Tướng Việt Nam (seed 000), {titles[case['id']]}"
        drills.append({
            "drill_id": case["id"], "fen": fen, "moves": case["moves"],
            "answer": ruling.answer, "explanation_vi": ruling.explanation_vi,
            "explanation_en": ruling.explanation_en, "source": source,
            "reason": ruling.reason, "clause": ruling.clause})
    return drills, dict(rejected)
