"""The SQLite store: round trip, atomic updates, a real SIGKILL mid-write, corruption."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from tests.tournament.helpers import play

from cotuong.tournament import (
    CorruptStoreError,
    DuplicateResultError,
    Tournament,
    TournamentStoreError,
)
from cotuong.tournament.store import DEFAULT_FILENAME, Dialect, SqliteStore, SqlStore


def _new(tmp_path: Path, n: int = 4) -> SqliteStore:
    return SqliteStore.create(tmp_path / "club", Tournament([f"P{i}" for i in range(1, n + 1)],
                                                            name="Club"))


def test_directory_or_file_and_round_trip(tmp_path: Path) -> None:
    store = _new(tmp_path)
    assert Path(store.where) == tmp_path / "club" / DEFAULT_FILENAME
    store.update(lambda t: play(t, "P1", "P4", "win"))
    store.update(lambda t: t.correct(1, "P1", "P4", "1/2-1/2"))
    store.close()
    t = SqliteStore.open(tmp_path / "club").load()
    assert [g.result.text for g in t.games()] == ["1/2-1/2"]
    assert t.name == "Club"
    explicit = SqliteStore.create(tmp_path / "other.sqlite3", Tournament(["A", "B"]))
    assert Path(explicit.where) == tmp_path / "other.sqlite3"
    assert [k for _, k, _, _ in SqliteStore.open(tmp_path / "club").history()] == \
        ["record", "correct"]


def test_failed_update_writes_nothing(tmp_path: Path) -> None:
    store = _new(tmp_path)
    store.update(lambda t: play(t, "P1", "P4", "win"))

    def twice(t: Tournament) -> None:
        play(t, "P2", "P3", "win")  # fine on its own ...
        play(t, "P1", "P4", "loss")  # ... but this one is a duplicate: all is rolled back

    with pytest.raises(DuplicateResultError):
        store.update(twice)
    assert len(store.load().games()) == 1
    # The half-applied in-memory state was dropped: P2–P3 can still be recorded once.
    store.update(lambda t: play(t, "P2", "P3", "win"))
    assert len(store.load().games()) == 2


def test_two_writers_see_each_other(tmp_path: Path) -> None:
    first = _new(tmp_path)
    second = SqliteStore.open(tmp_path / "club")
    first.update(lambda t: play(t, "P1", "P4", "win"))
    second.update(lambda t: play(t, "P2", "P3", "draw"))
    with pytest.raises(DuplicateResultError):  # first must not reuse a stale state
        first.update(lambda t: play(t, "P2", "P3", "loss"))
    first.update(lambda t: play(t, "P1", "P3", "win"))
    games = second.load().games()
    assert len(games) == 3
    p2, p3 = 2, 3
    assert [g.result.text for g in games if {g.red, g.black} == {p2, p3}] == ["1/2-1/2"]


def test_create_and_open_errors(tmp_path: Path) -> None:
    _new(tmp_path).close()
    with pytest.raises(TournamentStoreError, match="already exists"):
        _new(tmp_path)
    with pytest.raises(TournamentStoreError, match="no tournament store"):
        SqliteStore.open(tmp_path / "nowhere")


def test_corrupt_stores_are_named(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(CorruptStoreError):
        SqliteStore.open(garbage).load()

    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        conn.execute("CREATE TABLE events (seq INTEGER, kind TEXT, payload TEXT, "
                     "recorded_at TEXT)")
    with pytest.raises(CorruptStoreError, match="not a cotuong tournament"):
        SqliteStore.open(foreign).load()

    no_tables = tmp_path / "empty.sqlite3"
    sqlite3.connect(no_tables).close()
    no_tables.write_bytes(b"")
    with pytest.raises(CorruptStoreError):
        SqliteStore.open(no_tables).load()

    store = _new(tmp_path)
    store.update(lambda t: play(t, "P1", "P4", "win"))
    store.close()
    file = tmp_path / "club" / DEFAULT_FILENAME
    with sqlite3.connect(file) as conn:  # a result nobody could have entered
        conn.execute("UPDATE events SET payload = ? WHERE seq = 1",
                     (json.dumps({"round": 1, "red": "P1", "black": "P4", "result": "9-9"}),))
    with pytest.raises(CorruptStoreError, match=r"event 1 .* cannot be replayed"):
        SqliteStore.open(file).load()
    with sqlite3.connect(file) as conn:
        conn.execute("UPDATE events SET seq = 5 WHERE seq = 1")
    with pytest.raises(CorruptStoreError, match="event 1 is missing"):
        SqliteStore.open(file).load()
    with sqlite3.connect(file) as conn:
        conn.execute("UPDATE meta SET value = '{' WHERE key = 'settings'")
    with pytest.raises(CorruptStoreError, match="settings are damaged"):
        SqliteStore.open(file).load()

    truncated = tmp_path / "cut"
    _new(truncated).close()
    data = (truncated / "club" / DEFAULT_FILENAME).read_bytes()
    (truncated / "club" / DEFAULT_FILENAME).write_bytes(data[: len(data) // 3])
    with pytest.raises(CorruptStoreError):
        s = SqliteStore.open(truncated / "club")
        s.check()


def test_generic_sql_path_with_an_explicit_lock(tmp_path: Path) -> None:
    """The dialect hooks (plain BEGIN + a lock query) as the PostgreSQL store will use."""
    conn = sqlite3.connect(tmp_path / "generic.db", isolation_level=None)
    store = SqlStore(conn, Dialect("?", "BEGIN", "SELECT value FROM meta WHERE key = 'settings'"))
    store.initialise(Tournament(["A", "B", "C"]))
    store.update(lambda t: play(t, "B", "C", "draw"))
    assert [r.points for r in store.load().standings()][:2] == [1, 1]


WRITER = textwrap.dedent("""
    import sys
    from cotuong.tournament.store import SqliteStore
    store = SqliteStore.open(sys.argv[1])
    t = store.load()
    games = [p for rnd in t.schedule for p in rnd if not p.bye]
    results = ["1-0", "0-1", "1/2-1/2"]
    for k, p in enumerate(games):
        if t.result_of(p.round, p.board) is not None:
            continue
        store.update(lambda t, p=p, k=k: t.record(p.round, p.red, p.black, results[k % 3]))
        print(k, flush=True)  # acknowledged only after the commit returned
    print("done", flush=True)
