"""Texel tuning of the engine's evaluation on master games (issue 13), in three steps.

    python scripts/tune_eval.py extract --data /tmp/pos.npz          # quiet positions
    python scripts/tune_eval.py label --data /tmp/pos.npz --nodes 4000 --workers 2
    python scripts/tune_eval.py fit --data /tmp/pos.npz              # writes the shipped weights

**extract**: every ply of the real games the repository carries (CCPD, Chinese Chess
Practical Dataset, Yu-Han Tseng 2026, CC BY 4.0, and xqdb15, MIT; the ICCS files under
``tests/data/games``), duplicates removed, after the first ``--skip`` plies, not in check,
and *quiet*: the quiescence search finds nothing better than the static evaluation, so the
static evaluation is what the position is worth. Each keeps its game's result (1, ½, 0 for
Red) and its FEN. Games are split 9:1 by a hash of their moves into training and
validation, so the positions of one game never sit on both sides. Run again on an existing
``--data`` file, it recomputes the features of the same positions (after the evaluation gains
a term) and keeps their results and reference scores.

**label** (optional): a reference engine's score of each position (``go nodes N``; by
default Fairy-Stockfish's wasm build as in ``benchmarks/bench_fsf.py``). A game result is
one label for ~45 positions of the same game — about 2,000 independent labels for ~700
weights, which overfits; a search score is a label per position.

**fit**: the evaluation is linear in its weights (``cotuong.engine.evaluate.features``);
the target is ``λ · result + (1 - λ) · σ(reference score)`` (``--lam``; 1 without labels),
the prediction ``σ(e) = 1 / (1 + 10^(-K e / 400))`` with ``e`` the evaluation from Red's
side and ``K`` fitted to the starting weights; the loss is the mean squared error plus an
L2 pull towards the starting weights (``--l2``), so squares the games rarely visit keep
their starting values. Full-batch Adam on NumPy; the validation error is printed as it
goes and the weights with the best validation error are written, rounded to centipawns.
Needs the ``[engine]`` extra only (``label`` also the reference engine).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import resource
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cotuong import Board  # noqa: E402
from cotuong.engine.evaluate import N_FEATURES, PST_COLUMNS, evaluate, features  # noqa: E402
from cotuong.engine.position import in_check, make, move_code, position_from_board  # noqa: E402
from cotuong.engine.search import new_tables, qsearch  # noqa: E402
from cotuong.engine.ttable import INF  # noqa: E402
from cotuong.engine.weights import (  # noqa: E402
    KIND_NAMES,
    LAYERS,
    TERMS,
    WEIGHTS_FILE,
    hand_weights,
    weights_from_data,
)
from cotuong.records import read_pgn  # noqa: E402

GAMES = ROOT / "tests" / "data" / "games"
CORPORA = (
    GAMES / "ccpd" / "ccpd_endgames244_asiancup679_iccs_DERIVED.pgn",
    GAMES / "ccpd" / "ccpd_worldcup_1389_iccs_DERIVED.pgn",
    GAMES / "xqdb15" / "xqdb_sample15_iccs.pgn",
)
RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def extract(weights_data: dict, skip: int) -> dict[str, np.ndarray]:
    """Features, results, FENs and the validation flag of every game's quiet positions."""
    weights = weights_from_data(weights_data)
    tables = new_tables(1)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    rows: list[np.ndarray] = []
    labels: list[float] = []
    valid: list[bool] = []
    fens: list[str] = []
    buf = np.zeros(N_FEATURES)
    games = 0
    started = time.perf_counter()
    for path in CORPORA:
        for game in read_pgn(path.read_text(encoding="utf-8")):
            result = RESULTS.get(game.result)
            moves = tuple(m.iccs for m in game.moves)
            if result is None or (game.start_fen, moves) in seen or game.issues:
                continue
            seen.add((game.start_fen, moves))
            games += 1
            held_out = hashlib.sha1(" ".join(moves).encode()).digest()[0] < 26  # about 10 %
            board = Board(game.start_fen)
            pos = position_from_board(board, weights)
            for ply, move in enumerate(game.moves):
                side = int(pos[3][0])
                if ply >= skip and not in_check(pos, side):
                    static = evaluate(pos, 0, 0)
                    tables[7][:] = 0
                    if qsearch(pos, tables, -INF, INF, 0) == static and abs(static) < 2000:
                        features(pos, buf)
                        rows.append(buf.astype(np.float32))
                        labels.append(result)
                        valid.append(held_out)
                        fens.append(board.fen())
                make(pos, move_code(move))
                board.push_unchecked(move)
            if games % 400 == 0:
                print(f"  {games} games, {len(rows)} quiet positions "
                      f"({time.perf_counter() - started:.0f} s)", flush=True)
    print(f"{games} games, {len(rows)} quiet positions, {sum(valid)} held out "
          f"({time.perf_counter() - started:.0f} s, peak RSS {rss_mb():.0f} MB)")
    return {"x": np.array(rows), "y": np.array(labels, dtype=np.float32),
            "held": np.array(valid), "fen": np.array(fens),
            "ref": np.full(len(rows), np.nan, dtype=np.float32)}


