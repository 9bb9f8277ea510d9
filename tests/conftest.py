"""Shared test helpers: where the shared reference data lives."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
SHARED_DATA = SHARED / "data"


def shared_path(*parts: str) -> Path:
    """A file under ../shared, or skip (loudly) when the shared folder is absent."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared data not found: {path}")
    return path
