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
    - ``refuse_losing_repetition``: with ``verdict_takes_effect="at_third"``, refuse (as
      an illegal move) a move that would lose at once by a repetition ruling, instead
      of playing it and ruling (RULES.md §5).

    When the verdict takes effect (RULES.md §5):

    - ``verdict_takes_effect``: ``"at_third"`` — the verdict at the third occurrence is
      the outcome (XiangqiPlay, seeds ``002``/``004``); ``"order"`` — it is the
      arbiter's order to change (:class:`~cotuong.referee.orders.Order`): the violator
      loses only if it does not change, a loop without a violator is drawn only if
      neither side changes (seed ``000`` Điều 23–24). Past a consecutive-check limit
      the ``"order"`` rule sets give an order too (seed ``001``: the detailed rules are
      then applied), the ``"at_third"`` ones rule the loss at once.
    - ``order_loops``: with ``"order"``, how many more times the loop must come round to
      the ordered position (no side leaving it) to show that it was not changed: the
      violator then loses, or, without a violator, the game is drawn. 2 (the fifth
      occurrence): masters' records show one further loop while an order is heard
      (``docs/referee.md``).
    - ``refuse_violating_move``: for online play — refuse (``RepetitionOrderError``,
      an ``IllegalMoveError``) the move by which a side ordered to change would lose by
      not changing, so no game is lost by a click. With ``"at_third"`` it refuses the
      move that would lose at the third occurrence (as ``refuse_losing_repetition``).

    >>> rule_set("asian").verdict_takes_effect, rule_set("xiangqiplay").verdict_takes_effect
    ('order', 'at_third')
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
    verdict_takes_effect: str = "at_third"
    refuse_violating_move: bool = False
    order_loops: int = 2

    def __post_init__(self) -> None:
        if self.repetition not in ("forcing", "levels"):
            raise CotuongError(
                f"rule set {self.name!r}: repetition must be 'forcing' or 'levels', "
                f"not {self.repetition!r}", "BAD_RULES")
        if self.verdict_takes_effect not in ("at_third", "order"):
            raise CotuongError(
                f"rule set {self.name!r}: verdict_takes_effect must be 'at_third' or "
                f"'order', not {self.verdict_takes_effect!r}", "BAD_RULES")
        for field in ("no_capture_plies", "claim_no_capture_plies", "offer_no_capture_plies",
                      "effective_plies", "progress_plies", "move_cap_plies"):
            value = getattr(self, field)
            if value is not None and value < 1:
                raise CotuongError(f"rule set {self.name!r}: {field} must be positive or None",
                                   "BAD_RULES")
        if self.order_loops < 1:
            raise CotuongError(f"rule set {self.name!r}: order_loops must be at least 1",
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
    # Seed 000: the violator "phải đổi nước đi, không đổi bị xử thua".
    verdict_takes_effect="order",
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
