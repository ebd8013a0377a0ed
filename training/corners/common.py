"""The corner model's contract, shared by data building, training, evaluation and export.

The model sees a window of the photo around a card: the detector's box (or the whole photo when
the detector finds nothing) grown by GROW, widened or heightened to the input's aspect, cut with
black outside the photo and resized (area) to IN_W x IN_H. It returns four corner heatmaps at
1/STRIDE of the input; server/vision/locate/card-corners-model.ts cuts the same window and decodes them.
"""
import cv2
import numpy as np

IN_W, IN_H = 160, 224
STRIDE = 4
GROW = 1.25  # the window around the box: room for a box that cuts the card short
OUT_W, OUT_H = IN_W // STRIDE, IN_H // STRIDE
CARD_ASPECT = 63 / 88


def crop_window(box):
    """[x1, y1, x2, y2] photo pixels -> integer (left, top, width, height) of the window."""
    x1, y1, x2, y2 = (float(v) for v in box)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    height = max(y2 - y1, (x2 - x1) * IN_H / IN_W) * GROW
    width = height * IN_W / IN_H
    return round(cx - width / 2), round(cy - height / 2), max(1, round(width)), max(1, round(height))


def cut_window(image, window):
    """The window of an H x W x 3 image, black outside it, resized to IN_W x IN_H."""
    left, top, width, height = window
    h, w = image.shape[:2]
    out = np.zeros((height, width, 3), np.uint8)
    x0, y0, x1, y1 = max(left, 0), max(top, 0), min(left + width, w), min(top + height, h)
    if x1 > x0 and y1 > y0:
        out[y0 - top:y1 - top, x0 - left:x1 - left] = image[y0:y1, x0:x1]
    return cv2.resize(out, (IN_W, IN_H), interpolation=cv2.INTER_AREA)


def to_window(points, window):
    left, top, width, height = window
    return (np.asarray(points, np.float32) - [left, top]) * [IN_W / width, IN_H / height]


def from_window(points, window):
    left, top, width, height = window
    return np.asarray(points, np.float32) * [width / IN_W, height / IN_H] + [left, top]


def order_corners(quad):
    """Top-left, top-right, bottom-right, bottom-left as seen: the card's turn is taken modulo a
    quarter turn, so the labels never depend on which way up the card is printed."""
    q = np.asarray(quad, np.float64)
    edges = np.roll(q, -1, 0) - q
    angles = np.arctan2(edges[:, 1], edges[:, 0])
    turn = np.angle(np.sum(np.exp(4j * angles))) / 4  # the edges' direction modulo 90 degrees
    centred = q - q.mean(0)
    c, s = np.cos(-turn), np.sin(-turn)
    upright = centred @ np.array([[c, s], [-s, c]])
    around = np.arctan2(upright[:, 1], upright[:, 0])  # y down: top-left is near -135 degrees
    start = int(np.argmin(np.abs(np.angle(np.exp(1j * (around + 3 * np.pi / 4))))))
    # clockwise on screen = increasing angle with y down
    order = np.argsort(np.mod(around - around[start], 2 * np.pi))
    return q[order].astype(np.float32)


def decode_heatmaps(logits, stride=STRIDE):
    """[K, H, W] logits -> [K, 2] points in input pixels: each map's peak cell, refined by the
    softmax-weighted mean over the 5 x 5 cells around it (the same in card-corners-model.ts)."""
    corners = np.zeros((len(logits), 2), np.float32)
    for k in range(len(logits)):
        m = logits[k]
        iy, ix = np.unravel_index(int(np.argmax(m)), m.shape)
        y0, y1, x0, x1 = max(iy - 2, 0), min(iy + 3, m.shape[0]), max(ix - 2, 0), min(ix + 3, m.shape[1])
        patch = np.exp(m[y0:y1, x0:x1] - m[iy, ix])
        ys, xs = np.mgrid[y0:y1, x0:x1]
        cy, cx = (patch * ys).sum() / patch.sum(), (patch * xs).sum() / patch.sum()
        corners[k] = [(cx + 0.5) * stride, (cy + 0.5) * stride]
    return corners


def card_size(quad):
    """The card's height in pixels (mean of its two long sides): accuracy is counted in shares of it."""
    q = np.asarray(quad, np.float64)
    sides = np.linalg.norm(np.roll(q, -1, 0) - q, axis=1)
    return float(max((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
