"""The seed's Hình 1-10 diagrams (seed 000, Vietnamese move text) replay to the right moves.

The diagrams are carried in tests/data/seed_diagrams.txt.

The expected moves are the ICCS ``moves`` of tests/data/repetition_cases.jsonl
(ids ``seed-hinh-1`` ... ``seed-hinh-10``), which were played on or cut to the
referee's ruling point, so the seed's loop and the case agree on their common part.
"""

from __future__ import annotations

import json

import pytest
from tests.conftest import data_path

from cotuong import RecordError
from cotuong.notation import make_move_text
from cotuong.records import read_seed_games


@pytest.fixture(scope="module")
def seed_text() -> str:
    return data_path("seed_diagrams.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def cases() -> dict[str, dict[str, object]]:
    out = {}
    for line in data_path("repetition_cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["id"].startswith("seed-hinh-"):
            out[case["id"]] = case
    return out


def test_ten_diagrams_replay(seed_text: str, cases: dict[str, dict[str, object]]) -> None:
    games = read_seed_games(seed_text)
    assert [g.headers["Title"] for g in games] == [f"Hình {i}" for i in range(1, 11)]
    for i, game in enumerate(games, 1):
        case = cases[f"seed-hinh-{i}"]
        expected = case["moves"]
        assert isinstance(expected, list)
        played = [m.iccs for m in game.moves]
        common = min(len(played), len(expected))
        assert played[:common] == expected[:common], game.headers["Title"]
        assert game.notation == "vi"
        # Written back in Vietnamese, the loop is the seed's (typo fixed in moves_vn).
        board = game.board(0)
        texts = []
        for move in game.moves:
            texts.append(make_move_text(board, move, "vi"))
            board.push(move)
        assert texts == case["moves_vn"]
        assert game.board(0).fen().split()[0] == game.start_fen.split()[0]


def test_hinh_1_typo_is_inferred_and_reported(seed_text: str) -> None:
    first = read_seed_games(seed_text)[0]
    assert len(first.moves) == 8 and first.complete and not first.ok
    [issue] = first.issues
    assert (issue.game_index, issue.move_number, issue.ply, issue.token) == (0, 4, 8, "Tg/1")
    assert issue.inferred and "f8f9" in issue.reason
    assert all(not g.issues for g in read_seed_games(seed_text)[1:])


def test_hinh_1_typo_is_an_error_in_strict_mode(seed_text: str) -> None:
    with pytest.raises(RecordError, match=r"game 1, move 4 \(Black\), token 'Tg/1'"):
        read_seed_games(seed_text, strict=True)


def test_text_without_game_blocks_has_no_games() -> None:
    prose = "[b]Điều 22[/b]\nChiếu dai: 1.X2.1 Tg6.1 is quoted in prose, not in a [game] block.\n"
    assert read_seed_games(prose) == []


def test_block_without_moves() -> None:
    text = "[game]\nFEN 4k4/9/9/9/9/9/9/9/9/3K5 w – – – 1\n[/game]"
    [game] = read_seed_games(text)
    assert game.moves == () and game.ok
    with pytest.raises(RecordError, match="START"):
        read_seed_games(text, strict=True)
