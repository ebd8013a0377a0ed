"""Pasting flat textures into a scene through a perspective quad, with alpha and drop shadow."""
import cv2
import numpy as np


def rounded_mask(h, w, radius):
    mask = np.zeros((h, w), np.uint8)
    r = max(1, int(radius))
    cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask


def quad_for(rng, centre, width, height, angle_deg, tilt):
    """Corners (tl, tr, br, bl) of a rotated rectangle, each moved by up to `tilt` of its size."""
    hw, hh = width / 2, height / 2
    pts = np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]], np.float32)
    if tilt > 0:
        # a camera tilt shrinks one side: move the two corners of one edge towards each other
        side = rng.integers(4)
        amount = rng.uniform(0, tilt)
        a, b = side, (side + 1) % 4
        mid = (pts[a] + pts[b]) / 2
        pts[a] += (mid - pts[a]) * amount
        pts[b] += (mid - pts[b]) * amount
        pts += rng.normal(0, tilt * 0.15, pts.shape).astype(np.float32) * np.array([width, height], np.float32)
    t = np.deg2rad(angle_deg)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]], np.float32)
    return pts @ rot.T + np.array(centre, np.float32)


def paste(scene, texture, alpha, quad, shadow=0.0, rng=None):
    """Warps texture (h, w, 3) with alpha (h, w) uint8 onto scene in place; returns the covered mask."""
    H, W = scene.shape[:2]
    x0, y0 = np.floor(quad.min(0)).astype(int) - 12
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 12
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, W), min(y1, H)
    if x1 <= x0 or y1 <= y0:
        return None
    th, tw = texture.shape[:2]
    src = np.array([[0, 0], [tw - 1, 0], [tw - 1, th - 1], [0, th - 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad - np.array([x0, y0], np.float32)).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(texture, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    a = cv2.warpPerspective(alpha, m, size, flags=cv2.INTER_LINEAR, borderValue=0).astype(np.float32)[..., None] / 255
    region = scene[y0:y1, x0:x1].astype(np.float32)
    if shadow > 0 and rng is not None:
        k = int(rng.integers(3, 12)) * 2 + 1
        dx, dy = (int(v) for v in rng.integers(-8, 9, 2))
        s = cv2.GaussianBlur(np.roll(a[..., 0], (dy, dx), (0, 1)), (k, k), 0)[..., None]
        region *= 1 - shadow * s
    region = region * (1 - a) + warped.astype(np.float32) * a
    scene[y0:y1, x0:x1] = np.clip(region, 0, 255).astype(np.uint8)
    covered = np.zeros((H, W), np.float32)
    covered[y0:y1, x0:x1] = a[..., 0]
    return covered
