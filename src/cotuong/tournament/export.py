"""Round records (biên bản) and standings as CSV and JSON, and their readers.

Readers give back exactly what was written (tests round-trip them), so a
published file can be checked or re-imported.  The printable HTML page is in
:mod:`cotuong.tournament.page`.

>>> from cotuong.tournament import Tournament
>>> t = Tournament(["An", "Bình", "Chi"])
>>> _ = t.record(1, "Bình", "Chi", "0-1")
>>> rows = t.standings()
>>> standings_from_csv(standings_to_csv(rows, t.tiebreak_keys)) == rows
True
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cotuong.tournament.errors import ExportFormatError
from cotuong.tournament.results import Number, number_text
from cotuong.tournament.standings import LOTS_VALUES, StandingRow
from cotuong.tournament.tournament import Tournament

STANDINGS_FORMAT = "cotuong-standings/1"
ROUND_FORMAT = "cotuong-round/1"
_BASE = ("rank", "number", "player", "points", "games", "wins", "wins_black")
_TAIL = ("lots", "withdrawn")
_ROUND_FIELDS = ("round", "board", "red_number", "red", "black_number", "black", "result",
                 "rests", "forfeit_on_withdrawal", "corrections", "pgn")


@dataclass(frozen=True)
class RoundEntry:
    """One line of a round's record: a game (result may be pending) or a rest."""

    round: int
    board: int
    red_number: int | None
    red: str
    black_number: int | None
    black: str
    result: str  # "" while pending
    rests: str = ""
    forfeit_on_withdrawal: bool = False
    corrections: int = 0
    pgn: str = ""


def round_record(t: Tournament, round_no: int) -> tuple[RoundEntry, ...]:
    """The record of a round: every board, its players, result and attached game."""
    out = []
    for p in t.pairings(round_no):
        if p.rests is not None:
            out.append(RoundEntry(p.round, p.board, None, "", None, "", "", rests=p.rests))
            continue
        red, black = t.player(p.red or ""), t.player(p.black or "")
        g = t.result_of(p.round, p.board)
        out.append(RoundEntry(
            p.round, p.board, red.number, red.name, black.number, black.name,
            g.result.text if g else "", "", bool(g and g.by_withdrawal),
            g.corrections if g else 0, (g.pgn or "") if g else ""))
    return tuple(out)


def _num(text: str, where: str) -> Number | None:
    if text == "":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise ExportFormatError(f"{where}: {text!r} is not a number") from None


def _int(text: Any, where: str) -> int:
    if isinstance(text, bool):
        raise ExportFormatError(f"{where}: {text!r} is not a whole number")
    try:
        return int(text)
    except (TypeError, ValueError):
        raise ExportFormatError(f"{where}: {text!r} is not a whole number") from None


def _bool(text: Any, where: str) -> bool:
    if isinstance(text, bool):
        return text
    if text in ("1", "true", "yes"):
        return True
    if text in ("0", "false", "no", ""):
        return False
    raise ExportFormatError(f"{where}: {text!r} is not yes/no")


def _row_dict(row: StandingRow) -> dict[str, Any]:
    out: dict[str, Any] = {k: getattr(row, k) for k in _BASE}
    out.update({k: v for k, v in row.tiebreaks})
    out["lots"] = row.lots
    out["withdrawn"] = row.withdrawn
    return out


def _row_from_dict(d: dict[str, Any], keys: Sequence[str], where: str) -> StandingRow:
    try:
        def num(k: str) -> Number | None:
            v = d[k]
            if isinstance(v, str):
                return _num(v, f"{where}, {k}")
            if v is None or (isinstance(v, (int, float)) and not isinstance(v, bool)):
                return v
            raise ExportFormatError(f"{where}, {k}: {v!r} is not a number")

        def req(k: str) -> Number:
            v = num(k)
            if v is None:
                raise ExportFormatError(f"{where}, {k}: a number is required")
            return v
        lots = d["lots"]
        if lots not in LOTS_VALUES:
            raise ExportFormatError(f"{where}: lots must be one of {LOTS_VALUES}")
        return StandingRow(
            rank=_int(d["rank"], f"{where}, rank"), number=_int(d["number"], f"{where}, number"),
            player=str(d["player"]), points=req("points"),
            games=_int(d["games"], f"{where}, games"), wins=_int(d["wins"], f"{where}, wins"),
            wins_black=_int(d["wins_black"], f"{where}, wins_black"),
            tiebreaks=tuple((k, num(k)) for k in keys), lots=lots,
            withdrawn=_bool(d["withdrawn"], f"{where}, withdrawn"))
    except KeyError as exc:
        raise ExportFormatError(f"{where}: missing column {exc}") from None


