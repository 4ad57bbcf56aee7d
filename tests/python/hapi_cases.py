"""Cases that tools/oracle/hapi_oracle.py records with PaddlePaddle 3.3.1 and
test_hapi_*.py replays: metric inputs, scripted progress-bar updates under a
fake clock, scripted evaluations for EarlyStopping and ReduceLROnPlateau, and
a deterministic fit of a seeded MLP. Written against the public API only, so
the same code runs on both packages."""
import contextlib
import io
import re

import numpy as np


def summary_dtype(model_name):
    """The input dtype paddle.summary is given for a model of nn_layer_models."""
    return "int64" if model_name == "embed" else None


def flops_models(models):
    """The models paddle.flops can run: it feeds float noise, so not ``embed``
    (an Embedding takes int ids)."""
    return sorted(n for n in models if n != "embed")


def metric_inputs():
    rng = np.random.default_rng(7)
    scores = rng.random((24, 5)).astype("float32")
    labels = rng.integers(0, 5, (24, 1)).astype("int64")
    binary_preds = rng.random((40, 1)).astype("float32")
    binary_preds[:4, 0] = [0.5, 0.5, 1.5 / 3, 0.0]  # exact halves: the two roundings differ
    binary_labels = rng.integers(0, 2, (40, 1)).astype("int64")
    positive = rng.random(60)
    auc_preds = np.stack([1 - positive, positive], axis=1).astype("float32")
    auc_labels = (rng.random((60, 1)) < positive[:, None]).astype("int64")
    return {"scores": scores, "labels": labels, "binary_preds": binary_preds,
            "binary_labels": binary_labels, "auc_preds": auc_preds, "auc_labels": auc_labels}


def run_metrics(paddle):
    """The metrics over two batches of metric_inputs(), as a dict of numbers."""
    d = metric_inputs()
    out = {}
    for topk in [(1,), (1, 3), (2, 5)]:
        m = paddle.metric.Accuracy(topk=topk)
        batch = []
        for rows in (slice(0, 10), slice(10, 24)):
            correct = m.compute(paddle.to_tensor(d["scores"][rows]),
                                paddle.to_tensor(d["labels"][rows]))
            batch.append(m.update(correct))
        out[f"accuracy_{topk}"] = {"names": m.name(), "batch": batch, "total": m.accumulate()}
    onehot = np.eye(5, dtype="float32")[d["labels"][:, 0]]
    m = paddle.metric.Accuracy()
    m.update(m.compute(paddle.to_tensor(d["scores"]), paddle.to_tensor(onehot)))
    out["accuracy_onehot"] = m.accumulate()
    for k in (1, 2, 4):
        acc = paddle.metric.accuracy(paddle.to_tensor(d["scores"]), paddle.to_tensor(d["labels"]),
                                     k=k)
        out[f"accuracy_fn_k{k}"] = float(acc.item())
    for cls in ("Precision", "Recall"):
        m = getattr(paddle.metric, cls)()
        m.update(d["binary_preds"][:20], d["binary_labels"][:20])
        first = m.accumulate()
        m.update(paddle.to_tensor(d["binary_preds"][20:]), paddle.to_tensor(d["binary_labels"][20:]))
        out[cls] = [first, m.accumulate(), m.name()]
    for thresholds in (4095, 10, 1):
        m = paddle.metric.Auc(num_thresholds=thresholds)
        m.update(d["auc_preds"][:30], d["auc_labels"][:30])
        m.update(paddle.to_tensor(d["auc_preds"][30:]), paddle.to_tensor(d["auc_labels"][30:]))
        out[f"auc_{thresholds}"] = [m.accumulate(), m.name()]
    return out


# (num, verbose, [(current step, values, seconds since start)])
PROGRESS_SCRIPTS = [
    (4, 2, [(1, [("loss", [0.6931]), ("acc", 0.5)], 0.2), (4, [("loss", [0.0001234])], 1.0)]),
    (12, 1, [(3, [("loss", [1.5]), ("acc_top1", 0.25), ("acc_top5", 1.0)], 0.03),
             (11, [("loss", [np.float32(0.25)])], 130.0),
             (12, [("loss", [0.125])], 140.0)]),
    (None, 1, [(5, [("loss", [2.0])], 0.0005), (7, [("loss", [1.0])], 8000.0)]),
    (None, 2, [(150, [("loss", [np.array(0.75, "float32")])], 3.0)]),
    (120, 1, [(1, [("loss", [2.5])], 5000.0)]),
    (3, 3, [(2, [("avg_reader_cost", "0.00100 sec"), ("ips", "12.00000 samples/sec")], 0.5)]),
]


