"""A puzzle's source in the reader's language.

``Puzzle.source`` is the citation the build writes in English, from the catalog's
``PUZZLE_SOURCE_*`` messages (the collections' licences ask for their names): the
collection, the game or study and its number, the event, the players, the result and the
ply, or the repetition case. :func:`source_message` reads it back as that message, so a
Vietnamese page says "ván 0611 … nước 48" where the citation says "game 0611 … ply 48";
its English text is the citation itself (a test holds every shipped source to that). A
citation of another form is shown as written.

>>> m = source_message("CCPD (Yu-Han Tseng 2026, CC BY 4.0), game 0611: Giải X, "
...                    "Lan – Minh, 1-0, ply 48")
>>> m.text("vi")
'CCPD (Yu-Han Tseng 2026, CC BY 4.0), ván 0611: Giải X, Lan – Minh, 1-0, nước 48'
>>> source_message("repetition case asian-016 (Asian rules diagrams), ply 1").text("vi")
'tình huống lặp asian-016 (Asian rules diagrams), nước 1'
>>> source_message("a book, page 12").text("vi")
'a book, page 12'
"""

from __future__ import annotations

import re

from cotuong.messages import Message

__all__ = ["source_message"]

# The build writes every citation as one of these messages in English
# (scripts/puzzle_sources.citation); each pattern reads that English text back.
_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?P<note>.+?), game (?P<number>[\w-]+): (?P<about>.+), ply (?P<ply>\d+)"),
     "PUZZLE_SOURCE_GAME"),
    (re.compile(r"(?P<note>.+?), endgame study (?P<number>[\w-]+): (?P<about>.+), "
                r"ply (?P<ply>\d+)"), "PUZZLE_SOURCE_STUDY"),
    (re.compile(r"(?P<note>.+?), endgame study (?P<number>[\w-]+): (?P<about>.+)"),
     "PUZZLE_SOURCE_STUDY_START"),
    (re.compile(r"repetition case (?P<case>\S+) \((?P<origin>.+)\), ply (?P<ply>\d+)"),
     "PUZZLE_SOURCE_CASE"),
    (re.compile(r"cotuong game (?P<game>\d+), (?P<about>.+), ply (?P<ply>\d+)"),
     "PUZZLE_SOURCE_PLATFORM"),
)


def source_message(source: str) -> Message:
    """The citation ``source`` as a message (``PUZZLE_SOURCE_*``), or as written."""
    for pattern, code in _FORMS:
        found = pattern.fullmatch(source)
        if found:
            return Message.of(code, **found.groupdict())
    return Message.of("PUZZLE_SOURCE", text=source)
