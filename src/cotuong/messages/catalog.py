"""The catalog: every layer's table merged, each code defined once."""

from __future__ import annotations

from collections.abc import Mapping

from cotuong.messages import (
    arena,
    notation,
    puzzles,
    referee,
    rules,
    server,
    server_invites,
    server_live,
    server_puzzles,
    server_security,
    server_study,
    server_tournament,
    server_tournament_systems,
    setup,
    tournament,
    tournament_cli,
    tournament_systems,
)

# (Vietnamese, English) templates in str.format syntax, by code.
Texts = Mapping[str, tuple[str, str]]


class UnknownMessageError(ValueError):
    """A message code that no table of the catalog defines."""

    code = "UNKNOWN_MESSAGE"

    def __init__(self, message_code: str) -> None:
        super().__init__(f"no message with code {message_code!r} in the catalog")
        self.message_code = message_code


def _merge(*tables: Texts) -> dict[str, tuple[str, str]]:
    merged: dict[str, tuple[str, str]] = {}
    for table in tables:
        for code, texts in table.items():
            if code in merged:
                raise ValueError(f"message code {code!r} is defined twice")
            merged[code] = texts
    return merged


CATALOG: Mapping[str, tuple[str, str]] = _merge(
    rules.TEXTS, setup.TEXTS, notation.TEXTS, referee.TEXTS, arena.TEXTS, server.TEXTS,
    server_tournament.TEXTS, server_invites.TEXTS, server_study.TEXTS, tournament.TEXTS,
    tournament_cli.TEXTS, server_security.TEXTS, tournament_systems.TEXTS, puzzles.TEXTS,
    server_puzzles.TEXTS, server_live.TEXTS, server_tournament_systems.TEXTS)
