"""FEN reading, writing and setup validation: every error names what and where."""

from __future__ import annotations

import pytest

from cotuong import (
    START_FEN,
    Board,
    Color,
    CotuongError,
    IllegalSetupError,
    InvalidFenError,
    parse_fen,
    write_fen,
)


def test_start_position_default_and_round_trip() -> None:
    assert Board().fen() == START_FEN
    assert Board(START_FEN).fen() == START_FEN
    assert write_fen(parse_fen(START_FEN)) == START_FEN


def test_alternative_letters_side_and_seed_dashes() -> None:
    # The seeds write E/H, 'w', and en-dash placeholders with only a move number.
    seed = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w – – – 1"
    board = Board(seed)
    assert board.fen() == "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1"
    assert Board("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").fen() == START_FEN
    assert Board(START_FEN.replace(" w ", " b ")).turn is Color.BLACK
    assert Board("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR").turn is Color.RED


def test_counters_are_kept() -> None:
    board = Board("4k4/9/9/9/9/9/9/9/9/3K5 b - - 17 42")
    assert (board.halfmove_clock, board.fullmove_number) == (17, 42)
    assert board.fen().endswith(" b - - 17 42")


@pytest.mark.parametrize(
    ("fen", "code", "words"),
    [
        ("", "FEN_EMPTY", "empty"),
        ("rnbakabnr/9/1c5c1", "FEN_RANK_COUNT", "3 ranks"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "FEN_RANK_LENGTH",
         "rank 10 of 10"),
        ("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN_RANK_LENGTH",
         "more than 9"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w", "FEN_UNKNOWN_PIECE",
         "'Q' at character 6"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "FEN_BAD_SIDE", "'x'"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1", "FEN_BAD_FIELD",
         "castling"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
         "FEN_BAD_COUNTER", "halfmove"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
         "FEN_BAD_COUNTER", "at least 1"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/45/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN_BAD_EMPTY_COUNT",
         "two digits"),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/0/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "FEN_BAD_EMPTY_COUNT",
         "0"),
        (START_FEN + " extra", "FEN_FIELD_COUNT", "7 fields"),
    ],
)
def test_invalid_fen_names_the_problem(fen: str, code: str, words: str) -> None:
    with pytest.raises(InvalidFenError) as info:
        Board(fen)
    assert info.value.code == code
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("fen", "code", "words"),
    [
        ("9/9/9/9/9/9/9/9/9/4K4 w", "MISSING_KING", "Black has no king"),
        ("3kk4/9/9/9/9/9/9/9/9/4K4 w", "TOO_MANY_KINGS", "2 kings"),
        ("4k4/9/9/9/9/9/9/9/9/K8 w", "KING_OFF_POINT", "a1"),
        ("4k4/9/9/9/9/9/9/9/3A5/4K4 w", "ADVISOR_OFF_POINT", "d2"),
        ("4k4/9/9/9/9/9/9/9/9/B2K5 w", "ELEPHANT_OFF_POINT", "a1"),
        ("4k4/9/9/9/2B6/9/9/9/9/3K5 w", "ELEPHANT_OFF_POINT", "c6"),
        ("4k4/9/9/9/9/9/9/9/P8/3K5 w", "PAWN_OFF_POINT", "a2"),
        ("4k4/9/9/9/9/1P7/9/9/9/3K5 w", "PAWN_OFF_POINT", "b5"),
        ("4k4/9/9/9/9/9/9/9/9/RRR1K4 w", "TOO_MANY_PIECES", "3 rooks"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 w", None, None),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "KINGS_FACING", "file e"),
        ("3k5/9/9/9/9/9/9/9/9/3KR4 w", "KINGS_FACING", "file d"),
        ("4k4/4R4/9/9/9/9/9/9/9/3K5 w", "OPPONENT_IN_CHECK", "Black is in check"),
    ],
)
def test_illegal_setups(fen: str, code: str | None, words: str | None) -> None:
    if code is None:
        Board(fen)
        return
    with pytest.raises(IllegalSetupError) as info:
        Board(fen)
    assert info.value.code == code
    if words:
        assert words in str(info.value)


def test_errors_share_one_base() -> None:
    for exc in (InvalidFenError("x"), IllegalSetupError("x")):
        assert isinstance(exc, CotuongError) and isinstance(exc, ValueError)


def test_non_string_fen() -> None:
    with pytest.raises(InvalidFenError) as info:
        Board(42)  # type: ignore[arg-type]
    assert info.value.code == "FEN_TYPE"
