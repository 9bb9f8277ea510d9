"""Build the puzzle collection and the repetition drills shipped in ``cotuong.puzzles``.

    nice -n 10 python scripts/build_puzzles.py            # writes src/cotuong/puzzles/data/
    nice -n 10 python scripts/build_puzzles.py --games 60 --check   # a quick trial, no write

Sources (all in ``tests/data``, see its README; attribution kept in every puzzle's
``source``):

- the Chinese Chess Practical Dataset (CCPD, Yu-Han Tseng 2026, **CC BY 4.0**): its 244
  endgame studies (``[FEN]`` games, themed titles) and its World Cup (1,389) and Asian
  Cup (679) master games, read from the ICCS files derived from it;
- the 15 xqdb master games (wxf.ca via the wukong-xiangqi repository, **MIT**);
- the repetition cases (``repetition_cases.jsonl``: the Vietnamese tournament law's ten
  diagrams, the Asian Xiangqi Federation rule book's diagrams, Fairy-Stockfish's tests)
  and ``seed_diagrams.txt`` (the law's Hình 1–10, cross-checked against the cases).

Studies: the side to move is the solver, the goal the study's result (win, or draw); the
solution follows the study's recorded line while each of its solver moves is the
engine's only move (``puzzle_lines``), replies as recorded. Master games: every position
of a seeded sample of games (``--games``, ``--seed``) from ply ``--from-ply`` on is
scanned by a short search (depth ``--scan-depth``); a position where the opponent's last
move turned a balanced game (solver's view at most ``NOT_WIN_CP``) into a win (at least
``WIN_CP``), or where the solver must find a hold (best at least ``-HOLD_CP`` after a
capture or check), becomes a candidate: the opponent's move is shown (``moves_before``)
and the line is built at depth ``--depth``. Every kept line replays through ``Game``
under ``RULES``. Fixed depths, a fixed seed and one engine thread: the same data on every
run. The difficulty is estimated in ``puzzle_meta.rating`` (see ``docs/puzzles.md``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "scripts"))

from puzzle_drills import build_drills  # noqa: E402
from puzzle_lines import (  # noqa: E402
    HOLD_CP,
    MAX_SOLVER_MOVES,
    NOT_WIN_CP,
    Line,
    Searcher,
    build_line,
    replay_problem,
    score,
    trim,
)
from puzzle_meta import Candidate, make_puzzle  # noqa: E402

from cotuong import Board, Move  # noqa: E402
from cotuong.puzzles import parse_collection, puzzle_to_json  # noqa: E402
from cotuong.records import read_pgn  # noqa: E402

GAMES = ROOT / "tests" / "data" / "games"
DATA = ROOT / "src" / "cotuong" / "puzzles" / "data"
RULES = "xiangqiplay"
STUDY_MOVES = 4  # a study's first solver moves at most: its key, not its whole technique
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


def study_candidates(games: list, rejected: Counter) -> list[Candidate]:
    out = []
    for kind, stem, rec in games:
        if kind != "eg":
            continue
        board = Board(rec.start_fen)
        result = rec.result
        mover_wins = {"1-0": 1, "0-1": -1}.get(result)
        if result == "1/2-1/2":
            goal = "draw"
        elif mover_wins == board.side:
            goal = "win"
        else:
            rejected["study_result_not_for_mover"] += 1
            continue
        title = rec.headers.get("Event", "").strip() or None
        out.append(Candidate(stem, rec.start_fen, [], goal, [m.iccs for m in rec.moves],
                             f"{CCPD_NOTE}, endgame study {stem[-4:]}: {players(rec)}",
                             title, study=True))
    return out


def scan_game(searcher: Searcher, kind: str, stem: str, rec: object, from_ply: int,
              scan_depth: int) -> list[Candidate]:
    """Candidates of one master game: a swing to a win, or a position to hold."""
    moves = [m.iccs for m in rec.moves]  # type: ignore[attr-defined]
    start = rec.start_fen  # type: ignore[attr-defined]
    note = XQDB_NOTE if kind == "xq" else CCPD_NOTE
    out: list[Candidate] = []
    prev = None  # the score of the previous position, for the side then to move
    board = Board(start)
    for m in moves[:from_ply - 1]:
        board.push(Move.from_iccs(m))
    board_prev = board.copy(stack=False)
    for t in range(from_ply - 1, len(moves) + 1):  # the position after t plies
        now, best = None, None
        if board.has_legal_move():  # a game may end in mate
            lines, _ = searcher.lines(start, moves[:t], 1, scan_depth)
            if lines and lines[0].pv:
                now, best = score(lines[0]), Move.from_iccs(lines[0].pv[0])
        if now is not None and best is not None and prev is not None and t >= from_ply:
            last = Move.from_iccs(moves[t - 1])
            forcing = board_prev.is_capture(last) or board_prev.gives_check(last)
            goal = None
            # prev is the opponent's view before its move: it was not lost for it.
            if now.wins() and prev.at_least(-NOT_WIN_CP):
                goal = "win"
            elif (forcing and now.at_least(-HOLD_CP) and now.at_most(HOLD_CP)
                  and best.to_square != last.to_square):  # a recapture is no puzzle
                goal = "draw"
            if goal is not None:
                out.append(Candidate(f"{stem}-p{t}", board_prev.fen(), [moves[t - 1]], goal,
                                     None, f"{note}, game {stem.split('-')[-1]}: "
                                     f"{players(rec)}, ply {t}", None))
        prev = now
        board_prev = board.copy(stack=False)
        if t < len(moves):
            board.push(Move.from_iccs(moves[t]))
    return out


def recaptures(fen: str, shown: str, first: str) -> bool:
    """``first`` takes back on the square where the shown move captured."""
    last = Move.from_iccs(shown)
    return Board(fen).is_capture(last) and Move.from_iccs(first).to_square == last.to_square


def solve(searcher: Searcher, c: Candidate, rejected: Counter) -> dict | None:
    line = build_line(searcher, c.fen, c.before, c.goal, c.follow,
                      STUDY_MOVES if c.study else MAX_SOLVER_MOVES)
    if not line.accepted:
        rejected[f"{'study' if c.study else 'game'}: {line.stop or 'no line'}"] += 1
        return None
    kept, why = trim(line, c.fen, c.before, c.goal)
    if why and not c.study:
        rejected[f"game: {why}"] += 1
        return None
    if why:  # a study's key moves stand on their own: the goal is the study's result
        n = len(line.accepted)
        kept = Line(line.solution[:2 * n - 1], line.accepted, line.scores, line.find_depths,
                    line.second_mated, line.stop)
    if c.before and len(kept.accepted) == 1 and recaptures(c.fen, c.before[-1],
                                                           kept.solution[0]):
        rejected["game: trivial_recapture"] += 1  # one move taking back what was taken
        return None
    problem = replay_problem(c.fen, c.before, kept.solution, RULES, c.goal,
                             Board(c.fen).side * (-1 if c.before else 1))
    if problem:
        rejected[f"{'study' if c.study else 'game'}: {problem}"] += 1
        return None
    return puzzle_to_json(make_puzzle(c, kept, RULES))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=400, help="master games sampled")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--from-ply", type=int, default=30)
    ap.add_argument("--scan-depth", type=int, default=6)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--study-depth", type=int, default=9)
    ap.add_argument("--studies", type=int, default=244, help="the first N studies")
    ap.add_argument("--check", action="store_true", help="build and report, write nothing")
    args = ap.parse_args()
    t0 = time.time()
    rejected: Counter[str] = Counter()
    games = ccpd_games() + xqdb_games()
    puzzles: list[dict] = []
    seen: set[str] = set()

    studies = study_candidates(games, rejected)[:args.studies]
    searcher = Searcher(args.study_depth, RULES)
    for i, c in enumerate(studies):
        p = solve(searcher, c, rejected)
        if p is not None:
            puzzles.append(p)
        if i % 20 == 0:
            print(f"studies {i}/{len(studies)}: {len(puzzles)} kept, "
                  f"{time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    n_studies = len(puzzles)

    pool = [g for g in games if g[0] != "eg"]
    sample = random.Random(args.seed).sample(pool, min(args.games, len(pool)))
    searcher = Searcher(args.depth, RULES)
    for i, (kind, stem, rec) in enumerate(sample):
        if not rec.ok:
            rejected["game: record has issues"] += 1
            continue
        for c in scan_game(searcher, kind, stem, rec, args.from_ply, args.scan_depth):
            key = Board(c.fen).fen().split(" ")[0] + c.before[0]
            if key in seen:
                rejected["game: duplicate position"] += 1
                continue
            seen.add(key)
            p = solve(searcher, c, rejected)
            if p is not None:
                puzzles.append(p)
        if i % 10 == 0:
            print(f"games {i}/{len(sample)}: {len(puzzles) - n_studies} kept, "
                  f"{searcher.searches} searches, {time.time() - t0:.0f} s",
                  file=sys.stderr, flush=True)

    collection = parse_collection(json.dumps(p, ensure_ascii=False) for p in puzzles)
    drills, drill_rejects = build_drills(ROOT / "tests" / "data")
    report = {
        "puzzles": len(collection), "from_studies": n_studies,
        "from_games": len(collection) - n_studies, "games_sampled": len(sample),
        "themes": collection.themes(), "rejected": dict(sorted(rejected.items())),
        "drills": len(drills), "drills_rejected": drill_rejects,
        "seconds": round(time.time() - t0),
    }
    print(json.dumps(report, ensure_ascii=False, indent=1))
    if not args.check:
        DATA.mkdir(parents=True, exist_ok=True)
        with (DATA / "puzzles.jsonl").open("w", encoding="utf-8") as f:
            for p in puzzles:
                f.write(json.dumps(p, ensure_ascii=False) + "\n")
        with (DATA / "repetition_drills.jsonl").open("w", encoding="utf-8") as f:
            for d in drills:
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
        (DATA / "build_report.json").write_text(
            json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
