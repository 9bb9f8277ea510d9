"""The learnt evaluation: the weights file's loader, the incremental accumulators and the
network's output against a slow NumPy reference of the format (docs/engine.md)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.conftest import data_path

from cotuong.core import Board, Move
from cotuong.engine import BuiltinEngine
from cotuong.engine.builtin import EngineOptionError
from cotuong.engine.evaluate import evaluate
from cotuong.engine.interface import Limits
from cotuong.engine.nnue import (
    N_FEATURES,
    ST_ACC,
    NnueError,
    NnueNet,
    accumulators,
    evaluate_nnue,
    load_nnue,
)
from cotuong.engine.position import (
    in_check,
    legal_moves,
    make,
    make_null,
    perft,
    play_codes,
    position_from_board,
    position_from_fen,
    unmake,
    unmake_null,
)
from cotuong.uci.server.options import accept_option, option_lines

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def _arrays(hidden: int = 16, seed: int = 1) -> dict[str, Any]:
    """A random network in the file format (weights large enough that every square,
    kind and colour matters, and CReLU clamps at both ends)."""
    rng = np.random.default_rng(seed)
    return {
        "version": np.int32(1),
        "w1": rng.integers(-40, 41, (N_FEATURES, hidden), dtype=np.int16),
        "b1": rng.integers(-100, 200, hidden, dtype=np.int16),
        "w2": rng.integers(-64, 65, 2 * hidden, dtype=np.int16),
        "b2": np.int32(rng.integers(-5000, 5000)),
        "qa": np.int32(255),
        "qb": np.int32(64),
        "scale": np.int32(400),
    }


def _write(tmp_path: Path, name: str = "net.npz", **changes: Any) -> Path:
    data = _arrays()
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    path = tmp_path / name
    np.savez(path, **data)
    return path


@pytest.fixture
def net(tmp_path: Path) -> NnueNet:
    return load_nnue(_write(tmp_path))


# ------------------------------------------------------------------ the slow reference
def _feature(persp: int, code: int, s: int) -> int:
    colour = 0 if code > 0 else 1
    rel = s if persp == 0 else (9 - s // 9) * 9 + s % 9
    return (0 if colour == persp else 1) * 630 + (abs(code) - 1) * 90 + rel


def _ref_acc(b: Any, net: NnueNet) -> np.ndarray:
    acc = np.zeros((2, net.hidden), dtype=np.int64)
    for p in range(2):
        acc[p] = net.b1
        for s in range(90):
            if b[s]:
                acc[p] += net.w1[_feature(p, int(b[s]), s)]
    return acc


def _ref_eval(b: Any, stm: int, net: NnueNet) -> int:
    acc = np.clip(_ref_acc(b, net), 0, net.qa)
    h = net.hidden
    w2 = net.w2.astype(np.int64)
    total = net.b2 + int(acc[stm] @ w2[:h]) + int(acc[1 - stm] @ w2[h:])
    return max(-20_000, min(20_000, total * net.scale // (net.qa * net.qb)))


def _fens() -> list[str]:
    fens = [START]
    for line in data_path("perft.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 6 and cells[1].isdigit() and cells[2].startswith("`"):
            fens.append(cells[2].strip("`"))
    return fens


# ------------------------------------------------------------------ the accumulators
def test_fresh_position_matches_the_reference(net: NnueNet) -> None:
    for fen in _fens():
        pos = position_from_fen(fen, net=net)
        assert (accumulators(pos) == _ref_acc(pos[0], net)).all(), fen
        assert evaluate_nnue(pos) == _ref_eval(pos[0], int(pos[3][0]), net), fen
        assert evaluate(pos, 0, 0) == evaluate_nnue(pos)  # the engine's evaluation is the net's


@pytest.mark.parametrize("seed", range(6))
def test_random_walks_keep_the_accumulators_exact(net: NnueNet, seed: int) -> None:
    """Moves, captures, null moves and take-backs in random order: the incremental
    accumulators always equal a from-scratch computation, and unwinding restores all."""
    rng = random.Random(seed)
    fens = _fens()
    pos = position_from_fen(fens[seed % len(fens)], net=net)
    before = tuple(a.copy() for a in pos)
    stack: list[tuple[int, int]] = []  # (move, undo) or (0, -1) for a null move
    for _ in range(150):
        roll = rng.random()
        moves = legal_moves(pos)
        if stack and (roll < 0.3 or len(stack) > 60 or len(moves) == 0):
            m, undo = stack.pop()
            if undo < 0:
                unmake_null(pos)
            else:
                unmake(pos, m, undo)
        elif roll < 0.4 and not in_check(pos, int(pos[3][0])):
            make_null(pos)
            stack.append((0, -1))
        elif len(moves):
            captures = [int(m) for m in moves if pos[0][int(m) & 127] != 0]
            pool = captures if captures and rng.random() < 0.5 else [int(m) for m in moves]
            m = rng.choice(pool)
            stack.append((m, make(pos, m)))
        assert int(pos[3][ST_ACC]) == sum(1 for _m, undo in stack if undo >= 0)
        assert (accumulators(pos) == _ref_acc(pos[0], net)).all()
        assert evaluate_nnue(pos) == _ref_eval(pos[0], int(pos[3][0]), net)
    while stack:
        m, undo = stack.pop()
        if undo < 0:
            unmake_null(pos)
        else:
            unmake(pos, m, undo)
    assert int(pos[3][ST_ACC]) == 0
    for i in (0, 1, 2, 3, 6):  # (the key history and the stack beyond the top are scratch)
        assert (pos[i] == before[i]).all()
    assert (accumulators(pos) == accumulators(before)).all()


def test_game_moves_keep_the_stack_short(net: NnueNet) -> None:
    """``play_codes`` (the game before the search) leaves the current accumulators in
    slot 0, so a long game does not use up the stack the search needs."""
    board = Board(START)
    rng = random.Random(3)
    codes = []
    for _ in range(80):
        legal = board.legal_codes()
        if not legal:
            break
        m = rng.choice(legal)
        codes.append(m)
        board.push_code(m)
    pos = position_from_fen(START, net=net)
    play_codes(pos, codes)
    assert int(pos[3][ST_ACC]) == 0
    assert (accumulators(pos) == _ref_acc(pos[0], net)).all()
    assert (pos[0] == position_from_board(board)[0]).all()


def test_perft_is_unchanged_with_a_network(net: NnueNet) -> None:
    pos = position_from_fen(START, net=net)
    assert perft(pos, 3) == 79666
    assert int(pos[3][ST_ACC]) == 0


def test_without_a_network_the_position_is_the_hand_written_one(net: NnueNet) -> None:
    plain = position_from_fen(START)
    assert plain[7].shape == (21,) and plain[3][6] == 0  # the terms alone, no flag
    make(plain, int(legal_moves(plain)[0]))
    assert plain[3][ST_ACC] == 0  # make/unmake skip the accumulators
    with_net = position_from_fen(START, net=net)
    assert (with_net[7][:21] == plain[7]).all()  # the terms, then the network


# ------------------------------------------------------------------ the loader's errors
def test_loader_reads_the_format(tmp_path: Path) -> None:
    net = load_nnue(_write(tmp_path))
    assert net.hidden == 16 and net.qa == 255 and net.packed().shape == (N_FEATURES + 3, 16)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"w1": None}, "missing w1"),
        ({"version": np.int32(2)}, "version 2"),
        ({"w1": np.zeros((N_FEATURES, 16), dtype=np.float32)}, "w1 must be int16"),
        ({"w1": np.zeros((1000, 16), dtype=np.int16)}, "w1 must be int16[1260, H]"),
        ({"b1": np.zeros(8, dtype=np.int16)}, "b1 must be int16[16]"),
        ({"w2": np.zeros(16, dtype=np.int16)}, "w2 must be int16[32]"),
        ({"b2": np.zeros(3, dtype=np.int32)}, "b2 must be an integer scalar"),
        ({"scale": np.float32(1.5)}, "scale must be an integer scalar"),
        ({"qa": np.int32(0)}, "qa must be positive"),
    ],
)
def test_loader_names_what_is_wrong(tmp_path: Path, changes: dict[str, Any],
                                    words: str) -> None:
    with pytest.raises(NnueError, match=words.replace("[", r"\[")) as err:
        load_nnue(_write(tmp_path, **changes))
    assert isinstance(err.value, ValueError) and err.value.code == "ENGINE_NNUE"


def test_loader_refuses_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(NnueError, match="cannot read"):
        load_nnue(tmp_path / "absent.npz")
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip file at all")
    with pytest.raises(NnueError, match="cannot read"):
        load_nnue(junk)
    pickled = tmp_path / "pickled.npz"
    np.savez(pickled, **{**_arrays(), "w1": np.array([{"a": 1}], dtype=object)})
    with pytest.raises(NnueError, match="cannot read"):
        load_nnue(pickled)


# ------------------------------------------------------------------ the engine's option
def test_engine_option_evalfile(tmp_path: Path) -> None:
    path = _write(tmp_path)
    engine = BuiltinEngine(level=8)
    engine.set_option("EvalFile", str(path))
    with_net = engine.search(START, ["h2e2"], Limits(depth=3))
    assert with_net.bestmove in _legal_after(START, ["h2e2"])
    engine.set_option("EvalFile", "hce")  # the hand-written evaluation
    engine.new_game()
    plain = engine.search(START, ["h2e2"], Limits(depth=3))
    assert plain.info is not None and with_net.info is not None
    assert (plain.info.score_cp, plain.info.nodes) != (with_net.info.score_cp,
                                                       with_net.info.nodes)
    with pytest.raises(NnueError):
        engine.set_option("EvalFile", str(tmp_path / "absent.npz"))
    with pytest.raises(EngineOptionError, match="EvalFile"):
        engine.set_option("NoSuchOption", "1")


def _legal_after(fen: str, moves: list[str]) -> set[str]:
    board = Board(fen)
    for text in moves:
        board.push(Move.from_iccs(text))
    return {Move(m >> 7, m & 127).iccs for m in board.legal_codes()}


def test_uci_announces_and_accepts_evalfile() -> None:
    assert "option name EvalFile type string default nnue.npz" in option_lines(ucci=False)
    assert accept_option("evalfile", "<empty>") == ("EvalFile", "")
    assert accept_option("EvalFile", " /x/net.npz ") == ("EvalFile", "/x/net.npz")
