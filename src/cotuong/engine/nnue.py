"""The learnt evaluation: an NNUE-style network, its weights file and its compiled inference.

The network (its file format: ``docs/engine.md``, "A learnt evaluation"): 1,260 binary
features per perspective — a piece of one colour and kind on one square, seen from Red
(perspective 0) or from Black (perspective 1, ranks flipped) — a feature transformer
``w1`` [1260, H] + ``b1`` into an **accumulator** of H ints per perspective, then CReLU
(clamp to ``0..qa``) and one output neuron over both accumulators, the side to move's
first::

    cp = (b2 + Σ CReLU(acc_stm)·w2[:H] + Σ CReLU(acc_other)·w2[H:]) · scale // (qa·qb)

The accumulators are kept incrementally: the position carries a stack of them and ``make``
writes the next slot from the current one, changed by the moved piece's two squares and the
captured piece (:func:`acc_move`); ``unmake`` pops (a null move changes no piece, so it keeps
the slot). The weights reach the compiled code as arrays at run time, never as compile-time
constants.

**Where they live.** The position stays the tuple of eight arrays the hand-written
evaluation uses (a wider tuple cost that evaluation 2 % of its speed: every compiled
helper receives the whole tuple): with a network, its last array, the evaluation's int32
``terms``, is extended — the 21 term weights, then from :data:`NET_OFF` the packed network
(``w1``'s 1,260 rows, ``b1``, ``w2`` for the side to move, ``w2`` for the other side; H each)
and after it the accumulator stack (``ACC_STACK`` slots × 2 perspectives × H). ``st`` holds
the flag (``st[ST_NN]``), H, the current slot, the stack's offset and the output scalars.
Without a network ``st[ST_NN] == 0``: the hand-written evaluation (:mod:`cotuong.engine.evaluate`)
runs and make/unmake skip all this.

>>> feature_index(0, 5, 0), feature_index(1, 5, 0), feature_index(1, -5, 81)  # rooks
(360, 1071, 360)
>>> from cotuong.engine.position import position_from_fen
>>> net = load_nnue("model.npz")  # doctest: +SKIP
>>> evaluate_nnue(position_from_fen(START_FEN, net=net))  # doctest: +SKIP
12

**The default.** The network shipped with the package (:data:`NNUE_FILE`, read once per
process by :func:`shipped_nnue`) is the engine's evaluation unless the option ``EvalFile``
says otherwise: :func:`eval_file_network` turns the option's value into the network to use,
``None`` (the hand-written evaluation) for ``hce``.

>>> eval_file_network("hce") is None
True
>>> eval_file_network("nnue.npz") is shipped_nnue()
True
"""

from __future__ import annotations

import functools
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from cotuong.core.errors import CotuongError

NNUE_FILE = Path(__file__).with_name("nnue.npz")  # shipped with the package
DEFAULT_EVAL_FILE = "nnue.npz"  # the option EvalFile's default: the shipped network
# EvalFile values that select the hand-written evaluation (case-insensitive; "<empty>" is
# how UCI GUIs send an empty string).
HCE_EVAL_FILES = ("hce", "none", "", "<empty>")
FORMAT_VERSION = 1
N_FEATURES = 1260  # 2 colours (own, other) × 7 kinds × 90 squares
MAX_HIDDEN = 1024
EVAL_LIMIT = 20_000  # the network's score is clamped below the mate scores
ACC_STACK = 512  # accumulator slots: the search path (MAX_PLY) and the root's checks fit

# The position's scalars (``st``, int64) the network uses (see position.py for the others).
ST_ACC = 5    # the current accumulator slot
ST_NN = 6     # 1 when the position carries a network
ST_H = 7      # its hidden size H
ST_B2, ST_QA, ST_QAQB, ST_SCALE, ST_ACC_OFF = 24, 25, 26, 27, 28
ST_SIZE = 32
# Offsets in the extended ``terms`` array: the network's rows (H int32 each) from NET_OFF
# (the 1,260 feature rows, then b1, w2 for the side to move, w2 for the other side), then
# the accumulator stack (slot k, perspective p at ``acc_off + (2k + p)·H``).
NET_OFF = 32
ROW_B1, ROW_W2_STM, ROW_W2_OTHER = N_FEATURES, N_FEATURES + 1, N_FEATURES + 2
NET_ROWS = N_FEATURES + 3

I16 = npt.NDArray[np.int16]


class NnueError(CotuongError):
    """A network weights file that cannot be used (missing, not an ``.npz`` of arrays, a
    missing key, a wrong shape, dtype or version)."""

    code = "ENGINE_NNUE"


