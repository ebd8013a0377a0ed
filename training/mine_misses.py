"""Hard positives: training images with a card a trained model misses or barely finds, for a training
stage to pull up (train.py --hard-frames), as mine_negatives.py's frames are pushed down. The images
are built as rotated_split.py builds its held-out split, but from split.json's "train" photos and
training wallpapers with another seed: those photos turned by the whole circle, and binder pages
and loose piles of their card faces.

  /usr/bin/python3 mine_misses.py --weights out/card-detector.pt --keep 300
"""
import argparse
import os
import pickle

import numpy as np

from batches import encode
from evaluate import run_images
from metrics import detections, iou_one_to_many
from paths import OUT
from rotated_split import build_from
from runners import TorchRunner

TRAIN_SEED = 977
LOW_CONF = 0.01
CHUNK = 64


def weakest_card(boxes, scores, truth):
    """The lowest, over the image's cards, of the best score of a detection on the card (IoU >= 0.5)."""
    if not len(scores):
        return 0.0
    best = [float(scores[iou_one_to_many(t, boxes) >= 0.5].max(initial=0.0)) for t in truth]
    return min(best)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=os.path.join(OUT, "card-detector.pt"))
    ap.add_argument("--size", type=int, default=640, help="input size the images are scored at")
    ap.add_argument("--keep", type=int, default=300, help="how many of the images with the weakest card to keep")
    ap.add_argument("--limit", type=int, help="build from this many photos and compositions only (a smoke run)")
    ap.add_argument("--out", default=os.path.join(OUT, "hard-positives.pkl"))
    args = ap.parse_args()
    items = [it for it in build_from("train", TRAIN_SEED, args.limit) if len(it[1])]
    runner, weakest = TorchRunner(args.weights), []
    for start in range(0, len(items), CHUNK):
        chunk = items[start:start + CHUNK]
        outputs, geometry = run_images(runner, [it[0] for it in chunk], args.size)
        for (image, truth, _, _), out, (scale, pad) in zip(chunk, outputs, geometry):
            boxes, scores = detections(out, scale, pad, LOW_CONF, frame=(image.shape[1], image.shape[0]))
            weakest.append(weakest_card(boxes, scores, truth))
    weakest = np.array(weakest)
    order = np.argsort(weakest)[:args.keep]
    print(f"{len(items)} training images; kept {len(order)} whose weakest card scores {weakest[order[0]]:.3f} to "
          f"{weakest[order[-1]]:.3f} at {args.size} ({int((weakest < 0.1).sum())} under 0.1)", flush=True)
    kept = [(encode(items[i][0]), items[i][1].astype(np.float32)) for i in order]
    with open(args.out, "wb") as f:
        pickle.dump(kept, f, protocol=4)


if __name__ == "__main__":
    main()
