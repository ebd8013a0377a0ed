"""Exports the trained corner model to ONNX (opset 13, batch 1, input [1, 3, IN_H, IN_W]).

/usr/bin/python3 export_corners.py [--weights out/corners/card-corners.pt] [--out ../public/models/card-corners.onnx]
"""
import argparse
import json
import os
import sys

import onnx
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from common import GROW, IN_H, IN_W, STRIDE  # noqa: E402
from corner_model import CornerNet  # noqa: E402
from paths import OUT, REPO  # noqa: E402


def export(weights, out):
    model = CornerNet()
    model.load_state_dict(torch.load(weights, map_location="cpu"))
    model.eval()
    x = torch.rand(1, 3, IN_H, IN_W)
    torch.onnx.export(model, x, out, opset_version=13, input_names=["image"], output_names=["heatmaps"], do_constant_folding=True)
    proto = onnx.load(out)
    contract = {"input": [IN_W, IN_H], "stride": STRIDE, "grow": GROW, "corners": "top-left, top-right, bottom-right, bottom-left as seen"}
    entry = proto.metadata_props.add()
    entry.key, entry.value = "card_corners", json.dumps(contract)
    onnx.save(proto, out)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=os.path.join(OUT, "corners", "card-corners.pt"))
    ap.add_argument("--out", default=os.path.join(REPO, "public", "models", "card-corners.onnx"))
    args = ap.parse_args()
    export(args.weights, args.out)
    print(f"{args.out}: {os.path.getsize(args.out) / 1e6:.2f} MB", flush=True)


if __name__ == "__main__":
    main()
