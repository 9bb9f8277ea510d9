"""What an online round robin looks like to a program: its options (a frozen value kept
as JSON in its row) and the ``GET /api/tournaments/{id}`` view (rounds, boards and their
rooms, standings rows). The web pages are :mod:`cotuong.server.tournaments.pages`.

>>> o = Options("xiangqiplay", None, "auto", 600.0, "vi", {"an": "u:1"})
>>> Options.from_json(o.to_json()) == o
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cotuong.messages import Message
from cotuong.server.timecontrol import TimeControl
from cotuong.tournament import StandingRow, Tournament


@dataclass(frozen=True, slots=True)
class Options:
    """How an event is played: the rooms' rules and time control, how rounds open
    (``auto`` or ``arbiter``), the no-show wait (seconds, 0: none) and the players'
    account identities by name."""

    rules: str
    tc: TimeControl | None
    round_start: str
    no_show_s: float
    lang: str
    identities: dict[str, str]
    round_times: tuple[int, ...] = ()  # round_start "scheduled": each round's, Unix ms

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "time_control": self.tc.to_json() if self.tc else None,
                "round_start": self.round_start, "no_show_s": self.no_show_s,
                "lang": self.lang, "identities": self.identities,
                "round_times": list(self.round_times)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Options:
        return cls(data["rules"], TimeControl.from_json(data["time_control"]),
                   data["round_start"], float(data["no_show_s"]), data["lang"],
                   dict(data["identities"]), tuple(data.get("round_times", ())))

    def opens_at(self, round_no: int) -> int | None:
        """When a scheduled round opens (``None``: not scheduled)."""
        if self.round_start != "scheduled" or not 1 <= round_no <= len(self.round_times):
            return None
        return self.round_times[round_no - 1]

    def replace(self, **changes: Any) -> Options:
        return dataclasses.replace(self, **changes)


def time_control_text(tc: TimeControl) -> str:
    """The time control as the pages print it, in both languages.

    >>> time_control_text(TimeControl("fischer", 900_000, 10_000))
    '15 phút + 10 giây mỗi nước / 15 min + 10 s per move'
    >>> time_control_text(TimeControl("byoyomi", 600_000, period_ms=30_000))
    '10 phút, rồi 30 giây mỗi nước / 10 min, then 30 s a move'
    """
    base = f"{tc.base_ms / 60_000:g}"
    if tc.kind == "fischer":
        m = Message.of("TOURNAMENT_TC_FISCHER", base=base, inc=f"{tc.increment_ms / 1000:g}")
    else:
        m = Message.of("TOURNAMENT_TC_BYOYOMI", base=base, period=f"{tc.period_ms / 1000:g}")
    return f"{m.vi} / {m.en}"


def standing_json(r: StandingRow) -> dict[str, Any]:
    """One standings row as JSON (tie-breaks by key, in the configured order)."""
    return {"rank": r.rank, "rank_text": r.rank_text, "number": r.number,
            "player": r.player, "points": r.points, "games": r.games, "wins": r.wins,
            "wins_black": r.wins_black, "tiebreaks": dict(r.tiebreaks), "lots": r.lots,
            "withdrawn": r.withdrawn}


def shown_round(row: dict[str, Any], t: Tournament) -> int:
    """The round the standings are after: the open round once it has a result (a forfeit
    of a withdrawal in it too: it is being played), else the round before; never a round
    not opened yet (a withdrawal's forfeits there do not count before it opens)."""
    r = int(row["open_round"])
    if r == 0:
        return 0
    in_play = any(g.round == r for g in t.games())
    return max(min(t.current_round, r), r if in_play else r - 1)


def rounds_json(row: dict[str, Any], t: Tournament,
                boards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every round (once the numbers are drawn): boards with red, black, room, game and
    result (``None`` while pending), and who rests."""
    if row["status"] == "created":
        return []
    rooms = {(b["round"], b["board"]): b for b in boards}
    out = []
    for r in range(1, t.rounds + 1):
        items, rests = [], None
        for p in t.pairings(r):
            if p.rests is not None:
                rests = p.rests
                continue
            g = t.result_of(r, p.board)
            b = rooms.get((r, p.board))
            items.append({"board": p.board, "red": p.red, "black": p.black,
                          "room": b["room_code"] if b else None,
                          "game_id": b["game_id"] if b else None,
                          "result": g.result.text if g else None,
                          "by_withdrawal": bool(g and g.by_withdrawal),
                          "corrections": g.corrections if g else 0})
        done, total = t.progress(r)
        out.append({"round": r, "open": r <= row["open_round"], "complete": done >= total,
                    "boards": items, "rests": rests})
    return out


def players_json(t: Tournament, started: bool,
                 invites: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The entries: number (once drawn), name (an account's username; for a place whose
    invitation is not claimed yet, the name it was invited by), withdrawal, and whether
    the place came by invitation (never its code)."""
    pending = {i["name"] for i in invites if i["claimed_by"] is None}
    invited = {i["claimed_name"]: i["name"] for i in invites if i["claimed_by"] is not None}
    return [{"number": p.number if started else None, "username": p.name,
             "withdrawn": p.withdrawn, "pending_invitation": p.name in pending,
             "invited_as": p.name if p.name in pending else invited.get(p.name)}
            for p in t.players]


def tournament_view(row: dict[str, Any], t: Tournament, boards: list[dict[str, Any]],
                    now_ms: int, invites: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The REST view of a tournament (``invites``: its invitation rows)."""
    o = Options.from_json(_json(row["options"]))
    started = row["status"] != "created"
    due = None
    if row["status"] == "running" and o.no_show_s > 0 and row["round_opened_at"]:
        due = row["round_opened_at"] + int(o.no_show_s * 1000)
    return {
        "tournament_id": row["id"], "name": t.title, "organiser": row["organiser_name"],
        "status": row["status"], "double": t.double, "rules": o.rules,
        "time_control": o.tc.to_json() if o.tc else None, "round_start": o.round_start,
        "round_times": list(o.round_times) if o.round_start == "scheduled" else None,
        "next_round_at": o.opens_at(row["open_round"] + 1)
        if row["status"] == "running" else None,
        "no_show_s": o.no_show_s, "round_count": t.rounds if started else None,
        "open_round": row["open_round"], "round_opened_at": row["round_opened_at"],
        "no_show_at": due, "server_time_ms": now_ms,
        "players": players_json(t, started, invites),
        "rounds": rounds_json(row, t, boards),
        "standings_after": shown_round(row, t),
        "standings": [standing_json(r) for r in t.standings(shown_round(row, t))]
        if started else [],
        "finished": row["status"] == "finished",
        "page_url": f"/tournaments/{row['id']}",
    }


def _json(text: str) -> dict[str, Any]:
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


def round_notices(tid: int, t: Tournament, options: Options, boards: list[dict[str, Any]],
                  round_no: int) -> list[tuple[str, dict[str, Any]]]:
    """Who to tell that round ``round_no`` opened, and what: for each player of a board
    with a room and no result yet, their account identity and board (``room`` to take
    their seat in, colour, opponent) and how long the notice is worth keeping for a
    player not connected (``keep_ms``: the no-show wait, else half an hour).

    >>> t = Tournament(["an", "binh"], name="CLB")
    >>> _ = t.draw_numbers(order=["an", "binh"])
    >>> o = Options("xiangqiplay", None, "auto", 0.0, "vi", {"an": "u:1", "binh": "u:2"})
    >>> rows = [{"round": 1, "board": 1, "room_code": "K7QX2M"}]
    >>> [(who, n["color"], n["opponent"]) for who, n in round_notices(3, t, o, rows, 1)]
    [('u:1', 'red', 'binh'), ('u:2', 'black', 'an')]
    """
    out = []
    keep_ms = int(options.no_show_s * 1000) or 1_800_000
    for p in t.pairings(round_no):
        row = next((b for b in boards if b["round"] == round_no and b["board"] == p.board),
                   None)
        if p.rests is not None or p.red is None or p.black is None or row is None \
                or row["room_code"] is None or t.result_of(round_no, p.board) is not None:
            continue
        sides = ((p.red, "red", p.black), (p.black, "black", p.red))
        for name, color, opponent in sides:
            who = options.identities.get(name)
            if who is not None:
                out.append((who, {"tournament_id": tid, "tournament": t.title or "",
                                  "round": round_no, "board": p.board,
                                  "room": row["room_code"], "color": color,
                                  "opponent": opponent, "page_url": f"/tournaments/{tid}",
                                  "keep_ms": keep_ms}))
    return out
