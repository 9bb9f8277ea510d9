"""Property tests: random and mutated FENs only ever give a Board or a CotuongError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotuong import START_FEN, Board, CotuongError, Move

VALID = [
    START_FEN,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w – – – 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
]
ALPHABET = "kabnrcpehKABNRCPEH0123456789/ -–wrbx\t\n"


def check(fen: str) -> None:
    try:
        board = Board(fen)
    except CotuongError as exc:
        assert exc.code and str(exc)
        return
    # Whatever was accepted writes a FEN that reads back to the same position.
    again = Board(board.fen())
    assert again.fen() == board.fen()
    assert again.key == board.key
    for move in list(board.legal_moves)[:5]:
        assert isinstance(move, Move)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=120))
def test_random_text(fen: str) -> None:
    check(fen)


@settings(max_examples=400)
@given(st.text(max_size=60))
def test_arbitrary_unicode(fen: str) -> None:
    check(fen)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    fen = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(fen)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "swap"]))
        ch = draw(st.sampled_from(ALPHABET))
        if op == "insert":
            fen = fen[:i] + ch + fen[i:]
        elif op == "delete" and i < len(fen):
            fen = fen[:i] + fen[i + 1:]
        elif op == "replace" and i < len(fen):
            fen = fen[:i] + ch + fen[i + 1:]
        elif op == "swap" and i + 1 < len(fen):
            fen = fen[:i] + fen[i + 1] + fen[i] + fen[i + 2:]
    return fen


@settings(max_examples=1500)
@given(mutated())
def test_mutated_fens(fen: str) -> None:
    check(fen)


@st.composite
def random_placement(draw: st.DrawFn) -> str:
    cells = draw(st.text(st.sampled_from("kabnrcpKABNRCP........."), min_size=90, max_size=90))
    rows = []
    for r in range(10):
        row, empty = "", 0
        for c in cells[r * 9:(r + 1) * 9]:
            if c == ".":
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += c
        rows.append(row + (str(empty) if empty else ""))
    side = draw(st.sampled_from(["w", "b", "r"]))
    return "/".join(rows) + " " + side


@settings(max_examples=800)
@given(random_placement())
def test_random_placements(fen: str) -> None:
    check(fen)
