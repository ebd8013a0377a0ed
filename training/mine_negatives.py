"""Hard negatives: the scanner-shaped crops of synthetic frames with no card that a trained model
scores highest, for a training stage to draw apart (train.py --hard-frames). Mined from shards
the training and calibrate.py do not read (--first-shard on), so the offset calibration chooses
is still measured on frames the model was not pushed down on.

  /usr/bin/python3 mine_negatives.py --weights out/card-detector.pt --first-shard 10 --shards 4
"""
import argparse
import os
import pickle

import numpy as np

from batches import decode, encode, load_shards
from calibrate import cut, top_detection
from frames import centred_frame
from generate import shard_path
from paths import OUT
from runners import TorchRunner

HARD_NEGATIVES_FILE = os.path.join(OUT, "hard-negatives.pkl")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=os.path.join(OUT, "card-detector.pt"))
    ap.add_argument("--part", default="train")
    ap.add_argument("--first-shard", type=int, default=10)
    ap.add_argument("--shards", type=int, default=4)
    ap.add_argument("--size", type=int, default=640, help="input size the frames are scored at")
    ap.add_argument("--keep", type=int, default=300, help="how many of the highest-scored frames to keep")
    ap.add_argument("--out", default=HARD_NEGATIVES_FILE)
    args = ap.parse_args()
    items = load_shards([shard_path(args.part, k) for k in range(args.first_shard, args.first_shard + args.shards)])
    frames = []
    for jpeg, boxes in items:
        if len(boxes) == 0:
            image = decode(jpeg)
            frames.append(cut(image, centred_frame(image.shape[1], image.shape[0])))
    if not frames:
        raise SystemExit("these shards hold no frame without a card")
    scores = np.array([s for s, _, _ in top_detection(TorchRunner(args.weights), frames, args.size)])
    order = np.argsort(-scores)[:args.keep]
    print(f"{len(frames)} no-card frames; kept {len(order)} scoring {scores[order[-1]]:.3f} to {scores[order[0]]:.3f} "
          f"at {args.size}", flush=True)
    kept = [(encode(frames[i]), np.zeros((0, 4), np.float32)) for i in order]
    with open(args.out, "wb") as f:
        pickle.dump(kept, f, protocol=4)


if __name__ == "__main__":
    main()
