"""Where a model's score offset sits between its two targets: for offsets around the one it was
exported with, the cards found per angle band of the rotated split at the page route's threshold,
and the held-out frames the gate passes, with and without a card. The detector runs once; each
offset only moves the scores' logits, as export.py's offset does.

  /usr/bin/python3 offset_sweep.py --onnx ../public/models/card-detector.onnx --size 640
"""
import argparse

import numpy as np

from evaluate import gate_counts, real_sets, run_images, synthetic_sets, wallpaper_frames
from metrics import PAGE_CONF
from rotated_split import build, found_by_band
from runners import OrtWebRunner


def shifted(outputs, delta):
    """Scores as an offset larger by delta would give them."""
    out = np.array(outputs, copy=True)
    s = np.clip(out[:, 4], 1e-9, 1 - 1e-9)
    out[:, 4] = 1 / (1 + np.exp(delta - np.log(s / (1 - s))))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--onnx", required=True)
    ap.add_argument("--size", type=int, default=640)
    ap.add_argument("--deltas", default="-0.4,-0.3,-0.2,-0.1,0,0.1,0.2,0.3,0.4", help="offsets added to the exported one")
    ap.add_argument("--fresh-shards", metavar="FIRST:COUNT",
                    help="also count the no-card frames of these training shards, ones no stage, mining or "
                         "calibration read (made by generate.py --shards FIRST+COUNT)")
    args = ap.parse_args()
    runner = OrtWebRunner(args.onnx)
    items = build()
    turned = run_images(runner, [it[0] for it in items], args.size)
    _, singles, _, empty, free = real_sets()
    no_card = empty + free + wallpaper_frames() + synthetic_sets(2, "val")[1]
    one_card = run_images(runner, singles, args.size)
    none = run_images(runner, no_card, args.size)
    fresh = []
    if args.fresh_shards:
        first, count = (int(v) for v in args.fresh_shards.split(":"))
        fresh = synthetic_sets(count, "train", first)[1]
    fresh_out = run_images(runner, fresh, args.size)
    for delta in (float(d) for d in args.deltas.split(",")):
        bands = found_by_band(items, shifted(turned[0], delta), turned[1], PAGE_CONF)["all"]
        found = ", ".join(f"{band} {b['found']}/{b['cards']}" for band, b in bands.items())
        passed = gate_counts(singles, shifted(one_card[0], delta), one_card[1])["accepted"]
        wrong = gate_counts(no_card, shifted(none[0], delta), none[1])["accepted"]
        line = (f"offset {delta:+.1f}: found at {PAGE_CONF} {found}; one-card frames passed {passed}/{len(singles)}, "
                f"no-card frames passed {wrong}/{len(no_card)}")
        if fresh:
            line += f", fresh no-card frames passed {gate_counts(fresh, shifted(fresh_out[0], delta), fresh_out[1])['accepted']}/{len(fresh)}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
