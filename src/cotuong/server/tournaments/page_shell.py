"""The site's frame around the tournament pages the server renders: the same stylesheet
and top bar as every other page (the browser's ``ui/topbar.js``, loaded by
``js/pages/tournament.js``), one language at a time — the visitor's: the site's language
setting (the ``cotuong_lang`` cookie the page module keeps in step with the top bar's
switch), else the browser's ``Accept-Language`` — and the catalog's words for rule sets.

>>> page_lang("en", "vi-VN"), page_lang(None, "en-GB,en"), page_lang("xx", None)
('en', 'en', 'vi')
>>> say("en", "TOURNAMENT_BOARD"), rules_text("vi", "asian").startswith("Luật châu Á")
('Board', True)
>>> tc_text("en", TimeControl("fischer", 900_000, 10_000)), tc_text("vi", None)
('15 min + 10 s per move', 'Không tính giờ')
>>> "<header class=\\"topbar\\">" in site_page("vi", "Giải", "<p>x</p>")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from cotuong.messages import Message
from cotuong.server.errors import lang_of
from cotuong.server.timecontrol import TimeControl

LANG_COOKIE = "cotuong_lang"
RULE_CODES = {"xiangqiplay": "RULES_XIANGQIPLAY", "asian": "RULES_ASIAN"}


def page_lang(cookie: str | None, accept_language: str | None) -> str:
    """The page's language: the site's setting if it names one, else the browser's."""
    if cookie in ("vi", "en"):
        return cookie
    return lang_of(accept_language)


def say(lang: str, code: str, **params: object) -> str:
    """A catalog text in ``lang``, escaped for HTML."""
    return escape(Message.of(code, **params).text(lang))


def rules_text(lang: str, rules: str) -> str:
    """A rule set in words (its id when the catalog has no name for it)."""
    code = RULE_CODES.get(rules)
    return say(lang, code) if code else escape(rules)


def tc_text(lang: str, tc: TimeControl | None) -> str:
    """A time control in words (``TOURNAMENT_UNTIMED`` when there is none)."""
    if tc is None:
        return say(lang, "TOURNAMENT_UNTIMED")
    base = f"{tc.base_ms / 60_000:g}"
    if tc.kind == "fischer":
        return say(lang, "TOURNAMENT_TC_FISCHER", base=base, inc=f"{tc.increment_ms / 1000:g}")
    return say(lang, "TOURNAMENT_TC_BYOYOMI", base=base, period=f"{tc.period_ms / 1000:g}")


def shown_as(shown: Mapping[str, str] | None, name: str) -> str:
    """A player's name as shown (their account's display name), escaped for HTML."""
    return escape((shown or {}).get(name, name))


def site_page(lang: str, title: str, body: str, head: str = "",
              page_class: str = "tournament-page") -> str:
    """A whole page: the site's stylesheet, top bar and page module around ``body``
    (``title`` is plain text; ``head`` more of the head, e.g. the printable tables'
    own styles)."""
    return (
        f"<!DOCTYPE html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1, "
        "viewport-fit=cover\"><meta name=\"theme-color\" content=\"#3b2a1e\">"
        f"<title>{escape(title)}</title>"
        "<link rel=\"icon\" href=\"/static/img/icon.svg\" type=\"image/svg+xml\">"
        f"{head}<link rel=\"stylesheet\" href=\"/static/css/style.css\">"
        "<link rel=\"stylesheet\" href=\"/static/css/tournament.css\"></head>"
        f"<body class=\"{page_class}\" data-lang=\"{lang}\"><header class=\"topbar\"></header>"
        f"<main>{body}</main>"
        "<script type=\"module\" src=\"/static/js/pages/tournament.js\"></script>"
        "</body></html>")
