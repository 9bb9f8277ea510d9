"""The arbiter's orders over the CCPD master games (RULES.md §5, issue 10).

Replays every unique game of the CCPD ICCS twins under a rule set (``asian`` by
default) and counts the orders given at third occurrences, what became of them, the
games the referee ended, and whether each ending agrees with the recorded result.

    python benchmarks/referee_orders.py                 # asian
    python benchmarks/referee_orders.py --rules xiangqiplay --show

Data: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng 2026, CC BY 4.0.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.referee.ccpd import CcpdGame, read_ccpd  # noqa: E402

from cotuong import Game  # noqa: E402

CCPD = ROOT / "tests" / "data" / "games" / "ccpd"
_NOT_REFEREE = ("checkmate", "stalemate")


def unique_games(folder: Path = CCPD) -> list[CcpdGame]:
    """The games of the ICCS twins, each (start, moves) once (2,312 → 2,072)."""
    seen: dict[tuple[str | None, tuple[str, ...]], CcpdGame] = {}
    for path in sorted(folder.glob("*_iccs_DERIVED.pgn")):
        for g in read_ccpd(path):
            seen.setdefault((g.fen, g.moves), g)
    return list(seen.values())


@dataclass
class Tally:
    games: int = 0
    orders: Counter[str] = field(default_factory=Counter)       # fate -> count
    reasons: Counter[str] = field(default_factory=Counter)      # reason -> count
    endings: Counter[str] = field(default_factory=Counter)      # termination -> count
    early: list[str] = field(default_factory=list)               # ended before the record
    disagree: list[str] = field(default_factory=list)            # ended, result differs

    def lines(self) -> list[str]:
        issued = sum(self.orders.values())
        ended = sum(self.endings.values())
        return [
            f"games {self.games}",
            f"orders issued {issued}: " + ", ".join(f"{k} {v}" for k, v in
                                                   sorted(self.orders.items())),
            "reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(self.reasons.items())),
            f"referee endings {ended}: " + ", ".join(f"{k} {v}" for k, v in
                                                    sorted(self.endings.items())),
            f"agreements with the recorded result {ended - len(self.disagree)} of {ended}",
            f"ended before the record ends {len(self.early)}",
        ]


def replay(g: CcpdGame, rules: str) -> tuple[Game, int]:
    """The game replayed until its record or the referee ends it; plies played."""
    game = Game(g.fen, rules)
    played = 0
    for text in g.moves:
        game.play(text)
        played += 1
        if game.outcome is not None:
            break
    return game, played


def tally(games: list[CcpdGame], rules: str, show: bool = False) -> Tally:
    t = Tally(games=len(games))
    for g in games:
        game, played = replay(g, rules)
        for record in game.orders:
            t.orders[record.fate] += 1
            t.reasons[record.order.reason] += 1
        outcome = game.outcome
        if outcome is None or outcome.termination.value in _NOT_REFEREE:
            continue
        t.endings[outcome.termination.name] += 1
        line = (f"{g.ident}: ply {played} of {len(g.moves)}, {outcome.result} "
                f"(record {g.result}): {outcome.explanation}")
        if played < len(g.moves):
            t.early.append(line)
        if outcome.result != g.result:
            t.disagree.append(line)
        if show:
            print(line)
    return t


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="asian")
    parser.add_argument("--show", action="store_true", help="print every referee ending")
    args = parser.parse_args()
    games = unique_games()
    start = time.perf_counter()
    t = tally(games, args.rules, args.show)
    print(f"rules {args.rules}, {time.perf_counter() - start:.1f} s")
    print("\n".join(t.lines()))
    for line in t.disagree:
        print("DISAGREES", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
