"""A match between two UCI engines refereed by Fairy-Stockfish's rules (pyffish), with the
speed of both sides printed beside the score (issue 13).

    python benchmarks/bench_fsf.py --games 100 --movetime 300            # Level 8 vs FSF wasm
    python benchmarks/bench_fsf.py --e2 "cmd:python -m cotuong.cli engine" --o2 Level=7
    python benchmarks/bench_fsf.py --e1 "cmd:env PYTHONPATH=old/src python -m cotuong.cli engine"
    python benchmarks/bench_fsf.py --e2 cmd:PIKAFISH --odds 2    # it thinks 150 ms to our 300

Engine 1 defaults to ``cotuong engine`` at Level 8 (a separate process, as a GUI runs it);
engine 2 to Fairy-Stockfish's WebAssembly build under Node (``$COTUONG_FSF_CMD``, or
``node benchmarks/fsf_wasm_uci.js`` with the npm package in ``$FSF_WASM_DIR``; see
benchmarks/README.md). Specs are those of ``cotuong match``: ``cmd:`` (ranks 0-9),
``cmd1:`` (ranks 1-10, Fairy-Stockfish), ``level:N`` (``cotuong engine`` at that level).

Openings come from ``benchmarks/data/openings50.fen`` (50 balanced positions), each played
with both colours. The referee is pyffish, an implementation nobody here wrote: checkmate
and stalemate, its perpetual check/chase rulings (a "rule" loss) and its repetition draws;
a game longer than ``--max-plies`` is a draw. Each game prints one line: the result, how it
ended, and each side's mean depth and nodes per second from its ``info`` lines — a
reference below 100 k nodes/s is starved and the score means little.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import shlex
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cotuong.arena.openings import load_openings  # noqa: E402
from cotuong.engine.interface import Limits  # noqa: E402
from cotuong.uci import ExternalEngine  # noqa: E402
from cotuong.uci.spec import parse_spec  # noqa: E402

VARIANT = "xiangqi"
OPENINGS = ROOT / "benchmarks" / "data" / "openings50.fen"


def peak_rss_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, kids) / 1024.0


def to_fsf(iccs: str) -> str:
    """ICCS (ranks 0-9) to Fairy-Stockfish's coordinates (ranks 1-10)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


@dataclass
class Side:
    """What one engine did over a match: the speed and depth of its searches."""

    name: str
    nodes: int = 0
    ms: int = 0
    depth: int = 0
    searches: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, nodes: int, ms: int, depth: int) -> None:
        with self.lock:
            self.nodes += nodes
            self.ms += ms
            self.depth += depth
            self.searches += 1

    def summary(self) -> str:
        if not self.searches:
            return f"{self.name}: no info"
        nps = 1000 * self.nodes / max(1, self.ms)
        return (f"{self.name}: depth {self.depth / self.searches:.1f}, "
                f"{self.nodes / self.searches / 1000:.1f} k nodes/move, {nps / 1000:.0f} k nodes/s")


@dataclass(frozen=True)
class Played:
    index: int
    e1_red: bool
    score: float  # for engine 1
    reason: str
    loser: str | None  # which engine lost, when it was decided by the rule
    plies: int
    moves: tuple[str, ...]
    fen: str


def command_of(spec: str) -> tuple[str, int]:
    """An engine spec as a command line and its rank base; ``level:N`` runs ``cotuong engine``."""
    parsed = parse_spec(spec)
    if parsed.kind == "level":
        return f"{shlex.quote(sys.executable)} -m cotuong.cli engine", 0
    if parsed.protocol != "uci":
        raise SystemExit(f"{spec}: only UCI engines here")
    return parsed.command, parsed.rank_base


def open_side(spec: str, options: Sequence[str]) -> ExternalEngine:
    command, base = command_of(spec)
    opts = dict(o.split("=", 1) for o in options)
    if parse_spec(spec).kind == "level":
        opts.setdefault("Level", str(parse_spec(spec).level))
    return ExternalEngine(command, rank_base=base, options=opts, handshake_timeout=600.0,
                          reply_timeout=30.0)