""")


def test_sigkill_mid_write_loses_nothing_committed(tmp_path: Path) -> None:
    store = _new(tmp_path, n=30)  # 435 games to write, one transaction each
    store.close()
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    acknowledged = 0
    for attempt, wait_for in enumerate((25, 60, 110)):
        proc = subprocess.Popen([sys.executable, str(script), str(tmp_path / "club")],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        seen = 0
        deadline = time.monotonic() + 120
        while seen < wait_for and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line or line.strip() == "done":
                break
            seen += 1
        time.sleep(0.003 * attempt)  # land the kill at varying points of a write
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        # Lines already in the pipe were acknowledged (committed) before the kill too.
        seen += sum(1 for line in proc.stdout.read().splitlines() if line.strip() != "done")
        proc.stdout.close()
        assert proc.returncode == -signal.SIGKILL
        acknowledged += seen
        reopened = SqliteStore.open(tmp_path / "club")
        reopened.check()  # integrity_check == ok, and every event replays
        t = reopened.load()
        recorded = len(t.games())
        # Everything acknowledged is there; at most the in-flight write is extra
        # (committed, killed before it could print).
        assert acknowledged <= recorded <= acknowledged + 1
        acknowledged = recorded
        reopened.close()
    # The store is still usable after the kills.
    final = SqliteStore.open(tmp_path / "club")
    assert sum(r.games for r in final.load().standings()) == 2 * acknowledged


# What the first release wrote (schema 1): settings without "unplayed" or "schedule",
# players as plain names, payloads without "v". Rows are written here by hand in those
# shapes, as that version's SqliteStore.create and update did.
OLD_SETTINGS = {"name": "CLB cũ", "players": ["A", "B", "C", "D"], "scoring": [2, 1, 0],
                "double": True, "tiebreaks": ["sonneborn_berger", "wins", "direct_encounter"]}
OLD_EVENTS = [
    ("record", {"round": 1, "red": "A", "black": "D", "result": "1/2-1/2", "pgn": None}),
    ("record", {"round": 1, "red": "B", "black": "C", "result": "1/2-1/2", "pgn": None}),
    # After round 1 the old CLI asked for lots among the four (all on 1 point) ...
    ("draw_lots", {"order": ["D", "C", "B", "A"]}),
    # ... round 2 in the old double-round order (4-3 and 1-2; the FIDE order plays them
    # in round 3) ...
    ("record", {"round": 2, "red": "D", "black": "C", "result": "1/2-1/2", "pgn": None}),
    ("record", {"round": 2, "red": "A", "black": "B", "result": "1/2-1/2", "pgn": None}),
    # ... and the old --from-round default, 1.
    ("withdraw", {"player": "D", "policy": "forfeit", "from_round": 1}),
    ("record", {"round": 3, "red": "C", "black": "A", "result": "1/2-1/2", "pgn": None}),
    ("record", {"round": 4, "red": "C", "black": "B", "result": "1/2-1/2", "pgn": None}),
    ("correct", {"round": 4, "red": "C", "black": "B", "result": "1/2-1/2", "pgn": None,
                 "reason": "xác nhận"}),
    ("record", {"round": 5, "red": "B", "black": "A", "result": "1/2-1/2", "pgn": None}),
    ("record", {"round": 6, "red": "A", "black": "C", "result": "1/2-1/2", "pgn": None}),
]


def _old_store(file: Path) -> None:
    with sqlite3.connect(file) as conn:
        conn.execute("CREATE TABLE meta (key VARCHAR(64) PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, kind VARCHAR(32) NOT NULL, "
                     "payload TEXT NOT NULL, recorded_at VARCHAR(40) NOT NULL)")
        for key, value in (("format", "cotuong-tournament"), ("schema", "1"),
                           ("settings", json.dumps(OLD_SETTINGS, ensure_ascii=False))):
            conn.execute("INSERT INTO meta VALUES (?, ?)", (key, value))
        for seq, (kind, payload) in enumerate(OLD_EVENTS, 1):
            conn.execute("INSERT INTO events VALUES (?, ?, ?, ?)",
                         (seq, kind, json.dumps(payload, ensure_ascii=False),
                          "2026-01-10T09:00:00+00:00"))


def test_a_store_of_the_first_release_still_opens(tmp_path: Path) -> None:
    file = tmp_path / "old.sqlite3"
    _old_store(file)
    store = SqliteStore.open(file)
    store.check()
    t = store.load()
    # Its double round robin keeps the order it was played in.
    assert not t.exchange_last_two
    assert [(p.red, p.black) for p in t.schedule[1] if not p.bye] == [(4, 3), (1, 2)]
    # The withdrawal kept its meaning: D's games from round 1 on that had no result.
    assert t.player("D").withdrawn == "forfeit" and t.finished
    rows = t.standings()
    # B 8 (SB 7+7+7+7 from the draws with A and C, 2×2+2×2 from D's forfeits = 36); A and C
    # 7, SB 36, one (forfeit) win, drew both games: tied on everything. The
    # drawing recorded after round 1 was for another tie (all four on 1 point): it does
    # not decide this one.
    assert [(r.rank_text, r.player, r.points, r.tiebreak("sonneborn_berger"), r.lots)
            for r in rows[:3]] == [("1", "B", 8, 36, ""), ("2=", "A", 7, 36, "pending"),
                                   ("2=", "C", 7, 36, "pending")]
    assert t.unused_lots() == [("D", "C", "B", "A")]
    # New events go on top, in today's shape, and everything replays again.
    store.update(lambda t: t.draw_lots(["C", "A"]))
    reopened = SqliteStore.open(file)
    reopened.check()
    assert [r.player for r in reopened.load().standings()] == ["B", "C", "A", "D"]
    kinds = [(k, p.get("v"), p.get("legacy")) for _, k, p, _ in reopened.history()]
    assert kinds[2] == ("draw_lots", None, None)  # stored rows are never rewritten
    assert kinds[-1] == ("draw_lots", 2, False)
