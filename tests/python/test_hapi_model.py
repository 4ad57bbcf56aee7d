"""paddle.Model: fit/evaluate/predict logs and values against PaddlePaddle
3.3.1 (a seeded MLP, recorded by tools/oracle/hapi_oracle.py), learning a
small problem, the batch methods, gradient accumulation, num_iters, DataLoader
input, save/load for training and inference, and bad inputs."""
import json
import pathlib

import numpy as np
import pytest

import hapi_cases
import paddle
import paddle.nn as nn
from nn_layer_models import seeded_state
from paddle.io import DataLoader, TensorDataset
from paddle.static import InputSpec
from paddle.utils import unique_name

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "hapi"
RECORDED = json.loads((DATA / "expected.json").read_text())
EXPECTED = RECORDED["fit"]


@pytest.mark.parametrize("verbose", [1, 2])
def test_fit_evaluate_predict_log_like_paddlepaddle(verbose, monkeypatch, tmp_path):
    monkeypatch.setenv("COLUMNS", "80")
    log, result, preds = hapi_cases.run_fit(paddle, nn, seeded_state, verbose, unique_name,
                                            str(tmp_path / "fit_model"))
    want = EXPECTED[str(verbose)]
    text, numbers = hapi_cases.split_log(log)
    want_text, want_numbers = hapi_cases.split_log(want["log"])
    assert text == want_text
    np.testing.assert_allclose(numbers, want_numbers, atol=2e-4)
    assert sorted(result) == sorted(want["evaluate"])
    for k, v in want["evaluate"].items():
        np.testing.assert_allclose(result[k], v, rtol=1e-5)
    np.testing.assert_allclose(preds, np.load(DATA / "preds.npy"), rtol=1e-5, atol=1e-6)
    # The trained weights, saved by Model.save, equal those PaddlePaddle's Model saved.
    mine = paddle.load(str(tmp_path / "fit_model.pdparams"))
    theirs = paddle.load(str(DATA / "fit_model.pdparams"))
    assert list(mine) == list(theirs)
    for key in theirs:
        np.testing.assert_allclose(mine[key].numpy(), theirs[key].numpy(), rtol=1e-5, atol=1e-6)


def test_two_outputs_two_losses_and_a_loader_without_length_like_paddlepaddle():
    log, result, shapes = hapi_cases.run_two_heads(paddle, nn, seeded_state, unique_name)
    want = RECORDED["two_heads"]
    text, numbers = hapi_cases.split_log(log)
    want_text, want_numbers = hapi_cases.split_log(want["log"])
    assert text == want_text
    np.testing.assert_allclose(numbers, want_numbers, atol=2e-4)
    np.testing.assert_allclose(result["loss"], want["evaluate"]["loss"], rtol=1e-5)
    assert shapes == want["shapes"]


def _blobs(n, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    centers = np.array([[2.0, 0.0], [-1.0, 1.7], [-1.0, -1.7]])
    x = centers[y] + 0.4 * rng.standard_normal((n, 2))
    return x.astype("float32"), y[:, None].astype("int64")


def _classifier():
    paddle.seed(1)
    net = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 3))
    model = paddle.Model(net, InputSpec([None, 2], "float32", "x"),
                         InputSpec([None, 1], "int64", "label"))
    model.prepare(paddle.optimizer.Adam(0.05, parameters=net.parameters()),
                  nn.CrossEntropyLoss(), paddle.metric.Accuracy())
    return model


def test_fit_learns_three_blobs_from_a_dataset_and_a_dataloader():
    train, test = TensorDataset(list(_blobs(240, 0))), TensorDataset(list(_blobs(90, 1)))
    model = _classifier()
    assert model.evaluate(test, batch_size=30, verbose=0)["acc"] < 0.8
    model.fit(train, batch_size=16, epochs=4, verbose=0)
    assert model.evaluate(test, batch_size=30, verbose=0)["acc"] > 0.95
    model = _classifier()
    model.fit(DataLoader(train, batch_size=16, shuffle=True), epochs=4, verbose=0)
    result = model.evaluate(DataLoader(test, batch_size=30), verbose=0)
    assert result["acc"] > 0.95 and result["loss"][0] < 0.3
    x, y = _blobs(90, 1)
    [logits] = model.predict(TensorDataset([x]), batch_size=32, verbose=0)
    assert [a.shape for a in logits] == [(32, 3), (32, 3), (26, 3)]
    assert (np.concatenate(logits).argmax(1) == y[:, 0]).mean() > 0.95


