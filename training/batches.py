"""Training batches: synthetic shards and real training photos, at a size drawn per batch (320..640)."""
import pickle

import cv2
import numpy as np
import torch

from augment_real import augment_real
from letterbox import letterbox, to_tensor_layout

SIZES = (320, 384, 448, 512, 576, 640)
SIZE_WEIGHTS = {320: 0.22, 384: 0.14, 448: 0.14, 512: 0.14, 576: 0.14, 640: 0.22}
# The "turned" recipe: small inputs, where the cards of a binder page are smallest, weigh more.
SIZE_WEIGHTS_TURNED = {320: 0.3, 384: 0.15, 448: 0.12, 512: 0.1, 576: 0.1, 640: 0.23}
RECIPES = ("upright", "turned")


def load_shards(paths):
    items = []
    for path in paths:
        with open(path, "rb") as f:
            items += pickle.load(f)
    return items


def decode(jpeg):
    return cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)


def encode(image):
    """How a synthetic or mined frame is stored in a shard."""
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def flip(image, boxes, width):
    image = np.ascontiguousarray(image[:, ::-1])
    if len(boxes):
        boxes = np.stack([width - boxes[:, 2], boxes[:, 1], width - boxes[:, 0], boxes[:, 3]], 1)
    return image, boxes


def sample(rng, synthetic, real, real_fraction, any_angle=False, hard=(), hard_fraction=0.0):
    if hard and rng.random() < hard_fraction:
        jpeg, boxes = hard[rng.integers(len(hard))]
        image = decode(jpeg)
    elif real and rng.random() < real_fraction:
        _, image, boxes = real[rng.integers(len(real))]
        image, boxes = augment_real(rng, image, boxes, any_angle)
    else:
        jpeg, boxes = synthetic[rng.integers(len(synthetic))]
        image = decode(jpeg)
    if rng.random() < 0.5:
        image, boxes = flip(image, boxes, image.shape[1])
    return image, boxes.astype(np.float32).reshape(-1, 4)


def make_batch(seed, synthetic, real, batch_size, real_fraction=0.3, sizes=SIZES, recipe="upright", hard=(),
               hard_fraction=0.0):
    rng = np.random.default_rng(seed)
    table = SIZE_WEIGHTS_TURNED if recipe == "turned" else SIZE_WEIGHTS
    weights = np.array([table.get(s, 0.14) for s in sizes])
    size = int(rng.choice(sizes, p=weights / weights.sum()))
    images, targets = [], []
    for _ in range(batch_size):
        image, boxes = sample(rng, synthetic, real, real_fraction, recipe == "turned", hard, hard_fraction)
        jitter = rng.uniform(0.7, 1.0) if rng.random() < 0.25 else 1.0
        offset = (rng.uniform(0, 1), rng.uniform(0, 1)) if jitter < 1 else (0.5, 0.5)
        rgb, boxes, _, _ = letterbox(image, size, boxes, jitter, offset)
        keep = ((boxes[:, 2] - boxes[:, 0]) > 4) & ((boxes[:, 3] - boxes[:, 1]) > 4)
        images.append(to_tensor_layout(rgb))
        targets.append(torch.from_numpy(boxes[keep]))
    return torch.from_numpy(np.stack(images)), targets


class BatchStream(torch.utils.data.IterableDataset):
    """Batch i is a pure function of (seed, i): the same run gives the same batches in any process."""

    def __init__(self, seed, steps, synthetic, real, batch_size, real_fraction, sizes=SIZES, recipe="upright", hard=(),
                 hard_fraction=0.0):
        self.seed, self.steps = seed, steps
        self.synthetic, self.real = synthetic, real
        self.batch_size, self.real_fraction, self.sizes = batch_size, real_fraction, sizes
        self.recipe = recipe
        self.hard, self.hard_fraction = hard, hard_fraction

    def __iter__(self):
        cv2.setNumThreads(1)
        for step in range(self.steps):
            yield make_batch([self.seed, step], self.synthetic, self.real, self.batch_size, self.real_fraction, self.sizes,
                             self.recipe, self.hard, self.hard_fraction)
