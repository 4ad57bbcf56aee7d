"""paddle.Model: trains, evaluates, predicts with, saves and loads a Layer
through one object, with the loop, the logging and the checkpoints that
PaddlePaddle's high-level API gives (eager mode)."""
import functools
import inspect
import os
import warnings

import numpy as np

from .. import _core
from ..autograd import no_grad
from ..framework import io as _framework_io
from ..io import DataLoader, Dataset, DistributedBatchSampler
from ..metric import Metric
from ..nn import Layer
from ..optimizer._state import set_value as _set_value
from ..static import InputSpec
from ..tensor import creation as _creation
from .callbacks import EarlyStopping, config_callbacks
from .model_summary import summary

Tensor = _core.Tensor
Input = InputSpec

__all__ = []


def _to_list(value):
    if value is None:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def _flatten(data):
    """The leaves of nested lists/tuples/dicts of a batch, in order."""
    if isinstance(data, (list, tuple)):
        return [leaf for item in data for leaf in _flatten(item)]
    if isinstance(data, dict):
        return [leaf for key in sorted(data) for leaf in _flatten(data[key])]
    return [data]


def _as_tensor(value):
    return value if isinstance(value, Tensor) else _creation.to_tensor(value)


def _input_info(inputs):
    """(shapes, dtypes) of the given inputs or specs."""
    if isinstance(inputs, (Tensor, InputSpec)):
        inputs = [inputs]
    elif isinstance(inputs, dict):
        inputs = list(inputs.values())
    elif not isinstance(inputs, (list, tuple)):
        return None
    items = [x if isinstance(x, (Tensor, InputSpec)) else np.asarray(x) for x in inputs]
    return [list(x.shape) for x in items], [x.dtype for x in items]


