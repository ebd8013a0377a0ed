"""Synthetic frames of two hard kinds for the hard-frame stages (train.py --hard-frames), drawn with
their true boxes so a stage keeps the cards in them:
- pocket-pages: binder pages on a pocket sheet with some pockets empty. An empty pocket is a
  card-shaped rectangle with no card, which the page route answered as a card.
- playmats: cards (or none) on a playmat printed with card pictures far larger than a card. Cards
  lying turned on such a mat were the turned cards the third stage missed most.

  /usr/bin/python3 hard_scenes.py --kind pocket-pages --out out/pocket-pages.pkl
  /usr/bin/python3 hard_scenes.py --kind playmats --out out/playmats.pkl
"""
import argparse
import os
import pickle

import numpy as np

from batches import encode
from paths import OUT
from scene import playmat
from scene_turned import make_scene_turned
from sources_cache import load_sources

# The seeds stand apart from the shards' (generate.PART_SEEDS) and from each other.
KINDS = {
    "pocket-pages": {"seed": 4000, "file": "pocket-pages.pkl",
                     "scene": lambda rng, src, empty: make_scene_turned(rng, src, layout="grid", sheet_chance=1.0,
                                                                        empty_chance=empty)},
    "playmats": {"seed": 4100, "file": "playmats.pkl",
                 "scene": lambda rng, src, empty: make_scene_turned(rng, src, backdrop=playmat)},
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kind", choices=KINDS, required=True)
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--seed", type=int, help="the kind's own seed unless given")
    ap.add_argument("--empty", type=float, default=0.2, help="pocket pages: chance of each pocket being empty")
    ap.add_argument("--wallpapers", default="train")
    ap.add_argument("--limit", type=int, help="a few sources only (smoke runs)")
    ap.add_argument("--out", help="out/<the kind's file> unless given")
    args = ap.parse_args()
    kind = KINDS[args.kind]
    src = load_sources(args.wallpapers, limit=args.limit)
    rng = np.random.default_rng(kind["seed"] if args.seed is None else args.seed)
    items = []
    for _ in range(args.frames):
        image, boxes = kind["scene"](rng, src, args.empty)
        items.append((encode(image), boxes))
    with open(args.out or os.path.join(OUT, kind["file"]), "wb") as f:
        pickle.dump(items, f, protocol=4)
    print(f"{len(items)} {args.kind}, {sum(len(b) for _, b in items)} cards", flush=True)


if __name__ == "__main__":
    main()
