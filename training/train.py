"""Trains the card detector on synthetic shards plus real training photos; keeps weight averages."""
import argparse
import copy
import json
import math
import os
import time

import torch

from batches import RECIPES, SIZES, BatchStream, load_shards
from generate import shard_path
from loss import detection_loss
from model import CardDetector, count_parameters
from paths import OUT
from real_data import load_part


def set_seed(seed):
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(False)


def lr_at(step, steps, peak, warmup):
    if step < warmup:
        return peak * (step + 1) / warmup
    progress = (step - warmup) / max(1, steps - warmup)
    return peak * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * progress)))


class WeightAverage:
    """Exponential moving average of weights and batch-norm statistics."""

    def __init__(self, model, decay):
        self.model = copy.deepcopy(model).eval()
        self.decay = decay

    @torch.no_grad()
    def update(self, model, step):
        d = min(self.decay, (1 + step) / (10 + step))
        for avg, cur in zip(self.model.state_dict().values(), model.state_dict().values()):
            if avg.dtype.is_floating_point:
                avg.mul_(d).add_(cur.detach(), alpha=1 - d)
            else:
                avg.copy_(cur)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--batch", type=int, default=24)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--real-fraction", type=float, default=0.3)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--part", default="train", help="synthetic part under out/synthetic/")
    ap.add_argument("--shards", type=int, default=12, help="uses shards 0..N-1 of the part")
    ap.add_argument("--sizes", default=",".join(str(s) for s in SIZES))
    ap.add_argument("--out", default=os.path.join(OUT, "card-detector.pt"))
    ap.add_argument("--log-every", type=int, default=25)
    ap.add_argument("--recipe", choices=RECIPES, default="upright", help="augmentation of real photos and input sizes")
    ap.add_argument("--real-limit", type=int, help="first N real training photos only (smoke runs)")
    ap.add_argument("--hard-frames", nargs="+", default=[],
                    help="hard frames drawn apart: mine_negatives.py, hard_scenes.py")
    ap.add_argument("--hard-fraction", type=float, default=0.1, help="share of a batch's frames drawn from --hard-frames")
    ap.add_argument("--init", help="weights to go on from (a second stage) instead of a fresh model")
    # One thread: on a shared 2-core machine two OpenMP threads wait on each other and ran 5x slower;
    # the batch-making worker process uses the other core.
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()

    torch.set_num_threads(args.threads)
    set_seed(args.seed)
    synthetic = load_shards([shard_path(args.part, k) for k in range(args.shards)])
    real = load_part("train", max_side=960, limit=args.real_limit)
    sizes = tuple(int(s) for s in args.sizes.split(","))
    print(f"synthetic {len(synthetic)} frames, real {len(real)} photos, sizes {sizes}", flush=True)

    model = CardDetector().to(memory_format=torch.channels_last)
    if args.init:
        model.load_state_dict(torch.load(args.init, map_location="cpu")["model"])
    print(f"parameters {count_parameters(model)}", flush=True)
    average = WeightAverage(model, 0.998)
    decay, no_decay = [], []
    for p in model.parameters():
        (decay if p.ndim > 1 else no_decay).append(p)
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 5e-4}, {"params": no_decay, "weight_decay": 0}], lr=args.lr)
    hard = load_shards(args.hard_frames)
    stream = BatchStream(args.seed, args.steps, synthetic, real, args.batch, args.real_fraction, sizes, args.recipe, hard,
                         args.hard_fraction)
    loader = torch.utils.data.DataLoader(stream, batch_size=None, num_workers=1, prefetch_factor=4)

    start = time.time()
    model.train()
    for step, (images, targets) in enumerate(loader):
        for g in opt.param_groups:
            g["lr"] = lr_at(step, args.steps, args.lr, warmup=min(150, args.steps // 10 + 1))
        images = images.to(memory_format=torch.channels_last)
        loss, parts = detection_loss(model.raw(images), targets)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
        opt.step()
        average.update(model, step)
        if step % args.log_every == 0 or step == args.steps - 1:
            elapsed = time.time() - start
            print(f"step {step}/{args.steps} size {images.shape[-1]} loss {float(loss):.3f} "
                  f"cls {parts['cls']:.3f} box {parts['box']:.3f} pos {parts['pos']} "
                  f"lr {opt.param_groups[0]['lr']:.5f} {elapsed:.0f}s", flush=True)
    torch.save({"model": average.model.state_dict(), "args": vars(args), "seconds": time.time() - start}, args.out)
    with open(args.out + ".json", "w") as f:
        json.dump({"args": vars(args), "seconds": round(time.time() - start)}, f, indent=1)
    print(f"saved {args.out} after {time.time() - start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
