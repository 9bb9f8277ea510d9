"""The pages of invitations, in the visitor's language inside the site's frame: the
invitation page ``/tournaments/{id}/invite/{code}`` (phone layout) where an account
claims the place — a guest logs in or registers there first; ``js/pages/tournament.js``
sends the forms — and, on the tournament's page, the organiser's list of the invitations
still waiting with their links and the form that invites one more player before the
start.

>>> row = {"id": 3, "name": "Giải Xuân", "status": "created"}
>>> inv = {"name": "Cô Lan", "code": "c0de", "claimed_name": None}
>>> page = invite_page(row, inv, None)
>>> "Giải Xuân" in page and "Đăng nhập" in page and "c0de" in page
True
>>> "Log in" in invite_page(row, inv, None, "en")
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from cotuong.messages import Message
from cotuong.server.tournaments.invites import invitation_json
from cotuong.server.tournaments.page_shell import say, site_page


def invite_page(row: dict[str, Any], inv: dict[str, Any], username: str | None,
                lang: str = "vi") -> str:
    """The invitation page; ``username``: the logged-in account's (``None``: a guest,
    who gets the log-in/register form)."""
    tid = row["id"]
    api = f"/api/tournaments/{tid}/invitations/{inv['code']}/claim"
    invited = say(lang, "INVITE_TO", tournament=row["name"], name=inv["name"])
    parts = [f"<p id=\"invited\">{invited}</p>"]
    if inv["claimed_name"] is not None:
        parts.append(f"<p id=\"claimed\">"
                     f"{say(lang, 'INVITE_CLAIMED_BY', username=inv['claimed_name'])}</p>")
    elif row["status"] != "created":
        parts.append(f"<p class=\"error\">{say(lang, 'ERR_INVITE_STARTED')}</p>")
    elif username is not None:
        parts.append(f"<button class=\"btn primary\" id=\"claim\" type=\"button\">"
                     f"{say(lang, 'INVITE_CLAIM', username=username)}</button>")
    else:
        parts.append(
            f"<p>{say(lang, 'INVITE_LOGIN_FIRST')}</p><form id=\"form-login\">"
            f"<label class=\"field\">{say(lang, 'INVITE_USERNAME')}<input type=\"text\" "
            "name=\"username\" required autocomplete=\"username\" maxlength=\"64\"></label>"
            f"<label class=\"field\">{say(lang, 'INVITE_PASSWORD')}<input name=\"password\" "
            "type=\"password\" required autocomplete=\"current-password\"></label>"
            "<div class=\"row\"><button class=\"btn primary\" type=\"submit\" "
            f"value=\"login\">{say(lang, 'INVITE_LOGIN')}</button>"
            "<button class=\"btn\" type=\"submit\" value=\"register\">"
            f"{say(lang, 'INVITE_REGISTER')}</button></div></form>")
    parts.append("<p class=\"error err\" role=\"alert\"></p>")
    parts.append(f"<p><a href=\"/tournaments/{tid}\">{say(lang, 'INVITE_TO_PAGE')}</a></p>")
    title = say(lang, "INVITE_TITLE")
    body = (f"<section class=\"card invite-card\" id=\"invite\" data-api=\"{escape(api)}\">"
            f"<h1>{title}</h1>{''.join(parts)}</section>")
    return site_page(lang, Message.of("INVITE_TITLE").text(lang), body,
                     page_class="tournament-page invite-page")


def invitations_panel(row: dict[str, Any], invites: list[dict[str, Any]], lang: str = "vi",
                      base_url: str = "") -> str:
    """The organiser's part of the tournament page: the links of the invitations not
    claimed yet (each with a button that takes it back before the start; shown whole,
    from ``base_url``, the address friends reach this server by) and, before the start,
    the form inviting one more player (it posts ``{"names": [name]}``); nothing after
    the start (every place was claimed by then)."""
    tid = row["id"]
    waiting = [invitation_json(tid, r) for r in invites if r["claimed_by"] is None]
    created = row["status"] == "created"
    if not waiting and not created:
        return ""
    base = base_url.rstrip("/")
    items = "".join(f"<li data-invite=\"{escape(i['name'])}\">{escape(i['name'])}: "
                    f"<a class=\"invite-link\" href=\"{escape(i['url'])}\">"
                    f"{escape(base + i['url'])}</a>{_remove(tid, i, lang) if created else ''}"
                    "</li>" for i in waiting)
    parts = [f"<h3>{say(lang, 'INVITE_LIST')}</h3>",
             f"<ul id=\"invitations\">{items}</ul>" if waiting
             else f"<p>{say(lang, 'INVITE_NONE_PENDING')}</p>"]
    if created:
        parts.append(f"<form id=\"form-invite\" class=\"action\" "
                     f"data-api=\"/api/tournaments/{tid}/invitations\"><h3>"
                     f"{say(lang, 'INVITE_ADD')}</h3><div class=\"fields\">"
                     "<input type=\"text\" name=\"names\" maxlength=\"64\" required>"
                     f"<button class=\"btn\" type=\"submit\">{say(lang, 'INVITE_ADD_BUTTON')}"
                     "</button></div><div class=\"error err\" role=\"alert\"></div></form>")
    return "\n".join(parts)


def _remove(tid: int, invitation: dict[str, Any], lang: str) -> str:
    """The form that takes an unclaimed invitation back (``DELETE``)."""
    api = f"/api/tournaments/{tid}/invitations/{invitation['code']}"
    return (f"<form class=\"uninvite action\" data-api=\"{escape(api)}\" "
            "data-method=\"DELETE\"><button class=\"btn small danger\" type=\"submit\">"
            f"{say(lang, 'INVITE_REMOVE')}</button>"
            "<span class=\"error err\" role=\"alert\"></span></form>")


def pending_mark(lang: str = "vi") -> str:
    """What the entry list shows beside a place whose invitation is not claimed yet."""
    return f" <i class=\"pending\">({say(lang, 'INVITE_PENDING')})</i>"
