"""Shared test helpers: where the test data lives (``tests/data``, carried by the repository).

Every file a test reads is in ``tests/data`` (sources and licences in its README), so a
fresh clone runs the whole suite with nothing beside it. ``COTUONG_CORPUS`` may name a
folder of extra PGN files for the opt-in ``corpus`` tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def data_path(*parts: str) -> Path:
    """A file under ``tests/data``; a missing one is an error of the checkout, not a skip."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"test data missing from the repository: {path}")
    return path


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (their order kept): the long ones start early and the short
    ones fill in after, instead of one long test running alone at the end while the
    other process idles (``--dist worksteal``, the README's line, has an idle process
    take tests queued for the other)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