def run_progress_scripts(progressbar_module, fake_clock):
    """Each script's stdout; ``fake_clock`` is a one-item list the patched
    time.time() reads."""
    outputs = []
    for num, verbose, updates in PROGRESS_SCRIPTS:
        fake_clock[0] = 1000.0
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            bar = progressbar_module.ProgressBar(num=num, verbose=verbose)
            for current, values, elapsed in updates:
                fake_clock[0] = 1000.0 + elapsed
                bar.update(current, list(values))
        outputs.append(buf.getvalue())
    return outputs


# (kwargs, the monitored value at each evaluation)
EARLY_STOPPING = [
    ({"monitor": "loss", "patience": 0}, [1.0, 0.9, 0.95, 0.8]),
    ({"monitor": "loss", "patience": 2}, [1.0, 0.9, 0.95, 0.92, 0.5]),
    ({"monitor": "acc", "patience": 1}, [0.5, 0.6, 0.6, 0.55]),
    ({"monitor": "acc", "mode": "min", "patience": 1}, [0.5, 0.6, 0.7]),
    ({"monitor": "loss", "patience": 1, "min_delta": 0.1}, [1.0, 0.95, 0.85, 0.8, 0.79]),
    ({"monitor": "loss", "patience": 1, "baseline": 0.5}, [0.6, 0.4, 0.45]),
    ({"monitor": "acc_top1", "mode": "max", "patience": 3}, [0.1, 0.2, 0.3, 0.4]),
    ({"monitor": "miou", "patience": 0}, [0.5, 0.4]),
]


class _FakeModel:
    def __init__(self, lr=None):
        self.stop_training = False
        self.saved = []
        if lr is not None:
            self._optimizer = _FakeOptimizer(lr)

    def save(self, path, training=True):
        self.saved.append(path)


class _FakeOptimizer:
    def __init__(self, lr):
        self._learning_rate = lr

    def get_lr(self):
        return self._learning_rate


def run_early_stopping(paddle, save_dir=None):
    """For each case: the 0-based evaluation that stopped training (or None),
    the checkpoints saved (relative to save_dir) and what was printed."""
    results = []
    for kwargs, values in EARLY_STOPPING:
        cb = paddle.callbacks.EarlyStopping(**kwargs)
        model = _FakeModel()
        cb.set_model(model)
        cb.save_dir = save_dir
        cb.on_train_begin()
        stopped = None
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            for i, v in enumerate(values):
                key = "loss" if kwargs["monitor"] == "miou" else kwargs["monitor"]
                cb.on_eval_end({key: [v] if key == "loss" else v})
                if model.stop_training and stopped is None:
                    stopped = i
        printed = buf.getvalue()
        if save_dir is not None:
            printed = printed.replace(save_dir, "<save_dir>")
        results.append({"stopped": stopped, "saves": len(model.saved), "printed": printed})
    return results


# (kwargs, the monitored loss at each evaluation); the learning rate starts at 1.0
PLATEAU = [
    ({"patience": 1, "factor": 0.5}, [1.0, 1.0, 1.0, 0.5, 0.5, 0.5]),
    ({"patience": 2, "factor": 0.1, "cooldown": 1, "min_lr": 0.05}, [1.0] * 9),
    ({"monitor": "acc", "patience": 1, "factor": 0.5, "min_delta": 0.05}, [0.5, 0.52, 0.6, 0.61]),
]


def run_plateau(paddle):
    results = []
    for kwargs, values in PLATEAU:
        cb = paddle.callbacks.ReduceLROnPlateau(**kwargs)
        model = _FakeModel(lr=1.0)
        cb.set_model(model)
        cb.on_train_begin()
        lrs = []
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            for v in values:
                cb.on_eval_end({kwargs.get("monitor", "loss"): v})
                lrs.append(float(model._optimizer._learning_rate))
        results.append({"lrs": lrs, "printed": buf.getvalue()})
    return results


