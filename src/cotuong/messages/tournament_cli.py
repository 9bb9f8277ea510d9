"""Texts of the arbiter's command line (``cotuong tournament``): help, headings,
prompts and what each command prints."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
}
