"""caissify-pairings' re-pairing of a random event's TRF, recorded or live.

``tests/data/swiss/caissify_reports.json`` (``scripts/build_caissify_reports.py``) keeps
caissify's report for each seed of the differential with the SHA-256 of the TRF it
checked. :func:`reference_report` answers from the record while our TRF is the same, byte
for byte, and runs caissify otherwise: a change to our pairings is always checked live.
"""

from __future__ import annotations

import functools
import hashlib
import json
import warnings
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "data" / "swiss" / "caissify_reports.json"
SEEDS = (*range(100), *range(1000, 1008))


def trf_digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def live_report(text: str) -> dict[str, Any]:
    """caissify's Free Pairings Checker on ``text``, reduced to what the tests read: the
    rounds' numbers and match flags, the pairings of the rounds that differ, and the
    number of rounds matched."""
    from caissify_pairings import fpc
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = fpc.check_trf(text)
    rounds = [{"round": r["round"], "match": bool(r["match"]),
               **({} if r["match"] else {"engine_pairings": r["engine_pairings"]})}
              for r in report["rounds"]]
    return {"rounds": rounds, "summary": {"rounds_matched": report["summary"]["rounds_matched"]}}


@functools.lru_cache(maxsize=1)
def recorded() -> dict[str, Any]:
    return json.loads(OUT.read_text()) if OUT.exists() else {"events": {}}


def reference_report(seed: int, text: str) -> tuple[dict[str, Any], bool]:
    """caissify's report on ``text`` (event ``seed``), and whether it came from the record."""
    kept = recorded()["events"].get(str(seed))
    if kept is not None and kept["trf_sha256"] == trf_digest(text):
        return kept["report"], True
    return live_report(text), False
