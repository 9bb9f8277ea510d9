"""Random and mutated record texts: the lenient readers never raise, strict ones raise
only :class:`RecordError` (or another of our errors), and nothing hangs."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cotuong import CotuongError
from cotuong.records import read_dhtmlxq, read_pgn, read_seed_games

SAMPLE_PGN = """[Event "x"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]

1. C2.5 {c} H8+7 (2. H2+3) 2. H2+3 R9.8 3. R1.2 1-0

[Event "y"]

1. 炮二平五 马8进7 2. 马二进三 车9平8 *
"""
SAMPLE_SEED = """[b]Hình 1[/b]
[game boxcomment=0 header=0]
FEN c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w – – – 1
START{
DIAG{ #1 RED POPUP }
1.X2.1 Tg6.1
2.X2/1 Tg/1
}END
[/game]"""
SAMPLE_HTML = ("[DhtmlXQ][DhtmlXQ_result]W[/DhtmlXQ_result]"
               "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]")
ALPHABET = '[]{}()";.+-=/ \n*0123456789CHRPXMTgabcehi炮马车进平退前後１ＰDhtmlXQ_movelist'


def mutate(text: str, rng: random.Random, edits: int) -> str:
    chars = list(text)
    for _ in range(edits):
        i = rng.randrange(len(chars) + 1)
        op = rng.randrange(3)
        if op == 0:
            chars.insert(i, rng.choice(ALPHABET))
        elif chars:
            j = min(i, len(chars) - 1)
            if op == 1:
                del chars[j]
            else:
                chars[j] = rng.choice(ALPHABET)
    return "".join(chars)


def read_all(text: str) -> None:
    read_pgn(text)
    read_seed_games(text)
    # A bad [DhtmlXQ_binit] start position is an error, not a guess.
    with contextlib.suppress(CotuongError):
        read_dhtmlxq(text)
    for reader in (read_pgn, read_seed_games, read_dhtmlxq):
        with contextlib.suppress(CotuongError):
            reader(text, strict=True)


@settings(max_examples=150, deadline=2000)
@given(seed=st.integers(0, 2**32), edits=st.integers(1, 12),
       base=st.sampled_from([SAMPLE_PGN, SAMPLE_SEED, SAMPLE_HTML]))
def test_mutated_records(seed: int, edits: int, base: str) -> None:
    read_all(mutate(base, random.Random(seed), edits))


@settings(max_examples=150, deadline=2000)
@given(text=st.text(alphabet=ALPHABET, max_size=200))
def test_random_records(text: str) -> None:
    read_all(text)


def test_samples_read_cleanly() -> None:
    games = read_pgn(SAMPLE_PGN)
    assert [len(g.moves) for g in games] == [5, 4] and all(g.ok for g in games)
    [seed] = read_seed_games(SAMPLE_SEED)
    assert len(seed.moves) == 4 and seed.issues[0].inferred
    assert len(read_dhtmlxq(SAMPLE_HTML)[0].moves) == 2
