"""Move notations: ICCS, WXF, Vietnamese and Chinese, read and written.

All descriptive notations share one move model (:mod:`cotuong.notation.model`)
and one grammar read through per-language tables
(:mod:`cotuong.notation.grammar`).

>>> from cotuong import Board
>>> b = Board()
>>> m = parse_move(b, "炮二平五")
>>> [make_move_text(b, m, n) for n in ("iccs", "wxf", "vi", "zh")]
['h2e2', 'C2.5', 'P2-5', '炮二平五']
"""

from cotuong.notation.api import (
    NOTATIONS,
    infer_move,
    make_move_text,
    make_move_texts,
    notation_name,
    parse_move,
)
from cotuong.notation.chinese import make_zh, parse_zh
from cotuong.notation.iccs import make_iccs, parse_iccs
from cotuong.notation.vietnamese import make_vi, parse_vi
from cotuong.notation.wxf import make_wxf, parse_wxf

__all__ = [
    "NOTATIONS",
    "infer_move",
    "make_iccs",
    "make_move_text",
    "make_move_texts",
    "make_vi",
    "make_wxf",
    "make_zh",
    "notation_name",
    "parse_iccs",
    "parse_move",
    "parse_vi",
    "parse_wxf",
    "parse_zh",
]
