"""Online tournaments (round robins, Swiss events, knockouts) in the server's database
(SQLite or PostgreSQL, through the same SQLAlchemy engine as the games): one row per
event, its append-only event log, and one row per board of each round opened (its room,
game and who has arrived; a knockout's board is one game of a match).

The event log holds the tournament library's own events
(:mod:`cotuong.tournament.events`): loading replays them through
:func:`cotuong.tournament.replay.replay` (whatever the system), which validates each
one again, so the pairings, results, corrections, withdrawals and standings are the
library's, never recomputed here.
Every change runs in one transaction that locks the tournament's row, replays the log,
applies the change and appends its new events (with who made them and when): the audit
trail of results, corrections and withdrawals.

>>> from sqlalchemy import create_engine
>>> from cotuong.tournament import Tournament
>>> engine = create_engine("sqlite://")
>>> metadata.create_all(engine)
>>> tid = create_tournament(engine, Tournament(["an", "binh", "chi"], name="Club"),
...     {"name": "Club", "organiser": "u:1", "organiser_name": "an", "options": "{}",
...      "created_at": 0})
>>> _ = update(engine, tid, lambda t: t.record(1, "binh", "chi", "1-0"), "u:1", 5)
>>> load(engine, tid)[1].standings()[0].player, [e["kind"] for e in history(engine, tid)]
('binh', ['record'])
"""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    func,
    insert,
    select,
)
from sqlalchemy import (
    update as sql_update,
)
from sqlalchemy.engine import Connection, Engine

from cotuong.tournament import Knockout
from cotuong.tournament.replay import replay
from cotuong.tournament.systems import Directed

metadata = MetaData()
T = TypeVar("T")
Row = dict[str, Any]

tournaments = Table(
    "tournaments", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(120), nullable=False),
    Column("organiser", String(64), nullable=False, index=True),  # "u:<id>"
    Column("organiser_name", String(64), nullable=False),
    Column("settings", Text, nullable=False),  # Tournament.settings(), JSON
    # JSON: rules, time_control, round_start, no_show_s, lang, identities by name.
    Column("options", Text, nullable=False),
    Column("status", String(16), nullable=False, default="created"),  # running, finished
    Column("open_round", Integer, nullable=False, default=0),  # 0: none opened yet
    Column("round_opened_at", BigInteger, nullable=True),
    Column("created_at", BigInteger, nullable=False),
)

tournament_events = Table(
    "tournament_events", metadata,
    Column("tournament_id", Integer, primary_key=True),
    Column("seq", Integer, primary_key=True),  # 1 = the first
    Column("kind", String(32), nullable=False),
    Column("payload", Text, nullable=False),
    Column("actor", String(64), nullable=False),  # "u:<id>" (the arbiter) or "server"
    Column("recorded_at", BigInteger, nullable=False),
)

tournament_boards = Table(
    "tournament_boards", metadata,
    Column("tournament_id", Integer, primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("room_code", String(16), nullable=True, index=True),  # NULL: nothing to play
    Column("game_id", Integer, nullable=True),
    Column("red_arrived", Boolean, nullable=False, default=False),
    Column("black_arrived", Boolean, nullable=False, default=False),
)


def create_tournament(engine: Engine, tournament: Directed, row: Mapping[str, Any]) -> int:
    """Insert a new tournament (its settings from ``tournament``); its id."""
    with engine.begin() as c:
        result = c.execute(insert(tournaments).values(
            **row, settings=json.dumps(tournament.settings(), ensure_ascii=False),
            status="created", open_round=0))
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])


def _row(c: Connection, tid: int, lock: bool = False) -> Row | None:
    q = select(tournaments).where(tournaments.c.id == tid)
    if lock:
        q = q.with_for_update()  # PostgreSQL: one change at a time (SQLite: one writer)
    found = c.execute(q).mappings().first()
    return dict(found) if found else None


