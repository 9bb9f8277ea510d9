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
from cotuong.server.tournaments import plan
from cotuong.server.tournaments.bracket import bracket_json, knockout_placings
from cotuong.tournament import Knockout, StandingRow, SwissTournament
from cotuong.tournament.systems import Directed


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
    # A knockout's tie-break games: their time controls by rung ("rapid", "blitz").
    stage_tc: dict[str, TimeControl] = dataclasses.field(default_factory=dict)
    # The stage that follows this one (e.g. a knockout of the top 8: its settings, as
    # given to POST /api/tournaments) and the linked events ({"previous"/"next": id}).
    next_stage: dict[str, Any] | None = None
    links: dict[str, int] = dataclasses.field(default_factory=dict)
    # A knockout's lots drawn by the server, by match: seed, candidates, winner.
    lots: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "time_control": self.tc.to_json() if self.tc else None,
                "round_start": self.round_start, "no_show_s": self.no_show_s,
                "lang": self.lang, "identities": self.identities,
                "round_times": list(self.round_times),
                "stage_tc": {k: v.to_json() for k, v in self.stage_tc.items()},
                "next_stage": self.next_stage, "links": self.links, "lots": self.lots}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Options:
        stage_tc = {k: tc for k, v in data.get("stage_tc", {}).items()
                    if (tc := TimeControl.from_json(v)) is not None}
        return cls(data["rules"], TimeControl.from_json(data["time_control"]),
                   data["round_start"], float(data["no_show_s"]), data["lang"],
                   dict(data["identities"]), tuple(data.get("round_times", ())),
                   stage_tc, data.get("next_stage"), dict(data.get("links", {})),
                   dict(data.get("lots", {})))

    def tc_of(self, stage: str) -> TimeControl | None:
        """The time control of a game of ``stage`` (a knockout's rapid or blitz
        tie-break game has its own; every other game the event's)."""
        return self.stage_tc.get(stage, self.tc)

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


def shown_round(row: dict[str, Any], t: Directed) -> int:
    """The round the standings are after: the open round once it has a result (a forfeit
    of a withdrawal in it too: it is being played), else the round before; never a round
    not opened yet (a withdrawal's forfeits there do not count before it opens). A
    knockout's placings are as they stand."""
    r = int(row["open_round"])
    if r == 0 or isinstance(t, Knockout):
        return r
    in_play = any(g.round == r for g in t.games())
    return max(min(t.current_round, r), r if in_play else r - 1)


