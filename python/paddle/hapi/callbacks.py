"""Callbacks: hooks paddle.Model calls around training, evaluation and
prediction (begin/end of each run, epoch and batch). The defaults that fit()
adds are the progress logger, the checkpoint saver and the learning-rate
scheduler stepper."""
import numbers
import os
import time
import warnings

import numpy as np

from .progressbar import ProgressBar

__all__ = []

_MODES = ("train", "eval", "predict")


def config_callbacks(callbacks=None, model=None, batch_size=None, epochs=None, steps=None,
                     log_freq=2, verbose=2, save_freq=1, save_dir=None, metrics=None,
                     mode="train"):
    """The CallbackList a Model run uses: the user's callbacks plus a
    ProgBarLogger (first, when verbose), a ModelCheckpoint and an LRScheduler
    unless the user gave one of each."""
    given = callbacks or []
    cbks = list(given if isinstance(given, (list, tuple)) else [given])
    for c in cbks:
        if not isinstance(c, Callback):
            raise TypeError(f"callbacks must be paddle.callbacks.Callback instances, got "
                            f"{type(c).__name__}")
    if verbose and not any(isinstance(c, ProgBarLogger) for c in cbks):
        cbks = [ProgBarLogger(log_freq, verbose=verbose)] + cbks
    if not any(isinstance(c, ModelCheckpoint) for c in cbks):
        cbks = cbks + [ModelCheckpoint(save_freq, save_dir)]
    for c in cbks:
        if isinstance(c, EarlyStopping):
            c.save_dir = save_dir
    if not any(isinstance(c, LRScheduler) for c in cbks):
        cbks = cbks + [LRScheduler()]
    cbk_list = CallbackList(cbks)
    cbk_list.set_model(model)
    cbk_list.set_params({
        "batch_size": batch_size, "epochs": epochs, "steps": steps, "verbose": verbose,
        "metrics": (metrics or []) if mode != "test" else [],
    })
    return cbk_list


