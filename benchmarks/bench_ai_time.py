"""How Thần (Level 8) spends its clock: the server's time policy
(``cotuong.server.play.ai.ai_movetime_ms``) played through a simulated clock against a
scripted opponent, for 3+2, 5+3, 10+5, "60 s per move" (byo-yomi) and untimed.

Simulated, not played: each AI move takes exactly the time the policy gives (plus a
fixed ``--overhead`` for the round trip), and the opponent spends what an even-paced
human would (``--opponent``: an ``N``-th of their main time left plus 80 % of the
increment, or half a byo-yomi period). The engine honours its movetime to within a few
milliseconds, so the policy, not the search, decides these figures.

    python benchmarks/bench_ai_time.py [--moves 40] [--opponent 30] [--overhead 30]
"""

from __future__ import annotations

import argparse
import resource
import statistics

from cotuong.server.play.ai import AiTime, ai_movetime_ms
from cotuong.server.settings import Settings

CONTROLS: list[tuple[str, str, int, int]] = [  # name, kind, base ms, inc/period ms
    ("3+2", "fischer", 180_000, 2_000),
    ("5+3", "fischer", 300_000, 3_000),
    ("10+5", "fischer", 600_000, 5_000),
    ("60 s/move", "byoyomi", 0, 60_000),
    ("3 h+600 s", "fischer", 10_800_000, 600_000),
    ("untimed", "none", 0, 0),
]


def simulate(kind: str, base: int, extra: int, moves: int, opponent_div: int,
             overhead: int, policy: AiTime) -> dict[str, float]:
    """The AI plays Black: the opponent moves first. Times in ms."""
    ai_left, opp_left = base, base
    spent: list[int] = []
    ai_after_20 = opp_after_20 = 0
    for n in range(moves):
        ply = 2 * n + 1
        # The opponent's move.
        if kind == "fischer":
            opp_left += extra - (opp_left // opponent_div + extra * 4 // 5)
        # The AI's move.
        if kind == "none":
            t = ai_movetime_ms(8, policy, None, 0, 0, ply=ply)
        elif kind == "byoyomi":
            t = ai_movetime_ms(8, policy, 0, extra, 0, ply=ply)
        else:
            t = ai_movetime_ms(8, policy, ai_left, 0, extra, opponent_ms=opp_left, ply=ply)
            ai_left += extra - (t + overhead)
            if ai_left <= 0:
                raise SystemExit(f"the AI lost on time at move {n + 1} ({kind} {base}+{extra})")
        spent.append(t + overhead)
        if n == 19:
            ai_after_20, opp_after_20 = ai_left, opp_left
    return {"mean": statistics.fmean(spent) / 1000, "max": max(spent) / 1000,
            "ai20": ai_after_20 / 1000, "opp20": opp_after_20 / 1000}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=40, help="AI moves per game (default 40)")
    ap.add_argument("--opponent", type=int, default=30,
                    help="the opponent spends 1/N of their time left a move (default 30)")
    ap.add_argument("--overhead", type=int, default=30, help="ms per move beyond thinking")
    args = ap.parse_args()
    policy = AiTime.of(Settings())
    print(f"policy: cap {policy.cap_ms} ms, untimed {policy.untimed_ms} ms; "
          f"{args.moves} AI moves, opponent 1/{args.opponent} of its time + 80 % inc")
    print("| control | moves | mean s/move | max s/move | AI clock after 20 | "
          "opponent's after 20 |")
    print("|---|---|---|---|---|---|")
    for name, kind, base, extra in CONTROLS:
        r = simulate(kind, base, extra, args.moves, args.opponent, args.overhead, policy)
        clocks = ("–", "–") if kind != "fischer" else (f"{r['ai20']:.0f} s", f"{r['opp20']:.0f} s")
        print(f"| {name} | {args.moves} | {r['mean']:.2f} | {r['max']:.2f} | "
              f"{clocks[0]} | {clocks[1]} |")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.1f} MB")


if __name__ == "__main__":
    main()
