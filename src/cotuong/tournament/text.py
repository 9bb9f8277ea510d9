"""Plain-text pairing sheets and standings in Vietnamese or English (for a terminal, a
notice board, a chat message); the words come from the message catalog.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi"], name="CLB")
>>> print("\\n".join(pairings_text(t, 1, "vi")))
CLB — vòng 1
Bàn  Đỏ  –  Đen  Kết quả
  1  2. Bình  –  3. Chi  …
Nghỉ  1. An
"""

from __future__ import annotations

from collections.abc import Sequence

from cotuong.messages import Message
from cotuong.tournament.export import round_record
from cotuong.tournament.results import number_text
from cotuong.tournament.standings import StandingRow
from cotuong.tournament.tiebreaks import CRITERIA
from cotuong.tournament.tournament import Tournament


def say(lang: str, code: str, **params: object) -> str:
    """One catalog message in ``lang``."""
    return Message.of(code, **params).text(lang)


def event_title(t: Tournament, lang: str) -> str:
    """The event's name for headings (a nameless one still gets a heading)."""
    return t.title.strip() or say(lang, "TX_NAMELESS")


def pairings_text(t: Tournament, round_no: int, lang: str) -> list[str]:
    """A round's pairing sheet with the results so far; the rest is "Nghỉ" (Rest)."""
    entries = round_record(t, round_no)  # a bad round is refused before any output
    lines = [say(lang, "TX_ROUND_HEADING", title=event_title(t, lang), round=round_no),
             say(lang, "TX_PAIRING_HEAD")]
    rests = []
    for e in entries:
        if e.rests:
            rests.append(say(lang, "TX_REST_LINE", number=t.player(e.rests).number,
                             name=e.rests))
            continue
        result = e.result or "…"
        if e.forfeit_on_withdrawal:
            result += " " + say(lang, "TX_BY_WITHDRAWAL")
        lines.append(f"{e.board:3d}  {e.red_number}. {e.red}  –  {e.black_number}. {e.black}"
                     f"  {result}")
    return lines + rests


def _table(rows: Sequence[Sequence[str]], left: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) if i in left else c.rjust(w)
                      for i, (c, w) in enumerate(zip(r, widths, strict=True))).rstrip()
            for r in rows]


def standings_heading(t: Tournament, last: int, lang: str) -> str:
    """``<name> — bảng xếp hạng sau vòng N`` (or before any result)."""
    code = "TX_STANDINGS_AFTER" if last else "TX_STANDINGS_BEFORE"
    return say(lang, code, title=event_title(t, lang), round=last)


def standings_text(t: Tournament, rows: Sequence[StandingRow], lang: str) -> list[str]:
    """The standings as an aligned table; club and rating columns when any is known."""
    by_number = {p.number: p for p in t.players}
    clubs = any(p.club for p in t.players)
    ratings = any(p.rating is not None for p in t.players)
    heads = [say(lang, "TX_COL_RANK"), say(lang, "TX_COL_NUMBER"), say(lang, "TX_COL_PLAYER")]
    heads += [say(lang, "TX_COL_CLUB")] if clubs else []
    heads += [say(lang, "TX_COL_RATING")] if ratings else []
    heads += [say(lang, c) for c in ("TX_COL_POINTS", "TX_COL_GAMES", "TX_COL_WINS",
                                     "TX_COL_WINS_BLACK")]
    heads += [CRITERIA[k].label_vi if lang == "vi" else CRITERIA[k].label_en
              for k in t.tiebreak_keys]
    table = [heads]
    for r in rows:
        p = by_number[r.number]
        name = (f"{p.title} " if p.title else "") + r.player
        if r.withdrawn:
            name += " " + say(lang, "TX_WITHDREW")
        cells = [r.rank_text, str(r.number), name]
        cells += [p.club] if clubs else []
        cells += [str(p.rating) if p.rating is not None else ""] if ratings else []
        cells += [number_text(r.points), str(r.games), str(r.wins), str(r.wins_black),
                  *(number_text(v) for _, v in r.tiebreaks)]
        table.append(cells)
    return _table(table, {2, 3} if clubs else {2})
