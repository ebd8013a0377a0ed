"""Training and validation windows for the corner model, with their corners known.

Two kinds of photo, both with the card's true corners:
- scenes made here from the detector's scene parts (scene.py): real table, cloth and playmat
  backgrounds cut from the detector's training photos, distractors, other cards, hands, sleeves,
  shadows and camera effects; card faces are procedural (card_render.py) or card images outside
  the catalogue (OUTSIDE_DIRS, less the ones the real-card kit photographed);
- photos from the project's photo generator (render-photos.ts) of the same outside images and of
  generated cards.
Each photo gives a window around the card as the detector's box would place it (the card's box with
its edges moved a little, as a detector errs), or the whole photo (no detection).

/usr/bin/python3 build_data.py --part train --what scenes --scenes 4000 --workers 2
/usr/bin/python3 build_data.py --part train --what photos   # after render-photos.ts
"""
import argparse
import glob
import json
import os
import sys
from multiprocessing import Pool

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import IN_H, IN_W, crop_window, cut_window, order_corners, to_window  # noqa: E402
from paths import OUT  # noqa: E402

CORNERS_OUT = os.path.join(OUT, "corners")
OUTSIDE_DIRS = [d for d in os.environ.get("CARD_OUTSIDE_DIRS", "").split(":") if d]
KIT = os.path.join(os.environ.get("REAL_CARD_KIT", ""), "kit.json")
PHOTOS = os.path.join(CORNERS_OUT, "photos")
VAL_PHOTOS = 150  # the generator's last photos are validation
WHOLE_PHOTO = 0.12


def images_in(folder):
    out = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isdir(path):
            out += images_in(path)
        elif name.lower().endswith((".png", ".jpg", ".jpeg", ".webp")):
            out.append(path)
    return out


