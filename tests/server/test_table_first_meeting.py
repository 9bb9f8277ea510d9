"""What a new player meets at the table (issue 22): a game against the computer left
before the person's first move is aborted, not lost; the referee's warnings and the
arbiter's orders say while they are in force; an order cites its law in words."""

from __future__ import annotations

from cotuong.core.types import Move
from cotuong.server.play import presence
from cotuong.server.play.protocol import Color, State, Status, Termination
from cotuong.server.play.table import START_FEN, GameTable, RoomState
from cotuong.server.play.views import in_force, state_frame

RED, BLACK = Color.RED, Color.BLACK
# Seed 000, Hình 1: Red's rook checks from h9/h8 while Black's king steps f9/f8.
HINH_1 = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1"
LOOP = ["h8h9", "f9f8", "h9h8", "f8f9"]


def table(opponent: str = "human", rules: str = "xiangqiplay", fen: str = START_FEN,
          host_color: str = "red") -> GameTable:
    room = RoomState("ABC234", rules, None, False, opponent, 1 if opponent == "ai" else None,
                     "vi", "g:1", "A", host_color, "ai" if opponent == "ai" else "g:2", "B", 1, 0)
    return GameTable.new(1, room, "host" if host_color == "red" else "guest", fen, started=True)


def play(t: GameTable, moves: list[str]) -> None:
    for m in moves:
        t.replay(Move.from_iccs(m))


def test_an_ai_game_left_before_the_first_move_is_aborted() -> None:
    t = table("ai")
    presence.player_left(t, RED, 1_000)
    change = t.timers(5_000, 4_000)
    assert change is not None and t.end is not None
    assert (t.end.termination, t.end.result, t.end.winner) == (Termination.ABORTED, "*", None)
    assert t.status is Status.ABORTED


def test_an_ai_game_left_as_black_after_the_ai_moved_first_is_aborted_too() -> None:
    t = table("ai", host_color="black")
    assert t.is_ai(RED)
    play(t, ["h2e2"])  # the computer's first move; the person has not moved
    presence.player_left(t, BLACK, 1_000)
    t.timers(5_000, 4_000)
    assert t.end is not None and t.end.termination is Termination.ABORTED


def test_an_ai_game_left_after_the_person_moved_is_lost() -> None:
    t = table("ai")
    play(t, ["h2e2", "h9g7"])
    presence.player_left(t, RED, 1_000)
    t.timers(5_000, 4_000)
    assert t.end is not None
    assert (t.end.termination, t.end.winner) == (Termination.ABANDONMENT, BLACK)


def test_a_game_between_people_left_before_a_move_is_still_abandoned() -> None:
    t = table("human")
    presence.player_left(t, BLACK, 1_000)
    t.timers(5_000, 4_000)
    assert t.end is not None and t.end.termination is Termination.ABANDONMENT


def test_the_repetition_warning_is_in_force_while_the_loop_is_played() -> None:
    t = table(fen=HINH_1)
    play(t, LOOP)
    assert in_force(t) == [True]  # the second occurrence: warned
    play(t, LOOP[:3])
    assert in_force(t) == [True]  # still going round
    play(t, ["f8f7"])  # Black steps out of the loop: a new position
    assert in_force(t) == [False]


def test_the_arbiters_order_is_in_force_until_obeyed_and_cites_the_law_in_words() -> None:
    t = table(rules="asian", fen=HINH_1)
    play(t, LOOP * 2)
    assert in_force(t) == [False, True]
    order = t.game.pending_order
    assert order is not None and order.clause == "000 Điều 23.1"
    frame = state_frame(t, 0, {"host": True, "guest": True}, 0, 60_000, "en")
    State.model_validate(frame)  # the field is part of the protocol's model
    shown = [w for w in frame["warnings"] if w["in_force"]]
    assert [w["ply"] for w in shown] == [8]
    assert shown[0]["texts"]["vi"].endswith("(Luật Cờ Tướng Việt Nam, Điều 23.1)")
    assert shown[0]["text"].endswith("(Vietnamese Xiangqi Law, Article 23.1)")
    assert "000" not in shown[0]["texts"]["vi"] and "000" not in shown[0]["text"]
    play(t, ["h8g8"])  # Red changes its move: obeyed
    assert in_force(t) == [False, False]


def test_nothing_is_in_force_after_the_end() -> None:
    t = table(fen=HINH_1)
    play(t, LOOP * 2)  # xiangqiplay: the third occurrence is ruled at once
    assert t.game.outcome is not None
    assert t.warnings and in_force(t) == [False] * len(t.warnings)
