"""LookAhead: an inner optimizer's fast weights pulled, every k steps,
toward slow weights that follow them (Zhang et al., 2019), as PaddlePaddle's
paddle.incubate.LookAhead updates them; eager mode."""
from ...autograd import no_grad
from ...optimizer.optimizer import Optimizer

__all__ = []


class LookAhead(Optimizer):
    """Wraps ``inner_optimizer``: each ``step`` runs the inner step, then every
    ``k``-th step sets the slow weights to ``alpha * param + (1 - alpha) * slow``
    and the parameters to the slow weights. The slow weights start as the
    parameters after the first step. Runs in eager mode.

    Args:
        inner_optimizer (Optimizer): The optimizer that updates the fast weights, built
            with its parameters.
        alpha (float, optional): The slow weights' step, in [0, 1]. Default 0.5.
        k (int, optional): The number of fast steps between slow updates, positive.
            Default 5.
        name (str, optional): Inserted into the accumulator names. Default None.

    Returns:
        LookAhead: The optimizer.

    Example:
        >>> w = paddle.to_tensor([1.0], stop_gradient=False)
        >>> sgd = paddle.optimizer.SGD(0.1, parameters=[w])
        >>> opt = paddle.incubate.LookAhead(sgd, alpha=0.5, k=2)
        >>> for _ in range(2):
        ...     (w * w).sum().backward()
        ...     opt.step()
        ...     opt.clear_grad()
        >>> w.numpy()
        array([0.72], dtype=float32)
    """

    _slow_str = "slow"

    def __init__(self, inner_optimizer, alpha=0.5, k=5, name=None):
        if not isinstance(inner_optimizer, Optimizer):
            raise TypeError(f"[LookAhead] inner_optimizer must be an Optimizer, got "
                            f"{type(inner_optimizer).__name__}")
        if not isinstance(alpha, (int, float)) or not 0.0 <= alpha <= 1.0:
            raise ValueError(f"[LookAhead] alpha must be in [0, 1], got {alpha!r}")
        if not isinstance(k, int) or isinstance(k, bool) or k <= 0:
            raise ValueError(f"[LookAhead] k must be a positive int, got {k!r}")
        if not inner_optimizer._parameter_list:
            raise ValueError("[LookAhead] inner_optimizer must be built with its parameters "
                             "(eager mode)")
        self.inner_optimizer = inner_optimizer
        super().__init__(learning_rate=float(alpha),
                         parameters=inner_optimizer._parameter_list, name=name)
        self.alpha = alpha
        self.k = k
        self.type = "lookahead"
        self._global_step = 0

    def _create_accumulators(self, parameters):
        for p in parameters:
            self._add_accumulator(self._slow_str, p)

    def _append_optimize_op(self, param, grad):
        slow = self._get_accumulator(self._slow_str, param).numpy()
        fast = param.numpy()
        if self._global_step == 1:
            slow[...] = fast
        if self._global_step % self.k == 0:
            slow[...] = self.alpha * fast + (1.0 - self.alpha) * slow
            fast[...] = slow

    def step(self):
        """Runs the inner optimizer's step, then the slow-weight update of the
        parameters that have gradients.

        Example:
            >>> w = paddle.to_tensor([2.0], stop_gradient=False)
            >>> opt = paddle.incubate.LookAhead(paddle.optimizer.SGD(0.5, parameters=[w]), k=1)
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy()
            array([0.], dtype=float32)
        """
        self.inner_optimizer.step()
        self._global_step += 1
        with no_grad():
            self._apply_optimize([(p, p.grad) for p in self._parameter_list
                                  if not p.stop_gradient and p.grad is not None])

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """The inner optimizer's ``minimize`` (from the gradients ``loss.backward()``
        left), then the slow-weight update; eager mode.

        Args:
            loss (Tensor): The loss whose gradients were computed.
            startup_program (Program, optional): For PaddlePaddle compatibility. Default None.
            parameters (list, optional): The parameters to update; None: all. Default None.
            no_grad_set (set, optional): For PaddlePaddle compatibility. Default None.

        Returns:
            tuple: ``(optimize_ops, params_grads)`` of the inner optimizer.
        """
        if loss._static_ref() is not None:
            raise RuntimeError("[LookAhead] minimize runs in eager mode; static programs are "
                               "not supported")
        ops, params_grads = self.inner_optimizer.minimize(loss, startup_program, parameters,
                                                         no_grad_set)
        self._global_step += 1
        with no_grad():
            self._apply_optimize(params_grads)
        return ops, params_grads

    def clear_grad(self, set_to_zero=True):
        """Clears the gradients of the parameters (see ``Optimizer.clear_grad``).

        Args:
            set_to_zero (bool, optional): Zero-fill (True, the default) or drop them.
        """
        self.inner_optimizer.clear_grad(set_to_zero)
