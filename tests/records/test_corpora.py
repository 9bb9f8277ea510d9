"""Real game collections replay legally and agree across notations.

CCPD: Chinese Chess Practical Dataset, Yu-Han Tseng 2026, licensed CC BY 4.0
(2,312 master games and endgame studies in Traditional-Chinese notation, with
ICCS twins ``*_iccs_DERIVED.pgn``; the twins pair up by the ``[CCPDFile]`` tag).

xqdb15: 15 master games from the wxf.ca database via the wukong-xiangqi
repository (MIT), in Chinese, full-width WXF, ICCS and DhtmlXQ html. The ICCS
export is wrong in game 45 at ply 71 (front pawn for rear pawn); every move stays
legal, so only the cross-check against the other copies can catch it.
"""

from __future__ import annotations

import csv
import time

import pytest
from tests.conftest import data_path

from cotuong.records import GameRecord, cross_check, read_dhtmlxq, read_pgn

CCPD_CHINESE = ("ccpd_asiancup_679.pgn", "ccpd_endgames_244.pgn",
                "ccpd_worldcup_1389_part1.pgn", "ccpd_worldcup_1389_part2.pgn")
CCPD_ICCS = ("ccpd_endgames244_asiancup679_iccs_DERIVED.pgn",
             "ccpd_worldcup_1389_iccs_DERIVED.pgn")


def _by_ccpd_file(names: tuple[str, ...]) -> dict[str, GameRecord]:
    games: dict[str, GameRecord] = {}
    for name in names:
        text = data_path("games", "ccpd", name).read_text(encoding="utf-8")
        for game in read_pgn(text):
            key = game.headers["CCPDFile"]
            assert key not in games, key
            games[key] = game
    return games


@pytest.mark.slow
def test_ccpd_chinese_replays_and_matches_iccs_twins() -> None:
    """All 2,312 CCPD games (CC BY 4.0, Yu-Han Tseng 2026): Chinese text vs ICCS twin."""
    start = time.perf_counter()
    chinese = _by_ccpd_file(CCPD_CHINESE)
    iccs = _by_ccpd_file(CCPD_ICCS)
    assert len(chinese) == 2312 and chinese.keys() == iccs.keys()
    plies = 0
    for key, game in chinese.items():
        twin = iccs[key]
        assert game.issues == () and twin.issues == (), (key, game.issues, twin.issues)
        assert game.moves == twin.moves, key
        assert game.start_fen == twin.start_fen and game.result == twin.result, key
        if game.moves:
            assert game.notation == "zh" and twin.notation == "iccs", key
        plies += len(game.moves)
    assert plies > 170_000
    print(f"\nCCPD: {len(chinese)} games, {plies} plies, both notations in "
          f"{time.perf_counter() - start:.1f} s")


@pytest.fixture(scope="module")
def xqdb_files() -> tuple[dict[str, list[GameRecord]], list[str]]:
    folder = data_path("games", "xqdb15")
    out = {name: read_pgn((folder / f"xqdb_sample15_{name}.pgn").read_text(encoding="utf-8"))
           for name in ("chinese", "wxf_fullwidth", "iccs")}
    with (folder / "results_from_dhtmlxq.tsv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    pages = []
    for row in rows:
        [page] = read_dhtmlxq((folder / "dhtmlxq" / row["file"]).read_text(encoding="utf-8"))
        assert page.result == row["pgn_result"] and len(page.moves) == int(row["plies"])
        pages.append(page)
    out["dhtmlxq"] = pages
    return out, [r["file"] for r in rows]


def test_xqdb15_notations_agree(xqdb_files: tuple[dict[str, list[GameRecord]], list[str]]
                                ) -> None:
    xqdb, files = xqdb_files
    assert [len(v) for v in xqdb.values()] == [15] * 4
    for i, page in enumerate(xqdb["dhtmlxq"]):
        assert xqdb["chinese"][i].notation == "zh"
        assert xqdb["wxf_fullwidth"][i].notation == "wxf"
        assert xqdb["iccs"][i].notation == "iccs"
        for name in ("chinese", "wxf_fullwidth", "iccs"):
            game = xqdb[name][i]
            assert game.issues == (), (name, i, game.issues)  # each file alone reads cleanly
        assert xqdb["chinese"][i].moves == xqdb["wxf_fullwidth"][i].moves == page.moves
        issues = cross_check(page, xqdb["iccs"][i], game_index=i)
        if files[i] == "45.html":
            [issue] = issues  # the documented ICCS export error is caught
            assert (issue.move_number, issue.ply, issue.token) == (36, 71, "e5e6")
            assert "where the reference plays e3e4" in issue.reason
        else:
            assert issues == ()
