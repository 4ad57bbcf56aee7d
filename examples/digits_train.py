"""The main job: train a small CNN on the 8x8 digits that scikit-learn ships
(no download), export it with paddle.jit.save, and serve the export through
paddle.inference, checking that it gives the trained model's outputs.

    .venv/bin/python examples/digits_train.py [--epochs 20] [--out build/digits]

Writes OUT/model.pdmodel + OUT/model.pdiparams, and the test images, labels and
the Python predictor's probabilities for examples/digits_infer.cc (the same
model served from C++).
"""
import argparse
import os
import sys
import time

import numpy as np
from sklearn.datasets import load_digits

import paddle
import paddle.inference as paddle_infer
import paddle.nn.functional as F
from paddle import nn
from paddle.io import TensorDataset
from paddle.static import InputSpec


class DigitsCNN(nn.Layer):
    """Two conv blocks and two linear layers over 1x8x8 images."""

    def __init__(self, classes=10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2D(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),   # 16x4x4
            nn.Conv2D(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),  # 32x2x2
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(128, 64), nn.ReLU(), nn.Linear(64, classes))

    def forward(self, x):
        return self.head(self.features(x))


class Probabilities(nn.Layer):
    """What is exported: the class probabilities."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, image):
        return F.softmax(self.net(image), axis=-1)


def split_digits(seed):
    digits = load_digits()
    x = (digits.images / 16.0).astype("float32")[:, None, :, :]  # N, 1, 8, 8 in [0, 1]
    y = digits.target.astype("int64")
    order = np.random.default_rng(seed).permutation(len(y))
    test = order[: len(y) // 5]
    train = order[len(y) // 5:]
    return x[train], y[train], x[test], y[test]


def train(net, x, y, epochs, batch_size):
    """paddle.Model.fit: Adam, cross entropy, accuracy, and its progress bar."""
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.Adam(learning_rate=2e-3, parameters=net.parameters()),
                  nn.CrossEntropyLoss(), paddle.metric.Accuracy())
    data = TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y[:, None])])
    model.fit(data, epochs=epochs, batch_size=batch_size, shuffle=True, verbose=1)


def predictor_probs(prefix, x):
    predictor = paddle_infer.create_predictor(
        paddle_infer.Config(prefix + ".pdmodel", prefix + ".pdiparams"))
    handle = predictor.get_input_handle(predictor.get_input_names()[0])
    handle.copy_from_cpu(x)
    predictor.run()
    return predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--out", default="build/digits")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    paddle.seed(args.seed)
    x_train, y_train, x_test, y_test = split_digits(args.seed)
    print(f"digits: {len(y_train)} training and {len(y_test)} test images of 8x8")
    started = time.perf_counter()
    net = DigitsCNN()
    train(net, x_train, y_train, args.epochs, args.batch_size)
    print(f"trained in {time.perf_counter() - started:.1f} s")

    model = Probabilities(net)
    model.eval()
    with paddle.no_grad():
        eager = model(paddle.to_tensor(x_test)).numpy()
    accuracy = float((eager.argmax(1) == y_test).mean())
    print(f"eager model: test accuracy {accuracy:.2%}")

    prefix = os.path.join(args.out, "model")
    paddle.jit.save(model, prefix, input_spec=[InputSpec([None, 1, 8, 8], "float32", "image")])
    print(f"exported to {prefix}.pdmodel / .pdiparams")

    served = predictor_probs(prefix, x_test)
    served_accuracy = float((served.argmax(1) == y_test).mean())
    diff = float(np.abs(served - eager).max())
    match = diff <= 1e-5
    print(f"Python paddle.inference: test accuracy {served_accuracy:.2%}, "
          f"max |served - eager| = {diff:.3g} -> {'MATCH' if match else 'MISMATCH'}")

    x_test.tofile(os.path.join(args.out, "test_x.f32"))
    y_test.tofile(os.path.join(args.out, "test_y.i64"))
    served.astype("float32").tofile(os.path.join(args.out, "python_probs.f32"))
    return 0 if match else 1


if __name__ == "__main__":
    sys.exit(main())
