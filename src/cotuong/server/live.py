"""A game being played, in memory: the referee's :class:`~cotuong.Game`, clocks, offers, and
the JSON views the protocol sends (``docs/web-protocol.md``).

A :class:`LiveGame` is rebuilt from its stored rows (start position, moves, clocks,
offers), so a restarted server — or another process — resumes it exactly.

>>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay", time_control=None,
...     rated=False, opponent="human", ai_level=None, lang="vi", host_id="g:1",
...     host_name="A", host_color="red", guest_id="g:2", guest_name="B",
...     current_game_id=1, created_at=0))
>>> g = LiveGame.new(1, room, "host", START_FEN)
>>> g.status = "playing"
>>> _ = g.apply("h2e2")
>>> g.texts["vi"], g.ply, g.color_of("guest")
(['P2-5'], 1, 'black')
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from cotuong.core.board import Board
from cotuong.core.fen import START_FEN
from cotuong.core.types import Color, Move
from cotuong.game import Event, Game
from cotuong.server.timecontrol import ClockState, TimeControl

__all__ = ["NOTATIONS", "START_FEN", "LiveGame", "RoomState", "other"]

NOTATIONS = ("vi", "wxf", "zh")


def other(color: str) -> str:
    return "black" if color == "red" else "red"


@dataclass
class RoomState:
    """The mutable mirror of a ``rooms`` row."""

    code: str
    rules: str
    tc: TimeControl | None
    rated: bool
    opponent: str
    ai_level: int | None
    lang: str
    host_id: str
    host_name: str
    host_color: str
    guest_id: str | None
    guest_name: str | None
    current_game_id: int | None
    created_at: int
    start_fen: str | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> RoomState:
        tc_text = row["time_control"]
        tc = TimeControl.from_json(json.loads(tc_text) if isinstance(tc_text, str) else tc_text)
        return cls(row["code"], row["rules"], tc, bool(row["rated"]), row["opponent"],
                   row["ai_level"], row["lang"], row["host_id"], row["host_name"],
                   row["host_color"], row["guest_id"], row["guest_name"],
                   row["current_game_id"], row["created_at"], row.get("start_fen"))

    def slot_name(self, slot: str) -> str | None:
        return self.host_name if slot == "host" else self.guest_name

    def slot_identity(self, slot: str) -> str | None:
        return self.host_id if slot == "host" else self.guest_id


@dataclass
class LiveGame:
    """One game in memory. ``lock`` serialises every action on it."""

    id: int
    room: RoomState
    red_slot: str
    start_fen: str
    game: Game
    board: Board
    status: str = "waiting"
    moves: list[str] = field(default_factory=list)
    texts: dict[str, list[str]] = field(default_factory=lambda: {n: [] for n in NOTATIONS})
    clock: ClockState | None = None
    outcome: dict[str, Any] | None = None
    takeback_request: str | None = None
    rematch_request: str | None = None
    warnings: list[dict[str, Any]] = field(default_factory=list)
    disconnected: dict[str, int] = field(default_factory=dict)
    version: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.TimerHandle | None = None
    ai_task: asyncio.Task[None] | None = None
    # (fen, legal moves, check) of the current position: computed once per position,
    # since every state frame and every spectator needs them.
    _derived: tuple[str, list[str], bool] | None = None

    @classmethod
    def new(cls, game_id: int, room: RoomState, red_slot: str, start_fen: str) -> LiveGame:
        game = Game(start_fen, room.rules, lang=room.lang)
        g = cls(game_id, room, red_slot, start_fen, game, Board(start_fen))
        if room.tc is not None:
            g.clock = ClockState.initial(room.tc)
        return g

    @classmethod
    def from_rows(cls, row: dict[str, Any], moves: list[str], room: RoomState) -> LiveGame:
        """Replay a stored game; clocks, offers and outcome come from its row."""
        g = cls.new(row["id"], room, row["red_slot"], row["start_fen"])
        for iccs in moves:
            g.apply(iccs, record_warnings=False)
        g.status = row["status"]
        g.version = row["version"] or 0
        if row["warnings"]:
            g.warnings = json.loads(row["warnings"])
        if row["disconnected"]:
            g.disconnected = {str(k): int(v) for k, v in json.loads(row["disconnected"]).items()}
        if room.tc is not None and row["red_ms"] is not None:
            g.clock = ClockState(row["red_ms"], row["black_ms"], row["running"],
                                 row["since_ms"] or 0)
        if row["termination"]:
            g.outcome = {"result": row["result"], "winner": row["winner"],
                         "termination": row["termination"],
                         "explanation": {"vi": row["explanation_vi"] or "",
                                         "en": row["explanation_en"] or ""}}
        elif row["draw_offer"] and g.game.outcome is None:
            g.game.offer_draw(Color(row["draw_offer"]))
        g.takeback_request = row["takeback_request"]
        g.rematch_request = row["rematch_request"]
        return g

    # ------------------------------------------------------------- queries
    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def turn(self) -> str:
        return str(self.board.turn.value)

    @property
    def over(self) -> bool:
        return self.status in ("finished", "aborted")

    def color_of(self, slot: str) -> str:
        return "red" if slot == self.red_slot else "black"

    def slot_of(self, color: str) -> str:
        return self.red_slot if color == "red" else ("guest" if self.red_slot == "host"
                                                      else "host")

    def identity(self, color: str) -> str | None:
        return self.room.slot_identity(self.slot_of(color))

    def is_ai(self, color: str) -> bool:
        return self.room.opponent == "ai" and self.slot_of(color) == "guest"

    @property
    def draw_offer(self) -> str | None:
        offer = self.game.draw_offer
        return None if offer is None else str(offer.value)

    # ------------------------------------------------------------- changes
    def apply(self, iccs: str, record_warnings: bool = True) -> list[Event]:
        """Play a move the caller checked is this side's and at the right ply; the referee
        validates it (raising ``IllegalMoveError``) and may end the game."""
        move = Move.from_iccs(iccs)
        events = self.game.play(move)  # validates before anything changes
        for n in NOTATIONS:
            self.texts[n].append(self.board.move_text(move, n))
        self.board.push_unchecked(move)
        self.moves.append(iccs)
        self._derived = None
        if record_warnings:
            for e in events:
                if e.kind == "warning":
                    texts = {self.game.lang: e.text}
                    texts.update(self._warning_elsewhere())
                    self.warnings.append({"ply": e.ply, "lang": self.game.lang,
                                          "text": e.text, "texts": texts})
        return events

    def _warning_elsewhere(self) -> dict[str, str]:
        """The last move's warning in the other language: the referee speaks one language
        per game, so replay the game in the other (only when a warning occurs: rare)."""
        lang = "en" if self.game.lang == "vi" else "vi"
        replay = Game(self.start_fen, self.room.rules, lang=lang)
        events: list[Event] = []
        for iccs in self.moves:
            events = replay.play(Move.from_iccs(iccs))
        found = [e.text for e in events if e.kind == "warning"]
        return {lang: found[0]} if found else {}

    def referee_outcome(self) -> dict[str, Any] | None:
        o = self.game.outcome
        if o is None:
            return None
        return {"result": o.result, "winner": None if o.winner is None else o.winner.value,
                "termination": o.termination.name,
                "explanation": {"vi": self.game.outcome_text("vi") or o.explanation,
                                "en": self.game.outcome_text("en") or o.explanation}}

    def rebuild(self, keep: int) -> None:
        """Take back to ``keep`` plies: replay them on a fresh referee (offers cleared)."""
        kept = self.moves[:keep]
        self.game = Game(self.start_fen, self.room.rules, lang=self.room.lang)
        self.board = Board(self.start_fen)
        self._derived = None
        self.moves = []
        self.texts = {n: [] for n in NOTATIONS}
        for iccs in kept:
            self.apply(iccs, record_warnings=False)
        self.warnings = [w for w in self.warnings if w["ply"] <= keep]

    # --------------------------------------------------------------- views
    def row_fields(self) -> dict[str, Any]:
        """The game row's mutable columns, as stored after each change."""
        clock = self.clock
        o = self.outcome
        return {
            "status": self.status,
            "result": o["result"] if o else "*",
            "winner": o["winner"] if o else None,
            "termination": o["termination"] if o else None,
            "explanation_vi": o["explanation"]["vi"] if o else None,
            "explanation_en": o["explanation"]["en"] if o else None,
            "red_ms": clock.red_ms if clock else None,
            "black_ms": clock.black_ms if clock else None,
            "running": clock.running if clock else None,
            "since_ms": clock.since_ms if clock else None,
            "disconnected": json.dumps(self.disconnected) if self.disconnected else None,
            "draw_offer": self.draw_offer,
            "takeback_request": self.takeback_request,
            "rematch_request": self.rematch_request,
            "warnings": json.dumps(self.warnings, ensure_ascii=False) if self.warnings else None,
            "version": self.version,
        }

    def players(self, connected: dict[str, bool]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for color in ("red", "black"):
            slot = self.slot_of(color)
            name = self.room.slot_name(slot)
            if self.is_ai(color):
                out[color] = {"slot": slot, "name": f"AI {self.room.ai_level}",
                              "connected": True, "ai_level": self.room.ai_level}
            elif name is None:
                out[color] = None
            else:
                out[color] = {"slot": slot, "name": name,
                              "connected": connected.get(slot, False), "ai_level": None}
        return out

    def derived(self) -> tuple[str, list[str], bool]:
        """FEN, legal moves (ICCS) and check of the current position (cached)."""
        if self._derived is None:
            board = self.board
            self._derived = (board.fen(), board.legal_moves.iccs(),
                             board.is_check())
        return self._derived

    def state(self, now_ms: int, connected: dict[str, bool], spectators: int,
              abandon_ms: int) -> dict[str, Any]:
        """The ``state`` frame (section 4.2 of the protocol)."""
        fen, legal, check = self.derived()
        playing = self.status == "playing"
        tc = self.room.tc
        abandon = None
        if playing and self.disconnected:
            color, since = min(self.disconnected.items(), key=lambda kv: kv[1])
            abandon = {"color": color, "deadline_ms": since + abandon_ms}
        last = self.moves[-1] if self.moves else None
        return {
            "type": "state",
            "game_id": self.id,
            "room": self.room.code,
            "status": self.status,
            "rules": self.room.rules,
            "rated": self.room.rated,
            "start_fen": self.start_fen,
            "fen": fen,
            "ply": self.ply,
            "turn": self.turn,
            "moves": list(self.moves),
            "move_texts": {n: list(t) for n, t in self.texts.items()},
            "last_move": last,
            "check": check,
            "legal_moves": list(legal) if playing else [],
            "clocks": (self.clock.to_json(now_ms, tc)
                       if self.clock is not None and tc is not None else None),
            "players": self.players(connected),
            "spectators": spectators,
            "draw_offer": self.draw_offer,
            "takeback_request": self.takeback_request,
            "rematch_request": self.rematch_request,
            "can_abort": playing and self.ply < 2,
            "warnings": list(self.warnings),
            "abandon": abandon,
            "outcome": self.outcome,
        }
