"""Corner refiner: a small encoder-decoder giving one corner heatmap at 1/2 of a corner patch.

Encoder of depthwise-separable blocks down to 1/16 (the whole patch in view: the two sides that meet
at the corner), then a top-down decoder adding each finer level back, to 1/2, where a 1x1
convolution gives the heatmap. The graph ends with the logits; decoding is the caller's.
"""
import torch.nn as nn
import torch.nn.functional as F

from model import SeparableBlock, conv_bn, stage  # noqa: E402  (the detector's building blocks)


class CornerRefiner(nn.Module):
    def __init__(self, width=(24, 40, 80, 128), decoder=32):
        super().__init__()
        c2, c4, c8, c16 = width
        self.stem = nn.Sequential(conv_bn(3, 16, 3, 2), SeparableBlock(16, c2, 1, 3))  # 1/2
        self.s4 = stage(c2, c4, 2, 3)
        self.s8 = stage(c4, c8, 2, 5)
        self.s16 = stage(c8, c16, 2, 5)
        self.lat16 = conv_bn(c16, decoder)
        self.lat8 = conv_bn(c8, decoder)
        self.lat4 = conv_bn(c4, decoder)
        self.lat2 = conv_bn(c2, decoder)
        self.up8 = SeparableBlock(decoder, decoder, 1, 5)
        self.up4 = SeparableBlock(decoder, decoder, 1, 3)
        self.up2 = SeparableBlock(decoder, decoder, 1, 3)
        self.head = nn.Conv2d(decoder, 1, 1)

    def forward(self, x):
        f2 = self.stem(x)
        f4 = self.s4(f2)
        f8 = self.s8(f4)
        f16 = self.s16(f8)
        up = lambda y: F.interpolate(y, scale_factor=2.0, mode="nearest")  # noqa: E731
        d = self.up8(self.lat8(f8) + up(self.lat16(f16)))
        d = self.up4(self.lat4(f4) + up(d))
        d = self.up2(self.lat2(f2) + up(d))
        return self.head(d)
