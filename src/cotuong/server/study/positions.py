"""The board editor's check of a position: every problem, each with its code and words.

The rules core decides (:func:`cotuong.core.setup_problems`); this module only turns a
FEN's syntax error and the setup's problems into what the page shows.

>>> r = check_position("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "vi")
>>> r["ok"], [e["code"] for e in r["errors"]], r["errors"][0]["squares"]
(False, ['KINGS_FACING'], ['e0', 'e9'])
>>> check_position("rnbakabnr/9 w", "en")["errors"][0]["text"]
"a FEN placement has 10 ranks separated by '/'"
"""

from __future__ import annotations

from typing import Any

from cotuong.core import InvalidFenError, parse_fen, setup_problems, square_name, write_fen
from cotuong.messages import CATALOG, Message

__all__ = ["check_position"]


def check_position(fen: str, lang: str) -> dict[str, Any]:
    """``{ok, errors: [{code, text, texts: {vi, en}, squares}], fen}``: ``fen`` is the
    position written back in standard form when it could be read, else ``None``."""
    try:
        setup = parse_fen(fen)
    except InvalidFenError as exc:
        key = f"STUDY_{exc.code}" if f"STUDY_{exc.code}" in CATALOG else "STUDY_FEN_INVALID"
        return {"ok": False, "fen": None,
                "errors": [_error(exc.code, Message.of(key), (), lang)]}
    errors = [_error(p.code, p.message, p.squares, lang) for p in setup_problems(setup)]
    return {"ok": not errors, "fen": write_fen(setup), "errors": errors}


def _error(code: str, message: Message, squares: tuple[int, ...], lang: str
           ) -> dict[str, Any]:
    texts = {"vi": message.text("vi"), "en": message.text("en")}
    return {"code": code, "text": texts["en" if lang == "en" else "vi"], "texts": texts,
            "squares": [square_name(s) for s in squares]}
