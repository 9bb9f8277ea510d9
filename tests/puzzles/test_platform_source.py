"""``build_puzzles.py --platform-db``: puzzles mined from the platform's own games.

A real master game (the CCPD game of a shipped puzzle) is stored through the server's
store as a finished platform game — up to the end of the puzzle's line, as if the loser
resigned there — and analysed (an ``analyses`` row done, through the analysis store);
an unanalysed finished game and an unfinished one are stored beside it. The build, run as
a command on that database (no studies, no master games), must find the same puzzle the
master-game path found — the same position, shown move and solution — tagged with the
platform game's id, players and ply, replaying through ``Game``; and it must skip the
others (the default reads analysed games only). The miner runs its own fixed-depth
searches (the stored evaluations are not used), so the differential check is exact.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cotuong.game import Game
from cotuong.puzzles import Puzzle, load_collection, parse_collection
from cotuong.records import read_pgn
from cotuong.server.analysis.store import AnalysisStore
from cotuong.server.storage import database_url
from cotuong.server.storage.store import Store

ROOT = Path(__file__).resolve().parents[2]
CCPD = ROOT / "tests" / "data" / "games" / "ccpd"


def _ccpd_game(number: int, kind: str) -> list[str]:
    name = "ccpd_worldcup_1389_iccs_DERIVED.pgn" if kind == "wc" else \
        "ccpd_endgames244_asiancup679_iccs_DERIVED.pgn"
    for rec in read_pgn((CCPD / name).read_text(encoding="utf-8")):
        path = rec.headers.get("CCPDFile", "")
        if int(path.rsplit("/", 1)[-1].split(".")[0]) == number and "殘局" not in path \
                and (("亞洲" in path) == (kind == "ac")):
            return [m.iccs for m in rec.moves]
    raise AssertionError(f"no CCPD {kind} game {number}")


def _store_game(store: Store, code: str, moves: list[str], status: str, result: str,
                names: tuple[str, str]) -> int:
    store.create_room(dict(code=code, rules="xiangqiplay", time_control=None, rated=False,
                           opponent="human", ai_level=None, lang="vi", host_id="u:1",
                           host_name=names[0], host_color="red", guest_id="u:2",
                           guest_name=names[1], current_game_id=None, created_at=0))
    game_id = store.create_game(dict(
        room_code=code, red_slot="host", red_player="u:1", black_player="u:2",
        red_name=names[0], black_name=names[1], status="playing", result="*",
        start_fen=Game().board.fen(), plies=0, version=0, created_at=0), {})
    for ply, iccs in enumerate(moves, 1):
        store.record_move(game_id, ply, iccs, ply * 1000, {"version": ply})
    if status == "finished":
        store.update_game(game_id, {"status": "finished", "result": result,
                                    "winner": "red" if result == "1-0" else "black",
                                    "termination": "resignation", "ended_at": 10**6})
    return game_id


def _pick() -> tuple[Puzzle, int]:
    """The first shipped game puzzle of a CCPD World Cup game with a one-move line."""
    for p in load_collection():
        if p.puzzle_id.startswith("ccpd-wc-") and len(p.solution) == 1:
            return p, int(p.puzzle_id.rsplit("-p", 1)[1])
    raise AssertionError("no one-move World Cup puzzle shipped")


def test_a_platform_game_gives_the_master_game_puzzle(tmp_path: Path) -> None:
    shipped, ply = _pick()
    number = int(shipped.puzzle_id.split("-")[2])
    moves = _ccpd_game(number, "wc")[:ply + len(shipped.solution)]
    solver_red = ply % 2 == 0  # after an even number of plies Red is to move
    url = database_url(str(tmp_path / "platform.sqlite3"))
    store = Store(url)
    analysed = _store_game(store, "ROOM23", moves, "finished",
                           "1-0" if solver_red else "0-1", ("Lan", "Minh"))
    _store_game(store, "ROOM24", moves, "finished", "1-0", ("An", "Bình"))  # not analysed
    _store_game(store, "ROOM25", moves, "playing", "*", ("Cúc", "Dũng"))  # not finished
    analyses = AnalysisStore(store.engine)
    analyses.request(analysed, "u:1", 0, "test", 60_000, len(moves) + 1, 100, 5, 50)
    assert analyses.finish(analysed, "test", [], 1)
    store.close()

    out = tmp_path / "data"
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_puzzles.py"), "--studies", "0",
         "--games", "0", "--from-ply", str(ply), "--no-perpetual", "--platform-db", url,
         "--out", str(out)],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    report = json.loads((out / "build_report.json").read_text(encoding="utf-8"))
    assert report["platform_games"] == 1 and report["from_platform"] >= 1
    mined = list(parse_collection((out / "puzzles.jsonl").read_text(
        encoding="utf-8").splitlines()))
    p = next(q for q in mined if q.puzzle_id == f"cotuong-{analysed}-p{ply}")
    assert p.source == (f"cotuong game {analysed}, Lan – Minh, "
                        f"{'1-0' if solver_red else '0-1'}, ply {ply}")
    assert (p.fen, p.moves_before, p.solution, p.goal, p.accepted) == (
        shipped.fen, shipped.moves_before, shipped.solution, shipped.goal, shipped.accepted)
    game = Game(p.fen, p.rules)
    for m in (*p.moves_before, *p.solution):
        game.play(m, "iccs")
    assert game.outcome is None or game.outcome.winner is None \
        or game.outcome.winner.sign == (1 if solver_red else -1)


def test_a_database_that_is_not_the_platforms_is_refused(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from puzzle_platform import PlatformDbError, platform_games
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    (tmp_path / "empty.sqlite3").touch()
    with pytest.raises(PlatformDbError) as err:
        platform_games(database_url(str(tmp_path / "empty.sqlite3")))
    assert err.value.code == "PUZZLE_PLATFORM_DB"
    with pytest.raises(PlatformDbError):
        platform_games("nosuchdialect://x")
    with pytest.raises(PlatformDbError):
        platform_games("not a url")
    with pytest.raises(PlatformDbError, match="no database file"):
        platform_games(database_url(str(tmp_path / "missing.sqlite3")))
    assert not (tmp_path / "missing.sqlite3").exists()
    # A cotuong database with no analysis yet: nothing analysed, every finished game
    # with analysed_only=False.
    url = database_url(str(tmp_path / "fresh.sqlite3"))
    store = Store(url)
    _store_game(store, "ROOM26", ["h2e2", "h9g7"], "finished", "1-0", ("An", "Bình"))
    store.close()
    assert platform_games(url) == []
    [(kind, stem, rec)] = platform_games(url, analysed_only=False)
    assert kind == "ct" and stem.startswith("cotuong-")
    assert [m.iccs for m in rec.moves] == ["h2e2", "h9g7"]
    assert rec.headers == {"Red": "An", "Black": "Bình", "Result": "1-0"}