def play(sf: object, engines: tuple[ExternalEngine, ExternalEngine], sides: tuple[Side, Side],
         index: int, fen: str, e1_red: bool, movetimes: tuple[int, int],
         max_plies: int) -> Played:
    """One game from ``fen``; engine 1 plays Red when ``e1_red``; engine k thinks
    ``movetimes[k]`` ms a move."""
    moves: list[str] = []
    red_first = fen.split()[1] in ("w", "r")
    for e in engines:
        e.new_game()

    def done(value: int, reason: str, by_rule: bool = False) -> Played:
        # value: > 0 the side to move wins, < 0 it loses, 0 a draw.
        red_to_move = red_first == (len(moves) % 2 == 0)
        e1_to_move = red_to_move == e1_red
        score = 0.5 if value == 0 else 1.0 if (value > 0) == e1_to_move else 0.0
        loser = None
        if by_rule and value != 0:
            loser = sides[0 if score == 0.0 else 1].name
        return Played(index, e1_red, score, reason, loser, len(moves), tuple(moves), fen)

    while True:
        fsf_moves = [to_fsf(m) for m in moves]
        legal = sf.legal_moves(VARIANT, fen, fsf_moves)  # type: ignore[attr-defined]
        if not legal:
            in_check = sf.gives_check(VARIANT, fen, fsf_moves)  # type: ignore[attr-defined]
            return done(-1, "checkmate" if in_check else "stalemate")
        end, value = sf.is_optional_game_end(VARIANT, fen, fsf_moves)  # type: ignore[attr-defined]
        if end:
            return done(value, "rule" if value else "repetition draw", by_rule=True)
        if len(moves) >= max_plies:
            return done(0, "move cap")
        red_to_move = red_first == (len(moves) % 2 == 0)
        k = 0 if red_to_move == e1_red else 1
        try:
            result = engines[k].search(fen, moves, Limits(movetime_ms=movetimes[k]))
        except Exception as exc:  # a crash or a hang loses the game for that engine
            value = -1
            return done(value, f"{sides[k].name} failed: {type(exc).__name__}: {exc}")
        if result.info is not None:
            sides[k].add(result.info.nodes, result.info.time_ms, result.info.depth)
        if to_fsf(result.bestmove) not in legal:
            return done(-1, f"{sides[k].name} played the illegal {result.bestmove}")
        moves.append(result.bestmove)


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def report(results: list[Played], sides: tuple[Side, Side], started: float) -> None:
    n = len(results)
    w = sum(r.score == 1.0 for r in results)
    d = sum(r.score == 0.5 for r in results)
    lost = n - w - d
    p = (w + 0.5 * d) / n
    var = (w * (1 - p) ** 2 + d * (0.5 - p) ** 2 + lost * p ** 2) / n
    half = 1.96 * math.sqrt(var / n)
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    rule_losses: dict[str, int] = {}
    for r in results:
        if r.loser is not None:
            rule_losses[r.loser] = rule_losses.get(r.loser, 0) + 1
    print(f"\n{sides[0].name} vs {sides[1].name}: {n} games in {time.time() - started:.0f} s")
    print(f"+{w} ={d} -{lost}: score {100 * p:.1f} % ± {100 * half:.1f} (95 %), "
          f"Elo {elo(p):+.0f} [{elo(p - half):+.0f}, {elo(p + half):+.0f}]")
    print(f"endings: {reasons}; lost by the repetition rule: {rule_losses or 'none'}")
    for side in sides:
        print("  " + side.summary())
    print(f"peak RSS {peak_rss_mb():.0f} MB (the largest process: this one or an engine)")


