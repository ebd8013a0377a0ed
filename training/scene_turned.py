"""The "turned" recipe's synthetic frame: cards at any angle of the circle, loose piles and binder
pages upright, sideways or slanted, more small cards. Same output as scene.make_scene."""
import cv2
import numpy as np

from distractors import random_distractor
from paste import paste, quad_for
from photo_effects import camera
from scene import CARD_ASPECT, background, box_of, card_face, frame_size, hand, one_card_fill, paste_face, random_centre


def hides(quad, quads, limit=0.2):
    """True when the new card would cover much of a placed one, or the other way round. Measured on
    the cards' outlines: boxes of turned cards overlap where the cards do not."""
    new = cv2.convexHull(quad.astype(np.float32))
    for other in quads:
        old = cv2.convexHull(other.astype(np.float32))
        inter, _ = cv2.intersectConvexConvex(new, old)
        if inter > limit * min(cv2.contourArea(new), cv2.contourArea(old)):
            return True
    return False


def place_card(rng, scene, src, area_fraction, centre, angle, tilt, boxes, placed, overlap=0.2):
    """Pastes one card; `placed` holds the outlines of the cards already in the scene."""
    h, w = scene.shape[:2]
    face = card_face(rng, src)
    card_w = np.sqrt(area_fraction * h * w * CARD_ASPECT)
    card_h = card_w / CARD_ASPECT
    if rng.random() < 0.04:
        angle += 90
    quad = quad_for(rng, centre, card_w, card_h, angle, tilt)
    box, visible = box_of(quad, w, h)
    if box is None or visible < 0.45 or hides(quad, placed, overlap):
        return None
    paste_face(rng, scene, face, quad)
    boxes.append(box)
    placed.append(quad)
    return quad


def angle_sample(rng, any_angle=0.4):
    """Near upright, a moderate slant, or any angle of the circle (cards on a table, a page shot
    sideways or upside down)."""
    r = rng.random()
    if r < any_angle:
        return rng.uniform(-180, 180)
    return rng.normal(0, 5) if r < any_angle + (1 - any_angle) * 0.7 else rng.uniform(-35, 35)


def turned_fit(w, h, angle_deg, aspect):
    """The widest card (aspect w/h) turned by the angle whose outline fits a w x h frame."""
    c, s = abs(np.cos(np.deg2rad(angle_deg))), abs(np.sin(np.deg2rad(angle_deg)))
    return min(w / (c + s / aspect), h / (s + c / aspect))


def pocket_sheet(rng, scene, centre, rot, page_angle, page_w, page_h, cols, rows, pocket_w, pocket_h):
    """A binder's pocket sheet under the grid: dark or light, each pocket a shade off the sheet. An
    empty pocket is a card-sized rectangle with no card: what the detector must not answer."""
    dark = rng.random() < 0.7
    base = rng.uniform(8, 70) if dark else rng.uniform(170, 240)
    colour = np.clip(base + rng.normal(0, 12, 3), 0, 255)

    def fill(local_centre, qw, qh, bgr):
        quad = quad_for(rng, centre + rot @ np.array(local_centre), qw, qh, page_angle, 0)
        cv2.fillConvexPoly(scene, np.round(quad).astype(np.int32), [float(v) for v in bgr])

    margin = rng.uniform(1.02, 1.08)
    fill((0, 0), page_w * margin, page_h * margin, colour)
    shade = rng.choice([-1, 1]) * rng.uniform(15, 45)
    for r_ in range(rows):
        for c in range(cols):
            fill((page_w * ((c + 0.5) / cols - 0.5), page_h * ((r_ + 0.5) / rows - 0.5)), pocket_w, pocket_h,
                 np.clip(colour + shade, 0, 255))


