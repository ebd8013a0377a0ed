"""Exports the trained corner model or corner refiner to ONNX (opset 13).

The corner model takes [1, 3, IN_H, IN_W]; the refiner [N, 3, PATCH, PATCH] (the four corners of an
outline in one run). Each file carries its contract in its metadata.

/usr/bin/python3 export_corners.py [--model corners|refiner] [--weights <.pt>] [--out <.onnx>]
"""
import argparse
import json
import os
import sys

import onnx
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
import print_common  # noqa: E402
import refine_common  # noqa: E402
from corner_model import CornerNet  # noqa: E402
from paths import OUT, REPO  # noqa: E402
from refine_model import CornerRefiner  # noqa: E402

MODELS = {
    "corners": {
        "net": CornerNet,
        "file": "card-corners",
        "input": (1, 3, common.IN_H, common.IN_W),
        "batch": False,
        "contract": {"input": [common.IN_W, common.IN_H], "stride": common.STRIDE, "grow": common.GROW,
                     "corners": "top-left, top-right, bottom-right, bottom-left as seen"},
    },
    "print-reader": {
        "net": CornerNet,
        "file": "card-print-reader",
        "input": (2, 3, print_common.IN_H, print_common.IN_W),
        "batch": True,
        "contract": {"input": [print_common.IN_W, print_common.IN_H], "stride": print_common.STRIDE, "margin": print_common.MARGIN,
                     "corners": "the outline's corners in its order, its first top-left in the frame"},
    },
    "refiner": {
        "net": CornerRefiner,
        "file": "corner-refiner",
        "input": (4, 3, refine_common.PATCH, refine_common.PATCH),
        "batch": True,
        "contract": {"patch": refine_common.PATCH, "span": refine_common.SPAN, "stride": refine_common.STRIDE},
    },
}


def export(kind, weights, out):
    spec = MODELS[kind]
    model = spec["net"]()
    model.load_state_dict(torch.load(weights, map_location="cpu"))
    model.eval()
    axes = {"image": {0: "n"}, "heatmaps": {0: "n"}} if spec["batch"] else None
    torch.onnx.export(model, torch.rand(*spec["input"]), out, opset_version=13, input_names=["image"], output_names=["heatmaps"],
                      do_constant_folding=True, dynamic_axes=axes)
    proto = onnx.load(out)
    entry = proto.metadata_props.add()
    entry.key, entry.value = spec["file"].replace("-", "_"), json.dumps(spec["contract"])
    onnx.save(proto, out)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="corners", choices=list(MODELS))
    ap.add_argument("--weights")
    ap.add_argument("--out")
    args = ap.parse_args()
    name = MODELS[args.model]["file"]
    out = export(args.model, args.weights or os.path.join(OUT, "corners", f"{name}.pt"), args.out or os.path.join(REPO, "public", "models", f"{name}.onnx"))
    print(f"{out}: {os.path.getsize(out) / 1e6:.2f} MB", flush=True)


if __name__ == "__main__":
    main()
