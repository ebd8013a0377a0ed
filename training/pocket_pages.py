"""Binder pages on a pocket sheet with some pockets empty, for the hard-frame stage (train.py
--hard-frames): an empty pocket is a card-shaped rectangle with no card, which the page route
answered as a card. Drawn with their true boxes, so the stage keeps the cards of the page.

  /usr/bin/python3 pocket_pages.py --frames 300 --out out/pocket-pages.pkl
"""
import argparse
import os
import pickle

import numpy as np

from batches import encode
from paths import OUT
from scene_turned import make_scene_turned
from sources_cache import load_sources

POCKET_PAGES_FILE = os.path.join(OUT, "pocket-pages.pkl")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--seed", type=int, default=4000, help="apart from the shards' seeds (generate.PART_SEEDS)")
    ap.add_argument("--empty", type=float, default=0.2, help="chance of each pocket being empty")
    ap.add_argument("--wallpapers", default="train")
    ap.add_argument("--limit", type=int, help="a few sources only (smoke runs)")
    ap.add_argument("--out", default=POCKET_PAGES_FILE)
    args = ap.parse_args()
    src = load_sources(args.wallpapers, limit=args.limit)
    rng = np.random.default_rng(args.seed)
    items = []
    for _ in range(args.frames):
        image, boxes = make_scene_turned(rng, src, layout="grid", sheet_chance=1.0, empty_chance=args.empty)
        items.append((encode(image), boxes))
    with open(args.out, "wb") as f:
        pickle.dump(items, f, protocol=4)
    print(f"{len(items)} pocket pages, {sum(len(b) for _, b in items)} cards", flush=True)


if __name__ == "__main__":
    main()
