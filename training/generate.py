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

from batches import encode
from paths import OUT
from sources_cache import load_sources
from scene import make_scene
from scene_turned import make_scene_turned

PART_SEEDS = {"train": 1000, "val": 2000, "smoke": 3000}
# "upright": the shipped model's frames; "turned": cards at any angle, piles and binder pages (scene_turned.py)
SCENES = {"upright": make_scene, "turned": make_scene_turned}
_sources = {}


def shard_path(part, k):
    return os.path.join(OUT, "synthetic", part, f"shard-{k:03d}.pkl")


def make_shard(job):
    part, k, size, recipe = job
    path = shard_path(part, k)
    if os.path.exists(path):
        return path
    wallpaper_part = "val" if part == "val" else "train"
    if wallpaper_part not in _sources:
        _sources[wallpaper_part] = load_sources(wallpaper_part)
    return write_shard(part, k, size, _sources[wallpaper_part], recipe)


def write_shard(part, k, size, src, recipe="upright"):
    path = shard_path(part, k)
    cv2.setNumThreads(1)
    rng = np.random.default_rng([PART_SEEDS[part], k])
    items = []
    for _ in range(size):
        image, boxes = SCENES[recipe](rng, src)
        items.append((encode(image), boxes))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "wb") as f:
        pickle.dump(items, f, protocol=4)
    os.replace(path + ".tmp", path)
    return path


def check_recipe(part, recipe):
    """Shards present are reused, so a part's folder says which recipe made them; shards from
    before the turned recipe existed, with no such note, are upright ones."""
    folder = os.path.dirname(shard_path(part, 0))
    note = os.path.join(folder, "recipe.txt")
    made = open(note).read().strip() if os.path.exists(note) else ("upright" if os.path.isdir(folder) and os.listdir(folder) else None)
    if made not in (None, recipe):
        raise SystemExit(f"{folder} holds {made} frames, not {recipe}: set TRAINING_OUT to another folder or remove it")
    os.makedirs(folder, exist_ok=True)
    with open(note, "w") as f:
        f.write(recipe + "\n")


def generate(part, shards, shard_size, workers=2, recipe="upright"):
    check_recipe(part, recipe)
    load_sources("val" if part == "val" else "train")  # build the cache before forking
    jobs = [(part, k, shard_size, recipe) for k in range(shards)]
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
    ap.add_argument("--recipe", choices=SCENES, default="upright")
    args = ap.parse_args()
    generate(args.part, args.shards, args.shard_size, recipe=args.recipe)


if __name__ == "__main__":
    main()
