"""Decoding to source pixels, NMS, AP@0.5, and the spec's acceptance gate (spec section 5 and 9)."""
import numpy as np

SCANNER_CONF = 0.22
# The page route looks for every card on a photo at its own threshold (server identify-settings page.minBoxScore).
PAGE_CONF = 0.1
SCANNER_IOU = 0.5
GATE_ASPECT, GATE_ASPECT_TOL = 0.716, 0.25
GATE_MIN_AREA = 0.22
GATE_CONF_SPLIT = 0.6
GATE_CENTRE = (0.1, 0.9)


def iou_one_to_many(box, boxes):
    lt = np.maximum(box[:2], boxes[:, :2])
    rb = np.minimum(box[2:], boxes[:, 2:])
    inter = np.clip(rb - lt, 0, None).prod(1)
    area = lambda b: np.clip(b[..., 2:] - b[..., :2], 0, None).prod(-1)
    return inter / (area(box) + area(boxes) - inter + 1e-9)


def nms(boxes, scores, iou):
    order = np.argsort(-scores)
    keep = []
    while len(order):
        i = order[0]
        keep.append(i)
        if len(order) == 1:
            break
        rest = order[1:]
        order = rest[iou_one_to_many(boxes[i], boxes[rest]) <= iou]
    return np.array(keep, int)


def detections(output, scale, pad, conf, iou=SCANNER_IOU, frame=None):
    """output [5, N] in input pixels -> (boxes xyxy in source pixels, scores), best first."""
    cx, cy, w, h, s = output
    keep = s >= conf
    cx, cy, w, h, s = cx[keep], cy[keep], w[keep], h[keep], s[keep]
    boxes = np.stack([cx - w / 2 - pad[0], cy - h / 2 - pad[1], cx + w / 2 - pad[0], cy + h / 2 - pad[1]], 1) / scale
    if frame is not None:
        boxes = np.clip(boxes, 0, [frame[0], frame[1], frame[0], frame[1]])
    if len(s) == 0:
        return boxes.reshape(0, 4), s
    k = nms(boxes, s, iou)
    return boxes[k], s[k]


def gate_accepts(boxes, scores, frame_w, frame_h):
    """Only the best detection counts (spec section 5)."""
    if len(scores) == 0:
        return False
    x1, y1, x2, y2 = boxes[0]
    w, h = x2 - x1, y2 - y1
    if w <= 0 or h <= 0:
        return False
    ok = w * h / (frame_w * frame_h) > GATE_MIN_AREA and abs(w / h - GATE_ASPECT) <= GATE_ASPECT_TOL
    if scores[0] < GATE_CONF_SPLIT:
        cx, cy = (x1 + x2) / 2 / frame_w, (y1 + y2) / 2 / frame_h
        ok = ok and GATE_CENTRE[0] <= cx <= GATE_CENTRE[1] and GATE_CENTRE[0] <= cy <= GATE_CENTRE[1]
    return bool(ok)


def average_precision(per_image, iou=0.5):
    """per_image: [(pred boxes, scores, truth boxes)]. All-point interpolated AP at the IoU given."""
    records, n_truth = [], 0
    for boxes, scores, truth in per_image:
        n_truth += len(truth)
        used = np.zeros(len(truth), bool)
        for b, s in zip(boxes, scores):
            hit = False
            if len(truth):
                ious = iou_one_to_many(b, truth)
                ious[used] = -1
                j = int(np.argmax(ious))
                if ious[j] >= iou:
                    used[j] = hit = True
            records.append((s, hit))
    if n_truth == 0:
        return float("nan")
    records.sort(key=lambda r: -r[0])
    hits = np.array([r[1] for r in records], float)
    tp, fp = np.cumsum(hits), np.cumsum(1 - hits)
    recall = tp / n_truth
    precision = tp / np.maximum(tp + fp, 1e-9)
    mrec = np.concatenate([[0], recall, [recall[-1] if len(recall) else 0]])
    mpre = np.concatenate([[1], precision, [0]])
    mpre = np.maximum.accumulate(mpre[::-1])[::-1]
    idx = np.where(mrec[1:] != mrec[:-1])[0]
    return float(np.sum((mrec[idx + 1] - mrec[idx]) * mpre[idx + 1]))


def precision_recall(per_image, iou=0.5):
    tp = fp = n_truth = 0
    for boxes, scores, truth in per_image:
        n_truth += len(truth)
        used = np.zeros(len(truth), bool)
        for b in boxes:
            if len(truth):
                ious = iou_one_to_many(b, truth)
                ious[used] = -1
                j = int(np.argmax(ious))
                if ious[j] >= iou:
                    used[j] = True
                    tp += 1
                    continue
            fp += 1
    return tp / max(tp + fp, 1), tp / max(n_truth, 1)
