"""Writes split.json once: which real photos train and which are held out for validation only.

Stratified by photo size and card count so both parts see the same kinds of photos. Wallpapers
are split by a hash of their file name, so the rule holds whatever packages are installed.
"""
import hashlib
import json
import os
import random
import sys

import cv2

from paths import REAL_DATASET, SPLIT_FILE

VAL_FRACTION = 0.25
SEED = 5


def label_count(name):
    path = os.path.join(REAL_DATASET, "labels", os.path.splitext(name)[0] + ".txt")
    with open(path) as f:
        return sum(1 for line in f if line.strip())


def stratum(name):
    h, w = cv2.imread(os.path.join(REAL_DATASET, "images", name)).shape[:2]
    n = label_count(name)
    return f"{w}x{h}/{min(n, 2)}"


def wallpaper_is_validation(path):
    return int(hashlib.md5(os.path.basename(path).encode()).hexdigest(), 16) % 6 == 0


def main():
    if os.path.exists(SPLIT_FILE) and "--force" not in sys.argv:
        print(f"{SPLIT_FILE} exists; the split is fixed (pass --force to rewrite it)")
        return
    names = sorted(os.listdir(os.path.join(REAL_DATASET, "images")))
    groups = {}
    for name in names:
        groups.setdefault(stratum(name), []).append(name)
    rng = random.Random(SEED)
    train, val = [], []
    for key in sorted(groups):
        members = groups[key][:]
        rng.shuffle(members)
        k = max(1, round(len(members) * VAL_FRACTION)) if len(members) > 1 else 0
        val += members[:k]
        train += members[k:]
    split = {
        "dataset": "pokemon-card-outliner-train",
        "rule": f"stratified by photo size and card count (0, 1, 2+), seed {SEED}, {VAL_FRACTION:.0%} held out",
        "wallpaper_rule": "wallpapers whose md5(file name) % 6 == 0 are validation negatives only",
        "train": sorted(train),
        "val": sorted(val),
    }
    with open(SPLIT_FILE, "w") as f:
        json.dump(split, f, indent=1)
    print(f"train {len(train)} val {len(val)}")


if __name__ == "__main__":
    main()
