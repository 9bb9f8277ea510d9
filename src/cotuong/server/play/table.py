"""The game table: one room's game and its transitions, pure (no sockets, no database,
no asyncio). Each action checks who may do it, changes the table, and returns a
:class:`Change`: the event frames to publish and the store write that must be committed
first. :mod:`cotuong.server.play.service` only orchestrates (lock → apply → commit → publish).

The referee's :class:`~cotuong.Game` is the one record of the position, the draw offer
and the referee's outcome; the table adds what the platform owns: seats, clocks, takeback
and rematch requests, presence, and the ends the server decides (abort, abandonment).

>>> room = RoomState.from_row(dict(code="ABC234", rules="xiangqiplay", time_control=None,
...     rated=False, opponent="human", ai_level=None, lang="vi", host_id="g:1",
...     host_name="A", host_color="red", guest_id="g:2", guest_name="B",
...     current_game_id=1, created_at=0))
>>> t = GameTable.new(1, room, "host", START_FEN, started=True)
>>> change = t.move(Color.RED, "h2e2", ply=0, now=0)
>>> t.texts["vi"], t.ply, t.turn, type(change.write).__name__
(['P2-5'], 1, <Color.BLACK: 'black'>, 'RecordMove')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cotuong.core.board import Board
from cotuong.core.errors import CotuongError, IllegalMoveError
from cotuong.core.fen import START_FEN
from cotuong.core.movegen import iccs_texts
from cotuong.core.types import Move
from cotuong.game import Event, Game
from cotuong.messages import CATALOG
from cotuong.notation import make_move_texts
from cotuong.server.errors import ServiceError, Words
from cotuong.server.play.protocol import Color, Slot, Status, Termination
from cotuong.server.play.values import (
    Change,
    End,
    Notice,
    RoomState,
    color_texts,
    rating_update,
    row_changes,
)
from cotuong.server.storage import RecordMove, Together, UpdateGame, Write
from cotuong.server.timecontrol import START_PLY, ClockState

__all__ = ["NOTATIONS", "START_FEN", "Change", "End", "GameTable", "Notice", "RoomState"]

NOTATIONS = ("vi", "wxf", "zh")


@dataclass
class GameTable:
    """One game in memory: the referee's game plus the platform's state. Pure."""

    id: int
    room: RoomState
    red_slot: str
    start_fen: str
    game: Game
    started: bool = False
    moves: list[str] = field(default_factory=list)
    texts: dict[str, list[str]] = field(default_factory=lambda: {n: [] for n in NOTATIONS})
    clock: ClockState | None = None
    end: End | None = None
    takeback_request: Color | None = None
    rematch_request: Color | None = None
    warnings: list[dict[str, Any]] = field(default_factory=list)
    disconnected: dict[Color, int] = field(default_factory=dict)
    version: int = 0
    created_ms: int = 0
    # A rated game's ratings: each player's before it (for the names) and, once it is
    # over and rated, {"rating", "delta", "rd", "category"} per colour (the banner).
    player_ratings: dict[Color, int] = field(default_factory=dict)
    rating_change: dict[Color, dict[str, Any]] | None = None
    # (board view, fen, legal moves, check) of the current position: computed once per
    # position, since every state frame and every spectator needs them.
    _view: tuple[Board, str, list[str], bool] | None = None
    # The state frame's players as last shown: (what they depend on, the object, its JSON
    # text), kept by :func:`cotuong.server.play.views.shown_players`.
    players_shown: tuple[tuple[Any, ...], dict[str, Any], str] | None = field(
        default=None, repr=False, compare=False)
    # The row's mutable columns as the store holds them after the writes committed so far
    # (the service keeps it: ``values.stored_after``); ``None``: unknown. A write sets
    # only the columns that differ (:meth:`row_write`).
    stored_fields: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def new(cls, game_id: int, room: RoomState, red_slot: str, start_fen: str,
            started: bool = False, created_ms: int = 0) -> GameTable:
        t = cls(game_id, room, red_slot, start_fen, Game(start_fen, room.rules, lang=room.lang),
                started, created_ms=created_ms)
        if room.tc is not None:
            t.clock = ClockState.initial(room.tc)
        return t

    # ------------------------------------------------------------- queries
    @property
    def status(self) -> Status:
        if self.end is not None:
            return Status.ABORTED if self.end.termination is Termination.ABORTED \
                else Status.FINISHED
        return Status.PLAYING if self.started else Status.WAITING

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def turn(self) -> Color:
        return self.game.turn  # the protocol's Color is the core's

    @property
    def draw_offer(self) -> Color | None:
        return self.game.draw_offer

    def color_of(self, slot: str) -> Color:
        return Color.RED if slot == self.red_slot else Color.BLACK

    def slot_of(self, color: Color) -> Slot:
        if color is Color.RED:
            return Slot(self.red_slot)
        return Slot.GUEST if self.red_slot == Slot.HOST else Slot.HOST

    def is_ai(self, color: Color) -> bool:
        return self.room.opponent == "ai" and self.slot_of(color) is Slot.GUEST

    def view(self) -> tuple[Board, str, list[str], bool]:
        """The current position (a copy), its FEN, legal moves (ICCS) and check (cached)."""
        if self._view is None:
            board = self.game.board
            self._view = (board, board.fen(), iccs_texts(self.game.legal_codes()),
                          board.is_check())
        return self._view

    def mover(self, index: int) -> Color:
        """The colour that played move ``index`` (0-based) of the game."""
        parts = self.start_fen.split()
        start_red = parts[1] in ("w", "r") if len(parts) > 1 else True
        return Color.RED if (index % 2 == 0) == start_red else Color.BLACK

    def deadline(self, abandon_ms: int, waiting_ms: int | None = None) -> int | None:
        """The earliest time something happens by itself (a flag, an abandonment, a
        waiting room's expiry after ``waiting_ms``)."""
        if self.status is Status.WAITING and waiting_ms and self.room.opponent == "human":
            return self.created_ms + waiting_ms
        if self.status is not Status.PLAYING:
            return None
        times = [since + abandon_ms for since in self.disconnected.values()]
        if self.clock is not None and self.room.tc is not None:
            d = self.clock.deadline(self.room.tc)
            if d is not None:
                times.append(d)
        return min(times) if times else None

    # ------------------------------------------------------------ storage
    def row_fields(self) -> dict[str, Any]:
        """The game row's mutable columns, as stored after each change."""
        clock, e = self.clock, self.end
        return {
            "status": self.status.value,
            "result": e.result if e else "*",
            "winner": e.winner.value if e and e.winner else None,
            "termination": e.termination.name if e else None,
            "explanation_vi": e.vi if e else None,
            "explanation_en": e.en if e else None,
            "red_ms": clock.red_ms if clock else None,
            "black_ms": clock.black_ms if clock else None,
            "running": clock.running if clock else None,
            "since_ms": clock.since_ms if clock else None,
            "disconnected": json.dumps({c.value: t for c, t in self.disconnected.items()})
            if self.disconnected else None,
            "draw_offer": self.draw_offer.value if self.draw_offer else None,
            "takeback_request": (self.takeback_request.value if self.takeback_request
                                 else None),
            "rematch_request": self.rematch_request.value if self.rematch_request else None,
            "warnings": json.dumps(self.warnings, ensure_ascii=False) if self.warnings else None,
            "version": self.version,
        }

    def row_write(self, **extra: Any) -> dict[str, Any]:
        """The row's columns (:meth:`row_fields` and ``extra``) a write must set: those
        the store does not hold already (``stored_fields``)."""
        return row_changes({**self.row_fields(), **extra}, self.stored_fields)

    def saved(self, events: list[Notice] | None = None,
               **extra: Any) -> Change:
        self.version += 1
        return Change(events or [], UpdateGame(self.id, self.row_write(**extra)))

    # ----------------------------------------------------------- the moves
    def replay(self, move: Move, record_warnings: bool = True) -> list[Event]:
        before = self.view()[0]
        events = self.game.play(move)  # validates before anything changes
        for n, text in make_move_texts(before, move, NOTATIONS, legal=True).items():
            self.texts[n].append(text)
        self.moves.append(move.iccs)
        self._view = None
        if record_warnings:
            for e in events:
                if e.kind == "warning":
                    texts = {lang: e.message.text(lang) if e.message else e.text
                             for lang in ("vi", "en")}
                    self.warnings.append({"ply": e.ply, "lang": self.game.lang,
                                          "text": e.text, "texts": texts})
        return events

    def ensure_live(self) -> None:
        if self.status is Status.WAITING:
            raise ServiceError("NOT_STARTED")
        if self.over:
            raise ServiceError("GAME_OVER")

    def move(self, color: Color, iccs: str, ply: int, now: int) -> Change:
        """``color`` plays ``iccs`` (already checked to be ICCS) answering ``ply``."""
        self.ensure_live()
        if ply != self.ply:
            raise ServiceError("STALE_PLY", ply=ply, current=self.ply)
        if self.turn is not color:
            raise ServiceError("NOT_YOUR_TURN", turn=self.turn)
        try:
            move = Move.from_iccs(iccs)
        except CotuongError:  # e.g. the null move e0e0: well formed, yet no move
            raise ServiceError("ILLEGAL_MOVE", "ERR_BAD_MOVE", move=iccs) from None
        return self.play(color, move, now)

    def play(self, color: Color, move: Move, now: int) -> Change:
        """Play ``color``'s move at ``now``: the clock first (a late move flags), then the
        referee; the change records the move."""
        tc = self.room.tc
        new_clock = self.clock
        if self.clock is not None and tc is not None:
            new_clock, late = self.clock.after_move(tc, color.value, now)
            if late:
                return self.flag(color, now)
        warnings = len(self.warnings)
        try:
            events = self.replay(move)
        except IllegalMoveError as exc:
            why = exc.reason
            reason = None if why is None else {"code": why.code, "vi": why.vi, "en": why.en}
            raise ServiceError("ILLEGAL_MOVE", move=move.iccs, reason=reason,
                               why=Words(why.vi, why.en) if why else exc.code) from None
        except CotuongError:  # whatever else the referee refuses: refused, never a crash
            raise ServiceError("ILLEGAL_MOVE", "ERR_BAD_MOVE", move=move.iccs) from None
        self.clock = new_clock
        self.takeback_request = None
        notices = self._notices(events, warnings)
        extra: dict[str, Any] = {}
        end = End.of_game(self.game)
        if end is not None:
            self._end(end, now)
            extra["ended_at"] = now
        elif self.clock is not None and self.clock.running is None and self.ply >= START_PLY:
            self.clock = self.clock.start(self.turn.value, now)
        self.version += 1
        return Change(notices, self._rated(RecordMove(self.id, self.ply, move.iccs, now,
                                                      self.row_write(**extra)), now))

    def undo_last_move(self, before: ClockState | None) -> None:
        """Forget the last move (its write failed: not stored, so not played)."""
        self.back_to(self.ply - 1)
        self.clock, self.end = before, None
        self.version -= 1

    def back_to(self, keep: int) -> None:
        """Back to the first ``keep`` moves (the game takes them back without replaying)."""
        self.game.take_back(self.ply - keep)
        self._view = None
        del self.moves[keep:]
        for texts in self.texts.values():
            del texts[keep:]
        self.warnings = [w for w in self.warnings if w["ply"] <= keep]

    def _notices(self, events: list[Event], warnings_before: int = 0,
                 actor: Color | None = None) -> list[Notice]:
        out = []
        new_warnings = iter(self.warnings[warnings_before:])
        for e in events:
            if e.kind == "warning":
                w = next(new_warnings, None)
                out.append(Notice("warning", texts=w["texts"] if w else {self.game.lang: e.text}))
            elif e.kind == "game_over":
                end = End.of_game(self.game)
                out.append(Notice("game_over", texts={"vi": end.vi, "en": end.en} if end
                                  else {self.game.lang: e.text}))
            elif e.kind in ("draw_offered", "draw_declined") and actor is not None:
                offered = any(x.kind == "draw_offered" for x in events)
                who = actor.opponent if e.kind == "draw_declined" and offered else actor
                out.append(Notice(e.kind, texts=color_texts(e.kind, who)))
        return out

    # ---------------------------------------------------------- the ends
    def _end(self, end: End, now: int) -> None:
        self.end = end
        self.takeback_request = None
        self.disconnected = {}
        if self.clock is not None and self.room.tc is not None:
            self.clock = self.clock.stop(now, self.room.tc)

    def finish(self, end: End, now: int) -> Change:
        self._end(end, now)
        self.version += 1
        write = UpdateGame(self.id, self.row_write(ended_at=now))
        return Change([Notice("game_over", texts={"vi": end.vi, "en": end.en})],
                      self._rated(write, now))

    def _rated(self, write: RecordMove | UpdateGame, now: int) -> Write:
        """A game's last write, with its rating update in the same transaction."""
        rate = rating_update(self.id, self.room, self.end, self.red_slot, now, len(self.moves))
        return write if rate is None else Together((write, rate))

    def _referee(self, events: list[Event], now: int, actor: Color) -> Change:
        end = End.of_game(self.game)
        if end is not None:
            return self.finish(end, now)
        return self.saved(self._notices(events, len(self.warnings), actor))

    def _call(self, action: str, color: Color, now: int) -> Change:
        self.ensure_live()
        side = color
        try:
            events = getattr(self.game, action)(side)
        except CotuongError as exc:
            text = f"ERR_{exc.code}" if f"ERR_{exc.code}" in CATALOG else "ERR_REFUSED"
            raise ServiceError(exc.code, text, code=exc.code) from None
        return self._referee(events, now, color)

    def offer_draw(self, color: Color, now: int) -> Change:
        self.ensure_live()
        if not self.is_ai(color.opponent):
            return self._call("offer_draw", color, now)
        events = self.game.offer_draw(color)
        if self.game.outcome is None:  # the AI declines at once
            events += self.game.decline_draw(color.opponent)
        return self._referee(events, now, color)

    def accept_draw(self, color: Color, now: int) -> Change:
        return self._call("accept_draw", color, now)

    def decline_draw(self, color: Color, now: int) -> Change:
        return self._call("decline_draw", color, now)

    def resign(self, color: Color, now: int) -> Change:
        return self._call("resign", color, now)

    def abort(self, color: Color, now: int) -> Change:
        """Abort before both sides moved; in a waiting room, the host cancels it."""
        if self.room.event:
            raise ServiceError("TOURNAMENT_GAME")
        if self.status is Status.WAITING:
            if self.slot_of(color) is not Slot.HOST:
                raise ServiceError("NOT_HOST")
            return self.finish(End.cancelled(), now)
        self.ensure_live()
        if self.ply >= START_PLY:
            raise ServiceError("TOO_LATE")
        return self.finish(End.aborted(color), now)

    def flag(self, color: Color, now: int) -> Change:
        """``color``'s time is out."""
        self.game.flag(color)
        end = End.of_game(self.game)
        assert end is not None
        return self.finish(end, now)

    def timers(self, now: int, abandon_ms: int,
               waiting_ms: int | None = None) -> Change | None:
        """What the clock says at ``now``: a flag, an abandonment, a waiting room's expiry,
        or nothing."""
        expiry = self.deadline(abandon_ms, waiting_ms) if self.status is Status.WAITING \
            else None
        if expiry is not None and expiry <= now and waiting_ms:
            return self.finish(End.expired(waiting_ms // 60_000), now)
        if self.status is not Status.PLAYING:
            return None
        tc = self.room.tc
        if self.clock is not None and tc is not None:
            d = self.clock.deadline(tc)
            if d is not None and d <= now:
                return self.flag(Color(self.clock.running or self.turn), now)
        gone = [(since, c) for c, since in self.disconnected.items()
                if since + abandon_ms <= now]
        if gone:
            _, loser = min(gone)
            if self.is_ai(loser.opponent) and self.ply < START_PLY:
                # A game against the computer left before the person's first move is
                # aborted, not lost (as lichess aborts it): nothing was played.
                return self.finish(End.aborted(loser), now)
            return self.finish(End.abandonment(loser, abandon_ms // 1000), now)
        return None