def write_pgn(path: Path, results: list[Played], names: tuple[str, str]) -> None:
    lines = []
    for r in sorted(results, key=lambda r: r.index):
        red, black = names if r.e1_red else names[::-1]
        score = r.score if r.e1_red else 1 - r.score
        result = {1.0: "1-0", 0.0: "0-1"}.get(score, "1/2-1/2")
        lines += [f'[Game "{r.index + 1}"]', f'[Red "{red}"]', f'[Black "{black}"]',
                  f'[Result "{result}"]', f'[FEN "{r.fen}"]', f'[Termination "{r.reason}"]',
                  "", " ".join(r.moves) + f" {result}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    fsf = os.environ.get("COTUONG_FSF_CMD",
                         f"node {ROOT / 'benchmarks' / 'fsf_wasm_uci.js'}")
    ap.add_argument("--e1", default="level:8", help="engine 1 (default level:8)")
    ap.add_argument("--o1", action="append", default=[], help="engine 1 option Name=Value")
    ap.add_argument("--n1", default=None, help="engine 1's name in the report")
    ap.add_argument("--e2", default=f"cmd1:{fsf}", help="engine 2 (default Fairy-Stockfish)")
    ap.add_argument("--o2", action="append", default=[], help="engine 2 option Name=Value")
    ap.add_argument("--n2", default=None, help="engine 2's name in the report")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--first", type=int, default=0, help="first game (opening 2k, colour k)")
    ap.add_argument("--movetime", type=int, default=300, help="milliseconds per move, both")
    ap.add_argument("--odds", type=float, default=1.0,
                    help="time odds: engine 2 thinks movetime/ODDS ms a move (a stronger "
                         "reference given less time; 2 = half of ours)")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--openings", type=Path, default=OPENINGS)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--pgn", type=Path, default=None)
    ap.add_argument("--rules", default="asian",
                    help="the Rules option given to our engines (default asian: the rules "
                         "pyffish referees by; 'none' to leave the engines' default)")
    args = ap.parse_args()
    try:
        import pyffish as sf
    except ImportError:
        print("pyffish is needed as the referee: pip install pyffish", file=sys.stderr)
        return 2
    if args.e2.startswith("cmd1:") and not args.o2:
        args.o2 = ["UCI_Variant=xiangqi"]
    # Our engines play under the referee's rules, as a GUI would tell them: pyffish rules
    # perpetual chase the Asian way (a rook chased by a cannon, say), which `xiangqiplay`,
    # the engines' default, lets pass as a draw (a loss by rule so seen in game 85 of the
    # 2026-12-02 run).
    if args.rules != "none":
        for spec, opts in ((args.e1, args.o1), (args.e2, args.o2)):
            ours = spec.startswith("level:") or "cotuong" in spec
            if ours and not any(o.startswith("Rules=") for o in opts):
                opts.append(f"Rules={args.rules}")
    # The package's reader: "FEN ; name ; moves" lines and # comments (the held-out set has
    # both; reading each whole line as a FEN once "played" 200 games of errors in 6 s).
    fens = [opening.fen for opening in load_openings(args.openings)]
    sides = (Side(args.n1 or args.e1 + (" " + " ".join(args.o1) if args.o1 else "")),
             Side(args.n2 or ("fsf-wasm" if args.e2 == f"cmd1:{fsf}" else args.e2)))
    if not args.odds > 0:
        ap.error(f"--odds must be positive, not {args.odds}")
    movetimes = (args.movetime, max(1, round(args.movetime / args.odds)))
    if args.odds != 1:
        print(f"time odds: {sides[0].name} {movetimes[0]} ms a move, "
              f"{sides[1].name} {movetimes[1]} ms")
    jobs = list(range(args.first, args.first + args.games))
    results: list[Played] = []
    started = time.time()
    local = threading.local()
    opened: list[ExternalEngine] = []
    opened_lock = threading.Lock()

    def run(index: int) -> Played:
        if not hasattr(local, "engines"):
            local.engines = (open_side(args.e1, args.o1), open_side(args.e2, args.o2))
            with opened_lock:
                opened.extend(local.engines)
        fen = fens[(index // 2) % len(fens)]
        return play(sf, local.engines, sides, index, fen, index % 2 == 0, movetimes,
                    args.max_plies)

    try:
        with ThreadPoolExecutor(args.concurrency) as pool:
            for r in pool.map(run, jobs):
                results.append(r)
                s = sum(x.score for x in results)
                print(f"game {r.index + 1:3d}: {sides[0].name} {'red' if r.e1_red else 'black'}"
                      f" {r.score:g} ({r.reason}, {r.plies} plies) — total {s:g}/{len(results)}"
                      f"; {sides[0].summary()}; {sides[1].summary()}", flush=True)
    except KeyboardInterrupt:
        print("interrupted: the games so far", file=sys.stderr)
    finally:
        for e in opened:
            e.close()
    if results:
        report(results, sides, started)
        if args.pgn is not None:
            write_pgn(args.pgn, results, (sides[0].name, sides[1].name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
