"""Record caissify-pairings' re-pairing of the Swiss differential's random events, so the
suite compares against it without re-running its pure-Python matching (~0.7 s an event).

    python scripts/build_caissify_reports.py      # writes tests/data/swiss/caissify_reports.json

For each seed of ``tests/tournament/test_swiss_dutch.py`` (0-99 and 1000-1007) the event
is built and paired by our code (py4swiss through the library), its TRF written, and
caissify-pairings' Free Pairings Checker (Apache-2.0) re-pairs every round from it. What is
kept: the TRF's SHA-256 (the test uses the record only while our TRF is byte for byte the
same, and runs caissify live otherwise), each round's round number and match flag, and
caissify's pairings of the rounds that differ. Run it again after a change to the pairing
code, the event simulation or caissify's version.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tournament.caissify_reference import OUT, SEEDS, live_report, trf_digest  # noqa: E402
from tests.tournament.swiss_sim import random_event  # noqa: E402

from cotuong.tournament.trf import trf_text  # noqa: E402


def main() -> int:
    from importlib.metadata import version
    records = {}
    for i, seed in enumerate(SEEDS, 1):
        text = trf_text(random_event(seed))
        records[str(seed)] = {"trf_sha256": trf_digest(text), "report": live_report(text)}
        print(f"\r{i}/{len(SEEDS)} events", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    OUT.write_text(json.dumps({"caissify_pairings": version("caissify-pairings"),
                               "events": records}, separators=(",", ":")) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {len(records)} events, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
