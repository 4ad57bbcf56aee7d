"""ASGD: each step moves by the mean of the latest gradient of each of
``batch_num`` batches (the batches taken in turn)."""
import numpy as np

from ..tensor._helpers import Tensor, op
from .optimizer import Optimizer

__all__ = []

_asgd = op("asgd", ["param", "grad", "learning_rate", "d", "y", "n"], [],
           ["param_out=param", "d_out=d", "y_out=y"])


class ASGD(Optimizer):
    r"""ASGD: at step :math:`m` (from 0) with batch :math:`i = m \bmod n`,
    :math:`d = d - y_i + g`, :math:`y_i = g`,
    :math:`param = param - lr \frac{d}{\min(m + 1, n)}`.
    weight_decay is added to the gradient. The batch index is read on the host at
    each step, so ASGD runs eagerly only (PaddlePaddle's reads it likewise).

    Args:
        learning_rate (float|LRScheduler, optional): Default 0.001.
        batch_num (int, optional): :math:`n`, the batches per epoch, > 0. Default 1.
        parameters (list, optional): Tensors or parameter groups to update.
        weight_decay (float|L1Decay|L2Decay, optional): added to the gradient.
        grad_clip (ClipGradByValue|ClipGradByNorm|ClipGradByGlobalNorm, optional).
        multi_precision (bool, optional): accepted; parameters are updated in their own type.
        name (str, optional): inserted into the accumulator names.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> opt = paddle.optimizer.ASGD(learning_rate=0.1, batch_num=2, parameters=[w])
            >>> (w * w).sum().backward()
            >>> opt.step()
            >>> w.numpy().round(4)
            array([0.8, 1.6], dtype=float32)
    """

    _d_acc_str = "d"
    _y_acc_str = "y"
    _m_acc_str = "m"

    def __init__(self, learning_rate=0.001, batch_num=1, parameters=None, weight_decay=None,
                 grad_clip=None, multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate should not be none")
        if batch_num is None:
            raise ValueError("batch_num should not be none")
        if not 0 < batch_num:
            raise ValueError("batch_num should be greater than 0")
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=weight_decay, grad_clip=grad_clip, name=name)
        self.type = "asgd"
        self._multi_precision = multi_precision
        self._n = batch_num

    def _update_param_group(self, group):
        return group.get("params")

    def _create_accumulators(self, parameters):
        for p in parameters:
            if p.name in self._already_create_accumulator:
                continue
            self._add_accumulator(self._d_acc_str, p)
            self._add_accumulator(self._y_acc_str, p, shape=[self._n, *p.shape])
            self._add_accumulator(self._m_acc_str, p, dtype="int64", shape=[1])
            self._already_create_accumulator.add(p.name)

    def _append_optimize_op(self, param, grad):
        if param._static_ref() is not None:
            raise NotImplementedError("[ASGD] static mode is not supported: the batch index "
                                      "is read on the host at each step")
        get = self._get_accumulator
        steps = get(self._m_acc_str, param).numpy()  # the tensor's own memory
        ys = get(self._y_acc_str, param).numpy()
        index = int(steps[0]) % self._n
        steps[0] += 1
        y = Tensor._from_numpy(ys[index].copy())
        count = Tensor._from_numpy(np.array([min(int(steps[0]), self._n)], dtype="int64"))
        _asgd(param, grad, self._create_param_lr(param), get(self._d_acc_str, param), y, count)
        ys[index] = y.numpy()
