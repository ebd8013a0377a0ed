"""Box-level check of the corner model on real phone photos: the held-out photos of the detector's
split ("val" of split.json, never used by the corner model either) that show one card. The model
reads a window around the labelled box; the box around its four corners is compared with the label.

/usr/bin/python3 corners/real_box_check.py [--weights out/corners/card-corners.pt]
"""
import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import crop_window, cut_window, decode_heatmaps, from_window  # noqa: E402
from corner_model import CornerNet  # noqa: E402
from paths import OUT  # noqa: E402
from real_data import load_part  # noqa: E402


def iou(a, b):
    iw = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    ih = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = iw * ih
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=os.path.join(OUT, "corners", "card-corners.pt"))
    args = ap.parse_args()
    model = CornerNet()
    model.load_state_dict(torch.load(args.weights, map_location="cpu"))
    model.eval()
    scores = []
    for name, image, boxes in load_part("val", 800):
        if len(boxes) != 1:
            continue
        rgb = image[:, :, ::-1].copy()
        window = crop_window(boxes[0])
        x = torch.from_numpy(cut_window(rgb, window)).permute(2, 0, 1)[None].float() / 255
        with torch.no_grad():
            quad = from_window(decode_heatmaps(model(x)[0].numpy()), window)
        h, w = rgb.shape[:2]
        found = [max(quad[:, 0].min(), 0), max(quad[:, 1].min(), 0), min(quad[:, 0].max(), w), min(quad[:, 1].max(), h)]
        scores.append(iou(found, boxes[0]))
    scores = np.array(scores)
    print(f"{len(scores)} held-out real photos with one card: box around the corners vs the label, "
          f"IoU median {np.median(scores):.3f}, >= 0.9: {(scores >= 0.9).mean():.1%}, >= 0.8: {(scores >= 0.8).mean():.1%}, "
          f">= 0.5: {(scores >= 0.5).mean():.1%}")


if __name__ == "__main__":
    main()
