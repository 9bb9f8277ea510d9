"""The web pages of online round robins, rendered by the server (no build step, no page
script but the arbiter's forms): a tournament's page — the tournament library's printable
page (standings, crosstable, round records; Vietnamese first, phone and A4 layouts) with,
under its title, the organiser, the state, the open round's boards with links to watch
them and, for the organiser only, the arbiter's forms — and the list of tournaments.

>>> from cotuong.tournament import Tournament
>>> row = {"id": 1, "organiser_name": "trongtai", "status": "created", "open_round": 0,
...        "options": "{}"}
>>> page = tournament_page(row, Tournament(["an", "binh"], name="CLB"), [], False)
>>> "Giải chưa bắt đầu / Not started yet" in page, "<li>an</li>" in page
(True, True)
"""

from __future__ import annotations

import json
import time
from html import escape
from typing import Any

from cotuong.messages import Message
from cotuong.server.tournaments.invite_pages import invitations_panel, pending_mark
from cotuong.server.tournaments.invites import pending_names
from cotuong.server.tournaments.views import Options, rounds_json, shown_round
from cotuong.tournament import Tournament
from cotuong.tournament.page import render_html

_LIST_CSS = ("<style>body { font-family: \"Noto Sans\", \"DejaVu Sans\", Arial, "
             "sans-serif; margin: 1em; } li { margin: .4em 0; }</style>")
RESULTS = ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-")
_ARBITER_CSS = """
<style>
section.arbiter { border: 2px solid #8a4b00; padding: .4em .8em; margin: 1em 0; }
section.arbiter form { margin: .6em 0; display: flex; flex-wrap: wrap; gap: .4em;
  align-items: center; }
section.arbiter input, section.arbiter select, section.arbiter button { font: inherit; }
section.arbiter input[type=number] { width: 4em; }
section.arbiter .err { color: #b00000; width: 100%; }
section.arbiter textarea { width: 100%; max-width: 30em; font: inherit; }
@media print { section.arbiter { display: none; } }
</style>"""
# Each form posts its fields as JSON to its ``data-api`` (numbers where the API wants
# them), then reloads the page; a refusal shows the error's text in the page's language.
_ARBITER_JS = """
<script>
for (const form of document.querySelectorAll("section.arbiter form")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {};
    for (const [key, value] of new FormData(form)) {
      body[key] = ["round", "board"].includes(key) ? Number(value)
        : key === "names" ? [value] : value;
    }
    const reply = await fetch(form.dataset.api, {
      method: form.dataset.method || "POST", body: JSON.stringify(body),
      headers: {"Content-Type": "application/json", "Accept-Language": "vi"}});
    if (reply.ok) { location.reload(); return; }
    const error = (await reply.json()).error || {};
    form.querySelector(".err").textContent = error.message || reply.statusText;
  });
}
</script>"""


def _both(code: str, **params: object) -> str:
    """A catalog text in Vietnamese, then English (the printed pages' convention)."""
    m = Message.of(code, **params)
    return f"{escape(m.vi)} / {escape(m.en)}"


def _head(code: str) -> str:
    """A column heading: Vietnamese over English."""
    m = Message.of(code)
    return f"{escape(m.vi)}<br>{escape(m.en)}"


def _next_round(row: dict[str, Any]) -> str:
    """When the next round opens, if it is scheduled (UTC)."""
    r = row["open_round"] + 1
    at = Options.from_json(json.loads(row["options"])).opens_at(r)
    if at is None:
        return ""
    try:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at / 1000))
    except (OverflowError, ValueError, OSError):  # a time stored before the limit on them
        when = f"{at} ms"
    return f"<p id=\"next-round\">{_both('TOURNAMENT_ROUND_AT', round=r, time=when)}</p>"


def _live_round(row: dict[str, Any], t: Tournament, boards: list[dict[str, Any]]) -> str:
    r = row["open_round"]
    if r == 0:
        return _next_round(row)
    live = next(x for x in rounds_json(row, t, boards) if x["round"] == r)
    lines = [f"<h2 id=\"state\">{_both('TOURNAMENT_ROUND_OPEN', round=r)}</h2>",
             "<div class=\"scroll\"><table id=\"live\"><thead><tr>"
             + "".join(f"<th>{_head(c)}</th>" for c in ("TOURNAMENT_BOARD", "TOURNAMENT_RED",
                                                        "TOURNAMENT_BLACK", "TOURNAMENT_RESULT"))
             + "</tr></thead><tbody>"]
    for b in live["boards"]:
        result = escape(b["result"]) if b["result"] else _both("TOURNAMENT_PLAYING")
        if b["room"]:
            result += (f" — <a href=\"/room/{escape(b['room'])}\">"
                       f"{_both('TOURNAMENT_WATCH')}</a>")
        lines.append(f"<tr data-board=\"{b['board']}\"><td>{b['board']}</td>"
                     f"<td class=\"name\">{escape(b['red'])}</td>"
                     f"<td class=\"name\">{escape(b['black'])}</td><td>{result}</td></tr>")
    lines.append("</tbody></table></div>")
    if live["complete"]:
        lines.append(_next_round(row))
    return "\n".join(lines)


