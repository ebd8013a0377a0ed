"""Trains the corner refiner on out/corners/refine-{train,val}-{scenes,photos}.npz (build_refine_data.py).

Loss and loop: heatmap_training.py. Augmented on the fly: the patch mirrored about its diagonal (the two sides
swap; the corner stays a corner), brightness, contrast, colour and noise.

/usr/bin/python3 train_refiner.py --steps 6000 --batch 64
"""
import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import decode_heatmaps  # noqa: E402
from heatmap_training import load_sets, photometric, train  # noqa: E402
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
    return photometric(rng, patches), torch.from_numpy(np.ascontiguousarray(targets)).view(len(patches), 1, 2)


def accuracy(model, patches, targets, batch=256):
    """Share of corners found within 2% (and 1%) of the card's height, and before refining (the model
    in eval mode, without gradients: heatmap_training.train calls it so)."""
    errors = []
    for s in range(0, len(patches), batch):
        out = model(torch.from_numpy(patches[s:s + batch]).permute(0, 3, 1, 2).float() / 255).numpy()
        errors += [np.linalg.norm(decode_heatmaps(o, STRIDE)[0] - t) / CARD for o, t in zip(out, targets[s:s + batch])]
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
    patches, targets, val_sets = load_sets(DATA, "refine-", "patches", "targets")

    def batches(step):
        idx = rng.integers(0, len(patches), args.batch)
        return augment(rng, patches[idx], targets[idx])

    def evaluate(model):
        scores = {k: accuracy(model, *v) for k, v in val_sets.items()}
        return "val corners within 2% / 1% (unrefined 2%): " + ", ".join(f"{k} {a:.3f} / {b:.3f} ({c:.3f})" for k, (a, b, c) in scores.items())

    train(CornerRefiner, batches, STRIDE, args.steps, args.lr, 200, evaluate, args.out, args.eval_every, 100)


if __name__ == "__main__":
    main()
