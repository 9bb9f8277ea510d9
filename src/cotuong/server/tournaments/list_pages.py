"""``/tournaments`` in the site's frame and the visitor's language: the newest events
with their state, linked to their pages, and for a logged-in account the form that
organises one (``js/pages/tournament.js`` posts it, then opens the new event's own
address, ``/tournaments/{id}``).

>>> page = list_page([], account=False, lang="en")
>>> "No tournaments yet" in page and 'id="login-note"' in page
True
>>> "Luật châu Á" in list_page([], account=True)
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from cotuong.messages import Message
from cotuong.server.tournaments.page_shell import RULE_CODES, rules_text, say, site_page


def _label(lang: str, code: str, control: str, systems: str = "") -> str:
    """A labelled field; ``systems``: the systems it belongs to (the page shows it only
    for them, ``js/pages/tournament.js``)."""
    only = f" data-systems=\"{systems}\"" if systems else ""
    return f"<label class=\"field\"{only}>{say(lang, code)}{control}</label>"


def create_form(lang: str) -> str:
    """The form that creates a tournament (``POST /api/tournaments``); the organiser
    starts it on its page."""
    rules = "".join(f"<option value=\"{r}\">{rules_text(lang, r)}</option>" for r in RULE_CODES)
    systems = "".join(f"<option value=\"{s}\">{say(lang, f'TOURNAMENT_SYSTEM_{s.upper()}')}"
                      "</option>" for s in ("round_robin", "swiss", "knockout"))
    fields = [
        _label(lang, "TOURNAMENT_NAME",
               "<input type=\"text\" name=\"name\" maxlength=\"120\" required>"),
        _label(lang, "TOURNAMENT_PLAYERS",
               "<textarea name=\"players\" rows=\"6\" required></textarea>"),
        _label(lang, "TOURNAMENT_SYSTEM", f"<select name=\"system\">{systems}</select>"),
        _label(lang, "TOURNAMENT_SWISS_ROUNDS", "<input type=\"number\" name=\"rounds\" "
               "min=\"1\" max=\"30\" value=\"7\">", "swiss"),
        _label(lang, "TOURNAMENT_TOP", "<input type=\"number\" name=\"top\" min=\"0\" "
               "max=\"200\" value=\"0\">", "round_robin swiss"),
        # The third-place match: a knockout's, or the knockout after the top's stage.
        f"<label class=\"row\" data-systems=\"knockout top\"><input type=\"checkbox\" "
        f"name=\"third_place\"> {say(lang, 'TOURNAMENT_THIRD_PLACE')}</label>",
        f"<label class=\"row\" data-systems=\"round_robin\"><input type=\"checkbox\" "
        f"name=\"double\"> {say(lang, 'TOURNAMENT_DOUBLE')}</label>",
        _label(lang, "TOURNAMENT_MINUTES", "<input type=\"number\" name=\"minutes\" "
               "min=\"0\" max=\"180\" value=\"15\">"),
        _label(lang, "TOURNAMENT_INCREMENT", "<input type=\"number\" name=\"increment\" "
               "min=\"0\" max=\"600\" value=\"10\">"),
        _label(lang, "TOURNAMENT_RULES", f"<select name=\"rules\">{rules}</select>"),
        _label(lang, "TOURNAMENT_ROUND_START", "<select name=\"round_start\">"
               f"<option value=\"auto\">{say(lang, 'TOURNAMENT_START_AUTO')}</option>"
               f"<option value=\"arbiter\">{say(lang, 'TOURNAMENT_START_ARBITER')}</option>"
               "</select>"),
        _label(lang, "TOURNAMENT_NO_SHOW_MIN", "<input type=\"number\" name=\"no_show_min\" "
               "min=\"0\" max=\"1440\" value=\"10\">"),
    ]
    return (f"<section class=\"card arbiter\"><h2>{say(lang, 'TOURNAMENT_CREATE')}</h2>"
            f"<form id=\"form-create\" data-lang=\"{lang}\">" + "".join(fields)
            + f"<button class=\"btn primary\" type=\"submit\">"
            f"{say(lang, 'TOURNAMENT_CREATE_BUTTON')}</button>"
            "<div class=\"error err\" role=\"alert\"></div></form></section>")


def list_page(items: list[dict[str, Any]], account: bool = False, lang: str = "vi") -> str:
    """``/tournaments``: the newest tournaments with their state, linked to their pages;
    for a logged-in ``account``, the form that organises a new one."""
    rows = []
    for x in items:
        state = {"created": say(lang, "TOURNAMENT_STATUS_CREATED"),
                 "finished": say(lang, "TOURNAMENT_STATUS_FINISHED")}.get(
            x["status"], say(lang, "TOURNAMENT_STATUS_RUNNING", round=x["open_round"]))
        rows.append(f"<li data-tournament=\"{x['tournament_id']}\"><a href=\"/tournaments/"
                    f"{x['tournament_id']}\">{escape(x['name'])}</a> — "
                    f"{escape(x['organiser'])} — {state}</li>")
    listing = f"<ul id=\"tournaments\">{''.join(rows)}</ul>" if rows \
        else f"<p>{say(lang, 'TOURNAMENT_NONE')}</p>"
    title = say(lang, "TOURNAMENT_LIST")
    body = [f"<div class=\"hero\"><h1>{title}</h1></div>",
            f"<section class=\"card\" id=\"list-card\">{listing}</section>"]
    body.append(create_form(lang) if account
                else f"<p id=\"login-note\" class=\"card\">{say(lang, 'TOURNAMENT_LOGIN')}</p>")
    return site_page(lang, Message.of("TOURNAMENT_LIST").text(lang), "\n".join(body))
