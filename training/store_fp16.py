"""Stores an ONNX model's float weights as float16, each cast back to float32 by a Cast node.

The file a phone downloads halves, while inference is unchanged: onnxruntime folds each Cast of a
constant into a float32 constant when the session loads, so the graph it runs is the float32 one
with weights rounded to half precision (bench:detect --compare measures what that rounding costs).
"""
import argparse
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def store_fp16(model):
    graph = model.graph
    inputs = {value.name for value in graph.input}
    casts = []
    for weights in list(graph.initializer):
        if weights.data_type != TensorProto.FLOAT or weights.name in inputs:
            continue
        half = numpy_helper.from_array(numpy_helper.to_array(weights).astype(np.float16), f"{weights.name}__fp16")
        graph.initializer.remove(weights)
        graph.initializer.append(half)
        casts.append(helper.make_node("Cast", [half.name], [weights.name], to=TensorProto.FLOAT, name=f"{weights.name}__cast"))
    nodes = list(graph.node)
    del graph.node[:]
    graph.node.extend(casts + nodes)
    onnx.checker.check_model(model)
    return model


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("model", help="float32 ONNX model")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    model = store_fp16(onnx.load(args.model))
    onnx.save(model, args.out)
    print(f"{args.model}: {os.path.getsize(args.model):,} bytes -> {args.out}: {os.path.getsize(args.out):,} bytes")


if __name__ == "__main__":
    main()
