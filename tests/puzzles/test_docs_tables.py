"""docs/puzzles.md's table of the collection (size by source and theme, goals) is the
shipped data's: a rebuild that changes the counts must update the docs with it."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from cotuong.puzzles import THEMES, load_collection

DOC = Path(__file__).resolve().parents[2] / "docs" / "puzzles.md"
ROWS = {  # the table's first column -> which puzzles
    "CCPD endgame studies (of 244)": lambda pid: "-eg-" in pid,
    "CCPD World Cup games": lambda pid: pid.startswith("ccpd-wc-") and "-p" in pid,
    "CCPD Asian Cup games": lambda pid: pid.startswith("ccpd-ac-") and "-p" in pid,
    "xqdb master games": lambda pid: pid.startswith("xqdb-") and "-p" in pid,
    "repetition cases (loops)": lambda pid: pid.startswith("case-"),
    "master games' final loops": lambda pid: not pid.startswith("case-")
    and re.search(r"-r\d+$", pid) is not None,
    "**all**": lambda pid: True,
}


def table() -> dict[str, list[int]]:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] in ROWS:
            rows[cells[0]] = [int(c.strip("*").replace(",", "")) for c in cells[1:]]
    return rows


def test_the_collection_table_matches_the_data() -> None:
    rows = table()
    assert set(rows) == set(ROWS)
    puzzles = tuple(load_collection())
    for name, pick in ROWS.items():
        chosen = [p for p in puzzles if pick(p.puzzle_id)]
        themes = Counter(t for p in chosen for t in p.themes)
        goals = Counter(p.goal for p in chosen)
        expected = [len(chosen), *(themes[t] for t in THEMES), goals["win"], goals["draw"]]
        assert rows[name] == expected, name