@dataclass(frozen=True)
class NnueNet:
    """The quantised network: ``w1`` int16 [1260, H], ``b1`` int16 [H], ``w2`` int16 [2H],
    and the scalars of the output formula."""

    w1: I16
    b1: I16
    w2: I16
    b2: int
    qa: int
    qb: int
    scale: int

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    def packed(self) -> I16:
        """The int16 [1263, H] array the compiled code reads: ``w1``'s rows, then ``b1``,
        then ``w2`` for the side to move and for the other side."""
        h = self.hidden
        return np.ascontiguousarray(np.vstack([self.w1, self.b1[None, :], self.w2[None, :h],
                                               self.w2[None, h:]]).astype(np.int16))

    @functools.cached_property
    def packed32(self) -> npt.NDArray[np.int32]:
        """:meth:`packed` as the flat int32 rows every search position copies (computed
        once per network: a search sets up its position from it)."""
        flat = self.packed().astype(np.int32).ravel()
        flat.flags.writeable = False
        return flat


_KEYS = ("version", "w1", "b1", "w2", "b2", "qa", "qb", "scale")


def _scalar(data: Any, key: str, path: object) -> int:
    value = data[key]
    if value.shape != () or value.dtype.kind not in "iu":
        raise NnueError(f"{path}: {key} must be an integer scalar, not "
                        f"{value.dtype}{list(value.shape)}")
    return int(value)


def _array(data: Any, key: str, shape: tuple[int, ...], path: object) -> I16:
    value = data[key]
    if value.dtype != np.int16 or value.shape != shape:
        raise NnueError(f"{path}: {key} must be int16{list(shape)}, not "
                        f"{value.dtype}{list(value.shape)}")
    return np.ascontiguousarray(value)


def net_from_arrays(data: Any, path: object = "network") -> NnueNet:
    """Validate the arrays of a weights file (a mapping key → ndarray) into a network."""
    missing = [k for k in _KEYS if k not in data]
    if missing:
        raise NnueError(f"{path}: missing {', '.join(missing)}")
    version = _scalar(data, "version", path)
    if version != FORMAT_VERSION:
        raise NnueError(f"{path}: format version {version}, this engine reads "
                        f"{FORMAT_VERSION}")
    w1 = data["w1"]
    if w1.ndim != 2 or w1.shape[0] != N_FEATURES or not 1 <= w1.shape[1] <= MAX_HIDDEN:
        raise NnueError(f"{path}: w1 must be int16[{N_FEATURES}, H] with 1 <= H <= "
                        f"{MAX_HIDDEN}, not {w1.dtype}{list(w1.shape)}")
    h = int(w1.shape[1])
    net = NnueNet(w1=_array(data, "w1", (N_FEATURES, h), path),
                  b1=_array(data, "b1", (h,), path), w2=_array(data, "w2", (2 * h,), path),
                  b2=_scalar(data, "b2", path), qa=_scalar(data, "qa", path),
                  qb=_scalar(data, "qb", path), scale=_scalar(data, "scale", path))
    for name in ("qa", "qb", "scale"):
        if not 0 < getattr(net, name) < 2**20:
            raise NnueError(f"{path}: {name} must be positive, not {getattr(net, name)}")
    return net


def load_nnue(path: str | Path | None = None) -> NnueNet:
    """The network of ``path`` (default: the one shipped with the package, ``nnue.npz``);
    :class:`NnueError` says why a file cannot be used."""
    file = Path(path) if path is not None else NNUE_FILE
    try:
        with np.load(file, allow_pickle=False) as data:
            return net_from_arrays({k: data[k] for k in data.files}, file)
    except NnueError:
        raise
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise NnueError(f"cannot read the network file {file}: {exc}") from None


@functools.cache
def shipped_nnue() -> NnueNet:
    """The package's network, read once per process (:class:`NnueError` when absent)."""
    return load_nnue()


def eval_file_network(value: str) -> NnueNet | None:
    """The network an ``EvalFile`` value names: ``nnue.npz`` or ``default`` the shipped one
    (:func:`shipped_nnue`, the engine's default), ``hce`` (also ``none`` or empty) ``None``
    — the hand-written evaluation —, anything else the path of a weights file
    (:class:`NnueError` when it cannot be used)."""
    text = str(value).strip()
    if text.lower() in HCE_EVAL_FILES:
        return None
    if text.lower() in ("default", DEFAULT_EVAL_FILE):
        return shipped_nnue()
    return load_nnue(text)