def fit_data():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((40, 6)).astype("float32")
    y = (x[:, :3].sum(1, keepdims=True) > 0).astype("int64") + (x[:, 3:4] > 1).astype("int64")
    return x, y


def run_fit(paddle, nn, seeded_state, verbose, unique_name, save_to=None):
    """stdout of fit (2 epochs, eval every epoch), evaluate and predict of a
    seeded MLP on fit_data() with SGD and no shuffling; the trained model is
    saved to ``save_to`` when given."""
    from paddle.io import TensorDataset
    with unique_name.guard():
        net = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    sd = net.state_dict()
    net.set_state_dict({k: paddle.to_tensor(a) for k, a in
                        seeded_state([(k, list(v.shape)) for k, v in sd.items()]).items()})
    x, y = fit_data()
    train, val = TensorDataset([x[:32], y[:32]]), TensorDataset([x[32:], y[32:]])
    model = paddle.Model(net, paddle.static.InputSpec([None, 6], "float32", "x"),
                         paddle.static.InputSpec([None, 1], "int64", "y"))
    model.prepare(paddle.optimizer.SGD(0.2, parameters=net.parameters()),
                  nn.CrossEntropyLoss(), [paddle.metric.Accuracy(topk=(1, 2))])
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        model.fit(train, val, batch_size=[8, 5], epochs=2, log_freq=3, verbose=verbose,
                  shuffle=False)
        result = model.evaluate(val, batch_size=4, verbose=verbose)
        preds = model.predict(val, batch_size=3, verbose=verbose, stack_outputs=True)
    if save_to is not None:
        model.save(save_to)
    return buf.getvalue(), result, preds[0]


_RATE = re.compile(r"\d+(s|ms|us)/step")
_ETA = re.compile(r"ETA: [0-9:]+s?")
_NUMBER = re.compile(r"-?\d+\.\d+(e[-+]\d+)?")


def split_log(text):
    """A log as (its text with timings and decimals masked, the decimals)."""
    text = _ETA.sub("ETA: <eta>", _RATE.sub("<rate>/step", text))
    # verbose=1 erases and pads by the line's width, which the timings change.
    text = re.sub(r" *\x08+", "<erase>", text)
    text = re.sub(r" +\n", "\n", text)
    numbers = [float(m.group(0)) for m in _NUMBER.finditer(text)]
    return _NUMBER.sub("<num>", text), numbers


def run_two_heads(paddle, nn, seeded_state, unique_name):
    """stdout of fit/evaluate/predict of a seeded two-output network whose
    loss returns two losses, trained from a DataLoader of an
    IterableDataset (no length: the bar shows bare step counts); the
    evaluate result and the unstacked predictions' shapes."""
    from paddle.io import DataLoader, IterableDataset

    x, y = fit_data()

    class Stream(IterableDataset):
        def __iter__(self):
            for i in range(len(x)):
                yield x[i], y[i]

    class TwoHeads(nn.Layer):
        def __init__(self):
            super().__init__()
            self.body = nn.Linear(6, 8)
            self.cls = nn.Linear(8, 3)
            self.reg = nn.Linear(8, 1)

        def forward(self, inputs):
            h = nn.functional.relu(self.body(inputs))
            return self.cls(h), self.reg(h)

    def two_losses(logits, value, label):
        ce = nn.functional.cross_entropy(logits, label)
        mse = nn.functional.mse_loss(value, label.astype("float32"))
        return [ce, mse]

    with unique_name.guard():
        net = TwoHeads()
    sd = net.state_dict()
    net.set_state_dict({k: paddle.to_tensor(a) for k, a in
                        seeded_state([(k, list(v.shape)) for k, v in sd.items()]).items()})
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.SGD(0.05, parameters=net.parameters()), two_losses)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        model.fit(DataLoader(Stream(), batch_size=8), epochs=2, log_freq=2, verbose=2)
        result = model.evaluate(DataLoader(Stream(), batch_size=16), verbose=2)
        preds = model.predict(DataLoader(Stream(), batch_size=16), verbose=2)
    shapes = [[list(a.shape) for a in output] for output in preds]
    return buf.getvalue(), result, shapes
