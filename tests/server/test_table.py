"""The game table without sockets or a database: each transition's checks, state and the
events and store write it returns."""

from __future__ import annotations

from typing import Any

import pytest

from cotuong.server.errors import ServiceError
from cotuong.server.play import presence, takebacks
from cotuong.server.play.protocol import Color, Status, Termination
from cotuong.server.play.table import START_FEN, GameTable, RoomState
from cotuong.server.play.table_rows import table_from_rows
from cotuong.server.play.views import state_frame
from cotuong.server.ratings import RateGame
from cotuong.server.storage.writes import RecordMove, TakeBack, Together, UpdateGame
from cotuong.server.timecontrol import TimeControl

RED, BLACK = Color.RED, Color.BLACK


def table(tc: TimeControl | None = None, opponent: str = "human", rated: bool = False,
          started: bool = True, fen: str = START_FEN) -> GameTable:
    room = RoomState("ABC234", "xiangqiplay", tc, rated, opponent, 1 if opponent == "ai"
                     else None, "vi", "g:1", "A", "red", "g:2", "B", 1, 0)
    return GameTable.new(1, room, "host", fen, started=started)


def refused(code: str, call: Any, *args: Any) -> None:
    with pytest.raises(ServiceError) as info:
        call(*args)
    assert info.value.code == code


def kinds(change: Any) -> list[str]:
    return [n.kind for n in change.events]


def test_move_checks_ply_turn_and_legality() -> None:
    t = table()
    refused("STALE_PLY", t.move, RED, "h2e2", 1, 0)
    refused("NOT_YOUR_TURN", t.move, BLACK, "h7e7", 0, 0)
    refused("ILLEGAL_MOVE", t.move, RED, "h2h8", 0, 0)
    assert t.ply == 0 and t.version == 0  # refusals change nothing
    change = t.move(RED, "h2e2", 0, 5)
    assert isinstance(change.write, RecordMove)
    assert (change.write.ply, change.write.iccs, change.write.at_ms) == (1, "h2e2", 5)
    assert change.write.fields["version"] == 1 and t.turn is BLACK
    assert t.texts == {"vi": ["P2-5"], "wxf": ["C2.5"], "zh": ["炮二平五"]}
    state = state_frame(t, 0, {}, 0, 1000)
    assert state["fen"].endswith("b - - 1 1") and state["last_move"] == "h2e2"


def test_illegal_move_carries_its_reason() -> None:
    t = table()
    with pytest.raises(ServiceError) as info:
        t.move(RED, "b0b1", 0, 0)  # a horse one step straight
    assert info.value.reason is not None and info.value.reason["en"]


def test_no_move_before_the_opponent_joins_nor_after_the_end() -> None:
    t = table(started=False)
    assert t.status is Status.WAITING
    refused("NOT_STARTED", t.move, RED, "h2e2", 0, 0)
    presence.seat_guest(t, "g:2", "B", 0)
    assert t.status is Status.PLAYING
    t.resign(RED, 0)
    refused("GAME_OVER", t.move, RED, "h2e2", 0, 0)


def test_checkmate_ends_with_the_referees_outcome() -> None:
    t = table(fen="3k5/9/3P5/9/9/9/9/9/4R4/4K4 w - - 0 1")
    change = t.move(RED, "e1e9", 0, 0)
    assert t.status is Status.FINISHED and t.end is not None
    assert t.end.termination is Termination.CHECKMATE and t.end.result == "1-0"
    assert "game_over" in kinds(change)
    assert isinstance(change.write, RecordMove) and change.write.fields["status"] == "finished"


def test_draw_offer_decline_and_accept() -> None:
    t = table()
    refused("NO_DRAW_OFFER", t.accept_draw, BLACK, 0)
    change = t.offer_draw(RED, 0)
    assert kinds(change) == ["draw_offered"] and t.draw_offer is RED
    assert change.events[0].frame("en").text == "Red offers a draw"
    assert isinstance(change.write, UpdateGame) and change.write.fields["draw_offer"] == "red"
    refused("NO_DRAW_OFFER", t.accept_draw, RED, 0)  # not one's own offer
    change = t.decline_draw(BLACK, 0)
    assert kinds(change) == ["draw_declined"] and t.draw_offer is None
    assert change.events[0].frame("vi").text == "Đen từ chối hòa"
    t.offer_draw(BLACK, 0)
    change = t.accept_draw(RED, 0)
    assert t.end is not None and t.end.termination is Termination.AGREEMENT
    assert t.end.result == "1/2-1/2" and kinds(change) == ["game_over"]