def refeature(fens: np.ndarray, weights_data: dict) -> np.ndarray:
    """The features of positions already extracted, e.g. after the evaluation gains a term."""
    weights = weights_from_data(weights_data)
    buf = np.zeros(N_FEATURES)
    rows = np.zeros((len(fens), N_FEATURES), dtype=np.float32)
    for i, fen in enumerate(fens):
        features(position_from_board(Board(str(fen)), weights), buf)
        rows[i] = buf
    return rows


def label(data: dict[str, np.ndarray], command: str, nodes: int, workers: int,
          every: int) -> None:
    """The reference engine's score (centipawns, Red's side) of every ``every``-th position."""
    from concurrent.futures import ThreadPoolExecutor

    from cotuong.engine.interface import Limits
    from cotuong.uci import ExternalEngine
    from cotuong.uci.spec import parse_spec

    spec = parse_spec(command)
    options = {"UCI_Variant": "xiangqi"} if spec.rank_base == 1 else {}
    todo = [i for i in range(len(data["fen"])) if i % every == 0 and np.isnan(data["ref"][i])]
    chunks = [todo[k::workers] for k in range(workers)]
    started = time.perf_counter()
    done = [0]

    def work(chunk: list[int]) -> None:
        with ExternalEngine(spec.command, rank_base=spec.rank_base, options=options,
                            handshake_timeout=120.0, reply_timeout=30.0) as engine:
            for i in chunk:
                fen = str(data["fen"][i])
                info = engine.search(fen, [], Limits(nodes=nodes)).info
                if info is None:
                    continue
                cp = info.score_cp if info.mate is None else (2000 if info.mate > 0 else -2000)
                if cp is None:
                    continue
                red = " w " in fen or " r " in fen
                data["ref"][i] = max(-2000, min(2000, cp if red else -cp))
                done[0] += 1
                if done[0] % 2000 == 0:
                    rate = done[0] / (time.perf_counter() - started)
                    print(f"  {done[0]} of {len(todo)} labelled ({rate:.0f}/s)", flush=True)

    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(work, chunks))
    print(f"{done[0]} positions labelled in {time.perf_counter() - started:.0f} s")


def vector(data: dict) -> np.ndarray:
    """Weights in the feature columns' layout (left-right folded tables, then the terms)."""
    vec = np.zeros(N_FEATURES)
    for layer, name in enumerate(LAYERS):
        for k, kind in enumerate(KIND_NAMES):
            rows = data["pst"][name][kind]
            for r in range(10):
                for f in range(5):
                    vec[layer * 350 + k * 50 + r * 5 + f] = rows[r][f]
    vec[PST_COLUMNS:] = [data["terms"][t] for t in TERMS]
    return vec


def data_of(vec: np.ndarray, source: str) -> dict:
    out: dict = {"source": source, "terms": {}, "pst": {}}
    for i, t in enumerate(TERMS):
        out["terms"][t] = round(vec[PST_COLUMNS + i])
    for layer, name in enumerate(LAYERS):
        out["pst"][name] = {}
        for k, kind in enumerate(KIND_NAMES):
            out["pst"][name][kind] = [
                [round(vec[layer * 350 + k * 50 + r * 5 + min(f, 8 - f)]) for f in range(9)]
                for r in range(10)]
    return out


def loss(x: np.ndarray, y: np.ndarray, w: np.ndarray, k: float) -> float:
    p = 1.0 / (1.0 + np.power(10.0, -k * (x @ w) / 400.0))
    return float(np.mean((y - p) ** 2))


