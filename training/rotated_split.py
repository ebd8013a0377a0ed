"""The rotated and multi-card evaluation split, built from held-out data only, and recall on it by
angle band.

Two parts, both seeded so every run builds the same images:
- turned photos: every held-out photo of split.json "val", turned by 8 angles 45 degrees apart
  from a random start (the whole circle), on a black canvas grown to hold it; boxes are the hulls
  of the turned boxes;
- compositions: binder pages (3x3, or two pages 3x6, upright, sideways or at any angle) and loose
  piles of 3-9 cards, made of card faces cut from the held-out photos at angles drawn evenly over
  the three bands, on held-out wallpaper photos.

A card's angle band is its turn folded to 0-90 degrees (turn.fold_angle). "Found" = a detection at
the scanner's confidence (and, under "page_route", at the page route's), after NMS, with IoU >= 0.5
to the card, each detection matching one card.

  /usr/bin/python3 rotated_split.py --onnx ../public/models/card-detector.onnx --sizes 640,320
"""
import argparse
import json
import os
import pickle

import cv2
import numpy as np

from evaluate import run_images
from imagery import cut_real_faces, load_wallpapers
from metrics import PAGE_CONF, SCANNER_CONF, average_precision, detections, iou_one_to_many
from paste import paste, quad_for, rounded_mask
from paths import OUT
from real_data import load_part
from scene import CARD_ASPECT, Sources, background, box_of
from scene_turned import hides, turned_fit
from turn import fold_angle, turn

BANDS = ((0, 15), (15, 45), (45, 90.01))
SEED = 4242
TURNS_PER_PHOTO = 8
COMPOSITIONS = 120
SPLIT_PATH = os.path.join(OUT, "rotated-split.pkl")
AP_CONF = 0.001


def band_of(angle):
    a = fold_angle(angle)
    return next(i for i, (lo, hi) in enumerate(BANDS) if lo <= a < hi)


def angle_in_band(rng, band):
    lo, hi = BANDS[band]
    return float(rng.uniform(lo, min(hi, 90)) * rng.choice([-1, 1]) + 180 * rng.integers(0, 2))


def turned_photos(rng, photos):
    items = []
    for _, image, boxes in photos:
        start = rng.uniform(0, 45)
        for k in range(TURNS_PER_PHOTO):
            angle = start + 45 * k
            out, turned = turn(image, boxes, angle)
            items.append((out, turned, np.full(len(turned), angle, np.float32), "turned photo"))
    return items


def put_card(rng, scene, face, centre, card_w, angle, boxes, angles, placed, overlap):
    h, w = scene.shape[:2]
    quad = quad_for(rng, centre, card_w, card_w / CARD_ASPECT, angle, 0.0)
    box, visible = box_of(quad, w, h)
    if box is None or visible < 0.95 or hides(quad, placed, overlap):
        return
    paste(scene, face, rounded_mask(face.shape[0], face.shape[1], face.shape[1] * 0.045), quad,
          shadow=rng.uniform(0.1, 0.5), rng=rng)
    boxes.append(box)
    angles.append(angle)
    placed.append(quad)


def binder(rng, scene, faces, boxes, angles, placed):
    h, w = scene.shape[:2]
    cols, rows = (3, 3) if rng.random() < 0.6 else (6, 3)
    page_angle = angle_in_band(rng, int(rng.integers(3)))
    page_aspect = cols * 0.78 / rows
    page_w = turned_fit(w, h, page_angle, page_aspect) * rng.uniform(0.85, 0.95)
    cell_w, cell_h = page_w / cols, page_w / page_aspect / rows
    card_w = min(cell_w * 0.88, cell_h * 0.9 * CARD_ASPECT)
    t = np.deg2rad(page_angle)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    for r in range(rows):
        for c in range(cols):
            local = np.array([cell_w * (c + 0.5) - page_w / 2, cell_h * (r + 0.5) - rows * cell_h / 2])
            face = faces[rng.integers(len(faces))]
            put_card(rng, scene, face, tuple(np.array([w / 2, h / 2]) + rot @ local), card_w,
                     page_angle + rng.normal(0, 1.5), boxes, angles, placed, 0.05)


def loose_pile(rng, scene, faces, boxes, angles, placed):
    h, w = scene.shape[:2]
    for _ in range(int(rng.integers(3, 10))):
        card_w = min(w, h) * rng.uniform(0.15, 0.4)
        centre = (rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h)
        put_card(rng, scene, faces[rng.integers(len(faces))], centre, card_w, angle_in_band(rng, int(rng.integers(3))),
                 boxes, angles, placed, 0.15)


