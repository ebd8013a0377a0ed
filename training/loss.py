"""Centre-sampled, scale-aware assignment; quality focal loss on the score, GIoU on the box.

The score learns the IoU of its own box (quality focal loss), so a high score means a good box,
which is what the acceptance gate's confidence split assumes.
"""
import torch
import torch.nn.functional as F

CENTRE_RADIUS = 2.5  # in strides
LEVEL_RANGES = {8: (0.0, 64.0), 16: (0.0, 224.0), 32: (112.0, 1e9)}  # largest distance to an edge, input pixels
BOX_WEIGHT = 2.0


def flatten_levels(levels):
    ltrb, logits, points, strides = [], [], [], []
    for box, cls, stride in levels:
        b, _, h, w = cls.shape
        ys, xs = torch.meshgrid(torch.arange(h, dtype=torch.float32), torch.arange(w, dtype=torch.float32), indexing="ij")
        points.append(torch.stack([(xs.flatten() + 0.5) * stride, (ys.flatten() + 0.5) * stride], 1))
        strides.append(torch.full((h * w,), float(stride)))
        ltrb.append(box.flatten(2).transpose(1, 2))
        logits.append(cls.flatten(1))
    return torch.cat(ltrb, 1), torch.cat(logits, 1), torch.cat(points, 0), torch.cat(strides, 0)


def to_xyxy(points, ltrb):
    return torch.cat([points - ltrb[..., :2], points + ltrb[..., 2:]], -1)


def box_iou_pairs(a, b):
    lt = torch.max(a[:, :2], b[:, :2])
    rb = torch.min(a[:, 2:], b[:, 2:])
    inter = (rb - lt).clamp(min=0).prod(1)
    area_a = (a[:, 2:] - a[:, :2]).clamp(min=0).prod(1)
    area_b = (b[:, 2:] - b[:, :2]).clamp(min=0).prod(1)
    union = area_a + area_b - inter + 1e-7
    iou = inter / union
    hull = (torch.max(a[:, 2:], b[:, 2:]) - torch.min(a[:, :2], b[:, :2])).prod(1) + 1e-7
    return iou, iou - (hull - union) / hull


def assign(points, strides, gt):
    """Index of the matched box for each point, or -1."""
    n = points.shape[0]
    if gt.shape[0] == 0:
        return torch.full((n,), -1, dtype=torch.long)
    px, py = points[:, 0:1], points[:, 1:2]
    l, t = px - gt[:, 0], py - gt[:, 1]
    r, b = gt[:, 2] - px, gt[:, 3] - py
    dist = torch.stack([l, t, r, b], -1)
    inside = dist.min(-1).values > 0
    gcx, gcy = (gt[:, 0] + gt[:, 2]) / 2, (gt[:, 1] + gt[:, 3]) / 2
    radius = CENTRE_RADIUS * strides[:, None]
    central = ((px - gcx).abs() < radius) & ((py - gcy).abs() < radius)
    reach = dist.max(-1).values
    lo = torch.zeros_like(strides)
    hi = torch.zeros_like(strides)
    for s, (a, c) in LEVEL_RANGES.items():
        lo[strides == s], hi[strides == s] = a, c
    in_range = (reach >= lo[:, None]) & (reach <= hi[:, None])
    ok = inside & central & in_range
    # every box gets at least the point nearest its centre, on the level whose range fits best
    missing = (~ok.any(0)).nonzero().flatten()
    for j in missing.tolist():
        d = (px[:, 0] - gcx[j]) ** 2 + (py[:, 0] - gcy[j]) ** 2
        d = d + (~inside[:, j]).float() * 1e12
        ok[d.argmin(), j] = True
    area = ((gt[:, 2] - gt[:, 0]) * (gt[:, 3] - gt[:, 1]))[None].expand(n, -1)
    area = torch.where(ok, area, torch.full_like(area, float("inf")))
    best_area, match = area.min(1)
    match[torch.isinf(best_area)] = -1
    return match


def detection_loss(levels, targets):
    ltrb, logits, points, strides = flatten_levels(levels)
    ltrb, logits = ltrb.float(), logits.float()
    score_target = torch.zeros_like(logits)
    box_losses, num_pos = [], 0
    for i, gt in enumerate(targets):
        match = assign(points, strides, gt)
        pos = match >= 0
        if pos.any():
            pred = to_xyxy(points[pos], ltrb[i][pos])
            iou, giou = box_iou_pairs(pred, gt[match[pos]])
            box_losses.append((1 - giou).sum())
            score_target[i, pos] = iou.detach().clamp(min=0.01)
            num_pos += int(pos.sum())
    norm = max(num_pos, 1)
    prob = logits.sigmoid()
    bce = F.binary_cross_entropy_with_logits(logits, score_target, reduction="none")
    cls_loss = (bce * (prob - score_target).abs().pow(2)).sum() / norm
    box_loss = torch.stack(box_losses).sum() / norm if box_losses else logits.sum() * 0
    return cls_loss + BOX_WEIGHT * box_loss, {"cls": float(cls_loss), "box": float(box_loss), "pos": num_pos}
