"""Fixtures for the browser end-to-end tests: a real ``cotuong serve`` on 127.0.0.1 and
Debian's Chromium driven by Playwright (never a downloaded browser).

Without Chromium or Playwright the tests skip with the reason — unless ``CI`` is set:
CI installs both, so a skip there would hide a regression and the tests fail instead.
Screenshots of every state go to ``test-artifacts/e2e/`` (gitignored).
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def _unavailable(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message + " — required when CI is set")
    pytest.skip(message)


def _chromium_path() -> str:
    """``COTUONG_CHROMIUM`` if set (a path), else Debian's ``chromium`` on PATH or in /usr/bin."""
    forced = os.environ.get("COTUONG_CHROMIUM")
    if forced is not None:
        if os.path.isfile(forced) and os.access(forced, os.X_OK):
            return forced
        _unavailable(f"COTUONG_CHROMIUM={forced!r} is not an executable file")
    for name in ("chromium", "chromium-browser"):
        exe = shutil.which(name)
        if exe:
            return exe
    for exe in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.exists(exe):
            return exe
    _unavailable("chromium not found: install Debian's package (apt-get install -y chromium) "
                 "to run the browser end-to-end tests")
    raise AssertionError("unreachable")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ------------------------------------------------------------------ the server
@dataclass
class Server:
    """One ``cotuong serve`` child process; ``restart`` keeps its database."""

    db: Path
    abandon_after_s: float | None = None
    port: int = field(default_factory=_free_port)
    proc: subprocess.Popen[bytes] | None = None
    log: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """``cotuong serve``, the README's own command, on a free port and its own database."""
        cmd = [sys.executable, "-m", "cotuong.cli", "serve", "--host", "127.0.0.1",
               "--port", str(self.port), "--db", str(self.db),
               # The tournament pages' tests enter accounts by username.
               "--tournament-direct-entry",
               # Every test's people register from this one address within minutes.
               "--set", "login_burst=1000"]
        if self.abandon_after_s is not None:
            cmd += ["--abandon-after", str(self.abandon_after_s)]
        return cmd

    def start(self) -> None:
        cmd = self.command()
        self.log = self.db.with_suffix(".log")
        out = self.log.open("ab")
        self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
                                     start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text(errors='replace')[-3000:]}")
            with contextlib.suppress(OSError), \
                    urllib.request.urlopen(self.url + "/healthz", timeout=1) as r:
                if r.status == 200:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"server did not start: {self.log.read_text(errors='replace')[-3000:]}")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self.proc = None


# Module scope, not session: Playwright's sync API keeps an event loop running in the
# main thread until it is stopped, and later tests (and doctests) call asyncio.run().
@pytest.fixture(scope="module")
def playwright_api() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install playwright; use Debian's chromium, "
                     "never 'playwright install')")
    exe = _chromium_path()
    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True)
    except Exception as exc:  # launch failures are environment problems, reported as such
        pw.stop()
        _unavailable(f"chromium at {exe} could not be launched by playwright: {exc}")
    yield browser
    browser.close()
    pw.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("e2e") / "cotuong.sqlite3")
    srv.start()
    yield srv
    srv.stop()


