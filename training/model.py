"""Tiny anchor-free card detector: depthwise-separable backbone, three levels (strides 8, 16 and 32).

The graph ends with the decode, so the exported model emits the YOLO detection layout
[1, 5, N] = cx, cy, w, h (input pixels), card score (0..1) for any input size multiple of 32.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

STRIDES = (8, 16, 32)


def conv_bn(cin, cout, k=1, s=1, groups=1, act=True):
    layers = [nn.Conv2d(cin, cout, k, s, (k - 1) // 2 if k % 2 else 0, groups=groups, bias=False), nn.BatchNorm2d(cout)]
    if act:
        layers.append(nn.ReLU(inplace=True))
    return nn.Sequential(*layers)


class SeparableBlock(nn.Module):
    """Depthwise k x k then pointwise; residual when the shape is kept."""

    def __init__(self, cin, cout, stride=1, k=3):
        super().__init__()
        self.dw = conv_bn(cin, cin, k, stride, groups=cin, act=False)
        self.pw = conv_bn(cin, cout, 1)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.pw(self.dw(x))
        return x + y if self.residual else y


def stage(cin, cout, depth, k):
    blocks = [SeparableBlock(cin, cout, 2, k)]
    blocks += [SeparableBlock(cout, cout, 1, k) for _ in range(depth - 1)]
    return nn.Sequential(*blocks)


class Head(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.tower = SeparableBlock(c, c, 1, 3)
        self.box = nn.Conv2d(c, 4, 1)
        self.cls = nn.Conv2d(c, 1, 1)
        nn.init.constant_(self.cls.bias, -4.6)  # start near p=0.01 so empty frames do not dominate early
        nn.init.constant_(self.box.bias, 1.0)

    def forward(self, x):
        t = self.tower(x)
        return self.box(t), self.cls(t)


class CardDetector(nn.Module):
    def __init__(self, width=(16, 48, 96, 160), neck=48, fine=32):
        super().__init__()
        c1, c2, c3, c4 = width
        # A stride-4 patch stem keeps full-resolution activations out of the graph: cards are large,
        # and the first layers at full resolution were most of the CPU cost.
        self.stem = conv_bn(3, c1, 4, 4)
        self.s4 = SeparableBlock(c1, c1, 1, 3)
        self.s8 = stage(c1, c2, 2, 3)
        self.s16 = stage(c2, c3, 2, 5)
        self.s32 = stage(c3, c4, 3, 5)
        # The stride-8 level finds the small cards of binder pages and piles that stride 16 had no box
        # for at a 320 input. A 48-channel neck and two stride-16 blocks (three before) pay for it, so a
        # frame takes about as long; the stride-4 block stays, as turned cards at 640 need it
        # (training/EXPERIMENTS.md).
        self.lat8 = conv_bn(c2, fine, 1)
        self.reduce16 = conv_bn(neck, fine, 1)
        self.fuse8 = SeparableBlock(fine, fine, 1, 3)
        self.head8 = Head(fine)
        self.lat16 = conv_bn(c3, neck, 1)
        self.lat32 = conv_bn(c4, neck, 1)
        self.fuse16 = SeparableBlock(neck, neck, 1, 5)
        self.down16 = SeparableBlock(neck, neck, 2, 3)
        self.fuse32 = SeparableBlock(neck, neck, 1, 3)
        self.head16 = Head(neck)
        self.head32 = Head(neck)

    def features(self, x):
        f8 = self.s8(self.s4(self.stem(x)))
        f16 = self.s16(f8)
        f32 = self.s32(f16)
        p32 = self.lat32(f32)
        p16 = self.fuse16(self.lat16(f16) + F.interpolate(p32, scale_factor=2.0, mode="nearest"))
        p32 = self.fuse32(p32 + self.down16(p16))
        p8 = self.fuse8(self.lat8(f8) + F.interpolate(self.reduce16(p16), scale_factor=2.0, mode="nearest"))
        return p8, p16, p32

    def raw(self, x):
        """Per level: (ltrb distances in pixels [B,4,H,W], score logits [B,1,H,W], stride)."""
        out = []
        for feat, head, stride in zip(self.features(x), (self.head8, self.head16, self.head32), STRIDES):
            box, cls = head(feat)
            out.append((F.softplus(box) * stride, cls, stride))
        return out

    def forward(self, x):
        return decode(self.raw(x))


def grid_centres(like, stride):
    """Cell centres in pixels, built from the feature map's own shape so the export stays size-free."""
    ones = torch.ones_like(like[:, :1])
    xs = (torch.cumsum(ones, dim=3) - 0.5) * stride
    ys = (torch.cumsum(ones, dim=2) - 0.5) * stride
    return xs, ys


def decode_level(ltrb, cls, stride):
    xs, ys = grid_centres(cls, stride)
    l, t, r, b = ltrb[:, 0:1], ltrb[:, 1:2], ltrb[:, 2:3], ltrb[:, 3:4]
    cx = xs + (r - l) * 0.5
    cy = ys + (b - t) * 0.5
    out = torch.cat([cx, cy, l + r, t + b, torch.sigmoid(cls)], dim=1)
    return out.flatten(2)


def decode(levels):
    return torch.cat([decode_level(ltrb, cls, s) for ltrb, cls, s in levels], dim=2)


def count_parameters(model):
    return sum(p.numel() for p in model.parameters())
