"""Card corner model: a small encoder-decoder giving four corner heatmaps at 1/4 of the input.

Encoder of depthwise-separable blocks down to stride 32 (the whole window in view: which corner is
which depends on the whole card), then a top-down decoder adding each finer level back, to stride 4,
where a 1x1 convolution gives one heatmap per corner (top-left, top-right, bottom-right,
bottom-left as seen). The graph ends with the logits; decoding is the caller's (common.py).
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

from model import SeparableBlock, conv_bn, stage  # noqa: E402  (the detector's building blocks)


class CornerNet(nn.Module):
    def __init__(self, width=(24, 48, 96, 144), decoder=48):
        super().__init__()
        c4, c8, c16, c32 = width
        self.stem = nn.Sequential(conv_bn(3, 16, 3, 2), conv_bn(16, c4, 3, 2))  # stride 4
        self.s4 = SeparableBlock(c4, c4, 1, 3)
        self.s8 = stage(c4, c8, 2, 3)
        self.s16 = stage(c8, c16, 3, 5)
        self.s32 = stage(c16, c32, 3, 5)
        self.lat32 = conv_bn(c32, decoder)
        self.lat16 = conv_bn(c16, decoder)
        self.lat8 = conv_bn(c8, decoder)
        self.lat4 = conv_bn(c4, decoder)
        self.up16 = SeparableBlock(decoder, decoder, 1, 5)
        self.up8 = SeparableBlock(decoder, decoder, 1, 5)
        self.up4 = SeparableBlock(decoder, decoder, 1, 3)
        self.head = nn.Sequential(SeparableBlock(decoder, decoder, 1, 3), nn.Conv2d(decoder, 4, 1))

    def forward(self, x):
        f4 = self.s4(self.stem(x))
        f8 = self.s8(f4)
        f16 = self.s16(f8)
        f32 = self.s32(f16)
        up = lambda y: F.interpolate(y, scale_factor=2.0, mode="nearest")  # noqa: E731
        d = self.up16(self.lat16(f16) + up(self.lat32(f32)))
        d = self.up8(self.lat8(f8) + up(d))
        d = self.up4(self.lat4(f4) + up(d))
        return self.head(d)
