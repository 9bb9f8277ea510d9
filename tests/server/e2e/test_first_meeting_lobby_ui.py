"""What a new player meets in the lobby (issue 22), end to end in Chromium: the open
challenges' buttons inside their card at 1366 px, a guest's new name in everyone's
online list at once, a game against the computer closed before any move aborted (not
lost), and one way of writing dates (with the piece shapes' module, run in the page)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import Player, Server, register
from .test_browser_modules import js  # noqa: F401  (the fixture: modules run in a blank page)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]
JS = ROOT / "src" / "cotuong" / "server" / "web" / "static" / "js"
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


def inside(p: Player, inner: str, outer: str) -> bool:
    """``inner``'s box lies wholly inside ``outer``'s (nothing cut off)."""
    a = p.page.locator(inner).bounding_box()
    b = p.page.locator(outer).bounding_box()
    assert a is not None and b is not None
    return (a["x"] >= b["x"] and a["y"] >= b["y"] and a["x"] + a["width"] <= b["x"] + b["width"]
            and a["y"] + a["height"] <= b["y"] + b["height"])


def test_challenge_buttons_fit_their_card_at_1366(people: Any) -> None:
    mine, other = people("opener", **LAPTOP), people("taker", **LAPTOP)
    mine.goto("/")
    other.goto("/")
    mine.page.click("#seek-create summary")
    mine.page.click("#btn-seek")
    row = "#seeks tr[data-seek]"
    for p in (mine, other):
        p.page.wait_for_selector(row)
        button = f"{row} td.act button"
        assert inside(p, button, "#seeks-card"), p.name
        # No sideways scrolling hides it either.
        assert p.page.evaluate("(() => { const s = document.getElementById('seeks');"
                               " return s.scrollWidth <= s.clientWidth; })()")
    assert other.page.locator(f"{row} td.act button.primary").count() == 1  # accept
    assert mine.page.locator(f"{row} td.act button:not(.primary)").count() == 1  # cancel
    other.shot("look-60-lobby-challenge-1366")
    mine.page.click(f"{row} td.act button")  # cancelled
    other.page.wait_for_selector(row, state="detached")


def test_the_online_list_follows_a_guests_new_name(people: Any) -> None:
    guest, watcher = people("renamer"), people("watcher")
    guest.goto("/")
    watcher.goto("/")
    old = guest.page.locator("#who").inner_text()
    watcher.page.wait_for_selector(f'#online .chip[data-name="{old}"]')
    guest.page.click("#btn-name")
    guest.page.fill("#name-input", "Cô Lan")
    guest.page.click("#name-save")
    for p in (guest, watcher):
        p.page.wait_for_selector('#online .chip[data-name="Cô Lan"]', timeout=10_000)
        p.page.wait_for_selector(f'#online .chip[data-name="{old}"]', state="detached")


def test_an_ai_game_closed_before_any_move_is_aborted(
        playwright_api: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Its own server, with a 3-second abandonment time."""
    srv = Server(tmp_path_factory.mktemp("ai-abort") / "cotuong.sqlite3", abandon_after_s=3)
    srv.start()
    me = Player(playwright_api, srv, "ai-quitter")
    try:
        me.goto("/")
        form = me.page.locator("#form-ai")
        form.locator('label[data-level="1"]').click()
        form.locator('input[name="form-ai-color"][value="red"]').check()
        form.locator("select[name=tc]").select_option("none")
        form.locator("#btn-play-ai").click()
        me.page.wait_for_url(re.compile(r".*/room/[A-Za-z0-9]+$"))
        me.wait_role("red")
        me.page.wait_for_function("document.body.dataset.gameId")
        game_id = me.attr("gameId")
        me.page.close()  # the tab is closed before Red's first move
        page = me.context.new_page()
        me.page = page
        deadline = 40
        game: dict[str, Any] = {}
        for _ in range(deadline):
            game = me.context.request.get(f"{srv.url}/api/games/{game_id}").json()
            if game.get("status") != "playing":
                break
            page.wait_for_timeout(1_000)
        assert game["status"] == "aborted", game
        assert game["outcome"]["termination"] == "ABORTED" and game["outcome"]["result"] == "*"
        me.goto("/")
        page.wait_for_selector(f'#history a[data-game="{game_id}"]')
        assert page.locator("#history tbody tr").first.inner_text().count("Đã hủy") == 1
    finally:
        me.close()
        srv.stop()


