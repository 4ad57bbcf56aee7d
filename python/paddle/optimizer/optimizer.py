"""The optimizer base class: parameters and parameter groups, the learning
rate (a float or an LRScheduler), gradient clipping, weight decay, the
per-parameter accumulators (created on first use, named as PaddlePaddle names
them) and state_dict. Subclasses create their accumulators and run their
fused update op, in place, on each parameter."""
from collections import defaultdict

import numpy as np

from ..autograd import no_grad
from ..nn.clip import ClipGradBase
from ..regularizer import L2Decay, WeightDecayRegularizer
from ..tensor import math
from ..tensor._helpers import Tensor
from ..utils import unique_name
from . import _state
from .lr import LambdaDecay, LRScheduler

__all__ = []


def _check_parameters(parameters):
    if isinstance(parameters, Tensor):
        raise TypeError("`parameters` argument given to the optimizer should be an iterable of "
                        f"paddle Tensors, but got argument type is `{type(parameters)}`.")
    if isinstance(parameters, dict):
        raise TypeError("`parameters` argument should not get dict type, if parameter groups is "
                        "needed, please set `parameters` as list of dict")
    if parameters is None:
        from ..static.mode import in_dynamic_mode

        if in_dynamic_mode():
            raise AttributeError("parameters argument given to the Optimizer should not be "
                                 "None in dygraph mode.")
        return None  # static mode: minimize() takes the program's trainable parameters
    return list(parameters)