def test_a_move_declines_the_offer() -> None:
    t = table()
    t.offer_draw(RED, 0)
    t.move(RED, "h2e2", 0, 0)
    assert t.draw_offer is RED  # one's own move keeps it
    t.move(BLACK, "h9g7", 1, 0)
    assert t.draw_offer is None


def test_the_ai_declines_draw_offers() -> None:
    t = table(opponent="ai")
    change = t.offer_draw(RED, 0)
    assert kinds(change) == ["draw_offered", "draw_declined"] and t.draw_offer is None
    assert change.events[1].frame("en").text == "Black declines the draw"


def test_resign() -> None:
    t = table()
    change = t.resign(BLACK, 7)
    assert t.end is not None and t.end.result == "1-0"
    assert t.end.termination is Termination.RESIGNATION
    assert isinstance(change.write, UpdateGame) and change.write.fields["ended_at"] == 7
    assert change.events[0].frame("en").text == "Red wins: Black resigned"


def test_abort_only_before_both_sides_moved() -> None:
    t = table()
    t.move(RED, "h2e2", 0, 0)
    change = t.abort(BLACK, 0)
    assert t.status is Status.ABORTED and t.end is not None
    assert (t.end.termination, t.end.result, t.end.winner) == (Termination.ABORTED, "*", None)
    assert isinstance(change.write, UpdateGame)
    assert change.write.fields["termination"] == "ABORTED"
    t = table()
    t.move(RED, "h2e2", 0, 0)
    t.move(BLACK, "h9g7", 1, 0)
    refused("TOO_LATE", t.abort, RED, 0)


def test_takeback_with_consent() -> None:
    t = table()
    refused("NOTHING_TO_TAKE_BACK", takebacks.takeback, t, RED, 0)
    t.move(RED, "h2e2", 0, 0)
    t.move(BLACK, "h9g7", 1, 0)
    refused("NO_REQUEST", takebacks.takeback_answer, t, RED, True, 0)
    assert kinds(takebacks.takeback(t, RED, 0)) == ["takeback_requested"]
    refused("NO_REQUEST", takebacks.takeback, t, BLACK, 0)  # one request at a time
    change = takebacks.takeback_answer(t, BLACK, False, 0)
    assert kinds(change) == ["takeback_refused"] and t.takeback_request is None
    takebacks.takeback(t, RED, 0)
    change = takebacks.takeback_answer(t, BLACK, True, 0)
    # Red's turn: Red's move and Black's reply go.
    assert isinstance(change.write, TakeBack) and change.write.keep_plies == 0
    assert t.moves == [] and t.texts["vi"] == [] and t.turn is RED
    assert kinds(change) == ["takeback_done"]


def test_takeback_against_the_ai_is_at_once_and_not_in_rated_games() -> None:
    t = table(opponent="ai")
    t.move(RED, "h2e2", 0, 0)
    change = takebacks.takeback(t, RED, 0)
    assert isinstance(change.write, TakeBack) and t.ply == 0
    rated = table(rated=True)
    rated.move(RED, "h2e2", 0, 0)
    refused("RATED_GAME", takebacks.takeback, rated, RED, 0)


def test_flag_on_a_late_move_and_by_the_timer() -> None:
    tc = TimeControl("fischer", base_ms=10_000, increment_ms=0)
    t = table(tc)
    t.move(RED, "h2e2", 0, 0)
    t.move(BLACK, "h9g7", 1, 0)  # the clocks start: Red's runs from 0
    assert t.deadline(60_000) == 10_000
    assert t.timers(9_999, 60_000) is None
    change = t.move(RED, "b0c2", 2, 10_001)  # too late: flagged instead
    assert t.ply == 2 and t.end is not None
    assert (t.end.termination, t.end.result) == (Termination.TIME_FORFEIT, "0-1")
    assert isinstance(change.write, UpdateGame)
    t = table(tc)
    t.move(RED, "h2e2", 0, 0)
    t.move(BLACK, "h9g7", 1, 0)
    change = t.timers(10_000, 60_000)
    assert change is not None and t.end is not None
    assert t.end.termination is Termination.TIME_FORFEIT