def test_my_games_and_the_profile_write_the_same_day_the_same_way(people: Any) -> None:
    me = people("dated")
    register(me, "ngaythang")
    me.goto("/")
    form = me.page.locator("#form-ai")
    form.locator('label[data-level="1"]').click()
    form.locator('input[name="form-ai-color"][value="red"]').check()
    form.locator("select[name=tc]").select_option("none")
    form.locator("#btn-play-ai").click()
    me.page.wait_for_url(re.compile(r".*/room/[A-Za-z0-9]+$"))
    me.move("h2e2")
    me.wait_ply(2, timeout=60_000)
    me.button("btn-resign", confirm=True)
    me.wait_over()
    day, month, year = me.page.evaluate(
        "(() => { const d = new Date();"
        " return [d.getDate(), d.getMonth() + 1, d.getFullYear()]; })()")
    today = f"{day}/{month}/{year}"  # Vietnamese order: day first
    me.goto("/")
    me.page.wait_for_selector("#history tbody tr")
    lobby_day = me.page.locator("#history tbody tr td").nth(2).inner_text()
    me.goto("/u/ngaythang")
    me.page.wait_for_selector("#games tbody tr")
    profile_day = me.page.locator("#games tbody tr td").nth(2).inner_text()
    member = me.page.locator("#member").inner_text()
    assert lobby_day == profile_day == today and today in member, (lobby_day, profile_day, member)


def test_one_way_of_writing_dates(js: Any) -> None:  # noqa: F811
    got = js.evaluate("""async () => {
      const f = await import("/static/js/lib/format.js");
      const i18n = await import("/static/js/lib/i18n.js");
      const out = {};
      for (const lang of ["vi", "en"]) {
        i18n.setLang(lang);
        out[lang] = ["2026-12-02T10:00:00Z", "2026-02-12T10:00:00Z", null, "x"].map(f.dateText);
      }
      i18n.setLang("vi");
      return out;
    }""")
    assert got == {"vi": ["2/12/2026", "12/2/2026", "", ""],
                   "en": ["2 Dec 2026", "12 Feb 2026", "", ""]}
    # Every page writes dates through it: no module formats one by itself.
    for path in JS.rglob("*.js"):
        if path.name != "format.js":
            assert "toLocaleDateString" not in path.read_text(encoding="utf-8"), path


def test_piece_shapes_for_every_piece_and_set(js: Any) -> None:  # noqa: F811
    got = js.evaluate("""async () => {
      const look = await import("/static/js/ui/look.js");
      const i18n = await import("/static/js/lib/i18n.js");
      const out = {};
      for (const lang of ["vi", "en"]) {
        i18n.setLang(lang);
        for (const set of look.PIECE_SETS) {
          for (const l of "KABNRCPkabnrcp") {
            const s = look.pieceShape(l, set, 27);
            out[`${lang}:${set}:${l}`] = [s.d.slice(0, 1), s.d.length > 40, s.scale > 0.2];
          }
        }
      }
      i18n.setLang("vi");
      const vi = look.pieceShape("K", "letters", 27).d;
      i18n.setLang("en");
      const en = look.pieceShape("K", "letters", 27).d;
      i18n.setLang("vi");
      return { out, differ: vi !== en, sets: look.PIECE_SETS, themes: look.THEMES };
    }""")
    assert all(v == ["M", True, True] for v in got["out"].values()), got["out"]
    assert len(got["out"]) == 2 * 2 * 14
    assert got["differ"]  # Tg in Vietnamese, K in English
    assert got["sets"] == ["traditional", "letters"] and len(got["themes"]) >= 2
