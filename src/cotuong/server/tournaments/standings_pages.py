"""The standings and each round's results as the tournament's page shows them, in the
page's one language (the tournament library's printable page keeps its bilingual tables,
crosstable and signature cells: ``/tournaments/{id}/print``).

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["an", "binh"], name="CLB")
>>> _ = t.draw_numbers(order=["an", "binh"])
>>> _ = t.record(1, "an", "binh", "1-0")
>>> html = standings_card(t, 1, "en")
>>> "Standings after round 1" in html and "Hạng" not in html
True
>>> "Kết quả vòng 1" in rounds_card(t, 1, "vi")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from cotuong.server.tournaments.page_shell import say, shown_as
from cotuong.tournament import Tournament
from cotuong.tournament.export import round_record
from cotuong.tournament.tiebreaks import CRITERIA

_LOTS = {"pending": "TOURNAMENT_LOTS_PENDING", "tied": "TOURNAMENT_LOTS_TIED",
         "drawn": "TOURNAMENT_LOTS_DRAWN"}


def _n(value: float | int | None) -> str:
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


def standings_card(t: Tournament, after: int, lang: str,
                   shown: Mapping[str, str] | None = None) -> str:
    """The standings after round ``after``: rank, number, player, points, games, wins,
    the tie-breaks in their order, notes (shared rank, lots, withdrawal)."""
    heads = [say(lang, c) for c in ("TOURNAMENT_RANK", "TOURNAMENT_NUMBER",
                                    "TOURNAMENT_PLAYER", "TOURNAMENT_POINTS",
                                    "TOURNAMENT_GAMES", "TOURNAMENT_WINS")]
    heads += [escape(CRITERIA[k].label_vi if lang == "vi" else CRITERIA[k].label_en)
              for k in t.tiebreak_keys]
    heads.append(say(lang, "TOURNAMENT_NOTES"))
    rows = []
    for r in t.standings(after):
        notes = [say(lang, _LOTS[r.lots])] if r.lots in _LOTS else []
        if r.withdrawn:
            notes.append(say(lang, "TOURNAMENT_WITHDREW"))
        cells = [escape(r.rank_text), str(r.number), shown_as(shown, r.player), _n(r.points),
                 str(r.games), str(r.wins)] + [_n(v) for _, v in r.tiebreaks]
        tds = "".join(f"<td class=\"name\">{c}</td>" if i == 2 else f"<td>{c}</td>"
                      for i, c in enumerate(cells))
        rows.append(f"<tr data-number=\"{r.number}\">{tds}"
                    f"<td class=\"note\">{'; '.join(notes)}</td></tr>")
    heading = say(lang, "TOURNAMENT_STANDINGS", round=after) if after \
        else say(lang, "TOURNAMENT_ENTRY_LIST")
    return (f"<h2 id=\"standings-heading\">{heading}</h2>"
            "<div class=\"scroll\"><table id=\"standings\"><thead><tr>"
            + "".join(f"<th>{h}</th>" for h in heads) + "</tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></div>")


def rounds_card(t: Tournament, last: int, lang: str,
                shown: Mapping[str, str] | None = None) -> str:
    """Each round's results up to ``last``, the latest first."""
    parts = []
    for r in range(last, 0, -1):
        rows, rests = [], ""
        for e in round_record(t, r):
            if e.rests:
                resting = say(lang, "TOURNAMENT_RESTS", name=(shown or {}).get(e.rests, e.rests))
                rests = f"<p class=\"muted\">{resting}</p>"
                continue
            notes = [say(lang, "TOURNAMENT_BY_WITHDRAWAL")] if e.forfeit_on_withdrawal else []
            if e.corrections:
                notes.append(say(lang, "TOURNAMENT_CORRECTED"))
            note = f" ({'; '.join(notes)})" if notes else ""
            rows.append(f"<tr><td>{e.board}</td><td class=\"name\">{shown_as(shown, e.red)}</td>"
                        f"<td class=\"name\">{shown_as(shown, e.black)}</td>"
                        f"<td>{escape(e.result) or '…'}{note}</td></tr>")
        heads = "".join(f"<th>{say(lang, c)}</th>" for c in (
            "TOURNAMENT_BOARD", "TOURNAMENT_RED", "TOURNAMENT_BLACK", "TOURNAMENT_RESULT"))
        parts.append(f"<section class=\"round\" id=\"round-{r}\"><h2>"
                     f"{say(lang, 'TOURNAMENT_ROUND_RESULTS', round=r)}</h2>"
                     f"<div class=\"scroll\"><table class=\"record\"><thead><tr>{heads}"
                     f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>{rests}"
                     "</section>")
    return "\n".join(parts)
