"""Entering results a round at a time: a whole round in one text, or board by board
from a prompt; and events described in words (for echoes and the undo).

>>> parse_round_text("1-0 ½-½, 0-1  * thắng-bỏ  # round 3")
['1-0', '½-½', '0-1', None, 'thắng-bỏ']
>>> describe_event(RecordResult(3, "An", "Bình", "1-0")).text("vi")
'vòng 3: An – Bình 1-0'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol, TextIO, TypeVar

from cotuong.messages import Message
from cotuong.tournament.errors import TournamentError
from cotuong.tournament.events import (
    AddPlayer,
    CorrectResult,
    DrawLots,
    DrawNumbers,
    EditPlayer,
    Event,
    KnockoutGame,
    KnockoutLots,
    PairRound,
    RecordResult,
    Reinstate,
    RemovePlayer,
    RequestBye,
    SetDetails,
    Undo,
    Withdraw,
)
from cotuong.tournament.handlers import SKIP
from cotuong.tournament.text import event_title, say
from cotuong.tournament.tournament import Tournament

T = TypeVar("T")
QUIT = ("q", "quit", "thoat", "thoát")


class Store(Protocol):
    """What the board-by-board entry needs of a store."""

    def load(self) -> Tournament: ...

    def update(self, change: Callable[[Tournament], T]) -> T: ...


def parse_round_text(text: str) -> list[str | None]:
    """Results in board order from free text: separated by spaces, commas, semicolons or
    lines; ``#`` starts a comment; ``*`` (or ``.``) leaves a board as it is."""
    tokens: list[str | None] = []
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for token in re.split(r"[\s,;]+", line):
            if token:
                tokens.append(None if token in SKIP else token)
    return tokens


def policy_words(policy: str) -> Message:
    """A withdrawal policy in words."""
    return Message.of("TE_POLICY_ANNUL" if policy == "annul" else "TE_POLICY_FORFEIT")


def describe_event(e: Event) -> Message:
    """What an event did, in words."""
    if isinstance(e, RecordResult):
        return Message.of("TE_RECORD", round=e.round, red=e.red, black=e.black, result=e.result)
    if isinstance(e, CorrectResult):
        return Message.of("TE_CORRECT", round=e.round, red=e.red, black=e.black,
                          result=e.result)
    if isinstance(e, Withdraw):
        return Message.of("TE_WITHDRAW", name=e.player, policy=policy_words(e.policy),
                          round=e.from_round)
    if isinstance(e, Reinstate):
        return Message.of("TE_REINSTATE", name=e.player, round=e.from_round)
    if isinstance(e, EditPlayer):
        extra = ", ".join(x for x in (e.title, e.club, "" if e.rating is None
                                      else str(e.rating)) if x)
        return Message.of("TE_EDIT", old=e.player, name=e.name, extra=extra or "—")
    if isinstance(e, AddPlayer):
        return Message.of("TE_ADD", name=e.name)
    if isinstance(e, RemovePlayer):
        return Message.of("TE_REMOVE", name=e.player)
    if isinstance(e, DrawNumbers):
        return Message.of("TE_DRAW", order=" ".join(e.order))
    if isinstance(e, DrawLots):
        return Message.of("TE_LOTS", order=" > ".join(e.order))
    if isinstance(e, SetDetails):
        return Message.of("TE_DETAILS")
    if isinstance(e, PairRound):
        return Message.of("TE_PAIR", round=e.round, boards=len(e.pairs), engine=e.engine)
    if isinstance(e, RequestBye):
        return Message.of("TE_BYE", name=e.player, round=e.round)
    if isinstance(e, KnockoutGame):
        return Message.of("TE_KO_GAME", match=e.match, red=e.red, black=e.black,
                          result=e.result, stage=e.stage)
    if isinstance(e, KnockoutLots):
        return Message.of("TE_KO_LOTS", match=e.match, name=e.winner)
    assert isinstance(e, Undo)
    return Message.of("TE_UNDO", undone=e.undone)


def interactive_round(store: Store, round_no: int, lang: str, stdin: TextIO,
                      stdout: TextIO) -> int:
    """Prompt board by board; each result is saved at once (a crash loses none).

    Enter leaves a board for later, ``q`` stops; a board that already has a result is
    shown and passed (corrections are ``result --correct``). A refused entry is
    explained and asked again. Returns 0.
    """
    def out(text: str, end: str = "\n") -> None:
        stdout.write(text + end)
        stdout.flush()

    t = store.load()
    boards = [p for p in t.pairings(round_no) if p.rests is None]
    out(say(lang, "TI_START", title=event_title(t, lang), round=round_no))
    saved = 0
    for p in boards:
        red, black = t.player(p.red or ""), t.player(p.black or "")
        label = say(lang, "TI_BOARD", board=p.board, red_number=red.number, red=red.name,
                    black_number=black.number, black=black.name)
        game = t.result_of(round_no, p.board)
        if game is not None:
            out(say(lang, "TI_HAS", label=label, result=game.result.text))
            continue
        while True:
            out(label + " ", end="")
            line = stdin.readline()
            if not line:  # end of input
                out("")
                return _finish(store, round_no, lang, saved, out)
            answer = line.strip()
            if not stdin.isatty():  # a pipe or file: show what was read, as a terminal would
                out(answer)
            if answer.casefold() in QUIT:
                return _finish(store, round_no, lang, saved, out)
            if not answer:
                break
            def enter(tt: Tournament, r: str = red.name, b: str = black.name,
                      a: str = answer) -> Event:
                return tt.record(round_no, r, b, a)
            try:
                event = store.update(enter)
            except TournamentError as exc:
                out(say(lang, "TI_REFUSED", why=exc.text(lang)))
                continue
            saved += 1
            out(say(lang, "TI_SAVED", what=describe_event(event)))
            break
    return _finish(store, round_no, lang, saved, out)


def _finish(store: Store, round_no: int, lang: str, saved: int,
            out: Callable[[str], None]) -> int:
    done, total = store.load().progress(round_no)
    out(say(lang, "TI_DONE", saved=saved, round=round_no, done=done, total=total))
    return 0
