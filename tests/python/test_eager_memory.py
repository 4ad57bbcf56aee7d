"""A steady-state eager training step takes nothing new from the system: after
warm-up the pool's reserved memory stays put, and every step gives back all
it allocated (the graph, gradients and temporaries are freed)."""
import gc

import paddle
from paddle import nn


def test_training_steps_reuse_the_pool():
    paddle.seed(0)
    model = nn.Sequential(nn.Conv2D(1, 4, 3, padding=1), nn.BatchNorm2D(4), nn.ReLU(),
                          nn.MaxPool2D(2), nn.Flatten(), nn.Linear(64, 10))
    opt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=model.parameters())
    x, y = paddle.rand([16, 1, 8, 8]), paddle.randint(0, 10, [16])
    loss_fn = nn.CrossEntropyLoss()

    def step():
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()

    for _ in range(5):  # warm-up: the optimizer's moments, the pool's blocks
        step()
    gc.collect()  # what earlier tests left in reference cycles goes now, not mid-measurement
    gc.disable()
    try:
        before = paddle.base.core.memory_stats()
        for _ in range(30):
            step()
        after = paddle.base.core.memory_stats()
    finally:
        gc.enable()
    assert after["reserved"] == before["reserved"]
    assert after["peak_reserved"] == before["peak_reserved"]
    assert after["allocated"] == before["allocated"]  # nothing kept alive step to step
    assert after["num_allocs"] > before["num_allocs"]  # (the steps did allocate, from the pool)