def rounds_json(row: dict[str, Any], t: Directed,
                boards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every round (once the numbers are drawn): boards with red, black, room, game and
    result (``None`` while pending), and who rests (a Swiss round: ``byes`` too, and
    ``paired``; a knockout round: each board's ``match`` and ``stage``)."""
    if row["status"] == "created":
        return []
    rooms = {(b["round"], b["board"]): b for b in boards}
    knockout = isinstance(t, Knockout)
    out = []
    for r in range(1, t.rounds + 1):
        items = []
        for p in plan.boards_of(t, r):
            b = rooms.get((r, p.board))
            item = {"board": p.board, "red": p.red, "black": p.black,
                    "room": b["room_code"] if b else None,
                    "game_id": b["game_id"] if b else None, "result": p.result,
                    "by_withdrawal": p.by_withdrawal, "corrections": p.corrections}
            if knockout:
                item.update(match=p.match, stage=p.stage)
            items.append(item)
        done, total = plan.progress(t, r)
        entry: dict[str, Any] = {"round": r, "open": r <= row["open_round"],
                                 "complete": done >= total, "boards": items,
                                 "rests": _rests(t, r)}
        if isinstance(t, SwissTournament):
            paired = plan.paired(t, r)
            entry.update(paired=paired, byes=[{"player": n, "kind": k} for n, k in
                                              (t.byes(r) if paired else ())])
        out.append(entry)
    return out


def _rests(t: Directed, r: int) -> str | None:
    if isinstance(t, (Knockout, SwissTournament)):
        return None
    return next((p.rests for p in t.pairings(r) if p.rests is not None), None)


def players_json(t: Directed, started: bool,
                 invites: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """The entries: number (once drawn; a knockout's seed), name (an account's username;
    for a place whose invitation is not claimed yet, the name it was invited by),
    withdrawal, and whether the place came by invitation (never its code)."""
    pending = {i["name"] for i in invites if i["claimed_by"] is None}
    invited = {i["claimed_name"]: i["name"] for i in invites if i["claimed_by"] is not None}
    return [{"number": p.number if started else None, "username": p.name,
             "withdrawn": p.withdrawn, "pending_invitation": p.name in pending,
             "invited_as": p.name if p.name in pending else invited.get(p.name)}
            for p in t.players]


def standings_json(row: dict[str, Any], t: Directed) -> list[dict[str, Any]]:
    """The standings rows (a knockout: its placings as far as decided)."""
    if row["status"] == "created":
        return []
    if isinstance(t, Knockout):
        return knockout_placings(t)
    return [standing_json(r) for r in t.standings(shown_round(row, t))]


def system_json(t: Directed, o: Options) -> dict[str, Any]:
    """The additive fields of a system: ``swiss`` (rounds, byes' points, tie-breaks),
    ``knockout`` (games, ladder, third place, the bracket, lots drawn), ``stages``."""
    out: dict[str, Any] = {"system": plan.system(t), "stages": stages_json(o)}
    if isinstance(t, SwissTournament):
        out["swiss"] = {"rounds": t.rounds, "paired_rounds": t.paired_rounds,
                        "bye_points": t.bye_points,
                        "requested_bye_points": t.requested_bye_points,
                        "accelerated": t.accelerated}
    if not isinstance(t, Knockout):
        out["tiebreaks"] = list(t.tiebreak_keys)
        return out
    out["knockout"] = {"games": t.games, "final_games": t.final_games,
                       "ladder": [list(x) for x in t.ladder], "third_place": t.third_place,
                       "source": t.source, "champion": t.champion,
                       "tiebreak_time_controls": {k: v.to_json()
                                                  for k, v in o.stage_tc.items()},
                       "bracket": bracket_json(t, o)}
    return out


def stages_json(o: Options) -> dict[str, Any]:
    """The linked stages: ``previous``/``next`` tournament ids, and the next stage's
    settings while it is still to come."""
    return {"previous": o.links.get("previous"), "next": o.links.get("next"),
            "next_settings": o.next_stage}


def tournament_view(row: dict[str, Any], t: Directed, boards: list[dict[str, Any]],
                    now_ms: int, invites: Sequence[dict[str, Any]] = ()) -> dict[str, Any]:
    """The REST view of a tournament (``invites``: its invitation rows)."""
    o = Options.from_json(_json(row["options"]))
    started = row["status"] != "created"
    due = None
    if row["status"] == "running" and o.no_show_s > 0 and row["round_opened_at"]:
        due = row["round_opened_at"] + int(o.no_show_s * 1000)
    return {
        "tournament_id": row["id"], "name": t.title, "organiser": row["organiser_name"],
        "status": row["status"], "double": bool(getattr(t, "double", False)),
        "rules": o.rules,
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
        "standings": standings_json(row, t),
        "finished": row["status"] == "finished",
        "page_url": f"/tournaments/{row['id']}",
        **system_json(t, o),
    }


def _json(text: str) -> dict[str, Any]:
    value = json.loads(text)
    assert isinstance(value, dict)
    return value


def round_notices(tid: int, t: Directed, options: Options, boards: list[dict[str, Any]],
                  round_no: int) -> list[tuple[str, dict[str, Any]]]:
    """Who to tell that round ``round_no`` opened, and what: for each player of a board
    with a room and no result yet, their account identity and board (``room`` to take
    their seat in, colour, opponent) and how long the notice is worth keeping for a
    player not connected (``keep_ms``: the no-show wait, else half an hour).

    >>> from cotuong.tournament import Tournament
    >>> t = Tournament(["an", "binh"], name="CLB")
    >>> _ = t.draw_numbers(order=["an", "binh"])
    >>> o = Options("xiangqiplay", None, "auto", 0.0, "vi", {"an": "u:1", "binh": "u:2"})
    >>> rows = [{"round": 1, "board": 1, "room_code": "K7QX2M"}]
    >>> [(who, n["color"], n["opponent"]) for who, n in round_notices(3, t, o, rows, 1)]
    [('u:1', 'red', 'binh'), ('u:2', 'black', 'an')]
    """
    out = []
    keep_ms = int(options.no_show_s * 1000) or 1_800_000
    rooms = {b["board"]: b for b in boards if b["round"] == round_no}
    for p in plan.boards_of(t, round_no):
        row = rooms.get(p.board)
        if row is None or row["room_code"] is None or p.result is not None:
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
