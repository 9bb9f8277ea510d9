"""Rule sets as data: one adjudicator, two presets (RULES.md §5–6).

>>> from cotuong.referee import RuleSet, rule_set
>>> rule_set("asian").repetition
'levels'
>>> rule_set("xiangqiplay").no_capture_plies
120
>>> RuleSet.preset("asian").replace(move_cap_plies=None).move_cap_plies is None
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from cotuong.core.errors import CotuongError
from cotuong.referee.facts import ChaseOptions


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything the referee needs to know about the rules in force.

    Repetition (§5): ``repetition`` is ``"forcing"`` (XiangqiPlay: exactly one side
    checking or chasing in every move of the cycle loses, otherwise draw) or
    ``"levels"`` (Asian: check > chase > idle, the higher level loses, equal draws).
    ``stronger_victim`` (Mã/Pháo on a protected Xe), ``minor_attacker`` (Sĩ/Tượng
    on a protected Xe/Mã/Pháo) and ``pinned_victim`` (a protected victim pinned so
    it cannot move) are the Asian chase exceptions of ``000`` Điều 23 points 6–7.
    ``pinned_victim`` is off in the ``asian`` preset: AXF diagrams 97–98 (case
    ``asian-141``) rule a draw where a perpetual attack on a pinned, immobile,
    protected Sĩ would otherwise lose, and the rule-book diagrams are the
    conformance suite.

    Draw rules (§6); every ply count may be ``None`` (switched off):

    - ``no_capture_plies``: automatic draw after this many plies without a capture.
    - ``no_attacking_pieces``: automatic draw when neither side has a Xe, Mã, Pháo or Tốt.
    - ``claim_no_capture_plies`` / ``claim_max_counted_checks``: a player may claim a
      draw after this many plies without a capture, counting at most this many of
      the claimant's own checks among them.
    - ``offer_no_capture_plies``: a draw offer is granted by the arbiter when each side
      has played this many plies' worth (``003``: 50 moves each) without a capture.
    - ``effective_plies``: automatic draw after this many plies that are neither a
      check, a chase, nor the reply to one.
    - ``progress_plies``: automatic draw after this many plies without a capture or a
      crossed pawn's advance.
    - ``move_cap_plies``: automatic draw when the game reaches this many plies.
    - ``consecutive_limits``: the most consecutive checks a side may give with 1, 2,
      3 (or more) different pieces; the side that exceeds it loses. With
      ``limit_chases`` chases count too (this computes chase facts on every move).
    - ``refuse_losing_repetition``: refuse (as an illegal move) a move that would lose
      at once by a repetition ruling, instead of playing it and ruling (RULES.md §5).
    """

    name: str
    repetition: str
    stronger_victim: bool
    pinned_victim: bool
    no_capture_plies: int | None
    no_attacking_pieces: bool
    minor_attacker: bool = False
    claim_no_capture_plies: int | None = None
    claim_max_counted_checks: int | None = None
    offer_no_capture_plies: int | None = None
    effective_plies: int | None = None
    progress_plies: int | None = None
    move_cap_plies: int | None = None
    consecutive_limits: tuple[int, int, int] | None = None
    limit_chases: bool = False
    refuse_losing_repetition: bool = False

    def __post_init__(self) -> None:
        if self.repetition not in ("forcing", "levels"):
            raise CotuongError(
                f"rule set {self.name!r}: repetition must be 'forcing' or 'levels', "
                f"not {self.repetition!r}", "BAD_RULES")
        for field in ("no_capture_plies", "claim_no_capture_plies", "offer_no_capture_plies",
                      "effective_plies", "progress_plies", "move_cap_plies"):
            value = getattr(self, field)
            if value is not None and value < 1:
                raise CotuongError(f"rule set {self.name!r}: {field} must be positive or None",
                                   "BAD_RULES")

    @property
    def chase_options(self) -> ChaseOptions:
        return ChaseOptions(self.stronger_victim, self.pinned_victim, self.minor_attacker)

    def replace(self, **changes: object) -> RuleSet:
        """A copy with some parameters changed (switch a rule off with ``None``)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @staticmethod
    def preset(name: str) -> RuleSet:
        return rule_set(name)


XIANGQIPLAY = RuleSet(
    name="xiangqiplay",
    repetition="forcing",
    # The two simplifications of seed 002: a protected Xe attacked by Mã/Pháo is not
    # chased (no stronger-victim exception), and check vs chase is a draw (the
    # "forcing" classification treats both alike).
    stronger_victim=False,
    pinned_victim=False,
    no_capture_plies=120,
    no_attacking_pieces=True,
)

ASIAN = RuleSet(
    name="asian",
    repetition="levels",
    stronger_victim=True,
    minor_attacker=True,
    pinned_victim=False,
    no_capture_plies=None,
    no_attacking_pieces=False,
    claim_no_capture_plies=120,
    claim_max_counted_checks=10,
    offer_no_capture_plies=100,
    effective_plies=240,
    progress_plies=None,
    move_cap_plies=600,
    consecutive_limits=(6, 12, 18),  # checks; limit_chases would add chases
)

_PRESETS = {r.name: r for r in (XIANGQIPLAY, ASIAN)}


def presets() -> dict[str, RuleSet]:
    """The named rule sets (a fresh dict; the values are immutable)."""
    return dict(_PRESETS)


def rule_set(rules: str | RuleSet) -> RuleSet:
    """The preset called ``rules``, or ``rules`` itself if it already is a RuleSet."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return _PRESETS[rules]
    except KeyError:
        raise CotuongError(
            f"unknown rule set {rules!r}: choose one of {', '.join(sorted(_PRESETS))}",
            "UNKNOWN_RULES") from None
