"""Game: playing in any notation, outcomes, explanations, warnings, offers, ends."""

from __future__ import annotations

import pytest

from cotuong import (
    Color,
    CotuongError,
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    Termination,
)

HINH_1 = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1"
HINH_1_LOOP = ["X2.1", "Tg6.1", "X2/1", "Tg6/1"]
# Seed 002: Black horse c8 (human ranks), unprotected, chased by the rook i8.
CHASE_002 = "4k4/9/2n5R/9/9/9/9/9/9/3K5 b - - 0 1"
CHASE_002_LOOP = ["M3.2", "X1/2", "M2/3", "X1.2"]


def play_all(game: Game, moves: list[str]) -> None:
    for text in moves:
        game.play(text)


def test_perpetual_check_is_explained_in_vietnamese_and_english() -> None:
    game = Game(HINH_1, "xiangqiplay", lang="vi")
    play_all(game, HINH_1_LOOP * 2)
    assert game.outcome is not None
    assert game.outcome_text() == "Đen thắng: Đỏ chiếu dai (X2.1, X2/1)"
    assert game.outcome.termination is Termination.PERPETUAL_CHECK
    assert game.outcome.winner is Color.BLACK
    assert game.outcome_text("en") == "Black wins: Red gave perpetual check (X2.1, X2/1)"


def test_perpetual_chase_follows_the_piece_and_names_it() -> None:
    game = Game(CHASE_002, "xiangqiplay", lang="vi")
    play_all(game, CHASE_002_LOOP * 2)
    assert game.outcome is not None
    assert game.outcome.termination is Termination.PERPETUAL_CHASE
    assert game.outcome_text() == "Đen thắng: Đỏ đuổi dai Mã Đen (X1/2, X1.2)"
    assert game.outcome_text("en") == \
        "Black wins: Red perpetually chased the Black horse (X1/2, X1.2)"


def test_a_warning_comes_at_the_second_occurrence() -> None:
    game = Game(CHASE_002, lang="en")
    events = []
    for text in CHASE_002_LOOP:
        events += game.play(text)
    assert game.outcome is None
    assert game.warnings == ["the next repetition will be ruled: Red is chasing the Black horse"]
    assert [e.kind for e in events].count("warning") == 1


def test_moves_in_every_notation() -> None:
    game = Game()
    game.play("h2e2")          # ICCS
    game.play("H8+7", "wxf")   # WXF
    game.play("M2.3", "vi")    # Vietnamese
    game.play("车9平8")         # Chinese
    game.play(Move.from_iccs("i0h0"))
    assert [m.iccs for m in game.moves] == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]


def test_illegal_and_bad_moves_raise_named_errors() -> None:
    game = Game()
    with pytest.raises(IllegalMoveError) as err:
        game.play("h0h1")  # not a horse move
    assert err.value.code != ""
    with pytest.raises(CotuongError):
        game.play("nonsense")
    with pytest.raises(CotuongError):
        game.play(42)  # type: ignore[arg-type]


def test_playing_after_the_end_raises() -> None:
    game = Game(HINH_1, "xiangqiplay")
    play_all(game, HINH_1_LOOP * 2)
    with pytest.raises(GameOverError):
        game.play("h8h9")
    with pytest.raises(GameOverError):
        game.resign(Color.RED)


def test_no_ruling_before_the_third_occurrence() -> None:
    game = Game(HINH_1, "asian")
    play_all(game, HINH_1_LOOP * 2)
    assert len(game.moves) == 8
    again = Game(HINH_1, "asian")
    play_all(again, (HINH_1_LOOP * 2)[:-1])
    assert again.outcome is None


def test_resign_and_flag() -> None:
    game = Game()
    events = game.resign(Color.BLACK)
    assert events[0].kind == "game_over"
    assert game.outcome is not None and game.outcome.winner is Color.RED
    assert game.outcome.termination is Termination.RESIGNATION
    flagged = Game(lang="vi")
    flagged.flag(Color.RED)
    assert flagged.outcome is not None
    assert flagged.outcome.termination is Termination.TIME_FORFEIT
    assert flagged.outcome_text() == "Đen thắng: Đỏ hết thời gian"


def test_draw_offers() -> None:
    game = Game()
    with pytest.raises(CotuongError):
        game.accept_draw(Color.BLACK)  # nothing offered
    game.offer_draw(Color.RED)
    with pytest.raises(CotuongError):
        game.accept_draw(Color.RED)  # one cannot accept one's own offer
    game.play("h2e2")
    game.play("h9g7")  # Black moves instead of answering: the offer lapses
    assert game.draw_offer is None
    game.offer_draw(Color.RED)
    events = game.decline_draw(Color.BLACK)
    assert events[0].kind == "draw_declined" and game.outcome is None
    game.offer_draw(Color.BLACK)
    game.accept_draw(Color.RED)
    assert game.outcome is not None and game.outcome.termination is Termination.AGREEMENT


def test_a_game_that_starts_mated_or_stalemated_is_over() -> None:
    mated = Game("5k3/3r5/9/9/4r4/9/9/9/9/3K5 w - - 0 1")
    assert mated.outcome is not None
    assert mated.outcome.termination is Termination.CHECKMATE
    assert mated.outcome.winner is Color.BLACK
    stalemated = Game("5k3/9/9/9/4r4/9/9/9/r8/3K5 w - - 0 1")
    assert stalemated.outcome is not None
    assert stalemated.outcome.termination is Termination.STALEMATE
    with pytest.raises(GameOverError):
        stalemated.play("d0d1")


def test_checkmate_by_a_move_ends_the_game() -> None:
    game = Game("5k3/r8/9/9/4r4/9/9/9/9/3K5 b - - 0 1", lang="vi")
    events = game.play("a8d8")
    assert [e.kind for e in events] == ["move", "game_over"]
    assert game.outcome is not None
    assert game.outcome.termination is Termination.CHECKMATE
    assert game.outcome_text() == "Đen thắng: Đỏ bị chiếu bí"


def test_events_describe_the_move() -> None:
    game = Game(HINH_1)
    events = game.play("h8h9")
    assert events[0].kind == "move" and events[0].check and events[0].move == Move.from_iccs("h8h9")


def test_bad_language_is_refused() -> None:
    with pytest.raises(CotuongError):
        Game(lang="fr")


@pytest.mark.parametrize("action", ["offer_draw", "accept_draw", "decline_draw", "claim_draw",
                                    "resign", "flag"])
def test_a_side_that_is_not_a_color_is_a_named_error(action: str) -> None:
    # Regression: Game().resign("red") raised AttributeError ('str' has no 'opponent').
    game = Game(rules="asian")
    for bad in ("red", 1, None):
        with pytest.raises(CotuongError, match=r"Color\.RED or Color\.BLACK") as info:
            getattr(game, action)(bad)
        assert info.value.code == "BAD_COLOR"
    assert game.outcome is None


def test_outcome_text_refuses_an_unknown_language() -> None:
    # Regression: outcome_text("fr") returned None, as if the game were still going on.
    game = Game()
    game.resign(Color.BLACK)
    assert game.outcome_text("vi") == "Đỏ thắng: Đen xin thua"
    with pytest.raises(CotuongError) as info:
        game.outcome_text("fr")
    assert info.value.code == "BAD_LANG"