def _form(api: str, ident: str, title: str, fields: str) -> str:
    return (f"<form id=\"{ident}\" data-api=\"{escape(api)}\"><b>{title}</b>{fields}"
            f"<button type=\"submit\">{_both('TOURNAMENT_SEND')}</button>"
            "<span class=\"err\" role=\"alert\"></span></form>")


def arbiter_panel(row: dict[str, Any], t: Tournament,
                  invites: list[dict[str, Any]] | None = None) -> str:
    """The organiser's forms: start; record or correct a result; withdraw a player; open
    the next round (they post to the REST routes; not printed); the invitations still
    waiting, with their links, and one more before the start."""
    api = f"/api/tournaments/{row['id']}"
    parts = [f"<section class=\"arbiter\"><h2>{_both('TOURNAMENT_ARBITER')}</h2>",
             invitations_panel(row, invites or [])]
    if row["status"] == "created":
        parts.append(_form(f"{api}/start", "form-start", _both("TOURNAMENT_START"), ""))
    else:
        rounds = "".join(f"<option>{r}</option>" for r in range(row["open_round"], 0, -1))
        results = "".join(f"<option>{escape(r)}</option>" for r in RESULTS)
        parts.append(_form(f"{api}/results", "form-result", _both("TOURNAMENT_SET_RESULT"),
                           f"<label>{_both('TOURNAMENT_ROUND')} <select name=\"round\">"
                           f"{rounds}</select></label>"
                           f"<label>{_both('TOURNAMENT_BOARD')} <input type=\"number\" "
                           "name=\"board\" min=\"1\" value=\"1\" required></label>"
                           f"<label>{_both('TOURNAMENT_RESULT')} <select name=\"result\">"
                           f"{results}</select></label>"
                           f"<label>{_both('TOURNAMENT_REASON')} <input name=\"reason\" "
                           "maxlength=\"200\"></label>"))
        if row["status"] == "running":
            players = "".join(f"<option>{escape(p.name)}</option>" for p in t.players
                              if not p.withdrawn)
            parts.append(_form(
                f"{api}/withdraw", "form-withdraw", _both("TOURNAMENT_WITHDRAW"),
                f"<label>{_both('TOURNAMENT_PLAYER')} <select name=\"username\">{players}"
                "</select></label><select name=\"policy\">"
                f"<option value=\"forfeit\">{_both('TOURNAMENT_POLICY_FORFEIT')}</option>"
                f"<option value=\"annul\">{_both('TOURNAMENT_POLICY_ANNUL')}</option>"
                "</select>"))
            parts.append(_form(f"{api}/rounds/next", "form-next",
                               _both("TOURNAMENT_NEXT_ROUND"), ""))
    parts.append("</section>")
    return _ARBITER_CSS + "\n".join(parts) + _ARBITER_JS


def tournament_page(row: dict[str, Any], t: Tournament, boards: list[dict[str, Any]],
                    organiser: bool, invites: list[dict[str, Any]] | None = None) -> str:
    """The tournament's page (``organiser``: with the arbiter's forms and the invitation
    links; anyone sees which places wait for their invited player, never the codes). A
    page of an event under way refreshes itself every 30 s, but not the organiser's (a
    form being filled in would be lost)."""
    parts = [f"<p class=\"note\">{_both('TOURNAMENT_ORGANISER')}: "
             f"<b>{escape(row['organiser_name'])}</b></p>"]
    if row["status"] == "created":
        parts.append(f"<p id=\"state\">{_both('TOURNAMENT_NOT_STARTED')}</p>")
    elif row["status"] == "finished":
        parts.append(f"<p id=\"state\">{_both('TOURNAMENT_FINISHED')}</p>")
    else:
        parts.append(_live_round(row, t, boards))
    if organiser:
        parts.append(arbiter_panel(row, t, invites))
    page = render_html(t, shown_round(row, t)) if row["status"] != "created" \
        else _empty_page(t, pending_names(invites or []))
    head, _, body = page.partition("</h1>")
    if row["status"] == "running" and not organiser:
        head = head.replace("<meta charset=\"utf-8\">",
                            "<meta charset=\"utf-8\"><meta http-equiv=\"refresh\" "
                            "content=\"30\">", 1)
    return head + "</h1>\n" + "\n".join(parts) + body


