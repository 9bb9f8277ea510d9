"""Where ``build_puzzles.py`` reads its games and writes its data: the CCPD and xqdb
records (``tests/data/games``, licences in its README), the ``source`` text of a puzzle
(``citation``: the catalog's ``PUZZLE_SOURCE_*`` messages in English, the same messages
``cotuong.puzzles.source_message`` reads them back into), ``--reuse-games``' candidates,
and the data files with their report.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzle_meta import Candidate
from puzzle_platform import KIND as PLATFORM_KIND

from cotuong.messages import Message
from cotuong.puzzles import parse_collection
from cotuong.records import read_pgn
from cotuong.server.storage import masked_url

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "games"
DATA = ROOT / "src" / "cotuong" / "puzzles" / "data"
CCPD_NOTE = "CCPD (Yu-Han Tseng 2026, CC BY 4.0)"
XQDB_NOTE = "xqdb (wxf.ca via wukong-xiangqi, MIT)"


def ccpd_games() -> list[tuple[str, str, object]]:
    """(kind, id stem, record) of every CCPD game: ``eg`` studies, ``wc``/``ac`` games."""
    out = []
    for name in ("ccpd_endgames244_asiancup679_iccs_DERIVED.pgn",
                 "ccpd_worldcup_1389_iccs_DERIVED.pgn"):
        for rec in read_pgn((GAMES / "ccpd" / name).read_text(encoding="utf-8")):
            path = rec.headers.get("CCPDFile", "")
            number = int(path.rsplit("/", 1)[-1].split(".")[0])
            kind = "eg" if "殘局" in path else "ac" if "亞洲" in path else "wc"
            out.append((kind, f"ccpd-{kind}-{number:04d}", rec))
    return out


def xqdb_games() -> list[tuple[str, str, object]]:
    text = (GAMES / "xqdb15" / "xqdb_sample15_iccs.pgn").read_text(encoding="utf-8")
    return [("xq", f"xqdb-{i + 1:02d}", rec) for i, rec in enumerate(read_pgn(text))]


def players(rec: object) -> str:
    h = rec.headers  # type: ignore[attr-defined]
    names = " – ".join(x for x in (h.get("Red", "").strip(), h.get("Black", "").strip()) if x)
    event = h.get("Event", "").strip()
    return ", ".join(x for x in (event, names, h.get("Result", "")) if x)


def citation(code: str, **fields: object) -> str:
    """A puzzle's ``source``: the catalog message ``code`` (``PUZZLE_SOURCE_*``) in English,
    the language the collections' licences are cited in."""
    return Message.of(code, **fields).text("en")


def master_source(kind: str, stem: str, rec: object) -> Callable[[int], str]:
    """A game's ``source`` at a ply: a master game's, or a platform game's (kind
    ``puzzle_platform.KIND``)."""
    number, about = stem.split("-")[-1], players(rec)
    if kind == PLATFORM_KIND:
        return lambda ply: citation("PUZZLE_SOURCE_PLATFORM", game=number, about=about,
                                    ply=ply)
    note = XQDB_NOTE if kind == "xq" else CCPD_NOTE
    return lambda ply: citation("PUZZLE_SOURCE_GAME", note=note, number=number, about=about,
                                ply=ply)


def case_source(case: dict[str, Any]) -> Callable[[int], str]:
    """A repetition case's ``source`` at a ply."""
    return lambda ply: citation("PUZZLE_SOURCE_CASE", case=case["id"], origin=case["source"],
                                ply=ply)


def study_source(stem: str, rec: object, ply: int) -> str:
    """An endgame study's ``source``: its first position (``ply`` 0) or a later moment."""
    if ply == 0:
        return citation("PUZZLE_SOURCE_STUDY_START", note=CCPD_NOTE, number=stem[-4:],
                        about=players(rec))
    return citation("PUZZLE_SOURCE_STUDY", note=CCPD_NOTE, number=stem[-4:],
                    about=players(rec), ply=ply)


