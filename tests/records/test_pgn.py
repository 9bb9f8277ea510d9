"""PGN reading and writing: notations, [FEN] starts, lenient and strict readers."""

from __future__ import annotations

import random

import pytest

from cotuong import Board, Move, RecordError
from cotuong.records import GameRecord, read_pgn, tokenize, write_pgn

START = Board().fen()


def random_record(seed: int, fen: str | None = None, plies: int = 40) -> GameRecord:
    rng = random.Random(seed)
    board = Board(fen)
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        board.push(move)
        moves.append(move)
    return GameRecord({"Event": f"random {seed}", "Red": "A \"quoted\" name", "Black": "B"},
                      Board(fen).fen(), tuple(moves), rng.choice(["1-0", "0-1", "1/2-1/2", "*"]))


@pytest.mark.parametrize("notation", ["wxf", "iccs", "zh", "vi"])
def test_write_then_read_round_trips(notation: str) -> None:
    records = [random_record(s) for s in range(6)]
    records += [random_record(7, "4k4/9/9/9/9/9/6p2/2p3p2/2p3p2/3K5 b", 30),
                random_record(8, "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w")]
    text = write_pgn(records, notation=notation)
    for told in (notation, None):
        back = read_pgn(text, told)
        assert len(back) == len(records)
        for original, read in zip(records, back, strict=True):
            assert read.issues == ()
            assert read.moves == original.moves and read.start_fen == original.start_fen
            assert read.result == original.result and read.notation == notation
            assert read.headers["Red"] == 'A "quoted" name'


def test_black_to_move_first_and_fen_header() -> None:
    record = random_record(3, "4k4/9/9/9/9/9/6p2/2p3p2/2p3p2/3K5 b", 4)
    text = write_pgn(record, "wxf")
    assert '[FEN "4k4/9/9/9/9/9/6p2/2p3p2/2p3p2/3K5 b - - 0 1"]' in text
    assert "\n1... " in text
    assert write_pgn(random_record(1), "zh", traditional=True).count("[FEN") == 0


def test_comments_variations_and_annotations_are_skipped() -> None:
    text = """[Event "x"]
[Result "1-0"]

1. C2.5 {a comment (with parentheses) and 2. fake moves} H8+7!? $1
2. H2+3 (2. H8+7 R9.8 (2... C8.6)) R9.8 ; rest of line R1.2
3. R1.2 1-0
"""
    [game] = read_pgn(text)
    assert [m.iccs for m in game.moves] == ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]
    assert game.ok and game.result == "1-0"
    assert tokenize("1.X2.1 Tg6.1 33.4 10... H2+3")[0] == ["X2.1", "Tg6.1", "33.4", "H2+3"]


def test_lenient_reader_keeps_going_and_reports() -> None:
    text = ("[Event \"one\"]\n\n1. C2.5 H8+7 2. H2+3 *\n\n"
            "[Event \"two\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 C2.4 4. R2+6 H2+3 "
            "5. R2.3 Q8+1 6. R3.4 *\n\n"
            "[Event \"three\"]\n\n1. H8+7 *\n")
    one, two, three = read_pgn(text)
    assert one.ok and three.ok and len(three.moves) == 1
    [issue] = two.issues
    assert (issue.game_index, issue.move_number, issue.ply, issue.token) == (1, 5, 10, "Q8+1")
    assert not issue.inferred and "unexpected 'Q'" in issue.reason
    assert len(two.moves) == 9 and not two.complete
    with pytest.raises(RecordError, match=r"game 2, move 5 \(Black\), token 'Q8\+1'"):
        read_pgn(text, strict=True)


def test_missing_file_is_inferred_only_when_lenient_and_unique() -> None:
    fen = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1"
    text = f'[FEN "{fen}"]\n\n1. R2+1 K+1 2. R2-1 *\n'
    [game] = read_pgn(text, "wxf")
    assert [m.iccs for m in game.moves] == ["h8h9", "f9f8", "h9h8"]
    [issue] = game.issues
    assert issue.inferred and issue.token == "K+1" and issue.move_number == 1
    with pytest.raises(RecordError, match="move 1"):
        read_pgn(text, "wxf", strict=True)
    # Two rooks could retreat 1: no inference, the game stops there.
    [game] = read_pgn("1. R-1 *", "wxf")
    assert game.moves == () and not game.issues[0].inferred


