"""Ways to run the detector on letterboxed inputs: the torch weights, or the exported ONNX file
through onnxruntime-web (wasm, one thread) in Node, the runtime the engine uses."""
import json
import os
import subprocess
import tempfile

import numpy as np
import torch

from export import load_model
from paths import TRAINING


class TorchRunner:
    name = "torch (averaged weights, Python)"

    def __init__(self, weights):
        self.model = load_model(weights)
        torch.set_num_threads(1)

    def __call__(self, inputs):
        """inputs float32 [n, 3, S, S] -> [n, 5, N]"""
        out = []
        with torch.no_grad():
            for i in range(0, len(inputs), 16):
                x = torch.from_numpy(inputs[i:i + 16]).to(memory_format=torch.channels_last)
                out.append(self.model(x).numpy())
        return np.concatenate(out)


class OrtWebRunner:
    name = "onnxruntime-web 1.30 (wasm, 1 thread) in Node"

    def __init__(self, onnx_path, chunk=24):
        self.onnx_path = os.path.abspath(onnx_path)
        self.chunk = chunk
        self.times_ms = []

    def __call__(self, inputs):
        size = inputs.shape[-1]
        outs = []
        with tempfile.TemporaryDirectory() as tmp:
            src, dst = os.path.join(tmp, "in.bin"), os.path.join(tmp, "out.bin")
            for i in range(0, len(inputs), self.chunk):
                part = np.ascontiguousarray(inputs[i:i + self.chunk], np.float32)
                part.tofile(src)
                run = subprocess.run(["node", os.path.join(TRAINING, "ort-web-run.mjs"), self.onnx_path, src, dst, str(size)],
                                     capture_output=True, text=True, check=True, cwd=TRAINING)
                self.times_ms += json.loads(run.stdout.strip().splitlines()[-1])
                outs.append(np.fromfile(dst, np.float32).reshape(len(part), 5, -1))
        return np.concatenate(outs)