def kit_outside_images():
    """The outside images the kit photographed (photo i shows file floor(i * files / photos))."""
    files = [f for d in OUTSIDE_DIRS for f in images_in(d)]
    if not os.path.exists(KIT):
        return set()
    photos = sum(1 for p in json.load(open(KIT))["photos"] if p["printingId"] is None)
    return {files[(i * len(files)) // photos] for i in range(photos)}


def outside_faces(part):
    """Outside card images, cut to the 63x88 texture; every 8th is kept for validation."""
    from imagery import CARD_TEXTURE
    excluded = kit_outside_images()
    files = [f for d in OUTSIDE_DIRS if os.path.isdir(d) for f in images_in(d) if f not in excluded]
    files = [f for i, f in enumerate(files) if (i % 8 == 0) == (part == "val")]
    faces = []
    for f in files:
        image = cv2.imread(f, cv2.IMREAD_COLOR)
        if image is not None and abs(image.shape[1] / image.shape[0] - 63 / 88) < 0.05:
            faces.append(cv2.resize(image, CARD_TEXTURE, interpolation=cv2.INTER_AREA))
    return faces


def backgrounds(part):
    """Table, cloth and playmat photos: the detector's training photos (its held-out ones for validation)."""
    from real_data import load_part
    return [image for _, image, _ in load_part("train" if part == "train" else "val", 800)]


SOURCES = None


def init(part):
    global SOURCES
    from scene import Sources
    SOURCES = Sources(backgrounds(part), outside_faces(part), [])


def one_scene(seed):
    """A window around the card of one scene, with its corners in window pixels."""
    rng = np.random.default_rng(seed)
    made = compose_scene(rng)
    return None if made is None else window_sample(rng, *made)


def scene_photo(seed):
    """One whole scene (RGB) and the card's four corners in its pixels, or None."""
    return compose_scene(np.random.default_rng(seed))


def compose_scene(rng):
    from scene import (CARD_ASPECT, angle_sample, background, frame_size, hand, one_card_fill, place_card,
                       random_centre)
    from distractors import random_distractor
    from paste import paste, quad_for
    from photo_effects import camera
    src = SOURCES
    h, w = frame_size(rng, 640)
    scene = background(rng, src, h, w)
    for _ in range(int(rng.choice([0, 1, 2], p=[0.5, 0.35, 0.15]))):
        tex, alpha = random_distractor(rng, src.wallpapers)
        th, tw = tex.shape[:2]
        dw = np.sqrt(rng.uniform(0.03, 0.3) * h * w * tw / th)
        quad = quad_for(rng, random_centre(rng, w, h, 0.0), dw, dw * th / tw, angle_sample(rng), rng.uniform(0, 0.25))
        paste(scene, tex, alpha, quad, shadow=rng.uniform(0, 0.5), rng=rng)
    boxes = []
    if rng.random() < 0.25:  # other cards nearby: a binder page or a table
        for _ in range(int(rng.integers(1, 4))):
            place_card(rng, scene, src, rng.uniform(0.03, 0.15), random_centre(rng, w, h, 0.05), angle_sample(rng),
                       rng.uniform(0, 0.2), boxes)
    quad = None
    for _ in range(20):
        fill = one_card_fill(rng)
        largest = min(w, h * CARD_ASPECT)
        area = (fill * largest) ** 2 / CARD_ASPECT / (h * w)
        centre = random_centre(rng, w, h, 0.5 * fill if rng.random() < 0.85 else 0.4 * fill)
        quad = place_card(rng, scene, src, area, centre, angle_sample(rng) if rng.random() < 0.85 else rng.normal(0, 12),
                          rng.uniform(0, 0.2), boxes)
        if quad is not None:
            break
        boxes = boxes[:0] if not boxes else boxes
    if quad is None:
        return None
    if rng.random() < 0.3:
        hand(rng, scene, quad)
    scene = camera(rng, scene, boxes[-1])
    return cv2.cvtColor(scene, cv2.COLOR_BGR2RGB), np.asarray(quad, np.float32)


def detector_box(rng, quad, w, h):
    """Where a detector would box the card: its visible box with each edge a little off, or the whole photo."""
    if rng.random() < WHOLE_PHOTO:
        return [0, 0, w, h]
    x1, y1 = np.maximum(quad.min(0), 0)
    x2, y2 = np.minimum(quad.max(0), [w, h])
    bw, bh = x2 - x1, y2 - y1
    spread = 0.04 if rng.random() < 0.7 else 0.08
    jitter = rng.normal(0, spread, 4) * [bw, bh, bw, bh]
    return [max(0, x1 + jitter[0]), max(0, y1 + jitter[1]), min(w, x2 + jitter[2]), min(h, y2 + jitter[3])]


def window_sample(rng, image_rgb, quad):
    h, w = image_rgb.shape[:2]
    window = crop_window(detector_box(rng, np.asarray(quad, np.float32), w, h))
    return cut_window(image_rgb, window), order_corners(to_window(quad, window))


def photo_samples(part, per_photo, seed):
    labels = json.load(open(os.path.join(PHOTOS, "labels.json")))
    labels = labels[-VAL_PHOTOS:] if part == "val" else labels[:-VAL_PHOTOS]
    rng = np.random.default_rng(seed)
    out = []
    for entry in labels:
        image = cv2.cvtColor(cv2.imread(os.path.join(PHOTOS, entry["file"])), cv2.COLOR_BGR2RGB)
        quad = np.array([[c["x"], c["y"]] for c in entry["corners"]], np.float32)
        for _ in range(per_photo):
            out.append(window_sample(rng, image, quad))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", default="train", choices=["train", "val"])
    ap.add_argument("--scenes", type=int, default=4000)
    ap.add_argument("--per-photo", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--what", default="scenes", choices=["scenes", "photos"])
    args = ap.parse_args()
    base = 1_000_000 if args.part == "val" else 0
    if args.what == "scenes":
        with Pool(args.workers, initializer=init, initargs=(args.part,)) as pool:
            samples = [s for s in pool.imap(one_scene, range(base, base + args.scenes), chunksize=16) if s is not None]
    else:
        samples = photo_samples(args.part, args.per_photo, 7 + base)
    images = np.stack([s[0] for s in samples]).astype(np.uint8)
    corners = np.stack([s[1] for s in samples]).astype(np.float32)
    os.makedirs(CORNERS_OUT, exist_ok=True)
    path = os.path.join(CORNERS_OUT, f"{args.part}-{args.what}.npz")
    np.savez(path, images=images, corners=corners)
    print(f"{path}: {images.shape}", flush=True)

if __name__ == "__main__":
    main()
