"""A printable HTML page: standings, crosstable (bảng điểm) and round records.

Headings are in Vietnamese and English.  The page is static (no script), styled
for a phone (viewport, tables that scroll sideways, a narrow layout), a screen and
A4 paper (each round record on its own page, with signature cells for both players
and a line for the arbiter); crosstable cells carry ``data-*`` attributes so a
program (or a test in a real browser) can read them back.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi"], name="Giải CLB")
>>> _ = t.record(1, "Bình", "Chi", "1-0")
>>> page = render_html(t)
>>> "Bảng điểm / Crosstable" in page, 'name="viewport"' in page, "@page { size: A4" in page
(True, True, True)
"""

from __future__ import annotations

from html import escape

from cotuong.tournament.errors import ConfigurationError, fail
from cotuong.tournament.export import round_record
from cotuong.tournament.results import number_text
from cotuong.tournament.standings import StandingRow
from cotuong.tournament.swiss import SwissTournament
from cotuong.tournament.swiss_page import byes_note, wallchart
from cotuong.tournament.tiebreaks import CRITERIA
from cotuong.tournament.tournament import Tournament, TournamentGame

_CSS = """
body { font-family: "Noto Sans", "DejaVu Sans", Arial, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #555; padding: .2em .45em; text-align: center; }
td.name { text-align: left; white-space: nowrap; }
td.self { background: #999; }
td.sign { min-width: 7em; }
span.r { color: #b00000; font-weight: bold; } span.b { color: #000; font-weight: bold; }
td.game span.c { font-size: .7em; vertical-align: super; }
.note { font-size: .85em; color: #333; } .warn { color: #8a4b00; font-weight: bold; }
dl.details { display: grid; grid-template-columns: max-content 1fr; gap: .15em 1em; }
dl.details dt { font-weight: bold; } dl.details dd { margin: 0; }
div.scroll { overflow-x: auto; max-width: 100%; }
section.round { break-inside: avoid; }
p.signature { margin-top: 2.2em; }
@media (max-width: 640px) {
  body { margin: .5em; font-size: 15px; }
  th, td { padding: .15em .3em; }
  td.name { white-space: normal; min-width: 6em; }
  td.sign { min-width: 3em; }
  dl.details { grid-template-columns: 1fr; } dl.details dd { margin-bottom: .3em; }
}
@page { size: A4; margin: 12mm; }
@media print {
  body { margin: 0; font-size: 10pt; }
  div.scroll { overflow: visible; }
  section.round { break-before: page; page-break-before: always; }
  td.sign { min-width: 9em; height: 2.2em; }
  a { color: inherit; text-decoration: none; }
}
"""


def _cell_text(t: Tournament, games: list[TournamentGame], me: int) -> list[tuple[str, str, str]]:
    """(points text, colour 'r'/'b', result) for each game of ``me`` in ``games``."""
    out = []
    for g in games:
        red = g.red == me
        pts = number_text(t.scoring.points(g.result, red))
        if g.result.forfeit:
            pts = "+" if g.result.outcome(red) == "win" else "−"
        out.append((pts, "r" if red else "b", g.result.text))
    return out


