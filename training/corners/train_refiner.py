"""Trains the corner refiner on out/corners/refine-{train,val}-{scenes,photos}.npz (build_refine_data.py).

Loss: heatmap_loss.py. Augmented on the fly: the patch mirrored about its diagonal (the two sides
swap; the corner stays a corner), brightness, contrast, colour and noise.

/usr/bin/python3 train_refiner.py --steps 6000 --batch 64
"""
import argparse
import math
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import decode_heatmaps  # noqa: E402
from heatmap_loss import ema_update, heatmap_loss  # noqa: E402
from paths import OUT  # noqa: E402
from refine_common import PATCH, SPAN, STRIDE  # noqa: E402
from refine_model import CornerRefiner  # noqa: E402

DATA = os.path.join(OUT, "corners")
CARD = PATCH / SPAN  # the card's height in patch pixels


def augment(rng, patches, targets):
    patches = patches.copy()
    targets = targets.copy()
    swap = rng.random(len(patches)) < 0.5
    patches[swap] = patches[swap].transpose(0, 2, 1, 3)
    targets[swap] = targets[swap][:, ::-1]
    x = torch.from_numpy(patches).permute(0, 3, 1, 2).float() / 255
    n = len(patches)
    gain = torch.from_numpy(rng.uniform(0.6, 1.4, (n, 1, 1, 1))).float()
    colour = torch.from_numpy(rng.uniform(0.85, 1.15, (n, 3, 1, 1))).float()
    mean = x.mean((1, 2, 3), keepdim=True)
    contrast = torch.from_numpy(rng.uniform(0.7, 1.3, (n, 1, 1, 1))).float()
    x = ((x - mean) * contrast + mean) * gain * colour
    x = x + torch.randn_like(x) * torch.from_numpy(rng.uniform(0, 0.03, (n, 1, 1, 1))).float()
    return x.clamp(0, 1).contiguous(memory_format=torch.channels_last), torch.from_numpy(np.ascontiguousarray(targets)).view(n, 1, 2)


def accuracy(model, patches, targets, batch=256):
    """Share of corners found within 2% (and 1%) of the card's height, and before refining."""
    model.eval()
    errors = []
    with torch.no_grad():
        for s in range(0, len(patches), batch):
            out = model(torch.from_numpy(patches[s:s + batch]).permute(0, 3, 1, 2).float() / 255).numpy()
            errors += [np.linalg.norm(decode_heatmaps(o, STRIDE)[0] - t) / CARD for o, t in zip(out, targets[s:s + batch])]
    model.train()
    errors = np.array(errors)
    before = np.linalg.norm(targets - PATCH / 2, axis=1) / CARD
    return (errors <= 0.02).mean(), (errors <= 0.01).mean(), (before <= 0.02).mean()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=6000)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", default=os.path.join(DATA, "corner-refiner.pt"))
    ap.add_argument("--eval-every", type=int, default=1000)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    parts = {(part, what): np.load(os.path.join(DATA, f"refine-{part}-{what}.npz")) for part in ("train", "val") for what in ("scenes", "photos")}
    patches = np.concatenate([parts["train", w]["patches"] for w in ("scenes", "photos")])
    targets = np.concatenate([parts["train", w]["targets"] for w in ("scenes", "photos")])
    val_sets = {w: (parts["val", w]["patches"], parts["val", w]["targets"]) for w in ("scenes", "photos")}
    print(f"train {len(patches)} patches, val " + ", ".join(f"{k} {len(v[0])}" for k, v in val_sets.items()), flush=True)
    model = CornerRefiner().to(memory_format=torch.channels_last)
    ema = CornerRefiner()
    ema.load_state_dict(model.state_dict())
    decay, no_decay = [], []
    for p in model.parameters():
        (decay if p.ndim > 1 else no_decay).append(p)
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 5e-4}, {"params": no_decay, "weight_decay": 0}], lr=args.lr)
    warm = 200
    start = time.time()
    for step in range(1, args.steps + 1):
        lr = args.lr * (step / warm if step < warm else 0.5 * (1 + math.cos(math.pi * (step - warm) / (args.steps - warm))))
        for g in opt.param_groups:
            g["lr"] = lr
        idx = rng.integers(0, len(patches), args.batch)
        x, y = augment(rng, patches[idx], targets[idx])
        loss, ce, l1 = heatmap_loss(model(x), y, STRIDE)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()
        ema_update(ema, model, step)
        if step % 100 == 0:
            print(f"step {step} loss {loss.item():.3f} ce {ce.item():.3f} l1 {l1.item():.3f} cells lr {lr:.5f} {time.time() - start:.0f}s", flush=True)
        if step % args.eval_every == 0 or step == args.steps:
            scores = {k: accuracy(ema, *v) for k, v in val_sets.items()}
            print(f"step {step} val corners within 2% / 1% (unrefined 2%): " + ", ".join(f"{k} {a:.3f} / {b:.3f} ({c:.3f})" for k, (a, b, c) in scores.items()), flush=True)
            torch.save(ema.state_dict(), args.out)
    print(f"trained in {(time.time() - start) / 60:.1f} min -> {args.out}", flush=True)


if __name__ == "__main__":
    main()