def standings_to_csv(rows: Sequence[StandingRow], tiebreak_keys: Sequence[str]) -> str:
    """Standings as CSV (one header line; tie-break columns in configured order)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([*_BASE, *tiebreak_keys, *_TAIL])
    for row in rows:
        d = _row_dict(row)
        w.writerow([number_text(d[k]) if k not in ("player", "lots", "withdrawn") else
                    ("yes" if d[k] is True else "no" if d[k] is False else d[k])
                    for k in (*_BASE, *tiebreak_keys, *_TAIL)])
    return buf.getvalue()


def standings_from_csv(text: str) -> tuple[StandingRow, ...]:
    """Read :func:`standings_to_csv` output back."""
    reader = csv.DictReader(io.StringIO(text))
    header = reader.fieldnames or []
    if tuple(header[:len(_BASE)]) != _BASE or tuple(header[-len(_TAIL):]) != _TAIL:
        raise ExportFormatError(f"not a standings CSV: header {header}")
    keys = header[len(_BASE):-len(_TAIL)]
    return tuple(_row_from_dict(dict(r), keys, f"standings CSV line {i}")
                 for i, r in enumerate(reader, 2))


def standings_to_json(rows: Sequence[StandingRow], tiebreak_keys: Sequence[str],
                      tournament: str = "", after_round: int | None = None) -> str:
    """Standings as JSON with the tournament name, round and tie-break order."""
    return json.dumps({"format": STANDINGS_FORMAT, "tournament": tournament,
                       "after_round": after_round, "tiebreaks": list(tiebreak_keys),
                       "rows": [_row_dict(r) for r in rows]}, ensure_ascii=False, indent=1)


def standings_from_json(text: str) -> tuple[StandingRow, ...]:
    """Read :func:`standings_to_json` output back."""
    data = _load_json(text, STANDINGS_FORMAT)
    keys = data.get("tiebreaks")
    if not isinstance(keys, list) or not isinstance(data.get("rows"), list):
        raise ExportFormatError("standings JSON lacks 'tiebreaks' or 'rows'")
    return tuple(_row_from_dict(r, keys, f"standings JSON row {i}")
                 for i, r in enumerate(data["rows"], 1))


def _load_json(text: str, fmt: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ExportFormatError(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ExportFormatError(f"not a {fmt} document")
    return data


def _entry_dict(e: RoundEntry) -> dict[str, Any]:
    return {k: getattr(e, k) for k in _ROUND_FIELDS}


def _entry_from_dict(d: dict[str, Any], where: str) -> RoundEntry:
    try:
        def opt(k: str) -> int | None:
            return None if d[k] in ("", None) else _int(d[k], f"{where}, {k}")
        return RoundEntry(
            _int(d["round"], f"{where}, round"), _int(d["board"], f"{where}, board"),
            opt("red_number"), str(d["red"]), opt("black_number"), str(d["black"]),
            str(d["result"]), str(d["rests"]),
            _bool(d["forfeit_on_withdrawal"], f"{where}, forfeit_on_withdrawal"),
            _int(d["corrections"], f"{where}, corrections"), str(d["pgn"]))
    except KeyError as exc:
        raise ExportFormatError(f"{where}: missing column {exc}") from None


def round_to_csv(entries: Sequence[RoundEntry]) -> str:
    """A round's record as CSV (the attached PGN in a quoted multi-line field)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(_ROUND_FIELDS)
    for e in entries:
        d = _entry_dict(e)
        w.writerow(["" if d[k] is None else ("yes" if d[k] is True else "no" if d[k] is False
                                             else d[k]) for k in _ROUND_FIELDS])
    return buf.getvalue()


def round_from_csv(text: str) -> tuple[RoundEntry, ...]:
    """Read :func:`round_to_csv` output back."""
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != _ROUND_FIELDS:
        raise ExportFormatError(f"not a round CSV: header {reader.fieldnames}")
    return tuple(_entry_from_dict(dict(r), f"round CSV line {i}") for i, r in enumerate(reader, 2))


def round_to_json(entries: Sequence[RoundEntry], tournament: str = "") -> str:
    """A round's record as JSON."""
    return json.dumps({"format": ROUND_FORMAT, "tournament": tournament,
                       "games": [_entry_dict(e) for e in entries]}, ensure_ascii=False, indent=1)


def round_from_json(text: str) -> tuple[RoundEntry, ...]:
    """Read :func:`round_to_json` output back."""
    data = _load_json(text, ROUND_FORMAT)
    if not isinstance(data.get("games"), list):
        raise ExportFormatError("round JSON lacks 'games'")
    return tuple(_entry_from_dict(d, f"round JSON game {i}")
                 for i, d in enumerate(data["games"], 1))
