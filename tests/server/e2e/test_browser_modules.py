"""The browser's own modules run in Chromium, without a server: the static files are
served to the page by Playwright's request routing.

* ``ui/fen.js`` against the rules core (differential): for real master games of the
  CCPD corpus (endgame studies from their own FEN, with either side to move, and full
  games), the placement and side to move that ``fenAfter`` gives after every ply are
  the core's, and ``placement`` reads every square of the core's FEN.
* ``lib/format.js``: the clock's digits, the quick-pairing labels of the server's
  presets (the lobby test clicks ``5+3``), signed rating changes.
* ``lib/i18n.js``: English counts ("1 player"), the notation of the language or the choice.
* ``lib/protocol.js``: the senders build the frames of the tables, drop absent fields,
  and a handler map with an unknown type is refused.

Data: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng 2026, CC BY 4.0.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cotuong.core.board import Board
from cotuong.records.pgn import read_pgn

ROOT = Path(__file__).resolve().parents[3]
STATIC = ROOT / "src" / "cotuong" / "server" / "web" / "static"
CCPD = ROOT / "tests" / "data" / "games" / "ccpd"
ORIGIN = "http://cotuong.test"

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def js(playwright_api: Any) -> Iterator[Any]:
    """A blank page whose origin serves ``/static/...`` from the source tree."""
    context = playwright_api.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def serve(route: Any) -> None:
        path = route.request.url.removeprefix(ORIGIN)
        if path == "/":
            route.fulfill(status=200, content_type="text/html",
                          body="<!doctype html><title>.</title>")
            return
        file = STATIC / path.removeprefix("/static/")
        if not path.startswith("/static/") or not file.is_file():
            route.fulfill(status=404, body="")
            return
        kind = "text/javascript" if file.suffix == ".js" else mimetypes.guess_type(file.name)[0]
        route.fulfill(status=200, content_type=kind or "application/octet-stream",
                      body=file.read_bytes())

    page.route(f"{ORIGIN}/**", serve)
    page.goto(f"{ORIGIN}/")
    yield page
    context.close()
    assert not errors, errors


def _games(name: str, first: int, count: int) -> list[Any]:
    text = (CCPD / name).read_text(encoding="utf-8")
    chunks = text.split('[Game "')[1 + first:1 + first + count]
    records = read_pgn("".join('[Game "' + c for c in chunks), "iccs")
    assert len(records) == count and all(r.ok for r in records)
    return records


def _truth(record: Any) -> list[list[str]]:
    """The core's placement field and side to move after each ply (0 = the start)."""
    board = Board(record.start_fen)
    out = []
    for move in (None, *record.moves):
        if move is not None:
            board.push(move)
        fields = board.fen().split()
        out.append([fields[0], fields[1]])
    return out


FEN_AFTER_ALL = """async ([start, moves]) => {
  const { fenAfter } = await import("/static/js/ui/fen.js");
  const out = [];
  for (let k = 0; k <= moves.length; k++) {
    out.push(fenAfter(start, moves, k).split(" ").slice(0, 2));
  }
  return out;
}"""


@pytest.mark.parametrize(("name", "first"), [
    ("ccpd_endgames244_asiancup679_iccs_DERIVED.pgn", 0),     # endgame studies, own FEN
    ("ccpd_endgames244_asiancup679_iccs_DERIVED.pgn", 300),   # Asian Cup games
    ("ccpd_worldcup_1389_iccs_DERIVED.pgn", 0),               # World Cup games
])
def test_fen_after_agrees_with_the_rules_core(js: Any, name: str, first: int) -> None:
    games = _games(name, first, 40)
    plies = 0
    for record in games:
        moves = [m.iccs for m in record.moves]
        got = js.evaluate(FEN_AFTER_ALL, [record.start_fen, moves])
        assert got == _truth(record), record.headers.get("CCPDFile")
        plies += len(moves)
    assert plies > 800
    if first == 0 and name.startswith("ccpd_endgames"):
        assert any(r.start_fen.split()[1] == "b" for r in games)  # Black to move first too