def test_batch_methods_return_losses_and_metrics():
    model = _classifier()
    x, y = _blobs(8, 2)
    losses, metrics = model.train_batch([x], [y])
    assert len(losses) == 1 and losses[0].shape == () and len(metrics) == 1
    before = [p.numpy().copy() for p in model.parameters()]
    model.train_batch([x], [y], update=False)
    for a, p in zip(before, model.parameters()):
        np.testing.assert_array_equal(a, p.numpy())
        assert p.grad is not None  # kept for the next update
    losses, metrics = model.eval_batch([x], [y])
    assert 0.0 <= metrics[0] <= 1.0
    [out] = model.predict_batch([x])
    assert out.shape == (8, 3)
    model.prepare(loss=None, metrics=paddle.metric.Accuracy())
    assert len(model.eval_batch([x], [y])) == 1  # metrics only


def test_accumulated_gradients_equal_one_big_batch():
    x, y = _blobs(16, 3)
    big = _classifier()
    big._optimizer = paddle.optimizer.SGD(0.1, parameters=big.parameters())
    big.prepare(big._optimizer, nn.CrossEntropyLoss(reduction="sum"))
    big.fit(TensorDataset([x, y]), batch_size=16, epochs=1, shuffle=False, verbose=0)
    small = _classifier()
    small.prepare(paddle.optimizer.SGD(0.1, parameters=small.parameters()),
                  nn.CrossEntropyLoss(reduction="sum"))
    small.fit(TensorDataset([x, y]), batch_size=4, epochs=1, shuffle=False, verbose=0,
              accumulate_grad_batches=4)
    for a, b in zip(big.parameters(), small.parameters()):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)


def test_num_iters_stops_training_and_evaluation():
    steps = []

    class Steps(paddle.callbacks.Callback):
        def on_train_batch_end(self, step, logs=None):
            steps.append(step)

    model = _classifier()
    model.fit(TensorDataset(list(_blobs(40, 4))), batch_size=8, epochs=3, verbose=0,
              num_iters=7, callbacks=Steps())
    assert steps == [0, 1, 2, 3, 4, 0, 1]
    result = model.evaluate(TensorDataset(list(_blobs(40, 4))), batch_size=8, verbose=0,
                            num_iters=2)
    assert sorted(result) == ["acc", "loss"]


def test_save_and_load_for_training_resume_the_same_state(tmp_path):
    # Optimizer states are keyed by parameter names: each model is built and
    # trained under a fresh name generator, as a new process would.
    train = TensorDataset(list(_blobs(64, 5)))
    with unique_name.guard():
        model = _classifier()
        model.fit(train, batch_size=16, epochs=1, verbose=0, shuffle=False)
        model.save(str(tmp_path / "ckpt" / "m"))
        model.fit(train, batch_size=16, epochs=1, verbose=0, shuffle=False)
    assert (tmp_path / "ckpt" / "m.pdparams").exists() and (tmp_path / "ckpt" / "m.pdopt").exists()
    with unique_name.guard():
        other = _classifier()
        other.load(str(tmp_path / "ckpt" / "m.pdparams"))
        first = [p.numpy().copy() for p in other.parameters()]
        # The optimizer's moments came back too: one more identical epoch agrees.
        other.fit(train, batch_size=16, epochs=1, verbose=0, shuffle=False)
    for a, b in zip(model.parameters(), other.parameters()):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6, atol=1e-7)
    reset = _classifier()
    reset.load(str(tmp_path / "ckpt" / "m"), reset_optimizer=True)
    for a, b in zip(first, reset.parameters()):
        np.testing.assert_array_equal(a, b.numpy())
    assert reset._optimizer.state_dict() == {}


def test_load_refuses_or_skips_mismatched_parameters(tmp_path):
    model = _classifier()
    model.save(str(tmp_path / "m"))
    wider = paddle.Model(nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 3)))
    wider.prepare()
    with pytest.raises(ValueError, match=r"0.weight receives a shape \[2, 16\], but the expected"):
        wider.load(str(tmp_path / "m"))
    before = wider.parameters()[0].numpy().copy()
    with pytest.warns(UserWarning, match="Skip loading for"):
        wider.load(str(tmp_path / "m"), skip_mismatch=True)
    np.testing.assert_array_equal(before, wider.parameters()[0].numpy())
    with pytest.raises(ValueError, match="Unknown postfix"):
        model.load(str(tmp_path / "m.txt"))
    with pytest.raises(ValueError, match="Failed to load parameters"):
        model.load(str(tmp_path / "missing"))


def test_save_for_inference_exports_a_loadable_program(tmp_path):
    model = _classifier()
    x, _ = _blobs(5, 6)
    model.save(str(tmp_path / "infer"), training=False)
    loaded = paddle.jit.load(str(tmp_path / "infer"))
    np.testing.assert_allclose(loaded(paddle.to_tensor(x)).numpy(), model.predict_batch([x])[0],
                               rtol=1e-5, atol=1e-6)


