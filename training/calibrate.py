"""Chooses a score offset so that the spec's gate (confidence 0.22, split at 0.6) rejects frames with
no card, using training data only: frame crops of the training photos, card-free crops of them,
training wallpapers and synthetic training frames without a card. The offset is subtracted from
the score logits of both heads before export, one per input size (export.py joins them linearly);
it keeps the ranking at each size, so AP does not change."""
import argparse
import json
import os

import numpy as np

from batches import decode, load_shards
from frames import card_frame, card_free_frames, centred_frame
from generate import shard_path
from imagery import load_wallpapers
from letterbox import letterbox, to_tensor_layout
from metrics import (GATE_ASPECT, GATE_ASPECT_TOL, GATE_CENTRE, GATE_CONF_SPLIT, GATE_MIN_AREA, SCANNER_CONF,
                     detections)
from paths import OUT, TRAINING
from real_data import load_part
from runners import TorchRunner

CALIBRATION_FILE = os.path.join(OUT, "calibration.json")
# Held-out no-card frames passed at two to three times the training rate an offset was chosen at
# (models/card-detector.md), so the training rate aimed at is half the 1% the gate is held to.
TARGET_NEGATIVE_RATE = 0.005


def cut(image, rect):
    l, t, r, b = rect
    return image[t:b, l:r]


def training_frames(synthetic_shards=2):
    positives, negatives = [], []
    for _, im, boxes in load_part("train", max_side=960):
        h, w = im.shape[:2]
        if len(boxes) == 1:
            positives.append(cut(im, card_frame(boxes[0], w, h)))
        elif len(boxes) == 0:
            negatives.append(cut(im, centred_frame(w, h)))
        negatives += [cut(im, r) for r in card_free_frames(boxes, w, h)]
    for wp in load_wallpapers("train", 800):
        negatives.append(cut(wp, centred_frame(wp.shape[1], wp.shape[0])))
    for jpeg, boxes in load_shards([shard_path("train", k) for k in range(synthetic_shards)]):
        if len(boxes) == 0:
            im = decode(jpeg)
            negatives.append(cut(im, centred_frame(im.shape[1], im.shape[0])))
    return positives, negatives


def top_detection(runner, frames, size):
    """Per frame: (best score or 0, passes area and aspect, centre inside 10-90%)."""
    rows = []
    for i in range(0, len(frames), 32):
        chunk = frames[i:i + 32]
        inputs, geo = [], []
        for f in chunk:
            rgb, _, scale, pad = letterbox(f, size)
            inputs.append(to_tensor_layout(rgb))
            geo.append((scale, pad))
        for f, out, (scale, pad) in zip(chunk, runner(np.stack(inputs)), geo):
            h, w = f.shape[:2]
            boxes, scores = detections(out, scale, pad, 0.01, frame=(w, h))
            if len(scores) == 0:
                rows.append((0.0, False, False))
                continue
            x1, y1, x2, y2 = boxes[0]
            bw, bh = x2 - x1, y2 - y1
            shape_ok = bw > 0 and bh > 0 and bw * bh / (w * h) > GATE_MIN_AREA and abs(bw / max(bh, 1e-6) - GATE_ASPECT) <= GATE_ASPECT_TOL
            cx, cy = (x1 + x2) / 2 / w, (y1 + y2) / 2 / h
            centre_ok = GATE_CENTRE[0] <= cx <= GATE_CENTRE[1] and GATE_CENTRE[0] <= cy <= GATE_CENTRE[1]
            rows.append((float(scores[0]), bool(shape_ok), bool(centre_ok)))
    return rows


def accept_rate(rows, offset):
    n = 0
    for s, shape_ok, centre_ok in rows:
        logit = np.log(max(s, 1e-9) / max(1 - s, 1e-9)) - offset
        s2 = 1 / (1 + np.exp(-logit))
        n += s2 >= SCANNER_CONF and shape_ok and (s2 >= GATE_CONF_SPLIT or centre_ok)
    return n / max(len(rows), 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=os.path.join(OUT, "card-detector.pt"))
    ap.add_argument("--sizes", default="640,320")
    ap.add_argument("--synthetic-shards", type=int, default=2, help="training shards whose no-card frames count")
    ap.add_argument("--out", default=CALIBRATION_FILE)
    args = ap.parse_args()
    runner = TorchRunner(args.weights)
    positives, negatives = training_frames(args.synthetic_shards)
    print(f"{len(positives)} one-card frames, {len(negatives)} no-card frames (training data only)", flush=True)
    per_size = {}
    for size in (int(s) for s in args.sizes.split(",")):
        per_size[size] = (top_detection(runner, positives, size), top_detection(runner, negatives, size))
    rates = {round(float(o), 1): {size: (accept_rate(p, o), accept_rate(n, o)) for size, (p, n) in per_size.items()}
             for o in np.arange(0.0, 4.01, 0.1)}
    for offset, by_size in rates.items():
        print(f"offset {offset:.1f}: " + ", ".join(f"{s}: positive {p:.3f} negative {n:.3f}" for s, (p, n) in by_size.items()), flush=True)
    # Per input size, the smallest offset whose no-card frames pass at most the target rate.
    chosen = {size: next((o for o, by_size in rates.items() if by_size[size][1] <= TARGET_NEGATIVE_RATE), None) for size in per_size}
    if any(o is None for o in chosen.values()):
        chosen = {"score_logit_offset": 4.0, "note": "target negative rate not reached"}
    else:
        chosen = {"score_logit_offset": {str(s): o for s, o in chosen.items()},
                  "train_rates": {str(s): {"positive": round(rates[o][s][0], 4), "negative": round(rates[o][s][1], 4)} for s, o in chosen.items()},
                  "frames": {"positive": len(positives), "negative": len(negatives)}}
    with open(args.out, "w") as f:
        json.dump(chosen, f, indent=1)
    print(json.dumps(chosen), flush=True)


if __name__ == "__main__":
    main()
