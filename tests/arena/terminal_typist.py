"""Helper for tests: a whole ``cotuong play`` game against the built-in engine, the
human's moves typed in Vietnamese notation by a second built-in engine.

Run as ``python terminal_typist.py --level 1 --typist-level 1 --color red --pgn FILE``.
It runs in its own process so that a crash of the compiled engine cannot take the
test runner down with it. Prints the game's output, then ``TYPED n`` and ``RESULT r``.
"""

from __future__ import annotations

import argparse
import io
import sys

from cotuong import Color, Move
from cotuong.arena.terminal import PlaySettings, TerminalGame
from cotuong.engine import BuiltinEngine
from cotuong.engine.interface import Limits
from cotuong.notation import make_move_text


class Typist(io.StringIO):
    def __init__(self, engine: BuiltinEngine, limits: Limits) -> None:
        super().__init__()
        self.engine = engine
        self.limits = limits
        self.game: TerminalGame | None = None
        self.typed = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert self.game is not None
        best = self.engine.search(self.game.start_fen, self.game.moves, self.limits).bestmove
        self.typed += 1
        return make_move_text(self.game.board(), Move.from_iccs(best), "vi") + "\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--typist-level", type=int, default=1)
    ap.add_argument("--color", default="red")
    ap.add_argument("--pgn", required=True)
    args = ap.parse_args()
    ai, helper = BuiltinEngine(level=args.level), BuiltinEngine(level=args.typist_level)
    try:
        typist = Typist(helper, Limits())
        settings = PlaySettings(human=Color.RED if args.color == "red" else Color.BLACK,
                                lang="vi", limits=Limits(), letters=True, pgn_path=args.pgn,
                                ai_name=f"level:{args.level}")
        game = TerminalGame(ai, settings, typist, sys.stdout)
        typist.game = game
        outcome = game.run()
    finally:
        ai.close()
        helper.close()
    print(f"TYPED {typist.typed}")
    print(f"RESULT {outcome.result if outcome else '*'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
