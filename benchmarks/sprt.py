"""An SPRT between two versions of the built-in engine (or against a reference).

    python benchmarks/sprt.py --base HEAD --movetime 50 --elo0 0 --elo1 10   # tree vs HEAD
    python benchmarks/sprt.py --base HEAD~2 --new HEAD --clock 4+0.05
    python benchmarks/sprt.py --e2 cmd:$REF_ENGINES/pikafish-hce --odds 10 --games 200
    nice -n 19 python benchmarks/sprt.py --base HEAD --nodes 60000 --elo1 20  # load-free
    python benchmarks/sprt.py --new HEAD --base HEAD --args1 "--nnue new.npz" --nodes 60000
    python benchmarks/sprt.py --new HEAD --base HEAD --args2 "--hce" --nodes 60000

Engine 1 is the working tree's ``src`` (or ``--new REV``), engine 2 a **source snapshot**
of a git revision (``--base REV``: ``git archive`` of ``src/`` into a cache directory),
each run as ``cotuong engine`` at ``--level`` in its own process (as a GUI runs it, and as
the earlier A/Bs ran ``PYTHONPATH=old/src``); ``--e1``/``--e2`` take any ``cotuong match``
spec instead. ``--odds K`` divides engine 2's time (or nodes) by K. ``--args1``/``--args2``
append arguments to a built-in side's ``cotuong engine`` command (``--nnue PATH``: another
network against the shipped one, the engine's default; ``--hce``: the hand-written
evaluation — revisions before the network became the default, 2026-12-03, evaluate with
it anyway and do not know ``--hce``).

``--nodes N`` gives each engine N nodes a move instead of time (``go nodes N``; the
built-in engine stops at the first multiple of 1,024 nodes at or above N, both sides
alike, and runs no helper threads): the games then do not depend on the machine's load,
so they can run niced beside other work. Only for changes that do not change the
engine's speed much — a change in nodes per second must be judged at equal time.

Games are refereed by :class:`cotuong.Game` under ``--rules`` (default ``asian``) in
pairs with colours swapped over the A/B openings (``benchmarks/data/openings_ab.fen``; the
held-out set is for milestone matches only), ``--concurrency`` at a time, until the SPRT
accepts H0 or H1 or ``--games`` are played, or it is sent SIGINT/SIGTERM (then the games
under way finish and the summary prints). Each game prints the pentanomial tally of the
finished pairs and the LLR.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cotuong.arena.match import GameResult, MatchClock, load_openings, parse_clock  # noqa: E402
from cotuong.arena.sprt import SprtProgress, run_sprt  # noqa: E402
from cotuong.arena.stats import Sprt  # noqa: E402

AB_OPENINGS = ROOT / "benchmarks" / "data" / "openings_ab.fen"
SNAPSHOTS = Path("/tmp/cotuong-sprt")
WARM = ("from cotuong.engine import BuiltinEngine; from cotuong.engine.interface import Limits;"
        "BuiltinEngine(level=8).search('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/"
        "RNBAKABNR w - - 0 1', [], Limits(depth=3))")


def snapshot(rev: str) -> Path:
    """``src/`` of ``rev`` unpacked once under /tmp (keyed by commit), compiled once."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", rev], check=True,
                         capture_output=True, text=True).stdout.strip()
    where = SNAPSHOTS / sha[:12]
    if not (where / "src").is_dir():
        where.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha, "src"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    return where / "src"