def _empty_page(t: Tournament, pending: list[str] | None = None) -> str:
    """Before the draw: the library's page layout with the entry list only (the places
    waiting for their invited player marked)."""
    names = "".join(f"<li>{escape(p.name)}"
                    f"{pending_mark() if p.name in (pending or ()) else ''}</li>"
                    for p in t.players)
    head, _, _ = render_html(t, 0).partition("</h1>")
    return head + f"</h1>\n<ol id=\"entries\">{names}</ol></body></html>"


_CREATE_JS = """
<script>
const create = document.querySelector("#form-create");
create.addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = new FormData(create);
  const minutes = Number(f.get("minutes")), increment = Number(f.get("increment"));
  const body = {
    name: f.get("name"), players: f.get("players").split(/[\\n,;]+/)
      .map((x) => x.trim()).filter(Boolean)
      .map((x) => x.startsWith("+") ? {invite: x.slice(1).trim()} : x),
    double: f.get("double") === "on", rules: f.get("rules"),
    round_start: f.get("round_start"), no_show_s: Number(f.get("no_show_min")) * 60,
    time_control: minutes > 0 ? {kind: "fischer", base_ms: minutes * 60000,
                                 increment_ms: increment * 1000} : null};
  const reply = await fetch("/api/tournaments", {
    method: "POST", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "Accept-Language": "vi"}});
  const data = await reply.json();
  if (reply.ok) { location.href = data.page_url; return; }
  create.querySelector(".err").textContent = (data.error || {}).message || reply.statusText;
});
</script>"""


def _label(code: str, control: str) -> str:
    return f"<label>{_both(code)}<br>{control}</label>"


def create_form() -> str:
    """The form that creates a tournament (``POST /api/tournaments``), then opens its
    page; the organiser starts it there."""
    option = "".join
    fields = [
        _label("TOURNAMENT_NAME", "<input name=\"name\" maxlength=\"120\" required>"),
        _label("TOURNAMENT_PLAYERS", "<textarea name=\"players\" rows=\"6\" required>"
               "</textarea>"),
        f"<label><input type=\"checkbox\" name=\"double\"> {_both('TOURNAMENT_DOUBLE')}"
        "</label>",
        _label("TOURNAMENT_MINUTES", "<input type=\"number\" name=\"minutes\" min=\"0\" "
               "max=\"180\" value=\"15\">"),
        _label("TOURNAMENT_INCREMENT", "<input type=\"number\" name=\"increment\" "
               "min=\"0\" max=\"600\" value=\"10\">"),
        _label("TOURNAMENT_RULES", "<select name=\"rules\">" + option(
            f"<option>{r}</option>" for r in ("xiangqiplay", "asian")) + "</select>"),
        _label("TOURNAMENT_ROUND_START", "<select name=\"round_start\">"
               f"<option value=\"auto\">{_both('TOURNAMENT_START_AUTO')}</option>"
               f"<option value=\"arbiter\">{_both('TOURNAMENT_START_ARBITER')}</option>"
               "</select>"),
        _label("TOURNAMENT_NO_SHOW_MIN", "<input type=\"number\" name=\"no_show_min\" "
               "min=\"0\" max=\"1440\" value=\"10\">"),
    ]
    return (f"<section class=\"arbiter\"><h2>{_both('TOURNAMENT_CREATE')}</h2>"
            "<form id=\"form-create\">" + "".join(fields)
            + f"<button type=\"submit\">{_both('TOURNAMENT_SEND')}</button>"
            "<span class=\"err\" role=\"alert\"></span></form></section>")


def list_page(items: list[dict[str, Any]], account: bool = False) -> str:
    """``/tournaments``: the newest tournaments with their state, linked to their pages;
    for a logged-in ``account``, the form that organises a new one."""
    rows = []
    for x in items:
        state = {"created": _both("TOURNAMENT_STATUS_CREATED"),
                 "finished": _both("TOURNAMENT_STATUS_FINISHED")}.get(
            x["status"], _both("TOURNAMENT_STATUS_RUNNING", round=x["open_round"]))
        rows.append(f"<li data-tournament=\"{x['tournament_id']}\"><a href=\"/tournaments/"
                    f"{x['tournament_id']}\">{escape(x['name'])}</a> — "
                    f"{escape(x['organiser'])} — {state}</li>")
    body = f"<ul id=\"tournaments\">{''.join(rows)}</ul>" if rows \
        else f"<p>{_both('TOURNAMENT_NONE')}</p>"
    body += _ARBITER_CSS + create_form() + _CREATE_JS if account \
        else f"<p id=\"login\"><a href=\"/\">{_both('TOURNAMENT_LOGIN')}</a></p>"
    title = _both("TOURNAMENT_LIST")
    return ("<!DOCTYPE html><html lang=\"vi\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title>{_LIST_CSS}</head><body><h1>{title}</h1>{body}"
            "</body></html>")


INLINE_SCRIPTS = (_ARBITER_JS, _CREATE_JS)
"""The pages' inline scripts, whose hashes the Content-Security-Policy allows."""
