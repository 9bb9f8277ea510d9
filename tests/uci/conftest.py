"""Fixtures for the external-engine client tests: the scripted mock engine."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

MOCK = Path(__file__).with_name("mock_engine.py")


def mock_command(*args: str) -> list[str]:
    return [sys.executable, str(MOCK), *args]


def process_gone(pid: int, within: float = 3.0) -> bool:
    """True when no process ``pid`` exists (reaped), waiting up to ``within`` s."""
    end = time.monotonic() + within
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.02)


@pytest.fixture
def mock() -> Callable[..., list[str]]:
    return mock_command


@pytest.fixture
def gone() -> Callable[..., bool]:
    return process_gone