def tree_copy() -> Path:
    """The working tree's ``src/`` copied aside, so that editing the tree during a long
    run does not change engine 1 under it."""
    where = SNAPSHOTS / f"tree-{time.strftime('%H%M%S')}"
    shutil.copytree(ROOT / "src", where / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    return where / "src"


def engine_spec(src: Path, level: int, extra: str = "") -> str:
    return (f"cmd:env PYTHONPATH={shlex.quote(str(src))} {shlex.quote(sys.executable)} "
            f"-m cotuong.cli engine --engine level:{level}"
            + "".join(f" {shlex.quote(a)}" for a in shlex.split(extra)))


def warm(src: Path) -> None:
    """Compile (or load from Numba's cache) before the clock runs: the first process
    of a snapshot otherwise spends its first games compiling."""
    subprocess.run([sys.executable, "-c", WARM], check=True, env={"PYTHONPATH": str(src),
                                                                     "PATH": "/usr/bin:/bin"})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", default="HEAD", help="engine 2: a git revision (default HEAD)")
    ap.add_argument("--new", default=None, help="engine 1: a git revision (default: the tree)")
    ap.add_argument("--e1", default=None, help="engine 1 as a match spec (overrides --new)")
    ap.add_argument("--e2", default=None, help="engine 2 as a match spec (overrides --base)")
    ap.add_argument("--level", type=int, default=8)
    ap.add_argument("--args1", default="", help="more `cotuong engine` arguments, engine 1")
    ap.add_argument("--args2", default="", help="more `cotuong engine` arguments, engine 2")
    ap.add_argument("--movetime", type=int, default=None, help="ms per move")
    ap.add_argument("--clock", default=None, help="BASE+INC in seconds, e.g. 4+0.05")
    ap.add_argument("--nodes", type=int, default=None,
                    help="nodes per move (load-independent; not for speed changes)")
    ap.add_argument("--odds", type=float, default=1.0,
                    help="divide engine 2's time (or nodes) by this")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=10.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--games", type=int, default=2000, help="stop here without a decision")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--openings", default=str(AB_OPENINGS))
    ap.add_argument("--rules", default="asian")
    ap.add_argument("--max-plies", type=int, default=300)
    args = ap.parse_args()

    if sum(x is not None for x in (args.movetime, args.clock, args.nodes)) != 1:
        ap.error("give exactly one of --movetime, --clock and --nodes")
    if args.odds < 1:
        ap.error("--odds is at least 1 (it divides engine 2's time)")
    if args.nodes is not None:
        tc = MatchClock(nodes=args.nodes)
        tc2 = MatchClock(nodes=max(1, round(args.nodes / args.odds)))
    elif args.movetime is not None:
        tc = MatchClock(movetime_ms=args.movetime)
        tc2 = MatchClock(movetime_ms=max(1, round(args.movetime / args.odds)))
    else:
        base, inc = parse_clock(args.clock)
        tc = MatchClock(base_ms=base, inc_ms=inc)
        tc2 = MatchClock(base_ms=max(1, round(base / args.odds)), inc_ms=round(inc / args.odds))
    test = Sprt(args.elo0, args.elo1, args.alpha, args.beta)

    sides = []
    for spec, rev, tree, extra in ((args.e1, args.new, True, args.args1),
                                   (args.e2, args.base, False, args.args2)):
        if spec is not None:
            sides.append((spec, spec))
            continue
        src = tree_copy() if (tree and rev is None) else snapshot(rev)
        warm(src)
        name = ("tree" if rev is None else rev) + (f" {extra}" if extra else "")
        sides.append((engine_spec(src, args.level, extra), name))
    openings = load_openings(args.openings)
    started = time.monotonic()
    print(f"{sides[0][1]} vs {sides[1][1]}: {test}, {tc.describe()}"
          + (f" vs {tc2.describe()}" if args.odds != 1 else "")
          + f", {len(openings)} openings, concurrency {args.concurrency}", flush=True)

    def show(game: GameResult, progress: SprtProgress) -> None:
        low, high = test.bounds()
        print(f"game {game.number:4d} {game.first_score:3.1f} "
              f"{game.outcome.termination.name.lower():12s} {len(game.moves):3d} plies | "
              f"pairs {progress.tally} score {progress.tally.score():.3f} "
              f"LLR {progress.llr:+.2f} [{low:.2f}, {high:.2f}] "
              f"{time.monotonic() - started:.0f} s", flush=True)

    # Ctrl-C or kill: no new game, the games under way finish, the summary prints.
    halted = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: halted.set())
    result = run_sprt(sides[0][0], sides[1][0], tc, test, openings=openings,
                      max_games=args.games, tc2=tc2, rules=args.rules,
                      max_plies=args.max_plies, concurrency=args.concurrency, on_game=show,
                      halt=halted.is_set)
    print(result.summary().replace(sides[0][0], sides[0][1]).replace(sides[1][0], sides[1][1]))
    print(f"{len(result.match.games)} games in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
