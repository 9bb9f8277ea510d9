"""Positions shared by the notation tests: perft positions (tests/data/perft.md) and
synthetic tandem setups."""

from __future__ import annotations

from cotuong import Board

PERFT_FENS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w",
    "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w",
    "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
]

# Red to move; each also appears mirrored (ranks flipped, colours swapped) for Black.
SYNTHETIC_RED = [
    "3k5/6P2/6P2/6P2/6P2/6P2/9/9/9/4K4 w",        # five pawns on one file
    "3k5/2P3P2/6P2/6P2/6P2/9/9/9/9/4K4 w",        # four on one file, one elsewhere
    "3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w",            # three on one file
    "3k5/1r4P2/4n1P2/6P1c/6P2/9/9/9/9/4K4 w",     # four on a file, captures about
    "3k5/2P3P2/2P3P2/6P2/9/9/9/9/9/4K4 w",        # three on one file, two on another
    "3k5/2P3P2/2P3P2/9/9/9/9/9/9/4K4 w",          # two and two
    "3k5/9/2r6/2P2rP2/2P3P2/9/9/9/9/4K4 w",      # two and two with targets
    "3k5/9/9/9/2R3C2/9/2R3C2/2N6/2N6/4K4 w",      # tandem rooks, cannons, horses
    "3k5/9/9/9/2R3C2/2n6/2R3C2/9/9/4K4 w",        # tandem pieces with a blocker
    "3k5/9/9/9/9/2B6/9/3A5/4K4/2BA5 w",           # advisors and elephants sharing files
    "2rk5/9/9/2N6/9/2N3R2/9/6R2/4K4/9 w",         # tandem horses and rooks, captures
]


def mirror(fen: str) -> str:
    """The same structure for the other colour: ranks flipped, colours swapped."""
    placement, turn = fen.split()[:2]
    ranks = placement.split("/")[::-1]
    return "/".join(r.swapcase() for r in ranks) + (" b" if turn == "w" else " w")


SYNTHETIC = SYNTHETIC_RED + [mirror(f) for f in SYNTHETIC_RED]


def pawn_groups(board: Board) -> str:
    """How the side to move's pawns stack up, e.g. '3+2' (for test ids)."""
    files: dict[int, int] = {}
    for sq, piece in board.pieces(board.turn):
        if piece.kind.name == "PAWN":
            files[sq % 9] = files.get(sq % 9, 0) + 1
    return "+".join(str(n) for n in sorted(files.values(), reverse=True) if n > 1)