def fit_k(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    best = min((loss(x, y, w, k / 100), k / 100) for k in range(20, 301, 5))
    return best[1]


_RANK = re.compile(r"\[\n\s+" + r",\n\s+".join([r"(-?\d+)"] * 9) + r"\n\s+\]")


def write(path: Path, data: dict) -> None:
    """The weights as JSON, one rank of a table per line."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    text = _RANK.sub(lambda m: "[" + ", ".join(m.groups()) + "]", text)
    path.write_text(text + "\n", encoding="utf-8")


def sigmoid(e: np.ndarray, k: float) -> np.ndarray:
    return 1.0 / (1.0 + np.power(10.0, -k * e / 400.0))


def fit(data: dict[str, np.ndarray], start: dict, args: argparse.Namespace) -> dict:
    x, y, held, ref = data["x"], data["y"], data["held"], data["ref"]
    w0 = vector(start)
    k = args.k if args.k else fit_k(x[~held], y[~held], w0)
    labelled = ~np.isnan(ref)
    lam = args.lam if labelled.any() else 1.0
    if labelled.any():
        # Calibrate the reference's centipawns to results on the positions it scored.
        k_ref = min((float(np.mean((y[labelled] - sigmoid(ref[labelled], c / 100)) ** 2)),
                     c / 100) for c in range(20, 301, 5))[1]
        keep = labelled
        target = lam * y + (1 - lam) * sigmoid(np.nan_to_num(ref), k_ref)
        print(f"{int(labelled.sum())} positions with reference scores, K_ref {k_ref:.2f}")
    else:
        keep = np.ones(len(y), dtype=bool)
        target = y
    train, valid = keep & ~held, keep & held
    xt, tt, xv, tv = x[train], target[train], x[valid], target[valid]
    print(f"K = {k:.2f}, λ = {lam}; start: train {loss(xt, tt, w0, k):.5f}, validation "
          f"{loss(xv, tv, w0, k):.5f} (results only: {loss(xv, y[valid], w0, k):.5f})")
    w = w0.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    fixed = np.zeros_like(w, dtype=bool)
    fixed[PST_COLUMNS + TERMS.index("tempo")] = True  # no side-to-move signal in the labels
    best = (loss(xv, tv, w0, k), w0.copy(), 0)
    scale = k * math.log(10) / 400.0
    for step in range(1, args.steps + 1):
        p = sigmoid(xt @ w, k)
        grad = (-2.0 / len(tt)) * (xt.T @ ((tt - p) * p * (1 - p) * scale))
        grad += 2 * args.l2 * (w - w0)
        grad[fixed] = 0.0
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= args.lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-12)
        if step % 100 == 0 or step == args.steps:
            lv = loss(xv, tv, w, k)
            if lv < best[0]:
                best = (lv, w.copy(), step)
            print(f"  step {step}: train {loss(xt, tt, w, k):.5f}, validation {lv:.5f} "
                  f"(results only {loss(xv, y[valid], w, k):.5f})", flush=True)
    lv, w, step = best
    what = (f"{int(keep.sum())} quiet positions of CCPD and xqdb15 games"
            + (f", labels {lam:g} result + {1 - lam:g} reference score" if lam < 1 else ""))
    source = (f"Texel tuning {date.today().isoformat()} (scripts/tune_eval.py): {what}, "
              f"K {k:.2f}, step {step}, validation error {lv:.5f} (start "
              f"{loss(xv, tv, w0, k):.5f})")
    return data_of(w, source)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    ex = sub.add_parser("extract")
    ex.add_argument("--skip", type=int, default=8, help="opening plies left out")
    ex.add_argument("--start", choices=["hand", "shipped"], default="hand")
    lb = sub.add_parser("label")
    lb.add_argument("--engine", default=f"cmd1:node {ROOT / 'benchmarks' / 'fsf_wasm_uci.js'}")
    lb.add_argument("--nodes", type=int, default=4000)
    lb.add_argument("--workers", type=int, default=2)
    lb.add_argument("--every", type=int, default=1, help="label every n-th position")
    ft = sub.add_parser("fit")
    ft.add_argument("--start", choices=["hand", "shipped"], default="hand")
    ft.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    ft.add_argument("--steps", type=int, default=2000)
    ft.add_argument("--lr", type=float, default=0.5, help="Adam step, centipawns")
    ft.add_argument("--l2", type=float, default=1e-7, help="pull towards the start per cp²")
    ft.add_argument("--lam", type=float, default=0.3, help="weight of the game result")
    ft.add_argument("--k", type=float, default=0.0,
                    help="the sigmoid scale K (default: fitted to the starting weights; give "
                         "the previous fit's K to keep the evaluation's scale)")
    for p in (ex, lb, ft):
        p.add_argument("--data", type=Path, required=True, help="the positions (.npz)")
    args = ap.parse_args()
    if args.cmd == "extract":
        start = hand_weights() if args.start == "hand" else json.loads(WEIGHTS_FILE.read_text())
        if args.data.exists():  # new features, same positions: keep results and reference scores
            data = dict(np.load(args.data))
            data["x"] = refeature(data["fen"], start)
            print(f"features of {len(data['fen'])} positions recomputed, "
                  f"{int((~np.isnan(data['ref'])).sum())} reference scores kept")
        else:
            data = extract(start, args.skip)
        np.savez_compressed(args.data, **data)
        return 0
    data = dict(np.load(args.data))
    if args.cmd == "label":
        label(data, args.engine, args.nodes, args.workers, args.every)
        np.savez_compressed(args.data, **data)
        return 0
    start = hand_weights() if args.start == "hand" else json.loads(WEIGHTS_FILE.read_text())
    out = fit(data, start, args)
    weights_from_data(out)  # what we write must read back
    write(args.out, out)
    print(f"wrote {args.out}: {out['source']}; peak RSS {rss_mb():.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
