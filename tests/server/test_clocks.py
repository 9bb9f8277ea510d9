"""Clocks: Fischer and byo-yomi arithmetic, flags while disconnected, abandonment."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from harness import running, socket_to, two_player_room

from cotuong.server import FakeClock, Settings
from cotuong.server.timecontrol import ClockState, TimeControl, TimeControlError


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_fischer_arithmetic() -> None:
    tc = TimeControl("fischer", base_ms=10_000, increment_ms=1_000)
    c = ClockState.initial(tc).start("red", 0)
    assert c.deadline(tc) == 10_000
    c, late = c.after_move(tc, "red", 4_000)
    assert not late and (c.red_ms, c.running, c.since_ms) == (7_000, "black", 4_000)
    assert c.remaining("black", 14_000, tc) == 0
    _, late = c.after_move(tc, "black", 14_001)
    assert late
    assert c.stop(5_000, tc).black_ms == 9_000


def test_byoyomi_arithmetic() -> None:
    tc = TimeControl("byoyomi", base_ms=3_000, period_ms=2_000)
    c = ClockState.initial(tc).start("red", 0)
    assert c.deadline(tc) == 5_000
    assert c.period_left("red", 4_000, tc) == 1_000 and c.remaining("red", 4_000, tc) == 0
    c, late = c.after_move(tc, "red", 4_500)  # inside the period: main time stays 0
    assert not late and c.red_ms == 0
    c, _ = c.after_move(tc, "black", 5_000)
    assert c.deadline(tc) == 5_000 + 2_000  # a fresh period for each move
    assert c.to_json(6_000, tc)["period_left_ms"] == {"red": 1_000, "black": 2_000}
    assert c.shifted(10_000).deadline(tc) == 17_000


@pytest.mark.parametrize("data", [
    {"kind": "sudden"}, {"kind": "fischer", "base_ms": -1},
    {"kind": "byoyomi", "base_ms": 0, "period_ms": 10}, {"kind": "fischer", "base_ms": "1"},
    "10+5"])
def test_bad_time_controls(data: object) -> None:
    with pytest.raises(TimeControlError):
        TimeControl.from_json(data)


def test_flag_falls_while_the_player_is_disconnected() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(Settings(db="sqlite://"), clock=clock) as srv:
            host, guest = await two_player_room(
                srv, time_control={"kind": "fischer", "base_ms": 10_000, "increment_ms": 0})
            code = host["code"]
            async with socket_to(srv, code, host["secret"]) as red, \
                    socket_to(srv, code, guest["secret"]) as black:
                await red.send(type="move", move="h2e2", ply=0)
                await black.state(ply=1)
                clock.advance(60_000)  # clocks do not run before both sides moved
                await black.send(type="move", move="h9g7", ply=1)
                s = await red.state(ply=2)
                assert s["clocks"]["red_ms"] == 10_000 and s["clocks"]["running"] == "red"
                game_id = s["game_id"]
            # Red has gone (and Black too); Red's time runs out all the same.
            clock.advance(10_001)
            await srv.service.check_timers(game_id)
            async with srv.client() as c:
                g = (await c.get(f"/api/games/{game_id}")).json()
            assert g["status"] == "finished"
            assert g["outcome"]["termination"] == "TIME_FORFEIT"
            assert g["outcome"]["winner"] == "black"
            assert g["clocks"]["red_ms"] == 0 and g["clocks"]["running"] is None
    run(scenario())


def test_a_late_move_is_refused_and_flags() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(Settings(db="sqlite://"), clock=clock) as srv:
            host, guest = await two_player_room(
                srv, time_control={"kind": "byoyomi", "base_ms": 0, "period_ms": 5_000})
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"], guest["secret"]) as black:
                await red.send(type="move", move="h2e2", ply=0)
                await black.state(ply=1)  # black moves once it sees red's move
                await black.send(type="move", move="h9g7", ply=1)
                await red.state(ply=2)
                clock.advance(4_000)
                await red.send(type="move", move="h0g2", ply=2)  # in time
                s = await black.state(ply=3)
                assert s["clocks"]["period_left_ms"]["black"] == 5_000
                clock.advance(5_001)
                await black.send(type="move", move="i9h9", ply=3)  # too late
                s = await red.state(status="finished")
                assert s["ply"] == 3 and s["outcome"]["termination"] == "TIME_FORFEIT"
                assert s["outcome"]["winner"] == "red"
    run(scenario())


def test_real_timer_flags_without_any_message() -> None:
    async def scenario() -> None:
        async with running() as srv:
            host, guest = await two_player_room(
                srv, time_control={"kind": "byoyomi", "base_ms": 0, "period_ms": 1_000})
            async with socket_to(srv, host["code"], host["secret"]) as red, \
                    socket_to(srv, host["code"], guest["secret"]) as black:
                await red.send(type="move", move="h2e2", ply=0)
                await black.state(ply=1)  # black moves once it sees red's move
                await black.send(type="move", move="h9g7", ply=1)
                s = await black.state(status="finished", timeout=5)
                assert s["outcome"]["winner"] == "black"
                assert "hết thời gian" in s["outcome"]["explanation"]["vi"]
    run(scenario())


def test_abandonment_is_claimed_automatically_and_reconnect_cancels_it() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        async with running(Settings(db="sqlite://", abandon_after_s=30), clock=clock) as srv:
            host, guest = await two_player_room(srv)
            code = host["code"]
            async with socket_to(srv, code, host["secret"]) as red:
                async with socket_to(srv, code, guest["secret"]) as black:
                    s = await black.state()
                    # Red's first state already shows Black's window (a player who never
                    # came is away from the start): only a state after Black's arrival
                    # tells that the window below is the one Black's leaving opened.
                    await red.state(abandon=None)
                game_id = s["game_id"]
                s = await red.state(abandon={"color": "black",
                                             "deadline_ms": clock.now_ms() + 30_000})
                clock.advance(20_000)
                async with socket_to(srv, code, guest["secret"]) as black:
                    s = await red.state(abandon=None)  # back in time
                # Gone again: wait until the server has seen it (arrivals and departures
                # are published together, a moment later), then its window runs anew.
                await red.state(abandon={"color": "black",
                                         "deadline_ms": clock.now_ms() + 30_000})
                clock.advance(29_000)
                await srv.service.check_timers(game_id)
                await red.send(type="sync")
                assert (await red.state())["status"] == "playing"
                clock.advance(2_000)
                await srv.service.check_timers(game_id)
                s = await red.state(status="finished")
                assert s["outcome"]["termination"] == "ABANDONMENT"
                assert s["outcome"]["winner"] == "red"
    run(scenario())
