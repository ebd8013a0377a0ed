"""Augmentations for real photos: frame-shaped crops around a card, crops, turns, colour, noise."""
import cv2
import numpy as np

from frames import card_free_frames
from turn import turn

FRAME_ASPECT = 0.7


def clip_boxes(boxes, x0, y0, x1, y1, min_visible=0.45):
    if len(boxes) == 0:
        return boxes
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    clipped = np.stack([boxes[:, 0].clip(x0, x1), boxes[:, 1].clip(y0, y1),
                        boxes[:, 2].clip(x0, x1), boxes[:, 3].clip(y0, y1)], 1)
    visible = (clipped[:, 2] - clipped[:, 0]) * (clipped[:, 3] - clipped[:, 1]) / np.maximum(area, 1e-6)
    return clipped[visible >= min_visible] - np.array([x0, y0, x0, y0], np.float32)


def frame_crop_around(rng, image, boxes):
    """As a collector holds a card in the on-screen frame: 0.7-aspect crop, card 45-100% of its width."""
    h, w = image.shape[:2]
    x1, y1, x2, y2 = boxes[rng.integers(len(boxes))]
    cw = (x2 - x1) / rng.uniform(0.45, 1.0)
    ch = cw / (FRAME_ASPECT * rng.uniform(0.9, 1.1))
    if cw > w or ch > h:
        s = min(w / cw, h / ch)
        cw, ch = cw * s, ch * s
    cx = (x1 + x2) / 2 + rng.uniform(-0.12, 0.12) * cw
    cy = (y1 + y2) / 2 + rng.uniform(-0.12, 0.12) * ch
    left = int(np.clip(cx - cw / 2, 0, w - cw))
    top = int(np.clip(cy - ch / 2, 0, h - ch))
    right, bottom = int(left + cw), int(top + ch)
    return image[top:bottom, left:right], clip_boxes(boxes, left, top, right, bottom)


def random_crop(rng, image, boxes):
    h, w = image.shape[:2]
    cw, ch = int(w * rng.uniform(0.6, 1.0)), int(h * rng.uniform(0.6, 1.0))
    left, top = int(rng.integers(0, w - cw + 1)), int(rng.integers(0, h - ch + 1))
    return image[top:top + ch, left:left + cw], clip_boxes(boxes, left, top, left + cw, top + ch)


def rotate(rng, image, boxes, max_deg=12):
    """Small turns; the new box is the hull of the turned box, exact for an upright card that fills it."""
    h, w = image.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), rng.uniform(-max_deg, max_deg), 1.0)
    out = cv2.warpAffine(image, m, (w, h), borderMode=cv2.BORDER_REFLECT_101)
    if len(boxes) == 0:
        return out, boxes
    corners = np.stack([boxes[:, [0, 1]], boxes[:, [2, 1]], boxes[:, [2, 3]], boxes[:, [0, 3]]], 1)
    turned = corners @ m[:, :2].T + m[:, 2]
    new = np.concatenate([turned.min(1), turned.max(1)], 1).astype(np.float32)
    return out, clip_boxes(new, 0, 0, w, h)


def turn_any(rng, image, boxes):
    """Cards photographed at any angle: a quarter turn (exact boxes) or any angle of the circle, on a
    canvas grown with black (the letterbox's own colour) or the photo's mean colour."""
    angle = 90.0 * rng.integers(1, 4) if rng.random() < 0.35 else rng.uniform(0, 360)
    fill = (0, 0, 0) if rng.random() < 0.5 else image.reshape(-1, 3).mean(0)
    out, boxes = turn(image, boxes, angle, fill)
    h, w = out.shape[:2]
    return out, clip_boxes(boxes, 0, 0, w, h)


def photometric(rng, image):
    out = image.astype(np.float32)
    out = out * rng.uniform(0.6, 1.4) + rng.uniform(-30, 30)
    grey = out.mean(2, keepdims=True)
    out = grey + (out - grey) * rng.uniform(0.6, 1.4)
    out *= rng.uniform(0.9, 1.1, 3).astype(np.float32)
    if rng.random() < 0.2:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 2.0))
    if rng.random() < 0.3:
        out += rng.normal(0, rng.uniform(2, 8), out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 90))])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return out


def card_free_crop(rng, image, boxes):
    """Real negatives: the playmat, notes and desk around the cards, framed as the scanner would."""
    h, w = image.shape[:2]
    rects = card_free_frames(boxes, w, h, min_side_share=0.2)
    if not rects:
        return None
    l, t, r, b = rects[rng.integers(len(rects))]
    return image[t:b, l:r], np.zeros((0, 4), np.float32)


def augment_real(rng, image, boxes, any_angle=False):
    """any_angle: the "turned" recipe, a third of the photos turned anywhere on the circle."""
    r = rng.random()
    if r < 0.12:
        free = card_free_crop(rng, image, boxes)
        if free is not None:
            return photometric(rng, free[0]), free[1]
    if r < 0.5 and len(boxes):
        image, boxes = frame_crop_around(rng, image, boxes)
    elif r < 0.78:
        image, boxes = random_crop(rng, image, boxes)
    if not any_angle:
        if rng.random() < 0.3:
            image, boxes = rotate(rng, image, boxes)
        return photometric(rng, image), boxes
    t = rng.random()
    if t < 0.25:
        image, boxes = rotate(rng, image, boxes)
    elif t < 0.55:
        image, boxes = turn_any(rng, image, boxes)
    return photometric(rng, image), boxes
