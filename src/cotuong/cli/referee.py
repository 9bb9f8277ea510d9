"""``cotuong adjudicate``: replay a game and print the referee's ruling.

    cotuong adjudicate --fen FEN --moves "X2.1 Tg6.1 X2/1 Tg6/1 ..." [--rules asian] [--json]
    cotuong adjudicate --pgn game.pgn [--game 3]

Moves may be written in any notation (ICCS, WXF, Vietnamese, Chinese); a PGN file
is read by :mod:`cotuong.records`. The ruling is the game's outcome when the moves
end it (checkmate, repetition ruling, draw rule), else "no ruling". Under rule sets
whose verdict is an order (``asian``) every arbiter's order is reported with its move
number and what became of it (obeyed, lapsed, lost, drawn, pending).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cotuong.core.errors import CotuongError, RecordError
from cotuong.core.types import Move
from cotuong.game import Game
from cotuong.records import read_any, tokenize
from cotuong.referee.rules import presets


@dataclass
class Adjudication:
    """What the command reports for one game."""

    moves_played: int
    unplayed: int
    game: Game
    label: str = ""
    issues: list[str] = field(default_factory=list)

    def as_dict(self, lang: str) -> dict[str, Any]:
        outcome = self.game.outcome
        return {
            "game": self.label or None,
            "rules": self.game.rules.name,
            "moves_played": self.moves_played,
            "unplayed_moves": self.unplayed,
            "result": outcome.result if outcome else "*",
            "winner": outcome.winner.value if outcome and outcome.winner else None,
            "termination": outcome.termination.value if outcome else None,
            "explanation": self.game.outcome_text(lang) if outcome else None,
            "ended_at_move": self._end_move(),
            "orders": [{
                "move_number": r.order.move_number, "ply": r.order.ply,
                "side": r.order.side.value if r.order.side else None,
                "verdict": r.order.winner.value if r.order.winner else "draw",
                "reason": r.order.reason, "clause": r.order.clause,
                "moves": r.order.iccs, "fate": r.fate,
                "settled_at_move": r.move_number, "text": text,
            } for r, text in zip(self.game.orders, self.game.orders_text(lang), strict=True)],
            "warnings": self.game.warnings,
            "record_issues": self.issues,
        }

    def _end_move(self) -> int | None:
        if self.game.outcome is None:
            return None
        board = self.game.board
        return board.fullmove_number - (1 if board.turn.sign > 0 else 0)

    def _order_lines(self, lang: str) -> list[str]:
        fates = {"vi": {"pending": "đang chờ", "obeyed": "đã đổi nước ở nước {n}",
                        "lapsed": "hết hiệu lực ở nước {n}",
                        "lost": "không đổi, xử thua ở nước {n}",
                        "drawn": "hai bên không đổi, xử hòa ở nước {n}"},
                 "en": {"pending": "pending", "obeyed": "obeyed at move {n}",
                        "lapsed": "lapsed at move {n}", "lost": "not obeyed: lost at move {n}",
                        "drawn": "neither side changed: drawn at move {n}"}}[lang]
        return [f"{text} [{fates[r.fate].format(n=r.move_number)}]"
                for r, text in zip(self.game.orders, self.game.orders_text(lang), strict=True)]

    def as_text(self, lang: str) -> str:
        lines = []
        if self.label:
            lines.append(self.label)
        ordered = set(self.game.orders_text(self.game.lang))
        for text in self.game.warnings:
            if text not in ordered:
                lines.append(("cảnh báo: " if lang == "vi" else "warning: ") + text)
        lines.extend(self._order_lines(lang))
        outcome = self.game.outcome
        if outcome is None:
            lines.append(f"không có phán quyết: ván cờ tiếp tục ({self.moves_played} nước đã đi)"
                         if lang == "vi" else
                         f"no ruling: the game goes on ({self.moves_played} moves played)")
        else:
            lines.append(f"{outcome.result}  {self.game.outcome_text(lang)}"
                         + (f" (nước {self._end_move()})" if lang == "vi"
                            else f" (move {self._end_move()})"))
            if self.unplayed:
                lines.append(f"(ván cờ đã kết thúc ở nước {self.moves_played}; "
                             f"{self.unplayed} nước sau đó không được đi)" if lang == "vi" else
                             f"(the game ended at ply {self.moves_played}; the "
                             f"{self.unplayed} moves after it were not played)")
        lines.extend(f"record: {issue}" for issue in self.issues)
        return "\n".join(lines)


def adjudicate(fen: str | None, moves: list[str | Move], rules: str, *, lang: str = "en",
               notation: str | None = None, label: str = "") -> Adjudication:
    """Play ``moves`` from ``fen`` under ``rules`` and stop where the game ends.

    >>> a = adjudicate("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1",
    ...                ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 2, "xiangqiplay", lang="vi")
    >>> a.as_dict("vi")["explanation"]
    'Đen thắng: Đỏ chiếu dai (X2.1, X2/1)'
    >>> a = adjudicate("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1",
    ...                ["X2.1", "Tg6.1", "X2/1", "Tg6/1"] * 4, "asian")
    >>> d = a.as_dict("en")
    >>> d["ended_at_move"], d["orders"][0]["move_number"], d["orders"][0]["fate"]
    (8, 4, 'lost')
    """
    game = Game(fen, rules, lang=lang)
    played = 0
    for i, move in enumerate(moves):
        if game.outcome is not None:
            return Adjudication(played, len(moves) - i, game, label)
        try:
            game.play(move, notation)
        except CotuongError as exc:
            # The FEN's move number and side to move count, not the index in the list.
            number, side = game.board.fullmove_number, game.turn.en
            raise type(exc)(f"move {number} ({side}, {move}): {exc}", exc.code) from None
        played += 1
    return Adjudication(played, 0, game, label)


def _tokens(text: str) -> list[str]:
    tokens, _result = tokenize(text)
    return tokens


def _cmd_adjudicate(args: argparse.Namespace) -> int:
    lang: str = args.lang
    results: list[Adjudication] = []
    if args.pgn is not None:
        if args.moves is not None or args.fen is not None:
            raise CotuongError("give either --pgn or --fen/--moves, not both", "BAD_ARGS")
        path = Path(args.pgn)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}", "NO_FILE") from None
        except UnicodeDecodeError as exc:
            raise RecordError(f"cannot read {path}: not UTF-8 text ({exc.reason} at byte "
                              f"{exc.start})", "NO_FILE") from None
        # Whatever `cotuong record check` reads: PGN, seed [game] blocks, DhtmlXQ pages.
        records = read_any(text, args.notation)
        if not records:
            raise RecordError(f"{path}: no game found", "EMPTY_RECORD")
        chosen = range(len(records))
        if args.game is not None:
            if not 1 <= args.game <= len(records):
                raise CotuongError(f"--game {args.game}: the file has {len(records)} game(s)",
                                   "BAD_ARGS")
            chosen = range(args.game - 1, args.game)
        for i in chosen:
            rec = records[i]
            who = " - ".join(x for x in (rec.headers.get("Red"), rec.headers.get("Black")) if x)
            label = f"game {i + 1}" + (f" ({who})" if who else "")
            result = adjudicate(rec.start_fen, list(rec.moves), args.rules, lang=lang,
                                label=label)
            result.issues = [str(issue) for issue in rec.issues]
            results.append(result)
    else:
        moves = _tokens(args.moves or "")
        results.append(adjudicate(args.fen, list(moves), args.rules, lang=lang,
                                  notation=args.notation))
    if args.json:
        data: Any = [r.as_dict(lang) for r in results]
        # One object for one game asked for (--moves, or --pgn with --game); a list for a
        # whole file, even of one game, so the shape does not depend on the file's length.
        single = args.pgn is None or args.game is not None
        print(json.dumps(data[0] if single else data, ensure_ascii=False, indent=2))
    else:
        print("\n\n".join(r.as_text(lang) for r in results))
    sys.stdout.flush()
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("adjudicate", help="replay a game and print the referee's ruling")
    p.add_argument("--fen", default=None, help="start position (default: the start)")
    p.add_argument("--moves", default=None, help="the moves, in any notation")
    p.add_argument("--pgn", default=None, help="a PGN file instead of --fen/--moves")
    p.add_argument("--game", type=int, default=None, help="only this game of the PGN (1-based)")
    p.add_argument("--rules", choices=sorted(presets()), default="xiangqiplay")
    p.add_argument("--notation", choices=("iccs", "wxf", "vi", "zh"), default=None,
                   help="read the moves in this notation only (default: detect)")
    p.add_argument("--lang", choices=("vi", "en"), default="en")
    p.add_argument("--json", action="store_true", help="print the ruling as JSON")
    p.set_defaults(func=_cmd_adjudicate)