class Optimizer:
    """The base class of the optimizers. Not used directly: create SGD, Momentum, Adam, ...

    Args:
        learning_rate (float|LRScheduler): the learning rate, or a scheduler the
            user steps (``scheduler.step()``) and the optimizer reads each step.
        parameters (list): the Tensors to update (leaves with stop_gradient=False),
            or a list of parameter groups: dicts with ``'params'`` and per-group
            options (``learning_rate`` scales the global rate, ``weight_decay``, ...).
        weight_decay (float|L1Decay|L2Decay, optional): a float is L2Decay(float).
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> opt.clear_grad()
            >>> w.numpy()
            array([0.8, 1.6], dtype=float32)
    """

    def __init__(self, learning_rate, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        self._parameter_list = _check_parameters(parameters)
        self._name = name
        if not isinstance(learning_rate, (float, LRScheduler)):
            raise TypeError("learning rate should be float or LRScheduler, got "
                            f"{type(learning_rate)} here")
        if grad_clip is not None and not isinstance(grad_clip, ClipGradBase):
            raise TypeError("'grad_clip' should be an instance of GradientClipBase's derived class")
        if isinstance(weight_decay, (int, float)) and not isinstance(weight_decay, bool):
            weight_decay = L2Decay(float(weight_decay))
        elif weight_decay is not None and not isinstance(weight_decay, WeightDecayRegularizer):
            raise TypeError("weight_decay should be a float, L1Decay, L2Decay or None, got "
                            f"{type(weight_decay).__name__}")
        self.regularization = weight_decay
        self._grad_clip = grad_clip
        self._learning_rate = learning_rate
        self._dtype = None  # the learning rate tensor's dtype: the first parameter's
        self._accumulators = defaultdict(dict)  # accumulator kind -> {param name: Tensor}
        self._accumulators_holder = {}  # a loaded state_dict, consumed as accumulators appear
        self._already_create_accumulator = set()
        self._master_weights = {}
        self.clear_gradients = self.clear_grad
        self._default_dict = self._group_defaults()
        self._param_groups = []
        if self._parameter_list and isinstance(self._parameter_list[0], dict):
            for group in self._parameter_list:
                if "params" not in group:
                    raise ValueError("params should be set in parameters if parameter groups are "
                                     "optimized in different options")
            self._dtype = _first_param(self._parameter_list[0]["params"]).dtype
            for group in self._parameter_list:
                self._add_param_group(dict(group))
        else:
            if self._parameter_list:
                self._dtype = self._parameter_list[0].dtype
            self._param_groups = self._parameter_list

    # ---- parameter groups ----

    def _add_param_group(self, param_group):
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters should be in ordered collections,but received "
                            "set, please use list instead.")
        else:
            param_group["params"] = list(params)
        for k, v in self._default_dict.items():
            param_group.setdefault(k, v)
        seen = {id(p) for group in self._param_groups for p in group["params"]}
        if any(id(p) in seen for p in param_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        for param in param_group["params"]:
            self._configure_group_param(param, param_group)
        self._param_groups.append(param_group)

    def _group_defaults(self):
        """The options a parameter group takes when it does not give them."""
        return {"weight_decay": self.regularization, "grad_clip": self._grad_clip}

    def _configure_group_param(self, param, group):
        """Gives ``param`` its group's weight decay and learning rate scale."""
        decay = group["weight_decay"]
        param.regularizer = L2Decay(decay) if isinstance(decay, float) else decay
        _optimize_attr(param)["learning_rate"] = group.get("learning_rate", 1.0)

    def _update_param_group(self, group):
        """Takes a group's options for the update that follows; returns its params."""
        return group.get("params")

    # ---- learning rate ----

    def get_lr(self):
        """The current learning rate: the float, or the scheduler's current value.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> paddle.optimizer.SGD(0.5, parameters=[w]).get_lr()
                0.5
        """
        if isinstance(self._learning_rate, float):
            return self._learning_rate
        return self._learning_rate()

    def set_lr(self, value):
        """Sets a float learning rate (not allowed when it is an LRScheduler).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> opt = paddle.optimizer.SGD(0.5, parameters=[w])
                >>> opt.set_lr(0.25)
                >>> opt.get_lr()
                0.25
        """
        if not isinstance(value, (int, float)):
            raise TypeError("The type of 'value' in optimizer.set_lr must be float, but received "
                            f"{type(value)}.")
        if isinstance(self._learning_rate, LRScheduler):
            raise RuntimeError("optimizer's learning rate can't be LRScheduler when invoke this "
                               "API, because this will lead to conflict.")
        self._learning_rate = float(value)

    def set_lr_scheduler(self, scheduler):
        """Replaces the learning rate (float or scheduler) with ``scheduler``.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> opt = paddle.optimizer.SGD(0.5, parameters=[w])
                >>> opt.set_lr_scheduler(paddle.optimizer.lr.StepDecay(0.1, step_size=2))
                >>> opt.get_lr()
                0.1
        """
        if not isinstance(scheduler, LRScheduler):
            raise TypeError("The type of 'scheduler' in optimizer.set_lr_scheduler must be "
                            f"LRScheduler, but received {type(scheduler)}.")
        self._learning_rate = scheduler

    def _create_param_lr(self, param):
        """The learning rate tensor for one parameter: the global rate (in the
        first parameter's dtype) times the parameter's optimize_attr learning_rate."""
        if param._static_ref() is not None:
            return self._static_param_lr(param)
        np_dtype = _state.numpy_dtype(param.dtype if self._dtype is None else self._dtype)
        lr = np.asarray(float(self.get_lr()), dtype=np_dtype)
        attr = getattr(param, "optimize_attr", None) or {}
        scale = attr.get("learning_rate", 1.0)
        if scale != 1.0:
            lr = lr * np.asarray(scale, dtype=np_dtype)
        return Tensor._from_numpy(np.asarray(lr, dtype=np_dtype))

    def _static_param_lr(self, param):
        """Static mode: the program's learning-rate variable (one per program,
        set from the scheduler by the Executor before each run), scaled by the
        parameter's own rate."""
        from .. import scale
        from ..static import create_global_var, default_main_program

        program = default_main_program()
        lrs = self.__dict__.setdefault("_static_lr_vars", {})
        lr = lrs.get(id(program))
        if lr is None:
            dtype = param.dtype if self._dtype is None else self._dtype
            lr = create_global_var([1], float(self.get_lr()), dtype, persistable=True,
                                   name=unique_name.generate("learning_rate"))
            lrs[id(program)] = lr
            if isinstance(self._learning_rate, LRScheduler):
                program._lr_scheduler = (self._learning_rate, lr.name,
                                         _state.numpy_dtype(dtype))
        factor = (getattr(param, "optimize_attr", None) or {}).get("learning_rate", 1.0)
        return lr if factor == 1.0 else scale(lr, float(factor))

    # ---- accumulators ----

    def _add_accumulator(self, name, param, dtype=None, fill_value=0.0, shape=None):
        """The accumulator ``name`` of ``param``, created zero-filled (or
        ``fill_value``) on first use as ``{param.name}_{name}_{n}``; a loaded
        state_dict's value replaces the fill."""
        if self._name is not None:
            name = self._name + "_" + name
        if param.name in self._accumulators[name]:
            return self._accumulators[name][param.name]
        var_name = unique_name.generate(param.name + "_" + name)
        var = _state.filled(var_name, param.shape if shape is None else shape,
                            dtype or param.dtype, fill_value)
        if self._accumulators_holder:
            if var_name not in self._accumulators_holder:
                raise KeyError(f"Optimizer set error, {var_name} should in state dict")
            _state.set_value(var, self._accumulators_holder.pop(var_name))
        self._accumulators[name][param.name] = var
        return var

    def _get_accumulator(self, name, param):
        if self._name is not None:
            name = self._name + "_" + name
        if param.name not in self._accumulators.get(name, {}):
            raise KeyError(f"Accumulator {name} does not exist for parameter {param.name}")
        return self._accumulators[name][param.name]

    def _create_accumulators(self, parameters):
        """Creates the accumulators of each parameter not seen before."""

    def _append_optimize_op(self, param, grad):
        raise NotImplementedError('Class "Optimizer" cannot be used directly as an optimizer, '
                                  'please use its subclasses such as "Adam"')

    # ---- state ----

    def state_dict(self):
        """The optimizer's state: every accumulator by name (e.g.
        ``linear_0.w_0_moment1_0``) and, with a scheduler, ``LR_Scheduler``.
        Empty before the first step.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> w.name = "w"
                >>> opt = paddle.optimizer.Momentum(0.1, parameters=[w])
                >>> (w * w).sum().backward()
                >>> opt.step()
                >>> list(opt.state_dict())
                ['w_velocity_0']
        """
        state = {}
        if not self._accumulators and self._accumulators_holder:
            state.update(self._accumulators_holder)
        else:
            for per_param in self._accumulators.values():
                for var in per_param.values():
                    state[var.name] = var
        if self._master_weights:
            state["master_weights"] = self._master_weights
        if isinstance(self._learning_rate, LRScheduler):
            state["LR_Scheduler"] = self._learning_rate.state_dict()
        return state

    def set_state_dict(self, state_dict):
        """Loads a state_dict from ``state_dict()``: accumulators that exist are
        overwritten now, the others when they are created at the next step.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> opt = paddle.optimizer.Adam(0.1, parameters=[w])
                >>> (w * w).sum().backward()
                >>> opt.step()
                >>> opt2 = paddle.optimizer.Adam(0.1, parameters=[w])
                >>> opt2.set_state_dict(opt.state_dict())
        """
        if isinstance(self._learning_rate, LRScheduler):
            lr_state = state_dict.get("LR_Scheduler", None)
            if lr_state is None and not isinstance(self._learning_rate, LambdaDecay):
                raise KeyError("LR_Scheduler state must be included in the state dict except "
                               "LambdaDecay")
            if lr_state:
                self._learning_rate.set_state_dict(lr_state)
        state_dict = dict(state_dict)
        state_dict.pop("LR_Scheduler", None)
        if "master_weights" in state_dict:
            self._master_weights = state_dict.pop("master_weights")
        self._accumulators_holder = state_dict
        for per_param in self._accumulators.values():
            for var in per_param.values():
                if var.name not in state_dict:
                    raise KeyError(f"optimizer Tensor {var.name} not found")
                _state.set_value(var, state_dict[var.name])

    load_state_dict = set_state_dict

    # ---- gradients and the update ----

    def _trainable(self):
        groups = self._param_groups if self._param_groups and isinstance(
            self._param_groups[0], dict) else [{"params": self._parameter_list}]
        return [p for g in groups for p in g["params"] if not p.stop_gradient]

    def clear_grad(self, set_to_zero=True):
        """Clears the gradients of the parameters: zero-filled in place when
        ``set_to_zero``, else dropped (``param.grad`` becomes None).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> opt = paddle.optimizer.SGD(0.1, parameters=[w])
                >>> (w * 3).sum().backward()
                >>> opt.clear_grad(set_to_zero=False)
                >>> print(w.grad)
                None
        """
        for p in self._trainable():
            p.clear_gradient(set_to_zero)

    def zero_grad(self, set_to_none=True):
        """``clear_grad(set_to_zero=not set_to_none)``.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> opt = paddle.optimizer.SGD(0.1, parameters=[w])
                >>> (w * 3).sum().backward()
                >>> opt.zero_grad()
                >>> print(w.grad)
                None
        """
        self.clear_grad(set_to_zero=not set_to_none)

    def _regularized(self, param, grad, regularization):
        """grad plus the weight decay: the parameter's own regularizer, else ``regularization``."""
        reg = getattr(param, "regularizer", None) or regularization
        if grad is None or reg is None:
            return grad
        return math.add(grad, reg(param, grad))

    def _apply_optimize(self, params_grads, group=None):
        grad_clip = self._grad_clip if group is None else group["grad_clip"]
        if grad_clip is not None:
            params_grads = grad_clip(params_grads)
        params_grads = [(p, self._regularized(p, g, self.regularization))
                        for p, g in params_grads]
        if group is not None:
            self._update_param_group(group)
        self._create_accumulators([p for p, _ in params_grads if not p.stop_gradient])
        for param, grad in params_grads:
            if grad is not None and param._is_initialized() and not param.stop_gradient:
                self._append_optimize_op(param, grad)

    def step(self):
        """Updates every parameter that has a gradient, once, with no autograd recording.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
                >>> opt = paddle.optimizer.Adam(0.1, parameters=[w])
                >>> (w * w).sum().backward()
                >>> opt.step()
                >>> w.numpy()
                array([0.9, 1.9], dtype=float32)
        """
        with no_grad():
            if self._param_groups and isinstance(self._param_groups[0], dict):
                for group in self._param_groups:
                    pg = [(p, p.grad) for p in group["params"]
                          if not p.stop_gradient and p.grad is not None]
                    self._apply_optimize(pg, group)
            else:
                pg = [(p, p.grad) for p in self._parameter_list
                      if not p.stop_gradient and p.grad is not None]
                self._apply_optimize(pg)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Updates the parameters from the gradients ``loss.backward()`` left
        (it does not run backward itself, as in PaddlePaddle's dygraph mode).
        Returns ``([], [(param, grad), ...])``.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> opt = paddle.optimizer.SGD(0.1, parameters=[w])
                >>> loss = (w * w).sum()
                >>> loss.backward()
                >>> _, params_grads = opt.minimize(loss)
                >>> w.numpy()
                array([0.8], dtype=float32)
        """
        if not isinstance(loss, Tensor):
            raise TypeError(f"The loss should be an Tensor, got {type(loss).__name__}")
        if loss._static_ref() is not None:
            return self._static_minimize(loss, startup_program, parameters, no_grad_set)
        params = parameters if parameters else self._parameter_list
        if params and isinstance(params[0], dict):
            params = [p for g in params for p in g["params"]]
        params_grads = [(p, p.grad) for p in params if p.grad is not None]
        with no_grad():
            self._apply_optimize(params_grads)
        return [], params_grads


    def _static_minimize(self, loss, startup_program, parameters, no_grad_set, grad_transform=None):
        """Static mode: appends the backward ops of ``loss`` and this
        optimizer's update ops (op_role optimize) to loss's program; the
        accumulators are persistable variables the startup program fills.
        ``grad_transform(program, startup, params_grads)``, when given, runs
        between the two (fleet's data-parallel all-reduce of the gradients)."""
        from ..static import append_backward, default_startup_program, program_guard
        from ..static.program import OP_ROLE_OPTIMIZE, _op_role

        params = parameters if parameters is not None else self._parameter_list
        if params and isinstance(params[0], dict):
            params = [p for g in params for p in g["params"]]
        params_grads = append_backward(loss, params or None, no_grad_set)
        program = loss.block.program
        startup = startup_program or default_startup_program()
        if grad_transform is not None:
            grad_transform(program, startup, params_grads)
        before = len(program.global_block().ops)
        with program_guard(program, startup), _op_role(OP_ROLE_OPTIMIZE):
            self._apply_optimize(params_grads)
        return program.global_block().ops[before:], params_grads

def _first_param(params):
    return params if isinstance(params, Tensor) else list(params)[0]


def _optimize_attr(param):
    """param.optimize_attr, made on plain Tensors (Parameters carry one)."""
    attr = getattr(param, "optimize_attr", None)
    if attr is None:
        attr = {"learning_rate": 1.0}
        param.optimize_attr = attr
    return attr