def test_undetectable_notation_is_reported_not_guessed() -> None:
    # C7.1 is a WXF cannon move and a Vietnamese pawn move, both legal here.
    text = '[FEN "3k5/9/9/9/9/9/2P6/2C6/9/4K4 w - - 0 1"]\n\n1. C7.1 *\n'
    [game] = read_pgn(text)
    assert game.moves == () and "different games" in game.issues[0].reason
    with pytest.raises(RecordError, match="say which notation"):
        read_pgn(text, strict=True)
    assert read_pgn(text, "vi")[0].moves == (Move.from_iccs("c3c4"),)
    assert read_pgn(text.replace("[FEN", '[Format "WXF"]\n[FEN'))[0].moves == (
        Move.from_iccs("c2i2"),)


def test_bad_fen_and_result_mismatch() -> None:
    [game] = read_pgn('[FEN "9/9/9 w"]\n\n1. C2.5 *\n')
    assert game.moves == () and "bad FEN" in game.issues[0].reason
    with pytest.raises(RecordError, match="bad FEN"):
        read_pgn('[FEN "9/9/9 w"]\n\n1. C2.5 *\n', strict=True)
    [game] = read_pgn('[Result "1-0"]\n\n1. C2.5 0-1\n')
    assert game.result == "1-0" and "disagrees" in game.issues[0].reason


def test_games_without_tags_are_split_at_their_result() -> None:
    # Regression: the second game's moves were replayed as the first game's continuation.
    games = read_pgn("1. h2e2 h9g7 1-0 {on time}\n\n1. c3c4 0-1\n1. h0g2 *\n")
    assert [[m.iccs for m in g.moves] for g in games] == [["h2e2", "h9g7"], ["c3c4"],
                                                          ["h0g2"]]
    assert [g.result for g in games] == ["1-0", "0-1", "*"] and all(g.ok for g in games)
    # A result inside a comment or a variation does not end the game.
    [game] = read_pgn("1. h2e2 {1-0 was claimed} (1... c6c5 0-1) h9g7 *\n")
    assert [m.iccs for m in game.moves] == ["h2e2", "h9g7"]


def test_unterminated_comment_or_variation_is_reported() -> None:
    # Regression: everything after an unclosed '{' or '(' vanished without an issue.
    [game] = read_pgn("1. h2e2 h9g7 {good 2. h0g2 *\n")
    assert len(game.moves) == 2 and not game.complete
    assert "unterminated comment" in game.issues[0].reason and game.issues[0].ply == 3
    [game] = read_pgn("1. h2e2 (1... c6c5 h9g7 *\n")
    assert "unterminated variation" in game.issues[0].reason and game.issues[0].ply == 2
    with pytest.raises(RecordError, match="unterminated comment") as info:
        read_pgn("1. h2e2 {oops\n", strict=True)
    assert info.value.code == "UNTERMINATED_COMMENT"


def test_byte_order_mark_is_not_a_move() -> None:
    [game] = read_pgn('\ufeff[Event "bom"]\n\n1. h2e2 *\n')
    assert game.ok and game.headers == {"Event": "bom"} and len(game.moves) == 1


def test_headers_with_newlines_or_odd_names_survive_a_round_trip() -> None:
    # Regression: a header value with a newline (or a name with a space) was written
    # as is, and reading the text back gave three broken games and no headers.
    record = GameRecord({"Event": "Giải\nmở rộng", "Red Team": "Hà Nội", "Black": 'B "x"'},
                        START, (Move.from_iccs("h2e2"),), "1-0")
    [back] = read_pgn(write_pgn(record))
    assert back.ok and back.moves == record.moves and back.result == "1-0"
    assert back.headers["Event"] == "Giải mở rộng" and back.headers["Red_Team"] == "Hà Nội"
    assert back.headers["Black"] == 'B "x"'


def test_semicolons_in_comments_and_glued_comments() -> None:
    # Regression: a ';' inside {...} started a line comment, which swallowed the '}'
    # and with it the rest of the game ("{Red attacks; Black defends} h9g7" lost h9g7).
    [game] = read_pgn("1. h2e2 {Đỏ đi pháo; đen đáp mã} h9g7 2. h0g2 ; {not a comment\n"
                      "i9h9 *\n")
    assert game.ok and [m.iccs for m in game.moves] == ["h2e2", "h9g7", "h0g2", "i9h9"]
    [game] = read_pgn("1. h2e2 {x}h9g7 2.h0g2(2. c3c4)i9h9 *\n")
    assert game.ok and len(game.moves) == 4
