"""The progress bar's output (under a fake clock), EarlyStopping's and
ReduceLROnPlateau's decisions, against PaddlePaddle 3.3.1 (recorded by
tools/oracle/hapi_oracle.py); ModelCheckpoint's and LRScheduler's effect in
fit; bad callback arguments."""
import json
import os
import pathlib
import re

import numpy as np
import pytest

import hapi_cases
import paddle
import paddle.hapi.progressbar as progressbar
from paddle.io import TensorDataset

EXPECTED = json.loads((pathlib.Path(__file__).resolve().parents[1] / "data" / "hapi" /
                       "expected.json").read_text())


def test_progress_bar_output_matches_paddlepaddle(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(progressbar.time, "time", lambda: clock[0])
    monkeypatch.setenv("COLUMNS", "80")
    got = hapi_cases.run_progress_scripts(progressbar, clock)
    assert len(got) == len(EXPECTED["progress"])
    for mine, theirs in zip(got, EXPECTED["progress"]):
        assert mine == theirs


def test_progress_bar_refuses_a_non_positive_count():
    with pytest.raises(TypeError, match="num should be None or integer"):
        progressbar.ProgressBar(num=0)


def test_early_stopping_matches_paddlepaddle(tmp_path):
    # The last case monitors a name the logs lack: warned and ignored.
    with pytest.warns(UserWarning, match="Monitor of EarlyStopping should be loss or metric"):
        assert hapi_cases.run_early_stopping(paddle, str(tmp_path)) == EXPECTED["early_stopping"]
    with pytest.warns(UserWarning, match="Monitor of EarlyStopping"):
        assert hapi_cases.run_early_stopping(paddle) == EXPECTED["early_stopping_no_dir"]


def test_reduce_lr_on_plateau_matches_paddlepaddle():
    got = hapi_cases.run_plateau(paddle)
    for mine, theirs in zip(got, EXPECTED["plateau"]):
        assert mine["printed"] == theirs["printed"]
        np.testing.assert_allclose(mine["lrs"], theirs["lrs"])


def _model(lr=0.1):
    paddle.seed(5)
    net = paddle.nn.Sequential(paddle.nn.Linear(3, 2))
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.Adam(lr, parameters=net.parameters()),
                  paddle.nn.CrossEntropyLoss())
    return model


def _data(n=12):
    rng = np.random.default_rng(0)
    return TensorDataset([rng.standard_normal((n, 3)).astype("float32"),
                          rng.integers(0, 2, (n, 1)).astype("int64")])


def test_model_checkpoint_saves_every_save_freq_epochs_and_final(tmp_path, capsys):
    model = _model()
    model.fit(_data(), batch_size=4, epochs=5, save_dir=str(tmp_path), save_freq=2, verbose=0)
    assert sorted(os.listdir(tmp_path)) == sorted(
        f"{name}.{ext}" for name in ("0", "2", "4", "final") for ext in ("pdparams", "pdopt"))
    out = capsys.readouterr().out
    assert f"save checkpoint at {tmp_path / 'final'}" in out
    reloaded = _model()
    reloaded.load(str(tmp_path / "final"))
    for a, b in zip(model.parameters(), reloaded.parameters()):
        np.testing.assert_array_equal(a.numpy(), b.numpy())


def test_early_stopping_in_fit_stops_and_keeps_the_best_model(tmp_path, capsys):
    class LossAt(paddle.callbacks.Callback):
        """Feeds EarlyStopping a scripted evaluation loss."""
        def __init__(self, losses):
            super().__init__()
            self.losses = list(losses)

        def on_eval_end(self, logs=None):
            logs["loss"] = [self.losses.pop(0)]

    epochs = []

    class Epochs(paddle.callbacks.Callback):
        def on_epoch_begin(self, epoch, logs=None):
            epochs.append(epoch)

    stop = paddle.callbacks.EarlyStopping(patience=1)
    model = _model()
    model.fit(_data(), _data(4), batch_size=4, epochs=10, verbose=0, save_dir=str(tmp_path),
              callbacks=[LossAt([0.5, 0.4, 0.6, 0.7, 0.1]), stop, Epochs()])
    assert epochs == [0, 1, 2]
    assert "Epoch 3: Early stopping." in capsys.readouterr().out
    assert (tmp_path / "best_model.pdparams").exists()


def test_lr_scheduler_callback_steps_by_batch_or_by_epoch():
    for by_step, expected_steps in ((True, 3 * 2), (False, 2)):
        model = _model()
        scheduler = paddle.optimizer.lr.StepDecay(0.1, step_size=1, gamma=0.5)
        model._optimizer = paddle.optimizer.SGD(scheduler, parameters=model.parameters())
        cb = paddle.callbacks.LRScheduler(by_step=by_step, by_epoch=not by_step)
        model.fit(_data(), batch_size=4, epochs=2, verbose=0, callbacks=[cb])
        assert scheduler.last_epoch == expected_steps
        assert scheduler() == pytest.approx(0.1 * 0.5 ** expected_steps)


def test_bad_callback_arguments():
    with pytest.raises(ValueError, match="mutually exclusive"):
        paddle.callbacks.LRScheduler(by_step=True, by_epoch=True)
    with pytest.raises(ValueError, match="factor >= 1.0"):
        paddle.callbacks.ReduceLROnPlateau(factor=1.0)
    with pytest.warns(UserWarning, match="unknown, fallback to auto"):
        paddle.callbacks.EarlyStopping(mode="largest")
    with pytest.raises(TypeError, match="Callback instances"):
        _model().fit(_data(), verbose=0, callbacks=[print])


def test_verbose_3_adds_reader_cost_batch_cost_and_ips(capsys):
    model = _model()
    model.fit(_data(), batch_size=4, epochs=1, verbose=3, log_freq=1)
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("step")]
    assert len(lines) == 3
    number = r"\d+\.\d{4}(e[-+]\d+)?"
    for i, line in enumerate(lines, 1):
        assert re.fullmatch(
            rf"step {i}/3 - loss: {number} - avg_reader_cost: \d+\.\d{{5}} sec - "
            rf"avg_batch_cost: \d+\.\d{{5}} sec - ips: \d+\.\d{{5}} samples/sec - \d+(s|ms|us)/step",
            line), line
