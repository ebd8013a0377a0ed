"""Exports the averaged weights to ONNX: input [1,3,H,W] (H, W dynamic, multiples of 32), output [1,5,N]."""
import argparse
import json
import os

import onnx
import torch

from model import CardDetector, decode
from paths import MODEL_OUT, OUT
from store_fp16 import store_fp16

OPSET = 13


class SizeCalibrated(torch.nn.Module):
    """Subtracts a score offset that depends on the input's longer side: piecewise linear through
    the offsets calibrated at a few sizes, held flat beyond them. A larger input sees more of a
    frame's clutter as card-like, so the gate needs a larger offset there (calibrate.py)."""

    def __init__(self, model, offsets):
        super().__init__()
        self.model = model
        self.sizes = sorted(offsets)
        self.offsets = [offsets[s] for s in self.sizes]

    def forward(self, x):
        levels = self.model.raw(x)
        # The input's longer side counted in cells of the coarsest level, a tensor built from the
        # feature map's own shape so the export stays size-free (inputs are multiples of its stride).
        _, coarse, stride = levels[-1]
        ones = torch.ones_like(coarse)
        side = torch.maximum(ones[:, :, :1].sum(dim=3, keepdim=True), ones[:, :, :, :1].sum(dim=2, keepdim=True)) * stride
        offset = torch.full_like(side, self.offsets[0])
        for (a, b), (oa, ob) in zip(zip(self.sizes, self.sizes[1:]), zip(self.offsets, self.offsets[1:])):
            offset = offset + (side - a).clamp(0, b - a) * ((ob - oa) / (b - a))
        return decode([(ltrb, cls - offset, level_stride) for ltrb, cls, level_stride in levels])


def load_model(path, score_logit_offset=0.0):
    """The averaged weights; `score_logit_offset` is one offset for every size or {size: offset}."""
    model = CardDetector()
    model.load_state_dict(torch.load(path, map_location="cpu")["model"])
    offsets = score_logit_offset if isinstance(score_logit_offset, dict) else {640: float(score_logit_offset)}
    return SizeCalibrated(model, {int(s): float(o) for s, o in offsets.items()}).eval()


def calibration_offset(path):
    if not path or not os.path.exists(path):
        return 0.0
    with open(path) as f:
        offset = json.load(f)["score_logit_offset"]
    return {int(s): float(o) for s, o in offset.items()} if isinstance(offset, dict) else float(offset)


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
