"""Exports the averaged weights to ONNX: input [1,3,H,W] (H, W dynamic, multiples of 32), output [1,5,N]."""
import argparse
import json
import os

import onnx
import torch

from model import CardDetector
from paths import MODEL_OUT, OUT
from store_fp16 import store_fp16

OPSET = 13


def load_model(path, score_logit_offset=0.0):
    model = CardDetector()
    model.load_state_dict(torch.load(path, map_location="cpu")["model"])
    with torch.no_grad():
        for head in (model.head16, model.head32):
            head.cls.bias -= score_logit_offset
    return model.eval()


def calibration_offset(path):
    if not path or not os.path.exists(path):
        return 0.0
    with open(path) as f:
        return float(json.load(f)["score_logit_offset"])


def export(weights, out, size=640, score_logit_offset=0.0):
    model = load_model(weights, score_logit_offset)
    dummy = torch.rand(1, 3, size, size)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    torch.onnx.export(
        model, dummy, out, opset_version=OPSET, input_names=["images"], output_names=["output0"],
        dynamic_axes={"images": {2: "height", 3: "width"}, "output0": {2: "anchors"}},
        do_constant_folding=True,
    )
    graph = onnx.load(out)
    onnx.checker.check_model(graph)
    graph.metadata_props.add(key="names", value="{0: 'card'}")
    graph.metadata_props.add(key="stride", value="32")
    graph.metadata_props.add(key="description", value="Card Lens card detector: [1,5,N] = cx, cy, w, h (input px), score")
    # Half the bytes a phone downloads, the same boxes (store_fp16.py).
    onnx.save(store_fp16(graph), out)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=os.path.join(OUT, "card-detector.pt"))
    ap.add_argument("--out", default=MODEL_OUT)
    ap.add_argument("--calibration", default=os.path.join(OUT, "calibration.json"),
                    help="score offset chosen by calibrate.py; none when the file is missing")
    args = ap.parse_args()
    offset = calibration_offset(args.calibration)
    print(f"score logit offset {offset}")
    path = export(args.weights, args.out, score_logit_offset=offset)
    print(f"wrote {path} ({os.path.getsize(path) / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
