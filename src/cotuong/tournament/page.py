"""A printable HTML page: standings, crosstable (bảng điểm) and round records.

Headings are in Vietnamese and English.  The page is static (no script), styled
for screen and paper; crosstable cells carry ``data-*`` attributes so a program
(or a test in a real browser) can read them back.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi"], name="Giải CLB")
>>> _ = t.record(1, "Bình", "Chi", "1-0")
>>> "Bảng điểm / Crosstable" in render_html(t)
True
"""

from __future__ import annotations

from html import escape

from cotuong.tournament.export import round_record
from cotuong.tournament.results import Number
from cotuong.tournament.standings import StandingRow
from cotuong.tournament.tiebreaks import CRITERIA
from cotuong.tournament.tournament import Tournament, TournamentGame

_CSS = """
body { font-family: "Noto Sans", "DejaVu Sans", Arial, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.5em; margin-bottom: .2em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #555; padding: .2em .45em; text-align: center; }
td.name { text-align: left; white-space: nowrap; }
td.self { background: #999; }
span.r { color: #b00000; font-weight: bold; } span.b { color: #000; font-weight: bold; }
td.game span.c { font-size: .7em; vertical-align: super; }
.note { font-size: .85em; color: #333; }
section.round { break-inside: avoid; }
@media print { body { margin: 0; } section.round { page-break-inside: avoid; } }
"""


def _n(value: Number | None) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


def _cell_text(t: Tournament, games: list[TournamentGame], me: int) -> list[tuple[str, str, str]]:
    """(points text, colour 'r'/'b', result) for each game of ``me`` in ``games``."""
    out = []
    for g in games:
        red = g.red == me
        pts = _n(t.scoring.points(g.result, red))
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
    for r in rows:
        cells = [escape(r.rank_text), str(r.number), escape(r.player), _n(r.points),
                 str(r.games), str(r.wins), str(r.wins_black)]
        cells += [_n(v) for _, v in r.tiebreaks]
        notes = []
        if r.lots == "pending":
            notes.append("bốc thăm / drawing of lots")
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


def _crosstable(t: Tournament, rows: tuple[StandingRow, ...], last: int) -> str:
    by_number = sorted(rows, key=lambda r: r.number)
    by_pair: dict[frozenset[int], list[TournamentGame]] = {}
    for g in t.games():  # in round order, so a double round robin's cells read in order
        if g.round <= last:
            by_pair.setdefault(frozenset((g.red, g.black)), []).append(g)
    nums = [r.number for r in by_number]
    head = ("<tr><th>Số<br>No.</th><th>Đấu thủ<br>Entrant</th>"
            + "".join(f"<th>{n}</th>" for n in nums)
            + "<th>Điểm<br>Points</th><th>Hạng<br>Rank</th></tr>")
    body = []
    for r in by_number:
        tds = [f"<td>{r.number}</td>", f"<td class=\"name\">{escape(r.player)}</td>"]
        for opp in nums:
            if opp == r.number:
                tds.append("<td class=\"self\">×</td>")
                continue
            games = _cell_text(t, by_pair.get(frozenset((r.number, opp)), []), r.number)
            inner = " ".join(f"<span class=\"{c}\" data-result=\"{escape(res)}\">{escape(p)}"
                             f"<span class=\"c\">{'Đỏ' if c == 'r' else 'Đen'}</span></span>"
                             for p, c, res in games)
            tds.append(f"<td class=\"game\" data-opponent=\"{opp}\">{inner}</td>")
        tds.append(f"<td class=\"points\">{_n(r.points)}</td><td>{escape(r.rank_text)}</td>")
        body.append(f"<tr data-number=\"{r.number}\">" + "".join(tds) + "</tr>")
    return ("<table id=\"crosstable\"><thead>" + head + "</thead><tbody>"
            + "\n".join(body) + "</tbody></table>"
            "<p class=\"note\">Ô: điểm ván đấu, chữ nhỏ là màu quân (Đỏ/Đen); + / − thắng, thua "
            "do bỏ cuộc. — Cell: points of the game, small text is the colour played "
            "(Đỏ = Red, Đen = Black); + / − forfeit win or loss.</p>")


def _round_section(t: Tournament, round_no: int) -> str:
    lines = [f"<section class=\"round\" id=\"round-{round_no}\">",
             f"<h2>Biên bản vòng {round_no} / Round {round_no} record</h2>",
             "<table><thead><tr><th>Bàn<br>Board</th><th>Đỏ<br>Red</th><th>Đen<br>Black</th>"
             "<th>Kết quả<br>Result</th></tr></thead><tbody>"]
    for e in round_record(t, round_no):
        if e.rests:
            lines.append(f"<tr><td>{e.board}</td><td colspan=\"2\" class=\"name\">"
                         f"{escape(e.rests)} nghỉ / rests</td><td></td></tr>")
            continue
        note = " (bỏ cuộc / withdrawal)" if e.forfeit_on_withdrawal else ""
        if e.corrections:
            note += " (đã sửa / corrected)"
        lines.append(f"<tr><td>{e.board}</td><td class=\"name\">{e.red_number}. {escape(e.red)}"
                     f"</td><td class=\"name\">{e.black_number}. {escape(e.black)}</td>"
                     f"<td>{escape(e.result) or '…'}{note}</td></tr>")
    lines.append("</tbody></table></section>")
    return "\n".join(lines)


def render_html(t: Tournament, after_round: int | None = None) -> str:
    """The whole page after ``after_round`` (default: every round)."""
    last = after_round if after_round is not None else t.rounds
    rows = t.standings(after_round)
    title = escape(t.name or "Giải cờ tướng")
    scoring = "/".join(_n(x) for x in t.scoring.as_tuple())
    kind = "vòng tròn hai lượt / double round robin" if t.double \
        else "vòng tròn / round robin"
    parts = [
        "<!DOCTYPE html>", "<html lang=\"vi\"><head><meta charset=\"utf-8\">",
        f"<title>{title}</title><style>{_CSS}</style></head><body>",
        f"<h1>{title}</h1>",
        f"<p class=\"note\">{len(t.players)} đấu thủ / players, {kind}; "
        f"thắng/hòa/thua = {scoring} điểm (win/draw/loss points).</p>",
        f"<h2 id=\"standings-heading\">Bảng xếp hạng sau vòng {last} / "
        f"Standings after round {last}</h2>",
        _standings_table(t, rows),
        "<h2>Bảng điểm / Crosstable</h2>",
        _crosstable(t, rows, last),
    ]
    parts += [_round_section(t, r) for r in range(1, last + 1)]
    parts.append("</body></html>")
    return "\n".join(parts)
