"""The learnt network is the engine's default evaluation, everywhere it plays or analyses;
``EvalFile hce`` (``cotuong engine --hce``) goes back to the hand-written one.

Nothing here depends on the shipped weights' values: the network compared with the NumPy
reference is whatever file ships (``src/cotuong/engine/nnue.npz``).
"""

from __future__ import annotations

import argparse
from typing import Any

import pytest
from tests.engine.test_nnue import _fens, _ref_eval

import cotuong.engine.builtin as builtin
from cotuong.cli.engine import register
from cotuong.engine import BuiltinEngine
from cotuong.engine.evaluate import evaluate, evaluate_hand
from cotuong.engine.interface import Limits
from cotuong.engine.nnue import (
    DEFAULT_EVAL_FILE,
    NNUE_FILE,
    eval_file_network,
    load_nnue,
    shipped_nnue,
)
from cotuong.engine.position import legal_moves, make, position_from_fen, unmake
from cotuong.engine.search import new_tables, root_scores
from cotuong.uci import open_engine
from cotuong.uci.server import UciServer
from cotuong.uci.server.options import EVAL_FILE_DEFAULT, accept_option, option_lines

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MIDGAME = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1"


def _result(engine: BuiltinEngine, depth: int = 4) -> tuple[str, int | None, int]:
    engine.new_game()
    res = engine.search(MIDGAME, [], Limits(depth=depth))
    assert res.info is not None
    return res.bestmove, res.info.score_cp, res.info.nodes


def test_the_shipped_network_matches_the_reference() -> None:
    net = shipped_nnue()
    assert net is shipped_nnue()  # read once per process
    assert (net.w1 == load_nnue(NNUE_FILE).w1).all()
    for fen in _fens():
        pos = position_from_fen(fen, net=net)
        assert evaluate(pos, 0, 0) == _ref_eval(pos[0], int(pos[3][0]), net), fen


@pytest.mark.parametrize("number", range(1, 9))
def test_every_level_evaluates_with_the_network(number: int) -> None:
    assert BuiltinEngine(level=number).evaluation == "nnue"
    assert getattr(open_engine(f"level:{number}"), "evaluation", None) == "nnue"


def test_the_default_search_is_the_network_search() -> None:
    default = BuiltinEngine()
    named = BuiltinEngine()
    named.set_option("EvalFile", DEFAULT_EVAL_FILE)
    hce = BuiltinEngine()
    hce.set_option("EvalFile", "hce")
    assert hce.evaluation == "hce"
    assert _result(default) == _result(named)
    assert _result(default)[1:] != _result(hce)[1:]  # a different evaluation, another tree


@pytest.mark.parametrize("value", ["hce", "HCE", " none ", "", "<empty>"])
def test_the_hand_written_evaluation_is_one_option_away(value: str) -> None:
    engine = BuiltinEngine()
    engine.set_option("EvalFile", value)
    assert engine.evaluation == "hce"
    engine.set_option("EvalFile", "default")
    assert engine.evaluation == "nnue"
    assert eval_file_network(value) is None


def test_helpers_use_the_network_and_the_blunder_look_the_hand_one(monkeypatch: Any) -> None:
    seen: list[int] = []
    real = builtin._helper_search

    def spy(pos: Any, tables: Any, max_depth: int, first: int) -> None:
        seen.append(int(pos[3][6]))  # nnue.ST_NN: the helper's position carries the net
        real(pos, tables, max_depth, first)

    monkeypatch.setattr(builtin, "_helper_search", spy)
    engine = BuiltinEngine()
    engine.set_option("Threads", "3")
    engine.search(START, [], Limits(movetime_ms=200))
    assert seen == [1, 1]
    # Level 1's one-look choice scores the moves by the hand-written evaluation even on a
    # position that carries the network (which sees hanging pieces; a beginner does not).
    pos = position_from_fen(START, net=shipped_nnue())
    plain = position_from_fen(START)
    moves = legal_moves(pos)
    scores = root_scores(pos, new_tables(1), moves, 0)
    for m, s in zip(moves, scores, strict=True):
        u, v = make(pos, int(m)), make(plain, int(m))
        assert s == -evaluate(plain, 0, 0) == -evaluate_hand(pos, 0, 0)
        assert evaluate(pos, 0, 0) == _ref_eval(pos[0], int(pos[3][0]), shipped_nnue())
        unmake(pos, int(m), u)
        unmake(plain, int(m), v)


def test_uci_announces_the_network_and_accepts_hce() -> None:
    assert EVAL_FILE_DEFAULT == DEFAULT_EVAL_FILE
    assert f"option name EvalFile type string default {DEFAULT_EVAL_FILE}" in option_lines(
        ucci=False)
    assert accept_option("EvalFile", "hce") == ("EvalFile", "hce")


def test_uci_setoption_switches_the_builtin_engine() -> None:
    lines: list[str] = []
    engine = BuiltinEngine()
    server = UciServer(engine, lines.append)
    for text in ("uci", "setoption name EvalFile value hce"):
        server.handle(text)
    server.wait(5)
    assert "option name EvalFile type string default nnue.npz" in lines
    assert engine.evaluation == "hce"
    for value, evaluation in (("nnue.npz", "nnue"), ("<empty>", "hce"), ("default", "nnue")):
        server.handle(f"setoption name EvalFile value {value}")
        server.wait(5)
        assert engine.evaluation == evaluation, value
    server.handle("setoption name EvalFile value /no/such/net.npz")  # refused, unchanged
    server.wait(5)
    assert engine.evaluation == "nnue"


def test_cotuong_engine_has_a_hce_switch() -> None:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    assert parser.parse_args(["engine"]).nnue is None  # the shipped network
    assert parser.parse_args(["engine", "--hce"]).nnue == "hce"
    assert parser.parse_args(["engine", "--nnue", "x.npz"]).nnue == "x.npz"
    with pytest.raises(SystemExit):
        parser.parse_args(["engine", "--hce", "--nnue", "x.npz"])