def test_abandonment() -> None:
    t = table()
    presence.player_left(t, BLACK, 1_000)
    assert t.deadline(4_000) == 5_000 and t.timers(4_999, 4_000) is None
    presence.player_back(t, BLACK)
    assert t.deadline(4_000) is None
    presence.player_left(t, BLACK, 1_000)
    change = t.timers(5_000, 4_000)
    assert change is not None and t.end is not None
    assert (t.end.termination, t.end.winner) == (Termination.ABANDONMENT, RED)


def test_rematch_needs_both_players() -> None:
    t = table()
    refused("NOT_OVER", takebacks.rematch, t, RED)
    t.resign(RED, 0)
    change = takebacks.rematch(t, RED)
    assert not change.rematch and kinds(change) == ["rematch_requested"]
    assert takebacks.rematch(t, BLACK).rematch


def test_rows_round_trip() -> None:
    t = table(TimeControl("byoyomi", base_ms=0, period_ms=5_000))
    t.move(RED, "h2e2", 0, 0)
    t.offer_draw(RED, 0)
    row = {"id": 1, "red_slot": "host", "start_fen": START_FEN, **t.row_fields()}
    again = table_from_rows(row, list(t.moves), t.room)
    assert state_frame(again, 0, {}, 0, 1) == state_frame(t, 0, {}, 0, 1)
    t.resign(BLACK, 0)
    row = {"id": 1, "red_slot": "host", "start_fen": START_FEN, **t.row_fields()}
    again = table_from_rows(row, list(t.moves), t.room)
    assert again.status is Status.FINISHED and again.end == t.end


def test_a_waiting_room_expires_once_and_only_the_host_cancels() -> None:
    t = table(started=False)
    t.created_ms = 1_000
    assert t.deadline(120_000, 60_000) == 61_000 and t.deadline(120_000, None) is None
    assert t.timers(60_999, 120_000, 60_000) is None
    change = t.timers(61_000, 120_000, 60_000)
    assert change is not None and t.status is Status.ABORTED
    assert isinstance(change.write, UpdateGame) and change.write.fields["status"] == "aborted"
    assert t.end is not None and t.end.vi.startswith("Phòng chờ đã hết hạn: không có ai vào")
    assert t.timers(70_000, 120_000, 60_000) is None  # over: nothing more
    t = table(started=False)
    refused("NOT_HOST", t.abort, BLACK, 0)  # the guest's colour: nobody sits there
    t.abort(RED, 0)
    assert t.end is not None and t.end.en == "the host cancelled the invitation"


def test_a_rated_end_between_accounts_carries_its_rating_update() -> None:
    room = RoomState("ABC234", "xiangqiplay", TimeControl("fischer", 300_000, 3_000), True,
                     "human", None, "vi", "u:7", "lan", "red", "u:9", "minh", 1, 0)
    # One move only: not rated (each side must have made a move).
    early = GameTable.new(3, room, "host", START_FEN, started=True)
    early.move(RED, "h2e2", 0, 0)
    assert isinstance(early.resign(BLACK, 5).write, UpdateGame)
    t = GameTable.new(1, room, "host", START_FEN, started=True)
    t.move(RED, "h2e2", 0, 0)
    t.move(BLACK, "h9g7", 1, 0)
    change = t.resign(RED, 5)
    assert isinstance(change.write, Together)
    update, rate = change.write.writes
    assert isinstance(update, UpdateGame) and update.fields["status"] == "finished"
    assert rate == RateGame(1, 7, 9, "blitz", 0.0, 5)
    # Casual, or a guest in the game, or aborted: a plain write.
    guest = table(rated=True, tc=TimeControl("fischer", 300_000, 3_000))
    assert isinstance(guest.resign(RED, 0).write, UpdateGame)
    aborted = GameTable.new(2, room, "host", START_FEN, started=True)
    assert isinstance(aborted.abort(RED, 0).write, UpdateGame)


def test_a_room_takes_a_newer_row_in_place() -> None:
    t = table()
    room = t.room
    tc = '{"kind": "fischer", "base_ms": 60000, "increment_ms": 0}'
    row = dict(code="ABC234", rules="asian", time_control=tc,
               rated=True, opponent="human", ai_level=None, lang="en", host_id="g:1",
               host_name="A", host_color="red", guest_id="g:3", guest_name="C",
               current_game_id=2, created_at=0)
    room.update_from_row(row)
    assert t.room is room  # the object the table and sockets hold is kept
    assert (room.rules, room.rated, room.lang, room.guest_name, room.current_game_id) == (
        "asian", True, "en", "C", 2)
    assert room.tc is not None and room.tc.base_ms == 60000
    assert room == RoomState.from_row(row)
