"""Trains the corner refiner on out/corners/refine-{train,val}-{scenes,photos}.npz (build_refine_data.py).

Loss and loop: heatmap_training.py. Augmented on the fly: the patch mirrored about its diagonal (the two sides
swap; the corner stays a corner), brightness, contrast, colour and noise.

/usr/bin/python3 train_refiner.py --steps 6000 --batch 64
"""
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import decode_heatmaps  # noqa: E402
from heatmap_training import photometric, train_on_sets, training_args  # noqa: E402
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
    args = training_args(steps=6000, batch=64, seed=5, out=os.path.join(DATA, "corner-refiner.pt"), eval_every=1000)
    describe = lambda scores: "val corners within 2% / 1% (unrefined 2%): " + ", ".join(  # noqa: E731
        f"{k} {a:.3f} / {b:.3f} ({c:.3f})" for k, (a, b, c) in scores.items())
    train_on_sets(CornerRefiner, DATA, "refine-", ("patches", "targets"), augment, accuracy, describe, args, STRIDE, 200, 100)


if __name__ == "__main__":
    main()
