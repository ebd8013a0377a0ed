"""The engine's input geometry: fit the frame into a square of the model size, black bars."""
import cv2
import numpy as np


def letterbox(image, size, boxes=None, scale_jitter=1.0, offset=(0.5, 0.5)):
    """image BGR uint8 -> (RGB uint8 [size, size, 3], boxes in input pixels, scale, (pad_x, pad_y))."""
    h, w = image.shape[:2]
    scale = size / max(h, w) * scale_jitter
    nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
    resized = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    canvas = np.zeros((size, size, 3), np.uint8)
    px, py = int((size - nw) * offset[0]), int((size - nh) * offset[1])
    canvas[py:py + nh, px:px + nw] = resized[..., ::-1]
    out_boxes = None
    if boxes is not None:
        out_boxes = boxes.reshape(-1, 4) * scale + np.array([px, py, px, py], np.float32)
    return canvas, out_boxes, scale, (px, py)


def to_tensor_layout(rgb):
    """RGB uint8 HWC -> float32 CHW in 0..1, the model's input contract."""
    return np.ascontiguousarray(rgb.transpose(2, 0, 1), dtype=np.float32) / 255.0
