"""The print reader's contract, shared by training, evaluation and export.

The reader sees a card through a rough outline of it: the photo warped (bilinear, black outside
it) so the outline's corners, in its order with a short side first, fill a card-shaped rectangle
CARD_H pixels tall centred in IN_W x IN_H, MARGIN of the card's height above and below it. It
returns four heatmaps at 1/STRIDE, one per corner of the outline, peaking where the card's true
corner lies; server/vision/locate/read-print.ts warps and decodes the same way (shrinking the
photo first, as the training windows were, so the card is at most CARD_H pixels tall).
"""
import cv2
import numpy as np

from common import CARD_ASPECT, IN_H, IN_W, STRIDE  # noqa: F401  (the corner model's input and maps)

MARGIN = 0.10
CARD_H = IN_H / (1 + 2 * MARGIN)
CARD_W = CARD_H * CARD_ASPECT
LEFT, TOP = (IN_W - CARD_W) / 2, (IN_H - CARD_H) / 2
FRAME = np.float32([[LEFT, TOP], [LEFT + CARD_W, TOP], [LEFT + CARD_W, TOP + CARD_H], [LEFT, TOP + CARD_H]])


def portrait(quad):
    """A clockwise quad relabelled so its first side is a short one: the card stands upright in the frame."""
    q = np.asarray(quad, np.float32)
    sides = np.linalg.norm(np.roll(q, -1, 0) - q, axis=1)
    return np.roll(q, -1, 0) if sides[0] + sides[2] > sides[1] + sides[3] else q


def homography(quad):
    """The 3 x 3 map taking the outline's corners onto FRAME's."""
    return cv2.getPerspectiveTransform(np.float32(quad), FRAME)


def apply(h, points):
    p = np.concatenate([np.asarray(points, np.float64), np.ones((len(points), 1))], 1) @ np.asarray(h, np.float64).T
    return (p[:, :2] / p[:, 2:]).astype(np.float32)
