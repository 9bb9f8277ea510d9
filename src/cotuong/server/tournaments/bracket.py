"""A knockout as a program sees it: the bracket (every match with its players, games,
rung scores, how it was decided and, for lots the server drew, the seed that anyone can
check) and the placings as standings rows.

>>> from cotuong.tournament import Knockout
>>> ko = Knockout(["an", "binh"], ladder=(("replay", 1),))
>>> _ = ko.record("R1M1", "1/2-1/2"); _ = ko.record("R1M1", "1/2-1/2")
>>> winner, lots = draw_lots(ko.match("R1M1"), ko, seed=7)
>>> lots == {"seed": 7, "candidates": ["an", "binh"], "winner": winner}
True
>>> winner == lots_winner(7, ["an", "binh"])
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from cotuong.tournament import Knockout
from cotuong.tournament.knockout_bracket import Match

if TYPE_CHECKING:  # (views imports this module; the options type only for the checker)
    from cotuong.server.tournaments.views import Options


def lots_winner(seed: int, candidates: list[str]) -> str:
    """Who a drawing of lots with ``seed`` picks among ``candidates`` (the higher seed
    first): ``random.Random(seed).randrange(2)`` indexes them, so anyone can check a
    drawing from its published seed."""
    return candidates[random.Random(seed).randrange(len(candidates))]


def draw_lots(m: Match, ko: Knockout, seed: int | None = None) -> tuple[str, dict[str, Any]]:
    """Draw lots for a match still level after its ladder: the winner's name and the
    record the server keeps and shows (``seed``: a fresh one from the system's random
    source unless given)."""
    chosen = random.SystemRandom().randrange(2**32) if seed is None else seed
    candidates = [ko.name_of(m.a), ko.name_of(m.b)]
    winner = lots_winner(chosen, candidates)
    return winner, {"seed": chosen, "candidates": candidates, "winner": winner}


def match_json(ko: Knockout, m: Match, lots: dict[str, Any] | None) -> dict[str, Any]:
    """One match: ``a`` (the higher seed) and ``b`` (``None``: a bye or not known yet),
    its games, each rung's score, ``decided_by`` and the lots' record if drawn."""
    return {"match": m.id, "round": m.round,
            "a": ko.name_of(m.a) or None, "b": ko.name_of(m.b) or None,
            "seeds": [m.a, m.b], "winner": ko.name_of(m.winner) or None,
            "decided_by": m.decided_by or None, "waiting_for_lots": m.waiting_for_lots,
            "games": [{"number": g.number, "stage": g.stage, "red": ko.name_of(g.red),
                       "black": ko.name_of(g.black), "result": g.result.text}
                      for g in m.games],
            "scores": [{"stage": s, "a": pa, "b": pb} for s, pa, pb in m.scores],
            "next": None if m.next is None else {
                "number": m.next.number, "stage": m.next.stage,
                "red": ko.name_of(m.next.red), "black": ko.name_of(m.next.black)},
            "lots": lots}


def bracket_json(ko: Knockout, o: Options) -> list[dict[str, Any]]:
    """The bracket round by round, the third-place match in the last round."""
    return [{"round": r, "matches": [match_json(ko, m, o.lots.get(m.id))
                                     for m in ko.matches(r)]}
            for r in range(1, ko.rounds + 1)]


def knockout_placings(ko: Knockout) -> list[dict[str, Any]]:
    """The placings as standings rows (the shape of every system's rows): ``rank`` the
    first place of the shared ones, ``rank_text`` as printed (``"5-8"``); ``points`` the
    games won (1/½/0 over every game, tie-breaks included); no tie-break columns."""
    points: dict[int, float] = {}
    games: dict[int, int] = {}
    wins: dict[int, int] = {}
    black_wins: dict[int, int] = {}
    for m in ko.matches():
        for g in m.games:
            for seat, red in ((g.red, True), (g.black, False)):
                outcome = g.result.outcome(red)
                games[seat] = games.get(seat, 0) + 1
                points[seat] = points.get(seat, 0.0) + {"win": 1.0, "draw": 0.5}.get(outcome, 0.0)
                if outcome == "win":
                    wins[seat] = wins.get(seat, 0) + 1
                    if not red:
                        black_wins[seat] = black_wins.get(seat, 0) + 1
    out = []
    for place, name in ko.ranking():
        n = ko.player(name).number
        out.append({"rank": int(place.split("-")[0]), "rank_text": place, "number": n,
                    "player": name, "points": points.get(n, 0.0), "games": games.get(n, 0),
                    "wins": wins.get(n, 0), "wins_black": black_wins.get(n, 0),
                    "tiebreaks": {}, "lots": "", "withdrawn": None})
    return out


__all__ = ["bracket_json", "draw_lots", "knockout_placings", "lots_winner", "match_json"]
