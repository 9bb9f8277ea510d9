"""Does the analysis board's engine find forced mates? Runs every position of
``benchmarks/data/mates.epd`` (mates in 1-5 from real master games, CCPD, CC BY 4.0)
through the live engine's own path — a ``LiveJob`` in a local ``EnginePool`` worker, the
built-in engine at MultiPV 1, exactly what ``/ws/analysis`` runs — for ``--seconds``
(2 s) each, and reports how many it announces as mate, with the right sign (Red's point
of view) and the right distance, and how soon.

    python benchmarks/bench_mates.py                 # 2 s a position
    python benchmarks/bench_mates.py --seconds 0.5 --verbose
    nice -n 19 python benchmarks/bench_mates.py --nodes 1000000   # load-independent
    nice -n 19 python benchmarks/bench_mates.py --nodes 1000000 --eval-file hce

``--nodes N`` searches each position in this process (``BuiltinEngine`` at Level 8, the
same search without the worker pool) to a fixed node budget instead of a time: the result
does not depend on the machine's load, so two versions of the search compare exactly.
``--eval-file`` sets that engine's option ``EvalFile`` (default: the shipped network, the
engine's default; ``hce`` the hand-written evaluation).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from cotuong.server.workers import EnginePool, LiveEval, LiveJob

DATA = Path(__file__).parent / "data" / "mates.epd"
_OP = re.compile(r'(\w+) ("[^"]*"|[^;]*);')


@dataclass(frozen=True)
class MatePosition:
    fen: str
    mate: int  # moves, the side to move mates
    best: str
    ident: str
    source: str

    @property
    def red_to_move(self) -> bool:
        return self.fen.split()[1] in ("w", "r")

    @property
    def expected(self) -> int:
        """The mate as the live engine reports it: Red's point of view."""
        return self.mate if self.red_to_move else -self.mate


def read_epd(path: Path = DATA) -> list[MatePosition]:
    """The positions of an EPD file with ``dm`` (and ``bm``, ``id``, ``c0``, ``c3``)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split(" ", 4)
        ops = {k: v.strip().strip('"') for k, v in _OP.findall(fields[4])}
        out.append(MatePosition(" ".join(fields[:4]) + " 0 1", int(ops["dm"]),
                                ops.get("bm", ""), ops.get("id", ""),
                                f'{ops.get("c0", "")}, {ops.get("c3", "")}'))
    return out


@dataclass
class Outcome:
    position: MatePosition
    mate: int | None  # the last report's mate (Red's view)
    depth: int
    first_mate_s: float | None  # when a mate was first reported
    elapsed_s: float

    @property
    def announced(self) -> bool:
        return self.mate is not None and (self.mate > 0) == (self.position.expected > 0)

    @property
    def exact(self) -> bool:
        return self.mate == self.position.expected


def run_nodes(positions: list[MatePosition], nodes: int, verbose: bool,
              eval_file: str | None = None) -> list[Outcome]:
    """Each position searched to ``nodes`` nodes in this process (load-independent)."""
    from cotuong.engine import BuiltinEngine
    from cotuong.engine.interface import Info, Limits

    engine = BuiltinEngine(8)
    if eval_file is not None:
        engine.set_option("EvalFile", eval_file)
    outcomes = []
    for p in positions:
        engine.new_game()
        started = time.monotonic()
        first: list[float] = []

        def seen(info: Info, started: float = started, first: list[float] = first) -> None:
            if not first and info.mate is not None:
                first.append(time.monotonic() - started)
        info = engine.search(p.fen, [], Limits(nodes=nodes), seen).info
        mate = None
        if info is not None and info.mate is not None:
            mate = info.mate if p.red_to_move else -info.mate  # Red's point of view
        o = Outcome(p, mate, info.depth if info else 0, first[0] if first else None,
                    time.monotonic() - started)
        outcomes.append(o)
        if verbose:
            print(f"{p.ident:28} dm {p.mate}: mate {mate} depth {o.depth} "
                  f"{'exact' if o.exact else 'announced' if o.announced else 'MISSED'}",
                  flush=True)
    return outcomes


async def run(positions: list[MatePosition], seconds: float, verbose: bool) -> list[Outcome]:
    pool = EnginePool(1)
    await pool.start(warm=True)
    await pool.wait_ready()
    outcomes = []
    try:
        for p in positions:
            started = time.monotonic()
            first: list[float] = []

            def seen(e: LiveEval, started: float = started, first: list[float] = first
                     ) -> None:
                if not first and e.lines and e.lines[0].mate is not None:
                    first.append(time.monotonic() - started)
            end = await pool.run_live(LiveJob(p.fen, (), 1, int(seconds * 1000)), seen)
            last = end.last
            mate = last.lines[0].mate if last is not None and last.lines else None
            if mate is not None and not first:
                first.append(time.monotonic() - started)
            o = Outcome(p, mate, last.depth if last else 0, first[0] if first else None,
                        time.monotonic() - started)
            outcomes.append(o)
            if verbose:
                print(f"{p.ident:28} dm {p.mate} ({'Red' if p.red_to_move else 'Black'}): "
                      f"mate {mate} depth {o.depth} "
                      f"{'exact' if o.exact else 'announced' if o.announced else 'MISSED'}"
                      + (f" at {o.first_mate_s:.2f} s" if o.first_mate_s is not None else ""),
                      flush=True)
    finally:
        pool.shutdown()
    return outcomes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="search time per position")
    ap.add_argument("--nodes", type=int, default=0,
                    help="a node budget a position instead of --seconds (in process)")
    ap.add_argument("--eval-file", default=None, metavar="VALUE",
                    help="with --nodes: the engine's EvalFile (hce: the hand-written "
                         "evaluation; default: the shipped network)")
    ap.add_argument("--epd", type=Path, default=DATA)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    positions = read_epd(args.epd)
    print(f"bench_mates {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
          f"{len(positions)} positions, "
          + (f"{args.nodes:,} nodes" if args.nodes else f"{args.seconds} s")
          + f" each, evaluation {args.eval_file or 'the default (shipped network)'}, "
          + f"load average {os.getloadavg()[0]:.1f}", flush=True)
    outcomes = (run_nodes(positions, args.nodes, args.verbose, args.eval_file) if args.nodes
                else asyncio.run(run(positions, args.seconds, args.verbose)))
    print("dm | positions | announced as mate | right distance | median time to the "
          "first mate report")
    for dm in sorted({o.position.mate for o in outcomes}):
        group = [o for o in outcomes if o.position.mate == dm]
        times = sorted(o.first_mate_s for o in group if o.first_mate_s is not None)
        median = f"{times[len(times) // 2]:.2f} s" if times else "-"
        print(f"{dm} | {len(group)} | {sum(o.announced for o in group)} | "
              f"{sum(o.exact for o in group)} | {median}")
    announced = sum(o.announced for o in outcomes)
    exact = sum(o.exact for o in outcomes)
    print(f"all | {len(outcomes)} | {announced} | {exact} |")
    missed = [o for o in outcomes if not o.exact]
    for o in missed:
        print(f"  not exact: {o.position.ident} dm {o.position.mate}: reported "
              f"{o.mate} at depth {o.depth} ({o.position.source})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
