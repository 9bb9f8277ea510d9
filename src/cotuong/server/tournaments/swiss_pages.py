"""What a Swiss event adds to the tournament's page, in the page's language: the byes of
the round under way (pairing-allocated or requested) and those already asked for the
next round; and, for any event of several stages, the links between them (the Swiss
and the knockout of its top N) or why the next stage waits.

>>> from cotuong.tournament import SwissTournament
>>> t = SwissTournament(["an", "binh", "chi"], rounds=2)
>>> _ = t.pair_round([("an", "binh")], bye="chi")
>>> "chi: bye (pairing-allocated)" in byes_card(t, 1, "en")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from cotuong.server.tournaments.page_shell import say
from cotuong.server.tournaments.views import Options
from cotuong.tournament import SwissTournament
from cotuong.tournament.systems import Directed


def byes_card(t: Directed, open_round: int, lang: str,
              shown: Mapping[str, str] | None = None) -> str:
    """The byes of the open round and the requests for the next (``""``: none, or not a
    Swiss event)."""
    if not isinstance(t, SwissTournament):
        return ""
    names = shown or {}
    lines = []
    if 1 <= open_round <= t.paired_rounds:
        for name, kind in t.byes(open_round):
            code = "TOURNAMENT_BYE_PAB" if kind == "pab" else "TOURNAMENT_BYE_REQUESTED"
            lines.append(say(lang, code, name=names.get(name, name)))
    following = t.paired_rounds + 1
    if following <= t.rounds:
        lines += [f"{say(lang, 'TOURNAMENT_ROUND')} {following}: "
                  + say(lang, "TOURNAMENT_BYE_REQUESTED", name=names.get(n, n))
                  for n in t.requested_byes(following)]
    if not lines:
        return ""
    return "<ul id=\"byes\">" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>"


def stage_links(o: Options, lang: str) -> str:
    """Links to the previous and next stage; why the next one waits, if it does."""
    parts = []
    if "previous" in o.links:
        parts.append(f"<a id=\"previous-stage\" href=\"/tournaments/{o.links['previous']}\">"
                     f"{say(lang, 'TOURNAMENT_PREVIOUS_STAGE')}</a>")
    if "next" in o.links:
        parts.append(f"<a id=\"next-stage\" href=\"/tournaments/{o.links['next']}\">"
                     f"{say(lang, 'TOURNAMENT_NEXT_STAGE')}</a>")
    waiting = (o.next_stage or {}).get("waiting")
    if waiting and "next" not in o.links:
        parts.append(say(lang, "TOURNAMENT_STAGE_WAITING",
                         why=escape(waiting.get(lang, waiting.get("vi", "")))))
    return f"<p class=\"stages\">{' · '.join(parts)}</p>" if parts else ""


__all__ = ["byes_card", "stage_links"]
