"""Build the puzzle collection and the repetition drills shipped in ``cotuong.puzzles``.

    nice -n 10 python scripts/build_puzzles.py            # writes src/cotuong/puzzles/data/
    nice -n 10 python scripts/build_puzzles.py --games 60 --check   # a quick trial, no write

Sources (all in ``tests/data``, see its README; attribution kept in every puzzle's
``source``):

- the Chinese Chess Practical Dataset (CCPD, Yu-Han Tseng 2026, **CC BY 4.0**): its 244
  endgame studies (``[FEN]`` games, themed titles) and its World Cup (1,389) and Asian
  Cup (679) master games, read from the ICCS files derived from it;
- the 15 xqdb master games (wxf.ca via the wukong-xiangqi repository, **MIT**);
- with ``--platform-db URL``, the finished (by default: analysed) games of a cotuong
  server's database (``puzzle_platform``), mined like master games; none are shipped;
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
under ``RULES``, once every solver move of it is confirmed by a deeper search
(``--confirm-depth``; ``puzzle_lines.confirm``). Fixed depths, a fixed seed and one
engine thread: the same data on every run. The difficulty is estimated in
``puzzle_meta.rating`` (see ``docs/puzzles.md``). The engine evaluates with the
hand-written evaluation (``--eval-file hce``, the default here), the one the shipped data
was built with, although the engine's own default is the learnt network.
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
    EVAL_FILE,
    HOLD_CP,
    MAX_SOLVER_MOVES,
    NOT_WIN_CP,
    Line,
    Searcher,
    build_line,
    confirm,
    only_move,
    replay_problem,
    score,
    trim,
)
from puzzle_meta import Candidate, make_puzzle  # noqa: E402
from puzzle_perpetual import run_perpetual  # noqa: E402
from puzzle_platform import platform_games  # noqa: E402
from puzzle_review import apply_reviews, load_reviews  # noqa: E402
from puzzle_sources import (  # noqa: E402
    DATA,
    ccpd_games,
    master_source,
    reused_candidates,
    study_source,
    write,
    xqdb_games,
)

from cotuong import Board, Move  # noqa: E402
from cotuong.puzzles import puzzle_to_json  # noqa: E402

RULES = "xiangqiplay"
MIN_CHOICES = 3  # a move found among three or fewer legal ones is no puzzle
STUDY_MOVES = 4  # a study's first solver moves at most: its key, not its whole technique
STUDY_SCAN_PLIES = 30  # a study's moments are looked for in its first 30 plies
REVIEWS = load_reviews()  # scripts/puzzle_review.json, checked as they are applied
REVIEWED: dict[str, str] = {}  # what each review did, for the report


def study_moments(searcher: Searcher, stem: str, rec: object, scan_depth: int,
                  rejected: Counter) -> list[Candidate]:
    """The moments of a study's recorded line where the solver's recorded move is an only
    move by a short search (MultiPV 2 at ``scan_depth``), in order: each is a candidate
    (the opponent's move before it shown), verified at full depth by :func:`solve`. The
    solver is the winner (the side to move in a drawn study)."""
    moves = [m.iccs for m in rec.moves]  # type: ignore[attr-defined]
    start = rec.start_fen  # type: ignore[attr-defined]
    board = Board(start)
    winner = {"1-0": 1, "0-1": -1}.get(rec.result)  # type: ignore[attr-defined]
    goal = "win" if winner is not None else "draw"
    solver = winner if winner is not None else board.side
    title = rec.headers.get("Event", "").strip() or None  # type: ignore[attr-defined]
    out = []
    first = 0 if board.side == solver else 1
    for m in moves[:first]:
        board.push(Move.from_iccs(m))
    for j in range(first, min(len(moves), STUDY_SCAN_PLIES), 2):
        if j > first:
            board.push(Move.from_iccs(moves[j - 2]))
            board.push(Move.from_iccs(moves[j - 1]))
        if len(board.legal_moves) <= MIN_CHOICES:
            continue  # no choice to find
        lines, _ = searcher.lines(start, moves[:j], 2, scan_depth)
        if only_move(goal, lines) and lines[0].pv[0] == moves[j]:
            at = Board(start)
            for m in moves[:j - 1]:
                at.push(Move.from_iccs(m))
            before = moves[j - 1:j]
            out.append(Candidate(stem if j == 0 else f"{stem}-p{j}", at.fen(), before, goal,
                                 moves[j:], study_source(stem, rec, j), title, study=True))
    if not out:
        rejected[f"study: no only move in its first {STUDY_SCAN_PLIES} plies"] += 1
    return out


def scan_game(searcher: Searcher, kind: str, stem: str, rec: object, from_ply: int,
              scan_depth: int) -> list[Candidate]:
    """Candidates of one master game: a swing to a win, or a position to hold."""
    moves = [m.iccs for m in rec.moves]  # type: ignore[attr-defined]
    start = rec.start_fen  # type: ignore[attr-defined]
    source = master_source(kind, stem, rec)
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
            if goal is not None and len(board.legal_moves) > MIN_CHOICES:
                out.append(Candidate(f"{stem}-p{t}", board_prev.fen(), [moves[t - 1]], goal,
                                     None, source(t), None))
        prev = now
        board_prev = board.copy(stack=False)
        if t < len(moves):
            board.push(Move.from_iccs(moves[t]))
    return out


def recaptures(fen: str, shown: str, first: str) -> bool:
    """``first`` takes back on the square where the shown move captured."""
    last = Move.from_iccs(shown)
    return Board(fen).is_capture(last) and Move.from_iccs(first).to_square == last.to_square


def solve(searcher: Searcher, c: Candidate, rejected: Counter,
          confirm_depth: int) -> tuple[dict | None, int]:
    """The candidate's puzzle or None, and how many plies of the game the line found
    covers (before the deeper confirmation: later candidates inside it are skipped, so
    the confirmation of one line never changes which other candidates are tried)."""
    line = build_line(searcher, c.fen, c.before, c.goal, c.follow,
                      STUDY_MOVES if c.study else MAX_SOLVER_MOVES)
    if not line.accepted:
        rejected[f"{'study' if c.study else 'game'}: {line.stop or 'no line'}"] += 1
        return None, 0
    kept, why = trim(line, c.fen, c.before, c.goal)
    if why and not c.study:
        rejected[f"game: {why}"] += 1
        return None, 0
    if why:  # a study's key moves stand on their own: the goal is the study's result
        n = len(line.accepted)
        kept = Line(line.solution[:2 * n - 1], line.accepted, line.scores, line.find_depths,
                    line.second_mated, line.stop)
    tag = "study" if c.study else "game"
    problem = checks(c, kept)
    if problem:
        rejected[f"{tag}: {problem}"] += 1
        return None, 0
    covered = len(kept.solution)
    if confirm_depth:
        confirmed, why = confirm(searcher, kept, c.fen, c.before, c.goal, confirm_depth,
                                 c.study)
        if why:
            rejected[f"{tag}: {why}"] += 1
            return None, covered
        problem = checks(c, confirmed) if confirmed is not kept else ""
        if problem:  # the cut line may be a bare recapture
            rejected[f"{tag}: {problem} (after the deeper cut)"] += 1
            return None, covered
        kept = confirmed
    p = apply_reviews(puzzle_to_json(make_puzzle(c, kept, RULES)), REVIEWS, REVIEWED)
    if p is None:
        rejected[f"{tag}: rejected by a review (scripts/puzzle_review.json)"] += 1
    return p, covered


def checks(c: Candidate, kept: Line) -> str:
    """Why a built line is no puzzle (a forced move, a bare recapture, a bad replay
    through ``Game``), or ``""``."""
    board = Board(c.fen)
    for m in c.before:
        board.push(Move.from_iccs(m))
    if len(board.legal_moves) <= MIN_CHOICES:
        return "forced (few legal moves)"
    if c.before and len(kept.accepted) == 1 and recaptures(c.fen, c.before[-1],
                                                           kept.solution[0]):
        return "trivial_recapture"  # one move taking back what was just taken
    return replay_problem(c.fen, c.before, kept.solution, RULES, c.goal,
                          Board(c.fen).side * (-1 if c.before else 1))


def run_study(searcher: Searcher, stem: str, rec: object, scan_depth: int,
              rejected: Counter, confirm_depth: int) -> dict | None:
    for c in study_moments(searcher, stem, rec, scan_depth, rejected):
        p, _ = solve(searcher, c, rejected, confirm_depth)
        if p is not None:  # one puzzle a study: its first verified moment
            return p
    return None


def position_key(c: Candidate) -> str:
    """A game candidate's position and shown move: the same in two games is one puzzle."""
    return Board(c.fen).fen().split(" ")[0] + c.before[0]


def run_game(searcher: Searcher, kind: str, stem: str, rec: object, args: argparse.Namespace,
             seen: set[str], rejected: Counter) -> list[dict]:
    if not rec.ok:  # type: ignore[attr-defined]
        rejected["game: record has issues"] += 1
        return []
    out = []
    covered = 0  # the last ply of this game inside a kept puzzle's line
    for c in scan_game(searcher, kind, stem, rec, args.from_ply, args.scan_depth):
        ply = int(c.stem.rsplit("-p", 1)[1])
        key = position_key(c)
        if key in seen or ply <= covered:
            rejected["game: duplicate or inside a kept line"] += 1
            continue
        seen.add(key)
        p, plies = solve(searcher, c, rejected, args.confirm_depth)
        if p is not None:
            out.append(p)
        if plies:
            covered = ply + plies
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--studies", type=int, default=244, help="the first N studies")
    ap.add_argument("--games", type=int, default=2083,
                    help="the first N games of the shuffle (2,083: all of them)")
    ap.add_argument("--seed", type=int, default=24, help="the shuffle of the master games")
    ap.add_argument("--from-ply", type=int, default=30)
    ap.add_argument("--scan-depth", type=int, default=5)
    ap.add_argument("--depth", type=int, default=9)
    ap.add_argument("--study-depth", type=int, default=9)
    ap.add_argument("--confirm-depth", type=int, default=11,
                    help="confirm every solver move of a kept line at this depth (0: no)")
    ap.add_argument("--reuse-games", action="store_true",
                    help="rebuild the studies; take the game candidates that gave the "
                         "current data's puzzles and solve only them again (same searches, "
                         "then the confirmation), the other game counts from its report; "
                         "with more --games than the data's, the games after them are "
                         "scanned as in a full run")
    ap.add_argument("--platform-db", metavar="URL",
                    help="also mine the finished games of a cotuong server's database "
                         "(SQLAlchemy URL: sqlite:///path.db, postgresql://...)")
    ap.add_argument("--platform-unanalysed", action="store_true",
                    help="with --platform-db: every finished game, not only analysed ones")
    ap.add_argument("--no-perpetual", action="store_true",
                    help="skip the perpetual-check saves (drawn loops of every master "
                         "game and of the repetition cases: puzzle_perpetual)")
    ap.add_argument("--eval-file", default=EVAL_FILE, metavar="VALUE",
                    help="the engine's EvalFile (default hce: the hand-written evaluation "
                         "the shipped collection was built with; nnue.npz: the network, the "
                         "engine's default elsewhere, which gives another collection)")
    ap.add_argument("--out", type=Path, default=DATA, help="where the data is written")
    ap.add_argument("--check", action="store_true", help="build and report, write nothing")
    args = ap.parse_args()
    t0, cpu0 = time.time(), time.process_time()
    rejected: Counter[str] = Counter()
    games = ccpd_games() + xqdb_games()
    studies = [g for g in games if g[0] == "eg"][:args.studies]
    pool = [g for g in games if g[0] != "eg"]
    random.Random(args.seed).shuffle(pool)  # a fixed order: --games N takes a prefix
    pool = pool[:args.games]
    reuse, reused = None, 0
    seen: set[str] = set()
    if args.reuse_games:
        reuse, counts, reused = reused_candidates(args.games, args.confirm_depth)
        rejected.update(counts)
        # The games scanned after them skip these positions, as in a full run (which also
        # skips the positions of the candidates it rejected: those are solved again here,
        # to the same verdict, and counted by it instead of as duplicates).
        seen.update(position_key(c) for cs in reuse.values() for c in cs)
    drills, drill_rejects = build_drills(ROOT / "tests" / "data")
    try:  # read first: a bad URL stops the build before any search
        platform = (platform_games(args.platform_db, not args.platform_unanalysed)
                    if args.platform_db else [])
    except ValueError as exc:
        raise SystemExit(f"--platform-db: {exc}") from None
    from_studies: list[dict] = []
    from_games: list[dict] = []
    from_platform: list[dict] = []
    from_perpetual: list[dict] = []
    report: dict = {}
    study_searcher = Searcher(args.study_depth, RULES, eval_file=args.eval_file)
    game_searcher = Searcher(args.depth, RULES, eval_file=args.eval_file)
    # Studies and games alternate, so that a run cut short (the report says how far it
    # got) is exactly the run of --studies S --games G with those counts.
    for i in range(max(len(studies), len(pool))):
        if i < len(studies):
            _, stem, rec = studies[i]
            p = run_study(study_searcher, stem, rec, args.scan_depth, rejected,
                          args.confirm_depth)
            if p is not None:
                from_studies.append(p)
        if reuse is not None and i < reused:
            for c in reuse.pop(pool[i][1], []):
                p, _ = solve(game_searcher, c, rejected, args.confirm_depth)
                from_games.extend([p] if p is not None else [])
        elif i < len(pool):
            kind, stem, rec = pool[i]
            from_games.extend(run_game(game_searcher, kind, stem, rec, args, seen, rejected))
        done = (min(i + 1, len(studies)), min(i + 1, len(pool)))
        if i % 10 == 9 or i == max(len(studies), len(pool)) - 1:
            report = write(args, from_studies, from_games, drills, drill_rejects, rejected,
                           done, time.time() - t0, time.process_time() - cpu0,
                           study_searcher.searches + game_searcher.searches,
                           study_searcher.nodes + game_searcher.nodes, reviewed=REVIEWED)
            print(f"studies {done[0]}/{len(studies)}, games {done[1]}/{len(pool)}: "
                  f"{report['puzzles']} puzzles, {report['cpu_seconds']} s CPU",
                  file=sys.stderr, flush=True)
    if not args.no_perpetual:  # after the sample, so --no-perpetual gives a prefix
        cases = [json.loads(t) for t in (ROOT / "tests" / "data" / "repetition_cases.jsonl")
                 .read_text(encoding="utf-8").splitlines() if t.strip()]
        for p in run_perpetual(study_searcher, [g for g in games if g[0] != "eg"], cases,
                               RULES, rejected, args.confirm_depth, master_source):
            reviewed = apply_reviews(puzzle_to_json(p), REVIEWS, REVIEWED)
            if reviewed is None:
                rejected["perpetual: rejected by a review (scripts/puzzle_review.json)"] += 1
            else:
                from_perpetual.append(reviewed)
        report = write(args, from_studies, from_games, drills, drill_rejects, rejected,
                       (len(studies), len(pool)), time.time() - t0,
                       time.process_time() - cpu0,
                       study_searcher.searches + game_searcher.searches,
                       study_searcher.nodes + game_searcher.nodes, perpetual=from_perpetual,
                       reviewed=REVIEWED)
        print(f"perpetual-check saves: {len(from_perpetual)}", file=sys.stderr, flush=True)
    if args.platform_db or not (studies or pool):
        # After the master games, so a build without --platform-db is a prefix of it.
        for kind, stem, rec in platform:
            from_platform.extend(run_game(game_searcher, kind, stem, rec, args, seen,
                                          rejected))
        report = write(args, from_studies, from_games, drills, drill_rejects, rejected,
                       (len(studies), len(pool)), time.time() - t0,
                       time.process_time() - cpu0,
                       study_searcher.searches + game_searcher.searches,
                       study_searcher.nodes + game_searcher.nodes,
                       (len(platform), from_platform), from_perpetual, REVIEWED)
        if args.platform_db:
            print(f"platform games {len(platform)}: {len(from_platform)} puzzles",
                  file=sys.stderr, flush=True)
    print(json.dumps(report, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
