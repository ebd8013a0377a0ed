"""Turns a photo by any angle with its card boxes, on a canvas grown to hold the whole photo."""
import cv2
import numpy as np


def turn(image, boxes, angle_deg, fill=(0, 0, 0)):
    """The new box is the hull of the turned box, exact for an upright card that fills its box. The
    canvas grows instead of mirroring the edges, so no unlabelled copy of a card appears."""
    h, w = image.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle_deg, 1.0)
    cos, sin = abs(m[0, 0]), abs(m[0, 1])
    nw, nh = int(np.ceil(h * sin + w * cos)), int(np.ceil(h * cos + w * sin))
    m[0, 2] += nw / 2 - w / 2
    m[1, 2] += nh / 2 - h / 2
    out = cv2.warpAffine(image, m, (nw, nh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                         borderValue=tuple(int(v) for v in fill))
    boxes = np.asarray(boxes, np.float32).reshape(-1, 4)
    if len(boxes) == 0:
        return out, boxes
    corners = np.stack([boxes[:, [0, 1]], boxes[:, [2, 1]], boxes[:, [2, 3]], boxes[:, [0, 3]]], 1)
    turned = corners @ m[:, :2].T + m[:, 2]
    new = np.concatenate([turned.min(1), turned.max(1)], 1)
    return out, np.clip(new, 0, [nw, nh, nw, nh]).astype(np.float32)


def fold_angle(angle_deg):
    """A card's turn as 0..90 degrees from upright or sideways-upright (a card turned 180 reads as 0)."""
    a = float(angle_deg) % 180
    return 180 - a if a > 90 else a
