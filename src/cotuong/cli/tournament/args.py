"""The arbiter's command line in the reader's language: help texts, argument
placeholders and argument errors from the message catalog, and forfeits (``-/+``,
``-/-``) read as values rather than options.

Help texts are catalog codes, rendered when help is printed, in the language of
``--lang`` if it came before ``-h``, else ``COTUONG_LANG``, else Vietnamese.

>>> TournamentParser.forfeit_words(["1", "An", "Bình", "-/+", "--", "-/-"])
['1', 'An', 'Bình', 'bỏ-thắng', '--', 'bỏ-bỏ']
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from cotuong.messages import CATALOG, Message
from cotuong.tournament.tiebreaks import CRITERIA, DEFAULT_TIEBREAKS, SWISS_TIEBREAKS

# Forfeits that begin with "-" would be taken for options; their words are the same result.
_FORFEIT_WORDS = {"-/+": "bỏ-thắng", "-+": "bỏ-thắng", "-/-": "bỏ-bỏ"}
# What help texts may name: the tie-break keys and the default order.
_HELP_PARAMS = {"criteria": ", ".join(CRITERIA), "default_tiebreaks": ",".join(DEFAULT_TIEBREAKS),
                "swiss_tiebreaks": ",".join(SWISS_TIEBREAKS)}
_SECTIONS = {"positional arguments": "TH_SECTION_POSITIONAL", "options": "TH_SECTION_OPTIONS",
             "optional arguments": "TH_SECTION_OPTIONS"}
_KINDS_VI = {"int": "một số nguyên", "float": "một số"}
# argparse's own errors (Python 3.10-3.13 wording), as catalog codes with their parts.
_ERRORS = (
    (re.compile(r"the following arguments are required: (?P<args>.*)"), "TA_REQUIRED"),
    (re.compile(r"argument (?P<arg>.*?): invalid (?P<kind>\w+) value: (?P<value>.*)"),
     "TA_INVALID_VALUE"),
    (re.compile(r"argument (?P<arg>.*?): invalid choice: (?P<value>.*?) \(choose from "
                r"(?P<choices>.*)\)"), "TA_INVALID_CHOICE"),
    (re.compile(r"argument (?P<arg>.*?): expected one argument"), "TA_EXPECTED_ONE"),
    (re.compile(r"argument (?P<arg>.*?): expected at least one argument"), "TA_EXPECTED_SOME"),
    (re.compile(r"unrecognized arguments: (?P<args>.*)"), "TA_UNRECOGNIZED"),
)


def default_lang() -> str:
    """``COTUONG_LANG`` when it is ``vi`` or ``en``, else ``vi``."""
    lang = os.environ.get("COTUONG_LANG", "vi")
    return lang if lang in ("vi", "en") else "vi"


def _text(code: str, lang: str) -> str:
    return Message.of(code, **_HELP_PARAMS).text(lang) if code in CATALOG else code


def lang_formatter(lang: str) -> type[argparse.HelpFormatter]:
    """A help formatter that renders catalog codes (help, headings, usage) in ``lang``."""

    class Formatter(argparse.HelpFormatter):
        def _get_help_string(self, action: argparse.Action) -> str | None:
            return _text(action.help, lang) if action.help else action.help

        def start_section(self, heading: str | None) -> None:
            code = _SECTIONS.get(heading or "")
            super().start_section(_text(code, lang) if code else heading)

        def add_usage(self, usage: str | None, actions: Any, groups: Any,
                      prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups,
                              prefix if prefix is not None else _text("TH_USAGE", lang))

        def _format_text(self, text: str) -> str:
            return super()._format_text(_text(text, lang))

    return Formatter


class HelpAction(argparse.Action):
    """``-h``: help in the language given so far (``--lang`` before ``-h``)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        lang = getattr(namespace, "lang", None) or default_lang()
        if isinstance(parser, TournamentParser):
            parser.localise(lang)
        parser.print_help()
        parser.exit()


class TournamentParser(argparse.ArgumentParser):
    """A sub-command's parser: catalog texts, localised errors, forfeits as values."""

    lang = "vi"

    @staticmethod
    def forfeit_words(args: Sequence[str]) -> list[str]:
        """The arguments with ``-/+``, ``-+`` and ``-/-`` spelt as words."""
        return [_FORFEIT_WORDS.get(a, a) for a in args]

    def localise(self, lang: str) -> None:
        """Render placeholders (``TM_*``) and help in ``lang``."""
        self.lang = lang
        self.formatter_class = lang_formatter(lang)
        for action in self._actions:
            code = getattr(action, "metavar_code", None) or action.metavar
            if isinstance(code, str) and code.startswith("TM_"):
                action.metavar_code = code  # type: ignore[attr-defined]
                action.metavar = _text(code, lang)

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        words = self.forfeit_words(sys.argv[1:] if args is None else args)
        return super().parse_known_args(words, namespace)

    def error(self, message: str) -> NoReturn:
        for pattern, code in _ERRORS:
            m = pattern.fullmatch(message)
            if m:
                parts = m.groupdict()
                if "kind" in parts and self.lang == "vi":  # argparse names the type
                    parts["kind"] = _KINDS_VI.get(parts["kind"], parts["kind"])
                message = Message.of(code, **parts).text(self.lang)
                break
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: {_text('TC_ERROR', self.lang)}: {message}\n")
