"""Multiply-accumulates of the detector's convolutions at a given input size (FLOPs = 2 x MACs)."""
import sys

import torch

from model import CardDetector


def conv_macs(model, size):
    total = []

    def hook(module, inputs, output):
        k = module.kernel_size[0] * module.kernel_size[1]
        total.append(output.numel() * k * module.in_channels // module.groups)

    handles = [m.register_forward_hook(hook) for m in model.modules() if isinstance(m, torch.nn.Conv2d)]
    with torch.no_grad():
        model(torch.zeros(1, 3, size, size))
    for h in handles:
        h.remove()
    return sum(total)


if __name__ == "__main__":
    model = CardDetector().eval()
    for size in (int(s) for s in (sys.argv[1:] or ["640", "320"])):
        macs = conv_macs(model, size)
        print(f"{size}: {macs / 1e6:.1f} M MACs = {2 * macs / 1e9:.3f} GFLOPs")
