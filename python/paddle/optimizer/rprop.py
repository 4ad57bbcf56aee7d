"""Rprop: per-element step sizes that grow while the gradient keeps its sign
and shrink when it flips (full-batch training)."""
import numpy as np

from ..tensor._helpers import Tensor, op
from ..utils import unique_name
from . import _state
from .optimizer import Optimizer

__all__ = []

_rprop = op("rprop", ["param", "grad", "prev", "learning_rate", "learning_rate_range", "etas"],
            [], ["param_out=param", "prev_out=prev", "learning_rate_out=learning_rate"])


def _pair(values, dtype):
    """A two-element tensor of ``values`` (in static mode: two persistable
    variables the startup program fills, joined in the program)."""
    from ..static.mode import _building

    if _building():
        from ..tensor.manipulation import concat

        return concat([_state.filled(unique_name.generate("rprop_pair"), [1], dtype, v)
                       for v in values])
    return Tensor._from_numpy(np.array(values, dtype=_state.numpy_dtype(dtype)))


class Rprop(Optimizer):
    r"""Rprop: each element keeps its own rate :math:`\eta`. With
    :math:`s = g_{t-1} g_t`: :math:`s > 0` gives :math:`\eta = \min(\eta \cdot etas[1], max)`,
    :math:`s < 0` gives :math:`\eta = \max(\eta \cdot etas[0], min)` and the gradient is taken
    as 0; then :math:`param = param - sign(g_t) \eta`. The rates start at learning_rate
    (a scheduler or a parameter group's rate is not read afterwards, as in PaddlePaddle).

    Args:
        learning_rate (float, optional): the initial rate. Default 0.001.
        learning_rate_range (tuple, optional): (min, max) of the rates, with
            0 < min <= learning_rate <= max. Default (1e-5, 50).
        parameters (list, optional): Tensors or parameter groups to update.
        etas (tuple, optional): (shrink, grow) factors, 0 < shrink < 1 < grow. Default (0.5, 1.2).
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        multi_precision (bool, optional): accepted; parameters are updated in their own type.
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.Rprop(learning_rate=0.1, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([ 0.9, -1.9], dtype=float32)
    """

    _prevs_acc_str = "prevs"
    _learning_rates_acc_str = "learning_rates"

    def __init__(self, learning_rate=0.001, learning_rate_range=(1e-5, 50), parameters=None,
                 etas=(0.5, 1.2), grad_clip=None, multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        if not 0.0 < learning_rate_range[0] <= learning_rate <= learning_rate_range[1]:
            raise ValueError("'0.0 < learning_rate_range[0] <= learning_rate <= "
                             "learning_rate_range[1]' must be true")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError("'0.0 < etas[0] < 1.0 < etas[1]' must be true")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=0.0,
                         grad_clip=grad_clip, name=name)
        self.type = "rprop"
        self._initial_learning_rate = learning_rate
        self._multi_precision = multi_precision
        self._learning_rate_range = tuple(learning_rate_range)
        self._etas = tuple(etas)

    def _update_param_group(self, group):
        return group.get("params")

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            self._add_accumulator(self._prevs_acc_str, p)
            self._add_accumulator(self._learning_rates_acc_str, p,
                                  fill_value=self._initial_learning_rate)
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        get = self._get_accumulator
        _rprop(param, grad, get(self._prevs_acc_str, param),
               get(self._learning_rates_acc_str, param),
               _pair(self._learning_rate_range, param.dtype), _pair(self._etas, param.dtype))
