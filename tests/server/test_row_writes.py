"""A game row's writes set only the columns the store does not hold already, and the row
stored is still the one full writes would leave: after moves with clocks, draw offers,
a failed commit, and changes made by another process (Redis)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from harness import running, socket_to, two_player_room
from test_backends import redis_server

from cotuong.server import Settings
from cotuong.server.play.values import row_changes, stored_after
from cotuong.server.storage.writes import RecordMove, SetMeta, UpdateGame, Write

FISCHER = {"kind": "fischer", "base_ms": 60_000, "increment_ms": 1_000}


def _stored_matches(service: Any, game_id: int) -> None:
    """The stored row's mutable columns are the table's (what a full write stores)."""
    t = service.games[game_id]
    row = service.database.store.game(game_id)
    assert row is not None
    assert {k: row[k] for k in t.row_fields()} == t.row_fields()
    assert row["plies"] == t.ply


def _recording(service: Any) -> list[Write]:
    writes: list[Write] = []
    write = service.database.write

    async def recorded(op: Write) -> None:
        writes.append(op)
        await write(op)
    service.database.write = recorded
    return writes


def test_changes_and_stored_values() -> None:
    stored = {"status": "playing", "red_ms": 5, "draw_offer": None, "version": 2}
    fields = {"status": "playing", "red_ms": 4, "draw_offer": None, "version": 3}
    assert row_changes(fields, stored) == {"red_ms": 4, "version": 3}
    assert row_changes(fields, None) == fields
    assert row_changes({"version": 2}, {"version": 2}) == {"version": 2}  # never empty
    after = stored_after(stored, RecordMove(7, 3, "h2e2", 0, {"red_ms": 4, "version": 3}), 7)
    assert after == {**stored, "red_ms": 4, "version": 3}
    assert stored_after(stored, SetMeta("k", "v"), 7) is None
    assert stored_after(None, UpdateGame(7, {"version": 1}), 7) == {"version": 1}


def test_moves_write_only_changed_columns_and_the_row_stays_whole(tmp_path: Any) -> None:
    async def scenario() -> None:
        settings = Settings(db=str(tmp_path / "g.sqlite3"), heartbeat_s=0.2)
        async with running(settings) as srv:
            host, guest = await two_player_room(srv, time_control=FISCHER)
            code = host["code"]
            service = srv.service
            writes = _recording(service)
            async with socket_to(srv, code, host["secret"]) as red, \
                    socket_to(srv, code, guest["secret"]) as black:
                s = await red.state()
                gid = s["game_id"]
                plays = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
                for ply, move in enumerate(plays):
                    mover, other = (red, black) if ply % 2 == 0 else (black, red)
                    await mover.send(type="move", move=move, ply=ply)
                    await other.state(ply=ply + 1)
                    _stored_matches(service, gid)
                await black.send(type="offer_draw")
                await red.state(draw_offer="black")
                _stored_matches(service, gid)
                await red.send(type="move", move="b0c2", ply=6)  # declines the offer
                await black.state(ply=7, draw_offer=None)
                _stored_matches(service, gid)
                # A commit that fails: the move is not played, and the next write sets
                # every column again (what the store holds is unknown).
                database = service.database
                write = database.write

                async def failing(op: Write) -> None:
                    raise RuntimeError("disk full")
                database.write = failing
                await black.send(type="move", move="a9a8", ply=7)
                assert (await black.wait("error"))["code"] == "STORE"
                assert service.games[gid].stored_fields is None
                database.write = write
                await black.send(type="move", move="a9a8", ply=7)
                await red.state(ply=8)
                _stored_matches(service, gid)
                await red.send(type="resign")
                await black.state(status="finished")
                _stored_matches(service, gid)
                columns = set(service.games[gid].row_fields())
            moves = [w for w in writes if isinstance(w, RecordMove)]
            assert len(moves) == 8  # the failed one never reached the store
            # After the first write the unchanged columns stay out (status among them:
            # rewriting it rewrote its index entry), the clock's and the version go in.
            assert "status" not in moves[3].fields and "draw_offer" not in moves[3].fields
            assert {"version", "since_ms"} <= set(moves[3].fields)
            assert "draw_offer" in moves[6].fields  # the move that declined the offer
            after_failure = moves[7]
            assert set(after_failure.fields) == columns
    asyncio.run(scenario())


@pytest.mark.slow
def test_a_change_made_by_another_process_is_not_taken_as_stored(tmp_path: Any) -> None:
    """Process b stores a draw offer; process a, whose own last write stored the row
    without one, declines it: a's write must clear the offer (what a knew of the row is
    dropped when it catches up with b's change)."""
    async def scenario(url: str) -> None:
        settings = Settings(db=str(tmp_path / "shared.sqlite3"), redis_url=url,
                            heartbeat_s=0.2)
        async with running(settings) as a, running(settings) as b:
            host, guest = await two_player_room(a)
            code = host["code"]
            async with socket_to(a, code, host["secret"]) as red, \
                    socket_to(b, code, guest["secret"]) as black:
                await black.state()
                await red.send(type="move", move="h2e2", ply=0)
                s = await black.state(ply=1)
                gid = s["game_id"]
                await black.send(type="offer_draw")  # stored by b
                await red.state(draw_offer="black")
                await red.send(type="decline_draw")  # stored by a
                await black.state(draw_offer=None)
                row = a.service.database.store.game(gid)
                assert row is not None and row["draw_offer"] is None
                _stored_matches(a.service, gid)

    with redis_server() as url:
        asyncio.run(scenario(url))
