"""The shipped collection: it loads, looks up, and every stored line replays.

Every solution is replayed through ``Game`` under its own rule set (no illegal move, no
end before its last move, a mate where the theme says so), and checked by an engine
nobody here wrote: Fairy-Stockfish's rules (``pyffish``, test-only). pyffish has no
search here, so it verifies what a rules engine can: every move of every line (and every
accepted alternative) is legal in its position, and a ``mate`` line ends with the side
to move checked and out of moves, which pyffish scores as a loss. That a solver move is
the *best* move is the build's claim (the built-in engine, MultiPV 2, fixed depths); the
offline benchmark ``benchmarks/puzzles_fsf.py`` compares it with Fairy-Stockfish's search.
"""

from __future__ import annotations

import json
import re

import pytest

from cotuong import Board, Move, Termination
from cotuong.puzzles import (
    THEMES,
    PuzzleDataError,
    UnknownPuzzleError,
    load_collection,
    parse_collection,
    puzzle_from_json,
    puzzle_to_json,
    source_message,
    start_game,
)

COLLECTION = load_collection()
PUZZLES = tuple(COLLECTION)


def test_loads_once_with_unique_ids_and_every_theme_counted() -> None:
    assert load_collection() is COLLECTION
    assert len(COLLECTION) == len({p.puzzle_id for p in PUZZLES}) >= 10
    counts = COLLECTION.themes()
    assert set(counts) == set(THEMES)
    for theme, n in counts.items():
        assert len(COLLECTION.with_theme(theme)) == n
    assert {p.goal for p in PUZZLES} <= {"win", "draw"}


def test_lookup_and_its_errors() -> None:
    first = PUZZLES[0]
    assert COLLECTION.by_id(first.puzzle_id) is first and first.puzzle_id in COLLECTION
    with pytest.raises(UnknownPuzzleError) as info:
        COLLECTION.by_id("nope")
    assert info.value.code == "PUZZLE_UNKNOWN" and isinstance(info.value, ValueError)
    with pytest.raises(UnknownPuzzleError) as info:
        COLLECTION.with_theme("chess")
    assert info.value.code == "PUZZLE_UNKNOWN_THEME"


@pytest.mark.parametrize("p", PUZZLES, ids=[p.puzzle_id for p in PUZZLES])
def test_solution_replays_through_game_under_its_rules(p) -> None:  # type: ignore[no-untyped-def]
    assert puzzle_from_json(puzzle_to_json(p)) == p
    assert 1 <= len(p.moves_before) + len(p.solution) <= 12
    game = start_game(p)
    assert game.turn is p.solver and game.outcome is None
    for i, move in enumerate(p.solution):
        assert game.outcome is None, (i, game.outcome_text("en"))
        if i % 2 == 0:  # every accepted move is legal and is not refused
            for alt in p.accepted[i // 2]:
                assert Move.from_iccs(alt) in game.board.legal_moves, alt
        game.play(move, "iccs")
    outcome = game.outcome
    board = game.board
    if "mate" in p.themes:
        assert not board.has_legal_move()
        assert outcome is not None and outcome.winner is p.solver
        assert outcome.termination in (Termination.CHECKMATE, Termination.STALEMATE)
    if outcome is not None:  # the referee never ends it against the goal
        assert outcome.winner is p.solver or (outcome.winner is None and p.goal == "draw")


def test_accepted_alternatives_of_a_last_mate_also_mate() -> None:
    # The build stores every move that mates at once at a line's last move.
    for p in PUZZLES:
        if "mate" not in p.themes:
            continue
        game = start_game(p)
        for move in p.solution[:-1]:
            game.play(move, "iccs")
        mating = set()
        for move in game.board.legal_moves:
            board = game.board.copy()
            board.push(move)
            if not board.has_legal_move():
                mating.add(move.iccs)
        assert set(p.accepted[-1]) == mating, p.puzzle_id


def test_bad_data_is_named() -> None:
    good = json.dumps(puzzle_to_json(PUZZLES[0]), ensure_ascii=False)
    assert len(parse_collection([good, ""])) == 1
    with pytest.raises(PuzzleDataError) as info:
        parse_collection([good, good])
    assert "twice" in str(info.value)
    with pytest.raises(PuzzleDataError) as info:
        parse_collection(["{not json"])
    assert info.value.code == "PUZZLE_BAD_DATA"
    for change in ({"solution": ["h2e2", "h9g7"]}, {"goal": "lose"}, {"themes": ["x"]},
                   {"rules": "fide"}, {"rating": 99}, {"solver": "white"},
                   {"accepted": [["a0a1"]]}, {"moves_before": "h2e2"}, {"fen": ""}):
        bad = {**puzzle_to_json(PUZZLES[0]), **change}
        with pytest.raises(PuzzleDataError):
            puzzle_from_json(bad)


def test_puzzle_positions_are_legal_setups() -> None:
    for p in PUZZLES:
        board = Board(p.fen)
        for m in p.moves_before:
            board.push(Move.from_iccs(m))
        assert board.turn is p.solver


def test_every_source_reads_in_both_languages() -> None:
    """The citation of every shipped puzzle is one of the forms ``source_message`` knows
    (its English text is the citation, word for word), and the Vietnamese text has none
    of the citation's English words."""
    english = re.compile(r"\b(game|endgame study|ply|repetition case)\b")
    for p in load_collection():
        m = source_message(p.source)
        assert m.code != "PUZZLE_SOURCE", p.source  # a form it did not know
        assert m.en == p.source
        assert not english.search(m.vi), m.vi
