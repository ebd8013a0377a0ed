"""Real imagery from Debian packages: wallpaper photos and playing-card decks."""
import glob
import os
import subprocess

import cv2
import numpy as np

from paths import CARD_DECKS, OUT, WALLPAPER_DIRS
from split_real import wallpaper_is_validation

IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp")
DECK_GRID = (13, 5)  # aisleriot decks: 13 ranks across, 4 suits plus jokers and back down
CARD_TEXTURE = (252, 352)  # 63 x 88 mm at 4 px/mm


def wallpaper_files(part):
    files = []
    for root in WALLPAPER_DIRS:
        for path in glob.glob(os.path.join(root, "**", "*"), recursive=True):
            if path.lower().endswith(IMAGE_EXTENSIONS) and os.path.getsize(path) > 50_000:
                files.append(path)
    files = sorted(set(files))
    want_val = part == "val"
    return [f for f in files if wallpaper_is_validation(f) == want_val]


def load_wallpapers(part, max_side=1024, limit=None):
    images = []
    for path in wallpaper_files(part)[:limit]:
        image = cv2.imread(path, cv2.IMREAD_COLOR)
        if image is None or min(image.shape[:2]) < 200:
            continue
        scale = max_side / max(image.shape[:2])
        if scale < 1:
            image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        images.append(image)
    return images


def render_deck_cards(max_decks=12):
    """Playing cards share the trading card's 63x88 shape; rendered once and cached."""
    cache = os.path.join(OUT, f"deck-cards-{max_decks}.npy")
    if os.path.exists(cache):
        return list(np.load(cache))
    decks = sorted(glob.glob(os.path.join(CARD_DECKS, "*.svg*")))[:max_decks]
    cards = []
    cols, rows = DECK_GRID
    os.makedirs(OUT, exist_ok=True)  # rsvg-convert writes its sheet there
    for deck in decks:
        png = os.path.join(OUT, "deck.png")
        cmd = ["rsvg-convert", "-w", str(cols * 120), deck, "-o", png]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            print(f"skipped {deck}: rsvg-convert failed: {done.stderr.strip()}", flush=True)
            continue
        sheet = cv2.imread(png)
        if sheet is None:
            continue
        cw, ch = sheet.shape[1] / cols, sheet.shape[0] / rows
        for r in range(rows):
            for c in range(cols):
                cell = sheet[round(r * ch) + 2:round((r + 1) * ch) - 2, round(c * cw) + 2:round((c + 1) * cw) - 2]
                if cell.size == 0 or cell.std() < 8:
                    continue
                cards.append(cv2.resize(cell, CARD_TEXTURE, interpolation=cv2.INTER_AREA))
    if decks and not cards:
        raise RuntimeError(f"no playing card could be rendered from the {len(decks)} decks in {CARD_DECKS}")
    np.save(cache, np.array(cards, dtype=np.uint8))
    return cards


def cut_real_faces(photos, max_aspect_error=0.2):
    """Card faces cut from inside their boxes in training photos only, to paste into new scenes."""
    faces = []
    for _, image, boxes in photos:
        for x1, y1, x2, y2 in boxes:
            w, h = x2 - x1, y2 - y1
            if w < 40 or h < 56 or abs(w / h - 63 / 88) > max_aspect_error:
                continue
            inset_x, inset_y = 0.01 * w, 0.01 * h
            crop = image[int(y1 + inset_y):int(y2 - inset_y), int(x1 + inset_x):int(x2 - inset_x)]
            if crop.size:
                faces.append(cv2.resize(crop, CARD_TEXTURE, interpolation=cv2.INTER_AREA))
    return faces
