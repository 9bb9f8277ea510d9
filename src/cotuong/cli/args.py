"""Argument types shared by the subcommands."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """argparse type for counts and limits that must be at least 1 (shared by the layers)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def positive_seconds(text: str) -> float:
    """argparse type for a duration in seconds, more than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("must be more than 0 seconds")
    return value
