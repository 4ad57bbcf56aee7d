"""paddle.autograd.jacobian and hessian: the matrices of first and second
derivatives, as objects evaluated on first use (each row one paddle.grad with
create_graph, so they can be differentiated again). Without batch_axis, ys
and xs are 0-D or 1-D; with batch_axis=0 their first axis is a batch."""
from collections.abc import Sequence

__all__ = []


def _paddle():
    import paddle
    return paddle


class Jacobian:
    """The Jacobian of ``ys`` with respect to ``xs``, flattened to ``shape`` and evaluated when
    first indexed (``J[:]`` is the whole matrix); arithmetic and Tensor attributes act on that
    matrix."""

    def __init__(self, ys, xs, is_batched=False):
        low, high = (1, 2) if is_batched else (0, 1)
        for name, t in (("xs", xs), ("ys", ys)):
            if not low <= t.ndim <= high:
                raise ValueError(f"{name}.ndim should be {low} or {high} when is_batched="
                                 f"{is_batched} but got {t.ndim}")
        self._ys, self._xs, self._batched = ys, xs, is_batched
        lead = [ys.shape[0]] if is_batched else []
        rows = [ys.shape[-1]] if ys.ndim == high else []
        cols = [xs.shape[-1]] if xs.ndim == high else []
        self._rows = rows[0] if rows else 1
        self._shape = lead + rows + cols
        self._value = None

    @property
    def shape(self):
        return list(self._shape)

    def _row(self, i):
        paddle = _paddle()
        ys = self._ys
        if ys.ndim == (2 if self._batched else 1):
            v = paddle.nn.functional.one_hot(paddle.to_tensor([i]), self._rows).astype(ys.dtype)
            v = v.expand(ys.shape) if self._batched else v.reshape(ys.shape)
        else:
            v = paddle.ones_like(ys)
        (g,) = paddle.grad(ys, self._xs, grad_outputs=v, create_graph=True, retain_graph=True,
                           allow_unused=True)
        return paddle.zeros_like(self._xs) if g is None else g

    def _evaluate_all(self):
        if self._value is None:
            paddle = _paddle()
            rows = [self._row(i) for i in range(self._rows)]
            full = paddle.stack(rows, axis=1 if self._batched else 0)
            self._value = full.reshape(self._shape)
        return self._value

    def __getitem__(self, indexes):
        if not self._shape:
            raise IndexError("0-D tensor can not be indexed.")
        return self._evaluate_all()[indexes]

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._evaluate_all(), name)

    def _other(self, other):
        return other._evaluate_all() if isinstance(other, Jacobian) else other

    def __add__(self, other):
        return self._evaluate_all() + self._other(other)

    def __sub__(self, other):
        return self._evaluate_all() - self._other(other)

    def __mul__(self, other):
        return self._evaluate_all() * self._other(other)

    def __truediv__(self, other):
        return self._evaluate_all() / self._other(other)

    def __matmul__(self, other):
        return self._evaluate_all() @ self._other(other)

    def __neg__(self):
        return -self._evaluate_all()

    def __repr__(self):
        return f"{type(self).__name__}(shape={self._shape})"


class Hessian(Jacobian):
    """The Hessian: the Jacobian of the gradient."""


def _check_batch_axis(batch_axis, fn):
    if batch_axis is not None and (isinstance(batch_axis, bool) or batch_axis != 0):
        raise ValueError(f"[{fn}] batch_axis should be None or 0, got {batch_axis!r}")
    return batch_axis is not None


def _as_tensor(t):
    return t._evaluate_all() if isinstance(t, Jacobian) else t


def jacobian(ys, xs, batch_axis=None):
    """The Jacobian of ``ys`` with respect to ``xs``, evaluated when first indexed.

    Args:
        ys (Tensor|tuple[Tensor]): The outputs, 0-D or 1-D (with ``batch_axis=0``: 1-D or
            2-D, the first axis the batch).
        xs (Tensor|tuple[Tensor]): The inputs they were computed from, of the same ranks.
        batch_axis (int, optional): None, or 0 when the first axis of ys and xs is a batch
            (ValueError otherwise). Default None.

    Returns:
        Jacobian|tuple: A Jacobian of shape ``[len(ys), len(xs)]`` (a 0-D side drops its axis;
        ``[B, ...]`` when batched); a tuple over ``ys`` or ``xs`` when either is a tuple, a
        tuple of tuples when both are.

    Example:
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> J = paddle.autograd.jacobian(x * x, x)
        >>> J.shape, J[:].numpy().tolist()
        ([2, 2], [[2.0, 0.0], [0.0, 4.0]])
    """
    batched = _check_batch_axis(batch_axis, "jacobian")
    ys_seq, xs_seq = isinstance(ys, Sequence), isinstance(xs, Sequence)
    ys_list = [_as_tensor(y) for y in ys] if ys_seq else [_as_tensor(ys)]
    xs_list = list(xs) if xs_seq else [xs]
    table = tuple(tuple(Jacobian(y, x, batched) for x in xs_list) for y in ys_list)
    if ys_seq and xs_seq:
        return table
    if ys_seq:
        return tuple(row[0] for row in table)
    if xs_seq:
        return table[0]
    return table[0][0]


def hessian(ys, xs, batch_axis=None):
    """The Hessian of the scalar ``ys`` with respect to ``xs``, evaluated when first indexed.

    Args:
        ys (Tensor): One value (with ``batch_axis=0``: one value per batch entry, [B] or
            [B, 1]); ValueError otherwise.
        xs (Tensor|tuple[Tensor]): The inputs, 0-D or 1-D (with ``batch_axis=0``: [B] or
            [B, n]).
        batch_axis (int, optional): None, or 0 when the first axis is a batch. Default None.

    Returns:
        Hessian|tuple: A Hessian of shape ``[len(xs), len(xs)]`` (``[B, n, n]`` when
        batched); for a tuple ``xs``, a tuple of tuples of the blocks.

    Example:
        >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        >>> H = paddle.autograd.hessian((x ** 3).sum(), x)
        >>> H[:].numpy().tolist()
        [[6.0, 0.0], [0.0, 12.0]]
    """
    batched = _check_batch_axis(batch_axis, "hessian")
    if not batched:
        if ys.numel() != 1:
            raise ValueError(f"[hessian] Only support ys.numel()({int(ys.numel())})==1 when "
                             "batch_axis is None.")
        ys = ys.reshape([])
    else:
        if ys.ndim == 0 or ys[0].numel() != 1:
            raise ValueError(f"[hessian] ys must hold one value per batch entry when batch_axis "
                             f"is 0, got shape {ys.shape}")
        ys = ys.reshape([-1])
    first = jacobian(ys, xs, batch_axis)
    if not isinstance(xs, Sequence):
        out = jacobian(first, xs, batch_axis)
        out.__class__ = Hessian
        return out
    out = tuple(jacobian(j, xs, batch_axis) for j in first)
    for row in out:
        for h in row:
            h.__class__ = Hessian
    return out