def compositions(rng, faces, wallpapers, count=COMPOSITIONS):
    src = Sources(wallpapers, [], [])
    items = []
    while len(items) < count:
        h, w = (960, 720) if rng.random() < 0.5 else (720, 960)
        scene = background(rng, src, h, w)
        boxes, angles, placed = [], [], []
        kind = "binder page" if rng.random() < 0.5 else "loose pile"
        (binder if kind == "binder page" else loose_pile)(rng, scene, faces, boxes, angles, placed)
        if not boxes:
            continue
        ok, enc = cv2.imencode(".jpg", scene, [cv2.IMWRITE_JPEG_QUALITY, 90])
        items.append((cv2.imdecode(enc, cv2.IMREAD_COLOR), np.array(boxes, np.float32), np.array(angles, np.float32), kind))
    return items


def build_from(part, seed, limit=None):
    """Turned photos and compositions of one part of split.json, on that part's wallpapers; limit
    caps the photos, wallpapers and compositions (a smoke run)."""
    cv2.setNumThreads(1)
    rng = np.random.default_rng(seed)
    photos = load_part(part, max_side=960, limit=limit)
    items = turned_photos(rng, photos)
    return items + compositions(rng, cut_real_faces(photos), load_wallpapers(part, 1024, limit),
                                min(COMPOSITIONS, limit or COMPOSITIONS))


def build():
    """[(BGR image, boxes [n, 4], angles [n] degrees, kind)], cached in out/."""
    if os.path.exists(SPLIT_PATH):
        with open(SPLIT_PATH, "rb") as f:
            return pickle.load(f)
    items = build_from("val", SEED)
    os.makedirs(OUT, exist_ok=True)
    with open(SPLIT_PATH, "wb") as f:
        pickle.dump(items, f, protocol=4)
    return items


def found_cards(boxes, truth, iou=0.5):
    """Which truth boxes a detection (best first) claims, one detection per card."""
    found = np.zeros(len(truth), bool)
    for b in boxes:
        if not len(truth):
            break
        ious = iou_one_to_many(b, truth)
        ious[found] = -1
        j = int(np.argmax(ious))
        if ious[j] >= iou:
            found[j] = True
    return found


def found_by_band(items, outputs, geometry, conf):
    """Cards found per band at one confidence, for turned photos, compositions and all."""
    per_band = np.zeros((2, 2, len(BANDS)), int)  # [turned photo | composition][found, cards]
    kinds = {"turned photo": 0, "binder page": 1, "loose pile": 1}
    false_pos = 0
    for (image, truth, angles, kind), out, (scale, pad) in zip(items, outputs, geometry):
        boxes, _ = detections(out, scale, pad, conf, frame=(image.shape[1], image.shape[0]))
        found = found_cards(boxes, truth)
        false_pos += len(boxes) - int(found.sum())
        for ok, angle in zip(found, angles):
            per_band[kinds[kind], 0, band_of(angle)] += ok
            per_band[kinds[kind], 1, band_of(angle)] += 1
    result = {"conf": conf, "false_detections": false_pos}
    for k, name in enumerate(("turned_photos", "compositions", "all")):
        counts = per_band.sum(0) if name == "all" else per_band[k]
        result[name] = {f"{int(lo)}-{int(hi)}": {"found": int(f), "cards": int(n), "recall": round(f / max(n, 1), 4)}
                        for (lo, hi), f, n in zip(BANDS, counts[0], counts[1])}
    return result


def measure(runner, items, size):
    """At the scanner's confidence (one card to accept) and the page route's (every card on a photo)."""
    outputs, geometry = run_images(runner, [it[0] for it in items], size)
    low = [(*detections(out, scale, pad, AP_CONF, frame=(it[0].shape[1], it[0].shape[0])), it[1])
           for it, out, (scale, pad) in zip(items, outputs, geometry)]
    result = {"input_size": size, "tool": runner.name, "ap50": round(average_precision(low), 4), "images": len(items)}
    result.update(found_by_band(items, outputs, geometry, SCANNER_CONF))
    result["page_route"] = found_by_band(items, outputs, geometry, PAGE_CONF)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=os.path.join(OUT, "card-detector.pt"))
    ap.add_argument("--onnx", help="run this ONNX file with onnxruntime-web instead of the torch weights")
    ap.add_argument("--sizes", default="640,320")
    ap.add_argument("--out", default=os.path.join(OUT, "rotated-evaluation.json"))
    ap.add_argument("--preview", help="write the first images of each kind with their boxes to this folder")
    args = ap.parse_args()
    items = build()
    if args.preview:
        os.makedirs(args.preview, exist_ok=True)
        for i in list(range(0, 16, 3)) + list(range(len(items) - 6, len(items))):
            image = items[i][0].copy()
            for x1, y1, x2, y2 in items[i][1]:
                cv2.rectangle(image, (int(x1), int(y1)), (int(x2), int(y2)), (0, 255, 0), 2)
            cv2.imwrite(os.path.join(args.preview, f"{i:04d}.png"), image)
    from runners import OrtWebRunner, TorchRunner
    runner = OrtWebRunner(args.onnx) if args.onnx else TorchRunner(args.weights)
    results = []
    for size in (int(s) for s in args.sizes.split(",")):
        results.append(measure(runner, items, size))
        print(json.dumps(results[-1], indent=1), flush=True)
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