def test_save_for_inference_without_inputs_uses_the_shapes_seen(tmp_path):
    net = nn.Linear(2, 3)
    model = paddle.Model(net)
    model.prepare()
    with pytest.raises(RuntimeError, match="Saving inference model needs 'inputs'"):
        model.save(str(tmp_path / "a"), training=False)
    model.predict_batch([np.ones((4, 2), "float32")])
    with pytest.warns(UserWarning, match=r"The input shape to be saved is \[\[4, 2\]\]"):
        model.save(str(tmp_path / "a"), training=False)
    assert paddle.jit.load(str(tmp_path / "a"))(paddle.ones([4, 2])).shape == [4, 3]


def test_bad_model_inputs():
    with pytest.raises(TypeError, match="paddle.nn.Layer"):
        paddle.Model(lambda x: x)
    with pytest.raises(ValueError, match=r"Requires Input\[0\].name != None"):
        paddle.Model(nn.Linear(2, 2), InputSpec([None, 2]))
    with pytest.raises(TypeError, match="InputSpec"):
        paddle.Model(nn.Linear(2, 2), [[None, 2]])
    model = paddle.Model(nn.Linear(2, 2))
    with pytest.raises(TypeError, match="'loss' must be sub classes"):
        model.prepare(loss="mse")
    with pytest.raises(TypeError, match="is not sub class of Metric"):
        model.prepare(metrics=["acc"])
    with pytest.raises(ValueError, match="amp level O1 needs a GPU"):
        model.prepare(amp_configs="O1")
    with pytest.raises(ValueError, match="The level of amp_configs should be 'O0', 'O1' or 'O2'"):
        model.prepare(amp_configs={"level": "O3"})
    with pytest.raises(TypeError, match="amp_configs must be a str or dict"):
        model.prepare(amp_configs=5)
    with pytest.raises(RuntimeError, match="call `model.prepare"):
        model.train_batch([np.ones((1, 2), "float32")], [np.ones((1, 2), "float32")])
    model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()), nn.MSELoss())
    with pytest.raises(ValueError, match="train_data must be given"):
        model.fit()
    data = TensorDataset([np.ones((4, 2), "float32"), np.ones((4, 2), "float32")])
    with pytest.raises(ValueError, match="batch_size length error"):
        model.fit(data, batch_size=[1, 2, 3])
    with pytest.raises(ValueError, match="num_iters must be greater than 0"):
        model.fit(data, num_iters=0, verbose=0)
    with pytest.raises(TypeError, match="Dataset or DataLoader"):
        model.evaluate(3)
    with pytest.raises(ValueError, match="file_prefix"):
        model.save("dir/")


def test_fit_reaches_known_accuracy_on_the_digits_dataset(capsys):
    datasets = pytest.importorskip("sklearn.datasets")
    digits = datasets.load_digits()
    x = (digits.data / 16.0).astype("float32")
    y = digits.target.astype("int64")[:, None]
    order = np.random.default_rng(0).permutation(len(x))
    train, test = order[:1400], order[1400:]
    paddle.seed(0)
    net = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 10))
    model = paddle.Model(net, InputSpec([None, 64], "float32", "image"),
                         InputSpec([None, 1], "int64", "label"))
    model.prepare(paddle.optimizer.Adam(0.01, parameters=net.parameters()),
                  nn.CrossEntropyLoss(), paddle.metric.Accuracy(topk=(1, 3)))
    model.fit(TensorDataset([x[train], y[train]]), TensorDataset([x[test], y[test]]),
              batch_size=64, epochs=4, eval_freq=2, verbose=2, log_freq=10)
    out = capsys.readouterr().out
    assert out.count("Eval begin...") == 2  # after epochs 1 and 3
    assert "step 22/22" in out and "Eval samples: 397" in out
    result = model.evaluate(TensorDataset([x[test], y[test]]), batch_size=64, verbose=0)
    assert result["acc_top1"] > 0.93 and result["acc_top3"] > 0.98


def test_worker_processes_feed_the_same_batches():
    data = TensorDataset(list(_blobs(48, 7)))
    results = []
    for workers in (0, 2):
        model = _classifier()
        model.fit(data, batch_size=12, epochs=1, shuffle=False, verbose=0, num_workers=workers)
        results.append(model.evaluate(data, batch_size=12, verbose=0, num_workers=workers))
    np.testing.assert_allclose(results[0]["loss"], results[1]["loss"], rtol=1e-6)
    assert results[0]["acc"] == results[1]["acc"]
