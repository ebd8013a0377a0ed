"""One synthetic camera frame with its card boxes ([x1, y1, x2, y2] pixels)."""
import cv2
import numpy as np

from card_render import render_card
from distractors import random_distractor
from paste import paste, quad_for, rounded_mask
from photo_effects import camera

CARD_ASPECT = 63 / 88
SKIN = [(60, 90, 170), (80, 120, 200), (110, 150, 220), (50, 70, 120), (90, 130, 180), (40, 55, 90)]
FRAME_ASPECTS = ((0.70, 0.45), (0.75, 0.3), (1.0, 0.1), (1.33, 0.15))


class Sources:
    """Everything a scene is made from: wallpaper photos, cut real faces, deck cards."""

    def __init__(self, wallpapers, real_faces, deck_cards):
        self.wallpapers = wallpapers
        self.real_faces = real_faces
        self.deck_cards = deck_cards


def frame_size(rng, long_side):
    aspects, weights = zip(*FRAME_ASPECTS)
    aspect = aspects[rng.choice(len(aspects), p=np.array(weights) / sum(weights))] * rng.uniform(0.95, 1.05)
    if aspect < 1:
        return long_side, int(long_side * aspect)
    return int(long_side / aspect), long_side


def background(rng, src, h, w):
    if rng.random() < 0.75:
        wp = src.wallpapers[rng.integers(len(src.wallpapers))]
        wh, ww = wp.shape[:2]
        scale = rng.uniform(0.25, 1.0)
        ch, cw = max(16, int(wh * scale)), max(16, int(wh * scale * w / h))
        cw = min(cw, ww)
        ch = min(ch, wh)
        y, x = rng.integers(0, wh - ch + 1), rng.integers(0, ww - cw + 1)
        bg = cv2.resize(wp[y:y + ch, x:x + cw], (w, h), interpolation=cv2.INTER_LINEAR)
        if rng.random() < 0.3:
            bg = cv2.GaussianBlur(bg, (0, 0), rng.uniform(2, 8))  # shallow depth of field
        if rng.random() < 0.3:
            bg = (bg * rng.uniform(0.2, 0.6)).astype(np.uint8)  # dark cloth and playmats
        if rng.random() < 0.5:
            bg = np.ascontiguousarray(bg[:, ::-1])
        return bg
    colour = rng.integers(0, 255, 3).astype(np.float32) * rng.uniform(0.2, 1.0)
    grain = rng.normal(0, rng.uniform(2, 20), (h // 4 + 1, w // 4 + 1, 1)).astype(np.float32)
    grain = cv2.resize(grain, (w, h))[..., None]
    if rng.random() < 0.4:  # woodgrain-like streaks
        streaks = cv2.resize(rng.normal(0, 25, (1, w // 8 + 1)).astype(np.float32), (w, h))[..., None]
        grain = grain + streaks
    return np.clip(colour + grain, 0, 255).astype(np.uint8)


# A card face's picture window (top, bottom, left and right, as shares of the face).
ART_WINDOW = (0.1, 0.5, 0.08, 0.92)


def playmat(rng, src, h, w):
    """A playmat or poster under the cards: the background with one or two card pictures printed
    far larger than a card, turned any way, their edges faded so no card outline comes with them."""
    mat = background(rng, src, h, w)
    for _ in range(int(rng.choice([1, 2], p=[0.75, 0.25]))):
        face = src.real_faces[rng.integers(len(src.real_faces))]
        fh, fw = face.shape[:2]
        top, bottom, left, right = ART_WINDOW
        art = cv2.GaussianBlur(face[int(top * fh):int(bottom * fh), int(left * fw):int(right * fw)], (0, 0), 1.2)
        ah, aw = art.shape[:2]
        alpha = np.zeros((ah, aw), np.uint8)
        if rng.random() < 0.5:
            cv2.ellipse(alpha, (aw // 2, ah // 2), (int(aw * 0.42), int(ah * 0.42)), 0, 0, 360, 255, -1)
        else:
            alpha[int(ah * 0.1):int(ah * 0.9), int(aw * 0.1):int(aw * 0.9)] = 255
        alpha = cv2.GaussianBlur(alpha, (0, 0), aw * rng.uniform(0.03, 0.1))
        width = rng.uniform(0.6, 1.6) * max(h, w)
        centre = (rng.uniform(0, 1) * w, rng.uniform(0, 1) * h)
        paste(mat, art, alpha, quad_for(rng, centre, width, width * ah / aw, rng.uniform(-180, 180), 0.0))
    return mat


def card_face(rng, src):
    r = rng.random()
    if r < 0.5 and src.real_faces:
        face = src.real_faces[rng.integers(len(src.real_faces))]
    elif r < 0.62 and src.deck_cards:
        face = src.deck_cards[rng.integers(len(src.deck_cards))]
    else:
        face = render_card(rng, src.wallpapers)
    face = face.copy()
    if rng.random() < 0.5:
        face = cv2.convertScaleAbs(face, alpha=rng.uniform(0.8, 1.2), beta=rng.uniform(-25, 25))
    if rng.random() < 0.1:
        face = np.ascontiguousarray(face[::-1, ::-1])
    return face


def sleeve(rng, face):
    """Penny sleeve or top-loader: a clear margin around the card with a faint tint and edge."""
    h, w = face.shape[:2]
    m = int(rng.integers(4, 18))
    tint = rng.integers(150, 255, 3)
    out = np.empty((h + 2 * m, w + 2 * m, 3), np.uint8)
    out[:] = tint
    out[m:m + h, m:m + w] = face
    cv2.rectangle(out, (0, 0), (w + 2 * m - 1, h + 2 * m - 1), tuple(int(v) for v in tint // 2), 2)
    alpha = rounded_mask(h + 2 * m, w + 2 * m, 6)
    alpha = np.where(alpha > 0, 70, 0).astype(np.uint8)
    alpha[m:m + h, m:m + w] = rounded_mask(h, w, w * 0.045)
    return out, alpha, m


def box_of(quad, w, h):
    x1, y1 = quad.min(0)
    x2, y2 = quad.max(0)
    full = (x2 - x1) * (y2 - y1)
    cx1, cy1, cx2, cy2 = max(x1, 0), max(y1, 0), min(x2, w), min(y2, h)
    if cx2 <= cx1 or cy2 <= cy1:
        return None, 0.0
    return [cx1, cy1, cx2, cy2], (cx2 - cx1) * (cy2 - cy1) / full


def hides(box, boxes, limit=0.2):
    """True when the new card would cover much of a labelled one, or the other way round."""
    x1, y1, x2, y2 = box
    for bx1, by1, bx2, by2 in boxes:
        iw, ih = min(x2, bx2) - max(x1, bx1), min(y2, by2) - max(y1, by1)
        if iw > 0 and ih > 0:
            inter = iw * ih
            smaller = min((x2 - x1) * (y2 - y1), (bx2 - bx1) * (by2 - by1))
            if inter > limit * smaller:
                return True
    return False


def paste_face(rng, scene, face, quad):
    """A card face pasted at its quad, in a sleeve 30% of the time, with a shadow."""
    if rng.random() < 0.3:
        tex, alpha, m = sleeve(rng, face)
        fh, fw = face.shape[:2]
        grow = np.array([(fw + 2 * m) / fw, (fh + 2 * m) / fh], np.float32)
        centre_q = quad.mean(0)
        sleeve_quad = centre_q + (quad - centre_q) * grow
        paste(scene, tex, alpha, sleeve_quad, shadow=rng.uniform(0.2, 0.5), rng=rng)
    else:
        alpha = rounded_mask(face.shape[0], face.shape[1], face.shape[1] * 0.045)
        paste(scene, face, alpha, quad, shadow=rng.uniform(0.1, 0.6), rng=rng)


def place_card(rng, scene, src, area_fraction, centre, angle, tilt, boxes):
    h, w = scene.shape[:2]
    face = card_face(rng, src)
    card_w = np.sqrt(area_fraction * h * w * CARD_ASPECT)
    card_h = card_w / CARD_ASPECT
    if rng.random() < 0.04:
        angle += 90
    quad = quad_for(rng, centre, card_w, card_h, angle, tilt)
    box, visible = box_of(quad, w, h)
    if box is None or visible < 0.45 or hides(box, boxes):
        return None
    paste_face(rng, scene, face, quad)
    boxes.append(box)
    return quad


def hand(rng, scene, quad):
    """Fingers holding the card from one edge, drawn over it."""
    h, w = scene.shape[:2]
    colour = np.array(SKIN[rng.integers(len(SKIN))], np.float32) * rng.uniform(0.8, 1.15)
    edge = rng.integers(4)
    a, b = quad[edge], quad[(edge + 1) % 4]
    centre = quad.mean(0)
    outward = (a + b) / 2 - centre
    outward /= np.linalg.norm(outward) + 1e-6
    size = np.linalg.norm(b - a)
    layer = np.zeros((h, w), np.uint8)
    for _ in range(int(rng.integers(1, 4))):
        t = rng.uniform(0.1, 0.9)
        p = a + (b - a) * t
        tip = p - outward * size * rng.uniform(0.03, 0.15)
        base = p + outward * size * rng.uniform(0.5, 1.2)
        thick = int(max(4, size * rng.uniform(0.08, 0.14)))
        cv2.line(layer, tuple(int(v) for v in tip), tuple(int(v) for v in base), 255, thick, cv2.LINE_AA)
        cv2.circle(layer, tuple(int(v) for v in tip), thick // 2, 255, -1, cv2.LINE_AA)
    if rng.random() < 0.6:  # palm
        palm = (quad.mean(0) + outward * size * rng.uniform(0.7, 1.1)).astype(int)
        cv2.ellipse(layer, tuple(int(v) for v in palm), (int(size * 0.6), int(size * 0.35)),
                    float(np.degrees(np.arctan2(outward[1], outward[0])) + 90), 0, 360, 255, -1)
    alpha = cv2.GaussianBlur(layer, (5, 5), 0).astype(np.float32)[..., None] / 255
    shade = cv2.GaussianBlur(layer, (0, 0), size * 0.05 + 1).astype(np.float32)[..., None] / 255
    skin = colour * (0.75 + 0.35 * shade) + rng.normal(0, 4, (h, w, 1)).astype(np.float32)
    scene[:] = np.clip(scene * (1 - alpha) + skin * alpha, 0, 255).astype(np.uint8)


def random_centre(rng, w, h, margin):
    return rng.uniform(margin * w, (1 - margin) * w), rng.uniform(margin * h, (1 - margin) * h)


def one_card_fill(rng):
    """The card's size as a share of the largest it could be and stay whole in the frame. A third of
    the draws are close-ups (80-98%): a scanner held over a card sees it fill the frame."""
    if rng.random() < 0.33:
        return float(rng.uniform(0.8, 0.98))
    return float(np.exp(rng.uniform(np.log(0.25), np.log(0.98))))


def angle_sample(rng):
    return rng.normal(0, 5) if rng.random() < 0.7 else rng.uniform(-35, 35)


def make_scene(rng, src, long_side=640, no_card_rate=0.2):
    h, w = frame_size(rng, long_side)
    scene = background(rng, src, h, w)
    boxes = []
    has_cards = rng.random() >= no_card_rate
    n_distractors = int(rng.choice([0, 1, 2, 3], p=[0.4, 0.35, 0.15, 0.1] if has_cards else [0.15, 0.5, 0.25, 0.1]))
    for _ in range(n_distractors):
        tex, alpha = random_distractor(rng, src.wallpapers)
        area = rng.uniform(0.05, 0.6) if not has_cards else rng.uniform(0.03, 0.3)
        th, tw = tex.shape[:2]
        dw = np.sqrt(area * h * w * tw / th)
        quad = quad_for(rng, random_centre(rng, w, h, 0.0), dw, dw * th / tw, angle_sample(rng), rng.uniform(0, 0.25))
        paste(scene, tex, alpha, quad, shadow=rng.uniform(0, 0.5), rng=rng)
    quads = []
    if has_cards:
        layout = rng.random()
        if layout < 0.68:  # one card, as held up to the scanner: up to nearly filling the frame
            fill = one_card_fill(rng)
            largest = min(w, h * CARD_ASPECT)
            area = (fill * largest) ** 2 / CARD_ASPECT / (h * w)
            whole = 0.5 * fill  # centres at least this far (share of the frame) from the limiting edges
            centre = random_centre(rng, w, h, whole if rng.random() < 0.8 else -0.1)
            q = place_card(rng, scene, src, area, centre, angle_sample(rng), rng.uniform(0, 0.2), boxes)
            quads += [q] if q is not None else []
        elif layout < 0.85:  # a few scattered cards
            for _ in range(int(rng.integers(2, 5))):
                area = rng.uniform(0.03, 0.2)
                q = place_card(rng, scene, src, area, random_centre(rng, w, h, 0.1), angle_sample(rng),
                               rng.uniform(0, 0.2), boxes)
                quads += [q] if q is not None else []
        else:  # binder page or table grid
            cols, rows = int(rng.integers(2, 4)), int(rng.integers(2, 4))
            cell_w, cell_h = w * rng.uniform(0.8, 0.95) / cols, h * rng.uniform(0.8, 0.95) / rows
            card_w = min(cell_w * 0.9, cell_h * 0.9 * CARD_ASPECT)
            area = card_w * card_w / CARD_ASPECT / (h * w)
            x0, y0 = (w - cell_w * cols) / 2, (h - cell_h * rows) / 2
            tilt = rng.normal(0, 3)
            for r in range(rows):
                for c in range(cols):
                    centre = (x0 + cell_w * (c + 0.5), y0 + cell_h * (r + 0.5))
                    q = place_card(rng, scene, src, area, centre, tilt + rng.normal(0, 1.5), 0.03, boxes)
                    quads += [q] if q is not None else []
        if quads and rng.random() < 0.3:
            hand(rng, scene, quads[rng.integers(len(quads))])
    focus = boxes[0] if boxes else None
    scene = camera(rng, scene, focus)
    return scene, np.array(boxes, np.float32).reshape(-1, 4)
