"""The state and ``moved`` frames' texts as the server writes them (``frame_text``: the
legal moves joined as text; ``moved_text``: the ``moved`` frame written directly) are
the JSON encoder's texts (``moved_text`` to the byte, ``frame_text`` once parsed), over
real games to their ends: in play, mated, resigned, with warnings, in both languages,
with clocks and a player away."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.conftest import data_path
from tests.referee.ccpd import read_ccpd

from cotuong.core.fen import START_FEN
from cotuong.server.errors import ServiceError
from cotuong.server.play.protocol import Color
from cotuong.server.play.table import GameTable, RoomState
from cotuong.server.play.views import (
    frame_text,
    moved_frame,
    moved_text,
    players,
    state_frame,
    state_message,
)
from cotuong.server.realtime import frame


def room(rules: str, clock: bool) -> RoomState:
    return RoomState.from_row(dict(
        code="ABC234", rules=rules,
        time_control={"kind": "fischer", "base_ms": 600_000, "increment_ms": 5_000}
        if clock else None, rated=False, opponent="human",
        ai_level=None, lang="vi", host_id="g:1", host_name='A "quoted" name',
        host_color="red", guest_id="g:2", guest_name="Khách", current_game_id=1,
        created_at=0))


def games(limit: int) -> list[list[str]]:
    path = data_path("games", "ccpd", "ccpd_worldcup_1389_iccs_DERIVED.pgn")
    return [list(g.moves) for g in read_ccpd(path) if g.fen in (None, START_FEN)][:limit]


def same(t: GameTable) -> None:
    def build(lang: str | None, history: bool) -> dict[str, Any]:
        return state_frame(t, 5, {"host": True}, 2, 60_000, lang, False, history)
    for lang in (None, "en"):
        for history in (True, False):
            assert json.loads(frame_text(build(lang, history))) == \
                json.loads(frame(build(lang, history)))
        if t.moves:
            assert moved_text(t, build(lang, False)) == frame(moved_frame(t, build(lang, False)))
    if t.moves and not t.warnings:
        assert json.loads(state_message(t, build, True, False)) == \
            json.loads(frame(moved_frame(t, build(None, False))))


@pytest.mark.parametrize(("rules", "clock"), [("xiangqiplay", False), ("asian", True)])
def test_frames_are_the_same_over_real_games(rules: str, clock: bool) -> None:
    ended = 0
    for i, moves in enumerate(games(8)):
        t = GameTable.new(1, room(rules, clock), "host", START_FEN, started=True)
        if i % 2:
            t.disconnected[t.turn.opponent] = 3  # an abandonment deadline shown
        same(t)
        for iccs in moves:
            try:
                t.move(t.turn, iccs, t.ply, 1_000 * t.ply)
            except ServiceError:  # refused by the rules: the game stops here
                break
            same(t)
            if t.over:
                ended += 1
                break
        if not t.over:  # a finished game's frames: no legal moves
            t.resign(t.turn, 0)
            same(t)
    assert ended or rules == "asian"  # mates among xiangqiplay's


def test_frame_text_without_legal_moves() -> None:
    assert frame_text({"type": "moved", "legal_moves": []}) == \
        '{"type":"moved","legal_moves":[]}'
    assert frame_text({"type": "pong"}) == '{"type":"pong"}'


def test_the_players_shown_follow_what_they_depend_on() -> None:
    """The players are kept on the table between frames: a name, a rating, a seat taken
    or who is connected shows in the next frame, in the dict and in the text."""
    t = GameTable.new(1, room("xiangqiplay", False), "host", START_FEN, started=True)
    t.move(t.turn, "h2e2", 0, 0)

    def shown(connected: dict[str, bool]) -> dict[str, Any]:
        state = state_frame(t, 0, connected, 0, 60_000, None, False, False)
        assert moved_text(t, state) == frame(moved_frame(t, state))
        fresh = players(t, connected)
        assert state["players"] == fresh
        return fresh

    assert shown({"host": True})["black"]["connected"] is False
    assert shown({"host": True, "guest": True})["black"]["connected"] is True
    t.room.guest_name = "Someone else"
    assert shown({"host": True})["black"]["name"] == "Someone else"
    t.player_ratings[Color.RED] = 1612
    assert shown({"host": True})["red"]["rating"] == 1612
    t.room.guest_name = None
    assert shown({"host": True})["black"] is None
    t.room.opponent, t.room.ai_level = "ai", 3
    assert shown({"host": True})["black"]["name"] == "AI 3"