def _standings_table(t: Tournament, rows: tuple[StandingRow, ...]) -> str:
    heads = ["Hạng<br>Rank", "Số<br>No.", "Đấu thủ<br>Entrant", "Điểm<br>Points",
             "Số ván<br>Games", "Thắng<br>Wins", "Thắng quân đen<br>Wins with Black"]
    heads += [f"{escape(CRITERIA[k].label_vi)}<br>{escape(CRITERIA[k].label_en)}"
              for k in t.tiebreak_keys]
    heads.append("Ghi chú<br>Notes")
    lines = ["<table id=\"standings\"><thead><tr>"
             + "".join(f"<th>{h}</th>" for h in heads) + "</tr></thead><tbody>"]
    people = {p.number: p for p in t.players}
    for r in rows:
        p = people[r.number]
        known = [x for x in (p.title, p.club, "" if p.rating is None else str(p.rating)) if x]
        name = escape(r.player)
        if known:  # title, club (đơn vị), rating
            name += f" <span class=\"note\">({escape(', '.join(known))})</span>"
        cells = [escape(r.rank_text), str(r.number), name, number_text(r.points),
                 str(r.games), str(r.wins), str(r.wins_black)]
        cells += [number_text(v) for _, v in r.tiebreaks]
        notes = []
        if r.lots == "pending":
            notes.append("bốc thăm / drawing of lots")
        elif r.lots == "tied":
            notes.append("đồng hạng / shared rank")
        elif r.lots == "drawn":
            notes.append("theo bốc thăm / by lots")
        if r.withdrawn:
            notes.append("bỏ cuộc / withdrew")
        cells.append("; ".join(notes))
        tds = [f"<td>{c}</td>" if i != 2 else f"<td class=\"name\">{c}</td>"
               for i, c in enumerate(cells)]
        tds[-1] = f"<td class=\"note\">{cells[-1]}</td>"
        lines.append(f"<tr data-number=\"{r.number}\">" + "".join(tds) + "</tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)


def _crosstable(t: Tournament, rows: tuple[StandingRow, ...], last: int, order: str) -> str:
    """The crosstable in draw order, or (``order="rank"``) rows and columns by rank."""
    ordered = list(rows) if order == "rank" else sorted(rows, key=lambda r: r.number)
    by_pair: dict[frozenset[int], list[TournamentGame]] = {}
    for g in t.games():  # in round order, so a double round robin's cells read in order
        if g.round <= last:
            by_pair.setdefault(frozenset((g.red, g.black)), []).append(g)
    nums = [r.number for r in ordered]
    first = "<th>Hạng<br>Rank</th><th>Số<br>No.</th>" if order == "rank" else \
        "<th>Số<br>No.</th>"
    cols = [str(i) for i in range(1, len(nums) + 1)] if order == "rank" else \
        [str(n) for n in nums]
    head = (f"<tr>{first}<th>Đấu thủ<br>Entrant</th>"
            + "".join(f"<th>{c}</th>" for c in cols)
            + "<th>Điểm<br>Points</th><th>Hạng<br>Rank</th></tr>")
    body = []
    for pos, r in enumerate(ordered, 1):
        tds = [f"<td>{pos}</td>"] if order == "rank" else []
        tds += [f"<td>{r.number}</td>", f"<td class=\"name\">{escape(r.player)}</td>"]
        for opp in nums:
            if opp == r.number:
                tds.append("<td class=\"self\">×</td>")
                continue
            games = _cell_text(t, by_pair.get(frozenset((r.number, opp)), []), r.number)
            inner = " ".join(f"<span class=\"{c}\" data-result=\"{escape(res)}\">{escape(p)}"
                             f"<span class=\"c\">{'Đỏ' if c == 'r' else 'Đen'}</span></span>"
                             for p, c, res in games)
            tds.append(f"<td class=\"game\" data-opponent=\"{opp}\">{inner}</td>")
        points = number_text(r.points)
        tds.append(f"<td class=\"points\">{points}</td><td>{escape(r.rank_text)}</td>")
        body.append(f"<tr data-number=\"{r.number}\">" + "".join(tds) + "</tr>")
    legend = ("Hàng và cột theo thứ hạng; cột ghi hạng. — Rows and columns in rank order; "
              "columns are numbered by rank. " if order == "rank" else "")
    return ("<div class=\"scroll\"><table id=\"crosstable\" data-order=\"" + order
            + "\"><thead>" + head + "</thead><tbody>" + "\n".join(body) + "</tbody></table>"
            "</div><p class=\"note\">" + legend + "Ô: điểm ván đấu, chữ nhỏ là màu quân "
            "(Đỏ/Đen); + / − thắng, thua do bỏ cuộc. — Cell: points of the game, small text "
            "is the colour played (Đỏ = Red, Đen = Black); + / − forfeit win or loss.</p>")


def _round_section(t: Tournament, round_no: int) -> str:
    """A round's record (biên bản) with signature cells for both players and a line for
    the arbiter."""
    done, total = t.progress(round_no)
    lines = [f"<section class=\"round\" id=\"round-{round_no}\">",
             f"<h2>Biên bản vòng {round_no} / Round {round_no} record</h2>"]
    if done < total:
        lines.append(f"<p class=\"note warn\">Mới có {done}/{total} ván có kết quả / "
                     f"{done} of {total} games have a result.</p>")
    lines.append("<div class=\"scroll\"><table class=\"record\"><thead><tr>"
                 "<th>Bàn<br>Board</th><th>Đỏ<br>Red</th><th>Ký tên<br>Signature</th>"
                 "<th>Đen<br>Black</th><th>Ký tên<br>Signature</th>"
                 "<th>Kết quả<br>Result</th></tr></thead><tbody>")
    rests = []
    for e in round_record(t, round_no):
        if e.rests:
            rests.append(f"<p class=\"rest\">Nghỉ / Rest: {t.player(e.rests).number}. "
                         f"{escape(e.rests)}</p>")
            continue
        note = " (bỏ cuộc / withdrawal)" if e.forfeit_on_withdrawal else ""
        if e.corrections:
            note += " (đã sửa / corrected)"
        lines.append(f"<tr><td>{e.board}</td><td class=\"name\">{e.red_number}. {escape(e.red)}"
                     f"</td><td class=\"sign\"></td><td class=\"name\">{e.black_number}. "
                     f"{escape(e.black)}</td><td class=\"sign\"></td>"
                     f"<td>{escape(e.result) or '…'}{note}</td></tr>")
    lines.append("</tbody></table></div>")
    lines += rests
    arbiter = escape(t.details.chief_arbiter)
    lines.append("<p class=\"signature\">Trọng tài (ký, ghi rõ họ tên) / Arbiter (signature, "
                 f"name): ……………………………… {arbiter}</p></section>")
    return "\n".join(lines)


def _details(t: Tournament) -> str:
    d = t.details
    items = [(label, value) for label, value in (
        ("Địa điểm / Venue", d.venue), ("Thời gian / Dates", d.dates),
        ("Tổng trọng tài / Chief arbiter", d.chief_arbiter),
        ("Thời gian thi đấu / Time control", d.time_control)) if value]
    if not items:
        return ""
    return ("<dl class=\"details\">" + "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>"
                                             for k, v in items) + "</dl>")


