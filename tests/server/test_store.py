"""The store: group commit keeps a bad write from sinking the others; database URLs."""

from __future__ import annotations

from pathlib import Path

import pytest

from cotuong.server.storage import database_url
from cotuong.server.storage.store import Store, StoreError
from cotuong.server.storage.writes import RecordMove, SetMeta


def _game(store: Store) -> int:
    store.create_room(dict(code="ABCD23", rules="xiangqiplay", time_control=None, rated=False,
                           opponent="human", ai_level=None, lang="vi", host_id="g:1",
                           host_name="A", host_color="red", guest_id=None, guest_name=None,
                           current_game_id=None, created_at=0))
    return store.create_game(dict(room_code="ABCD23", red_slot="host", start_fen="x",
                                  status="playing", result="*", plies=0, version=0,
                                  created_at=0), {})


def test_group_commit_isolates_a_failing_write(tmp_path: Path) -> None:
    store = Store(database_url(str(tmp_path / "t.sqlite3")))
    gid = _game(store)
    store.record_move(gid, 1, "h2e2", 0, {"version": 1})
    errors = store.write_batch([
        RecordMove(gid, 2, "h9g7", 0, {"version": 2}),
        RecordMove(gid, 1, "b2e2", 0, {"version": 9}),  # ply 1 again: refused
        SetMeta("heartbeat_ms", "5"),
    ])
    assert errors[0] is None and errors[2] is None and errors[1] is not None
    assert store.game_moves(gid) == ["h2e2", "h9g7"]
    assert store.get_meta("heartbeat_ms") == "5"
    assert store.game(gid)["version"] == 2  # type: ignore[index]
    with pytest.raises(StoreError):
        store.write_batch([("drop_everything", ())])  # type: ignore[list-item]
    store.close()


def test_database_urls(tmp_path: Path) -> None:
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite://") == "sqlite://"
    # SQLite's own spelling of an in-memory database, not a file named ":memory:" here
    # (one such file was once committed by accident).
    assert database_url(":memory:") == "sqlite://"
    assert database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    with pytest.raises(StoreError):
        Store("nosuchdriver://x")
