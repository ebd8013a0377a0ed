"""Procedural trading-card faces at 63x88 mm proportions: border, name bar, art box, text, foil."""
import cv2
import numpy as np

from imagery import CARD_TEXTURE

W, H = CARD_TEXTURE
BORDERS = [(40, 200, 235), (45, 190, 225), (170, 170, 175), (200, 200, 200), (25, 25, 25), (235, 235, 235)]
TYPE_COLOURS = [(60, 160, 70), (50, 70, 200), (200, 120, 40), (160, 70, 150), (40, 170, 220),
                (90, 110, 150), (120, 120, 120), (70, 60, 60), (200, 200, 190), (30, 130, 200)]
LETTERS = "ABCDEFGHIJKLMNOPRSTUVWXYZ abcdefghijklmnoprstuvwxyz"


def random_word(rng, n):
    return "".join(rng.choice(list(LETTERS)) for _ in range(n)).strip() or "Card"


def art_from(rng, sources):
    src = sources[rng.integers(len(sources))]
    h, w = src.shape[:2]
    cw = int(w * rng.uniform(0.2, 0.6))
    ch = int(cw * rng.uniform(0.6, 0.9))
    ch = min(ch, h - 1)
    x, y = rng.integers(0, w - cw + 1), rng.integers(0, h - ch + 1)
    return src[y:y + ch, x:x + cw]


def gradient_panel(rng, h, w, colour):
    top = np.array(colour, np.float32) * rng.uniform(0.8, 1.2)
    bottom = np.array(colour, np.float32) * rng.uniform(0.5, 1.1)
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    panel = top * (1 - t) + bottom * t
    return np.clip(np.broadcast_to(panel, (h, w, 3)), 0, 255).astype(np.uint8).copy()


def text_lines(rng, img, x0, y0, x1, y1, colour, scale):
    y = y0
    while y < y1:
        n = int(rng.integers(4, 22))
        cv2.putText(img, random_word(rng, n), (x0, y), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 1, cv2.LINE_AA)
        y += int(rng.integers(9, 16))


def holo(rng, h, w):
    """Rainbow sheen as on holo and reverse-holo printings."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, np.pi)
    phase = (xx * np.cos(angle) + yy * np.sin(angle)) / rng.uniform(20, 80) + rng.uniform(0, 6)
    sheen = np.stack([np.sin(phase), np.sin(phase + 2.1), np.sin(phase + 4.2)], -1) * 0.5 + 0.5
    sparkle = (rng.random((h, w, 1)) > 0.985).astype(np.float32)
    return (sheen * 255 * 0.8 + sparkle * 200).astype(np.float32)


def card_back(rng):
    img = gradient_panel(rng, H, W, (150 + rng.integers(-30, 30), 70, 30))
    centre = (W // 2 + int(rng.integers(-10, 10)), H // 2)
    for r in range(120, 0, -12):
        cv2.circle(img, centre, r, tuple(int(v) for v in rng.integers(40, 220, 3)), 3)
    cv2.circle(img, centre, 34, (30, 30, 220), -1)
    cv2.rectangle(img, (centre[0] - 34, centre[1] - 3), (centre[0] + 34, centre[1] + 3), (20, 20, 20), -1)
    cv2.circle(img, centre, 10, (240, 240, 240), -1)
    cv2.rectangle(img, (0, 0), (W - 1, H - 1), (40, 90, 150), 14)
    return img


def render_card(rng, art_sources):
    if rng.random() < 0.06:
        return card_back(rng)
    border = BORDERS[rng.integers(len(BORDERS))]
    img = np.full((H, W, 3), border, np.uint8)
    b = int(rng.integers(8, 15))
    kind = rng.random()
    panel_colour = TYPE_COLOURS[rng.integers(len(TYPE_COLOURS))]
    img[b:H - b, b:W - b] = gradient_panel(rng, H - 2 * b, W - 2 * b, panel_colour)
    dark = tuple(int(v) for v in rng.integers(0, 60, 3))
    if kind < 0.2:  # full art
        art = cv2.resize(art_from(rng, art_sources), (W - 2 * b, H - 2 * b))
        img[b:H - b, b:W - b] = art
        text_lines(rng, img, b + 8, H - 70, W - 20, H - b - 6, (250, 250, 250), 0.33)
    else:
        art_top = b + int(rng.integers(22, 34))
        art_h = int((H - 2 * b) * (rng.uniform(0.3, 0.42) if kind > 0.35 else rng.uniform(0.22, 0.3)))
        art = cv2.resize(art_from(rng, art_sources), (W - 2 * b - 16, art_h))
        img[art_top:art_top + art_h, b + 8:W - b - 8] = art
        frame = tuple(int(v) for v in rng.integers(120, 240, 3))
        cv2.rectangle(img, (b + 7, art_top - 1), (W - b - 8, art_top + art_h), frame, 2)
        if kind <= 0.35:  # trainer-like: pale text panel
            img[art_top + art_h + 6:H - b - 20, b + 6:W - b - 6] = (225, 235, 240)
        text_lines(rng, img, b + 12, art_top + art_h + 24, W - 20, H - b - 24, dark, 0.36)
        cv2.putText(img, random_word(rng, int(rng.integers(4, 10))), (b + 8, b + 20),
                    cv2.FONT_HERSHEY_DUPLEX, 0.55, dark, 1, cv2.LINE_AA)
        cv2.putText(img, f"{int(rng.integers(3, 34)) * 10}", (W - b - 48, b + 20),
                    cv2.FONT_HERSHEY_DUPLEX, 0.5, dark, 1, cv2.LINE_AA)
        for i in range(int(rng.integers(0, 3))):
            c = tuple(int(v) for v in rng.integers(40, 240, 3))
            cv2.circle(img, (b + 20, art_top + art_h + 40 + 45 * i), 8, c, -1)
    if rng.random() < 0.35:
        sheen = holo(rng, H, W)
        alpha = rng.uniform(0.15, 0.45)
        mask = np.zeros((H, W, 1), np.float32)
        if rng.random() < 0.5:
            mask[b:H - b, b:W - b] = 1  # reverse holo: whole face
        else:
            mask[b + 20:b + 20 + int(H * 0.4), b + 8:W - b - 8] = 1
        img = np.clip(img * (1 - alpha * mask) + sheen * alpha * mask, 0, 255).astype(np.uint8)
    return img
