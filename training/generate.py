"""Generates synthetic frames once, in shards on disk, using every core (2 here).

A shard is a pickle of [(jpeg bytes, boxes float32 [n, 4] xyxy pixels)]; shard k of a part is
seeded from (part seed, k), so any shard can be regenerated alone and identically.
"""
import argparse
import os
import pickle
import time
from multiprocessing import Pool

import cv2
import numpy as np

from paths import OUT
from sources_cache import load_sources
from scene import make_scene

PART_SEEDS = {"train": 1000, "val": 2000, "smoke": 3000}
_sources = {}


def shard_path(part, k):
    return os.path.join(OUT, "synthetic", part, f"shard-{k:03d}.pkl")


def make_shard(job):
    part, k, size = job
    path = shard_path(part, k)
    if os.path.exists(path):
        return path
    wallpaper_part = "val" if part == "val" else "train"
    if wallpaper_part not in _sources:
        _sources[wallpaper_part] = load_sources(wallpaper_part)
    return write_shard(part, k, size, _sources[wallpaper_part])


def write_shard(part, k, size, src):
    path = shard_path(part, k)
    cv2.setNumThreads(1)
    rng = np.random.default_rng([PART_SEEDS[part], k])
    items = []
    for _ in range(size):
        image, boxes = make_scene(rng, src)
        ok, enc = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        items.append((enc.tobytes(), boxes))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "wb") as f:
        pickle.dump(items, f, protocol=4)
    os.replace(path + ".tmp", path)
    return path


def generate(part, shards, shard_size, workers=2):
    load_sources("val" if part == "val" else "train")  # build the cache before forking
    jobs = [(part, k, shard_size) for k in range(shards)]
    start = time.time()
    with Pool(workers) as pool:
        for i, path in enumerate(pool.imap_unordered(make_shard, jobs)):
            print(f"{part}: {i + 1}/{shards} shards ({time.time() - start:.0f}s) {os.path.basename(path)}", flush=True)
    return [shard_path(part, k) for k in range(shards)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--part", choices=PART_SEEDS, default="train")
    ap.add_argument("--shards", type=int, default=16)
    ap.add_argument("--shard-size", type=int, default=500)
    args = ap.parse_args()
    generate(args.part, args.shards, args.shard_size)


if __name__ == "__main__":
    main()
