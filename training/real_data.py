"""The real photos: names from split.json, boxes as [x1, y1, x2, y2] pixels in the stored image."""
import json
import os

import cv2
import numpy as np

from paths import REAL_DATASET, SPLIT_FILE


def split_names(part):
    with open(SPLIT_FILE) as f:
        return json.load(f)[part]


def read_boxes(name, width, height):
    path = os.path.join(REAL_DATASET, "labels", os.path.splitext(name)[0] + ".txt")
    boxes = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) < 5:
                continue
            cx, cy, w, h = (float(v) for v in parts[1:5])
            boxes.append([(cx - w / 2) * width, (cy - h / 2) * height, (cx + w / 2) * width, (cy + h / 2) * height])
    return np.array(boxes, dtype=np.float32).reshape(-1, 4)


def load_photo(name, max_side=None):
    """Returns (BGR image, boxes); large photos are shrunk so a training set fits in memory."""
    image = cv2.imread(os.path.join(REAL_DATASET, "images", name))
    h, w = image.shape[:2]
    boxes = read_boxes(name, w, h)
    if max_side and max(h, w) > max_side:
        scale = max_side / max(h, w)
        image = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
        boxes = boxes * scale
    return image, boxes


def load_part(part, max_side=None, limit=None):
    return [(name, *load_photo(name, max_side)) for name in split_names(part)[:limit]]
