"""``cotuong play``: the terminal game driven by scripted input (streams and pipes)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from tests.uci.doubles import RandomPlayer

from cotuong import Board, Color, Game, Move, Termination
from cotuong.arena.terminal import PlaySettings, TerminalGame
from cotuong.engine.interface import Info, Limits, SearchResult
from cotuong.messages import Message
from cotuong.notation import make_move_text
from cotuong.records import read_pgn

MOCK = Path(__file__).resolve().parents[1] / "uci" / "mock_engine.py"
QUICK = Limits(depth=1)


class EngineTypist(io.StringIO):
    """Input stream of a "human" whose moves another engine picks, typed in
    Vietnamese notation; ``extra`` lines (commands) are typed first."""

    def __init__(self, engine: object, extra: list[str] | None = None) -> None:
        super().__init__()
        self.engine = engine
        self.game: TerminalGame | None = None
        self.extra = list(extra or [])
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert self.game is not None
        if self.extra:
            line = self.extra.pop(0)
        else:
            board = self.game.board()
            best = self.engine.search(self.game.start_fen, self.game.moves, QUICK).bestmove
            line = make_move_text(board, Move.from_iccs(best), "vi")
        self.typed.append(line)
        return line + "\n"


def start(engine: object, human: Color, inp: io.StringIO, tmp_path: Path, *,
          lang: str = "vi", fen: str | None = None) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    settings = PlaySettings(human=human, lang=lang, limits=QUICK, hint_limits=QUICK,
                            letters=True, fen=fen, pgn_path=str(tmp_path / "game.pgn"),
                            ai_name="random-double")
    return TerminalGame(engine, settings, inp, out), out  # type: ignore[arg-type]


@pytest.mark.parametrize("human", [Color.RED, Color.BLACK])
def test_whole_game_to_the_end_with_vietnamese_input(human: Color, tmp_path: Path) -> None:
    typist = EngineTypist(RandomPlayer(seed=21))
    tg, out = start(RandomPlayer(seed=5), human, typist, tmp_path)
    typist.game = tg
    outcome = tg.run()
    assert outcome is not None and not tg.stopped
    text = out.getvalue()
    assert "Kết thúc: " in text and outcome.text("vi").split(":")[0] in text
    # every typed move was Vietnamese notation and was accepted
    assert len(typist.typed) == sum(1 for i in range(len(tg.moves))
                                    if (i % 2 == 0) == (human is Color.RED))
    assert "Nước đi không hợp lệ" not in text
    (record,) = read_pgn((tmp_path / "game.pgn").read_text(encoding="utf-8"))
    assert record.ok and record.notation == "vi"
    assert [m.iccs for m in record.moves] == tg.moves and record.result == outcome.result


def test_commands_illegal_moves_undo_and_resign(tmp_path: Path) -> None:
    script = ["help", "flip", "hint", "xyz", "X1.5", "b0d1", "undo", "P2-5", "undo",
              "h2e2", "resign"]
    inp = io.StringIO("\n".join(script) + "\n")
    tg, out = start(RandomPlayer(seed=1), Color.RED, inp, tmp_path)
    outcome = tg.run()
    text = out.getvalue()
    assert "Lệnh: hint" in text                        # help
    assert "Gợi ý: " in text                           # hint
    assert "Không hiểu nước đi 'xyz'" in text          # unreadable
    assert "Mã bị cản chân" in text                    # b0d1: horse leg blocked, explained
    assert "Nước đi không hợp lệ: Xe không được nhảy qua quân khác" in text  # X1.5, in Vietnamese
    assert "Chưa có nước nào của bạn để đi lại." in text
    assert "Bạn đi: P2-5 (h2e2)" in text and "Đã đi lại nước vừa rồi." in text
    assert outcome is not None and outcome.termination is Termination.RESIGNATION
    assert outcome.winner is Color.BLACK
    assert "Đen thắng: Đỏ xin thua" in text
    # after undo and replaying h2e2 the game holds h2e2 and the AI's reply only
    assert tg.moves[0] == "h2e2" and len(tg.moves) == 2
    # the flipped board puts rank 1 at the top
    assert any(line.startswith(" 1  R") for line in text.splitlines())


def test_english_output_and_wxf_or_chinese_input(tmp_path: Path) -> None:
    inp = io.StringIO("C2.5\n马二进三\nb0d1\nresign\n")
    tg, out = start(RandomPlayer(prefer="h9g7"), Color.RED, inp, tmp_path, lang="en")
    tg.run()
    text = out.getvalue()
    assert "You play: P2-5 (h2e2)" in text       # WXF in, Vietnamese out
    assert "You play: M2.3 (h0g2)" in text       # Chinese in
    assert "Illegal move: the horse is blocked" in text or "Illegal move: " in text
    assert "Black wins: Red resigned" in text
    assert tg.moves == ["h2e2", "h9g7", "h0g2", "h9g7"] or tg.moves[:3] == ["h2e2", "h9g7",
                                                                           "h0g2"]


class Judge(RandomPlayer):  # type: ignore[misc, valid-type]
    """A double whose evaluation (for the side to move) is fixed."""

    def __init__(self, score: int) -> None:
        super().__init__(seed=0)
        self.score = score

    def search(self, start_fen: str, moves: object, limits: Limits,
               on_info: object = None) -> SearchResult:
        result = super().search(start_fen, moves, limits)
        return SearchResult(result.bestmove, None, Info(1, 1, 1, 1, (result.bestmove,),
                                                        score_cp=self.score))


def test_draw_offer_accepted_only_when_the_ai_is_not_better(tmp_path: Path) -> None:
    tg, out = start(Judge(-50), Color.RED, io.StringIO("draw\nresign\n"), tmp_path, lang="en")
    outcome = tg.run()  # the human (to move) is worse: the AI declines
    assert "declines" in out.getvalue() and outcome is not None
    assert outcome.termination is Termination.RESIGNATION
    tg, out = start(Judge(0), Color.RED, io.StringIO("draw\n"), tmp_path, lang="en")
    outcome = tg.run()
    assert "accepts" in out.getvalue()
    assert outcome is not None and outcome.termination is Termination.AGREEMENT


def test_quit_and_end_of_input_stop_without_result(tmp_path: Path) -> None:
    tg, out = start(RandomPlayer(), Color.RED, io.StringIO("h2e2\n"), tmp_path, lang="en")
    assert tg.run() is None and tg.stopped
    assert "Game stopped without a result." in out.getvalue()
    (record,) = read_pgn((tmp_path / "game.pgn").read_text(encoding="utf-8"))
    assert record.result == "*" and len(record.moves) == 2


def test_game_from_a_position_that_ends_with_a_ruling(tmp_path: Path) -> None:
    # Red to move mates at once with the rook: the referee's explanation is shown.
    fen = "3k5/1R7/R8/9/9/9/9/9/9/4K4 w - - 0 1"
    board = Board(fen)

    def mates(move: Move) -> bool:
        after = board.copy()
        after.push(move)
        return after.is_game_over() and after.is_check()

    mate = next(m for m in board.legal_moves if mates(m))
    inp = io.StringIO(make_move_text(board, mate, "vi") + "\n")
    tg, out = start(RandomPlayer(), Color.RED, inp, tmp_path, fen=fen)
    outcome = tg.run()
    assert outcome is not None and outcome.winner is Color.RED
    assert outcome.termination is Termination.CHECKMATE
    assert "Kết thúc: Đỏ thắng" in out.getvalue()


def _play_cli(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cotuong.cli", "play", *args],
                          input=stdin, capture_output=True, text=True, timeout=120)


def test_play_command_over_pipes_with_prompts(tmp_path: Path) -> None:
    pgn = tmp_path / "g.pgn"
    proc = _play_cli("b\nhint\nresign\n", "--engine", f"cmd:{sys.executable} {MOCK}",
                     "--lang", "en", "--pgn", str(pgn), "--movetime", "5")
    assert proc.returncode == 0, proc.stderr
    assert "Play which side" in proc.stdout
    assert "AI (Red) plays:" in proc.stdout and "Hint:" in proc.stdout
    assert "Red wins: Black resigned" in proc.stdout
    (record,) = read_pgn(pgn.read_text(encoding="utf-8"))
    assert record.result == "1-0" and len(record.moves) == 1


def test_play_whole_game_against_level_1(tmp_path: Path) -> None:
    """The built-in engine at level 1 against input typed by level 1 itself, to the end
    (in a child process, so a crash of the compiled engine fails only this test)."""
    pytest.importorskip("numba", reason="the built-in engine needs the [engine] extra")
    pgn = tmp_path / "level1.pgn"
    script = Path(__file__).resolve().parent / "terminal_typist.py"
    proc = subprocess.run([sys.executable, str(script), "--level", "1", "--typist-level", "1",
                           "--pgn", str(pgn)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    assert "Kết thúc: " in out and "Nước đi không hợp lệ" not in out
    result = out.rsplit("RESULT ", 1)[1].strip()
    (record,) = read_pgn(pgn.read_text(encoding="utf-8"))
    assert record.ok and record.result == result != "*"
    assert int(out.rsplit("TYPED ", 1)[1].split()[0]) == (len(record.moves) + 1) // 2


def test_play_command_prompts_for_level_and_colour(tmp_path: Path) -> None:
    pytest.importorskip("numba", reason="the built-in engine needs the [engine] extra")
    pgn = tmp_path / "p.pgn"
    # 9 is not a level and "x" not a colour: both are asked again
    proc = _play_cli("9\n2\nx\nr\nP2-5\nresign\n", "--pgn", str(pgn), "--letters")
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = proc.stdout
    assert out.count("Chọn cấp độ 1-8") == 2 and out.count("Bạn cầm quân nào") == 2
    assert "Bạn đi: P2-5 (h2e2)" in out and "Máy (Đen) đi: " in out
    assert "Đen thắng: Đỏ xin thua" in out
    (record,) = read_pgn(pgn.read_text(encoding="utf-8"))
    assert record.headers["Black"] == "level:2" and len(record.moves) == 2


def test_notation_mistakes_are_explained_in_vietnamese(tmp_path: Path) -> None:
    # Regression: a Vietnamese session printed the notation package's English reasons
    # ("no Red horse on file 5", "the last character 'z' should be a number …").
    script = ["M5.3", "M8.5", "S4.6", "T3-5", "P2.9", "Tg/1", "xyz", "resign"]
    inp = io.StringIO("\n".join(script) + "\n")
    tg, out = start(RandomPlayer(seed=1), Color.RED, inp, tmp_path)
    tg.run()
    replies = [line.split("): ", 1)[1] for line in out.getvalue().splitlines()
               if line.startswith("Nước đi của bạn")][:7]
    assert replies == [
        "Nước đi không hợp lệ: " + Message.of("NOTATION_NO_SUCH_PIECE").text("vi"),
        "Nước đi không hợp lệ: Mã chỉ đến cột cách một hoặc hai cột",
        "Nước đi không hợp lệ: Sĩ chỉ đến cột bên cạnh",
        "Nước đi không hợp lệ: Tượng không đi ngang: số cuối là cột đến",
        "Nước đi không hợp lệ: đi 9 bước thì ra ngoài bàn cờ",
        "Không hiểu nước đi 'Tg/1': thiếu số cột của quân (viết Tg6/1, không phải Tg/1)",
        "Không hiểu nước đi 'xyz': " + Message.of("NOTATION_UNREADABLE").text("vi"),
    ]
    assert not any(word in out.getvalue() for word in ("file", "horse", "should be"))


def test_unwritable_pgn_path_loses_no_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    # Regression: a --pgn path in a missing directory ended the finished game in a
    # FileNotFoundError traceback, and the game record was lost.
    from cotuong.cli import main

    missing = tmp_path / "no" / "dir" / "g.pgn"
    assert main(["play", "--level", "1", "--color", "red", "--pgn", str(missing)]) == 2
    assert "[UNWRITABLE_FILE]" in capsys.readouterr().err
    # The directory can also vanish during the game: the record is printed instead.
    inp = io.StringIO("h2e2\nresign\n")
    tg, out = start(RandomPlayer(seed=1), Color.RED, inp, tmp_path)
    tg.s = PlaySettings(**{**{f: getattr(tg.s, f) for f in tg.s.__slots__},
                           "pgn_path": str(missing)})
    outcome = tg.run()
    text = out.getvalue()
    assert outcome is not None and "Không lưu được ván cờ vào" in text
    (record,) = read_pgn(text[text.index("[Event"):])
    assert record.result == "0-1" and record.moves[0] == Move.from_iccs("h2e2")
    # The level and colour prompts say why they ask again, and accept "quit".
    monkeypatch.setattr(sys, "stdin", io.StringIO("x\nquit\n"))
    assert main(["play", "--no-save"]) == 0
    assert "Không hiểu câu trả lời 'x': hãy gõ 1-8" in capsys.readouterr().out


def test_a_draw_offer_the_rules_grant_at_once(tmp_path: Path) -> None:
    # Regression: under asian rules an offer after 50 moves each without a capture ends
    # the game at once; `draw` then tried to accept it too and died with GAME_OVER,
    # without saving the game.
    inp = io.StringIO("draw\n")
    tg, out = start(RandomPlayer(seed=3), Color.RED, inp, tmp_path,
                    fen="3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 100 80")
    tg.s = PlaySettings(**{**{f: getattr(tg.s, f) for f in tg.s.__slots__}, "rules": "asian"})
    tg.game = Game(tg.start_fen, rules="asian", lang="vi")
    outcome = tg.run()
    assert outcome is not None and outcome.termination is Termination.MOVE_RULE
    assert "Kết thúc: Hòa: Đỏ đề nghị hòa sau 50 nước" in out.getvalue()
    (record,) = read_pgn((tmp_path / "game.pgn").read_text(encoding="utf-8"))
    assert record.result == "1/2-1/2"


def test_an_engine_that_dies_mid_game_does_not_lose_the_game(tmp_path: Path) -> None:
    # Regression: a crashed engine (EngineTerminatedError) ended `cotuong play` with
    # the error and no PGN: the moves played so far were lost.
    from cotuong.uci import EngineTerminatedError

    class DiesOnSecondMove(RandomPlayer):  # type: ignore[misc,valid-type]
        searches = 0

        def search(self, *args: object, **kwargs: object) -> SearchResult:
            self.searches += 1
            if self.searches == 2:
                raise EngineTerminatedError("engine 'x' exited (code 11)")
            result: SearchResult = super().search(*args, **kwargs)
            return result

    inp = io.StringIO("h2e2\nh0g2\n")
    tg, out = start(DiesOnSecondMove(seed=2), Color.RED, inp, tmp_path)
    with pytest.raises(EngineTerminatedError):
        tg.run()
    assert "Đã lưu ván cờ vào" in out.getvalue()
    (record,) = read_pgn((tmp_path / "game.pgn").read_text(encoding="utf-8"))
    assert record.result == "*" and [m.iccs for m in record.moves][:1] == ["h2e2"]
    assert len(record.moves) == 3
