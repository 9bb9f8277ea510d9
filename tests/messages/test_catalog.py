"""The message catalog: every code in both languages with the same parameters."""

from __future__ import annotations

import re
import string

import pytest

from cotuong import Color, Piece, PieceType
from cotuong.messages import CATALOG, Message, UnknownMessageError, render


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("code", sorted(CATALOG))
def test_both_languages_take_the_same_parameters(code: str) -> None:
    vi, en = CATALOG[code]
    assert vi.strip() and en.strip()
    assert _fields(vi) == _fields(en), code
    assert code == code.upper() and " " not in code


def test_parameters_render_in_the_reader_language() -> None:
    attacker = Message.of("PIECE_ON_SQUARE", piece=Piece(Color.BLACK, PieceType.ROOK),
                          square="e10")
    m = Message.of("LEAVES_KING_IN_CHECK", attackers=[attacker, attacker])
    assert m.vi == "Nước này để Tướng bị chiếu (Xe Đen ở e10, Xe Đen ở e10)"
    assert m.en == "this move leaves your king in check (Black rook on e10, Black rook on e10)"
    assert Message.of("LEAVES_KING_IN_CHECK", attackers=[]).en.endswith("(?)")
    assert Message.of("OUTCOME_CHECKMATE", winner=Color.RED, loser=Color.BLACK).vi == (
        "Đỏ thắng: Đen bị chiếu bí")


def test_unknown_codes_and_languages_are_errors() -> None:
    with pytest.raises(UnknownMessageError, match="NO_SUCH"):
        Message.of("NO_SUCH")
    with pytest.raises(UnknownMessageError):
        render(Message("NO_SUCH"), "vi")
    with pytest.raises(ValueError, match="'fr'"):
        Message.of("KINGS_FACING").text("fr")


def test_messages_are_values() -> None:
    a = Message.of("HORSE_LEG_BLOCKED", leg="c1")
    assert a == Message.of("HORSE_LEG_BLOCKED", leg="c1") and hash(a) == hash(
        Message.of("HORSE_LEG_BLOCKED", leg="c1"))
    assert a.args == {"leg": "c1"} and str(a) == a.en


def test_counts_take_the_word_for_their_number() -> None:
    """``{n:one|other}`` in an English text: "1 game", "2 games" (the tournaments said
    "1 games"); every such field is one of the message's parameters."""
    assert Message.of("ERR_ROUND_NOT_COMPLETE", round=3, missing=1).en \
        == "round 3 still has 1 game without a result"
    assert Message.of("ERR_ROUND_NOT_COMPLETE", round=3, missing=2).en \
        == "round 3 still has 2 games without a result"
    assert Message.of("T_LOTS_NOT_FINAL", missing=1).en.endswith("1 game still has no result")
    counted = re.compile(r"\{(\w+):[^|{}]*\|[^{}]*\}")
    for code, (vi, en) in CATALOG.items():
        for name in counted.findall(en) + counted.findall(vi):
            assert name in _fields(en), (code, name)
