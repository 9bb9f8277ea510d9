"""The one door to a Swiss pairing program: FIDE's Dutch system through py4swiss.

Why py4swiss (MIT, the ``[swiss]`` extra): it implements C.04.3 (the Dutch system in
force until 2026) and is tested by its author to give the same pairings as bbpPairings,
a FIDE-endorsed program whose weighted-matching core it compiles in; pychess-variants
pairs its Swiss events with it; it reads the TRF(x) every pairing program reads, so
the request below is also what an arbiter can check with JaVaFo or bbpPairings. The
other Python candidates (caissify-pairings, pairing-core) are younger; the tests use
caissify-pairings as an independent second implementation.

py4swiss (and its pydantic) is imported only when a round is paired, so the tournament
package stays standard-library-only; without the extra the error names it. A pairer is
anything with a ``name`` and ``pair(request)``: tests and the server may pass their own.

>>> PairingRequest(2, "012 x\\n", {1: 5, 2: 3}).number_of(1)
5
>>> baku_points(rounds=9, round_no=4, in_group_a=True, win=1, draw=0.5)
0.5
"""

from __future__ import annotations

import math
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cotuong.extras import MissingExtraError
from cotuong.tournament.errors import PairingError, fail
from cotuong.tournament.results import Number
from cotuong.tournament.trf import _decimal, pairing_numbers, player_lines, scoring_line

if TYPE_CHECKING:
    from cotuong.tournament.swiss import SwissTournament

EXTRA = "swiss"


@dataclass(frozen=True)
class PairingRequest:
    """The next round as a pairing program sees it: ``trf`` (TRF-16 with the JaVaFo
    extensions ``XXR``, ``XXS``, ``XXC``, ``XXZ``, ``XXA``) and ``numbers``, TRF pairing
    number -> draw number."""

    round: int
    trf: str
    numbers: dict[int, int]

    def number_of(self, pairing_number: int) -> int:
        """The draw number behind a TRF pairing number."""
        if pairing_number not in self.numbers:
            raise fail(PairingError, "T_SWISS_ENGINE", why=f"unknown id {pairing_number}")
        return self.numbers[pairing_number]

    @classmethod
    def of(cls, t: SwissTournament) -> PairingRequest:
        """The request for ``t``'s next round (its previous rounds complete)."""
        round_no = t.paired_rounds + 1
        ids = pairing_numbers(t)
        lines = [f"012 {t.title or 'cotuong'}"]
        lines += player_lines(t, t.paired_rounds, ids)
        lines.append(f"XXR {t.rounds}")
        lines.append("XXC " + ("white1" if t.first_colour == "red" else "black1"))
        lines.append(scoring_line(t, t.bye_points))
        active = set(t.active(round_no))
        skipped = sorted(ids[p.number] for p in t.players if p.number not in active)
        if skipped:
            lines.append("XXZ " + " ".join(str(i) for i in skipped))
        if t.accelerated:
            lines += acceleration_lines(t, ids)
        return cls(round_no, "\n".join(lines) + "\n", {v: k for k, v in ids.items()})


def baku_points(rounds: int, round_no: int, in_group_a: bool, win: Number,
                draw: Number) -> Number:
    """Virtual points of the Baku acceleration (FIDE C.04.5.1) in ``round_no``: group A
    (the top half of the initial ranking, rounded up to an even number) gets a win's
    points in the first half (rounded up) of the accelerated rounds and a draw's in the
    rest; the accelerated rounds are the first half (rounded up) of the event."""
    accelerated = math.ceil(rounds / 2)
    if not in_group_a or round_no > accelerated:
        return 0
    return win if round_no <= math.ceil(accelerated / 2) else draw


def acceleration_lines(t: SwissTournament, ids: dict[int, int]) -> list[str]:
    """``XXA`` lines: each group-A player's virtual points per round."""
    size = 2 * math.ceil(len(t.players) / 4)
    out = []
    for number in t.initial_ranking()[:size]:
        points = [baku_points(t.rounds, r, True, t.scoring.win, t.scoring.draw)
                  for r in range(1, t.rounds + 1)]
        out.append(f"XXA {ids[number]:>4} " + " ".join(f"{_decimal(v):>4}" for v in points))
    return out


class Pairer(Protocol):
    """What pairs a round: ``pair`` returns ``(red, black)`` draw numbers in board order
    and the draw number of the pairing-allocated bye (or ``None``)."""

    name: str

    def pair(self, request: PairingRequest) -> tuple[list[tuple[int, int]], int | None]: ...


class Py4SwissDutch:
    """FIDE Dutch (C.04.3) by py4swiss."""

    name = "py4swiss-dutch"

    def pair(self, request: PairingRequest) -> tuple[list[tuple[int, int]], int | None]:
        """Pair the request's round; an unpairable round raises :class:`PairingError`."""
        engine, parser, engine_error = _load()
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "round.trf"
            path.write_text(request.trf, encoding="utf-8")
            try:
                trf = parser.parse(path, strict=True)
            except Exception as exc:  # py4swiss's ParsingError is no ValueError: our bug
                raise fail(PairingError, "T_SWISS_ENGINE", why=str(exc)) from None
            try:
                pairings = engine.generate_pairings(trf)
            except engine_error:
                raise fail(PairingError, "T_SWISS_UNPAIRABLE", round=request.round) from None
        pairs, bye = [], None
        for p in pairings:
            if p.black == 0:
                bye = request.number_of(p.white)
            else:
                pairs.append((request.number_of(p.white), request.number_of(p.black)))
        return pairs, bye


def _load() -> tuple[Any, Any, type[BaseException]]:
    try:
        from py4swiss.engines import DutchEngine
        from py4swiss.engines.common import PairingError as EngineError
        from py4swiss.trf import TrfParser
    except ImportError as exc:
        raise MissingExtraError("Swiss pairing (FIDE Dutch)", EXTRA,
                                getattr(exc, "name", None) or "py4swiss") from exc
    return DutchEngine, TrfParser, EngineError


def default_pairer() -> Pairer:
    """The pairer :meth:`SwissTournament.pair_next_round` uses unless given one."""
    return Py4SwissDutch()
