"""The game table's values: a room's settings (:class:`RoomState`), how a game ended
(:class:`End`), the notices a transition emits and the :class:`Change` it returns.

>>> End.aborted(Color.RED).termination
<Termination.ABORTED: 'aborted'>
>>> Notice("draw_offered", texts=color_texts("draw_offered", Color.RED)).frame("en").text
'Red offers a draw'
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from cotuong.game import Game
from cotuong.messages import Message
from cotuong.server.play.protocol import Color, EventFrame, Slot, Termination
from cotuong.server.ratings import RateGame, category
from cotuong.server.storage import RecordMove, TakeBack, UpdateGame, Write
from cotuong.server.timecontrol import TimeControl

__all__ = ["EVENT", "Change", "End", "Notice", "RoomState", "color_texts", "row_changes",
           "stored_after"]

# A room's ``opponent`` when a tournament made it: both seats reserved for the paired
# players, no abort, rematch or takeback.
EVENT = "event"


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

    @property
    def event(self) -> bool:
        """Whether a tournament made this room (its board's two players are seated)."""
        return self.opponent == EVENT

    def slot_name(self, slot: str) -> str | None:
        return self.host_name if slot == Slot.HOST else self.guest_name

    def slot_identity(self, slot: str) -> str | None:
        return self.host_id if slot == Slot.HOST else self.guest_id

    def update_from_row(self, row: dict[str, Any]) -> None:
        """Take every field from a newer ``rooms`` row, in place: the room object stays
        the one the tables and sockets hold (another process changed the row)."""
        newer = RoomState.from_row(row)
        for f in fields(self):
            setattr(self, f.name, getattr(newer, f.name))


@dataclass(frozen=True, slots=True)
class End:
    """How a game ended: the referee's outcome, or one the server decided."""

    result: str
    winner: Color | None
    termination: Termination
    vi: str
    en: str

    @classmethod
    def of_game(cls, game: Game) -> End | None:
        o = game.outcome
        if o is None:
            return None
        return cls(o.result, None if o.winner is None else Color(o.winner.value),
                   o.termination, o.text("vi"), o.text("en"))

    @classmethod
    def abandonment(cls, loser: Color, seconds: int) -> End:
        lose, win = loser, loser.opponent
        m = Message.of("END_ABANDONED", winner=win, loser=lose, seconds=seconds)
        return cls("1-0" if win is Color.RED else "0-1", loser.opponent,
                   Termination.ABANDONMENT, m.vi, m.en)

    @classmethod
    def aborted(cls, by: Color) -> End:
        m = Message.of("END_ABORTED", side=by)
        return cls("*", None, Termination.ABORTED, m.vi, m.en)

    @classmethod
    def expired(cls, minutes: int) -> End:
        m = Message.of("END_EXPIRED", minutes=max(1, minutes))
        return cls("*", None, Termination.ABORTED, m.vi, m.en)

    @classmethod
    def cancelled(cls) -> End:
        m = Message.of("END_CANCELLED")
        return cls("*", None, Termination.ABORTED, m.vi, m.en)

    def text(self, lang: str) -> str:
        return self.en if lang == "en" else self.vi

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "winner": self.winner, "termination": self.termination.name,
                "explanation": {"vi": self.vi, "en": self.en}}


@dataclass(frozen=True, slots=True)
class Notice:
    """An ``event`` frame to be: its ``text`` is rendered in each socket's language."""

    kind: str
    color: Color | None = None
    texts: dict[str, str] | None = None
    game_id: int | None = None

    def frame(self, lang: str) -> EventFrame:
        text = None
        if self.texts:
            text = self.texts.get(lang) or next(iter(self.texts.values()))
        return EventFrame(kind=self.kind, color=self.color, text=text,  # type: ignore[arg-type]
                          game_id=self.game_id)


@dataclass
class Change:
    """What a transition did: events to publish (before the ``state``) once ``write`` is
    committed; ``rematch`` asks the orchestrator to start the next game."""

    events: list[Notice] = field(default_factory=list)
    write: Write | None = None
    rematch: bool = False


def color_texts(kind: str, color: Color) -> dict[str, str]:
    m = Message.of("DRAW_OFFERED" if kind == "draw_offered" else "DRAW_DECLINED",
                   side=color)
    return {"vi": m.vi, "en": m.en}


RATED_MIN_PLIES = 2  # a real move from each side


def rating_update(game_id: int, room: RoomState, end: End | None, red_slot: str,
                  now_ms: int, plies: int) -> RateGame | None:
    """The rating update a game calls for: only a finished (not aborted) rated game with
    a clock between two different accounts, in which each side made a move (``plies``
    ≥ 2: a game resigned, flagged or left before that rates nobody, so two accounts of
    one person cannot farm a rating with games that were never played)."""
    kind = category(room.tc)
    if end is None or end.termination is Termination.ABORTED or not room.rated \
            or kind is None or plies < RATED_MIN_PLIES:
        return None
    black_slot = Slot.GUEST if red_slot == Slot.HOST else Slot.HOST
    red = room.slot_identity(red_slot) or ""
    black = room.slot_identity(black_slot) or ""
    if not (red.startswith("u:") and black.startswith("u:")) or red == black:
        return None
    score = {"1-0": 1.0, "0-1": 0.0}.get(end.result, 0.5)
    return RateGame(game_id, int(red[2:]), int(black[2:]), kind, score, now_ms)


def row_changes(fields: dict[str, Any], stored: dict[str, Any] | None) -> dict[str, Any]:
    """The game row's columns in ``fields`` whose value the store does not hold already
    (``stored``: the columns it holds, as the last committed writes left them; ``None``:
    unknown, so all of them). ``version`` is always written: every change bumps it.

    A move used to rewrite all sixteen mutable columns; leaving the unchanged ones out
    keeps SQLite from rewriting the ``status`` index's entry and encoding the others,
    ~30 % of a move's commit and one WAL page fewer (benchmarks/README).

    >>> row_changes({"status": "playing", "red_ms": 5, "version": 3},
    ...             {"status": "playing", "red_ms": 9, "version": 3})
    {'red_ms': 5, 'version': 3}
    >>> row_changes({"status": "playing"}, None)
    {'status': 'playing'}
    """
    if stored is None:
        return fields
    return {k: v for k, v in fields.items()
            if k == "version" or k not in stored or stored[k] != v}


def stored_after(stored: dict[str, Any] | None, write: Write, game_id: int
                 ) -> dict[str, Any] | None:
    """What the store holds of game ``game_id``'s row once ``write`` is committed:
    ``stored`` updated with the columns the write set; ``None`` (unknown) after any
    other kind of write (a rating's, several together).

    >>> stored_after({"a": 1, "b": 2}, UpdateGame(7, {"b": 3}), 7)
    {'a': 1, 'b': 3}
    >>> stored_after({"a": 1}, UpdateGame(8, {"a": 2}), 7) is None  # another game's
    True
    """
    if isinstance(write, UpdateGame | RecordMove | TakeBack) and write.game_id == game_id:
        return {**(stored or {}), **write.fields}
    return None
