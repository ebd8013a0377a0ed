"""A YOLOv8n-shaped detector (same layers and widths, one class, random weights) exported to ONNX,
only to time our model against it side by side in the same runtime."""
import sys

import torch
import torch.nn as nn


class Conv(nn.Module):
    def __init__(self, c1, c2, k=1, s=1):
        super().__init__()
        self.conv = nn.Conv2d(c1, c2, k, s, k // 2, bias=False)
        self.bn = nn.BatchNorm2d(c2)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.bn(self.conv(x)))


class Bottleneck(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.cv1, self.cv2 = Conv(c, c, 3), Conv(c, c, 3)

    def forward(self, x):
        return x + self.cv2(self.cv1(x))


class C2f(nn.Module):
    def __init__(self, c1, c2, n, shortcut=True):
        super().__init__()
        self.c = c2 // 2
        self.cv1 = Conv(c1, 2 * self.c, 1)
        self.cv2 = Conv((2 + n) * self.c, c2, 1)
        self.m = nn.ModuleList(Bottleneck(self.c) for _ in range(n))

    def forward(self, x):
        y = list(self.cv1(x).chunk(2, 1))
        y.extend(m(y[-1]) for m in self.m)
        return self.cv2(torch.cat(y, 1))


class SPPF(nn.Module):
    def __init__(self, c1, c2):
        super().__init__()
        self.cv1, self.cv2 = Conv(c1, c1 // 2), Conv(c1 * 2, c2)
        self.m = nn.MaxPool2d(5, 1, 2)

    def forward(self, x):
        x = self.cv1(x)
        y1 = self.m(x)
        y2 = self.m(y1)
        return self.cv2(torch.cat([x, y1, y2, self.m(y2)], 1))


class YoloV8nShape(nn.Module):
    def __init__(self, nc=1, reg_max=16):
        super().__init__()
        self.b0, self.b1, self.b2 = Conv(3, 16, 3, 2), Conv(16, 32, 3, 2), C2f(32, 32, 1)
        self.b3, self.b4 = Conv(32, 64, 3, 2), C2f(64, 64, 2)
        self.b5, self.b6 = Conv(64, 128, 3, 2), C2f(128, 128, 2)
        self.b7, self.b8, self.b9 = Conv(128, 256, 3, 2), C2f(256, 256, 1), SPPF(256, 256)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.h12, self.h15 = C2f(384, 128, 1, False), C2f(192, 64, 1, False)
        self.h16, self.h18 = Conv(64, 64, 3, 2), C2f(192, 128, 1, False)
        self.h19, self.h21 = Conv(128, 128, 3, 2), C2f(384, 256, 1, False)
        self.reg_max = reg_max
        self.box = nn.ModuleList(nn.Sequential(Conv(c, 64, 3), Conv(64, 64, 3), nn.Conv2d(64, 4 * reg_max, 1)) for c in (64, 128, 256))
        self.cls = nn.ModuleList(nn.Sequential(Conv(c, 64, 3), Conv(64, 64, 3), nn.Conv2d(64, nc, 1)) for c in (64, 128, 256))

    def forward(self, x):
        p3 = self.b4(self.b3(self.b2(self.b1(self.b0(x)))))
        p4 = self.b6(self.b5(p3))
        p5 = self.b9(self.b8(self.b7(p4)))
        h12 = self.h12(torch.cat([self.up(p5), p4], 1))
        n3 = self.h15(torch.cat([self.up(h12), p3], 1))
        n4 = self.h18(torch.cat([self.h16(n3), h12], 1))
        n5 = self.h21(torch.cat([self.h19(n4), p5], 1))
        outs = []
        for i, (f, stride) in enumerate(zip((n3, n4, n5), (8, 16, 32))):
            b, _, h, w = f.shape
            dist = self.box[i](f).view(b, 4, self.reg_max, h * w).softmax(2)
            dist = (dist * torch.arange(self.reg_max, dtype=torch.float32).view(1, 1, -1, 1)).sum(2)
            ys, xs = torch.meshgrid(torch.arange(h) + 0.5, torch.arange(w) + 0.5, indexing="ij")
            px, py = xs.reshape(1, -1).float(), ys.reshape(1, -1).float()
            x1, y1, x2, y2 = px - dist[:, 0], py - dist[:, 1], px + dist[:, 2], py + dist[:, 3]
            box = torch.stack([(x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1], 1) * stride
            outs.append(torch.cat([box, self.cls[i](f).flatten(2).sigmoid()], 1))
        return torch.cat(outs, 2)


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else "out/yolov8n-shape.onnx"
    size = int(sys.argv[2]) if len(sys.argv) > 2 else 640
    torch.manual_seed(0)
    model = YoloV8nShape().eval()
    print(f"parameters {sum(p.numel() for p in model.parameters())}")
    torch.onnx.export(model, torch.rand(1, 3, size, size), out, opset_version=13,
                      input_names=["images"], output_names=["output0"])
    print(f"wrote {out}")
