"""Measures the detector: AP@0.5 on held-out real photos and synthetic validation frames, and the
spec's gate on frame-shaped crops (single-card photos) and on photos with no card.

Runs either the torch weights or the exported ONNX through onnxruntime-web; every figure in the
report names the tool that produced it.
"""
import argparse
import json
import os

import cv2
import numpy as np

from batches import decode, load_shards
from frames import card_frame, card_free_frames, centred_frame
from generate import shard_path
from imagery import load_wallpapers
from letterbox import letterbox, to_tensor_layout
from metrics import SCANNER_CONF, average_precision, detections, gate_accepts, iou_one_to_many, precision_recall
from paths import MODEL_OUT, OUT
from real_data import load_part
from runners import OrtWebRunner, TorchRunner

AP_CONF = 0.001


def run_images(runner, images, size):
    """images: BGR arrays -> (raw outputs [n, 5, N], letterbox (scale, pad) per image)."""
    inputs, geometry = [], []
    for image in images:
        rgb, _, scale, pad = letterbox(image, size)
        inputs.append(to_tensor_layout(rgb))
        geometry.append((scale, pad))
    if not inputs:
        return [], []
    return runner(np.stack(inputs)), geometry


def ap_on(runner, items, size):
    """items: [(image, truth boxes)] -> AP@0.5, precision and recall at the scanner's threshold."""
    outputs, geometry = run_images(runner, [im for im, _ in items], size)
    low, high = [], []
    for (image, truth), out, (scale, pad) in zip(items, outputs, geometry):
        frame = (image.shape[1], image.shape[0])
        low.append((*detections(out, scale, pad, AP_CONF, frame=frame), truth))
        high.append((*detections(out, scale, pad, SCANNER_CONF, frame=frame), truth))
    p, r = precision_recall(high)
    return {"ap50": round(average_precision(low), 4), "precision": round(p, 4), "recall": round(r, 4),
            "images": len(items), "boxes": int(sum(len(t) for _, t in items))}


def gate_on(runner, crops, size, truth=None):
    """Acceptance rate of the gate over frame crops; with truth, also the rate whose box hits the card."""
    outputs, geometry = run_images(runner, crops, size)
    return gate_counts(crops, outputs, geometry, truth)


def gate_counts(crops, outputs, geometry, truth=None):
    """gate_on over outputs the detector already gave."""
    accepted = on_card = 0
    for i, (crop, out, (scale, pad)) in enumerate(zip(crops, outputs, geometry)):
        h, w = crop.shape[:2]
        boxes, scores = detections(out, scale, pad, SCANNER_CONF, frame=(w, h))
        ok = gate_accepts(boxes, scores, w, h)
        accepted += ok
        if ok and truth is not None and iou_one_to_many(boxes[0], truth[i][None])[0] >= 0.5:
            on_card += 1
    n = max(len(crops), 1)
    result = {"rate": round(accepted / n, 4), "accepted": int(accepted), "frames": len(crops)}
    if truth is not None:
        result["rate_on_card"] = round(on_card / n, 4)
    return result


def cut(image, rect):
    l, t, r, b = rect
    return image[t:b, l:r]


def real_sets(limit=None):
    photos = load_part("val", limit=limit)
    items = [(im, boxes) for _, im, boxes in photos]
    singles, single_truth, empty, free = [], [], [], []
    for _, im, boxes in photos:
        h, w = im.shape[:2]
        if len(boxes) == 1:
            rect = card_frame(boxes[0], w, h)
            singles.append(cut(im, rect))
            single_truth.append(boxes[0] - np.array([rect[0], rect[1], rect[0], rect[1]], np.float32))
        elif len(boxes) == 0:
            empty.append(cut(im, centred_frame(w, h)))
        for rect in card_free_frames(boxes, w, h):
            free.append(cut(im, rect))
    return items, singles, np.array(single_truth), empty, free


def wallpaper_frames(limit=None):
    frames = []
    for wp in load_wallpapers("val", 800, limit):
        h, w = wp.shape[:2]
        frames.append(cut(wp, centred_frame(w, h)))
        cw = int(min(w, h * 0.7) * 0.5)
        frames.append(wp[:int(cw / 0.7), :cw])  # a closer look at one corner
    return frames


def synthetic_sets(shards, part="val", first=0):
    items = [(decode(j), b) for j, b in load_shards([shard_path(part, k) for k in range(first, first + shards)])]
    empty = [cut(im, centred_frame(im.shape[1], im.shape[0])) for im, b in items if len(b) == 0]
    return items, empty


def evaluate(runner, size, synthetic_shards=2, limit=None, synthetic_part="val", synthetic_ap=True):
    items, singles, single_truth, empty, free = real_sets(limit)
    syn_items, syn_empty = synthetic_sets(synthetic_shards, synthetic_part)
    if limit:
        syn_items, syn_empty = syn_items[:limit], syn_empty[:limit]
    negatives = {
        "real_no_card_photos": gate_on(runner, empty, size),
        "real_card_free_crops": gate_on(runner, free, size),
        "held_out_wallpapers": gate_on(runner, wallpaper_frames(limit), size),
        "synthetic_no_card": gate_on(runner, syn_empty, size),
    }
    neg_frames = sum(v["frames"] for v in negatives.values())
    neg_accepted = sum(v["accepted"] for v in negatives.values())
    return {
        "tool": runner.name,
        "input_size": size,
        "real_val": ap_on(runner, items, size),
        "synthetic_val": ap_on(runner, syn_items, size) if synthetic_ap else None,
        "gate_accept_positive": gate_on(runner, singles, size, single_truth),
        "gate_accept_negative": {"rate": round(neg_accepted / max(neg_frames, 1), 4), "accepted": neg_accepted,
                                 "frames": neg_frames, "by_source": negatives},
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=os.path.join(OUT, "card-detector.pt"))
    ap.add_argument("--onnx", help="evaluate this ONNX file with onnxruntime-web instead of the torch weights")
    ap.add_argument("--sizes", default="640,320")
    ap.add_argument("--synthetic-shards", type=int, default=2)
    ap.add_argument("--limit", type=int, help="first N images of each set only (smoke runs)")
    ap.add_argument("--out", default=os.path.join(OUT, "evaluation.json"))
    ap.add_argument("--no-synthetic-ap", action="store_true", help="skip AP on the 600 synthetic frames (the slow part)")
    args = ap.parse_args()
    runner = OrtWebRunner(args.onnx) if args.onnx else TorchRunner(args.weights)
    results = []
    for size in (int(s) for s in args.sizes.split(",")):
        r = evaluate(runner, size, args.synthetic_shards, args.limit, synthetic_ap=not args.no_synthetic_ap)
        if isinstance(runner, OrtWebRunner):
            t = sorted(runner.times_ms)
            r["ort_web_run_ms"] = {"p50": round(t[len(t) // 2], 1), "p90": round(t[int(len(t) * 0.9)], 1), "runs": len(t)}
            runner.times_ms = []
        results.append(r)
        print(json.dumps(r, indent=1), flush=True)
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
