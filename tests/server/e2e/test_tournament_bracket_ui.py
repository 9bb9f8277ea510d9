"""A knockout's bracket page in a real Chromium, at 1366×768 and on a phone: the rounds
side by side on the wide screen and one under the other on the phone, nothing wider
than the screen, a drawn game's replay and the server's lots (with their seed) shown in
the match, the placings once the final is decided. The arbiter enters the results over
REST; the server makes the replay's room and draws the lots by itself.

``COTUONG_SHOTS=1`` keeps the screenshots as ``docs/screenshots/tournament-bracket-*.png``."""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path
from typing import Any

import pytest
from tests.server.e2e.conftest import PHONE, register

pytestmark = pytest.mark.slow
SHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"


def test_the_bracket_page_on_a_wide_screen_and_a_phone(people: Any) -> None:
    tag = secrets.token_hex(3)
    arb = people("arbiter", viewport={"width": 1366, "height": 768})
    names = [f"{n}{tag}" for n in ("an", "binh", "chi", "dung")]
    register(arb, f"tt{tag}")
    for n in names:
        other = people(n)
        register(other, n)
    api = arb.server.url + "/api/tournaments"
    r = arb.context.request.post(api, data={
        "name": f"Lễ hội {tag}", "players": names, "system": "knockout", "no_show_s": 0,
        "knockout": {"ladder": [["replay", 1]], "third_place": True}})
    assert r.status == 201, r.text()
    tid = r.json()["tournament_id"]
    assert arb.context.request.post(f"{api}/{tid}/start").status == 200

    def result(rnd: int, board: int, res: str) -> dict[str, Any]:
        r = arb.context.request.post(f"{api}/{tid}/results",
                                     data={"round": rnd, "board": board, "result": res})
        assert r.status == 200, r.text()
        return r.json()  # type: ignore[no-any-return]

    result(1, 101, "1/2-1/2")  # drawn: the replay (board 102) gets its room
    v = result(1, 102, "1-0")
    assert [b["stage"] for b in v["rounds"][0]["boards"] if b["match"] == "R1M1"] == [
        "game", "replay"]
    result(1, 201, "1/2-1/2")
    v = result(1, 202, "1/2-1/2")  # drawn twice: the server draws lots
    m2 = v["knockout"]["bracket"][0]["matches"][1]
    assert m2["decided_by"] == "lots" and m2["lots"]["seed"] is not None
    v = arb.context.request.get(f"{api}/{tid}").json()
    for b in v["rounds"][1]["boards"]:
        if b["result"] is None:
            result(2, b["board"], "1-0")

    def check(p: Any, wide: bool) -> None:
        p.goto(f"/tournaments/{tid}")
        page = p.page
        page.wait_for_selector("#bracket")
        assert page.locator(".match").count() == 4  # 2 semi-finals, the final, third place
        lots = page.locator('[data-match="R1M2"] .how').inner_text()
        assert f"hạt {m2['lots']['seed']}" in lots and "bốc thăm" in lots
        assert page.locator('[data-match="R1M1"] li[data-stage="replay"]').count() == 1
        assert page.locator("#placings tr").count() == 5  # the heading and four places
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.evaluate("window.innerWidth"), width
        one = page.locator("#bracket-round-1").bounding_box()
        two = page.locator("#bracket-round-2").bounding_box()
        assert one and two
        if wide:
            assert abs(one["y"] - two["y"]) < 2 and two["x"] > one["x"] + one["width"] - 1
        else:
            assert two["y"] >= one["y"] + one["height"] - 1 and abs(one["x"] - two["x"]) < 2
        if os.environ.get("COTUONG_SHOTS"):
            page.screenshot(path=str(SHOTS / f"tournament-bracket-{'wide' if wide else 'phone'}"
                                               ".png"), full_page=True)

    check(arb, wide=True)
    phone = people("phone", **PHONE)
    check(phone, wide=False)


def test_the_create_form_makes_a_swiss_followed_by_a_knockout(people: Any) -> None:
    tag = secrets.token_hex(3)
    arb = people("arbiter", **PHONE)
    register(arb, f"tt{tag}")
    names = [f"{n}{tag}" for n in ("an", "binh", "chi", "dung")]
    for n in names:
        register(people(n), n)
    arb.goto("/tournaments")
    form = arb.page.locator("#form-create")
    form.locator("input[name=name]").fill(f"Mở rộng {tag}")
    form.locator("textarea[name=players]").fill("\n".join(names))
    # Each system's own fields only: a round robin has no rounds to set, a Swiss no
    # second cycle, and the third-place match comes with a knockout.
    def visible(name: str) -> bool:
        return bool(form.locator(f"[name={name}]").is_visible())

    assert not visible("rounds") and visible("double") and not visible("third_place")
    form.locator("select[name=system]").select_option("swiss")
    assert visible("rounds") and not visible("double") and not visible("third_place")
    form.locator("input[name=rounds]").fill("3")
    form.locator("input[name=top]").fill("2")
    assert visible("third_place")
    form.locator("button").click()
    arb.page.wait_for_url(re.compile(r".*/tournaments/\d+$"))
    tid = int(arb.page.url.rsplit("/", 1)[1])
    v = arb.context.request.get(f"{arb.server.url}/api/tournaments/{tid}").json()
    assert v["system"] == "swiss" and v["swiss"]["rounds"] == 3
    assert v["stages"]["next_settings"]["top"] == 2
    arb.page.locator("#form-start button").click()
    arb.page.wait_for_selector("#live")
    assert arb.page.locator("#form-bye").count() == 1  # the Swiss's own actions
    assert arb.page.locator("#form-late").count() == 1
    width = arb.page.evaluate("document.documentElement.scrollWidth")
    assert width <= arb.page.evaluate("window.innerWidth"), width
