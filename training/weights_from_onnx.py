"""Training weights back from an exported detector, so a new stage can go on from a shipped model.

The export folds each batch norm into the convolution before it and stores the weights as float16.
The folded convolution's weights come back as they are; each batch norm is rebuilt so that it does
nothing in evaluation (the model gives the exported boxes and scores) while its statistics are the
real ones of training batches, so training with batch statistics starts where the export was.

  /usr/bin/python3 weights_from_onnx.py --onnx ../public/models/card-detector.onnx --out out/shipped.pt
"""
import argparse

import numpy as np
import onnx
import torch
from onnx import numpy_helper

from batches import load_shards, make_batch
from generate import shard_path
from model import CardDetector
from real_data import load_part

STAT_BATCHES = 12


def onnx_convolutions(path):
    """[(weight, bias)] of the graph's Conv nodes in graph order, float32."""
    graph = onnx.load(path).graph
    values = {t.name: numpy_helper.to_array(t).astype(np.float32) for t in graph.initializer}
    for node in graph.node:  # store_fp16's casts: the float32 name is the Cast's output
        if node.op_type == "Cast" and node.input[0] in values:
            values[node.output[0]] = values[node.input[0]]
    return [(values[n.input[1]], values[n.input[2]] if len(n.input) > 2 else None)
            for n in graph.node if n.op_type == "Conv"]


def convolutions_in_call_order(model, size=64):
    order = []
    hooks = [m.register_forward_hook(lambda mod, i, o: order.append(mod))
             for m in model.modules() if isinstance(m, torch.nn.Conv2d)]
    with torch.no_grad():
        model.raw(torch.zeros(1, 3, size, size))
    for h in hooks:
        h.remove()
    return order


def batch_norm_after(model):
    """conv_bn's Sequential puts each batch norm right after its convolution."""
    following = {}
    for seq in model.modules():
        if isinstance(seq, torch.nn.Sequential):
            layers = list(seq)
            for a, b in zip(layers, layers[1:]):
                if isinstance(a, torch.nn.Conv2d) and isinstance(b, torch.nn.BatchNorm2d):
                    following[a] = b
    return following


@torch.no_grad()
def recover(onnx_path, batches):
    model = CardDetector().eval()
    convs = convolutions_in_call_order(model)
    weights = onnx_convolutions(onnx_path)
    if len(convs) != len(weights):
        raise SystemExit(f"{onnx_path}: {len(weights)} convolutions, the model has {len(convs)}")
    norms = batch_norm_after(model)
    for conv, (w, b) in zip(convs, weights):
        if tuple(conv.weight.shape) != w.shape:
            raise SystemExit(f"{onnx_path}: weight {w.shape} where the model has {tuple(conv.weight.shape)}")
        conv.weight.copy_(torch.from_numpy(w))
        if conv in norms:
            bn = norms[conv]
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(b))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
        else:
            conv.bias.copy_(torch.from_numpy(b))
    # Each convolution's own output over real batches; re-parametrising one batch norm leaves every
    # output of the evaluated model unchanged, so all statistics come from the same passes.
    sums = {bn: [0.0, 0.0, 0] for bn in norms.values()}
    hooks = [conv.register_forward_hook(lambda mod, i, o, bn=bn: accumulate(sums[bn], o)) for conv, bn in norms.items()]
    for images, _ in batches:
        model.raw(images)
    for h in hooks:
        h.remove()
    for bn, (s, sq, n) in sums.items():
        mean = s / n
        var = (sq / n - mean ** 2).clamp_min(0)
        mean, var = mean.float(), var.float()
        bn.running_mean.copy_(mean)
        bn.running_var.copy_(var)
        bn.bias.add_(mean)
        bn.weight.copy_(torch.sqrt(var + bn.eps))
    return model


def accumulate(acc, out):
    acc[0] = acc[0] + out.double().sum(dim=(0, 2, 3))
    acc[1] = acc[1] + (out.double() ** 2).sum(dim=(0, 2, 3))
    acc[2] += out.shape[0] * out.shape[2] * out.shape[3]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--onnx", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--shards", type=int, default=1, help="synthetic training shards whose frames give the statistics")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    synthetic = load_shards([shard_path("train", k) for k in range(args.shards)])
    real = load_part("train", max_side=960)
    batches = [make_batch([args.seed, i], synthetic, real, 16, real_fraction=0.35, recipe="turned") for i in range(STAT_BATCHES)]
    model = recover(args.onnx, batches)
    torch.save({"model": model.state_dict(), "args": {"onnx": args.onnx}}, args.out)
    print(f"wrote {args.out}: {len(batch_norm_after(model))} batch norms rebuilt from {STAT_BATCHES} batches")


if __name__ == "__main__":
    main()