# --------------------------------------------------------------- the browser
class Player:
    """One browser context (one person: own cookies and localStorage) with one page."""

    def __init__(self, browser: Any, server: Server, name: str, **context_args: Any) -> None:
        self.name = name
        self.server = server
        # Playwright's wait_for_function evaluates its predicate with eval, which the
        # server's Content-Security-Policy forbids: the UI tests run without the policy,
        # test_csp_ui.py with it (``bypass_csp=False``).
        args = {"viewport": {"width": 1280, "height": 900}, "locale": "vi-VN",
                "bypass_csp": True}
        args.update(context_args)
        self.context = browser.new_context(**args)
        self.context.set_default_timeout(15_000)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("console", lambda m: self.errors.append(f"console: {m.text}")
                     if m.type == "error" else None)
        self.page.on("response", self._check_response)

    def _check_response(self, response: Any) -> None:
        """A server error is never expected, nor a file the page needs going missing; a
        refusal of the API or a page that is not there can be (the tests cause them), and
        Chromium's console line for those is among ``_EXPECTED_NOISE``."""
        kind = response.request.resource_type
        if response.status >= 500 or (response.status >= 400 and kind in _ASSETS):
            self.errors.append(f"response: {response.status} {response.request.method} "
                               f"{response.url} ({kind})")

    # --- navigation
    def goto(self, path: str) -> None:
        self.page.goto(self.server.url + path)

    def room_code(self) -> str:
        m = re.search(r"/room/([A-Za-z0-9]+)", self.page.url)
        assert m, self.page.url
        return m.group(1)

    def shot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    # --- page state
    def attr(self, name: str) -> str:
        return str(self.page.evaluate(f"document.body.dataset.{name} ?? ''"))

    def ply(self) -> int:
        return int(self.attr("ply") or -1)

    def fen(self) -> str:
        return str(self.page.get_attribute("svg.board", "data-fen") or "")

    def legal(self) -> list[str]:
        return (self.page.get_attribute("svg.board", "data-legal") or "").split()

    def wait_ply(self, n: int, timeout: float = 15_000) -> None:
        """Wait until at least ``n`` moves are shown (an AI may answer before we look)."""
        self.page.wait_for_function("n => Number(document.body.dataset.ply ?? -1) >= n", arg=n,
                                    timeout=timeout)

    def wait_role(self, role: str) -> None:
        self.page.wait_for_selector(f'body[data-role="{role}"]', state="attached")

    def wait_over(self, timeout: float = 15_000) -> None:
        self.page.wait_for_function("document.body.dataset.result", timeout=timeout)

    def wait_legal(self, move: str) -> None:
        self.page.wait_for_function(
            "m => (document.querySelector('svg.board')?.dataset.legal || '')"
            ".split(' ').includes(m)",
            arg=move)

    # --- acting
    def click_square(self, sq: str) -> None:
        self.page.click(f'rect.hit[data-sq="{sq}"]')

    def move(self, iccs: str, drag: bool = False) -> None:
        """Play ``iccs`` with real clicks (or a drag) on the board, and wait for the server."""
        before = self.ply()
        self.wait_legal(iccs)
        if drag:
            src = self.page.locator(f'rect.hit[data-sq="{iccs[:2]}"]').bounding_box()
            dst = self.page.locator(f'rect.hit[data-sq="{iccs[2:]}"]').bounding_box()
            assert src and dst
            m = self.page.mouse
            m.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
            m.down()
            m.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] / 2, steps=8)
            m.up()
        else:
            self.click_square(iccs[:2])
            self.page.wait_for_selector(f'rect.hit[data-sq="{iccs[2:]}"][data-dest]',
                                        state="attached")
            self.click_square(iccs[2:])
        self.wait_ply(before + 1)

    def button(self, ident: str, confirm: bool | None = None) -> None:
        """Click ``#ident``; answer the confirmation dialog if one is expected."""
        self.page.click(f"#{ident}")
        if confirm is not None:
            answer = "yes" if confirm else "no"
            self.page.click(f'dialog[open] button[data-answer="{answer}"]')

    # --- lobby
    def create_room(self, *, color: str = "red", tc: str = "f:600000:5000", rated: bool = False,
                    rules: str = "xiangqiplay", fen: str | None = None) -> str:
        """Create a room for a friend through the lobby form; returns its code."""
        self.goto("/")
        form = self.page.locator("#form-create")
        form.locator("select[name=rules]").select_option(rules)
        form.locator("select[name=tc]").select_option(tc)
        form.locator(f'input[name="form-create-color"][value="{color}"]').check()
        form.locator(f'input[name="form-create-rated"][value="{str(rated).lower()}"]').check()
        if fen is not None:
            form.locator("details.advanced summary").click()
            form.locator("input[name=fen]").fill(fen)
        form.locator("#btn-create").click()
        self.page.wait_for_url(re.compile(r".*/room/[A-Za-z0-9]+$"))
        self.page.wait_for_selector('body[data-role="red"], body[data-role="black"]',
                                    state="attached")
        return self.room_code()

    def join(self, code: str, role: str) -> None:
        """Open the invite link and take the free seat."""
        self.goto(f"/room/{code}")
        self.wait_role("spectator")
        self.page.click("#btn-join")
        self.wait_role(role)

    def close(self) -> None:
        self.context.close()


# Chromium logs these for network hiccups the tests cause on purpose (a refused join,
# a socket dropped to test the reconnection); the page handles them.
_EXPECTED_NOISE = ("WebSocket", "ERR_CONNECTION_REFUSED", "Failed to load resource")
# What a page loads to be drawn: never refused (``Player._check_response``).
_ASSETS = frozenset({"script", "stylesheet", "image", "font", "manifest", "media"})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call":
        item.stash[_FAILED] = report.failed


_FAILED = pytest.StashKey[bool]()


@pytest.fixture()
def people(playwright_api: Any, server: Server, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A factory of :class:`Player` contexts, closed after the test; page errors fail it.
    A failed test leaves a screenshot of every page as ``FAILED-<test>-<person>.png``."""
    made: list[Player] = []

    def make(name: str, **context_args: Any) -> Player:
        p = Player(playwright_api, server, name, **context_args)
        made.append(p)
        return p

    yield make
    if request.node.stash.get(_FAILED, False):
        for p in made:
            with contextlib.suppress(Exception):
                p.shot(f"FAILED-{request.node.name}-{p.name}")
    errors = [f"{p.name}: {e}" for p in made for e in p.errors
              if not any(x in e for x in _EXPECTED_NOISE)]
    for p in made:
        p.close()
    assert not errors, "browser errors:\n" + "\n".join(errors)


@pytest.fixture()
def rng() -> random.Random:
    return random.Random(int(os.environ.get("COTUONG_E2E_SEED", "6")))


# A phone's screen, for the pages that must fit one (tournaments).
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def register(p: Player, username: str) -> None:
    """An account for ``p``'s browser context (its cookie logs the page in)."""
    r = p.context.request.post(p.server.url + "/api/accounts/register",
                               data={"username": username, "password": "correct horse"})
    assert r.status == 201, r.text()