def _forward_arg_names(network):
    return [p.name for p in inspect.signature(network.forward).parameters.values()
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def _check_amp_configs(amp_configs):
    """Eager CPU training runs in float32: only the O0 (no AMP) level is accepted."""
    if amp_configs is None:
        return
    level = amp_configs if isinstance(amp_configs, str) else None
    if isinstance(amp_configs, dict):
        level = amp_configs.get("level", "O0")
    elif not isinstance(amp_configs, str):
        raise TypeError(f"amp_configs must be a str or dict, got {type(amp_configs).__name__}")
    if level not in ("O0", "O1", "O2"):
        raise ValueError(f"The level of amp_configs should be 'O0', 'O1' or 'O2', got {level!r}")
    if level != "O0":
        raise ValueError(f"amp level {level} needs a GPU; this build trains in float32 (O0)")


class Model:
    """An object that trains and runs a network: ``prepare`` it with an
    optimizer, a loss and metrics, then ``fit``, ``evaluate``, ``predict``,
    ``save`` and ``load``.

    Args:
        network (Layer): the network.
        inputs (InputSpec|list[InputSpec]|dict, optional): the network's
            inputs; needed by ``save(training=False)`` unless a batch has been
            run (the shapes are then taken from it).
        labels (InputSpec|list[InputSpec], optional): the labels; their number
            tells the inputs and labels of a batch apart.

    Example:
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 3))
        >>> model = paddle.Model(net, paddle.static.InputSpec([None, 4], "float32", "x"),
        ...                      paddle.static.InputSpec([None, 1], "int64", "label"))
        >>> model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()),
        ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
        >>> loss, acc = model.train_batch([np.ones((2, 4), "float32")], [np.zeros((2, 1), "int64")])
    """

    def __init__(self, network, inputs=None, labels=None):
        if not isinstance(network, Layer):
            raise TypeError(f"'network' must be a paddle.nn.Layer, got {type(network).__name__}")
        self.mode = "train"
        self.network = network
        self._loss = None
        self._optimizer = None
        self._metrics = []
        self._input_info = None
        self._is_shape_inferred = False
        self._test_dataloader = None
        self.stop_training = False
        if inputs:
            self._input_info = _input_info(inputs)
        self._inputs = self._verify_spec(inputs, is_input=True)
        self._labels = self._verify_spec(labels)
        self._batch_input_info = None

    # ---- one batch ----

    def _run_network(self, inputs):
        inputs = _to_list(inputs)
        self._batch_input_info = _input_info(inputs)
        return _to_list(self.network(*[_as_tensor(x) for x in inputs]))

    def _update_metrics(self, outputs, labels):
        results = []
        for metric in self._metrics:
            computed = metric.compute(*(outputs + labels))
            results.append(metric.update(*[x.numpy() if isinstance(x, Tensor) else x
                                           for x in _to_list(computed)]))
        return results

    def train_batch(self, inputs, labels=None, update=True):
        """Runs one training step: forward, loss, backward and (with ``update``)
        an optimizer step. Returns the losses (a list of numpy values), with the
        metrics' batch values ``(losses, metrics)`` when there are metrics.

        Example:
            >>> net = paddle.nn.Linear(2, 1)
            >>> model = paddle.Model(net)
            >>> model.prepare(paddle.optimizer.SGD(0.1, parameters=net.parameters()),
            ...               paddle.nn.MSELoss())
            >>> losses = model.train_batch([np.ones((3, 2), "float32")], [np.ones((3, 1), "float32")])
        """
        if self._optimizer is None or self._loss is None:
            raise RuntimeError("model not ready, please call `model.prepare()` with an optimizer "
                               "and a loss first")
        self.network.train()
        self.mode = "train"
        labels = [_as_tensor(x) for x in _to_list(labels or [])]
        outputs = self._run_network(inputs)
        losses = _to_list(self._loss(*(outputs + labels)))
        final_loss = functools.reduce(lambda a, b: a + b, losses)
        final_loss.backward()
        if update:
            self._optimizer.step()
            self.network.clear_gradients()
        metrics = self._update_metrics(outputs, labels)
        self._after_batch()
        loss_values = [x.numpy() for x in losses]
        return (loss_values, metrics) if metrics else loss_values

    @no_grad()
    def eval_batch(self, inputs, labels=None):
        """Runs one evaluation step. Returns the losses (when there is a loss)
        and the metrics' batch values, like ``train_batch``.

        Example:
            >>> net = paddle.nn.Linear(2, 1)
            >>> model = paddle.Model(net)
            >>> model.prepare(loss=paddle.nn.MSELoss())
            >>> losses = model.eval_batch([np.ones((3, 2), "float32")], [np.ones((3, 1), "float32")])
        """
        self.network.eval()
        self.mode = "eval"
        labels = [_as_tensor(x) for x in _to_list(labels or [])]
        outputs = self._run_network(inputs)
        losses = _to_list(self._loss(*(outputs + labels))) if self._loss else None
        metrics = self._update_metrics(outputs, labels)
        self._after_batch()
        if self._loss:
            loss_values = [x.numpy() for x in losses]
            return (loss_values, metrics) if metrics else loss_values
        return metrics

    @no_grad()
    def predict_batch(self, inputs):
        """Runs the network on one batch; returns its outputs as numpy arrays.

        Example:
            >>> model = paddle.Model(paddle.nn.Linear(2, 1))
            >>> model.prepare()
            >>> [out] = model.predict_batch([np.ones((3, 2), "float32")])
            >>> out.shape
            (3, 1)
        """
        self.network.eval()
        self.mode = "test"
        outputs = self._run_network(inputs)
        self._after_batch()
        return [x.numpy() for x in outputs]

    def _after_batch(self):
        # Without inputs given, the first batch's shapes become the inputs that
        # save(training=False) exports.
        if self._input_info is None and self._batch_input_info is not None:
            self._input_info = self._batch_input_info
            shapes, dtypes = self._input_info
            self._inputs = self._verify_spec(None, shapes, dtypes, True)
            self._is_shape_inferred = True

    # ---- saving ----

    def save(self, path, training=True):
        """Saves for training (``path.pdparams`` with the parameters and
        ``path.pdopt`` with the optimizer's state, via paddle.save) or, with
        ``training=False``, an inference model (``path.pdmodel`` and
        ``path.pdiparams`` via paddle.jit.save, with the Model's inputs).

        Example:
            >>> model = paddle.Model(paddle.nn.Linear(2, 1))
            >>> model.prepare()
            >>> model.save("checkpoint/linear")
        """
        if not isinstance(path, str) or not os.path.basename(path):
            raise ValueError(f"The path must be of the form dirname/file_prefix, got {path!r}")
        dirname = os.path.dirname(path)
        if dirname:
            os.makedirs(dirname, exist_ok=True)
        if not training:
            self._save_inference_model(path)
            return
        _framework_io.save(self.network.state_dict(), path + ".pdparams")
        if self._optimizer is not None:
            state = self._optimizer.state_dict()
            if state:
                _framework_io.save(state, path + ".pdopt")

    def _save_inference_model(self, path):
        from .. import jit
        if self._input_info is None:
            raise RuntimeError(
                "Saving inference model needs 'inputs' or running before saving. Please specify "
                "'inputs' in Model initialization or input training data and perform a training "
                "for shape derivation.")
        if self._is_shape_inferred:
            warnings.warn(
                "'inputs' was not specified when Model initialization, so the input shape to be "
                "saved will be the shape derived from the user's actual inputs. The input shape "
                f"to be saved is {self._input_info[0]}. For saving correct input shapes, please "
                "provide 'inputs' for Model initialization.")
        jit.save(self.network, path, input_spec=self._inputs)

    def load(self, path, skip_mismatch=False, reset_optimizer=False):
        """Loads what ``save(path)`` wrote: the parameters, and the optimizer's
        state unless ``reset_optimizer``. A parameter missing from the file or
        of another shape is an error, or with ``skip_mismatch`` a warning (and
        the optimizer's state is then not loaded).

        Example:
            >>> model = paddle.Model(paddle.nn.Linear(2, 1))
            >>> model.prepare()
            >>> model.save("checkpoint/linear")
            >>> model.load("checkpoint/linear")
        """
        prefix, ext = os.path.splitext(path)
        if ext not in ("", ".pdparams", ".pdopt", ".pdmodel"):
            raise ValueError(f"Unknown postfix {ext} from weights")
        params_path = prefix + ".pdparams"
        if not os.path.exists(params_path):
            raise ValueError(f"Failed to load parameters, please check path: no {params_path}")
        param_state = _framework_io.load(params_path)
        matched = []
        for key, param in self.network.state_dict().items():
            state = param_state.get(key, None)
            if state is None:
                problem = f"{key} is not found in the providing file."
            elif list(state.shape) != list(param.shape):
                problem = (f"{key} receives a shape {list(state.shape)}, but the expected shape "
                           f"is {list(param.shape)}.")
            else:
                matched.append((param, state))
                continue
            if not skip_mismatch:
                raise ValueError(problem)
            warnings.warn(f"Skip loading for {key}. " + problem)
            reset_optimizer = True
        for param, state in matched:
            _set_value(param, state)
        opt_path = prefix + ".pdopt"
        if self._optimizer is not None and not reset_optimizer and os.path.exists(opt_path):
            optim_state = _framework_io.load(opt_path)
            if optim_state:
                self._optimizer.set_state_dict(optim_state)

    def parameters(self, *args, **kwargs):
        """The network's parameters.

        Example:
            >>> len(paddle.Model(paddle.nn.Linear(2, 1)).parameters())
            2
        """
        return self.network.parameters(*args, **kwargs)

    # ---- configuration ----

    def prepare(self, optimizer=None, loss=None, metrics=None, amp_configs=None):
        """Sets the optimizer, the loss (a Layer or a callable of the
        outputs and labels) and the metrics for the runs that follow.
        ``amp_configs`` ('O0' or {'level': 'O0', ...}) is accepted for
        compatibility; this build trains in float32 and refuses 'O1' and 'O2'.

        Example:
            >>> net = paddle.nn.Linear(4, 2)
            >>> model = paddle.Model(net)
            >>> model.prepare(paddle.optimizer.Adam(parameters=net.parameters()),
            ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
        """
        if loss is not None and not isinstance(loss, Layer) and not callable(loss):
            raise TypeError("'loss' must be sub classes of `paddle.nn.Layer` or any callable "
                            "function.")
        metrics = _to_list(metrics or [])
        for metric in metrics:
            if not isinstance(metric, Metric):
                raise TypeError(f"{type(metric).__name__} is not sub class of Metric")
        _check_amp_configs(amp_configs)
        self._optimizer = optimizer
        self._loss = loss
        self._metrics = metrics

    # ---- loops ----

    def _loader(self, data, batch_size, shuffle, drop_last, num_workers):
        if isinstance(data, Dataset):
            sampler = DistributedBatchSampler(data, batch_size=batch_size, shuffle=shuffle,
                                              drop_last=drop_last)
            return DataLoader(data, batch_sampler=sampler, num_workers=num_workers,
                              return_list=True)
        if data is None or not hasattr(data, "__iter__"):
            raise TypeError("the data must be a paddle.io.Dataset or DataLoader (or an iterable "
                            f"of batches), got {type(data).__name__}")
        return data

    def fit(self, train_data=None, eval_data=None, batch_size=1, epochs=1, eval_freq=1,
            log_freq=10, save_dir=None, save_freq=1, verbose=2, drop_last=False, shuffle=True,
            num_workers=0, callbacks=None, accumulate_grad_batches=1, num_iters=None):
        """Trains for ``epochs`` epochs on ``train_data`` (a Dataset, batched
        here, or a DataLoader), evaluating on ``eval_data`` every ``eval_freq``
        epochs, saving to ``save_dir`` every ``save_freq`` epochs and logging
        every ``log_freq`` steps. ``batch_size`` may be [train, eval];
        ``accumulate_grad_batches`` steps the optimizer every that many
        batches; ``num_iters`` stops after that many steps.

        Example:
            >>> import paddle.io
            >>> data = paddle.io.TensorDataset([np.random.rand(8, 4).astype("float32"),
            ...                                 np.random.randint(0, 2, (8, 1))])
            >>> net = paddle.nn.Linear(4, 2)
            >>> model = paddle.Model(net)
            >>> model.prepare(paddle.optimizer.SGD(0.1, parameters=net.parameters()),
            ...               paddle.nn.CrossEntropyLoss())
            >>> model.fit(data, batch_size=4, epochs=2, verbose=0)
        """
        if train_data is None:
            raise ValueError("train_data must be given!")
        if isinstance(batch_size, (tuple, list)) and all(isinstance(x, int) for x in batch_size):
            if len(batch_size) != 2:
                raise ValueError("batch_size length error, expected train_batch_size and "
                                 "eval_batch_size.")
            train_batch_size, eval_batch_size = batch_size
        elif isinstance(batch_size, int):
            train_batch_size = eval_batch_size = batch_size
        else:
            raise TypeError(f"batch_size must be an int or [train, eval] ints, got {batch_size!r}")
        if not isinstance(accumulate_grad_batches, int) or accumulate_grad_batches < 1:
            raise ValueError("accumulate_grad_batches must be a positive int, got "
                             f"{accumulate_grad_batches!r}")
        train_loader = self._loader(train_data, train_batch_size, shuffle, drop_last, num_workers)
        eval_loader = (self._loader(eval_data, eval_batch_size, False, False, num_workers)
                       if eval_data is not None else None)
        self._test_dataloader = eval_loader
        self._accumulate = accumulate_grad_batches
        self.stop_training = False

        steps = self._len_data_loader(train_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(steps, int):
            if num_iters <= 0:
                raise ValueError("num_iters must be greater than 0!")
            epochs = num_iters // steps + 1
            steps = min(num_iters, steps)
        cbks = config_callbacks(callbacks, model=self, epochs=epochs, steps=steps,
                                log_freq=log_freq, save_freq=save_freq, save_dir=save_dir,
                                verbose=verbose, metrics=self._metrics_name())
        if any(isinstance(k, EarlyStopping) for k in cbks) and eval_loader is None:
            warnings.warn("EarlyStopping needs validation data.")

        logs = {}
        cbks.on_begin("train")
        for epoch in range(epochs):
            cbks.on_epoch_begin(epoch)
            logs = self._run_one_epoch(train_loader, cbks, "train")
            cbks.on_epoch_end(epoch, logs)
            if eval_loader is not None and epoch % eval_freq == 0:
                cbks.on_begin("eval", {"steps": self._len_data_loader(eval_loader),
                                       "metrics": self._metrics_name()})
                eval_logs = self._run_one_epoch(eval_loader, cbks, "eval")
                cbks.on_end("eval", eval_logs)
            if self.stop_training:
                break
        cbks.on_end("train", logs)
        self._test_dataloader = None

    def evaluate(self, eval_data, batch_size=1, log_freq=10, verbose=2, num_workers=0,
                 callbacks=None, num_iters=None):
        """Evaluates on ``eval_data`` (a Dataset or DataLoader); returns
        ``{'loss': [...], metric name: value}``.

        Example:
            >>> import paddle.io
            >>> data = paddle.io.TensorDataset([np.random.rand(8, 4).astype("float32"),
            ...                                 np.random.randint(0, 2, (8, 1))])
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare(loss=paddle.nn.CrossEntropyLoss(), metrics=paddle.metric.Accuracy())
            >>> sorted(model.evaluate(data, batch_size=4, verbose=0))
            ['acc', 'loss']
        """
        eval_loader = self._loader(eval_data, batch_size, False, False, num_workers)
        self._test_dataloader = eval_loader
        cbks = config_callbacks(callbacks, model=self, log_freq=log_freq, verbose=verbose,
                                metrics=self._metrics_name())
        eval_steps = self._len_data_loader(eval_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(eval_steps, int):
            if num_iters <= 0:
                raise ValueError("num_iters must be greater than 0!")
            eval_steps = min(num_iters, eval_steps)
            self.num_iters = eval_steps
        cbks.on_begin("eval", {"steps": eval_steps, "metrics": self._metrics_name()})
        logs = self._run_one_epoch(eval_loader, cbks, "eval")
        cbks.on_end("eval", logs)
        self._test_dataloader = None
        return {k: logs[k] for k in self._metrics_name() if k in logs}

    def predict(self, test_data, batch_size=1, num_workers=0, stack_outputs=False, verbose=1,
                callbacks=None):
        """Runs the network over ``test_data`` (a Dataset or DataLoader; the
        fields past the Model's inputs are ignored). Returns one entry per
        network output: the list of per-batch arrays, or with
        ``stack_outputs`` one array stacked over the batches.

        Example:
            >>> import paddle.io
            >>> data = paddle.io.TensorDataset([np.random.rand(8, 4).astype("float32")])
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.prepare()
            >>> [out] = model.predict(data, batch_size=4, stack_outputs=True, verbose=0)
            >>> out.shape
            (8, 2)
        """
        test_loader = self._loader(test_data, batch_size, False, False, num_workers)
        self._test_dataloader = test_loader
        cbks = config_callbacks(callbacks, model=self, verbose=verbose)
        logs = {"steps": self._len_data_loader(test_loader)}
        cbks.on_begin("predict", logs)
        logs, outputs = self._run_one_epoch(test_loader, cbks, "predict")
        outputs = list(zip(*outputs))
        if stack_outputs:
            outputs = [np.vstack(outs) for outs in outputs]
        self._test_dataloader = None
        cbks.on_end("predict", logs)
        return outputs

    def _run_one_epoch(self, data_loader, callbacks, mode):
        logs = {}
        outputs = []
        num_steps = self._len_data_loader(data_loader)
        for step, data in enumerate(data_loader):
            data = _flatten(data)
            batch_size = data[0].shape[0]
            callbacks.on_batch_begin(mode, step, logs)
            if mode == "predict":
                outputs.append(self.predict_batch(data[:len(self._inputs)]))
            else:
                inputs, labels = data[:len(self._inputs)], data[len(self._inputs):]
                if mode == "train":
                    update = (step + 1) % self._accumulate == 0 or step + 1 == num_steps
                    outs = self.train_batch(inputs, labels, update)
                else:
                    outs = self.eval_batch(inputs, labels)
                if self._metrics and self._loss:
                    values = [[float(x) for x in outs[0]]]
                elif self._loss:
                    values = [[float(x) for x in outs]]
                else:
                    values = []
                for metric in self._metrics:
                    values.extend(_to_list(metric.accumulate()))
                logs.update(zip(self._metrics_name(), values))
            logs["step"] = step
            logs["batch_size"] = batch_size
            callbacks.on_batch_end(mode, step, logs)
            if getattr(self, "num_iters", None) is not None:
                self.num_iters -= 1
                if self.num_iters <= 0:
                    self.stop_training = True
                    del self.num_iters
                    break
        for metric in self._metrics:
            metric.reset()
        return (logs, outputs) if mode == "predict" else logs

    def summary(self, input_size=None, dtype=None):
        """Prints the network's layers, output shapes and parameter counts
        (see paddle.summary) for ``input_size`` or the Model's inputs.

        Example:
            >>> model = paddle.Model(paddle.nn.Linear(4, 2))
            >>> model.summary((1, 4))["total_params"]  # doctest: +ELLIPSIS
            ---...
            10
        """
        if input_size is None and self._input_info is None:
            raise ValueError("'input_size' or the Model's 'inputs' must be set")
        return summary(self.network, input_size if input_size is not None else self._inputs,
                       dtypes=dtype)

    def _verify_spec(self, specs, shapes=None, dtypes=None, is_input=False):
        if specs is None:
            if is_input:
                names = _forward_arg_names(self.network)
                if shapes is not None and dtypes is not None:
                    out = [Input(name=n, dtype=dtypes[i], shape=shapes[i])
                           for i, n in enumerate(names[:len(shapes)])]
                else:
                    out = [Input(name=n, shape=[None]) for n in names]
            else:
                out = []
        elif isinstance(specs, dict):
            if is_input:
                out = [specs[n] for n in _forward_arg_names(self.network) if n in specs]
            else:
                raise TypeError("labels must be an InputSpec or a list of them, not a dict")
        else:
            out = _to_list(specs)
        for i, spec in enumerate(out):
            if not isinstance(spec, Input):
                raise TypeError(f"Model inputs and labels must be paddle.static.InputSpec, got "
                                f"{type(spec).__name__}")
            if spec.name is None:
                raise ValueError(f"Requires Input[{i}].name != None, but receive `None` with "
                                 f"{spec}.")
        return out

    def _metrics_name(self):
        names = ["loss"] if self._loss else []
        for m in self._metrics:
            names.extend(_to_list(m.name()))
        return names

    @staticmethod
    def _len_data_loader(data_loader):
        try:
            return len(data_loader)
        except Exception:
            return None
