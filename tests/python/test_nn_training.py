"""End to end: small networks built from paddle.nn train with a hand-written
SGD step (p <- p - lr * grad under no_grad) and their loss falls."""
import numpy as np

import paddle
import paddle.nn as nn
import paddle.nn.functional as F


def _sgd_step(params, lr):
    with paddle.no_grad():
        for p in params:
            if not p.trainable:  # batch norm's running statistics
                continue
            p._assign_from(p - lr * p.grad)
            p.clear_grad()


def _train(model, x, y, loss_fn, lr, steps):
    losses = []
    for _ in range(steps):
        loss = loss_fn(model(x), y)
        loss.backward()
        _sgd_step(model.parameters(), lr)
        losses.append(loss.item())
    return losses


def test_two_layer_mlp_learns_xor_like_classes():
    paddle.seed(0)
    rng = np.random.default_rng(0)
    pts = rng.uniform(-1, 1, (128, 2)).astype("float32")
    labels = ((pts[:, 0] * pts[:, 1]) > 0).astype("int64")
    model = nn.Sequential(nn.Linear(2, 32), nn.Tanh(), nn.Linear(32, 2))
    losses = _train(model, paddle.to_tensor(pts), paddle.to_tensor(labels),
                    nn.CrossEntropyLoss(), lr=0.5, steps=300)
    assert losses[-1] < 0.5 * losses[0]
    for p in model.parameters():  # still trainable leaves after the in-place updates
        assert not p.stop_gradient and p.is_leaf
    pred = model(paddle.to_tensor(pts)).numpy().argmax(1)
    assert (pred == labels).mean() > 0.9


def test_mlp_regression_with_mse():
    paddle.seed(1)
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, (64, 3)).astype("float32")
    y = (x @ np.array([[1.0], [-2.0], [0.5]], "float32") + 0.3).astype("float32")
    model = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 1))
    losses = _train(model, paddle.to_tensor(x), paddle.to_tensor(y), nn.MSELoss(), 0.1, 200)
    assert losses[-1] < 0.05 * losses[0]


class LeNet(nn.Layer):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2D(1, 6, 3, stride=1, padding=1), nn.ReLU(), nn.MaxPool2D(2, 2),
            nn.Conv2D(6, 16, 5, stride=1, padding=0), nn.ReLU(), nn.MaxPool2D(2, 2))
        self.fc = nn.Sequential(nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, num_classes))

    def forward(self, x):
        return self.fc(paddle.flatten(self.features(x), 1))


def test_lenet_overfits_a_small_batch():
    paddle.seed(2)
    rng = np.random.default_rng(2)
    x = paddle.to_tensor(rng.standard_normal((8, 1, 28, 28)).astype("float32"))
    y = paddle.to_tensor(np.arange(8) % 10)
    model = LeNet()
    assert model(x).shape == [8, 10]
    losses = _train(model, x, y, nn.CrossEntropyLoss(), lr=0.01, steps=40)
    assert losses[-1] < 0.3 * losses[0]


def test_small_cnn_with_batch_norm_and_dropout_trains_then_evaluates_deterministically():
    paddle.seed(3)
    rng = np.random.default_rng(3)
    model = nn.Sequential(
        nn.Conv2D(3, 16, 3, padding=1), nn.BatchNorm2D(16), nn.ReLU(),
        nn.AdaptiveAvgPool2D(1), nn.Flatten(), nn.Dropout(0.1), nn.Linear(16, 3))
    x = paddle.to_tensor(rng.standard_normal((12, 3, 8, 8)).astype("float32"))
    y = paddle.to_tensor(np.arange(12) % 3)
    losses = _train(model, x, y, F.cross_entropy, lr=0.5, steps=150)
    assert np.mean(losses[-5:]) < 0.7 * np.mean(losses[:5])
    assert float(model[1]._mean.abs().sum()) > 0  # running statistics moved
    model.eval()
    a, b = model(x).numpy(), model(x).numpy()
    np.testing.assert_array_equal(a, b)
    restored = nn.Sequential(
        nn.Conv2D(3, 16, 3, padding=1), nn.BatchNorm2D(16), nn.ReLU(),
        nn.AdaptiveAvgPool2D(1), nn.Flatten(), nn.Dropout(0.1), nn.Linear(16, 3))
    restored.set_state_dict(model.state_dict())
    np.testing.assert_allclose(restored.eval()(x).numpy(), a, rtol=1e-6, atol=1e-6)