def render_html(t: Tournament, after_round: int | None = None, crosstable: str = "draw") -> str:
    """The whole page after ``after_round`` (default: the current round); the crosstable
    in draw order or (``crosstable="rank"``) in rank order."""
    if crosstable not in ("draw", "rank"):
        raise fail(ConfigurationError, "T_BAD_CROSSTABLE", value=repr(crosstable))
    last = t.current_round if after_round is None else after_round
    rows = t.standings(last)
    title = escape(t.title or "Giải cờ tướng")
    scoring = "/".join(number_text(x) for x in t.scoring.as_tuple())
    kind = "vòng tròn hai lượt / double round robin" if t.double \
        else "vòng tròn / round robin"
    swiss = isinstance(t, SwissTournament)
    if swiss:
        kind = f"hệ Thụy Sĩ {t.rounds} vòng / {t.rounds}-round Swiss (FIDE Dutch)"
    warn = "".join(f"<p class=\"note warn\">Vòng {r} mới có {d}/{n} ván có kết quả / round "
                   f"{r}: {d} of {n} games have a result.</p>"
                   for r, d, n in t.incomplete_rounds(last))
    parts = [
        "<!DOCTYPE html>", "<html lang=\"vi\"><head><meta charset=\"utf-8\">",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
        f"<title>{title}</title><style>{_CSS}</style></head><body>",
        f"<h1>{title}</h1>", _details(t),
        f"<p class=\"note\">{len(t.players)} đấu thủ / players, {kind}; "
        f"thắng/hòa/thua = {scoring} điểm (win/draw/loss points).</p>",
        f"<h2 id=\"standings-heading\">Bảng xếp hạng sau vòng {last} / "
        f"Standings after round {last}</h2>", warn,
        "<div class=\"scroll\">" + _standings_table(t, rows) + "</div>",
    ]
    if isinstance(t, SwissTournament):  # a wall chart: a 126-column crosstable prints on no A4
        parts += ["<h2>Bảng tổng hợp / Wall chart</h2>", wallchart(t, rows, last)]
        # Every paired round, so the sheet of the round about to be played prints too.
        parts += [_round_section(t, r) + byes_note(t, r) for r in range(1, t.paired_rounds + 1)]
    else:
        parts += ["<h2>Bảng điểm / Crosstable</h2>", _crosstable(t, rows, last, crosstable)]
        parts += [_round_section(t, r) for r in range(1, last + 1)]
    parts.append("</body></html>")
    return "\n".join(parts)
