"""``cotuong play``: a real game against the AI in the terminal.

Moves are typed and shown in Vietnamese notation (``P2-5``, ``M8.7``); WXF, Chinese
and ICCS are accepted too. The board is redrawn after each move with the last move
highlighted; commands: ``hint``, ``undo`` (take back your last move), ``resign``,
``draw`` (the AI accepts only if its evaluation says it is not better), ``flip``,
``help``, ``quit``. Illegal moves are explained; the referee (:class:`cotuong.Game`)
rules the game and its explanation is shown at the end; the game is saved as PGN.
Input and output are streams, so the game also runs over pipes.

>>> board = Board("3k5/9/9/9/9/9/9/9/9/4K1R2 w")
>>> rows = flip_board_text(render_board(board, color=False, letters=True)).splitlines()
>>> for row in (rows[1], rows[-3], rows[-2]):
...     print(" ".join(row.replace("─", " ").split()))
1 · · R · K · · · ·
10 · · · · · k · · ·
i h g f e d c b a
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from cotuong.core.board import Board
from cotuong.core.errors import (
    AmbiguousMoveError,
    CotuongError,
    IllegalMoveError,
)
from cotuong.core.outcome import Outcome
from cotuong.core.types import Color, Move
from cotuong.display import render_board
from cotuong.engine.interface import EnginePlayer, Limits, SearchResult
from cotuong.game import Game
from cotuong.messages import CATALOG, Message
from cotuong.notation import make_move_text, parse_move
from cotuong.records import GameRecord, write_pgn

_ICCS = re.compile(r"^[a-i][0-9][a-i][0-9]$")
_CELL = re.compile(r"((?:\x1b\[[0-9;]*m)*)([^\x1b─])((?:\x1b\[[0-9;]*m)*)")



def _notation_why(exc: CotuongError) -> str | None:
    """Why a move text names no move, in Vietnamese, from the catalog by the error's code
    (``None`` for a code the catalog has no text for)."""
    code = "NOTATION_" + exc.code
    return Message.of(code).text("vi") if code in CATALOG else None


def terminal_text(lang: str, key: str, **kw: object) -> str:
    """The terminal game's text ``key`` (catalog code ``PLAY_<KEY>``) in ``lang``.

    >>> terminal_text("en", "undo") == Message.of("PLAY_UNDO").text("en")
    True
    """
    return Message.of("PLAY_" + key.upper(), **kw).text(lang)


def flip_board_text(text: str) -> str:
    """A :func:`render_board` drawing turned 180° (Black at the bottom).

    Ranks come in reverse order and each rank's pieces right to left; diagonal
    palace marks are their own 180° images, so connector lines are simply reversed.
    """
    lines = text.splitlines()
    header, body, letters, numbers = lines[0], lines[1:-2], lines[-2], lines[-1]
    out = [header]
    for line in reversed(body):
        if "river" in line:
            out.append(line)
        elif line[:2].strip().isdigit():
            cells = _CELL.findall(line[4:])
            row = line[:4]
            for i, (pre, glyph, post) in enumerate(reversed(cells)):
                row += pre + glyph + post
                if i < len(cells) - 1:
                    wide = glyph not in "·○" and not glyph.isascii()
                    row += "──" if wide else "───"
            out.append(row)
        else:
            out.append("    " + line[4:][::-1])
    out.append("     " + "   ".join(reversed(letters.split())))
    out.append(numbers)
    return "\n".join(out)


@dataclass(frozen=True, slots=True)
class PlaySettings:
    """How a terminal game is played (the CLI fills it from flags or prompts)."""

    human: Color = Color.RED
    lang: str = "vi"
    rules: str = "xiangqiplay"
    limits: Limits = field(default_factory=lambda: Limits(movetime_ms=1000))
    hint_limits: Limits = field(default_factory=lambda: Limits(movetime_ms=300))
    ansi: bool = False
    letters: bool = False
    fen: str | None = None
    pgn_path: str | None = None
    ai_name: str = "cotuong"


class TerminalGame:
    """One game of a person (lines from ``inp``) against ``engine``, drawn on ``out``."""

    def __init__(self, engine: EnginePlayer, settings: PlaySettings, inp: TextIO, out: TextIO,
                 *, clock: Callable[[], float] = time.monotonic) -> None:
        self.engine = engine
        self.s = settings
        self.inp = inp
        self.out = out
        self._clock = clock
        self.start_board = Board(settings.fen)
        self.start_fen = self.start_board.fen()
        self.moves: list[str] = []
        self.flipped = settings.human is Color.BLACK
        self.game = Game(self.start_fen, rules=settings.rules, lang=settings.lang)
        self._warned: set[str] = set()
        self.stopped = False

    # -------------------------------------------------------------- helpers
    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def board(self) -> Board:
        """The current position (a copy: callers may push and pop on it)."""
        return self.game.board  # the game's own view (a copy)

    def draw(self) -> None:
        board = self.board()
        last = board.peek()
        highlight = (last.from_square, last.to_square) if last else ()
        text = render_board(board, color=self.s.ansi, letters=self.s.letters,
                            highlight=highlight)
        self.say(flip_board_text(text) if self.flipped else text)
        if board.is_check() and self.game.outcome is None:
            self.say(terminal_text(self.s.lang, "check"))

    def _color_name(self, color: Color) -> str:
        return color.name_in(self.s.lang)

    def _play(self, iccs: str) -> None:
        self.game.play(Move.from_iccs(iccs))
        self.moves.append(iccs)
        for text in self.game.warnings:
            if text not in self._warned:
                self._warned.add(text)
                self.say("! " + text)

    def _back_to(self, keep: int) -> None:
        """Take the game back to its first ``keep`` moves (used by ``undo``)."""
        self.game.take_back(len(self.moves) - keep)
        del self.moves[keep:]
        self._warned = set(self.game.warnings)

    def read_move(self, text: str) -> Move | str:
        """The legal move ``text`` names, or an explanation of why it is not one."""
        board = self.board()
        lang = self.s.lang
        if _ICCS.match(text.lower()):
            move = Move.from_iccs(text.lower())
            reason = board.illegal_reason(move)
            return move if reason is None else terminal_text(lang, "illegal", why=reason.text(lang))
        errors: list[CotuongError] = []
        for notation in ("vi", None):  # Vietnamese first: P2-5 means a cannon here
            try:
                return parse_move(board, text, notation)
            except CotuongError as exc:
                errors.append(exc)
        # Prefer the error of a reading that named a move (illegal) over "unreadable".
        illegal = [e for e in errors if isinstance(e, (IllegalMoveError, AmbiguousMoveError))]
        if illegal:
            return terminal_text(lang, "illegal", why=self._why_illegal(board, illegal[0]))
        why = str(errors[0]) if lang == "en" else (
            _notation_why(errors[0]) or Message.of("NOTATION_UNREADABLE").text("vi"))
        return terminal_text(lang, "unreadable", text=text, why=why)

    def _why_illegal(self, board: Board, exc: CotuongError) -> str:
        """The reason in the player's language: the error's own reason (the core's, or the
        notation's geometry), else the catalog's text for its code."""
        if isinstance(exc, IllegalMoveError) and exc.reason is not None:
            return exc.reason.text(self.s.lang)
        if self.s.lang == "en":
            return str(exc)
        return _notation_why(exc) or str(exc)

    def _search(self, limits: Limits) -> SearchResult:
        return self.engine.search(self.start_fen, self.moves, limits)

    # -------------------------------------------------------------- commands
    def _hint(self) -> None:
        best = self._search(self.s.hint_limits).bestmove
        board = self.board()
        text = make_move_text(board, Move.from_iccs(best), "vi")
        self.say(terminal_text(self.s.lang, "hint", move=f"{text} ({best})"))

    def _undo(self) -> bool:
        """Take back the human's last move and the AI's reply to it (casual play)."""
        first = self.start_board.turn
        for i in range(len(self.moves) - 1, -1, -1):
            mover = first if i % 2 == 0 else first.opponent
            if mover is self.s.human:
                self._back_to(i)
                return True
        return False

    def _draw_offer(self) -> None:
        """The AI looks at the position from the human's side (it is the human's turn):
        it accepts when the human's score is not negative."""
        result = self._search(self.s.hint_limits)
        info = result.info
        human_score = 0
        if info is not None:
            if info.mate is not None:
                human_score = 1 if info.mate > 0 else -1
            elif info.score_cp is not None:
                human_score = info.score_cp
        ai = self.s.human.opponent
        self.game.offer_draw(self.s.human)
        if self.game.outcome is not None:
            return  # the rules grant this offer at once (asian: 50 moves each, no capture)
        if human_score >= 0:
            self.game.accept_draw(ai)
            self.say(terminal_text(self.s.lang, "draw_yes"))
        else:
            self.game.decline_draw(ai)
            self.say(terminal_text(self.s.lang, "draw_no"))

    # ------------------------------------------------------------------ game
    def _human_turn(self) -> bool:
        """Read commands until a move is made; ``False`` when the game stops."""
        lang = self.s.lang
        while True:
            self.out.write(terminal_text(lang, "prompt", color=self._color_name(self.s.human)))
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("")
                self.say(terminal_text(lang, "quit"))
                self.stopped = True
                return False
            text = line.strip()
            if not text:
                continue
            command = text.lower()
            if command in ("quit", "exit", "q", "thoat", "thoát"):
                self.say(terminal_text(lang, "quit"))
                self.stopped = True
                return False
            if command in ("help", "?", "h"):
                self.say(terminal_text(lang, "help"))
            elif command == "hint":
                self._hint()
            elif command == "flip":
                self.flipped = not self.flipped
                self.draw()
            elif command == "undo":
                if self._undo():
                    self.say(terminal_text(lang, "undo"))
                    self.draw()
                    if self.game.turn is not self.s.human:
                        return True
                else:
                    self.say(terminal_text(lang, "no_undo"))
            elif command == "resign":
                self.game.resign(self.s.human)
                return True
            elif command == "draw":
                self._draw_offer()
                if self.game.outcome is not None:
                    return True
            else:
                move = self.read_move(text)
                if isinstance(move, str):
                    self.say(move)
                    continue
                notation = make_move_text(self.board(), move, "vi")
                self._play(move.iccs)
                self.say(terminal_text(lang, "you_moved", move=f"{notation} ({move.iccs})"))
                self.draw()
                return True

    def _ai_turn(self) -> None:
        self.say(terminal_text(self.s.lang, "thinking"))
        best = self._search(self.s.limits).bestmove
        notation = make_move_text(self.board(), Move.from_iccs(best), "vi")
        self._play(best)
        self.say(terminal_text(self.s.lang, "ai_moves",
                               color=self._color_name(self.s.human.opponent),
                               move=f"{notation} ({best})"))
        self.draw()

    def run(self) -> Outcome | None:
        """Play to the end (or ``quit``/end of input); save the PGN; return the outcome."""
        lang = self.s.lang
        ai = self.s.human.opponent
        self.say(terminal_text(lang, "title", you=self._color_name(self.s.human),
                               ai=f"{self._color_name(ai)}, {self.s.ai_name}"))
        self.say(terminal_text(lang, "help"))
        self.engine.new_game()
        self.draw()
        try:
            while self.game.outcome is None:
                if self.game.turn is self.s.human:
                    if not self._human_turn():
                        break
                else:
                    self._ai_turn()
        except CotuongError:
            self._save()  # an engine that crashed or hung must not cost the game so far
            raise
        outcome = self.game.outcome
        if outcome is not None:
            self.say(terminal_text(lang, "over", why=self._explain(outcome)))
        self._save()
        return outcome

    def _save(self) -> None:
        """Write the PGN (if asked for); on failure show it instead."""
        lang = self.s.lang
        if self.s.pgn_path:
            try:
                Path(self.s.pgn_path).write_text(self.pgn(), encoding="utf-8")
            except OSError as exc:
                # The game just played must not be lost to a traceback: show it instead.
                self.say(terminal_text(lang, "not_saved", path=self.s.pgn_path,
                                       why=exc.strerror or exc))
                self.say(self.pgn())
            else:
                self.say(terminal_text(lang, "saved", path=self.s.pgn_path))

    def _explain(self, outcome: Outcome) -> str:
        return outcome.text(self.s.lang)

    def pgn(self) -> str:
        """The game so far as PGN with Vietnamese move text."""
        you, ai = "Người chơi" if self.s.lang == "vi" else "Human", self.s.ai_name
        red, black = (you, ai) if self.s.human is Color.RED else (ai, you)
        outcome = self.game.outcome
        headers = {"Game": "Chinese Chess", "Event": "cotuong play",
                   "Date": time.strftime("%Y.%m.%d"), "Red": red, "Black": black,
                   "Rules": self.s.rules}
        if outcome is not None:
            headers["Termination"] = outcome.termination.name.lower()
            headers["Explanation"] = self._explain(outcome)
        record = GameRecord(headers, self.start_fen,
                            tuple(Move.from_iccs(m) for m in self.moves),
                            outcome.result if outcome is not None else "*")
        return write_pgn(record, "vi")