def test_placement_reads_every_square(js: Any) -> None:
    record = _games("ccpd_worldcup_1389_iccs_DERIVED.pgn", 7, 1)[0]
    board = Board(record.start_fen)
    for move in record.moves[:30]:
        board.push(move)
    got = js.evaluate("""async (fen) => {
      const { placement } = await import("/static/js/ui/fen.js");
      return Object.fromEntries(placement(fen));
    }""", board.fen())
    # The core's own FEN expanded square by square (ranks 9..0, files a..i).
    expected = {}
    for i, row in enumerate(board.fen().split()[0].split("/")):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
                continue
            expected["abcdefghi"[file] + str(9 - i)] = ch
            file += 1
    assert got == expected and len(got) > 10


def test_format(js: Any) -> None:
    got = js.evaluate("""async () => {
      const f = await import("/static/js/lib/format.js");
      return {
        ms: [9_500, 10_000, 59_001, 299_999, 3_600_000, -5].map(f.formatMs),
        short: [{ kind: "fischer", base_ms: 300_000, increment_ms: 3_000 },
                { kind: "fischer", base_ms: 60_000, increment_ms: 0 },
                { kind: "byoyomi", base_ms: 600_000, period_ms: 30_000 }].map(f.tcShort),
        signed: [162, -162, 0].map(f.signed),
      };
    }""")
    assert got == {"ms": ["0:09.5", "0:10", "1:00", "5:00", "1:00:00", "0:00.0"],
                   "short": ["5+3", "1+0", "10′+30″"],
                   "signed": ["+162", "−162", "±0"]}


def test_texts_count_in_english_and_notation_follows_the_language(js: Any) -> None:
    """``t``: "1 player" but "2 players" ("1 players" was on the lobby); ``notation``: the
    language's own until one is chosen, a choice the page lacks falls back."""
    got = js.evaluate("""async () => {
      const i = await import("/static/js/lib/i18n.js");
      const out = {};
      for (const l of ["en", "vi"]) {
        i.setLang(l);
        localStorage.removeItem("cotuong:notation");
        out[l] = {
          online: [0, 1, 2].map((n) => i.t("lobby.online.count", { n })),
          plies: [1, 41].map((n) => i.t("import.plies", { n })),
          profile: i.t("profile.counts", { games: 1, wins: 1, draws: 0, losses: 0 }),
          notation: i.notation(),
        };
      }
      i.setNotation("vi-words");
      const words = [i.notation(), i.notation([...i.NOTATIONS, "vi-words"])];
      i.setNotation("zh");
      i.setLang("en");
      return { ...out, words, zh: i.notation(), puzzle: i.notation(["vi", "wxf"]) };
    }""")
    assert got["en"] == {"online": ["0 players", "1 player", "2 players"],
                         "plies": ["1 ply", "41 plies"],
                         "profile": "1 game: 1 won, 0 drawn, 0 lost", "notation": "wxf"}
    assert got["vi"]["online"] == ["0 người", "1 người", "2 người"], got["vi"]
    assert got["vi"]["notation"] == "vi"
    assert got["words"] == ["vi", "vi-words"] and got["zh"] == "zh"
    assert got["puzzle"] == "wxf"  # no Chinese texts on the puzzle pages: the language's


def test_protocol_builds_frames_and_refuses_unknown_handlers(js: Any) -> None:
    got = js.evaluate("""async () => {
      const p = await import("/static/js/lib/protocol.js");
      const f = p.frames(p.ROOM_CLIENT);
      let refused = null;
      try { p.dispatcher(p.ROOM_SERVER, { stat() {} }); } catch (e) { refused = e.message; }
      const seen = [];
      const dispatch = p.dispatcher(p.LOBBY_SERVER, { lobby: (fr) => seen.push(fr.type) });
      dispatch({ type: "lobby" }); dispatch({ type: "pong" }); dispatch({ type: "toString" });
      return {
        move: f.move("h2e2", 0), answer: f.takebackAnswer(false), spectator: f.hello(null, "en"),
        seated: f.hello("v1.s", "vi"), resign: f.resign(), refused, seen,
        names: Object.keys(f).sort(),
      };
    }""")
    assert got["move"] == {"type": "move", "move": "h2e2", "ply": 0}
    assert got["answer"] == {"type": "takeback_answer", "accept": False}
    assert got["spectator"] == {"type": "hello", "lang": "en"}
    assert got["seated"] == {"type": "hello", "secret": "v1.s", "lang": "vi"}
    assert got["resign"] == {"type": "resign"}
    assert got["refused"] == "no such frame type: stat"
    assert got["seen"] == ["lobby"]
    assert "takebackAnswer" in got["names"] and "offerDraw" in got["names"]
