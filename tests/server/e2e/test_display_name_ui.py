"""An account with a Vietnamese name (issue 22, point 7), in a real Chromium: the
register dialog says the username's rule in Vietnamese before anything is sent (and
the browser's refusal of "Trần_Đức" says it too), takes a display name with
diacritics, and that name is what the top bar, the opponent's room, the lobby's
"who is online" and the profile show; it can be changed later like a guest's."""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from tests.server.e2e.conftest import register

pytestmark = pytest.mark.slow


def test_register_with_a_vietnamese_display_name_shown_everywhere(people: Any) -> None:
    tag = secrets.token_hex(3)
    duc = people("duc")
    duc.goto("/")
    duc.page.click("#login")
    duc.page.click("#dlg-account button:has-text('Đăng ký')")
    help_text = duc.page.locator("#username-help").inner_text()
    assert "không dấu" in help_text and "Tên hiển thị" in help_text
    username = duc.page.locator("#dlg-account input[name=username]")
    username.fill("Trần_Đức")
    message = username.evaluate("e => e.validationMessage")
    assert "không dấu" in message  # the rule, not "Please match the requested format"
    username.fill(f"tranduc{tag}")
    assert username.evaluate("e => e.validity.valid")
    duc.page.fill("#dlg-account input[name=password]", "mật-khẩu-dài")
    duc.page.fill("#register-display-name", "Trần Đức")
    duc.page.click("#dlg-account button[type=submit]")
    duc.page.wait_for_selector("#who:has-text('Trần Đức')")
    assert duc.page.locator("#who").get_attribute("href") == f"/u/tranduc{tag}"

    # The opponent sees the display name in the room.
    code = duc.create_room(color="red", tc="none")
    friend = people("friend")
    register(friend, f"ban{tag}")
    friend.join(code, "black")
    friend.page.wait_for_selector("#player-top:has-text('Trần Đức')")

    # The lobby lists Trần Đức as online, linked to the profile by username.
    friend.goto("/")
    chip = friend.page.locator("#online a.chip[data-name='Trần Đức']")
    chip.wait_for()
    assert chip.get_attribute("href") == f"/u/tranduc{tag}"
    chip.click()
    friend.page.wait_for_selector(f"#username:has-text('Trần Đức (tranduc{tag})')")

    # Changed later from the top bar, as a guest changes theirs.
    duc.goto("/")
    duc.page.click("#btn-name")
    duc.page.fill("#name-input", "Trần Văn Đức")
    duc.page.click("#name-save")
    duc.page.wait_for_selector("#who:has-text('Trần Văn Đức')")
    duc.shot("81-account-display-name")
