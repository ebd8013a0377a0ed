"""Card-like objects that are not cards: phones, books, booster packs and boxes, documents, notes."""
import cv2
import numpy as np

from card_render import art_from, random_word, text_lines
from paste import rounded_mask


def phone(rng, sources):
    h, w = 420, int(420 * rng.uniform(0.45, 0.52))
    body = np.full((h, w, 3), rng.integers(10, 60), np.uint8)
    if rng.random() < 0.3:
        body[:] = rng.integers(120, 230, 3)
    bezel = int(rng.integers(6, 14))
    screen = art_from(rng, sources) if rng.random() < 0.8 else np.full((10, 10, 3), 15, np.uint8)
    body[bezel:h - bezel, bezel:w - bezel] = cv2.resize(screen, (w - 2 * bezel, h - 2 * bezel))
    return body, rounded_mask(h, w, w * 0.12)


def book(rng, sources):
    h = 400
    w = int(h * rng.uniform(0.6, 0.8))
    cover = cv2.resize(art_from(rng, sources), (w, h))
    cover = (cover * rng.uniform(0.5, 1.0)).astype(np.uint8)
    band = tuple(int(v) for v in rng.integers(0, 255, 3))
    y = int(rng.integers(20, h // 2))
    cv2.rectangle(cover, (0, y), (w, y + int(rng.integers(30, 80))), band, -1)
    cv2.putText(cover, random_word(rng, int(rng.integers(4, 12))), (10, y + 28),
                cv2.FONT_HERSHEY_TRIPLEX, 0.8, (255 - band[0], 255 - band[1], 255 - band[2]), 2, cv2.LINE_AA)
    cv2.rectangle(cover, (0, 0), (int(w * 0.06), h), (30, 30, 30), -1)
    return cover, rounded_mask(h, w, 3)


def pack(rng, sources):
    """Booster packs and deck boxes: glossy print, crimped ends, card-like size."""
    h = 400
    w = int(h * rng.uniform(0.5, 0.75))
    face = cv2.resize(art_from(rng, sources), (w, h))
    face = cv2.convertScaleAbs(face, alpha=rng.uniform(1.0, 1.4), beta=rng.uniform(-20, 30))
    mask = rounded_mask(h, w, 4)
    crimp = int(rng.integers(10, 25))
    for y in (0, h - crimp):
        face[y:y + crimp] = (face[y:y + crimp] * 0.7 + 70).astype(np.uint8)
        for x in range(0, w, 6):
            face[y:y + crimp, x:x + 2] = face[y:y + crimp, x:x + 2] // 2
    cv2.putText(face, random_word(rng, int(rng.integers(4, 9))), (10, h // 3),
                cv2.FONT_HERSHEY_DUPLEX, 1.0, (250, 250, 250), 2, cv2.LINE_AA)
    return face, mask


def document(rng, sources):
    h = 420
    w = int(h * rng.choice([0.707, 0.77, 0.65]))
    paper = np.full((h, w, 3), rng.integers(200, 250), np.uint8)
    text_lines(rng, paper, 20, 40, w - 20, h - 30, (40, 40, 40), 0.4)
    if rng.random() < 0.4:
        photo = cv2.resize(art_from(rng, sources), (w // 2, h // 4))
        paper[60:60 + h // 4, 20:20 + w // 2] = photo
    return paper, rounded_mask(h, w, 1)


def note(rng, sources):
    h, w = 120, int(120 * rng.uniform(1.0, 1.8))
    paper = np.full((h, w, 3), rng.integers(200, 250, 3), np.uint8)
    cv2.putText(paper, random_word(rng, int(rng.integers(3, 8))), (8, h // 2),
                cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, 1.0, (60, 40, 30), 2, cv2.LINE_AA)
    return paper, rounded_mask(h, w, 2)


MAKERS = (phone, book, pack, document, note)
WEIGHTS = np.array([0.22, 0.2, 0.25, 0.2, 0.13])


def random_distractor(rng, sources):
    maker = MAKERS[rng.choice(len(MAKERS), p=WEIGHTS / WEIGHTS.sum())]
    return maker(rng, sources)
