"""paddle.callbacks.VisualDL writes TensorBoard event files: read back here
record by record (TFRecord framing with masked CRC32C checks, then the Event
protobuf) and checked against the losses and metrics fit logged."""
import pathlib
import struct

import numpy as np
import pytest

import paddle
from paddle.io import TensorDataset

event_pb2 = pytest.importorskip("tensorboardX.proto.event_pb2")


def _crc32c_table():
    table = []
    for i in range(256):
        crc = i
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_TABLE = _crc32c_table()


def _masked_crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def read_events(path):
    """The Events of a TensorBoard event file, every record's CRCs checked."""
    data = pathlib.Path(path).read_bytes()
    events, pos = [], 0
    while pos < len(data):
        header = data[pos:pos + 8]
        (length,) = struct.unpack("<Q", header)
        (header_crc,) = struct.unpack("<I", data[pos + 8:pos + 12])
        assert header_crc == _masked_crc32c(header)
        body = data[pos + 12:pos + 12 + length]
        (body_crc,) = struct.unpack("<I", data[pos + 12 + length:pos + 16 + length])
        assert body_crc == _masked_crc32c(body)
        event = event_pb2.Event()
        event.ParseFromString(body)
        events.append(event)
        pos += 16 + length
    return events


def _scalars(log_dir):
    files = sorted(pathlib.Path(log_dir).glob("events.out.tfevents.*"))
    assert files
    out = {}
    for f in files:
        for event in read_events(f):
            for value in event.summary.value:
                out.setdefault(value.tag, []).append((event.step, value.simple_value))
    return out


class _Logs(paddle.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.train, self.eval = [], []

    def on_train_batch_end(self, step, logs=None):
        self.train.append((logs["loss"][0], logs["acc"]))

    def on_eval_end(self, logs=None):
        self.eval.append((logs["loss"][0], logs["acc"]))


def test_fit_writes_train_steps_and_eval_epochs_as_tensorboard_scalars(tmp_path):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((24, 3)).astype("float32")
    y = (x[:, :1] > 0).astype("int64")
    paddle.seed(0)
    net = paddle.nn.Linear(3, 2)
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.SGD(0.1, parameters=net.parameters()),
                  paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
    seen = _Logs()
    model.fit(TensorDataset([x, y]), TensorDataset([x[:8], y[:8]]), batch_size=8, epochs=2,
              verbose=0, callbacks=[seen, paddle.callbacks.VisualDL(str(tmp_path))])
    scalars = _scalars(tmp_path)
    assert sorted(scalars) == ["eval/acc", "eval/loss", "train/acc", "train/loss"]
    assert [s for s, _ in scalars["train/loss"]] == [1, 2, 3, 4, 5, 6]
    np.testing.assert_allclose([v for _, v in scalars["train/loss"]],
                               [loss for loss, _ in seen.train], rtol=1e-6)
    np.testing.assert_allclose([v for _, v in scalars["train/acc"]],
                               [acc for _, acc in seen.train], rtol=1e-6)
    assert [s for s, _ in scalars["eval/loss"]] == [0, 1]
    np.testing.assert_allclose([v for _, v in scalars["eval/acc"]],
                               [acc for _, acc in seen.eval], rtol=1e-6)


def test_a_lone_evaluate_writes_and_closes(tmp_path):
    model = paddle.Model(paddle.nn.Linear(3, 2))
    model.prepare(loss=paddle.nn.CrossEntropyLoss())
    data = TensorDataset([np.ones((4, 3), "float32"), np.zeros((4, 1), "int64")])
    callback = paddle.callbacks.VisualDL(str(tmp_path))
    model.evaluate(data, batch_size=2, verbose=0, callbacks=callback)
    assert not hasattr(callback, "writer")
    assert [s for s, _ in _scalars(tmp_path)["eval/loss"]] == [0]
