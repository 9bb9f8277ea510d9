"""Record layouts of books and forums, read line by line into move tokens.

Vietnamese (and Chinese) records are rarely clean PGN. This module reads the
layouts met in the wild, after comments and variations are gone:

* moves in full words (``Pháo 2 bình 5``), joined into one token each;
* ``1)`` numbering and bare numbers (``Xe 8 tấn 5  1  Tg4 tấn 1``), two columns
  separated by ``|`` or tabs, commas, semicolons and Chinese punctuation between
  moves, dot leaders (``P2-5 ………M8.7``) and ``…`` for a missing half-move;
* results in words: ``Hòa``, ``Đỏ thắng``, ``Tiên thắng``, ``Đen thua``, ``Hậu bại``,
  ``红胜``, ``黑胜``, ``和棋`` (``Thua`` alone: the side to move lost);
* headings (``Ván 1:``, ``Biến 1: …``) and lines of prose are skipped -- and
  reported, so a reader can say what it left out.

>>> lines = clean_lines("Ván 1:\\n1) Pháo 2 bình 5 | Mã 8 tấn 7\\n2. M2.3 ………X9-8\\nĐỏ thắng")
>>> lines.tokens, lines.result, lines.skipped
(['Pháo2bình5', 'Mã8tấn7', 'M2.3', 'X9-8'], '1-0', ['heading: Ván 1:'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cotuong.notation.words import join_word_moves, plain_same_length

__all__ = ["LOSS", "Lines", "clean_lines"]

# The side to move lost ("Thua" written after the last move): the reader knows which.
LOSS = "loss"
STANDARD_RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "½-½": "1/2-1/2",
                    "*": "*"}
_RED = r"(?:do|tien|trang)"
_BLACK = r"(?:den|xanh|hau)"
_VI_RESULTS = [
    (re.compile(rf"(?<!\w){_RED}\s+thang(?!\w)|(?<!\w){_BLACK}\s+(?:thua|bai)(?!\w)"), "1-0"),
    (re.compile(rf"(?<!\w){_BLACK}\s+thang(?!\w)|(?<!\w){_RED}\s+(?:thua|bai)(?!\w)"), "0-1"),
]
_ZH_RESULTS = [
    (re.compile(r"[红紅]方?先?[胜勝]|黑方?[负負]"), "1-0"),
    (re.compile(r"黑方?[胜勝]|[红紅]方?先?[负負]"), "0-1"),
    (re.compile(r"和棋|和局|[红紅]方?先?和"), "1/2-1/2"),
]
_WORD_RESULTS = {"hoa": "1/2-1/2", "hoa co": "1/2-1/2", "和": "1/2-1/2", "thua": LOSS}
_HEADING = re.compile(r"\s*([^\W\d_][^\d:.()]{0,40}?\s*\d*(?:\.\d+)?)\s*:(.*)")
_SEPARATORS = str.maketrans({ch: " " for ch in "|¦\t,，、;；。…"})
_DOTS = re.compile(r"(\S*?)(\.{2,})")
_ICCS_HALVES = re.compile(r"(?<![\w])([a-iA-I][0-9])\s+([a-iA-I][0-9])(?![\w])")
_COMPACT_VI = r"(?:Tg|[XMPSTVBC])[1-9tsg][./-][1-9]"
_GLUED = re.compile(rf"({_COMPACT_VI})(?={_COMPACT_VI})")
_NUMBERING = re.compile(r"\d+[).:]?|\d+\.\.\.")
_CJK = re.compile(r"[\u3400-\u9fff]")
_PUNCT = "\"'“”‘’()[]<>«».!?:"


@dataclass
class Lines:
    """Move tokens of a record's text, its result and the lines left out."""

    tokens: list[str] = field(default_factory=list)
    result: str | None = None
    skipped: list[str] = field(default_factory=list)


def _dots(found: re.Match[str]) -> str:
    number, dots = found.group(1), found.group(2)
    if number.isdigit() and len(dots) <= 3:  # "10..." is Black's move number
        return found.group(0)
    return number + " "


def _result_of(text: str) -> str | None:
    plain = plain_same_length(text).strip().strip(_PUNCT).strip()
    return STANDARD_RESULTS.get(plain) or _WORD_RESULTS.get(plain)


def _replace_results(line: str) -> str:
    plain = plain_same_length(line)
    for pattern, result in _VI_RESULTS:
        found = pattern.search(plain)
        while found is not None:
            line = line[:found.start()] + result.ljust(found.end() - found.start()) \
                + line[found.end():]
            plain = plain_same_length(line)
            found = pattern.search(plain)
    for pattern, result in _ZH_RESULTS:
        line = pattern.sub(f" {result} ", line)
    return line


def _is_prose(token: str) -> bool:
    word = token.strip(_PUNCT)
    if not word or not word.isalpha():
        return False
    if _CJK.search(word):  # a Chinese word that is no move: no 进/進/退/平 in it
        return not any(ch in word for ch in "进進退平")
    return True


def clean_lines(text: str) -> Lines:
    """Move tokens, result and skipped lines of a move text without comments."""
    out = Lines()
    ended = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        heading = _HEADING.fullmatch(line)
        if heading is not None and not any(ch.isdigit() for ch in heading.group(1)[:1]):
            result = _result_of(heading.group(2))
            if result is not None:
                out.result = result
                continue
            out.skipped.append(f"heading: {line}")
            continue
        line = _replace_results(line.translate(_SEPARATORS))
        line = _DOTS.sub(_dots, line)
        line = _ICCS_HALVES.sub(r"\1\2", join_word_moves(line))
        line = _GLUED.sub(r"\1 ", line)
        moves: list[str] = []
        prose = 0
        result = None
        for token in line.split():
            found = _result_of(token)
            if found is not None:
                result = found
            elif _NUMBERING.fullmatch(token):
                continue
            elif _is_prose(token):
                prose += 1
                moves.append(token)
            else:
                moves.append(token)
        if ended and moves:
            out.skipped.append(f"after the result: {raw.strip()}")
            continue
        if prose and (prose == len(moves) or (prose >= 2 and 2 * prose >= len(moves))):
            out.skipped.append(f"text: {raw.strip()}")
            continue
        out.tokens.extend(moves)
        if result is not None:
            out.result = result
            ended = True
    return out
