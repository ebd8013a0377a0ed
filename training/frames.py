"""Frame-shaped crops (aspect 0.7) as the gate sees them, built as the detector benchmark describes."""
import numpy as np

FRAME_ASPECT = 0.7
CARD_SHARE_OF_WIDTH = 0.7


def fit_crop(cx, cy, cw, ch, w, h):
    if cw > w or ch > h:
        s = min(w / cw, h / ch)
        cw, ch = cw * s, ch * s
    left = float(np.clip(cx - cw / 2, 0, w - cw))
    top = float(np.clip(cy - ch / 2, 0, h - ch))
    return int(round(left)), int(round(top)), int(round(left + cw)), int(round(top + ch))


def card_frame(box, w, h):
    """Crop centred on the card, the card spanning ~70% of its width, clamped to the photo."""
    x1, y1, x2, y2 = box
    cw = (x2 - x1) / CARD_SHARE_OF_WIDTH
    return fit_crop((x1 + x2) / 2, (y1 + y2) / 2, cw, cw / FRAME_ASPECT, w, h)


def centred_frame(w, h):
    """The largest centred 0.7-aspect crop, used for photos with no card."""
    return fit_crop(w / 2, h / 2, w, w / FRAME_ASPECT, w, h)


def card_free_frames(boxes, w, h, min_side_share=0.3):
    """0.7-aspect crops that touch no card: the strips left, right, above and below all the cards."""
    if len(boxes) == 0:
        return []
    x1, y1 = boxes[:, 0].min(), boxes[:, 1].min()
    x2, y2 = boxes[:, 2].max(), boxes[:, 3].max()
    strips = [(0, 0, x1, h), (x2, 0, w, h), (0, 0, w, y1), (0, y2, w, h)]
    out = []
    for sx1, sy1, sx2, sy2 in strips:
        sw, sh = int(sx2 - sx1) - 2, int(sy2 - sy1) - 2
        if sw <= 0 or sh <= 0:
            continue
        cw = min(sw, sh * FRAME_ASPECT)
        ch = cw / FRAME_ASPECT
        if cw < min_side_share * min(w, h):
            continue
        cx, cy = (sx1 + sx2) / 2, (sy1 + sy2) / 2
        out.append((int(cx - cw / 2), int(cy - ch / 2), int(cx + cw / 2), int(cy + ch / 2)))
    return out
