"""The analysis board's rules: a position reached by moves, with its legal moves, whether
the side to move is in check, whether the game is over there, and the moves written in
every notation the pages show.

The browser knows no rules (``js/ui/board.js`` draws, the server decides), so the
analysis board asks here for each new node of its variation tree and for the engine's
lines it shows in words.

>>> r = replay("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
...            ["h2e2", "h9g7"], [["h0g2"]], "vi")
>>> r["turn"], len(r["legal"]), r["check"], r["end"]
('red', 35, False, None)
>>> r["texts"]["vi"], r["texts"]["vi-words"][0], r["lines"][0]["zh"]
(['P2-5', 'M8.7'], 'Pháo 2 bình 5', ['马二进三'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cotuong.core import Board, Move
from cotuong.core.errors import CotuongError
from cotuong.notation import make_move_text
from cotuong.server.errors import ServiceError, Words
from cotuong.server.study.positions import check_position

__all__ = ["MAX_PLIES", "TEXT_NOTATIONS", "replay"]

# The notations the analysis board lists moves in (ICCS is the moves themselves).
TEXT_NOTATIONS = ("vi", "vi-words", "wxf", "zh")
# A path longer than any real game (the longest in the corpora is under 400 plies).
MAX_PLIES = 1000


def replay(fen: str, moves: Sequence[str], lines: Sequence[Sequence[str]],
           lang: str) -> dict[str, Any]:
    """The position after ``moves`` from ``fen``: ``{fen, turn, legal, check, end, texts,
    lines}``. ``texts`` has ``moves`` in each notation; ``lines`` has each of ``lines``
    (move sequences from the position reached, e.g. an engine's principal variations)
    in each notation. ``end`` is ``{result, termination, text, texts}`` when the side to
    move has no legal move (checkmated or stalemated: both lose).

    Raises :class:`ServiceError` ``BAD_REQUEST`` (``ERR_BAD_FEN``, with the position's
    first problem) for a FEN the rules refuse, ``ILLEGAL_MOVE`` (with the ply, the move
    and the rules' reason) for a move that cannot be played.
    """
    board = _board(fen, lang)
    texts = _play(board, moves, 1)
    reached = board
    written = []
    for line in lines:
        written.append(_play(reached.copy(stack=False), line, len(moves) + 1))
    outcome = reached.outcome()
    end = None
    if outcome is not None:
        end = {"result": outcome.result, "termination": outcome.termination.name,
               "winner": None if outcome.winner is None else outcome.winner.value,
               "text": outcome.text("en" if lang == "en" else "vi"),
               "texts": {"vi": outcome.text("vi"), "en": outcome.text("en")}}
    return {"fen": reached.fen(), "turn": reached.turn.value,
            "legal": [] if outcome else reached.legal_moves.iccs(),
            "check": reached.is_check(), "end": end, "texts": texts, "lines": written}


def _board(fen: str, lang: str) -> Board:
    verdict = check_position(fen, lang)
    if not verdict["ok"]:
        first = verdict["errors"][0]["texts"]
        raise ServiceError("BAD_REQUEST", "ERR_BAD_FEN", status=400,
                           detail=Words(first["vi"], first["en"]))
    return Board(verdict["fen"])


def _play(board: Board, moves: Sequence[str], first_ply: int) -> dict[str, list[str]]:
    """Play ``moves`` on ``board`` (changed), returning their texts in each notation."""
    texts: dict[str, list[str]] = {n: [] for n in TEXT_NOTATIONS}
    for i, iccs in enumerate(moves):
        try:
            move = Move.from_iccs(iccs)
        except CotuongError:
            raise ServiceError("ILLEGAL_MOVE", "ERR_POSITION_BAD_MOVE", status=400,
                               ply=first_ply + i, move=str(iccs)[:8]) from None
        if not board.is_legal(move):
            why = board.illegal_reason(move)
            assert why is not None  # not legal, so there is a reason
            raise ServiceError("ILLEGAL_MOVE", "ERR_POSITION_ILLEGAL_MOVE", status=400,
                               ply=first_ply + i, move=move.iccs, why=Words(why.vi, why.en),
                               reason={"code": why.code, "vi": why.vi, "en": why.en})
        for n in TEXT_NOTATIONS:
            texts[n].append(make_move_text(board, move, n))
        board.push_unchecked(move)  # legal: checked above
    return texts
