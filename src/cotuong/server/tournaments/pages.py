"""A tournament's web page, rendered by the server inside the site's frame (top bar,
stylesheet, :mod:`~cotuong.server.tournaments.page_shell`) in the visitor's language:
the organiser, rule set and time control in words; the open round's boards with the
signed-in player's own board marked and a "Vào bàn" button that seats them (anyone else
watches); for the organiser, the arbiter's panel; the standings and each round's
results; and a link to the tournament library's printable page, as it always was
(``/tournaments/{id}/print``: bilingual tables, crosstable, signed round records).

>>> from cotuong.tournament import Tournament
>>> row = {"id": 1, "organiser_name": "trongtai", "status": "created", "open_round": 0,
...        "options": '{"rules": "asian", "time_control": null, "round_start": "auto", '
...                   '"no_show_s": 0, "lang": "vi", "identities": {}}'}
>>> page = tournament_page(row, Tournament(["an", "binh"], name="CLB"), [], False,
...                        lang="en")
>>> "Not started yet" in page, "Giải chưa" in page, "<li>an</li>" in page
(True, False, True)
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from html import escape
from typing import Any

from cotuong.server.tournaments.arbiter_pages import arbiter_panel
from cotuong.server.tournaments.bracket_pages import bracket_card
from cotuong.server.tournaments.invite_pages import pending_mark
from cotuong.server.tournaments.invites import pending_names
from cotuong.server.tournaments.page_shell import (
    rules_text,
    say,
    shown_as,
    site_page,
    tc_text,
)
from cotuong.server.tournaments.standings_pages import rounds_card, standings_card
from cotuong.server.tournaments.swiss_pages import byes_card, stage_links
from cotuong.server.tournaments.views import Options, rounds_json, shown_round
from cotuong.tournament import Knockout
from cotuong.tournament.knockout_page import bracket_html
from cotuong.tournament.page import render_html
from cotuong.tournament.systems import Directed


def _next_round(row: dict[str, Any], lang: str) -> str:
    """When the next round opens, if it is scheduled (UTC)."""
    r = row["open_round"] + 1
    at = Options.from_json(json.loads(row["options"])).opens_at(r)
    if at is None:
        return ""
    try:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(at / 1000))
    except (OverflowError, ValueError, OSError):  # a time stored before the limit on them
        when = f"{at} ms"
    return f"<p id=\"next-round\">{say(lang, 'TOURNAMENT_ROUND_AT', round=r, time=when)}</p>"


def _side(lang: str, color: str) -> str:
    return say(lang, "TOURNAMENT_RED_SIDE" if color == "red" else "TOURNAMENT_BLACK_SIDE")


def _enter(room: str, lang: str, ident: str = "") -> str:
    """The button that takes a paired player to their seat (opening the room seats them)."""
    attr = f" id=\"{ident}\"" if ident else ""
    return (f"<a class=\"btn primary enter\"{attr} href=\"/room/{escape(room)}\">"
            f"{say(lang, 'TOURNAMENT_ENTER')}</a>")


def _live_round(row: dict[str, Any], t: Directed, boards: list[dict[str, Any]],
                lang: str, me: str | None, shown: Mapping[str, str] | None) -> str:
    """The open round's boards: each with its result, or a link to watch it — or, on
    the viewer's own board while it is played, the button that seats them."""
    r = row["open_round"]
    if r == 0:
        return _next_round(row, lang)
    live = next(x for x in rounds_json(row, t, boards) if x["round"] == r)
    heads = "".join(f"<th>{say(lang, c)}</th>" for c in (
        "TOURNAMENT_BOARD", "TOURNAMENT_RED", "TOURNAMENT_BLACK", "TOURNAMENT_RESULT"))
    lines = [f"<h2 id=\"state\">{say(lang, 'TOURNAMENT_ROUND_OPEN', round=r)}</h2>",
             f"<div class=\"scroll\"><table id=\"live\"><thead><tr>{heads}</tr></thead><tbody>"]
    banner = ""
    for b in live["boards"]:
        mine = me is not None and me in (b["red"], b["black"])
        result = escape(b["result"]) if b["result"] else say(lang, "TOURNAMENT_PLAYING")
        if b["room"] and mine and not b["result"]:
            result += " " + _enter(b["room"], lang)
            color = "red" if b["red"] == me else "black"
            opponent = b["black"] if color == "red" else b["red"]
            text = say(lang, "TOURNAMENT_YOUR_BOARD", board=b["board"],
                       color=_side(lang, color), opponent=(shown or {}).get(opponent, opponent))
            banner = (f"<div class=\"banner invited\" id=\"your-board\" "
                      f"data-board=\"{b['board']}\"><span class=\"grow\">{text}</span>"
                      f"{_enter(b['room'], lang, 'enter-board')}</div>")
        elif b["room"]:
            result += (f" — <a href=\"/room/{escape(b['room'])}\">"
                       f"{say(lang, 'TOURNAMENT_WATCH')}</a>")
        mark = f" <b class=\"yours\">({say(lang, 'TOURNAMENT_YOURS')})</b>" if mine else ""
        cls = " class=\"mine\"" if mine else ""
        lines.append(f"<tr data-board=\"{b['board']}\"{cls}>"
                     f"<td>{b['board']}{mark}</td>"
                     f"<td class=\"name\">{shown_as(shown, b['red'])}</td>"
                     f"<td class=\"name\">{shown_as(shown, b['black'])}</td><td>{result}</td></tr>")
    lines.append("</tbody></table></div>")
    if live["complete"]:
        lines.append(_next_round(row, lang))
    return banner + "\n".join(lines)