def reused_candidates(games: int, confirm_depth: int) -> tuple[dict[str, list[Candidate]],
                                                               dict[str, int], int]:
    """``--reuse-games``: the candidates of the current data's game puzzles, by game stem,
    the game counts of its report added to this run's, and how many games of the shuffle
    the data covers (the run scans the games after those as a full run does: ``--games``
    may be larger than the data's, never smaller). Exactly what a full run finds
    when only the confirmation changed: the candidates a game yields and the plies a
    found line covers do not depend on the confirmation (see :func:`solve`). The
    candidates the report's own confirmation dropped are not in the data: their count is
    carried when this run confirms at the same depth (it would drop them again), and a
    different depth is refused then (run the defaults)."""
    report = json.loads((DATA / "build_report.json").read_text(encoding="utf-8"))
    if report["games_done"] > games:
        raise SystemExit(f"--reuse-games: the current data has {report['games_done']} "
                         f"games, more than {games}")
    found = re.search(r"--confirm-depth (\d+)", report["command"])
    deeper = {k: v for k, v in report["rejected"].items()
              if k.startswith("game: ") and "deeper" in k}
    if deeper and (found is None or int(found.group(1)) != confirm_depth):
        raise SystemExit("--reuse-games: the current data was confirmed at another depth; "
                         "its dropped candidates are not in it: run the defaults")
    out: dict[str, list[Candidate]] = {}
    for text in (DATA / "puzzles.jsonl").read_text(encoding="utf-8").splitlines():
        p = json.loads(text)
        if "-eg-" in p["puzzle_id"] or not re.search(r"-p\d+$", p["puzzle_id"]):
            continue  # a study, or a perpetual-check save (``-r<ply>``: rebuilt anyway)
        stem = p["puzzle_id"].rsplit("-p", 1)[0]
        out.setdefault(stem, []).append(Candidate(p["puzzle_id"], p["fen"],
                                                  p["moves_before"], p["goal"], None,
                                                  p["source"], p.get("title")))
    counts = {k: v for k, v in report["rejected"].items() if k.startswith("game: ")}
    return out, counts, int(report["games_done"])


def write(args: argparse.Namespace, from_studies: list[dict], from_games: list[dict],
          drills: list[dict], drill_rejects: dict[str, int], rejected: Counter,
          done: tuple[int, int], wall: float, cpu: float, searches: int,
          nodes: int, platform: tuple[int, list[dict]] = (0, []),
          perpetual: list[dict] | None = None, reviewed: dict[str, str] | None = None) -> dict:
    """Check the collection (it must load) and, unless ``--check``, write the data and the
    report of what was done so far (``platform``: games read, puzzles from them)."""
    puzzles = from_studies + from_games + (perpetual or []) + platform[1]
    collection = parse_collection(json.dumps(p, ensure_ascii=False) for p in puzzles)
    report = {
        "command": f"scripts/build_puzzles.py --studies {done[0]} --games {done[1]} "
                   f"--seed {args.seed} --from-ply {args.from_ply} --scan-depth "
                   f"{args.scan_depth} --depth {args.depth} --study-depth {args.study_depth} "
                   f"--confirm-depth {args.confirm_depth}"
                   + (" --no-perpetual" if args.no_perpetual else ""),
        "games_reused": args.reuse_games,
        **({"platform_db": masked_url(args.platform_db), "platform_games": platform[0],
            "platform_unanalysed": args.platform_unanalysed,
            "from_platform": len(platform[1])} if args.platform_db else {}),
        "puzzles": len(collection), "from_studies": len(from_studies),
        "from_games": len(from_games), "from_perpetual": len(perpetual or []),
        "studies_done": done[0], "games_done": done[1],
        "themes": collection.themes(),
        "goals": dict(Counter(p["goal"] for p in puzzles)),
        "rejected": dict(sorted(rejected.items())),
        "reviews": dict(sorted((reviewed or {}).items())),
        "drills": len(drills), "drills_rejected": drill_rejects,
        "engine_searches": searches, "engine_nodes": nodes,
        "cpu_seconds": round(cpu), "wall_seconds": round(wall),
    }
    if not args.check:
        out = args.out
        out.mkdir(parents=True, exist_ok=True)
        with (out / "puzzles.jsonl").open("w", encoding="utf-8") as f:
            for p in puzzles:
                f.write(json.dumps(p, ensure_ascii=False) + "\n")
        with (out / "repetition_drills.jsonl").open("w", encoding="utf-8") as f:
            for d in drills:
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
        (out / "build_report.json").write_text(
            json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return report
