"""GradScaler / AmpScaler: dynamic loss scaling for mixed-precision training.

The loss is multiplied by a scale before backward so float16 gradients do not
underflow; before the optimizer step the gradients are divided by it again
(the check_finite_and_unscale op, which also reports a NaN or inf among them).
A step whose gradients hold one is skipped and, after decr_every_n_nan_or_inf
such steps, the scale shrinks; after incr_every_n_steps finite steps it grows.

As in PaddlePaddle 3.3.1, a scaler made in dynamic mode is enabled only on
CUDA, XPU and custom devices: on the CPU (this build) it warns that it makes
no effect, ``scale`` returns the loss as is and ``step`` is the optimizer's.
"""
import warnings
from collections import defaultdict
from enum import Enum

import numpy as np

from .. import device as _device
from ..autograd import no_grad
from ..tensor._helpers import op
from ..tensor.creation import to_tensor
from .auto_cast import _current_place, _global_state

__all__ = []

_check_finite_and_unscale = op("check_finite_and_unscale", ["X", "Scale"], [],
                               ["Out=X", "FoundInfinite"])


class OptimizerState(Enum):
    """Where an optimizer is in a scaler's step: gradients as backward left them (INIT),
    unscaled (UNSCALED), or the step taken (STEPPED)."""

    INIT = 0
    UNSCALED = 1
    STEPPED = 2


def _fresh_state():
    return {"state": OptimizerState.INIT}


def _scaling_runs_here():
    """PaddlePaddle scales losses only on CUDA, XPU and custom devices."""
    return _device.get_device().split(":")[0] in ("gpu", "xpu")


def _positive(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)) or not value > 0:
        raise ValueError(f"[GradScaler] {name} must be a positive number, got {value!r}")
    return value


