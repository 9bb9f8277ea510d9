"""The UI files themselves, without a browser: every text key exists in both languages, the
level names agree with the engine's table, and every file a page references is there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cotuong.engine.levels import LEVELS

STATIC = Path(__file__).resolve().parents[3] / "src" / "cotuong" / "server" / "web" / "static"


def _tables() -> dict[str, dict[str, object]]:
    """The tables of ``lib/texts/{vi,en}.js``: each entry is one ``"key": value,`` line."""
    tables: dict[str, dict[str, object]] = {}
    for lang in ("vi", "en"):
        text = (STATIC / "js" / "lib" / "texts" / f"{lang}.js").read_text(encoding="utf-8")
        body = re.search(r"^export const TEXTS = \{\n(.*?)^\};$", text, re.S | re.M)
        assert body, lang
        table: dict[str, object] = {}
        for line in body.group(1).splitlines():
            entry = re.fullmatch(r'  ("[^"]+"): (.+),', line)
            assert entry, f"{lang}.js: unreadable line {line!r}"
            table[json.loads(entry.group(1))] = json.loads(entry.group(2))
        tables[lang] = table
    return tables


def test_both_languages_have_the_same_keys() -> None:
    tables = _tables()
    assert set(tables) == {"vi", "en"}
    assert len(tables["vi"]) > 100
    assert set(tables["vi"]) == set(tables["en"])


def test_level_names_match_the_engine() -> None:
    tables = _tables()
    assert tables["vi"]["levels"] == [lv.vi for lv in LEVELS]
    assert tables["en"]["levels"] == [lv.en for lv in LEVELS]


@pytest.mark.parametrize("page", ["index.html", "room.html", "review.html", "profile.html",
                                  "editor.html", "import.html", "puzzles.html",
                                  "trainer.html", "analysis.html"])
def test_pages_reference_existing_files_and_known_texts(page: str) -> None:
    html = (STATIC / page).read_text(encoding="utf-8")
    for ref in re.findall(r'(?:href|src)="/static/([^"]+)"', html):
        assert (STATIC / ref).is_file(), f"{page} references a missing file: {ref}"
    keys = set(_tables()["vi"])
    used = re.findall(r'data-i18n(?:-ph|-title)?="([^"]+)"', html)
    assert used, page
    assert not set(used) - keys, f"{page} uses unknown text keys: {set(used) - keys}"


IMPORT = re.compile(r'import \{([^}]+)\} from "(\.{1,2}/[^"]+)"')
# ``import * as tree from "../lib/tree.js"``: the whole module (reached; no names to check).
IMPORT_ALL = re.compile(r'import \* as \w+ from "(\.{1,2}/[^"]+)"')
EXPORT = re.compile(r"export (?:async )?(?:function|class|const|let) (\w+)")


def test_modules_import_existing_names() -> None:
    """Each ``import { a, b as c } from "../x.js"`` names exports of x.js (a typo is a blank
    page); every module is reached from a page (no dead file)."""
    modules = sorted((STATIC / "js").rglob("*.js"))
    assert len(modules) > 15
    # (tournament.js: the entry of the pages the server renders, tournaments/page_shell.py)
    reached = {(STATIC / "js" / "pages" / f"{p}.js").resolve()
               for p in ("lobby", "room", "review", "profile", "tournament", "editor",
                         "import", "puzzles", "trainer", "analysis", "notfound")}
    for module in modules:
        text = module.read_text(encoding="utf-8")
        for names, target in IMPORT.findall(text):
            path = (module.parent / target).resolve()
            assert path.is_file(), f"{module.name} imports a missing file {target}"
            reached.add(path)
            exported = set(EXPORT.findall(path.read_text(encoding="utf-8")))
            for name in (n.split(" as ")[0].strip() for n in names.split(",")):
                assert name in exported, f"{module.name} imports {name} from {target}"
        for target in IMPORT_ALL.findall(text):
            path = (module.parent / target).resolve()
            assert path.is_file(), f"{module.name} imports a missing file {target}"
            reached.add(path)
    assert not {m.resolve() for m in modules} - reached


def test_modules_import_only_their_layer_or_below() -> None:
    """``lib/`` imports only ``lib/``, ``ui/`` only ``lib/`` and ``ui/``; a page's own
    folder (``pages/room/``) is imported only by that page and its folder."""
    layer = {"lib": 0, "ui": 1, "pages": 2}
    for module in (STATIC / "js").rglob("*.js"):
        source = module.relative_to(STATIC / "js").parts
        for _, target in IMPORT.findall(module.read_text(encoding="utf-8")):
            parts = (module.parent / target).resolve().relative_to((STATIC / "js").resolve()).parts
            assert layer[parts[0]] <= layer[source[0]], f"{'/'.join(source)} imports {target}"
            if parts[0] == "pages" and len(parts) > 2:
                owner = source[1].removesuffix(".js")
                assert parts[1] == owner, f"{'/'.join(source)} imports {target}"


def test_pages_load_their_page_module() -> None:
    for page, module in [("index.html", "lobby"), ("room.html", "room"),
                         ("review.html", "review"), ("profile.html", "profile"),
                         ("editor.html", "editor"), ("import.html", "import"),
                         ("puzzles.html", "puzzles"), ("trainer.html", "trainer")]:
        html = (STATIC / page).read_text(encoding="utf-8")
        assert f'<script type="module" src="/static/js/pages/{module}.js">' in html, page


def test_the_server_rendered_pages_load_their_page_module() -> None:
    from cotuong.server.tournaments.page_shell import site_page

    html = site_page("vi", "Giải", "")
    assert '<script type="module" src="/static/js/pages/tournament.js">' in html
    assert '<link rel="stylesheet" href="/static/css/style.css">' in html
    assert (STATIC / "css" / "tournament.css").is_file()
