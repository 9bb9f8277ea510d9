"""Train the learnt evaluation (issue 25) on positions written by ``label_positions.py``.

    pip install -e .[train]          # torch, for training only (the engine never imports it)
    python scripts/train_nnue.py --data /work/data/nnue/positions.txt \\
        --out src/cotuong/engine/nnue.npz

The network: 1260 features per perspective (``cotuong.engine.nnue_features``) → ``H``
hidden units (one transformer shared by both perspectives) → CReLU (clamp to [0, 1]) →
the side to move's ``H`` then the other's ``H`` → one output, ``cp = out · scale``.

Target, from the side to move's view: ``λ · result + (1 - λ) · σ(score / K_ref)``, with the
game's result (1, ½, 0) and the labeller's search score; ``K_ref`` is fitted so that
``σ(score / K_ref)`` predicts the results best (least squares on the training games).
Prediction: ``σ(cp / K)``, with ``K`` the scale that fits the hand-tuned evaluation best on
the same target, so the network's centipawns come out on the engine's own scale (its
search margins are in those units) and the hand evaluation is measured at its best.
Loss: mean squared error of the probabilities; the validation positions are the games of
every ``--val-every``-th opening (so no opening, and no game, is on both sides).
Training positions are doubled by the left-right mirror. Adam, early stopping on the
validation loss; the best epoch's weights are quantised as the contract in
``docs/engine-nnue.md`` says (``w1``, ``b1`` × ``qa``; ``w2`` × ``qb``; ``b2`` × ``qa·qb``) and
written with ``np.savez_compressed``. Printed: the validation loss of the float network,
of the quantised one, of the hand evaluation and of a constant ½, and how far the quantised
centipawns stray from the float ones.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cotuong.arena.openings import load_openings  # noqa: E402
from cotuong.engine.evaluate import evaluate  # noqa: E402
from cotuong.engine.nnue_features import (  # noqa: E402
    N_FEATURES,
    PAD,
    batch_features,
    board_from_fen,
    mirror_files,
    side_to_move,
)
from cotuong.engine.position import position_from_fen  # noqa: E402

OPENINGS = ROOT / "benchmarks" / "data" / "openings_ab.fen"
QA, QB = 255, 64
UNIT = 400  # the float network's output is cp / UNIT while it trains
SCORE_CLIP = 3000


def load(path: Path) -> dict[str, Any]:
    fens, score, result, game = [], [], [], []
    with path.open() as f:
        for line in f:
            parts = [p.strip() for p in line.split(";")]
            if len(parts) < 5:
                continue
            fens.append(parts[0])
            score.append(int(parts[1]))
            result.append(float(parts[2]))
            game.append(int(parts[3]))
    stm = np.array([side_to_move(f) for f in fens], dtype=np.int8)
    red = np.array(result, dtype=np.float32)
    return {"fen": fens, "board": np.stack([board_from_fen(f) for f in fens]),
            "stm": stm, "score": np.clip(np.array(score, dtype=np.float32), -SCORE_CLIP,
                                         SCORE_CLIP),
            "result": np.where(stm == 0, red, 1.0 - red).astype(np.float32),
            "game": np.array(game, dtype=np.int64)}


def sigmoid(x: Any) -> Any:
    return 1.0 / (1.0 + np.exp(-x))


def fit_scale(cp: Any, target: Any) -> float:
    """The ``K`` minimising mean((σ(cp / K) - target)²), on a log grid."""
    grid = np.exp(np.linspace(math.log(20), math.log(2000), 200))
    losses = [float(np.mean((sigmoid(cp / k) - target) ** 2)) for k in grid]
    return float(grid[int(np.argmin(losses))])


def hand_eval(fens: list[str]) -> Any:
    return np.array([evaluate(position_from_fen(f), 0, 0) for f in fens], dtype=np.float32)


def quantise(w1: Any, b1: Any, v: Any, c: float, scale: int) -> dict[str, Any]:
    """The file's arrays; ``v`` and ``c`` are rescaled from ``UNIT`` to ``scale`` (a smaller
    scale gives ``w2`` finer steps: one step of it is ``scale / qb`` cp at full activation)."""
    v, c = v * (UNIT / scale), c * (UNIT / scale)
    return {"version": np.int32(1),
            "w1": np.round(w1 * QA).astype(np.int16), "b1": np.round(b1 * QA).astype(np.int16),
            "w2": np.round(v * QB).astype(np.int16), "b2": np.int32(round(c * QA * QB)),
            "qa": np.int32(QA), "qb": np.int32(QB), "scale": np.int32(scale)}


def quantised_cp(net: dict[str, Any], f_stm: Any, f_other: Any) -> Any:
    """The engine's integer arithmetic, in NumPy: centipawns for the side to move."""
    w1 = np.vstack([net["w1"].astype(np.int32), np.zeros((1, net["w1"].shape[1]), np.int32)])
    h = w1.shape[1]
    qa, qb = int(net["qa"]), int(net["qb"])
    acc_s = net["b1"].astype(np.int32) + w1[f_stm.astype(np.int64)].sum(axis=1)
    acc_o = net["b1"].astype(np.int32) + w1[f_other.astype(np.int64)].sum(axis=1)
    w2 = net["w2"].astype(np.int64)
    out = (int(net["b2"]) + np.clip(acc_s, 0, qa) @ w2[:h] + np.clip(acc_o, 0, qa) @ w2[h:])
    return out * int(net["scale"]) // (qa * qb)


