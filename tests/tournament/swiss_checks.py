"""FIDE Dutch (C.04.3) facts about one round of a Swiss event, computed from the event
itself (not from either pairing program): each player's score, colours and opponents
before the round; the absolute criteria a pairing must keep (C1 no rematch, C2 no second
pairing-allocated bye for one who had a bye or a forfeit win, C3 no colour difference
beyond 2 and no colour three times running, unless a topscorer plays in the last round);
and
the round's floats (players paired outside their score group, and by how much)."""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.tournament.swiss import SwissTournament


@dataclass(frozen=True)
class Before:
    """A player's state before a round (scores in the event's points)."""

    score: float
    colours: tuple[str, ...]  # "w"/"b" of games played over the board
    opponents: frozenset[int]
    bye_or_forfeit_win: bool


def state_before(t: SwissTournament, round_no: int) -> dict[int, Before]:
    rows = {r.number: r.points for r in t.standings(round_no - 1)} if round_no > 1 else {}
    out = {}
    for p in t.players:
        colours: list[str] = []
        opponents: set[int] = set()
        bye = False
        for r in range(1, round_no):
            for pr in t.schedule[r - 1]:
                if pr.bye:
                    if pr.red == p.number:
                        bye = True
                    continue
                if p.number not in (pr.red, pr.black):
                    continue
                g = t.result_of(r, pr.board)
                red = pr.red == p.number
                assert g is not None
                if g.result.played:
                    colours.append("w" if red else "b")
                    opponents.add(pr.black if red else pr.red)
                elif g.result.outcome(red) == "win":
                    bye = True
        out[p.number] = Before(float(rows.get(p.number, 0)), tuple(colours),
                               frozenset(opponents), bye)
    return out


def absolute_violations(t: SwissTournament, round_no: int, pairs: list[tuple[int, int]],
                        bye: int | None) -> list[str]:
    """What in ``pairs`` (red, black numbers) and ``bye`` breaks C1-C3."""
    before = state_before(t, round_no)
    last = round_no == t.rounds
    most = t.scoring.win * (round_no - 1)
    out = []
    if bye is not None and before[bye].bye_or_forfeit_win:
        out.append(f"C2: {bye} gets a second bye")
    for red, black in pairs:
        if black in before[red].opponents:
            out.append(f"C1: {red}-{black} meet again")
        # C3 binds two non-topscorers; a topscorer in the last round frees the pair.
        if last and max(before[red].score, before[black].score) > most / 2:
            continue
        for me, colour in ((red, "w"), (black, "b")):
            seq = (*before[me].colours, colour)
            diff = seq.count("w") - seq.count("b")
            if abs(diff) > 2 or (len(seq) >= 3 and len(set(seq[-3:])) == 1):
                out.append(f"C3: {me} colours {''.join(seq)}")
    return out


def floats(t: SwissTournament, round_no: int, pairs: list[tuple[int, int]],
           bye: int | None) -> tuple[int, float]:
    """``(pairs across score groups, total score difference)`` — the quantities FIDE's
    quality criteria C6/C7 minimise, over the whole round (a bye counts as a float of the
    player's score, as the Dutch system treats the bye's receiver as a downfloater)."""
    before = state_before(t, round_no)
    across = sum(1 for a, b in pairs if before[a].score != before[b].score)
    diff = sum(abs(before[a].score - before[b].score) for a, b in pairs)
    if bye is not None:
        across += 1
        diff += before[bye].score
    return across, diff
