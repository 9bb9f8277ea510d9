"""The Swiss parts of the printable page: the wall chart (each player's rounds:
opponent's rank, colour, result) in place of a round robin's crosstable, and the byes
under each round's pairing sheet.

>>> from cotuong.tournament.swiss import SwissTournament
>>> t = SwissTournament(["An", "Bình", "Chi"], rounds=2)
>>> _ = t.pair_round([("An", "Bình")], bye="Chi")
>>> _ = t.record(1, "An", "Bình", "1-0")
>>> 'data-round="1">3Đ 1<' in wallchart(t, t.standings(1), 1)
True
>>> _ = t.request_bye("An")
>>> _ = t.pair_round([("Chi", "Bình")])
>>> byes_note(t, 2)
'<p class="rest">Xin nghỉ / Requested bye: 1. An</p>'
"""

from __future__ import annotations

from html import escape

from cotuong.tournament.standings import StandingRow
from cotuong.tournament.swiss import SwissTournament


def _points_text(points: float) -> str:
    return "½" if points == 0.5 else str(int(points)) if float(points).is_integer() \
        else str(points)


def wallchart(t: SwissTournament, rows: tuple[StandingRow, ...], last: int) -> str:
    """The wall chart in rank order: per round ``<opponent's rank><Đ|Đn> <points>``."""
    rank_of = {r.number: i for i, r in enumerate(rows, 1)}
    cells: dict[tuple[int, int], str] = {}
    for r in range(1, last + 1):
        for p in t.schedule[r - 1]:
            if p.bye:
                continue
            g = t.result_of(r, p.board)
            for me, other, red in ((p.red, p.black, True), (p.black, p.red, False)):
                pts = "…" if g is None else _points_text(
                    1.0 if g.result.outcome(red) == "win" else
                    0.5 if g.result.outcome(red) == "draw" else 0.0)
                if g is not None and g.result.forfeit:
                    pts = "+" if g.result.outcome(red) == "win" else "−"
                cells[(me, r)] = f"{rank_of.get(other, '')}{'Đ' if red else 'Đn'} {pts}"
        for number, kind in t.absences(r).items():
            cells[(number, r)] = {"pab": "+ (BC)", "requested": "xin nghỉ",
                                  "absent": "—"}[kind]
    head = ("<tr><th>Hạng<br>Rank</th><th>Số<br>No.</th><th>Đấu thủ<br>Entrant</th>"
            + "".join(f"<th>V{r}<br>R{r}</th>" for r in range(1, last + 1))
            + "<th>Điểm<br>Points</th></tr>")
    body = []
    for row in rows:
        tds = "".join(f"<td data-round=\"{r}\">{escape(cells.get((row.number, r), ''))}</td>"
                      for r in range(1, last + 1))
        body.append(f"<tr data-number=\"{row.number}\"><td>{escape(row.rank_text)}</td>"
                    f"<td>{row.number}</td><td class=\"name\">{escape(row.player)}</td>{tds}"
                    f"<td class=\"points\">{row.points}</td></tr>")
    return ("<div class=\"scroll\"><table id=\"wallchart\"><thead>" + head + "</thead><tbody>"
            + "\n".join(body) + "</tbody></table></div><p class=\"note\">Ô: hạng của đối "
            "thủ, màu quân (Đ = Đỏ, Đn = Đen), kết quả (1, ½, 0; + / − thắng, thua do bỏ "
            "cuộc); + (BC): miễn đấu do bốc cặp. — Cell: the opponent's rank, the colour "
            "(Đ = Red, Đn = Black), the result; + (BC): pairing-allocated bye.</p>")


def byes_note(t: SwissTournament, round_no: int) -> str:
    """The requested byes of a round, under its pairing sheet (the pairing-allocated bye
    is the sheet's "Nghỉ / Rest" line)."""
    parts = [f"{t.player(name).number}. {escape(name)}"
             for name, kind in t.byes(round_no) if kind == "requested"]
    return f"<p class=\"rest\">Xin nghỉ / Requested bye: {'; '.join(parts)}</p>" if parts \
        else ""
