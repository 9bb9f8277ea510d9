"""All 2,312 CCPD master games replayed through the Asian verdicts at the third
occurrence (``asian`` with ``verdict_takes_effect="at_third"``: the verdicts the
arbiter's orders rest on; ``test_ccpd_orders.py`` replays the orders themselves).

Data: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng 2026, CC BY 4.0 (the
ICCS twins ``*_iccs_DERIVED.pgn`` of ``tests/data/games/ccpd/``).

Every move must be accepted. Real games reach a third occurrence of a position
often (players repeat twice round a loop, then one of them deviates, as arbiters
allow); RULES.md §5 rules at the third occurrence, so 171 games get a repetition
ruling there. None of them may be false, so each is checked against an independent
referee, Fairy-Stockfish, at the very same ply: all agree except the four listed
below, which were examined by hand (the loops were printed and read move by move):

- three where Fairy-Stockfish's window reaches one move further back than the loop
  when the game has history before it; started from the loop's first position it
  rules as we do (the test checks that);
- one where Fairy-Stockfish reports its optional draw after 100 plies without a
  capture instead; the Asian preset grants that draw only on a draw offer (seed
  ``003``: 50 moves each without a capture), and nobody offered one. With the
  no-capture count reset, Fairy-Stockfish rules as we do (the test checks that).

One more game ends by the effective-move rule (240 plies that are not checks,
chases or replies to them) at ply 324; the recorded result is a draw.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import data_path
from tests.referee.ccpd import CcpdGame, read_ccpd
from tests.referee.test_differential_pyffish import ffish_result

from cotuong import Board, Game, Move
from cotuong.referee import ASIAN

pyffish = pytest.importorskip("pyffish")

AT_THIRD = ASIAN.replace(verdict_takes_effect="at_third")
WINDOW = "fsf-window"
FIFTY = "fsf-fifty-moves"
_CUP = "Dataset/對局/大師對局/以賽事分類/"
KNOWN: dict[str, tuple[str, str]] = {
    _CUP + "亞洲杯/00000099.pgn": (
        WINDOW, "ply 71: Red's rook swings b3-a3-b3 after the Black cannon b1-a1-b1, "
                "attacking it, unprotected, on every move: a perpetual chase, Black wins"),
    _CUP + "世界盃/00000958.pgn": (
        FIFTY, "ply 227: Black's advisor d7-e8-d7 alternately screens the cannon d8 and "
               "unmasks it through Red's advisor: check on every Black move, Red wins; "
               "the game had gone 100+ plies without a capture (drawn in the record)"),
    _CUP + "世界盃/00000985.pgn": (
        WINDOW, "ply 89: Red's rook e3-e4-e3 attacks the Black cannon that runs d4-d3-d4, "
                "unprotected: a perpetual chase, Black wins"),
    _CUP + "世界盃/00001117.pgn": (
        WINDOW, "ply 57: Red's rook h8-i8-h8 follows the Black cannon h9-i9-h9, "
                "unprotected: a perpetual chase, Black wins"),
}


def ccpd_games() -> list[CcpdGame]:
    folder = data_path("games", "ccpd")
    games: list[CcpdGame] = []
    for path in sorted(Path(folder).glob("*_iccs_DERIVED.pgn")):
        games.extend(read_ccpd(path))
    return games


def _ruling(game: Game) -> str:
    outcome = game.outcome
    assert outcome is not None
    return "draw" if outcome.winner is None else outcome.winner.value


def _first_occurrence(game: Game) -> int:
    keys = game.board.key_history()
    return min(i for i, k in enumerate(keys) if k == keys[-1])


@pytest.mark.slow
def test_every_ccpd_game_replays_and_every_ruling_is_confirmed() -> None:
    games = ccpd_games()
    assert len(games) == 2312
    rulings = []
    for g in games:
        game = Game(g.fen, AT_THIRD)
        for text in g.moves:
            game.play(text)
            if game.outcome is not None:
                break
        outcome = game.outcome
        if outcome is None or outcome.termination.value in ("checkmate", "stalemate"):
            continue
        rulings.append((g, game))
    repetition = [(g, game) for g, game in rulings
                  if game.outcome is not None and game.outcome.termination.name
                  in ("PERPETUAL_CHECK", "PERPETUAL_CHASE", "REPETITION_DRAW")]
    others = [(g, game) for g, game in rulings if (g, game) not in repetition]
    assert len(repetition) == 171
    assert [(g.ident, len(game.moves), g.result) for g, game in others] == [
        ("Dataset/對局/大師對局/以賽事分類/世界盃/00001152.pgn", 324, "1/2-1/2")]

    disagreements = {}
    for g, game in repetition:
        start_fen = g.fen or Board().fen()
        played = [m.iccs for m in game.moves]
        theirs = ffish_result(start_fen, played)
        if theirs != _ruling(game):
            disagreements[g.ident] = (_ruling(game), theirs)
            kind = KNOWN.get(g.ident, ("?", ""))[0]
            first = _first_occurrence(game)
            board = Board(start_fen)
            for m in played[:first]:
                board.push(Move.from_iccs(m))
            loop_fen = board.fen()
            if kind == FIFTY:
                assert theirs == "draw" and game.board.halfmove_clock >= 100, g.ident
                fields = loop_fen.split()
                fields[4] = "0"
                loop_fen = " ".join(fields)
            assert ffish_result(loop_fen, played[first:]) == _ruling(game), g.ident
    assert set(disagreements) == set(KNOWN), disagreements
