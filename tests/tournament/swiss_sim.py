"""Random Swiss events for the tests and the benchmark: random ratings (some unrated),
results (draws, forfeits), withdrawals, requested byes and late entries, each round
paired by the library's pairer; everything seeded, so a failure replays."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cotuong.tournament.errors import PairingError
from cotuong.tournament.players import PlayerInfo
from cotuong.tournament.swiss import SwissTournament

RESULTS = ["1-0"] * 8 + ["0-1"] * 7 + ["1/2-1/2"] * 5


@dataclass(frozen=True)
class Shape:
    """What may happen in a random event."""

    withdrawals: bool = True
    byes: bool = True
    late: bool = True
    forfeits: bool = True


def random_players(rng: random.Random, n: int, prefix: str = "P") -> list[PlayerInfo]:
    return [PlayerInfo(f"{prefix}{i:03d}", "", None if rng.random() < 0.1
                       else rng.randint(1000, 2600)) for i in range(1, n + 1)]


def play_round(t: SwissTournament, rng: random.Random, round_no: int, forfeits: bool) -> None:
    for p in t.pairings(round_no):
        if p.rests is not None or t.result_of(round_no, p.board) is not None:
            continue
        roll = rng.random()
        result = rng.choice(["+/-", "-/+"]) if forfeits and roll < 0.03 else rng.choice(RESULTS)
        t.record(round_no, p.red or "", p.black or "", result)


def random_event(seed: int, shape: Shape = Shape(), scoring: tuple[float, float, float]
                 = (1, 0.5, 0), **options: object) -> SwissTournament:
    """A whole event, paired by py4swiss round by round."""
    rng = random.Random(seed)
    n = rng.randint(6, 40)
    rounds = rng.randint(3, min(9, n - 1))
    t = SwissTournament(random_players(rng, n), rounds=rounds, scoring=scoring,
                        name=f"Random {seed}", first_colour=rng.choice(["red", "black"]),
                        **options)  # type: ignore[arg-type]
    late = 0
    for r in range(1, rounds + 1):
        active = [p for p in t.players if not p.withdrawn]
        if shape.late and r > 1 and rng.random() < 0.2:
            late += 1
            t.add_player(PlayerInfo(f"L{late:03d}", "", rng.randint(1000, 2600)))
        if shape.withdrawals and r > 1 and len(active) > 4 and rng.random() < 0.3:
            t.withdraw(rng.choice(active).name)
        if shape.byes and len(active) > 4 and rng.random() < 0.3:
            asking = rng.choice([p for p in t.players if not p.withdrawn])
            t.request_bye(asking.name, r)
        try:
            t.pair_next_round()
        except PairingError:  # a small field thinned by withdrawals: the arbiter's call
            break
        play_round(t, rng, r, shape.forfeits)
    return t
