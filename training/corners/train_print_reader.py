"""Trains the print reader on the corner model's windows, out/corners/{train,val}-{scenes,photos}.npz
(build_data.py), starting from the corner model's weights (out/corners/card-corners.pt).

Each sample is a window warped through a rough outline of its card (print_common.py): the true
corners moved by a Gaussian of ROUGH of the card's height each (at most three times that), and for
a fifth of them one corner by up to FAR more, as the outlines the locate stage gives are off. For
HIDDEN of them the window is blacked out beyond a line across the card, up to a quarter of it in,
as a photo's border cuts a card: the reader learns to place a side it cannot see from the rest of
the card's print. Then flips and half turns (corners relabelled), brightness, contrast, colour and
noise. Loss and loop: heatmap_training.py. Validation: the share of windows, each through a fixed
rough outline, whose four corners come within 2% of the card's height.

/usr/bin/python3 train_print_reader.py --steps 8000 --batch 24 --seed 7 --threads 2 --lr 1.5e-3
"""
import os
import sys

import cv2
import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import print_common as pc  # noqa: E402
from common import card_size, decode_heatmaps, order_corners  # noqa: E402
from corner_model import CornerNet  # noqa: E402
from heatmap_training import photometric, train_on_sets, training_args  # noqa: E402
from paths import OUT  # noqa: E402

DATA = os.path.join(OUT, "corners")
ROUGH, FAR, HIDDEN = 0.025, 0.10, 0.3
VAL_SEED = 99


def hide_beyond(rng, image, corners):
    """The window black beyond a line across the card near one of its extreme sides."""
    xs, ys = corners[:, 0], corners[:, 1]
    side = rng.integers(4)
    cut = rng.uniform(0.0, 0.25) * card_size(corners)
    image = image.copy()
    if side == 0:
        image[:, :max(0, int(xs.min() + cut))] = 0
    elif side == 1:
        image[:, int(min(image.shape[1], xs.max() - cut)):] = 0
    elif side == 2:
        image[:max(0, int(ys.min() + cut))] = 0
    else:
        image[int(min(image.shape[0], ys.max() - cut)):] = 0
    return image


def sample(rng, image, corners):
    """(the reader's input, the true corners in it, the map from window to input) for a rough outline of the window's card."""
    truth = order_corners(corners)
    size = card_size(truth)
    rough = truth + rng.normal(0, ROUGH * size, (4, 2)).clip(-3 * ROUGH * size, 3 * ROUGH * size)
    if rng.random() < 0.2:
        rough[rng.integers(4)] += rng.uniform(-FAR, FAR, 2) * size
    if rng.random() < HIDDEN:
        image = hide_beyond(rng, image, truth)
    h = pc.homography(pc.portrait(order_corners(rough)))
    warped = cv2.warpPerspective(image, h, (pc.IN_W, pc.IN_H), flags=cv2.INTER_LINEAR)
    seen = pc.apply(h, truth)
    target = np.stack([seen[np.argmin(np.linalg.norm(seen - corner, axis=1))] for corner in pc.FRAME])
    return warped, target, h


def augment(rng, images, corners):
    xs, ys = [], []
    for image, c in zip(images, corners):
        x, y, _ = sample(rng, image, c)
        if rng.random() < 0.5:
            x = x[:, ::-1]
            y = y[[1, 0, 3, 2]].copy()
            y[:, 0] = pc.IN_W - y[:, 0]
        if rng.random() < 0.5:
            x = x[::-1, ::-1]
            y = y[[2, 3, 0, 1]].copy()
            y[:] = [pc.IN_W, pc.IN_H] - y
        xs.append(np.ascontiguousarray(x))
        ys.append(y)
    return photometric(rng, np.stack(xs)), torch.from_numpy(np.stack(ys).astype(np.float32))


def accuracy(model, images, corners, batch=64):
    """Share of validation windows, each through the same rough outline every time, read within 2% of the card's height."""
    rng = np.random.default_rng(VAL_SEED)
    samples = [sample(rng, image, c) for image, c in zip(images, corners)]
    hits = 0
    for s in range(0, len(samples), batch):
        part = samples[s:s + batch]
        out = model(torch.from_numpy(np.stack([x for x, _, _ in part])).permute(0, 3, 1, 2).float() / 255).numpy()
        for k, (_, target, h) in enumerate(part):
            back = np.linalg.inv(h)
            found, truth = pc.apply(back, decode_heatmaps(out[k])), pc.apply(back, target)
            hits += np.linalg.norm(found - truth, axis=1).max() / card_size(truth) <= 0.02
    return hits / len(samples)


def from_corner_model():
    model = CornerNet()
    model.load_state_dict(torch.load(os.path.join(DATA, "card-corners.pt")))
    return model


def main():
    args = training_args(steps=8000, batch=24, seed=7, out=os.path.join(DATA, "card-print-reader.pt"), eval_every=500)
    describe = lambda scores: "val within 2%: " + ", ".join(f"{k} {a:.3f}" for k, a in scores.items())  # noqa: E731
    train_on_sets(from_corner_model, DATA, "", ("images", "corners"), augment, accuracy, describe, args, pc.STRIDE, 100, 100)


if __name__ == "__main__":
    main()