class CallbackList:
    """Calls each of a list of callbacks in turn."""

    def __init__(self, callbacks=None):
        self.callbacks = list(callbacks or [])
        self.params = {}
        self.model = None

    def append(self, callback):
        self.callbacks.append(callback)

    def __iter__(self):
        return iter(self.callbacks)

    def set_params(self, params):
        for c in self.callbacks:
            c.set_params(params)

    def set_model(self, model):
        for c in self.callbacks:
            c.set_model(model)

    def _call(self, name, *args):
        for c in self.callbacks:
            getattr(c, name)(*args)

    @staticmethod
    def _check_mode(mode):
        if mode not in _MODES:
            raise ValueError(f"mode should be train, eval or predict, got {mode!r}")

    def on_begin(self, mode, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_begin", logs)

    def on_end(self, mode, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_end", logs)

    def on_epoch_begin(self, epoch=None, logs=None):
        self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch=None, logs=None):
        self._call("on_epoch_end", epoch, logs)

    def on_batch_begin(self, mode, step=None, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_batch_begin", step, logs)

    def on_batch_end(self, mode, step=None, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_batch_end", step, logs)


class Callback:
    """The base class of callbacks: override the hooks you need. ``self.model``
    is the paddle.Model being run and ``self.params`` holds batch_size, epochs,
    steps, verbose and metrics (the names logged).

    Example:
        >>> class CountEpochs(paddle.callbacks.Callback):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.epochs = 0
        ...     def on_epoch_end(self, epoch, logs=None):
        ...         self.epochs += 1
        >>> counter = CountEpochs()
        >>> counter.on_epoch_end(0)
        >>> counter.epochs
        1
    """

    def __init__(self):
        self.model = None
        self.params = {}

    def set_params(self, params):
        """Receives the run's parameters (batch_size, epochs, steps, verbose, metrics)."""
        self.params = params

    def set_model(self, model):
        """Receives the paddle.Model the callback runs with."""
        self.model = model

    def on_train_begin(self, logs=None):
        """Called once when fit() starts."""

    def on_train_end(self, logs=None):
        """Called once when fit() ends; logs are the last epoch's."""

    def on_eval_begin(self, logs=None):
        """Called when an evaluation starts; logs hold 'steps' and 'metrics'."""

    def on_eval_end(self, logs=None):
        """Called when an evaluation ends; logs hold 'loss' and the metrics."""

    def on_predict_begin(self, logs=None):
        """Called when predict() starts; logs hold 'steps'."""

    def on_predict_end(self, logs=None):
        """Called when predict() ends."""

    def on_epoch_begin(self, epoch, logs=None):
        """Called at the start of each training epoch (0-based ``epoch``)."""

    def on_epoch_end(self, epoch, logs=None):
        """Called at the end of each training epoch with its last logs."""

    def on_train_batch_begin(self, step, logs=None):
        """Called before each training batch."""

    def on_train_batch_end(self, step, logs=None):
        """Called after each training batch; logs hold 'loss', metrics, 'batch_size'."""

    def on_eval_batch_begin(self, step, logs=None):
        """Called before each evaluation batch."""

    def on_eval_batch_end(self, step, logs=None):
        """Called after each evaluation batch."""

    def on_predict_batch_begin(self, step, logs=None):
        """Called before each prediction batch."""

    def on_predict_batch_end(self, step, logs=None):
        """Called after each prediction batch."""


class _Timer:
    """Reader and batch time of the batches since the last report (verbose=3)."""

    def __init__(self):
        self.data_time = self.batch_time = 0.0
        self.count = self.samples = 0
        self.batch_start = time.time()
        self.data_end = self.batch_start

    def data_ready(self):
        self.data_end = time.time()
        self.data_time += self.data_end - self.batch_start

    def batch_done(self, samples):
        self.batch_time += time.time() - self.data_end
        self.count += 1
        self.samples += samples

    def next_batch(self):
        self.batch_start = time.time()

    def report(self):
        count = self.count if self.count > 0 else 1.0
        samples = self.samples if self.samples > 0 else 1.0
        values = [("avg_reader_cost", f"{self.data_time / count:.5f} sec"),
                  ("avg_batch_cost", f"{self.batch_time / count:.5f} sec"),
                  ("ips", f"{samples / (self.data_time + self.batch_time):.5f} samples/sec")]
        self.data_time = self.batch_time = 0.0
        self.count = self.samples = 0
        return values


class ProgBarLogger(Callback):
    """Prints the progress bar with the loss and metrics: every ``log_freq``
    steps and at the end of each epoch, evaluation and prediction.

    Args:
        log_freq (int): the number of steps between prints.
        verbose (int): 0 silent, 1 one redrawn line, 2 a line per print, 3 also
            the average reader cost, batch cost and samples per second.

    Example:
        >>> logger = paddle.callbacks.ProgBarLogger(log_freq=10, verbose=2)
        >>> logger.log_freq
        10
    """

    def __init__(self, log_freq=1, verbose=2):
        super().__init__()
        self.epochs = None
        self.steps = None
        self.progbar = None
        self.verbose = verbose
        self.log_freq = log_freq

    def _is_print(self):
        return bool(self.verbose)

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        self.train_metrics = self.params["metrics"]
        self._train_timer = _Timer()
        if self._is_print():
            print("The loss value printed in the log is the current step, and the metric is the "
                  "average value of previous steps.")

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch
        self.train_step = 0
        if self.epochs and self._is_print():
            print(f"Epoch {epoch + 1}/{self.epochs}")
        self.train_progbar = ProgressBar(num=self.steps, verbose=self.verbose)
        self._train_timer.next_batch()

    def _updates(self, logs, mode):
        logs = logs or {}
        values = [(k, logs[k]) for k in getattr(self, f"{mode}_metrics") if k in logs]
        if self.verbose == 3:
            values += getattr(self, f"_{mode}_timer").report()
        getattr(self, f"{mode}_progbar").update(getattr(self, f"{mode}_step"), values)

    def _batch_end(self, mode, logs, total_steps):
        logs = logs or {}
        setattr(self, f"{mode}_step", getattr(self, f"{mode}_step") + 1)
        timer = getattr(self, f"_{mode}_timer")
        timer.batch_done(logs.get("batch_size", 1))
        step = getattr(self, f"{mode}_step")
        # The last step is printed by the end-of-run hook, with the final values.
        if self._is_print() and step % self.log_freq == 0 and (total_steps is None
                                                               or step < total_steps):
            self._updates(logs, mode)
        timer.next_batch()

    def on_train_batch_begin(self, step, logs=None):
        self._train_timer.data_ready()

    def on_train_batch_end(self, step, logs=None):
        self._batch_end("train", logs, self.steps)

    def on_epoch_end(self, epoch, logs=None):
        if self._is_print() and self.steps is not None:
            self._updates(logs, "train")

    def _run_begin(self, mode, logs, title):
        logs = logs or {}
        setattr(self, f"{mode}_steps", logs.get("steps", None))
        setattr(self, f"{mode}_metrics", logs.get("metrics", []))
        setattr(self, f"{mode}_step", 0)
        setattr(self, f"_{mode}_timer", _Timer())
        setattr(self, f"{mode}_progbar",
                ProgressBar(num=logs.get("steps", None), verbose=self.verbose))
        if self._is_print():
            print(title)

    def on_eval_begin(self, logs=None):
        self.evaled_samples = 0
        self._run_begin("eval", logs, "Eval begin...")

    def on_eval_batch_begin(self, step, logs=None):
        self._eval_timer.data_ready()

    def on_eval_batch_end(self, step, logs=None):
        self.evaled_samples += (logs or {}).get("batch_size", 1)
        self._batch_end("eval", logs, self.eval_steps)

    def on_eval_end(self, logs=None):
        if self._is_print() and self.eval_steps is not None:
            self._updates(logs, "eval")
            print(f"Eval samples: {self.evaled_samples}")

    def on_predict_begin(self, logs=None):
        self.tested_samples = 0
        self._run_begin("test", logs, "Predict begin...")

    def on_predict_batch_begin(self, step, logs=None):
        self._test_timer.data_ready()

    def on_predict_batch_end(self, step, logs=None):
        self.tested_samples += (logs or {}).get("batch_size", 1)
        self._batch_end("test", logs, self.test_steps)

    def on_predict_end(self, logs=None):
        if self._is_print():
            if self.test_step % self.log_freq != 0 or self.verbose == 1:
                self._updates(logs, "test")
            print(f"Predict samples: {self.tested_samples}")


class ModelCheckpoint(Callback):
    """Saves the model (``Model.save``) to ``save_dir/{epoch}`` every
    ``save_freq`` epochs and to ``save_dir/final`` when training ends.

    Args:
        save_freq (int): the number of epochs between checkpoints.
        save_dir (str|None): where to save; None saves nothing.

    Example:
        >>> checkpoint = paddle.callbacks.ModelCheckpoint(save_freq=2, save_dir="ckpt")
        >>> checkpoint.save_freq
        2
    """

    def __init__(self, save_freq=1, save_dir=None):
        super().__init__()
        self.save_freq = save_freq
        self.save_dir = save_dir

    def on_epoch_begin(self, epoch=None, logs=None):
        self.epoch = epoch

    def _is_save(self):
        return self.model is not None and bool(self.save_dir)

    def on_epoch_end(self, epoch, logs=None):
        if self._is_save() and self.epoch % self.save_freq == 0:
            path = f"{self.save_dir}/{epoch}"
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)

    def on_train_end(self, logs=None):
        if self._is_save():
            path = f"{self.save_dir}/final"
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)


class LRScheduler(Callback):
    """Steps the optimizer's learning-rate scheduler (an
    paddle.optimizer.lr.LRScheduler) after every batch or every epoch.

    Args:
        by_step (bool): step after each training batch.
        by_epoch (bool): step after each epoch (exclusive with by_step).

    Example:
        >>> paddle.callbacks.LRScheduler(by_step=False, by_epoch=True).by_epoch
        True
    """

    def __init__(self, by_step=True, by_epoch=False):
        super().__init__()
        if by_step and by_epoch:
            raise ValueError("by_step option is mutually exclusive with by_epoch")
        self.by_step = by_step
        self.by_epoch = by_epoch

    def _step_scheduler(self):
        from ..optimizer.lr import LRScheduler as _Scheduler
        optimizer = getattr(self.model, "_optimizer", None)
        scheduler = getattr(optimizer, "_learning_rate", None)
        if isinstance(scheduler, _Scheduler):
            scheduler.step()

    def on_epoch_end(self, epoch, logs=None):
        if self.by_epoch:
            self._step_scheduler()

    def on_train_batch_end(self, step, logs=None):
        if self.by_step:
            self._step_scheduler()


def _first_number(value):
    """The monitored value: a number, or the first of a list; None otherwise."""
    if isinstance(value, (list, tuple)):
        return value[0]
    if isinstance(value, numbers.Number):
        return value
    return None


class EarlyStopping(Callback):
    """Stops training when the monitored quantity of the evaluation stops
    improving for ``patience`` evaluations, optionally saving the best model
    to ``save_dir/best_model``.

    Args:
        monitor (str): 'loss' or a metric's name.
        mode (str): 'min', 'max' or 'auto' (max for names containing 'acc').
        patience (int): evaluations without improvement before stopping.
        verbose (int): 1 prints when stopping.
        min_delta (float): the least change that counts as an improvement.
        baseline (float|None): the value to improve upon at the start.
        save_best_model (bool): save the best model (when fit has a save_dir).

    Example:
        >>> stop = paddle.callbacks.EarlyStopping(monitor="acc", patience=2)
        >>> stop.monitor_op is np.greater
        True
    """

    def __init__(self, monitor="loss", mode="auto", patience=0, verbose=1, min_delta=0,
                 baseline=None, save_best_model=True):
        super().__init__()
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.min_delta = abs(min_delta)
        self.wait_epoch = 0
        self.best_weights = None
        self.stopped_epoch = 0
        self.save_best_model = save_best_model
        self.save_dir = None  # set by fit() (config_callbacks)
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"EarlyStopping mode {mode} is unknown, fallback to auto mode.")
            mode = "auto"
        if mode == "min" or (mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = np.less
            self.min_delta *= -1
        else:
            self.monitor_op = np.greater

    def on_train_begin(self, logs=None):
        self.wait_epoch = 0
        if self.baseline is not None:
            self.best_value = self.baseline
        else:
            self.best_value = np.inf if self.monitor_op is np.less else -np.inf
            self.best_weights = None

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of EarlyStopping should be loss or metric name.")
            return
        current = _first_number(logs[self.monitor])
        if current is None:
            return
        best_path = os.path.join(self.save_dir, "best_model") if self.save_dir else None
        if self.monitor_op(current - self.min_delta, self.best_value):
            self.best_value = current
            self.wait_epoch = 0
            if self.save_best_model and best_path is not None:
                self.model.save(best_path)
        else:
            self.wait_epoch += 1
        if self.wait_epoch >= self.patience:
            self.model.stop_training = True
            if self.verbose > 0:
                print(f"Epoch {self.stopped_epoch + 1}: Early stopping.")
                if self.save_best_model and best_path is not None:
                    print(f"Best checkpoint has been saved at {os.path.abspath(best_path)}")
        self.stopped_epoch += 1


class ReduceLROnPlateau(Callback):
    """Multiplies a float learning rate by ``factor`` when the monitored
    quantity of the evaluation has not improved for ``patience`` evaluations.

    Args:
        monitor (str): 'loss' or a metric's name.
        factor (float): the multiplier, < 1.
        patience (int): evaluations without improvement before reducing.
        verbose (int): 1 prints each reduction.
        mode (str): 'min', 'max' or 'auto' (max for names containing 'acc').
        min_delta (float): the least change that counts as an improvement.
        cooldown (int): evaluations to wait after a reduction.
        min_lr (float): the lower bound of the learning rate.

    Example:
        >>> paddle.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5).factor
        0.5
    """

    def __init__(self, monitor="loss", factor=0.1, patience=10, verbose=1, mode="auto",
                 min_delta=1e-4, cooldown=0, min_lr=0):
        super().__init__()
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0.")
        self.monitor = monitor
        self.factor = factor
        self.min_lr = min_lr
        self.min_delta = min_delta
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.mode = mode
        self.epoch = 0
        self._reset()

    def _reset(self):
        if self.mode not in ("auto", "min", "max"):
            warnings.warn(f"Learning rate reduction mode {self.mode} is unknown, "
                          "fallback to auto mode.")
            self.mode = "auto"
        if self.mode == "min" or (self.mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = lambda a, b: np.less(a, b - self.min_delta)
            self.best = np.inf
        else:
            self.monitor_op = lambda a, b: np.greater(a, b + self.min_delta)
            self.best = -np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def in_cooldown(self):
        """Whether a reduction happened less than ``cooldown`` evaluations ago."""
        return self.cooldown_counter > 0

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of ReduceLROnPlateau should be loss or metric name.")
            return
        optimizer = getattr(self.model, "_optimizer", None)
        lr = getattr(optimizer, "_learning_rate", None)
        if not isinstance(lr, float):
            warnings.warn(f"Expected learning_rate be float, bug got {type(lr)}.")
            return
        current = _first_number(logs[self.monitor])
        if current is None:
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = optimizer.get_lr()
                if old_lr > np.float32(self.min_lr):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    optimizer._learning_rate = new_lr
                    if self.verbose > 0:
                        print(f"\nEpoch {self.epoch + 1}: ReduceLROnPlateau reducing learning "
                              f"rate to {new_lr}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0
        self.epoch += 1


class VisualDL(Callback):
    """Logs the training loss and metrics (per step, tags ``train/<name>``)
    and the evaluation's (per epoch, tags ``eval/<name>``) as TensorBoard
    event files in ``log_dir``, written with tensorboardX (``pip install
    tensorboardX``); view them with ``tensorboard --logdir log_dir``.

    Args:
        log_dir (str): the directory of the event files.

    Example:
        >>> callback = paddle.callbacks.VisualDL(log_dir="logs")
        >>> callback.log_dir
        'logs'
    """

    def __init__(self, log_dir):
        super().__init__()
        self.log_dir = log_dir
        self.epochs = None
        self.steps = None
        self.epoch = 0

    def _writer(self):
        if not hasattr(self, "writer"):
            try:
                from tensorboardX import SummaryWriter
            except ImportError as err:
                raise ImportError("paddle.callbacks.VisualDL writes TensorBoard event files with "
                                  "tensorboardX: pip install tensorboardX") from err
            self.writer = SummaryWriter(logdir=self.log_dir)
        return self.writer

    def _close(self):
        if hasattr(self, "writer"):
            self.writer.close()
            del self.writer

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        self.train_metrics = self.params["metrics"]
        self._is_fit = True
        self.train_step = 0

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch

    def _updates(self, logs, mode):
        logs = logs or {}
        step = self.train_step if mode == "train" else self.epoch
        writer = self._writer()
        for k in getattr(self, f"{mode}_metrics"):
            if k in logs:
                value = _first_number(logs[k])
                if value is not None:
                    writer.add_scalar(f"{mode}/{k}", float(value), global_step=step)

    def on_train_batch_end(self, step, logs=None):
        self.train_step += 1
        self._updates(logs, "train")

    def on_eval_begin(self, logs=None):
        logs = logs or {}
        self.eval_steps = logs.get("steps", None)
        self.eval_metrics = logs.get("metrics", [])
        self.eval_step = 0
        self.evaled_samples = 0

    def on_train_end(self, logs=None):
        self._close()

    def on_eval_end(self, logs=None):
        self._updates(logs, "eval")
        if not hasattr(self, "_is_fit"):  # a lone evaluate(): nothing more will come
            self._close()
