"""Trains the corner model on out/corners/{train,val}-{scenes,photos}.npz (build_data.py).

Loss: heatmap_loss.py. Augmented on the fly: flips and half turns (corners relabelled by
geometry), brightness, contrast, colour and noise.

/usr/bin/python3 train_corners.py --steps 1500 --batch 24
"""
import argparse
import math
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import IN_H, IN_W, STRIDE, card_size, decode_heatmaps, order_corners  # noqa: E402
from corner_model import CornerNet  # noqa: E402
from heatmap_loss import ema_update, heatmap_loss  # noqa: E402
from paths import OUT  # noqa: E402

DATA = os.path.join(OUT, "corners")


def augment(rng, images, corners):
    images = images.copy()
    corners = corners.copy()
    for i in range(len(images)):
        img, c = images[i], corners[i]
        if rng.random() < 0.5:
            img = img[:, ::-1]
            c[:, 0] = IN_W - c[:, 0]
        if rng.random() < 0.2:
            img = img[::-1, ::-1]
            c[:] = [IN_W, IN_H] - c
        images[i] = img
        corners[i] = order_corners(c)
    x = torch.from_numpy(images).permute(0, 3, 1, 2).float() / 255
    n = len(images)
    gain = torch.from_numpy(rng.uniform(0.6, 1.4, (n, 1, 1, 1))).float()
    colour = torch.from_numpy(rng.uniform(0.85, 1.15, (n, 3, 1, 1))).float()
    mean = x.mean((1, 2, 3), keepdim=True)
    contrast = torch.from_numpy(rng.uniform(0.7, 1.3, (n, 1, 1, 1))).float()
    x = ((x - mean) * contrast + mean) * gain * colour
    x = x + torch.randn_like(x) * torch.from_numpy(rng.uniform(0, 0.03, (n, 1, 1, 1))).float()
    return x.clamp(0, 1).contiguous(memory_format=torch.channels_last), torch.from_numpy(corners)


def accuracy(model, images, corners, batch=64):
    """Share of windows whose four decoded corners are all within 2% (and 1%) of the card's size."""
    model.eval()
    hits2 = hits1 = 0
    with torch.no_grad():
        for s in range(0, len(images), batch):
            x = torch.from_numpy(images[s:s + batch]).permute(0, 3, 1, 2).float() / 255
            out = model(x).numpy()
            for k in range(len(out)):
                pred = decode_heatmaps(out[k])
                err = np.linalg.norm(pred - corners[s + k], axis=1).max() / card_size(corners[s + k])
                hits2 += err <= 0.02
                hits1 += err <= 0.01
    model.train()
    return hits2 / len(images), hits1 / len(images)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--batch", type=int, default=24)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(DATA, "card-corners.pt"))
    ap.add_argument("--eval-every", type=int, default=300)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    parts = {(part, what): np.load(os.path.join(DATA, f"{part}-{what}.npz")) for part in ("train", "val") for what in ("scenes", "photos")}
    images = np.concatenate([parts["train", w]["images"] for w in ("scenes", "photos")])
    corners = np.concatenate([parts["train", w]["corners"] for w in ("scenes", "photos")])
    val_sets = {w: (parts["val", w]["images"], parts["val", w]["corners"]) for w in ("scenes", "photos")}
    print(f"train {len(images)} windows, val " + ", ".join(f"{k} {len(v[0])}" for k, v in val_sets.items()), flush=True)
    model = CornerNet().to(memory_format=torch.channels_last)
    ema = CornerNet()
    ema.load_state_dict(model.state_dict())
    decay, no_decay = [], []
    for name, p in model.named_parameters():
        (decay if p.ndim > 1 else no_decay).append(p)
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 5e-4}, {"params": no_decay, "weight_decay": 0}], lr=args.lr)
    warm = 100
    start = time.time()
    for step in range(1, args.steps + 1):
        lr = args.lr * (step / warm if step < warm else 0.5 * (1 + math.cos(math.pi * (step - warm) / (args.steps - warm))))
        for g in opt.param_groups:
            g["lr"] = lr
        idx = rng.integers(0, len(images), args.batch)
        x, y = augment(rng, images[idx], corners[idx])
        loss, ce, l1 = heatmap_loss(model(x), y, STRIDE)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()
        ema_update(ema, model, step)
        if step % 50 == 0:
            print(f"step {step} loss {loss.item():.3f} ce {ce.item():.3f} l1 {l1.item():.3f} cells lr {lr:.5f} {time.time() - start:.0f}s", flush=True)
        if step % args.eval_every == 0 or step == args.steps:
            scores = {k: accuracy(ema, *v) for k, v in val_sets.items()}
            print(f"step {step} val within 2% / 1%: " + ", ".join(f"{k} {a:.3f} / {b:.3f}" for k, (a, b) in scores.items()), flush=True)
            torch.save(ema.state_dict(), args.out)
    print(f"trained in {(time.time() - start) / 60:.1f} min -> {args.out}", flush=True)


if __name__ == "__main__":
    main()