def eval_data(terms: Any, st: Any, net: NnueNet | None) -> Any:
    """The position's last array for ``net``: ``terms`` itself without a network, else the
    terms followed by the packed network and a fresh accumulator stack (``st`` gets the
    flag, the sizes and the output scalars)."""
    st[ST_ACC] = 0
    st[ST_NN] = 0 if net is None else 1
    if net is None:
        return terms
    h = net.hidden
    acc_off = NET_OFF + NET_ROWS * h
    data = np.zeros(acc_off + ACC_STACK * 2 * h, dtype=np.int32)
    data[: len(terms)] = terms
    data[NET_OFF:acc_off] = net.packed32
    st[ST_H], st[ST_ACC_OFF] = h, acc_off
    st[ST_B2], st[ST_QA], st[ST_QAQB], st[ST_SCALE] = net.b2, net.qa, net.qa * net.qb, net.scale
    return data


def accumulators(pos: Any) -> Any:
    """The current accumulators, int32 [2, H] (Red's perspective, Black's), a view."""
    st = pos[3]
    h = int(st[ST_H])
    at = int(st[ST_ACC_OFF]) + 2 * h * int(st[ST_ACC])
    return pos[7][at: at + 2 * h].reshape(2, h)


def keep_slot_zero(pos: Any) -> None:
    """Make the current accumulators slot 0 (after moves that will not be unmade)."""
    st = pos[3]
    if st[ST_NN]:
        cur = accumulators(pos).copy()
        st[ST_ACC] = 0
        accumulators(pos)[:] = cur


@njit(cache=True, nogil=True, inline="always")
def feature_index(persp: int, code: int, s: int) -> int:
    """The feature of piece ``code`` on square ``s`` seen from perspective ``persp``."""
    colour = 0 if code > 0 else 1
    rel = s if persp == 0 else (9 - s // 9) * 9 + s % 9
    kind = code if code > 0 else -code
    return (0 if colour == persp else 630) + (kind - 1) * 90 + rel


@njit(cache=True, nogil=True)
def acc_refresh(b: Any, st: Any, data: Any) -> None:
    """Compute the current accumulators from scratch (the position's set-up, tests)."""
    if st[ST_NN] == 0:
        return
    h = st[ST_H]
    for p in range(2):
        at = st[ST_ACC_OFF] + (2 * st[ST_ACC] + p) * h
        row = NET_OFF + ROW_B1 * h
        for i in range(h):
            data[at + i] = data[row + i]
        for s in range(90):
            if b[s] != 0:
                row = NET_OFF + feature_index(p, b[s], s) * h
                for i in range(h):
                    data[at + i] += data[row + i]


@njit(cache=True, nogil=True)
def acc_move(st: Any, data: Any, p: int, fr: int, to: int, c: int) -> None:
    """Push the accumulators after piece ``p`` moved ``fr`` → ``to`` taking ``c`` (0: none)."""
    top = st[ST_ACC]
    st[ST_ACC] = top + 1
    h = st[ST_H]
    at = st[ST_ACC_OFF] + 2 * top * h
    for persp in range(2):
        # Views with indices from 0 (no negative-index fix-up): the loops vectorise.
        old = data[at + persp * h: at + (persp + 1) * h]
        new = data[at + (persp + 2) * h: at + (persp + 3) * h]
        row = NET_OFF + feature_index(persp, p, to) * h
        add = data[row: row + h]
        row = NET_OFF + feature_index(persp, p, fr) * h
        sub = data[row: row + h]
        if c == 0:
            for i in range(h):
                new[i] = old[i] + add[i] - sub[i]
        else:
            row = NET_OFF + feature_index(persp, c, to) * h
            cap = data[row: row + h]
            for i in range(h):
                new[i] = old[i] + add[i] - sub[i] - cap[i]


@njit(cache=True, nogil=True)
def evaluate_nnue(pos: Any) -> int:
    """The network's score of the position for the side to move, in centipawns (clamped
    to ±``EVAL_LIMIT``). Only for positions that carry a network."""
    st, data = pos[3], pos[7]
    h = st[ST_H]
    stm = st[0]
    at = st[ST_ACC_OFF] + 2 * st[ST_ACC] * h
    us = data[at + stm * h: at + (stm + 1) * h]
    them = data[at + (1 - stm) * h: at + (2 - stm) * h]
    w_us = data[NET_OFF + ROW_W2_STM * h: NET_OFF + (ROW_W2_STM + 1) * h]
    w_them = data[NET_OFF + ROW_W2_OTHER * h: NET_OFF + (ROW_W2_OTHER + 1) * h]
    qa = np.int32(st[ST_QA])
    total = 0
    for i in range(h):
        x = min(max(us[i], np.int32(0)), qa)
        y = min(max(them[i], np.int32(0)), qa)
        total += x * w_us[i] + y * w_them[i]
    cp = (st[ST_B2] + total) * st[ST_SCALE] // st[ST_QAQB]
    return int(min(max(cp, -EVAL_LIMIT), EVAL_LIMIT))