def train(args: argparse.Namespace) -> int:
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    t0 = time.monotonic()
    d = load(args.data)
    n = len(d["fen"])
    opening = d["game"] % args.openings
    val = opening % args.val_every == args.val_every - 1
    tr = ~val
    print(f"{n} positions of {len(np.unique(d['game']))} games; train {tr.sum()}, "
          f"validation {val.sum()} ({time.monotonic() - t0:.0f} s to load)", flush=True)

    k_ref = fit_scale(d["score"][tr], d["result"][tr])
    target = (args.lam * d["result"] + (1 - args.lam) * sigmoid(d["score"] / k_ref)
              ).astype(np.float32)
    rng = np.random.default_rng(args.seed)
    sample = rng.choice(np.flatnonzero(tr), size=min(args.hand_sample, int(tr.sum())),
                        replace=False)
    vidx = np.flatnonzero(val)
    hand_tr = hand_eval([d["fen"][i] for i in sample])
    hand_val = hand_eval([d["fen"][i] for i in vidx])
    k = fit_scale(hand_tr, target[sample])
    loss_hand = float(np.mean((sigmoid(hand_val / k) - target[vidx]) ** 2))
    loss_half = float(np.mean((0.5 - target[vidx]) ** 2))
    print(f"K_ref {k_ref:.0f} (labeller cp), K {k:.0f} (hand evaluation cp); validation loss: "
          f"hand evaluation {loss_hand:.6f}, constant 1/2 {loss_half:.6f}", flush=True)

    boards = np.concatenate([d["board"][tr], mirror_files(d["board"][tr])])
    stm_tr = np.concatenate([d["stm"][tr], d["stm"][tr]])
    y_tr = torch.from_numpy(np.concatenate([target[tr], target[tr]]))
    fs, fo = batch_features(boards, stm_tr)
    fs_t, fo_t = torch.from_numpy(fs.astype(np.int64)), torch.from_numpy(fo.astype(np.int64))
    ps_t, po_t = fs_t // 90, fo_t // 90  # the factoriser's (side, kind) of each feature
    vs, vo = batch_features(d["board"][vidx], d["stm"][vidx])
    vs_t, vo_t = torch.from_numpy(vs.astype(np.int64)), torch.from_numpy(vo.astype(np.int64))
    vps_t, vpo_t = vs_t // 90, vo_t // 90
    y_val = torch.from_numpy(target[vidx])

    h = args.hidden
    emb = torch.nn.EmbeddingBag(N_FEATURES + 1, h, mode="sum", padding_idx=PAD)
    with torch.no_grad():
        emb.weight.uniform_(-0.05, 0.05)
        emb.weight[PAD].zero_()
    # The factoriser: one row per (side, kind) added to each of its 90 squares' rows while
    # training (a piece's value learnt from all its squares at once), merged into w1 after.
    fact = torch.nn.EmbeddingBag(15, h, mode="sum", padding_idx=14)
    with torch.no_grad():
        fact.weight.zero_()
    rows = torch.arange(N_FEATURES) // 90
    b1 = torch.nn.Parameter(torch.full((h,), 0.3))
    out = torch.nn.Linear(2 * h, 1)
    with torch.no_grad():
        out.weight.normal_(0, 0.05)
        out.bias.zero_()
    params = [emb.weight, fact.weight, b1, out.weight, out.bias]
    opt = torch.optim.AdamW([{"params": params[:1], "weight_decay": args.wd},
                             {"params": params[1:], "weight_decay": 0.0}], lr=args.lr)
    if not args.factorise:
        fact.weight.requires_grad_(False)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=args.lr_step, gamma=0.3)
    scale_k = UNIT / k

    def forward(a: Any, b: Any, pa: Any, pb: Any) -> Any:
        acc_s = torch.clamp(emb(a) + fact(pa) + b1, 0.0, 1.0)
        acc_o = torch.clamp(emb(b) + fact(pb) + b1, 0.0, 1.0)
        return out(torch.cat([acc_s, acc_o], dim=1)).squeeze(1)

    best: tuple[float, int, tuple[Any, Any, Any, float] | None] = (math.inf, -1, None)
    m = len(y_tr)
    for epoch in range(args.epochs):
        perm = torch.randperm(m)
        total = 0.0
        for i in range(0, m, args.batch):
            j = perm[i:i + args.batch]
            pred = torch.sigmoid(forward(fs_t[j], fo_t[j], ps_t[j], po_t[j]) * scale_k)
            loss = torch.mean((pred - y_tr[j]) ** 2)
            opt.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            opt.step()
            with torch.no_grad():
                emb.weight.clamp_(-args.clip_w1, args.clip_w1)
                emb.weight[PAD].zero_()
            total += float(loss.detach()) * len(j)
        sched.step()
        with torch.no_grad():
            vpred = torch.sigmoid(forward(vs_t, vo_t, vps_t, vpo_t) * scale_k)
            vloss = float(torch.mean((vpred - y_val) ** 2))
        print(f"epoch {epoch + 1}: train {total / m:.6f}, validation {vloss:.6f} "
              f"({time.monotonic() - t0:.0f} s)", flush=True)
        if vloss < best[0]:
            merged = emb.weight.detach()[:N_FEATURES] + fact.weight.detach()[rows]
            best = (vloss, epoch, (merged.clamp(-args.clip_w1, args.clip_w1).numpy().copy(),
                                   b1.detach().numpy().copy(),
                                   out.weight.detach().numpy()[0].copy(),
                                   float(out.bias.detach()[0])))
        elif epoch - best[1] >= args.patience:
            break

    vloss, epoch, kept = best
    assert kept is not None
    state = kept
    net = quantise(*state, scale=args.scale)
    with torch.no_grad():
        emb.weight[:N_FEATURES] = torch.from_numpy(state[0])
        fact.weight.zero_()
        b1.copy_(torch.from_numpy(state[1]))
        out.weight[0] = torch.from_numpy(state[2])
        out.bias.fill_(state[3])
        cp_float = (forward(vs_t, vo_t, vps_t, vpo_t) * UNIT).numpy()
    cp_q = quantised_cp(net, vs, vo).astype(np.float64)
    loss_q = float(np.mean((sigmoid(cp_q / k) - target[vidx]) ** 2))
    diff = np.abs(cp_q - cp_float)
    for other in (400, 200, 100, 50):
        gap = np.abs(quantised_cp(quantise(*state, scale=other), vs, vo) - cp_float).mean()
        print(f"  scale {other}: quantised vs float cp, mean |diff| {gap:.2f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **net)
    print(f"best epoch {epoch + 1}: validation loss float {vloss:.6f}, quantised {loss_q:.6f}, "
          f"hand evaluation {loss_hand:.6f} ({100 * (loss_hand - loss_q) / loss_hand:+.2f} % "
          f"better); quantised vs float cp: mean |diff| {diff.mean():.2f}, max "
          f"{diff.max():.0f}; |cp| mean {np.abs(cp_float).mean():.0f}; "
          f"{args.out} {args.out.stat().st_size} bytes", flush=True)
    acc_max = int(np.abs(net["b1"].astype(np.int32)[None]
                         + np.vstack([net["w1"], np.zeros((1, h), np.int16)]
                                     ).astype(np.int32)[vs.astype(np.int64)].sum(axis=1)).max())
    print(f"largest |accumulator| on validation: {acc_max} (int16 holds 32767)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=Path("/work/data/nnue/positions.txt"))
    ap.add_argument("--out", type=Path, default=Path("/work/data/nnue/nnue.npz"))
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--lam", type=float, default=0.25, help="weight of the game result")
    ap.add_argument("--scale", type=int, default=100, help="the file's scale (cp per unit)")
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--patience", type=int, default=3)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lr-step", type=int, default=12)
    ap.add_argument("--no-factorise", dest="factorise", action="store_false",
                    help="train without the (side, kind) factoriser")
    ap.add_argument("--wd", type=float, default=0.3, help="AdamW weight decay of w1")
    ap.add_argument("--clip-w1", type=float, default=3.9)
    ap.add_argument("--openings", type=int, default=len(load_openings(OPENINGS)),
                    help="openings the labeller cycled (default: those of openings_ab.fen)")
    ap.add_argument("--val-every", type=int, default=10)
    ap.add_argument("--hand-sample", type=int, default=30000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    return train(ap.parse_args())


if __name__ == "__main__":
    sys.exit(main())