def grid(rng, scene, src, boxes, placed, sheet_chance=0.0, empty_chance=0.0):
    """A binder page or table grid, upright, sideways (the page shot in landscape) or at any angle;
    one page (up to 4 x 4 pockets) or two pages side by side (up to 6 across), on a pocket sheet with
    some pockets empty at the chances given."""
    h, w = scene.shape[:2]
    cols, rows = int(rng.integers(2, 7)), int(rng.integers(2, 5))
    r = rng.random()
    page_angle = 0.0 if r < 0.4 else (90.0 * rng.choice([-1, 1]) if r < 0.7 else rng.uniform(-180, 180))
    page_aspect = cols * 0.78 / rows  # pocket pitch: ~1.1 card widths across, ~1.0 card heights down
    page_w = turned_fit(w, h, page_angle, page_aspect) * rng.uniform(0.75, 0.97)
    page_h = page_w / page_aspect
    cell_w, cell_h = page_w / cols, page_h / rows
    card_w = min(cell_w * rng.uniform(0.8, 0.92), cell_h * 0.92 * CARD_ASPECT)
    area = card_w * card_w / CARD_ASPECT / (h * w)
    t = np.deg2rad(page_angle)
    rot = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]])
    centre = np.array(random_centre(rng, w, h, 0.45))
    if sheet_chance and rng.random() < sheet_chance:
        pocket_sheet(rng, scene, centre, rot, page_angle, page_w, page_h, cols, rows, card_w * 1.04,
                     card_w / CARD_ASPECT * 1.04)
    quads = []
    for r_ in range(rows):
        for c in range(cols):
            if empty_chance and rng.random() < empty_chance:
                continue
            local = np.array([cell_w * (c + 0.5) - page_w / 2, cell_h * (r_ + 0.5) - page_h / 2])
            q = place_card(rng, scene, src, area, tuple(centre + rot @ local), page_angle + rng.normal(0, 1.5),
                           0.03, boxes, placed, overlap=0.05)
            quads += [q] if q is not None else []
    return quads


def pile(rng, scene, src, boxes, placed):
    """Loose cards on a table: 2-9, from small to large, turned any way, some overlapping."""
    h, w = scene.shape[:2]
    quads = []
    for _ in range(int(rng.integers(2, 10))):
        area = float(np.exp(rng.uniform(np.log(0.008), np.log(0.15))))
        q = place_card(rng, scene, src, area, random_centre(rng, w, h, 0.05), angle_sample(rng, 0.6),
                       rng.uniform(0, 0.2), boxes, placed)
        quads += [q] if q is not None else []
    return quads


def make_scene_turned(rng, src, long_side=640, no_card_rate=0.2, layout=None, sheet_chance=0.0, empty_chance=0.0,
                      backdrop=background):
    """A frame and its cards' boxes. `layout` ("card", "pile" or "grid") makes a frame of cards of that
    layout; by default the layout is drawn, and one frame in five (`no_card_rate`) has no card.
    `backdrop` draws what the cards lie on."""
    h, w = frame_size(rng, long_side)
    scene = backdrop(rng, src, h, w)
    boxes = []
    has_cards = rng.random() >= no_card_rate or layout is not None
    n_distractors = int(rng.choice([0, 1, 2, 3], p=[0.4, 0.35, 0.15, 0.1] if has_cards else [0.15, 0.5, 0.25, 0.1]))
    for _ in range(n_distractors):
        tex, alpha = random_distractor(rng, src.wallpapers)
        area = rng.uniform(0.05, 0.6) if not has_cards else rng.uniform(0.03, 0.3)
        th, tw = tex.shape[:2]
        dw = np.sqrt(area * h * w * tw / th)
        quad = quad_for(rng, random_centre(rng, w, h, 0.0), dw, dw * th / tw, angle_sample(rng, 0.4), rng.uniform(0, 0.25))
        paste(scene, tex, alpha, quad, shadow=rng.uniform(0, 0.5), rng=rng)
    quads, placed = [], []
    if has_cards:
        if layout is None:
            draw = rng.random()
            layout = "card" if draw < 0.55 else "pile" if draw < 0.75 else "grid"
        if layout == "card":  # one card, as held up to the scanner: up to nearly filling the frame
            angle = angle_sample(rng, 0.25)
            fill = one_card_fill(rng)
            largest = turned_fit(w, h, angle, CARD_ASPECT)
            area = (fill * largest) ** 2 / CARD_ASPECT / (h * w)
            whole = 0.5 * fill  # centres at least this far (share of the frame) from the limiting edges
            centre = random_centre(rng, w, h, whole if rng.random() < 0.8 else -0.1)
            q = place_card(rng, scene, src, area, centre, angle, rng.uniform(0, 0.2), boxes, placed)
            quads += [q] if q is not None else []
        elif layout == "pile":
            quads += pile(rng, scene, src, boxes, placed)
        else:
            quads += grid(rng, scene, src, boxes, placed, sheet_chance, empty_chance)
        if quads and rng.random() < 0.3:
            hand(rng, scene, quads[rng.integers(len(quads))])
    focus = boxes[0] if boxes else None
    scene = camera(rng, scene, focus)
    return scene, np.array(boxes, np.float32).reshape(-1, 4)
