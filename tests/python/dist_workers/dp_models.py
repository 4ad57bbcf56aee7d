"""The models and data of the DataParallel tests, shared by the workers and the
single-process reference in the test."""
import contextlib

import numpy as np

import paddle
import paddle.nn as nn

BATCH_PER_RANK = 4
STEPS = 4


class LeNet(nn.Layer):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2D(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),
                                      nn.Conv2D(4, 8, 3), nn.ReLU(), nn.MaxPool2D(2))
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(8 * 2 * 2, 16), nn.ReLU(), nn.Linear(16, 10))

    def forward(self, x):
        return self.fc(self.features(x))


class PartlyUsed(nn.Layer):
    """`extra` takes part only on even steps' batches: some steps leave it without gradient."""

    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 10)
        self.extra = nn.Linear(10, 10)

    def forward(self, x, use_extra):
        y = self.body(x)
        return self.extra(y) if use_extra else y


def make_model(kind, seed):
    paddle.seed(seed)
    return {"mlp": lambda: nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 10)),
            "lenet": LeNet, "partly": PartlyUsed}[kind]()


def data(kind, nranks):
    rng = np.random.default_rng(7)
    shape = (1, 12, 12) if kind == "lenet" else (8,)
    x = rng.standard_normal((STEPS, BATCH_PER_RANK * nranks, *shape)).astype("float32")
    y = rng.integers(0, 10, (STEPS, BATCH_PER_RANK * nranks)).astype("int64")
    return x, y


def shard(batch, rank, nranks):
    """Rank r's part of a step's global batch: rows r*B .. (r+1)*B."""
    return batch[rank * BATCH_PER_RANK:(rank + 1) * BATCH_PER_RANK]


def loss_of(model, kind, x, y, step):
    out = model(paddle.to_tensor(x), step % 2 == 0) if kind == "partly" else model(paddle.to_tensor(x))
    return nn.functional.cross_entropy(out, paddle.to_tensor(y))


def train(model, kind, nranks, rank=None, accumulate=1):
    """Trains STEPS steps (Adam); rank None: the whole batch in one process.
    With `accumulate` > 1 each step's shard is split into that many micro-batches,
    the first ones under no_sync(). Returns the losses."""
    opt = paddle.optimizer.Adam(0.01, parameters=model.parameters())
    xs, ys = data(kind, nranks)
    losses = []
    for step in range(STEPS):
        x, y = xs[step], ys[step]
        if rank is not None:
            x, y = shard(x, rank, nranks), shard(y, rank, nranks)
        if accumulate == 1:
            loss = loss_of(model, kind, x, y, step)
            loss.backward()
        else:
            size = len(x) // accumulate
            for k in range(accumulate):
                part = slice(k * size, (k + 1) * size)
                loss = loss_of(model, kind, x[part], y[part], step) / accumulate
                local = k < accumulate - 1 and hasattr(model, "no_sync")
                with model.no_sync() if local else contextlib.nullcontext():
                    loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return losses
