"""A printable HTML page of a knockout: the bracket round by round, each match with
its games (the ladder's rungs marked), how it was decided, and the final placings.
Headings in Vietnamese and English, A4 like the round robin's page.

>>> from cotuong.tournament.knockout import Knockout
>>> ko = Knockout(["An", "Bình", "Chi"], name="Giải lễ hội")
>>> page = bracket_html(ko)
>>> "Nhánh đấu / Bracket" in page, "@page { size: A4" in page, "miễn đấu / bye" in page
(True, True, True)
"""

from __future__ import annotations

from html import escape

from cotuong.tournament.knockout import Knockout
from cotuong.tournament.knockout_bracket import Match
from cotuong.tournament.page import _CSS, _details  # one look for every printed page

STAGES = {"game": "ván chính / game", "replay": "đấu lại / replay",
          "rapid": "cờ nhanh / rapid", "blitz": "cờ chớp / blitz",
          "lots": "bốc thăm / lots", "bye": "miễn đấu / bye"}


def _round_name(ko: Knockout, r: int) -> str:
    left = ko.rounds - r
    if left == 0:
        return "Chung kết / Final"
    if left == 1:
        return "Bán kết / Semi-finals"
    if left == 2:
        return "Tứ kết / Quarter-finals"
    return f"Vòng {r} / Round {r}"


def _player(ko: Knockout, number: int | None, m: Match) -> str:
    if number is None:
        return "miễn đấu / bye" if m.decided_by == "bye" else "—"
    return f"{escape(ko.name_of(number))} ({number})"


def _match_row(ko: Knockout, m: Match) -> str:
    games = "<br>".join(
        f"{escape(STAGES[g.stage])} {g.number}: <span class=\"r\">{escape(ko.name_of(g.red))}"
        f"</span> – <span class=\"b\">{escape(ko.name_of(g.black))}</span> {g.result.text}"
        for g in m.games)
    if m.winner is not None:
        decided = f"{escape(ko.name_of(m.winner))} ({escape(STAGES[m.decided_by])})"
    elif m.waiting_for_lots:
        decided = "chờ bốc thăm / lots to draw"
    else:
        decided = ""
    return (f"<tr data-match=\"{m.id}\"><td>{m.id}</td><td class=\"name\">{_player(ko, m.a, m)}"
            f"</td><td class=\"name\">{_player(ko, m.b, m)}</td><td class=\"name\">{games}</td>"
            f"<td class=\"name\">{decided}</td></tr>")


def bracket_html(ko: Knockout) -> str:
    """The whole page as it stands."""
    title = escape(ko.title or "Giải cờ tướng")
    ladder = ", ".join(f"{STAGES[k]} ×{n}" for k, n in ko.ladder) or "—"
    parts = ["<!DOCTYPE html>", "<html lang=\"vi\"><head><meta charset=\"utf-8\">",
             "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
             f"<title>{title}</title><style>{_CSS}</style></head><body>",
             f"<h1>{title}</h1>", _details(ko),  # type: ignore[arg-type]
             f"<p class=\"note\">{len(ko.players)} đấu thủ / players, đấu loại trực tiếp / "
             f"knockout; mỗi trận {ko.games} ván / games per match; phân định / tie-breaks: "
             f"{escape(ladder)}, rồi bốc thăm / then lots."
             + (f" Hạt giống từ / seeded from: {escape(ko.source)}." if ko.source else "")
             + "</p>", "<h2>Nhánh đấu / Bracket</h2>"]
    head = ("<tr><th>Trận / Match</th><th>Đấu thủ / Player</th><th>Đấu thủ / Player</th>"
            "<th>Các ván / Games</th><th>Đi tiếp / Through</th></tr>")
    for r in range(1, ko.rounds + 1):
        rows = "".join(_match_row(ko, m) for m in ko.matches(r))
        parts.append(f"<section class=\"bracket\"><h2>{_round_name(ko, r)}</h2>"
                     f"<div class=\"scroll\"><table>{head}{rows}</table></div></section>")
    placings = ko.ranking()
    if placings:
        rows = "".join(f"<tr><td>{p}</td><td class=\"name\">{escape(n)}</td></tr>"
                       for p, n in placings)
        parts.append("<h2>Xếp hạng / Placings</h2><table><tr><th>Hạng / Place</th>"
                     f"<th>Đấu thủ / Player</th></tr>{rows}</table>")
    parts.append("</body></html>")
    return "\n".join(parts)
