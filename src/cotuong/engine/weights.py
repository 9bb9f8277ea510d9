"""The evaluation's weights as data: piece-square tables (material included) for the
middlegame and the endgame, and the weights of the positional terms.

They are read from ``weights.json`` beside this module, which ``scripts/tune_eval.py``
writes (Texel tuning on master games, see ``docs/engine.md``); :func:`hand_weights` is the
hand-set starting point the tuning began from. The compiled code receives them as arrays
at run time — never as compile-time constants — so new weights need no recompilation and
Numba's on-disk cache never holds stale ones.

Tables are written from Red's side: ``pst[kind][rank][file]``, rank 0 = Red's back rank;
Black's tables are the same mirrored top to bottom. Kinds are those of
:class:`cotuong.core.types.PieceType` (KING=1 … PAWN=7).

>>> w = load_weights()
>>> w.pst.shape, w.terms.shape, len(TERMS)
((2, 15, 90), (21,), 21)
>>> int(w.pst[0, 5 + 7, 0]) == -int(w.pst[0, -5 + 7, 81])  # Black mirrors Red
True
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cotuong.core.errors import CotuongError

WEIGHTS_FILE = Path(__file__).with_name("weights.json")
KIND_NAMES = ("king", "advisor", "elephant", "horse", "rook", "cannon", "pawn")
LAYERS = ("mg", "eg")  # middlegame, endgame (tapered by the phase, see evaluate.py)

# The positional terms, each counted for one side minus the other (``tempo`` is +1 for the
# side to move). Their order is the order of ``evaluate._side_counts``.
TERMS = (
    "tempo",
    "crowd",                    # (cannons - horses) * (major pieces on the board - 6)
    "advisor_gone_x_rook",      # own missing advisors * enemy rooks
    "advisor_gone_x_horse",
    "advisor_gone_x_cannon",
    "advisor_gone_x_pawn",      # ... * enemy pawns across the river
    "elephant_gone_x_rook",
    "elephant_gone_x_horse",
    "elephant_gone_x_cannon",
    "elephant_gone_x_pawn",
    "crossed_pawn_x_advisor_gone",  # own crossed pawns * enemy missing advisors
    "king_file_open",           # the king's file is open towards the enemy (or a rook on it)
    "king_file_open_x_rook",    # ... * enemy rooks
    "king_file_cannon",         # an enemy cannon is the first piece on the king's file
    "horse_mobility",           # squares a horse can go to (leg free, not own piece)
    "horse_trapped",            # horses with at most one such square
    "rook_mobility",            # empty squares along a rook's four rays
    "rook_open_file",           # rooks on a file without own pawns
    "cannon_mobility",          # empty squares along a cannon's four rays
    "pawn_pair",                # crossed pawns side by side
    "cannon_screen_king",       # own cannon on the enemy king's file with one screen between
)

F32 = npt.NDArray[np.float64]
I32 = npt.NDArray[np.int32]


class WeightsError(CotuongError):
    """A weights file that cannot be read (missing table, wrong shape, not numbers)."""

    code = "ENGINE_WEIGHTS"


@dataclass(frozen=True)
class EvalWeights:
    """``pst[layer, code + 7, square]`` signed (+ Red, - Black) and ``terms[k]`` for TERMS."""

    pst: I32
    terms: I32


def _hand_pst(kind: int, f: int, r: int) -> int:
    """The hand-set shapes the tuning started from (not taken from any engine): pawns gain
    once across the river and most near the enemy palace; horses want the centre and the
    enemy half but not the edge; cannons like the central file; rooks the ribs and the
    river; the defenders the centre of their formation; the king stays home."""
    value = (0, 0, 120, 120, 400, 900, 450, 100)[kind]
    centre = 4 - abs(f - 4)
    if kind == 7:
        if r <= 4:
            return value + (0, 0, 0, -2, 4)[r] + (6 if f == 4 and r == 4 else 0)
        near = 15 if 3 <= f <= 5 and 6 <= r <= 8 else 0
        return value + 45 + 3 * centre + {5: 0, 6: 20, 7: 28, 8: 22, 9: -15}[r] + near
    if kind == 4:
        bonus = 4 * centre + (0, 2, 6, 10, 14, 18, 22, 24, 16, 4)[r]
        bonus -= 12 if f in (0, 8) else 0
        bonus -= 8 if r == 9 or (r == 8 and f in (3, 5)) else 0
        return value + bonus
    if kind == 6:
        bonus = (6, 4, 8, 4, 4, 4, 2, 4, 2, 0)[r] + (12 if f == 4 else 2 * centre)
        return value + bonus + (10 if (f, r) == (4, 7) else 0)
    if kind == 5:
        files = {3: 8, 5: 8, 2: 4, 6: 4, 4: 2}.get(f, 0)
        return value + (-6, 4, 2, 4, 10, 10, 8, 12, 10, 6)[r] + files
    if kind == 2:
        return value + (6 if (f, r) == (4, 1) else 0)
    if kind == 3:
        return value + {(4, 2): 8, (2, 0): 2, (6, 0): 2, (0, 2): -4, (8, 2): -4}.get((f, r), 0)
    return (0 if f == 4 else -4) - 12 * r


_HAND_TERMS = {
    "tempo": 10, "crowd": 4,
    "advisor_gone_x_rook": -18, "advisor_gone_x_horse": -12, "advisor_gone_x_cannon": -12,
    "advisor_gone_x_pawn": -6, "elephant_gone_x_rook": -12, "elephant_gone_x_horse": -8,
    "elephant_gone_x_cannon": -8, "elephant_gone_x_pawn": -4,
    "crossed_pawn_x_advisor_gone": 12, "king_file_open": -20, "king_file_open_x_rook": -10,
    "king_file_cannon": -15, "horse_mobility": 4, "horse_trapped": -12, "rook_mobility": 2,
    "rook_open_file": 10, "cannon_mobility": 0, "pawn_pair": 0, "cannon_screen_king": 0,
}


def hand_weights() -> dict[str, Any]:
    """The hand-set weights in the file format (the tuning's starting point)."""
    table = {name: [[_hand_pst(k, f, r) for f in range(9)] for r in range(10)]
             for k, name in enumerate(KIND_NAMES, 1)}
    return {"pst": {"mg": table, "eg": table}, "terms": dict(_HAND_TERMS),
            "source": "hand-set starting point"}


def weights_from_data(data: dict[str, Any]) -> EvalWeights:
    """Arrays from the file format; :class:`WeightsError` says what is missing or wrong."""
    pst = np.zeros((2, 15, 90), dtype=np.int32)
    try:
        for layer, name in enumerate(LAYERS):
            for kind, kind_name in enumerate(KIND_NAMES, 1):
                rows = data["pst"][name][kind_name]
                if len(rows) != 10 or any(len(row) != 9 for row in rows):
                    raise WeightsError(f"pst {name}/{kind_name}: 10 ranks of 9 files expected")
                for r, row in enumerate(rows):
                    for f, v in enumerate(row):
                        pst[layer, kind + 7, r * 9 + f] = int(v)
                        pst[layer, -kind + 7, (9 - r) * 9 + f] = -int(v)
        terms = np.array([int(data["terms"][t]) for t in TERMS], dtype=np.int32)
    except KeyError as exc:
        raise WeightsError(f"weights: missing {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise WeightsError(f"weights: not a whole number ({exc})") from None
    return EvalWeights(pst, terms)


def load_weights(path: Path | None = None) -> EvalWeights:
    """The shipped weights (``weights.json``), or those of ``path``."""
    file = path or WEIGHTS_FILE
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise WeightsError(f"cannot read the weights file {file}: {exc}") from None
    return weights_from_data(data)


@functools.cache
def default_weights() -> EvalWeights:
    """The shipped weights, read once per process (callers must not write to them)."""
    return load_weights()