class Replays:
    """The states the log replayed to, kept per tournament with its event count, so a
    page or a view reads a big event without replaying it (a 200-player knockout's log
    replays in ~2 s: the library rebuilds its bracket at every event). A kept state is
    never changed: :func:`update` changes a copy (a knockout's, ~40 ms at 200 players) or
    a fresh replay (a round robin's or Swiss's replays faster than it copies), and keeps
    the result once committed. Reads and writes run on different threads: a lock guards
    the table, ``size`` bounds it.

    >>> Replays(2).get(1, 5) is None
    True
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._kept: dict[int, tuple[int, str, Directed]] = {}
        self._lock = threading.Lock()

    def get(self, tid: int, count: int, settings: str = "") -> Directed | None:
        with self._lock:
            kept = self._kept.get(tid)
        if kept is None or kept[0] != count or (settings and kept[1] != settings):
            return None
        return kept[2]

    def put(self, tid: int, count: int, settings: str, state: Directed) -> None:
        with self._lock:
            self._kept.pop(tid, None)
            while len(self._kept) >= self.size:
                self._kept.pop(next(iter(self._kept)))  # the oldest kept first
            self._kept[tid] = (count, settings, state)

    def drop(self, tid: int) -> None:
        with self._lock:
            self._kept.pop(tid, None)


def _count(c: Connection, tid: int) -> int:
    return int(c.execute(select(func.count()).select_from(tournament_events).where(
        tournament_events.c.tournament_id == tid)).scalar_one())


def _cached(c: Connection, row: Row, cache: Replays | None) -> Directed:
    """The state of the log: the kept one if the log has not grown since, else a replay
    (kept for the next reader)."""
    if cache is None:
        return _replay(c, row)
    found = cache.get(row["id"], _count(c, row["id"]), row["settings"])
    if found is None:
        found = _replay(c, row)  # (keyed by what it holds: the log may grow meanwhile)
        cache.put(row["id"], len(found.events), row["settings"], found)
    return found


def _replay(c: Connection, row: Row) -> Directed:
    rows = c.execute(select(tournament_events.c.seq, tournament_events.c.kind,
                            tournament_events.c.payload)
                     .where(tournament_events.c.tournament_id == row["id"])
                     .order_by(tournament_events.c.seq)).all()
    return replay(row["settings"], [tuple(r) for r in rows], f"tournament {row['id']}")


def load(engine: Engine, tid: int,
         cache: Replays | None = None) -> tuple[Row, Directed] | None:
    """The tournament's row and its state (the log replayed, or as ``cache`` kept it: the
    caller must not change it), or ``None``."""
    with engine.connect() as c:
        row = _row(c, tid)
        return None if row is None else (row, _cached(c, row, cache))


def update(engine: Engine, tid: int, change: Callable[[Directed], T], actor: str,
           now_ms: int, fields: Mapping[str, Any] | None = None,
           also: Callable[[Connection], None] | None = None,
           cache: Replays | None = None) -> T:
    """Apply ``change`` to the tournament as stored and append the events it made, with
    ``fields`` of the tournament's row and whatever ``also`` writes, in one transaction
    (``change`` or ``also`` raising: nothing is written, nothing kept)."""
    if cache is None:
        return _update(engine, tid, change, actor, now_ms, fields, also, None)
    try:
        return _update(engine, tid, change, actor, now_ms, fields, also, cache)
    except BaseException:
        cache.drop(tid)
        raise


def _update(engine: Engine, tid: int, change: Callable[[Directed], T], actor: str,
            now_ms: int, fields: Mapping[str, Any] | None,
            also: Callable[[Connection], None] | None, cache: Replays | None) -> T:
    with engine.begin() as c:
        row = _row(c, tid, lock=True)
        if row is None:
            raise KeyError(tid)
        kept = None if cache is None else cache.get(tid, _count(c, tid), row["settings"])
        t = copy.deepcopy(kept) if isinstance(kept, Knockout) else _replay(c, row)
        before = len(t.events)
        value = change(t)
        new = [{"tournament_id": tid, "seq": seq, "kind": e.kind,
                "payload": json.dumps(e.payload(), ensure_ascii=False), "actor": actor,
                "recorded_at": now_ms}
               for seq, e in enumerate(t.events[before:], before + 1)]
        if new:
            c.execute(insert(tournament_events), new)
        if fields:
            c.execute(sql_update(tournaments).where(tournaments.c.id == tid).values(**fields))
        if also is not None:
            also(c)
    if cache is not None:  # committed: the new state is the one to read
        cache.put(tid, len(t.events), row["settings"], t)
    return value


def set_fields(engine: Engine, tid: int, fields: Mapping[str, Any]) -> None:
    with engine.begin() as c:
        c.execute(sql_update(tournaments).where(tournaments.c.id == tid).values(**fields))


def history(engine: Engine, tid: int) -> list[Row]:
    """The event log: ``seq``, ``kind``, ``payload`` (dict), ``actor``, ``recorded_at``."""
    with engine.connect() as c:
        rows = c.execute(select(tournament_events).where(
            tournament_events.c.tournament_id == tid).order_by(tournament_events.c.seq))
        return [{**dict(r), "payload": json.loads(r["payload"])} for r in rows.mappings()]


def running_ids(engine: Engine) -> list[int]:
    """Tournaments under way (to resume after a restart)."""
    with engine.connect() as c:
        return [int(i) for i in c.execute(select(tournaments.c.id).where(
            tournaments.c.status == "running").order_by(tournaments.c.id)).scalars()]


def recent(engine: Engine, limit: int, before: int | None = None) -> list[Row]:
    """The newest tournaments first (id, name, organiser's name, status, open round),
    those with an id below ``before`` if given (the next page)."""
    cols = (tournaments.c.id, tournaments.c.name, tournaments.c.organiser_name,
            tournaments.c.status, tournaments.c.open_round, tournaments.c.created_at)
    q = select(*cols).order_by(tournaments.c.id.desc()).limit(limit)
    if before is not None:
        q = q.where(tournaments.c.id < before)
    with engine.connect() as c:
        return [dict(r) for r in c.execute(q).mappings()]


# ------------------------------------------------------------------- boards
def add_boards(engine: Engine, tid: int, round_no: int, boards: Sequence[int]) -> None:
    """Rows for the boards of a round just opened (rooms come next), if not there yet."""
    with engine.begin() as c:
        have = set(c.execute(select(tournament_boards.c.board).where(
            tournament_boards.c.tournament_id == tid,
            tournament_boards.c.round == round_no)).scalars())
        rows = [{"tournament_id": tid, "round": round_no, "board": b, "room_code": None,
                 "game_id": None, "red_arrived": False, "black_arrived": False}
                for b in boards if b not in have]
        if rows:
            c.execute(insert(tournament_boards), rows)


def boards(engine: Engine, tid: int) -> list[Row]:
    """Every board row of the tournament, by round and board."""
    with engine.connect() as c:
        return [dict(r) for r in c.execute(select(tournament_boards).where(
            tournament_boards.c.tournament_id == tid).order_by(
            tournament_boards.c.round, tournament_boards.c.board)).mappings()]


def update_board(engine: Engine, tid: int, round_no: int, board: int,
                 fields: Mapping[str, Any]) -> None:
    with engine.begin() as c:
        c.execute(sql_update(tournament_boards).where(
            tournament_boards.c.tournament_id == tid, tournament_boards.c.round == round_no,
            tournament_boards.c.board == board).values(**fields))


def board_of_room(engine: Engine, code: str) -> Row | None:
    """The board played in room ``code``, if it is a tournament's."""
    with engine.connect() as c:
        found = c.execute(select(tournament_boards).where(
            tournament_boards.c.room_code == code)).mappings().first()
        return dict(found) if found else None


__all__ = ["Replays", "add_boards", "board_of_room", "boards", "create_tournament", "history",
           "load", "metadata", "recent", "running_ids", "set_fields", "tournament_boards",
           "tournament_events", "tournaments", "update", "update_board"]
