"""The Swiss pairings against a second, independent FIDE Dutch implementation.

Each random event (random ratings, results, forfeits, withdrawals, requested byes, late
entries; :mod:`swiss_sim`) is paired round by round by py4swiss through the library; its
TRF is then checked by caissify-pairings' Free Pairings Checker, which re-pairs every
round with its own Dutch engine (written apart from py4swiss: Python and networkx, where
py4swiss compiles bbpPairings' matching). Every round paired differently is explained
from the event itself: both pairings are checked against FIDE's absolute criteria
(C1-C3), and the difference is classed as the pairing-allocated bye's receiver (``bye``)
or the pairs within score groups (``pairs``), with each pairing's floats (C6/C7).

caissify's reports are recorded (``tests/data/swiss/caissify_reports.json``, rebuilt by
``scripts/build_caissify_reports.py``) and used while our TRF is unchanged, byte for
byte; otherwise caissify runs live. Measured on seeds 0-99 (docs/tournament.md keeps the
numbers): 526 of 596 rounds paired identically (88.3 %); of the 70 others, 53 give the
pairing-allocated bye to a player who missed more games than caissify's choice (py4swiss
0.3.1 lacks the Dutch criterion "minimise the number of unplayed games of the bye's
assignee", which caissify takes from bbpPairings), 4 give the bye elsewhere otherwise,
and 13 differ in pairs inside score groups with the same floats; all 70 pairings of both
programs keep C1-C3.
Hypothesis drives the property test: every round py4swiss pairs keeps the absolute
criteria, whatever the results, withdrawals, byes and late entries.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.tournament.caissify_reference import live_report, recorded, reference_report
from tests.tournament.swiss_checks import absolute_violations, floats, state_before
from tests.tournament.swiss_sim import Shape, random_event

from cotuong.tournament.swiss import SwissTournament
from cotuong.tournament.trf import pairing_numbers, trf_text

pytest.importorskip("py4swiss")


@dataclass(frozen=True)
class Difference:
    seed: int
    round: int
    kind: str  # "bye-unplayed", "bye" or "pairs"
    ours_legal: bool
    theirs_legal: bool
    ours_floats: tuple[int, float]
    theirs_floats: tuple[int, float]
    flagged: bool = False  # bye_doubts() named caissify's receiver: the arbiter is warned
    same_score: bool = False  # caissify's receiver had our receiver's score


def _ours(t: SwissTournament, r: int) -> tuple[list[tuple[int, int]], int | None]:
    pairs = [(p.red, p.black) for p in t.schedule[r - 1] if not p.bye]
    bye = next((p.red for p in t.schedule[r - 1] if p.bye), None)
    return pairs, bye


def compare(seed: int) -> tuple[int, int, list[Difference], bool]:
    """``(rounds, rounds identical, differences, caissify's report from the record)`` for
    one random event."""
    pytest.importorskip("caissify_pairings.fpc")
    t = random_event(seed)
    text = trf_text(t)
    report, kept = reference_report(seed, text)
    number = {pid: n for n, pid in pairing_numbers(t).items()}
    out = []
    for rnd in report["rounds"]:
        if rnd["match"]:
            continue
        r = rnd["round"]
        theirs = [(number[p["white"]], number[p["black"]]) for p in rnd["engine_pairings"]
                  if not p.get("bye") and p.get("black") is not None]
        # Its bye rows also carry the arbiter's byes and absences it passes through.
        away = {n for n, kind in t.absences(r).items() if kind != "pab"}
        their_bye = next((number[p["white"]] for p in rnd["engine_pairings"]
                          if p.get("bye") and number[p["white"]] not in away), None)
        pairs, bye = _ours(t, r)
        kind, flagged, same = "pairs", False, False
        if bye != their_bye:
            before = state_before(t, r)
            missed = {n: (r - 1) - len(before[n].colours) for n in (bye, their_bye) if n}
            kind = "bye-unplayed" if bye and their_bye and missed[bye] > missed[their_bye] \
                else "bye"
            if bye and their_bye:
                flagged = t.players[their_bye - 1].name in t.bye_doubts(r)
                same = before[bye].score == before[their_bye].score
        out.append(Difference(
            seed, r, kind,
            not absolute_violations(t, r, pairs, bye),
            not absolute_violations(t, r, theirs, their_bye),
            floats(t, r, pairs, bye), floats(t, r, theirs, their_bye), flagged, same))
    return len(report["rounds"]), report["summary"]["rounds_matched"], out, kept


def summary(seeds: range) -> tuple[int, int, list[Difference], list[int]]:
    """Rounds, rounds identical and differences over ``seeds``, and the seeds whose TRF
    the record does not have (caissify ran live)."""
    total = same = 0
    diffs: list[Difference] = []
    stale = []
    for seed in seeds:
        n, ok, d, kept = compare(seed)
        total, same = total + n, same + ok
        diffs += d
        if not kept:
            stale.append(seed)
    return total, same, diffs, stale


def _check(total: int, same: int, diffs: list[Difference], least: float) -> None:
    assert total and same + len(diffs) == total
    # Our pairings always keep FIDE's absolute criteria; where the two programs part,
    # it is over the bye or the pairs inside score groups, never an illegal pairing of ours.
    assert all(d.ours_legal for d in diffs), [d for d in diffs if not d.ours_legal]
    # And caissify's own pairing of those rounds is legal too: two lawful readings.
    assert all(d.theirs_legal for d in diffs), [d for d in diffs if not d.theirs_legal]
    assert {d.kind for d in diffs} <= {"bye-unplayed", "bye", "pairs"}
    # When caissify's receiver had the same score and missed fewer games, `pair` warned.
    assert all(d.flagged for d in diffs if d.kind == "bye-unplayed" and d.same_score)
    assert same / total >= least, (same, total, Counter(d.kind for d in diffs))


def fresh_record(stale: list[int]) -> None:
    """The record answered for every seed: our TRFs are the ones it was built on. (Else
    caissify ran live and the differential still holds, but the record is stale.)"""
    assert not stale, ("our TRFs changed: run scripts/build_caissify_reports.py "
                       f"(seeds {stale[:10]})")


def test_differential_quick() -> None:
    pytest.importorskip("caissify_pairings")
    total, same, diffs, stale = summary(range(1000, 1008))
    _check(total, same, diffs, least=0.75)
    fresh_record(stale)
    # The record is caissify's answer: one event with rounds paired differently, live.
    seed = 1005
    report = recorded()["events"][str(seed)]["report"]
    assert not all(r["match"] for r in report["rounds"])
    assert live_report(trf_text(random_event(seed))) == report


@pytest.mark.slow
def test_differential() -> None:
    """100 random events: the share paired identically (measured 526 of 596 rounds,
    0.883: 53 rounds differ on the bye's receiver where py4swiss's has missed more games,
    4 on the bye otherwise, 13 on pairs with the same floats)."""
    pytest.importorskip("caissify_pairings")
    total, same, diffs, stale = summary(range(100))
    _check(total, same, diffs, least=0.85)
    kinds = Counter(d.kind for d in diffs)
    # Most differences are one known gap: py4swiss 0.3.1 does not apply the criterion
    # "minimise the unplayed games of the bye's receiver" (bbpPairings' and caissify's).
    assert kinds["bye-unplayed"] >= 0.6 * len(diffs), kinds
    fresh_record(stale)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.booleans(), st.booleans(), st.booleans())
def test_every_pairing_keeps_the_absolute_criteria(seed: int, withdrawals: bool, byes: bool,
                                                   late: bool) -> None:
    t = random_event(seed, Shape(withdrawals, byes, late, True))
    for r in range(1, t.paired_rounds + 1):
        pairs, bye = _ours(t, r)
        assert not absolute_violations(t, r, pairs, bye), (seed, r)
        seated = [n for pr in pairs for n in pr] + ([] if bye is None else [bye])
        assert len(seated) == len(set(seated))
        # Everyone present is paired: no one withdrawn, no one with a requested bye.
        absent = {n for n, k in t.absences(r).items() if k != "pab"}
        assert set(seated) | absent == {p.number for p in t.players}
        # Score groups: a pair's scores never differ by more than the round allows.
        before = state_before(t, r)
        assert all(abs(before[a].score - before[b].score) <= r - 1 for a, b in pairs)
