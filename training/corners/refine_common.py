"""The corner refiner's contract, shared by data building, training and export.

The corner model finds the four corners in a 160 x 224 window, where one heatmap cell is about 2%
of the card. The refiner looks again at each corner alone, closer: a PATCH x PATCH square of the
photo centred on the corner found, SPAN of the card's height wide, turned so the side to the next
corner runs along +x and the other side along +y (every corner then looks alike, so one model serves
all four). The photo is first shrunk (area) so that the square is at most PATCH pixels wide; the
square is then cut from it with bilinear sampling, black outside the photo. Out comes one heatmap at
1/STRIDE of the patch. server/vision/locate/refine-corners.ts cuts the same patches.
Coordinates are continuous: pixel i covers [i, i + 1).
"""
import cv2
import numpy as np

from common import card_size

PATCH = 96
SPAN = 0.32  # the patch's width as a share of the card's height: room for the corner model's misses
STRIDE = 2
OUT = PATCH // STRIDE


def shrink_for(quad, image_shape):
    """The photo's shrink factors (x, y) and size so that a patch is cut at most one to one."""
    h, w = image_shape[:2]
    f = min(1.0, PATCH / (SPAN * card_size(quad)))
    size = (max(1, round(w * f)), max(1, round(h * f)))
    return size[0] / w, size[1] / h, size


def corner_frames(quad, fx, fy):
    """For each corner of a clockwise quad, in the shrunk photo: its position, the unit vectors of
    the patch's x and y axes, and the photo pixels per patch pixel."""
    q = np.asarray(quad, np.float64) * [fx, fy]
    step = SPAN * card_size(q) / PATCH
    frames = []
    for k in range(4):
        c = q[k]
        a = q[(k + 1) % 4] - c
        a /= max(np.linalg.norm(a), 1e-9)
        b = np.array([-a[1], a[0]])
        if np.dot(q[(k + 3) % 4] - c, b) < 0:
            b = -b
        frames.append((c, a, b, step))
    return frames


def patch_matrix(frame):
    """The 2 x 3 matrix taking patch pixel indices to shrunk-photo pixel indices (cv2.WARP_INVERSE_MAP)."""
    c, a, b, step = frame
    half = PATCH / 2
    origin = c + (0.5 - half) * step * (a + b) - 0.5
    return np.array([[a[0] * step, b[0] * step, origin[0]], [a[1] * step, b[1] * step, origin[1]]], np.float64)


def cut_patches(image, quad):
    """The four corner patches of an RGB image around a rough clockwise quad, with their frames."""
    fx, fy, size = shrink_for(quad, image.shape)
    small = image if size == (image.shape[1], image.shape[0]) else cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    frames = corner_frames(quad, fx, fy)
    patches = [cv2.warpAffine(small, patch_matrix(f), (PATCH, PATCH), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=0) for f in frames]
    return np.stack(patches), frames, (fx, fy)


def to_patch(point, frame, shrink):
    """A photo point in a corner patch's continuous coordinates."""
    c, a, b, step = frame
    d = np.asarray(point, np.float64) * shrink - c
    return np.array([PATCH / 2 + d @ a / step, PATCH / 2 + d @ b / step], np.float32)


def from_patch(point, frame, shrink):
    c, a, b, step = frame
    u, v = point
    return (c + (u - PATCH / 2) * step * a + (v - PATCH / 2) * step * b) / shrink
