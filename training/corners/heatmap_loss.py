"""The heatmap loss and weight averaging shared by the corner model's and the refiner's training.

Loss per map: cross-entropy between the map's softmax and a Gaussian around the true point (sigma 1
cell), plus the L1 distance (in cells) of the softmax's mean position, which pulls the peak to
sub-cell precision.
"""
import torch
import torch.nn.functional as F


def heatmap_loss(logits, points, stride):
    """logits [N, K, H, W], points [N, K, 2] in input pixels."""
    n, k, h, w = logits.shape
    cells = points / stride - 0.5  # cell-centre coordinates
    ys = torch.arange(h, dtype=torch.float32).view(1, 1, h, 1)
    xs = torch.arange(w, dtype=torch.float32).view(1, 1, 1, w)
    cx = cells[..., 0].clamp(0, w - 1).view(n, k, 1, 1)
    cy = cells[..., 1].clamp(0, h - 1).view(n, k, 1, 1)
    target = torch.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / 2.0)
    target = target / target.sum((2, 3), keepdim=True)
    logp = F.log_softmax(logits.flatten(2), -1).view_as(logits)
    ce = -(target * logp).sum((2, 3)).mean()
    p = logp.exp()
    mx = (p * xs).sum((2, 3))
    my = (p * ys).sum((2, 3))
    l1 = ((mx - cells[..., 0]).abs() + (my - cells[..., 1]).abs()).mean()
    return ce + 0.5 * l1, ce, l1


def ema_update(ema, model, step):
    """Moves the averaged weights towards the model's (decay warming up to 0.998)."""
    d = min(0.998, (1 + step) / (10 + step))
    with torch.no_grad():
        for pe, pm in zip(ema.state_dict().values(), model.state_dict().values()):
            if pe.dtype.is_floating_point:
                pe.mul_(d).add_(pm.detach(), alpha=1 - d)
            else:
                pe.copy_(pm)
