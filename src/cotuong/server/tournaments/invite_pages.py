"""The pages of invitations: the invitation page ``/tournaments/{id}/invite/{code}``
(Vietnamese first, English under it, phone layout) where an account claims the place —
a guest logs in or registers there first — and, on the tournament's page, the
organiser's list of the invitations still waiting with their links and the form that
invites one more player before the start.

>>> row = {"id": 3, "name": "Giải Xuân", "status": "created"}
>>> inv = {"name": "Cô Lan", "code": "c0de", "claimed_name": None}
>>> page = invite_page(row, inv, None)
>>> "Giải Xuân" in page and "Đăng nhập" in page and "c0de" in page
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from cotuong.messages import Message
from cotuong.server.tournaments.invites import invitation_json

_CSS = """<style>
body { font-family: "Noto Sans", "DejaVu Sans", Arial, sans-serif; margin: 1em auto;
  max-width: 32em; padding: 0 .8em; line-height: 1.5; }
.en { color: #555; font-size: .92em; display: block; }
h1 .en { font-size: .55em; font-weight: normal; }
label input { width: 100%; box-sizing: border-box; }
form { display: flex; flex-direction: column; gap: .6em; margin: 1em 0; }
input, button { font: inherit; padding: .6em; border-radius: .3em; }
button { min-height: 2.8em; background: #8a4b00; color: #fff; border: 0; }
button.second { background: #fff; color: #8a4b00; border: 1px solid #8a4b00; }
.err { color: #b00000; }
</style>"""

_LINKS = ("<style>a.invite-link { word-break: break-all; }</style><script>"
          "for (const a of document.querySelectorAll('a.invite-link')) "
          "a.textContent = a.href;</script>")

# Claim, or log in / register then claim; a refusal shows the error's texts.
_JS = """<script>
const box = document.querySelector("#invite");
const say = (error, fallback) => {
  const e = error || {};
  box.querySelector(".err").textContent =
    e.texts ? e.texts.vi + " / " + e.texts.en : (e.message || fallback);
};
async function claim() {
  const reply = await fetch(box.dataset.api, {method: "POST",
    headers: {"Accept-Language": "vi"}});
  const data = await reply.json();
  if (reply.ok) { location.href = data.page_url; return; }
  say(data.error, reply.statusText);
}
const claimButton = document.querySelector("#claim");
if (claimButton) claimButton.addEventListener("click", claim);
const login = document.querySelector("#form-login");
if (login) login.addEventListener("submit", async (event) => {
  event.preventDefault();
  const f = new FormData(login);
  const path = event.submitter && event.submitter.value === "register"
    ? "/api/accounts/register" : "/api/accounts/login";
  const reply = await fetch(path, {method: "POST",
    headers: {"Content-Type": "application/json", "Accept-Language": "vi"},
    body: JSON.stringify({username: f.get("username"), password: f.get("password")})});
  if (!reply.ok) { say((await reply.json()).error, reply.statusText); return; }
  await claim();
});
</script>"""


def _both(code: str, **params: object) -> str:
    """Vietnamese, then English under it (smaller)."""
    m = Message.of(code, **params)
    return f"{escape(m.vi)}<span class=\"en\" lang=\"en\">{escape(m.en)}</span>"


def _inline(code: str, **params: object) -> str:
    m = Message.of(code, **params)
    return f"{escape(m.vi)} / {escape(m.en)}"


def invite_page(row: dict[str, Any], inv: dict[str, Any], username: str | None) -> str:
    """The invitation page; ``username``: the logged-in account's (``None``: a guest,
    who gets the log-in/register form)."""
    tid = row["id"]
    api = f"/api/tournaments/{tid}/invitations/{inv['code']}/claim"
    parts = [f"<p id=\"invited\">{_both('INVITE_TO', tournament=row['name'], name=inv['name'])}"
             "</p>"]
    if inv["claimed_name"] is not None:
        parts.append(f"<p id=\"claimed\">{_both('INVITE_CLAIMED_BY', username=inv['claimed_name'])}"
                     "</p>")
    elif row["status"] != "created":
        parts.append(f"<p class=\"err\">{_both('ERR_INVITE_STARTED')}</p>")
    elif username is not None:
        parts.append(f"<button id=\"claim\" type=\"button\">"
                     f"{_both('INVITE_CLAIM', username=username)}</button>")
    else:
        parts.append(
            f"<p>{_both('INVITE_LOGIN_FIRST')}</p><form id=\"form-login\">"
            f"<label>{_inline('INVITE_USERNAME')}<br><input name=\"username\" required "
            "autocomplete=\"username\" maxlength=\"64\"></label>"
            f"<label>{_inline('INVITE_PASSWORD')}<br><input name=\"password\" "
            "type=\"password\" required autocomplete=\"current-password\"></label>"
            f"<button type=\"submit\" value=\"login\">{_inline('INVITE_LOGIN')}</button>"
            f"<button type=\"submit\" value=\"register\" class=\"second\">"
            f"{_inline('INVITE_REGISTER')}</button></form>")
    parts.append("<p class=\"err\" role=\"alert\"></p>")
    parts.append(f"<p><a href=\"/tournaments/{tid}\">{_inline('INVITE_TO_PAGE')}</a></p>")
    title = _inline("INVITE_TITLE")
    return ("<!DOCTYPE html><html lang=\"vi\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{title}</title>{_CSS}</head><body><h1>{_both('INVITE_TITLE')}</h1>"
            f"<section id=\"invite\" data-api=\"{escape(api)}\">{''.join(parts)}</section>"
            f"{_JS}</body></html>")


def invitations_panel(row: dict[str, Any], invites: list[dict[str, Any]]) -> str:
    """The organiser's part of the tournament page: the links of the invitations not
    claimed yet (each with a button that takes it back before the start) and, before the
    start, the form inviting one more player (it posts ``{"names": [name]}``); nothing
    after the start (every place was claimed by then)."""
    tid = row["id"]
    waiting = [invitation_json(tid, r) for r in invites if r["claimed_by"] is None]
    created = row["status"] == "created"
    if not waiting and not created:
        return ""
    items = "".join(f"<li data-invite=\"{escape(i['name'])}\">{escape(i['name'])}: "
                    f"<a class=\"invite-link\" href=\"{escape(i['url'])}\">"
                    f"{escape(i['url'])}</a>{_remove(tid, i) if created else ''}</li>"
                    for i in waiting)
    parts = [f"<h3>{_inline('INVITE_LIST')}</h3>",
             f"<ul id=\"invitations\">{items}</ul>" if waiting
             else f"<p>{_inline('INVITE_NONE_PENDING')}</p>"]
    if created:
        parts.append(f"<form id=\"form-invite\" data-api=\"/api/tournaments/{tid}/invitations\">"
                     f"<b>{_inline('INVITE_ADD')}</b><input name=\"names\" maxlength=\"64\" "
                     f"required><button type=\"submit\">{_inline('TOURNAMENT_SEND')}</button>"
                     "<span class=\"err\" role=\"alert\"></span></form>")
    # The links as the player will open them (this server's address), wrapped on phones.
    parts.append(_LINKS)
    return "\n".join(parts)


def _remove(tid: int, invitation: dict[str, Any]) -> str:
    """The form that takes an unclaimed invitation back (``DELETE``)."""
    api = f"/api/tournaments/{tid}/invitations/{invitation['code']}"
    return (f"<form class=\"uninvite\" data-api=\"{escape(api)}\" data-method=\"DELETE\">"
            f"<button type=\"submit\">{_inline('INVITE_REMOVE')}</button>"
            "<span class=\"err\" role=\"alert\"></span></form>")


def pending_mark() -> str:
    """What the entry list shows beside a place whose invitation is not claimed yet."""
    return f" <i class=\"pending\">({_inline('INVITE_PENDING')})</i>"


INLINE_SCRIPTS = (_JS, _LINKS)
"""The pages' inline scripts, whose hashes the Content-Security-Policy allows."""
