"""The UCI/UCCI line protocol: info/bestmove/option parsing and go commands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cotuong import Color
from cotuong.engine.interface import Info, Limits
from cotuong.uci import EngineProtocolError
from cotuong.uci.protocol import (
    EngineOption,
    convert_move,
    export_move,
    format_info,
    go_command,
    parse_bestmove,
    parse_info,
    parse_option,
)


def test_parse_info_dialects_and_fields() -> None:
    info = parse_info("info depth 12 seldepth 20 multipv 1 score cp -35 lowerbound nodes 5000 "
                      "nps 100000 hashfull 10 tbhits 0 time 50 pv h2e2 h9g7 b0c2")
    assert info == Info(12, 5000, 50, 100000, ("h2e2", "h9g7", "b0c2"), -35, None, 20, 1)
    assert parse_info("info depth 9 score mate -3 nodes 1 time 1 pv a0a1").mate == -3
    ucci = parse_info("info depth 6 score 120 pv h2e2")
    assert ucci is not None and ucci.score_cp == 120 and ucci.nps == 0
    fsf = parse_info("info depth 1 score cp 5 time 10 nodes 100 pv h3e3 h10g8", rank_base=1)
    assert fsf is not None and fsf.pv == ("h2e2", "h9g7") and fsf.nps == 10000
    # a pv followed by more fields, and fields we do not know
    odd = parse_info("info depth 2 pv h2e2 h9g7 string tail words foo 3")
    assert odd is not None and odd.pv == ("h2e2", "h9g7")
    assert parse_info("info depth 3 wdl 500 300 200 score cp 1").score_cp == 1


@pytest.mark.parametrize("line", [
    "info string hello depth 3", "info currmove h2e2 currmovenumber 1", "bestmove h2e2",
    "info nodes 100", "",
])
def test_parse_info_lines_that_are_not_search_reports(line: str) -> None:
    assert parse_info(line) is None


@pytest.mark.parametrize("line", [
    "info depth x", "info depth 3 score cp", "info depth 3 nodes 1e6",
    "info depth 3 pv h2e2 zz99", "info depth 3 pv e9e10",
])
def test_parse_info_malformed(line: str) -> None:
    with pytest.raises(EngineProtocolError):
        parse_info(line)


def test_parse_bestmove() -> None:
    assert parse_bestmove("bestmove h2e2") == ("h2e2", None)
    assert parse_bestmove("bestmove h2e2 ponder h9g7") == ("h2e2", "h9g7")
    assert parse_bestmove("bestmove h2e2 ponder (none)") == ("h2e2", None)
    assert parse_bestmove("bestmove h2e2 draw") == ("h2e2", None)
    for none in ("bestmove (none)", "bestmove 0000", "nobestmove"):
        assert parse_bestmove(none) == (None, None)
    for bad in ("bestmove", "bestmove xyzzy", "best h2e2", "bestmove j2e2"):
        with pytest.raises(EngineProtocolError):
            parse_bestmove(bad)


def test_go_commands() -> None:
    assert go_command(Limits(), "uci") == "go"
    assert go_command(Limits(infinite=True), "uci") == "go infinite"
    assert go_command(Limits(depth=5, nodes=1000), "uci") == "go depth 5 nodes 1000"
    assert go_command(Limits(wtime_ms=1000, btime_ms=2000, winc_ms=10, binc_ms=20,
                             movestogo=30), "uci") == \
        "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 30"
    assert go_command(Limits(infinite=True), "ucci") == "go depth infinite"
    assert go_command(Limits(), "ucci") == "go depth infinite"
    assert go_command(Limits(depth=7), "ucci") == "go depth 7"
    assert go_command(Limits(movetime_ms=1500), "ucci", millisec=True) == \
        "go time 1500 movestogo 1"
    assert go_command(Limits(wtime_ms=9000, btime_ms=4000, binc_ms=500, movestogo=10),
                      "ucci", turn=Color.BLACK, millisec=True) == \
        "go time 4000 increment 500 movestogo 10 opptime 9000"


def test_parse_option_forms() -> None:
    assert parse_option("option name Clear Hash type button") == \
        EngineOption("Clear Hash", "button")
    combo = parse_option("option name Style type combo default Normal var Solid var Normal "
                         "var Risky")
    assert combo.choices == ("Solid", "Normal", "Risky") and combo.default == "Normal"
    assert parse_option("option name UCI_Variant type string default xiangqi").default == \
        "xiangqi"
    ucci = parse_option("option hashsize type spin min 0 max 1024 default 16")
    assert (ucci.name, ucci.min, ucci.max, ucci.default) == ("hashsize", 0, 1024, "16")
    for bad in ("option", "option name type spin", "opt name X",
                "option name X type spin min lots"):
        with pytest.raises(EngineProtocolError):
            parse_option(bad)


def test_move_conversion() -> None:
    assert convert_move("a0i9") == "a0i9"
    assert convert_move("a1i10", rank_base=1) == "a0i9"
    with pytest.raises(EngineProtocolError):
        convert_move("a0a10")  # rank 10 does not exist with ranks 0-9
    with pytest.raises(EngineProtocolError):
        convert_move("a0a0x")


moves = st.builds(lambda f1, r1, f2, r2: f"{f1}{r1}{f2}{r2}",
                  st.sampled_from("abcdefghi"), st.integers(0, 9),
                  st.sampled_from("abcdefghi"), st.integers(0, 9))


@given(st.builds(Info, depth=st.integers(1, 200), nodes=st.integers(0, 10**12),
                 time_ms=st.integers(0, 10**8), nps=st.integers(0, 10**9),
                 pv=st.lists(moves, max_size=12).map(tuple),
                 score_cp=st.one_of(st.none(), st.integers(-32000, 32000)),
                 seldepth=st.one_of(st.none(), st.integers(1, 300))))
def test_format_and_parse_info_round_trip(info: Info) -> None:
    assert parse_info(format_info(info)) == info


@given(moves, st.sampled_from([0, 1]))
def test_export_and_convert_round_trip(move: str, base: int) -> None:
    assert convert_move(export_move(move, rank_base=base), rank_base=base) == move
