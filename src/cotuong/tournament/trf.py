"""FIDE's Tournament Report File (TRF-16) of a round robin or a Swiss event.

The layout is the FIDE Handbook's TRF-16 (the "001" player lines with fixed columns,
each round a block ``oooo c r``: opponent, colour, result), as pairing programs
(JaVaFo, bbpPairings, py4swiss) read it. Red is White (Red moves first). Byes and
absences have opponent ``0000``: ``U`` the pairing-allocated bye, ``H``/``F``/``Z`` a
requested bye worth a draw / a win / nothing, ``Z`` an absence (a late entry's missed
rounds, a withdrawn player's, a round robin's rest). Forfeits are ``+``/``-``.

Points are written in the event's scoring; when it is not 1/½/0 an ``XXS`` line (the
JaVaFo extension pairing programs read) says what each result is worth, and ``XXR``
gives the number of rounds. Pairing numbers: the draw numbers of a round
robin, the initial ranking of a Swiss event (rating, then draw number).

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi", "Dũng"], name="CLB")
>>> _ = t.record(1, "An", "Dũng", "1-0")
>>> text = trf_text(t)
>>> text.splitlines()[0]
'012 CLB'
>>> an = [line for line in text.splitlines() if line.startswith("001")][0]
>>> an[:16], an[80:89], an[89:]
('001    1      An', ' 2.0    1', '     4 w 1')
"""

from __future__ import annotations

from collections.abc import Mapping

from cotuong.tournament.results import Number, Result
from cotuong.tournament.tournament import Tournament

FIDE_TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")  # others are left out
NAME_WIDTH = 33


def _decimal(value: Number) -> str:
    return f"{float(value):.1f}"


def pairing_numbers(t: Tournament) -> dict[int, int]:
    """Draw number -> TRF pairing number (the initial ranking of a Swiss event)."""
    order = getattr(t, "initial_ranking", None)
    numbers = order() if callable(order) else tuple(p.number for p in t.players)
    return {n: i for i, n in enumerate(numbers, 1)}


def _absences(t: Tournament, round_no: int) -> dict[int, str]:
    found = getattr(t, "absences", None)
    if callable(found):
        return dict(found(round_no))
    return {p.rester: "absent" for p in t.schedule[round_no - 1] if p.rester is not None}


def _game_cell(result: Result | None, red: bool) -> str:
    if result is None:
        return " "  # paired, no result yet
    outcome = result.outcome(red)
    if result.forfeit:
        return "+" if outcome == "win" else "-"
    return {"win": "1", "draw": "=", "loss": "0"}[outcome]


def round_cells(t: Tournament, round_no: int, ids: Mapping[int, int]) -> dict[int, str]:
    """Each player's 8-character block for one round (draw number -> ``oooo c r``)."""
    cells: dict[int, str] = {}
    for p in t.schedule[round_no - 1]:
        if p.bye:
            continue
        game = t.result_of(round_no, p.board)
        result = None if game is None else game.result
        cells[p.red] = f"{ids[p.black]:>4} w {_game_cell(result, True)}"
        cells[p.black] = f"{ids[p.red]:>4} b {_game_cell(result, False)}"
    scoring = t.scoring
    for number, kind in _absences(t, round_no).items():
        if kind == "pab":
            code = "U"
        elif kind == "requested":
            worth = getattr(t, "requested_bye_points", scoring.draw)
            code = "F" if worth == scoring.win else "H" if worth == scoring.draw else "Z"
        else:
            code = "Z"
        cells[number] = f"0000 - {code}"
    return cells


def player_lines(t: Tournament, upto: int, ids: Mapping[int, int]) -> list[str]:
    """The ``001`` lines, in pairing-number order, with rounds ``1..upto``."""
    rows = t.standings(upto) if upto else ()
    points = {r.number: r.points for r in rows}
    ranks = {r.number: r.rank for r in rows}
    cells = [round_cells(t, r, ids) for r in range(1, upto + 1)]
    out = []
    for number, pid in sorted(ids.items(), key=lambda kv: kv[1]):
        p = t.players[number - 1]
        title = p.title.upper().strip() if p.title.upper().strip() in FIDE_TITLES else ""
        rating = "" if p.rating is None else str(p.rating)
        head = (f"001 {pid:>4}  {title:>3} {p.name[:NAME_WIDTH]:<{NAME_WIDTH}} {rating:>4} "
                f"{'':<3} {'':>11} {'':<10} {_decimal(points.get(number, 0)):>4} "
                f"{ranks.get(number, pid):>4}")
        blocks = "".join("  " + c.get(number, "0000 - Z") for c in cells)
        out.append((head + blocks).rstrip())
    return out


def scoring_line(t: Tournament, bye: Number | None = None,
                 requested: Number | None = None) -> str:
    """The ``XXS`` line: what each result is worth (JaVaFo's codes)."""
    s = t.scoring
    values = {"WW": s.win, "BW": s.win, "WD": s.draw, "BD": s.draw, "WL": s.loss,
              "BL": s.loss, "FW": s.win, "FL": s.loss, "ZPB": 0, "HPB": s.draw,
              "FPB": s.win, "PAB": s.win if bye is None else bye}
    return "XXS " + " ".join(f"{k}={_decimal(v)}" for k, v in values.items())


def trf_text(t: Tournament, upto: int | None = None) -> str:
    """The TRF-16 of ``t`` with rounds ``1..upto`` (default: every round with a result)."""
    last = t.current_round if upto is None else upto
    ids = pairing_numbers(t)
    d = t.details
    system = getattr(t, "system", "round_robin")
    kind = "Swiss System (FIDE Dutch)" if system == "swiss" else (
        "Double Round Robin" if t.double else "Round Robin")
    head = [f"012 {t.title}", f"022 {d.venue}", f"042 {d.dates}",
            f"062 {len(t.players)}", f"092 {kind}", f"102 {d.chief_arbiter}",
            f"122 {d.time_control}"]
    lines = [h for h in head if h[4:].strip()]
    lines += player_lines(t, last, ids)
    lines.append(f"XXR {t.rounds}")  # JaVaFo's; pairing programs' parsers require it
    if t.scoring.as_tuple() != (1, 0.5, 0) or system == "swiss":
        lines.append(scoring_line(t, getattr(t, "bye_points", None)))
    return "\n".join(lines) + "\n"
