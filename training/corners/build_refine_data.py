"""Training and validation patches for the corner refiner, with the true corner in each.

The same photos as the corner model's (build_data.py): scenes made from the detector's scene parts
and photos from the project's photo generator. Each photo gives a few rough outlines, its true
corners each moved as the corner model errs (mostly 1-4% of the card, at most MAX_MISS), half of
them on the photo cut so the card runs off it (cut_photo), and each rough outline four patches
(refine_common.py) labelled with where the true corner lies in them.

/usr/bin/python3 build_refine_data.py --part train --what scenes --scenes 3000 --workers 2
/usr/bin/python3 build_refine_data.py --part train --what photos   # after render-photos.ts
"""
import argparse
import json
import os
import sys
from multiprocessing import Pool

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import build_data  # noqa: E402
from common import card_size, order_corners  # noqa: E402
from refine_common import cut_patches, to_patch  # noqa: E402

MISS_SPREADS = ((0.004, 0.25), (0.015, 0.4), (0.035, 0.35))  # (sigma as a share of the card, chance)
MAX_MISS = 0.11
OUTLINES = 3
CUT_CHANCE = 0.5  # an outline's photo cut so the card may run off it: the app's frame and hand-held photos do
SIDE_CUT = (0.35, 0.12)  # each side of the photo: the chance it cuts into the card, and by up to this share of the card


def cut_photo(rng, image, quad):
    """The photo cut on some sides into the card's bounding box, as a frame capture or a close photo cuts
    it: corners beyond the cut are black in their patches and the refiner must find them from the sides."""
    if rng.random() >= CUT_CHANCE:
        return image, quad
    size = card_size(quad)
    low, high = quad.min(0), quad.max(0)
    h, w = image.shape[:2]
    cut = lambda: rng.random() < SIDE_CUT[0]  # noqa: E731
    left = int(low[0] + rng.uniform(0, SIDE_CUT[1]) * size) if cut() else 0
    top = int(low[1] + rng.uniform(0, SIDE_CUT[1]) * size) if cut() else 0
    right = int(high[0] - rng.uniform(0, SIDE_CUT[1]) * size) if cut() else w
    bottom = int(high[1] - rng.uniform(0, SIDE_CUT[1]) * size) if cut() else h
    left, top, right, bottom = max(0, left), max(0, top), min(w, right), min(h, bottom)
    return image[top:bottom, left:right], quad - [left, top]


def rough_outline(rng, quad):
    size = card_size(quad)
    spreads, chances = zip(*MISS_SPREADS)
    sigma = spreads[rng.choice(len(spreads), p=chances)] * size
    return quad + np.clip(rng.normal(0, sigma, quad.shape), -MAX_MISS * size, MAX_MISS * size)


def photo_patches(rng, image_rgb, quad, outlines=OUTLINES):
    quad = order_corners(quad)
    out = []
    for _ in range(outlines):
        image, true_quad = cut_photo(rng, image_rgb, quad)
        patches, frames, shrink = cut_patches(image, rough_outline(rng, true_quad))
        for k in range(4):
            out.append((patches[k], to_patch(true_quad[k], frames[k], shrink)))
    return out


def scene_patches(seed):
    made = build_data.scene_photo(seed)
    return [] if made is None else photo_patches(np.random.default_rng(seed + 5_000_000), *made)


def generated_photo_patches(part, seed):
    photos = build_data.PHOTOS
    labels = json.load(open(os.path.join(photos, "labels.json")))
    labels = labels[-build_data.VAL_PHOTOS:] if part == "val" else labels[:-build_data.VAL_PHOTOS]
    rng = np.random.default_rng(seed)
    out = []
    for entry in labels:
        image = cv2.cvtColor(cv2.imread(os.path.join(photos, entry["file"])), cv2.COLOR_BGR2RGB)
        out += photo_patches(rng, image, np.array([[c["x"], c["y"]] for c in entry["corners"]], np.float32))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", default="train", choices=["train", "val"])
    ap.add_argument("--scenes", type=int, default=3000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--what", default="scenes", choices=["scenes", "photos"])
    args = ap.parse_args()
    base = 1_000_000 if args.part == "val" else 0
    if args.what == "scenes":
        with Pool(args.workers, initializer=build_data.init, initargs=(args.part,)) as pool:
            samples = [s for made in pool.imap(scene_patches, range(base, base + args.scenes), chunksize=16) for s in made]
    else:
        samples = generated_photo_patches(args.part, 17 + base)
    path = os.path.join(build_data.CORNERS_OUT, f"refine-{args.part}-{args.what}.npz")
    np.savez(path, patches=np.stack([s[0] for s in samples]), targets=np.stack([s[1] for s in samples]))
    print(f"{path}: {len(samples)} patches", flush=True)


if __name__ == "__main__":
    main()