class AmpScaler:
    """Dynamic loss scaling (the base of :class:`GradScaler`).

    Args:
        enable (bool, optional): Whether to scale; in dynamic mode on the CPU it is turned off
            with a warning, as PaddlePaddle does. Default True.
        init_loss_scaling (float, optional): The first scale, > 0. Default 2**15.
        incr_ratio (float, optional): The factor that grows the scale, > 1. Default 2.0.
        decr_ratio (float, optional): The factor that shrinks the scale, in (0, 1).
            Default 0.5.
        incr_every_n_steps (int, optional): Finite steps in a row after which the scale grows,
            > 0. Default 1000.
        decr_every_n_nan_or_inf (int, optional): Steps with NaN or inf gradients after which
            the scale shrinks, > 0. Default 1.
        use_dynamic_loss_scaling (bool, optional): Whether the scale moves. Default True.

    Example:
        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     scaler = paddle.amp.AmpScaler(init_loss_scaling=1024)
        >>> scaler.is_enable()
        False
    """

    def __init__(self, enable=True, init_loss_scaling=2.0**15, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=1000, decr_every_n_nan_or_inf=1,
                 use_dynamic_loss_scaling=True):
        _positive(init_loss_scaling, "init_loss_scaling")
        if not incr_ratio > 1.0:
            raise ValueError(f"[GradScaler] incr_ratio must be > 1.0, got {incr_ratio!r}")
        if not 0.0 < decr_ratio < 1.0:
            raise ValueError(f"[GradScaler] decr_ratio must be in (0, 1), got {decr_ratio!r}")
        for name, n in (("incr_every_n_steps", incr_every_n_steps),
                        ("decr_every_n_nan_or_inf", decr_every_n_nan_or_inf)):
            if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
                raise ValueError(f"[GradScaler] {name} must be a positive int, got {n!r}")
        from ..static.mode import in_dynamic_mode
        if enable and in_dynamic_mode() and not _scaling_runs_here():
            warnings.warn("AmpScaler can only be enabled on CUDAPlace, XPUPlace and CustomPlace, "
                          f"current place is {_current_place()}, so it makes no effect.")
            enable = False
        self._enable = enable
        self._incr_ratio = incr_ratio
        self._decr_ratio = decr_ratio
        self._incr_every_n_steps = incr_every_n_steps
        self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
        self._incr_count = 0
        self._decr_count = 0
        self._found_inf = False
        self._cache_found_inf = False
        self._optimizer_states = defaultdict(_fresh_state)
        # A scaler that is not enabled reports PaddlePaddle's values: scale 1, not dynamic.
        self._init_loss_scaling = init_loss_scaling if enable else 1.0
        self._use_dynamic_loss_scaling = use_dynamic_loss_scaling if enable else False
        self._scale = to_tensor(np.array([init_loss_scaling], dtype=np.float32)) if enable else None

    def scale(self, var):
        """The loss multiplied by the scale (``var`` itself when not enabled).

        Args:
            var (Tensor): The loss.

        Returns:
            Tensor: ``var * scale``, or ``var``.

        Example:
            >>> import warnings
            >>> with warnings.catch_warnings():
            ...     warnings.simplefilter("ignore")
            ...     scaler = paddle.amp.GradScaler()
            >>> loss = paddle.to_tensor(2.0)
            >>> scaler.scale(loss) is loss
            True
        """
        if self._enable and _global_state.amp_dtype != "float16" and self._use_dynamic_loss_scaling:
            self._enable = False
            self._use_dynamic_loss_scaling = False
            self._init_loss_scaling = 1.0
            warnings.warn(f"It is not recommended to use dynamic loss scaling for "
                          f"{_global_state.amp_dtype}, so GradScaler is disable by default.")
        if not self._enable:
            return var
        return var * self._scale

    def minimize(self, optimizer, *args, **kwargs):
        """Unscales the gradients (unless ``unscale_`` did), runs ``optimizer.minimize`` unless
        they hold a NaN or inf, then updates the scale.

        Args:
            optimizer (Optimizer): The optimizer of the parameters.
            *args: Passed on to ``optimizer.minimize``.
            **kwargs: Passed on to ``optimizer.minimize``.

        Returns:
            tuple: What ``optimizer.minimize`` returned, or ``(None, None)`` for a skipped step.

        Example:
            >>> import warnings
            >>> w = paddle.to_tensor([1.0], stop_gradient=False)
            >>> opt = paddle.optimizer.SGD(0.5, parameters=[w])
            >>> with warnings.catch_warnings():
            ...     warnings.simplefilter("ignore")
            ...     scaler = paddle.amp.GradScaler()
            >>> loss = scaler.scale((w * w).sum())
            >>> loss.backward()
            >>> _ = scaler.minimize(opt, loss)
            >>> w.numpy()
            array([0.], dtype=float32)
        """
        if not self._enable:
            return optimizer.minimize(*args, **kwargs)
        if self._optimizer_states[id(optimizer)]["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        result = (None, None)
        self._cache_found_inf = self._found_inf
        if not self._found_inf:
            result = optimizer.minimize(*args, **kwargs)
        if self._use_dynamic_loss_scaling:
            self._update()
        self._optimizer_states = defaultdict(_fresh_state)
        return result

    def _grads(self, optimizer):
        groups = optimizer._param_groups if getattr(optimizer, "_param_groups", None) and \
            isinstance(optimizer._param_groups[0], dict) else [{"params": optimizer._parameter_list}]
        return [p.grad for g in groups for p in g["params"] if p.grad is not None]

    def _unscale(self, optimizer):
        if not self._enable:
            return
        state = self._optimizer_states[id(optimizer)]
        if state["state"] is OptimizerState.UNSCALED:
            raise RuntimeError("unscale_() has already been called on this optimizer since the "
                               "last update().")
        if state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        grads = self._grads(optimizer)
        self._found_inf = False
        if grads:
            with no_grad():
                _, found = _check_finite_and_unscale(grads, self._scale)
            self._found_inf = bool(found.item())
        state["state"] = OptimizerState.UNSCALED

    def _update(self):
        if not self._enable:
            return
        if self._cache_found_inf:
            self._incr_count = 0
            self._decr_count += 1
            if self._decr_count == self._decr_every_n_nan_or_inf:
                print(f"Found inf or nan, current scale is: {float(self._scale)}, decrease to: "
                      f"{float(self._scale)}*{float(self._decr_ratio)}")
                self._scale = self._scale * self._decr_ratio
                self._decr_count = 0
        else:
            self._decr_count = 0
            self._incr_count += 1
            if self._incr_count == self._incr_every_n_steps:
                self._scale = self._scale * self._incr_ratio
                self._incr_count = 0

    def is_enable(self):
        """Whether the scaler scales (False on the CPU in dynamic mode).

        Returns:
            bool: Whether it is enabled.

        Example:
            >>> paddle.amp.GradScaler(enable=False).is_enable()
            False
        """
        return self._enable

    def is_use_dynamic_loss_scaling(self):
        """Whether the scale moves with the steps (False when not enabled).

        Returns:
            bool: Whether dynamic loss scaling is used.

        Example:
            >>> paddle.amp.GradScaler(enable=False).is_use_dynamic_loss_scaling()
            False
        """
        return self._use_dynamic_loss_scaling

    def get_init_loss_scaling(self):
        """The initial scale (1.0 when not enabled).

        Returns:
            float: The initial loss scale.

        Example:
            >>> paddle.amp.GradScaler(enable=False).get_init_loss_scaling()
            1.0
        """
        return self._init_loss_scaling

    def set_init_loss_scaling(self, new_init_loss_scaling):
        """Sets the initial scale and restarts the scale from it.

        Args:
            new_init_loss_scaling (float): The new initial scale, > 0.

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_init_loss_scaling(512)
            >>> scaler.get_init_loss_scaling()
            512
        """
        self._init_loss_scaling = _positive(new_init_loss_scaling, "new_init_loss_scaling")
        self._scale = to_tensor(np.array([new_init_loss_scaling], dtype=np.float32))

    def get_incr_ratio(self):
        """The factor that grows the scale.

        Returns:
            float: incr_ratio.

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_incr_ratio(3.0)
            >>> scaler.get_incr_ratio()
            3.0
        """
        return self._incr_ratio

    def set_incr_ratio(self, new_incr_ratio):
        """Sets the factor that grows the scale.

        Args:
            new_incr_ratio (float): The new factor, > 1 (ValueError otherwise).

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_incr_ratio(4.0)
            >>> scaler.get_incr_ratio()
            4.0
        """
        if not new_incr_ratio > 1.0:
            raise ValueError(f"[GradScaler] new_incr_ratio must be > 1.0, got {new_incr_ratio!r}")
        self._incr_ratio = new_incr_ratio

    def get_decr_ratio(self):
        """The factor that shrinks the scale.

        Returns:
            float: decr_ratio.

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_decr_ratio(0.25)
            >>> scaler.get_decr_ratio()
            0.25
        """
        return self._decr_ratio

    def set_decr_ratio(self, new_decr_ratio):
        """Sets the factor that shrinks the scale.

        Args:
            new_decr_ratio (float): The new factor, in (0, 1) (ValueError otherwise).

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_decr_ratio(0.1)
            >>> scaler.get_decr_ratio()
            0.1
        """
        if not 0.0 < new_decr_ratio < 1.0:
            raise ValueError(f"[GradScaler] new_decr_ratio must be in (0, 1), got "
                             f"{new_decr_ratio!r}")
        self._decr_ratio = new_decr_ratio

    def get_incr_every_n_steps(self):
        """How many finite steps in a row grow the scale.

        Returns:
            int: incr_every_n_steps.

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_incr_every_n_steps(100)
            >>> scaler.get_incr_every_n_steps()
            100
        """
        return self._incr_every_n_steps

    def set_incr_every_n_steps(self, new_incr_every_n_steps):
        """Sets how many finite steps in a row grow the scale.

        Args:
            new_incr_every_n_steps (int): The new count, > 0.

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_incr_every_n_steps(10)
            >>> scaler.get_incr_every_n_steps()
            10
        """
        self._incr_every_n_steps = new_incr_every_n_steps

    def get_decr_every_n_nan_or_inf(self):
        """How many steps with NaN or inf gradients shrink the scale.

        Returns:
            int: decr_every_n_nan_or_inf.

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_decr_every_n_nan_or_inf(2)
            >>> scaler.get_decr_every_n_nan_or_inf()
            2
        """
        return self._decr_every_n_nan_or_inf

    def set_decr_every_n_nan_or_inf(self, new_decr_every_n_nan_or_inf):
        """Sets how many steps with NaN or inf gradients shrink the scale.

        Args:
            new_decr_every_n_nan_or_inf (int): The new count, > 0.

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.set_decr_every_n_nan_or_inf(3)
            >>> scaler.get_decr_every_n_nan_or_inf()
            3
        """
        self._decr_every_n_nan_or_inf = new_decr_every_n_nan_or_inf

    def state_dict(self):
        """The scaler's state, to save with the model; empty when not enabled.

        Returns:
            dict: scale (a numpy array), incr_ratio, decr_ratio, incr_every_n_steps,
            decr_every_n_nan_or_inf, incr_count, decr_count, use_dynamic_loss_scaling.

        Example:
            >>> paddle.amp.GradScaler(enable=False).state_dict()
            {}
        """
        if not self._enable:
            return {}
        return {"scale": self._scale.numpy(), "incr_ratio": self._incr_ratio,
                "decr_ratio": self._decr_ratio, "incr_every_n_steps": self._incr_every_n_steps,
                "decr_every_n_nan_or_inf": self._decr_every_n_nan_or_inf,
                "incr_count": self._incr_count, "decr_count": self._decr_count,
                "use_dynamic_loss_scaling": self._use_dynamic_loss_scaling}

    def load_state_dict(self, state_dict):
        """Restores the state ``state_dict()`` returned (nothing when not enabled).

        Args:
            state_dict (dict): A state from ``state_dict()``; an empty one is a RuntimeError
                (it was saved from a scaler that was not enabled).

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.load_state_dict({})
            >>> scaler.state_dict()
            {}
        """
        if not self._enable:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The input state dict is empty, possibly because it was saved "
                               "from a disabled instance of GradScaler.")
        self._init_loss_scaling = state_dict["scale"][0]
        self._scale = to_tensor(np.array([self._init_loss_scaling], dtype=np.float32))
        for key in ("incr_ratio", "decr_ratio", "incr_every_n_steps", "decr_every_n_nan_or_inf",
                    "incr_count", "decr_count", "use_dynamic_loss_scaling"):
            setattr(self, "_" + key, state_dict[key])


