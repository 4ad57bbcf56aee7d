"""LBFGS: a quasi-Newton optimizer that re-evaluates the loss through a
closure, keeping the last ``history_size`` steps and gradient changes to
approximate the inverse Hessian (Nocedal & Wright, Numerical Optimization,
2nd ed., Algorithm 7.4/7.5), with an optional strong-Wolfe line search."""
from collections import defaultdict

import numpy as np

from ..autograd import enable_grad, no_grad
from ..tensor._helpers import Tensor
from ..tensor.creation import assign, to_tensor, zeros_like
from ..tensor.manipulation import concat
from ._line_search import flat_dot, strong_wolfe
from .optimizer import Optimizer

__all__ = []

_STATE_TENSORS = ("d", "H_diag", "prev_flat_grad")
_STATE_LISTS = ("old_yk", "old_sk", "ro", "al")


class LBFGS(Optimizer):
    r"""L-BFGS. Each ``step(closure)`` runs up to ``max_iter`` iterations of
    :math:`x_{k+1} = x_k + \alpha_k d_k` with :math:`d_k = -H_k \nabla f_k`, where
    :math:`H_k` approximates the inverse Hessian from the last ``history_size``
    pairs :math:`s = x_{k+1} - x_k`, :math:`y = \nabla f_{k+1} - \nabla f_k`
    (the two-loop recursion). The step :math:`\alpha_k` is ``learning_rate``
    (the first iteration: ``min(1, 1 / |g|_1) * learning_rate``), or found by
    the strong-Wolfe line search. An iteration stops the step early when the
    gradient's largest element is <= tolerance_grad, or the step, the
    directional derivative or the loss change is below tolerance_change.

    As in PaddlePaddle, ``weight_decay`` and ``grad_clip`` are accepted and
    checked but not applied (the closure's gradients are used as they are), and
    with parameter groups only the last group is optimized. Unlike
    PaddlePaddle, whose ``set_state_dict`` ignores LBFGS's state,
    ``set_state_dict`` restores it, so a resumed optimizer takes the same next step.

    Args:
        learning_rate (float, optional): the step (or the line search's first
            trial step). Default 1.0.
        max_iter (int, optional): iterations per step(). Default 20.
        max_eval (int, optional): closure evaluations per step(); default
            ``max_iter * 5 // 4``.
        tolerance_grad (float, optional): Default 1e-07.
        tolerance_change (float, optional): Default 1e-09.
        history_size (int, optional): the (s, y) pairs kept. Default 100.
        line_search_fn (str, optional): None (fixed steps) or ``'strong_wolfe'``.
        parameters (list, optional): the Tensors to optimize.
        weight_decay (float|L1Decay|L2Decay, optional): accepted, not applied.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional):
            accepted, not applied.
        name (str, optional): unused.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([3.0, -1.0], stop_gradient=False)
            >>> opt = paddle.optimizer.LBFGS(line_search_fn="strong_wolfe", parameters=[w])
            >>> def closure():
            ...     opt.clear_grad()
            ...     loss = ((w - 1.0) ** 2).sum()
            ...     loss.backward()
            ...     return loss
            >>> float(opt.step(closure))  # the loss before the step
            8.0
            >>> w.numpy().round(4)
            array([1., 1.], dtype=float32)
            >>> opt.state_dict()["state"]["func_evals"]
            3
    """

    def __init__(self, learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-07,
                 tolerance_change=1e-09, history_size=100, line_search_fn=None,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.max_eval = max_eval
        self.tolerance_grad = tolerance_grad
        self.tolerance_change = tolerance_change
        self.history_size = history_size
        self.line_search_fn = line_search_fn
        self.state = defaultdict(dict)
        # The base class keeps a learning rate of 1.0: LBFGS reads its own.
        super().__init__(learning_rate=1.0, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self._params = self._optimized_params()

    def _optimized_params(self):
        """The parameters step() moves: the list, or the last parameter group's
        (PaddlePaddle's LBFGS optimizes that group only); None in static mode
        without parameters (minimize then says LBFGS needs a closure)."""
        if self._parameter_list is None:
            return None
        if not self._parameter_list:
            raise IndexError("[LBFGS] expected at least one parameter in `parameters`, "
                             "got an empty list")
        if isinstance(self._parameter_list[0], dict):
            return self._param_groups[-1]["params"]
        return self._parameter_list

    # ---- state ----

    def state_dict(self):
        """``{'state': {...}}``: the evaluation and iteration counts
        (``func_evals``, ``n_iter``) and the L-BFGS memory (``d``, ``alpha``,
        ``old_yk``, ``old_sk``, ``ro``, ``al``, ``H_diag``, ``prev_flat_grad``,
        ``prev_loss``); the tensors are the optimizer's own, not copies.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([3.0], stop_gradient=False)
                >>> opt = paddle.optimizer.LBFGS(max_iter=3, max_eval=5, parameters=[w])
                >>> def closure():
                ...     opt.clear_grad()
                ...     loss = (w * w).sum()
                ...     loss.backward()
                ...     return loss
                >>> _ = opt.step(closure)
                >>> sorted(opt.state_dict()["state"])
                ['H_diag', 'al', 'alpha', 'd', 'func_evals', 'n_iter', 'old_sk', 'old_yk',
                 'prev_flat_grad', 'prev_loss', 'ro']
        """
        return {"state": dict(self.state)}

    def set_state_dict(self, state_dict):
        """Restores a ``state_dict()`` (copying its tensors; saved arrays become
        tensors), so the next step continues where the saved optimizer stopped.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([3.0], stop_gradient=False)
                >>> opt = paddle.optimizer.LBFGS(max_iter=3, max_eval=5, parameters=[w])
                >>> def closure():
                ...     opt.clear_grad()
                ...     loss = (w * w).sum()
                ...     loss.backward()
                ...     return loss
                >>> _ = opt.step(closure)
                >>> opt2 = paddle.optimizer.LBFGS(max_iter=3, max_eval=5, parameters=[w])
                >>> opt2.set_state_dict(opt.state_dict())
                >>> opt2.state_dict()["state"]["n_iter"]
                2
        """
        if not isinstance(state_dict, dict) or "state" not in state_dict:
            got = sorted(state_dict) if isinstance(state_dict, dict) else type(state_dict).__name__
            raise KeyError("[LBFGS] set_state_dict expected the dict LBFGS.state_dict() "
                           f"returns, with the key 'state', got {got}")
        self.state = defaultdict(dict)
        for key, value in state_dict["state"].items():
            self.state[key] = _copied(value)

    load_state_dict = set_state_dict

    # ---- flat views of the parameters ----

    def _gather_flat_grad(self):
        """The gradients of all parameters as one flat tensor (zeros for a missing one)."""
        return concat([(zeros_like(p) if p.grad is None else p.grad).reshape([-1])
                       for p in self._params], axis=0)

    def _move(self, step, direction):
        """x += step * direction, in place, parameter by parameter."""
        offset = 0
        for p in self._params:
            numel = int(np.prod(p.shape))
            part = direction[offset:offset + numel].reshape(p.shape)
            assign(p.add(part * step), p)
            offset += numel

    def _evaluate_at(self, closure, start, step, direction):
        """(loss, flat gradient) at start + step * direction; the parameters go back to start."""
        self._move(step, direction)
        loss = float(closure())
        flat_grad = self._gather_flat_grad()
        for p, value in zip(self._params, start):
            assign(value, p)
        return loss, flat_grad

    # ---- the step ----

    def step(self, closure):
        """Runs up to ``max_iter`` L-BFGS iterations. ``closure()`` clears the
        gradients, computes the loss, calls ``backward()`` and returns the loss
        (it runs with gradients recorded). Returns the first closure's loss.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([2.0], stop_gradient=False)
                >>> opt = paddle.optimizer.LBFGS(parameters=[w])
                >>> def closure():
                ...     opt.clear_grad()
                ...     loss = (w * w).sum()
                ...     loss.backward()
                ...     return loss
                >>> opt.step(closure).item()
                4.0
                >>> w.numpy()
                array([0.], dtype=float32)
        """
        from ..static.mode import in_dynamic_mode

        if not in_dynamic_mode():
            raise AssertionError("We only support 'step()' in dynamic graph mode, please call "
                                 "'paddle.disable_static()' to enter dynamic graph mode.")
        with no_grad():
            return self._iterate(enable_grad()(closure))

    def _iterate(self, closure):
        state = self.state
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)
        orig_loss = closure()
        loss = float(orig_loss)
        evals = 1
        state["func_evals"] += 1
        flat_grad = self._gather_flat_grad()
        if flat_grad.abs().max() <= self.tolerance_grad:
            return orig_loss

        memory = _Memory(state, self.history_size)
        d, alpha = state.get("d"), state.get("alpha")
        prev_flat_grad, prev_loss = state.get("prev_flat_grad"), state.get("prev_loss")
        n_iter = 0
        while n_iter < self.max_iter:
            n_iter += 1
            state["n_iter"] += 1
            if state["n_iter"] == 1:
                d = flat_grad.neg()
                memory.reset(orig_loss.dtype)
            else:
                memory.remember(flat_grad.subtract(prev_flat_grad),
                                d.multiply(to_tensor(alpha, dtype=d.dtype)))
                d = memory.direction(flat_grad)
            if prev_flat_grad is None:
                prev_flat_grad = flat_grad.clone()
            else:
                assign(flat_grad, prev_flat_grad)
            prev_loss = loss

            if state["n_iter"] == 1:
                alpha = min(1.0, 1.0 / flat_grad.abs().sum()) * self.learning_rate
            else:
                alpha = self.learning_rate
            slope = flat_dot(flat_grad, d)
            if slope > -self.tolerance_change:
                break  # not a descent direction any more

            used = 0
            if self.line_search_fn is not None:
                if self.line_search_fn != "strong_wolfe":
                    raise RuntimeError("only 'strong_wolfe' is supported")
                start = [p.clone() for p in self._params]
                loss, flat_grad, alpha, used = strong_wolfe(
                    lambda at, start=start, d=d: self._evaluate_at(closure, start, at, d),
                    alpha, d, loss, flat_grad, slope)
                self._move(alpha, d)
                optimal = flat_grad.abs().max() <= self.tolerance_grad
            else:
                self._move(alpha, d)
                optimal = False
                if n_iter != self.max_iter:
                    loss = float(closure())
                    flat_grad = self._gather_flat_grad()
                    optimal = flat_grad.abs().max() <= self.tolerance_grad
                    used = 1
            evals += used
            state["func_evals"] += used

            if (optimal or (d * alpha).abs().max() <= self.tolerance_change
                    or abs(loss - prev_loss) < self.tolerance_change
                    or evals >= self.max_eval or n_iter == self.max_iter):
                break

        state["d"], state["alpha"] = d, alpha
        memory.save()
        state["prev_flat_grad"], state["prev_loss"] = prev_flat_grad, prev_loss
        return orig_loss

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Not supported: LBFGS re-evaluates the loss through a closure, which
        neither ``loss`` nor a static program can give; use ``step(closure)``.
        Raises NotImplementedError.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> w = paddle.to_tensor([1.0], stop_gradient=False)
                >>> paddle.optimizer.LBFGS(parameters=[w]).minimize((w * w).sum())
                Traceback (most recent call last):
                ...
                NotImplementedError: LBFGS optimizer does not use this way to minimize loss. ...
        """
        raise NotImplementedError("LBFGS optimizer does not use this way to minimize loss. "
                                  "Please refer 'Examples' of LBFGS() for usage.")


class _Memory:
    """The L-BFGS memory in ``state``: the last (y, s) pairs, their 1 / y's,
    the initial inverse-Hessian scale H_diag and the two-loop buffer ``al``."""

    def __init__(self, state, history_size):
        self._state = state
        self._size = history_size
        self.old_yk, self.old_sk = state.get("old_yk"), state.get("old_sk")
        self.ro, self.h_diag = state.get("ro"), state.get("H_diag")

    def reset(self, dtype):
        self.old_yk, self.old_sk, self.ro = [], [], []
        self.h_diag = to_tensor(1.0, dtype=dtype)

    def remember(self, y, s):
        """Keeps (y, s) when y.s > 1e-10 (the curvature condition), dropping
        the oldest pair when the memory is full."""
        ys = flat_dot(y, s)
        if not ys > 1e-10:
            return
        if len(self.old_yk) == self._size:
            self.old_yk.pop(0)
            self.old_sk.pop(0)
            self.ro.pop(0)
        self.old_yk.append(y)
        self.old_sk.append(s)
        self.ro.append(1.0 / ys)
        self.h_diag = ys / flat_dot(y, y)

    def direction(self, flat_grad):
        """-H g by the two-loop recursion (N&W Algorithm 7.4)."""
        al = self._state.setdefault("al", [None] * self._size)
        q = flat_grad.neg()
        for i in range(len(self.old_yk) - 1, -1, -1):
            al[i] = flat_dot(self.old_sk[i], q) * self.ro[i]
            q = q.add(self.old_yk[i] * (-al[i]))
        r = q.multiply(self.h_diag)
        for i in range(len(self.old_yk)):
            be_i = flat_dot(self.old_yk[i], r) * self.ro[i]
            r = r.add(self.old_sk[i] * (al[i] - be_i))
        return r

    def save(self):
        state = self._state
        state["old_yk"], state["old_sk"], state["ro"] = self.old_yk, self.old_sk, self.ro
        state["H_diag"] = self.h_diag


def _copied(value):
    """A state value for another optimizer: tensors (and saved arrays)
    copied, lists element by element."""
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, Tensor):
        return value.clone()
    if isinstance(value, np.ndarray):
        return to_tensor(value)
    return value
