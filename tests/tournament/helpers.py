"""Shared helpers for the tournament tests: play a game by who meets whom."""

from __future__ import annotations

from cotuong.tournament import Tournament


def play(t: Tournament, a: str, b: str, outcome: str, leg: int = 1) -> None:
    """Record ``a`` vs ``b`` where ``outcome`` is from ``a``'s side: ``win``, ``draw``,
    ``loss``, ``fwin`` (forfeit win), ``floss`` or ``ff`` (both absent)."""
    pa, pb = t.player(a), t.player(b)
    found = [p for rnd in t.schedule for p in rnd
             if not p.bye and {p.red, p.black} == {pa.number, pb.number}]
    p = found[leg - 1]
    a_red = p.red == pa.number
    table = {"win": ("1-0", "0-1"), "loss": ("0-1", "1-0"), "draw": ("1/2-1/2",) * 2,
             "fwin": ("+/-", "-/+"), "floss": ("-/+", "+/-"), "ff": ("-/-",) * 2}
    result = table[outcome][0 if a_red else 1]
    red, black = (a, b) if a_red else (b, a)
    t.record(p.round, red, black, result)
