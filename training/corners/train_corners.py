"""Trains the corner model on out/corners/{train,val}-{scenes,photos}.npz (build_data.py).

Loss and loop: heatmap_training.py. Augmented on the fly: flips and half turns (corners relabelled by
geometry), brightness, contrast, colour and noise.

/usr/bin/python3 train_corners.py --steps 6000 --batch 24
"""
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import IN_H, IN_W, STRIDE, card_size, decode_heatmaps, order_corners  # noqa: E402
from corner_model import CornerNet  # noqa: E402
from heatmap_training import photometric, train_on_sets, training_args  # noqa: E402
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
    args = training_args(steps=6000, batch=24, seed=3, out=os.path.join(DATA, "card-corners.pt"), eval_every=300)
    describe = lambda scores: "val within 2% / 1%: " + ", ".join(f"{k} {a:.3f} / {b:.3f}" for k, (a, b) in scores.items())  # noqa: E731
    train_on_sets(CornerNet, DATA, "", ("images", "corners"), augment, accuracy, describe, args, STRIDE, 100, 50)


if __name__ == "__main__":
    main()
