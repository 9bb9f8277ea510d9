"""The organiser's panel on a tournament's page, in the page's language: start the event,
record or correct a result, withdraw a player, open the next round (each form posts its
fields as JSON to its ``data-api``, then the page reloads: ``js/pages/tournament.js``),
and the invitations still waiting. Not printed.

>>> from cotuong.tournament import Tournament
>>> row = {"id": 4, "status": "created", "open_round": 0}
>>> panel = arbiter_panel(row, Tournament(["an", "binh"]), [], "en")
>>> 'id="form-start"' in panel and "Draw numbers and start</button>" in panel
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from cotuong.server.tournaments.invite_pages import invitations_panel
from cotuong.server.tournaments.page_shell import say
from cotuong.tournament import Knockout, SwissTournament
from cotuong.tournament.systems import Directed

RESULTS = ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-")


def _form(api: str, ident: str, title: str, fields: str, button: str,
          primary: bool = False) -> str:
    """One action: its title, its fields and its own labelled button."""
    kind = "btn primary" if primary else "btn"
    return (f"<form id=\"{ident}\" class=\"action\" data-api=\"{escape(api)}\">"
            f"<h3>{title}</h3><div class=\"fields\">{fields}"
            f"<button class=\"{kind}\" type=\"submit\">{button}</button></div>"
            "<div class=\"error err\" role=\"alert\"></div></form>")


def _field(label: str, control: str) -> str:
    return f"<label class=\"field\">{label}{control}</label>"


def arbiter_panel(row: dict[str, Any], t: Directed, invites: list[dict[str, Any]],
                  lang: str, base_url: str = "") -> str:
    """The organiser's forms (they post to the REST routes), the invitations still
    waiting with their links (``base_url``: the address friends reach this server by)."""
    api = f"/api/tournaments/{row['id']}"
    parts = [f"<section class=\"card arbiter\" id=\"arbiter\"><h2>"
             f"{say(lang, 'TOURNAMENT_ARBITER')}</h2>",
             invitations_panel(row, invites, lang, base_url)]
    if row["status"] == "created":
        start = say(lang, "TOURNAMENT_START")
        parts.append(_form(f"{api}/start", "form-start", start, "", start, primary=True))
    else:
        rounds = "".join(f"<option>{r}</option>" for r in range(row["open_round"], 0, -1))
        results = "".join(f"<option>{escape(r)}</option>" for r in RESULTS)
        parts.append(_form(
            f"{api}/results", "form-result", say(lang, "TOURNAMENT_SET_RESULT"),
            _field(say(lang, "TOURNAMENT_ROUND"), f"<select name=\"round\">{rounds}</select>")
            + _field(say(lang, "TOURNAMENT_BOARD"), "<input type=\"number\" name=\"board\" "
                     "min=\"1\" value=\"1\" required>")
            + _field(say(lang, "TOURNAMENT_RESULT"),
                     f"<select name=\"result\">{results}</select>")
            + _field(say(lang, "TOURNAMENT_REASON"),
                     "<input type=\"text\" name=\"reason\" maxlength=\"200\">"),
            say(lang, "TOURNAMENT_SET_RESULT_BUTTON")))
        players = "".join(f"<option>{escape(p.name)}</option>" for p in t.players
                          if not p.withdrawn)
        if row["status"] == "running" and isinstance(t, SwissTournament):
            parts.append(_form(
                f"{api}/byes", "form-bye", say(lang, "TOURNAMENT_REQUEST_BYE"),
                _field(say(lang, "TOURNAMENT_PLAYER"),
                       f"<select name=\"username\">{players}</select>"),
                say(lang, "TOURNAMENT_REQUEST_BYE")))
            parts.append(_form(
                f"{api}/players", "form-late", say(lang, "TOURNAMENT_LATE_ENTRY"),
                _field(say(lang, "TOURNAMENT_PLAYER"),
                       "<input type=\"text\" name=\"username\" maxlength=\"64\" required>"),
                say(lang, "TOURNAMENT_LATE_ENTRY")))
        if row["status"] == "running" and not isinstance(t, Knockout):
            parts.append(_form(
                f"{api}/withdraw", "form-withdraw", say(lang, "TOURNAMENT_WITHDRAW"),
                _field(say(lang, "TOURNAMENT_PLAYER"),
                       f"<select name=\"username\">{players}</select>")
                + "<select name=\"policy\">"
                f"<option value=\"forfeit\">{say(lang, 'TOURNAMENT_POLICY_FORFEIT')}</option>"
                f"<option value=\"annul\">{say(lang, 'TOURNAMENT_POLICY_ANNUL')}</option>"
                "</select>", say(lang, "TOURNAMENT_WITHDRAW_BUTTON")))
        if row["status"] == "running":
            next_round = say(lang, "TOURNAMENT_NEXT_ROUND")
            parts.append(_form(f"{api}/rounds/next", "form-next", next_round, "",
                               next_round))
    parts.append("</section>")
    return "\n".join(parts)
