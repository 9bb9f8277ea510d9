"""The options ``cotuong engine`` announces in its handshake and accepts in
``setoption``, in both dialects (UCCI spells some names differently).

>>> option_lines(ucci=False)[0]
'option name Level type spin default 8 min 1 max 8'
>>> accept_option("hashsize", "64")
('Hash', '64')
"""

from __future__ import annotations

from dataclasses import dataclass

from cotuong.uci.errors import UciCommandError


@dataclass(frozen=True, slots=True)
class SpinOption:
    """An integer option as announced by ``uci``/``ucci``."""

    name: str
    default: int
    min: int
    max: int


OPTIONS: tuple[SpinOption, ...] = (
    SpinOption("Level", 8, 1, 8),
    SpinOption("Hash", 16, 1, 1024),
    SpinOption("Threads", 1, 1, 64),
    SpinOption("MultiPV", 1, 1, 32),  # the best lines reported, "info … multipv k …"
    SpinOption("Seed", 0, 0, 2**31 - 1),
)
# The repetition rules the search should follow (a combo option; ``cotuong.referee`` presets).
RULES_CHOICES = ("xiangqiplay", "asian")
# The evaluation (a string option): the learnt network's weights file, by default the one
# shipped with the package (``nnue.npz``); ``hce`` (or empty) the hand-written evaluation.
EVAL_FILE = "EvalFile"
EVAL_FILE_DEFAULT = "nnue.npz"  # cotuong.engine.nnue.DEFAULT_EVAL_FILE (no NumPy import here)
# UCCI engines spell some options differently.
_UCCI_ALIASES = {"hashsize": "Hash", "level": "Level", "threads": "Threads", "seed": "Seed",
                 "multipv": "MultiPV"}


def option_lines(*, ucci: bool) -> list[str]:
    """The ``option`` lines of the handshake (UCCI: ``usemillisec`` too, no ``Rules`` and
    no ``EvalFile``)."""
    if ucci:
        lines = ["option usemillisec type check default false"]
        for opt in OPTIONS:
            ucci_name = "hashsize" if opt.name == "Hash" else opt.name.lower()
            lines.append(f"option {ucci_name} type spin min {opt.min} max {opt.max} "
                         f"default {opt.default}")
        return lines
    lines = [f"option name {opt.name} type spin default {opt.default} min {opt.min} "
             f"max {opt.max}" for opt in OPTIONS]
    choices = " ".join(f"var {c}" for c in RULES_CHOICES)
    lines.append(f"option name Rules type combo default {RULES_CHOICES[0]} {choices}")
    lines.append(f"option name {EVAL_FILE} type string default {EVAL_FILE_DEFAULT}")
    return lines


def accept_option(name: str, value: str) -> tuple[str, str]:
    """``(name, value)`` as the engine is told them, or :class:`UciCommandError` for an
    unknown option or a value out of range (``usemillisec`` is the session's, not here).
    """
    if name.lower() == "rules":
        if value.lower() not in RULES_CHOICES:
            raise UciCommandError(f"option Rules must be one of {', '.join(RULES_CHOICES)}, "
                                  f"not {value!r}")
        return "Rules", value.lower()
    if name.lower() == EVAL_FILE.lower():
        text = value.strip()
        return EVAL_FILE, "" if text == "<empty>" else text
    canonical = _UCCI_ALIASES.get(name.lower(), name)
    opt = next((o for o in OPTIONS if o.name.lower() == canonical.lower()), None)
    if opt is None:
        raise UciCommandError(f"unknown option {name!r}")
    try:
        number = int(value)
    except ValueError:
        raise UciCommandError(f"option {opt.name} needs a number, not {value!r}") from None
    if not opt.min <= number <= opt.max:
        raise UciCommandError(f"option {opt.name} must be {opt.min}..{opt.max}, not {number}")
    return opt.name, str(number)
