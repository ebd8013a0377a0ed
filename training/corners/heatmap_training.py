"""What the corner model's and the refiner's training share: their arguments, loading their data,
the heatmap loss, the photometric augmentation and the training loop with weight averaging.

Loss per map: cross-entropy between the map's softmax and a Gaussian around the true point (sigma 1
cell), plus 0.5 x the L1 distance (in cells) of the softmax's mean position, which pulls the peak to
sub-cell precision. AdamW with weight decay on weights only, linear warm-up then cosine decay,
gradient clipping at 5, and an exponential moving average of the weights (0.998), which is what is
saved.
"""
import argparse
import math
import os
import time

import numpy as np
import torch
import torch.nn.functional as F


def training_args(steps, batch, seed, out, eval_every):
    """The command line both trainers take, with their own defaults."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=steps)
    ap.add_argument("--batch", type=int, default=batch)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", default=out)
    ap.add_argument("--eval-every", type=int, default=eval_every)
    return ap.parse_args()


def load_sets(data, prefix, inputs, labels):
    """From <data>/<prefix><part>-<kind>.npz (parts train and val, kinds scenes and photos): the
    training inputs and labels of both kinds together, and the validation sets by kind."""
    kinds = ("scenes", "photos")
    parts = {(part, kind): np.load(os.path.join(data, f"{prefix}{part}-{kind}.npz")) for part in ("train", "val") for kind in kinds}
    x = np.concatenate([parts["train", kind][inputs] for kind in kinds])
    y = np.concatenate([parts["train", kind][labels] for kind in kinds])
    val_sets = {kind: (parts["val", kind][inputs], parts["val", kind][labels]) for kind in kinds}
    print(f"train {len(x)} samples, val " + ", ".join(f"{k} {len(v[0])}" for k, v in val_sets.items()), flush=True)
    return x, y, val_sets


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


def photometric(rng, images):
    """uint8 [N, H, W, 3] -> float [N, 3, H, W] in 0..1, channels-last, with brightness, contrast,
    colour balance and noise drawn per image."""
    x = torch.from_numpy(images).permute(0, 3, 1, 2).float() / 255
    n = len(images)
    gain = torch.from_numpy(rng.uniform(0.6, 1.4, (n, 1, 1, 1))).float()
    colour = torch.from_numpy(rng.uniform(0.85, 1.15, (n, 3, 1, 1))).float()
    mean = x.mean((1, 2, 3), keepdim=True)
    contrast = torch.from_numpy(rng.uniform(0.7, 1.3, (n, 1, 1, 1))).float()
    x = ((x - mean) * contrast + mean) * gain * colour
    x = x + torch.randn_like(x) * torch.from_numpy(rng.uniform(0, 0.03, (n, 1, 1, 1))).float()
    return x.clamp(0, 1).contiguous(memory_format=torch.channels_last)


def ema_update(ema, model, step):
    """Moves the averaged weights towards the model's (decay warming up to 0.998)."""
    d = min(0.998, (1 + step) / (10 + step))
    with torch.no_grad():
        for pe, pm in zip(ema.state_dict().values(), model.state_dict().values()):
            if pe.dtype.is_floating_point:
                pe.mul_(d).add_(pm.detach(), alpha=1 - d)
            else:
                pe.copy_(pm)


def train_on_sets(make_model, data, prefix, names, augment, accuracy, describe, args, stride, warm, log_every):
    """Trains make_model() on the sets load_sets reads, in random batches of args.batch passed through
    augment(rng, inputs, labels) -> (x, points); describe({kind: accuracy(model, inputs, labels)})
    says how the averaged model does on each validation set."""
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    inputs, labels, val_sets = load_sets(data, prefix, *names)

    def batches(step):
        idx = rng.integers(0, len(inputs), args.batch)
        return augment(rng, inputs[idx], labels[idx])

    def evaluate(model):
        return describe({kind: accuracy(model, *v) for kind, v in val_sets.items()})

    train(make_model, batches, stride, args.steps, args.lr, warm, evaluate, args.out, args.eval_every, log_every)


def train(make_model, batches, stride, steps, lr, warm, evaluate, out, eval_every, log_every):
    """Trains make_model() on batches(step) -> (x, points); every eval_every steps prints
    evaluate(averaged model) and saves the averaged weights to out."""
    model = make_model().to(memory_format=torch.channels_last)
    ema = make_model()
    ema.load_state_dict(model.state_dict())
    decay, no_decay = [], []
    for p in model.parameters():
        (decay if p.ndim > 1 else no_decay).append(p)
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 5e-4}, {"params": no_decay, "weight_decay": 0}], lr=lr)
    start = time.time()
    for step in range(1, steps + 1):
        rate = lr * (step / warm if step < warm else 0.5 * (1 + math.cos(math.pi * (step - warm) / (steps - warm))))
        for g in opt.param_groups:
            g["lr"] = rate
        x, y = batches(step)
        loss, ce, l1 = heatmap_loss(model(x), y, stride)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
        opt.step()
        ema_update(ema, model, step)
        if step % log_every == 0:
            print(f"step {step} loss {loss.item():.3f} ce {ce.item():.3f} l1 {l1.item():.3f} cells lr {rate:.5f} {time.time() - start:.0f}s", flush=True)
        if step % eval_every == 0 or step == steps:
            ema.eval()
            with torch.no_grad():
                print(f"step {step} {evaluate(ema)}", flush=True)
            ema.train()
            torch.save(ema.state_dict(), out)
    print(f"trained in {(time.time() - start) / 60:.1f} min -> {out}", flush=True)
