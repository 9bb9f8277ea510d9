"""A knockout on the tournament's page, in the page's language: the bracket round by
round (each match a small card: its two players, every game with its rung — the game,
a replay, a rapid or blitz tie-break —, who went through and how, and for lots the seed
the server drew them with), then the placings. The rounds read left to right on a wide
screen and one under the other on a phone (``static/css/tournament.css``).

>>> from cotuong.tournament import Knockout
>>> ko = Knockout(["an", "binh", "chi", "dung"], ladder=(("replay", 1),))
>>> _ = ko.record("R1M1", "1/2-1/2"); _ = ko.record("R1M1", "1/2-1/2")
>>> _ = ko.draw_lots("R1M1", "an")
>>> html = bracket_card(ko, {"R1M1": {"seed": 42, "winner": "an"}}, "en")
>>> "lots (seed 42)" in html and 'data-match="R1M1"' in html and "replay" in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from cotuong.server.tournaments.page_shell import say, shown_as
from cotuong.tournament import Knockout
from cotuong.tournament.knockout_bracket import Match


def _stage(lang: str, stage: str) -> str:
    return say(lang, f"TOURNAMENT_STAGE_{stage.upper()}")


def _round_title(ko: Knockout, r: int, lang: str) -> str:
    left = ko.rounds - r
    names = {0: ("Chung kết", "Final"), 1: ("Bán kết", "Semi-finals"),
             2: ("Tứ kết", "Quarter-finals")}
    if left in names:
        return names[left][0 if lang == "vi" else 1]
    return say(lang, "TOURNAMENT_ROUND_RESULTS", round=r)


def _match(ko: Knockout, m: Match, lots: Mapping[str, Any], lang: str,
           shown: Mapping[str, str] | None) -> str:
    def who(n: int | None) -> str:
        if n is None:
            return _stage(lang, "bye") if m.decided_by == "bye" else "—"
        won = " won" if m.winner == n else ""
        return (f"<div class=\"who{won}\"><span class=\"name\">{shown_as(shown, ko.name_of(n))}"
                f"</span><span class=\"muted\">#{n}</span></div>")
    games = "".join(
        f"<li data-stage=\"{g.stage}\">{_stage(lang, g.stage)}: "
        f"{shown_as(shown, ko.name_of(g.red))} – {shown_as(shown, ko.name_of(g.black))} "
        f"<b>{escape(g.result.text)}</b></li>" for g in m.games)
    if m.next is not None:
        games += (f"<li class=\"muted\">{_stage(lang, m.next.stage)}: "
                  f"{say(lang, 'TOURNAMENT_PLAYING')}</li>")
    how = ""
    if m.winner is not None and m.decided_by == "lots":
        seed = lots.get(m.id, {}).get("seed")
        how = say(lang, "TOURNAMENT_LOTS_SEED", seed=seed if seed is not None else "—")
    elif m.winner is not None:
        how = _stage(lang, m.decided_by)
    elif m.waiting_for_lots:
        how = say(lang, "TOURNAMENT_AWAITS_LOTS")
    through = f"{say(lang, 'TOURNAMENT_THROUGH')}: {shown_as(shown, ko.name_of(m.winner))} " \
        f"({how})" if m.winner is not None else how
    return (f"<div class=\"match\" data-match=\"{m.id}\"><div class=\"muted\">{m.id}</div>"
            f"{who(m.a)}{who(m.b)}" + (f"<ol>{games}</ol>" if games else "")
            + f"<div class=\"how\">{through}</div></div>")


def bracket_card(ko: Knockout, lots: Mapping[str, Any], lang: str,
                 shown: Mapping[str, str] | None = None) -> str:
    """The bracket and the placings (``lots``: the server's drawings by match)."""
    rounds = "".join(
        f"<section class=\"bracket-round\" id=\"bracket-round-{r}\">"
        f"<h3>{escape(_round_title(ko, r, lang))}</h3>"
        + "".join(_match(ko, m, lots, lang, shown) for m in ko.matches(r)) + "</section>"
        for r in range(1, ko.rounds + 1))
    placed = "".join(f"<tr><td>{escape(p)}</td><td class=\"name\">{shown_as(shown, n)}</td></tr>"
                     for p, n in ko.ranking())
    placings = (f"<h2>{say(lang, 'TOURNAMENT_PLACINGS')}</h2><table id=\"placings\"><thead>"
                f"<tr><th>{say(lang, 'TOURNAMENT_PLACE')}</th>"
                f"<th>{say(lang, 'TOURNAMENT_PLAYER')}</th></tr></thead><tbody>{placed}"
                "</tbody></table>") if placed else ""
    return (f"<h2 id=\"bracket-heading\">{say(lang, 'TOURNAMENT_BRACKET')}</h2>"
            f"<div class=\"bracket-rounds\" id=\"bracket\">{rounds}</div>{placings}")


__all__ = ["bracket_card"]
