"""The tournament pages as the server writes them (issue 22, point 2), without a browser:
the site's frame, one language (the site's setting before the browser's), rule sets in
words, one labelled button per action, the viewer's own board marked; and the round
hooks: a failing hook neither stops the round nor the others."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from harness import lobby_to, register, running

from cotuong.server import FakeClock, Settings
from cotuong.server.tournaments.arbiter_pages import arbiter_panel
from cotuong.server.tournaments.list_pages import list_page
from cotuong.server.tournaments.page_shell import page_lang
from cotuong.server.tournaments.pages import tournament_page
from cotuong.tournament import Tournament

OPTIONS = {"rules": "xiangqiplay", "time_control": {"kind": "fischer", "base_ms": 600_000,
                                                     "increment_ms": 5_000},
           "round_start": "auto", "no_show_s": 0, "lang": "vi",
           "identities": {"an": "u:1", "binh": "u:2", "chi": "u:3", "dung": "u:4"}}


def _event() -> tuple[dict[str, Any], Tournament, list[dict[str, Any]]]:
    t = Tournament(["an", "binh", "chi", "dung"], name="Giải CLB")
    t.draw_numbers(order=["an", "binh", "chi", "dung"])
    row = {"id": 7, "organiser": "u:9", "organiser_name": "trongtai", "status": "running",
           "open_round": 1, "round_opened_at": 0, "options": json.dumps(OPTIONS)}
    boards = [{"round": 1, "board": p.board, "room_code": f"ROOM{p.board}", "game_id": p.board}
              for p in t.pairings(1)]
    return row, t, boards


def _visible(html: str) -> str:
    """The page's words (tags and the printable page's link dropped)."""
    return re.sub(r"<[^>]+>", " ", html)


def test_the_language_is_the_sites_setting_then_the_browsers() -> None:
    assert page_lang("en", "vi-VN") == "en" and page_lang("vi", "en-US") == "vi"
    assert page_lang(None, "en-US,en;q=0.9") == "en" and page_lang("fr", None) == "vi"


def test_a_players_page_marks_their_board_in_one_language() -> None:
    row, t, boards = _event()
    mine = next(p for p in t.pairings(1) if "chi" in (p.red, p.black))
    for lang, enter, other in (("vi", "Vào bàn", "Take your seat"),
                               ("en", "Take your seat", "Vào bàn")):
        page = tournament_page(row, t, boards, False, [], lang, "u:3", "",
                               {"chi": "Chí Thanh"})
        assert f'<html lang="{lang}">' in page and '<header class="topbar">' in page
        assert "/static/js/pages/tournament.js" in page
        assert page.count('id="your-board"') == 1 and page.count('class="mine"') == 1
        assert f'href="/room/ROOM{mine.board}">{enter}</a>' in page and other not in page
        assert "Chí Thanh" in page and ">chi<" not in page  # the display name, everywhere
        assert " / " not in _visible(page)  # no doubled labels
        assert ("Luật XiangqiPlay" if lang == "vi" else "XiangqiPlay rules") in page
        assert ("10 phút + 5 giây mỗi nước" if lang == "vi" else "10 min + 5 s per move") \
            in page
    # Someone who does not play sees watch links only.
    page = tournament_page(row, t, boards, False, [], "vi", "u:8")
    assert 'id="your-board"' not in page and "Vào bàn" not in page
    assert page.count(">Xem ván</a>") == len(boards)
    # Once the player's board has its result, it is still theirs but has no button.
    t.record(1, mine.red, mine.black, "1-0")
    page = tournament_page(row, t, boards, False, [], "vi", "u:3")
    assert 'id="your-board"' not in page and "Vào bàn" not in page
    assert page.count('class="mine"') == 1


def test_the_arbiters_panel_has_one_labelled_button_per_action() -> None:
    row, t, _ = _event()
    panel = arbiter_panel(row, t, [], "vi")
    buttons = re.findall(r"<button[^>]*>([^<]+)</button>", panel)
    assert buttons == ["Ghi kết quả", "Cho bỏ cuộc", "Mở vòng sau"]
    created = arbiter_panel({**row, "status": "created", "open_round": 0}, t, [], "en")
    assert re.findall(r"<button[^>]*>([^<]+)</button>", created) == \
        ["Invite", "Draw numbers and start"]


def test_the_list_names_rule_sets_in_words() -> None:
    page = list_page([{"tournament_id": 3, "name": "Giải Xuân", "organiser": "Trần Đức",
                       "status": "running", "open_round": 2}], account=True, lang="en")
    assert "round 2 in play" in page and "Create the tournament</button>" in page
    options = re.findall(r'<option value="(\w+)">([^<]+)</option>', page)
    assert ("asian", "Asian rules (AXF: check &gt; chase &gt; idle)") in options
    assert not any(label in ("xiangqiplay", "asian") for _, label in options)


def test_a_failing_round_hook_stops_neither_the_round_nor_the_lobby() -> None:
    async def scenario() -> None:
        settings = Settings(db="sqlite://", heartbeat_s=0.2, tournament_no_show_s=0,
                            tournament_direct_entry=True)
        async with running(settings) as srv, srv.client() as arb, srv.client() as a, \
                srv.client() as b:
            calls: list[str] = []

            async def broken(identity: str, notice: dict[str, Any]) -> None:
                calls.append(identity)
                raise RuntimeError("a hook that fails")
            srv.app.state.tournaments.round_hooks.insert(0, broken)
            for c, name in ((arb, "trongtai"), (a, "anh"), (b, "binh")):
                await register(c, name)
            tid = (await arb.post("/api/tournaments", json={
                "name": "Giải", "players": ["anh", "binh"]})).json()["tournament_id"]
            async with lobby_to(srv, a) as lobby:
                r = await arb.post(f"/api/tournaments/{tid}/start")
                assert r.status_code == 200 and r.json()["open_round"] == 1
                assert (await lobby.wait("round_open"))["tournament_id"] == tid
            assert len(calls) == 2
    asyncio.run(scenario())


def test_a_player_who_comes_to_the_lobby_later_still_hears_of_the_round() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        settings = Settings(db="sqlite://", heartbeat_s=0.2, tournament_no_show_s=0,
                            tournament_direct_entry=True)
        async with running(settings, clock=clock) as srv, srv.client() as arb, \
                srv.client() as a, srv.client() as b:
            for c, name in ((arb, "trongtai"), (a, "anh"), (b, "binh")):
                await register(c, name)
            tid = (await arb.post("/api/tournaments", json={
                "name": "Giải", "players": ["anh", "binh"]})).json()["tournament_id"]
            assert (await arb.post(f"/api/tournaments/{tid}/start")).status_code == 200
            clock.advance(5 * 60_000)  # longer than a `paired` waits, within the round
            async with lobby_to(srv, a, hello=False) as lobby:
                await lobby.send(type="hello")
                assert (await lobby.wait("round_open"))["tournament_id"] == tid
            clock.advance(30 * 60_000)  # past the notice's time: it is gone
            async with lobby_to(srv, b, hello=False) as lobby:
                await lobby.send(type="hello")
                await lobby.wait("lobby")
                assert "round_open" not in {f["type"] for f in await lobby.quiet(0.5)}
    asyncio.run(scenario())