def _me(options: Options, viewer: str | None) -> str | None:
    """The viewer's name in the event (its players are keyed by account identity)."""
    if viewer is None:
        return None
    return next((name for name, who in options.identities.items() if who == viewer), None)


def tournament_page(row: dict[str, Any], t: Directed, boards: list[dict[str, Any]],
                    organiser: bool, invites: list[dict[str, Any]] | None = None,
                    lang: str = "vi", viewer: str | None = None, base_url: str = "",
                    shown: Mapping[str, str] | None = None) -> str:
    """The tournament's page for ``viewer`` (an identity; ``organiser``: with the
    arbiter's panel and the invitation links made from ``base_url``; anyone sees which
    places wait for their invited player, never the codes; players by ``shown``, their
    display names). A page of an event under way refreshes itself every 30 s, but not
    the organiser's (a form being filled in would be lost)."""
    options = Options.from_json(json.loads(row["options"]))
    facts = [f"{say(lang, 'TOURNAMENT_ORGANISER')}: <b>{escape(row['organiser_name'])}</b>",
             f"<span id=\"rules\">{rules_text(lang, options.rules)}</span>",
             f"<span id=\"time-control\">{tc_text(lang, options.tc)}</span>",
             f"<a href=\"/tournaments\">{say(lang, 'TOURNAMENT_ALL')}</a>"]
    details = "".join(f"<dt>{say(lang, code)}</dt><dd>{escape(value)}</dd>"
                      for code, value in (("TOURNAMENT_VENUE", t.details.venue),
                                          ("TOURNAMENT_DATES", t.details.dates),
                                          ("TOURNAMENT_CHIEF_ARBITER",
                                           t.details.chief_arbiter)) if value)
    parts = [f"<div class=\"hero\"><h1>{escape(t.title or '')}</h1>"
             f"<p class=\"facts\">{' · '.join(facts)}</p>"
             + (f"<dl class=\"details\">{details}</dl>" if details else "") + "</div>"]
    live = ["<section class=\"card\" id=\"round-card\">"]
    if row["status"] == "created":
        live.append(f"<h2 id=\"state\">{say(lang, 'TOURNAMENT_NOT_STARTED')}</h2>")
    elif row["status"] == "finished":
        live.append(f"<h2 id=\"state\">{say(lang, 'TOURNAMENT_FINISHED')}</h2>")
    else:
        live.append(_live_round(row, t, boards, lang, _me(options, viewer), shown))
    parts.append("\n".join(live) + "</section>")
    if organiser:
        parts.append(arbiter_panel(row, t, invites or [], lang, base_url))
    style = ""
    links = f"<p><a id=\"print-link\" href=\"/tournaments/{row['id']}/print\">" \
        f"{say(lang, 'TOURNAMENT_PRINT')}</a>"
    if not isinstance(t, Knockout):
        links += f" · <a id=\"trf-link\" href=\"/api/tournaments/{row['id']}/trf\">" \
            f"{say(lang, 'TOURNAMENT_TRF')}</a>"
    links += "</p>" + stage_links(options, lang)
    if row["status"] == "created":
        printed = _entries(t, pending_names(invites or []), lang, shown)
    elif isinstance(t, Knockout):
        printed = bracket_card(t, options.lots, lang, shown) + links
    else:
        last = shown_round(row, t)
        byes = byes_card(t, row["open_round"], lang, shown)
        printed = (standings_card(t, last, lang, shown) + byes
                   + rounds_card(t, last, lang, shown) + links)
    parts.append(f"<section class=\"card printed\" id=\"printed\">{printed}</section>")
    if row["status"] == "running" and not organiser:
        style += "<meta http-equiv=\"refresh\" content=\"30\">"
    return site_page(lang, t.title or "", "\n".join(parts), style)


def _entries(t: Directed, pending: list[str], lang: str,
             shown: Mapping[str, str] | None) -> str:
    """Before the draw: the entry list (the places waiting for their invited player
    marked)."""
    names = "".join(f"<li>{shown_as(shown, p.name)}"
                    f"{pending_mark(lang) if p.name in pending else ''}</li>" for p in t.players)
    return f"<ol id=\"entries\">{names}</ol>"


def print_page(row: dict[str, Any], t: Directed) -> str:
    """``/tournaments/{id}/print``: the tournament library's printable page as it is
    (Vietnamese first, English after; phone and A4 layouts; a knockout: its bracket)."""
    if isinstance(t, Knockout):
        return bracket_html(t)
    return render_html(t, shown_round(row, t)) if row["status"] != "created" \
        else render_html(t, 0)
