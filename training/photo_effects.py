"""What a phone camera does to a scene: uneven light, shadows, glare, blur, noise, JPEG."""
import cv2
import numpy as np


def smooth_field(rng, h, w, lo, hi):
    small = rng.uniform(lo, hi, (3, 3)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)[..., None]


def cast_shadow(rng, img):
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.float32)
    pts = rng.uniform([-0.2 * w, -0.2 * h], [1.2 * w, 1.2 * h], (int(rng.integers(3, 6)), 2)).astype(np.int32)
    cv2.fillPoly(mask, [cv2.convexHull(pts)], 1.0)
    k = int(rng.integers(5, 40)) * 2 + 1
    mask = cv2.GaussianBlur(mask, (k, k), 0)[..., None]
    return img * (1 - rng.uniform(0.2, 0.55) * mask)


def glare(rng, img, around=None):
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.float32)
    if around is not None and rng.random() < 0.7:
        x1, y1, x2, y2 = around
        cx, cy = rng.uniform(x1, x2), rng.uniform(y1, y2)
        size = max(8.0, (x2 - x1) * rng.uniform(0.1, 0.5))
    else:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        size = min(h, w) * rng.uniform(0.05, 0.3)
    axes = (int(size), int(size * rng.uniform(0.3, 1.0)))
    cv2.ellipse(mask, (int(cx), int(cy)), axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
    k = int(size * 0.5) // 2 * 2 + 1
    mask = cv2.GaussianBlur(mask, (k, k), 0)[..., None]
    return img + mask * rng.uniform(80, 220)


def camera(rng, img, card_box=None):
    """img uint8 BGR -> uint8 BGR after light, optics and encoding."""
    h, w = img.shape[:2]
    out = img.astype(np.float32)
    out *= smooth_field(rng, h, w, rng.uniform(0.5, 0.9), rng.uniform(1.0, 1.3))
    out *= rng.uniform(0.85, 1.15, 3).astype(np.float32)  # white balance
    if rng.random() < 0.35:
        out = cast_shadow(rng, out)
    if rng.random() < 0.3:
        out = glare(rng, out, card_box)
    gamma = rng.uniform(0.7, 1.4)
    out = 255 * (np.clip(out, 0, 255) / 255) ** gamma
    r = rng.random()
    if r < 0.25:
        k = int(rng.integers(1, 3)) * 2 + 1
        out = cv2.GaussianBlur(out, (k, k), 0)
    elif r < 0.35:
        n = int(rng.integers(3, 9))
        kernel = np.zeros((n, n), np.float32)
        kernel[n // 2] = 1 / n
        m = cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1)
        out = cv2.filter2D(out, -1, cv2.warpAffine(kernel, m, (n, n)))
    if rng.random() < 0.5:
        out += rng.normal(0, rng.uniform(2, 10), out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return out