class GradScaler(AmpScaler):
    """Dynamic loss scaling for mixed-precision training: ``scale`` the loss, ``backward``,
    then ``step`` (or ``minimize``) and ``update``. On the CPU in dynamic mode it warns that it
    makes no effect, as PaddlePaddle 3.3.1 does: the loss is not scaled and ``step`` is the
    optimizer's.

    Args:
        enable (bool, optional): Whether to scale. Default True.
        init_loss_scaling (float, optional): The first scale, > 0. Default 65536.0.
        incr_ratio (float, optional): The factor that grows the scale, > 1. Default 2.0.
        decr_ratio (float, optional): The factor that shrinks the scale, in (0, 1).
            Default 0.5.
        incr_every_n_steps (int, optional): Finite steps in a row after which the scale grows.
            Default 2000.
        decr_every_n_nan_or_inf (int, optional): Steps with NaN or inf gradients after which
            the scale shrinks. Default 1.
        use_dynamic_loss_scaling (bool, optional): Whether the scale moves. Default True.

    Example:
        >>> import warnings
        >>> model = paddle.nn.Linear(2, 1)
        >>> opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
        ...     with paddle.amp.auto_cast():
        ...         loss = model(paddle.ones([4, 2])).mean()
        >>> scaler.scale(loss).backward()
        >>> scaler.step(opt)
        >>> scaler.update()
        >>> opt.clear_grad()
    """

    def __init__(self, enable=True, init_loss_scaling=2.0**16, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=2000, decr_every_n_nan_or_inf=1,
                 use_dynamic_loss_scaling=True):
        super().__init__(enable, init_loss_scaling, incr_ratio, decr_ratio, incr_every_n_steps,
                         decr_every_n_nan_or_inf, use_dynamic_loss_scaling)

    def step(self, optimizer):
        """Unscales the gradients (unless ``unscale_`` did) and runs ``optimizer.step()``,
        unless they hold a NaN or inf (then the step is skipped).

        Args:
            optimizer (Optimizer): The optimizer of the parameters.

        Example:
            >>> w = paddle.to_tensor([2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.SGD(0.25, parameters=[w])
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.scale((w * w).sum()).backward()
            >>> scaler.step(opt)
            >>> w.numpy()
            array([1.], dtype=float32)
        """
        if not self._enable:
            return optimizer.step()
        state = self._optimizer_states[id(optimizer)]
        if state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        self._cache_found_inf = self._found_inf
        if not self._found_inf:
            optimizer.step()
        state["state"] = OptimizerState.STEPPED
        if not self._use_dynamic_loss_scaling:
            self._optimizer_states = defaultdict(_fresh_state)

    def update(self):
        """Moves the scale after a step: down after decr_every_n_nan_or_inf steps with NaN or
        inf gradients, up after incr_every_n_steps finite ones.

        Example:
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.update()
            >>> scaler.state_dict()
            {}
        """
        if not self._enable:
            return
        if self._use_dynamic_loss_scaling:
            self._update()
            self._optimizer_states = defaultdict(_fresh_state)

    def unscale_(self, optimizer):
        """Divides the optimizer's gradients by the scale now (to clip them before ``step``)
        and notes whether they hold a NaN or inf; ``step`` then does not unscale again.

        Args:
            optimizer (Optimizer): The optimizer of the parameters.

        Example:
            >>> w = paddle.to_tensor([1.0], stop_gradient=False)
            >>> opt = paddle.optimizer.SGD(0.1, parameters=[w])
            >>> scaler = paddle.amp.GradScaler(enable=False)
            >>> scaler.scale((w * 3).sum()).backward()
            >>> scaler.unscale_(opt)
            >>> w.grad.numpy()
            array([3.], dtype=float32)
        """
        return self._unscale(optimizer)
