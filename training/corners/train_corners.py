"""Trains the corner model on out/corners/{train,val}-{scenes,photos}.npz (build_data.py).

Loss and loop: heatmap_training.py. Augmented on the fly: flips and half turns (corners relabelled by
geometry), brightness, contrast, colour and noise.

/usr/bin/python3 train_corners.py --steps 1500 --batch 24
"""
import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import IN_H, IN_W, STRIDE, card_size, decode_heatmaps, order_corners  # noqa: E402
from corner_model import CornerNet  # noqa: E402
from heatmap_training import load_sets, photometric, train  # noqa: E402
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
    return photometric(rng, images), torch.from_numpy(corners)


def accuracy(model, images, corners, batch=64):
    """Share of windows whose four decoded corners are all within 2% (and 1%) of the card's size (the
    model in eval mode, without gradients: heatmap_training.train calls it so)."""
    hits2 = hits1 = 0
    for s in range(0, len(images), batch):
        x = torch.from_numpy(images[s:s + batch]).permute(0, 3, 1, 2).float() / 255
        out = model(x).numpy()
        for k in range(len(out)):
            pred = decode_heatmaps(out[k])
            err = np.linalg.norm(pred - corners[s + k], axis=1).max() / card_size(corners[s + k])
            hits2 += err <= 0.02
            hits1 += err <= 0.01
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
    images, corners, val_sets = load_sets(DATA, "", "images", "corners")

    def batches(step):
        idx = rng.integers(0, len(images), args.batch)
        return augment(rng, images[idx], corners[idx])

    def evaluate(model):
        scores = {k: accuracy(model, *v) for k, v in val_sets.items()}
        return "val within 2% / 1%: " + ", ".join(f"{k} {a:.3f} / {b:.3f}" for k, (a, b) in scores.items())

    train(CornerNet, batches, STRIDE, args.steps, args.lr, 100, evaluate, args.out, args.eval_every, 50)


if __name__ == "__main__":
    main()
