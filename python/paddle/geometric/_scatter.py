"""What paddle.geometric's functions share: index checks and the reduction
of per-edge (or per-row) values into output rows by destination index, from
index_add and put_along_axis, with PaddlePaddle's gradients (max/min: every
value equal to its row's result gets the row's whole gradient)."""
import numbers


from .. import _core
from ..static.mode import _building
from ..tensor._helpers import check_tensor
from ..tensor.creation import ones, zeros
from ..tensor.gather_scatter import gather, index_add, put_along_axis
from ..tensor.layout import expand
from ..tensor.manipulation import cast, reshape
from ..tensor.math import maximum

REDUCE_OPS = ("sum", "mean", "max", "min")
MESSAGE_OPS = ("add", "sub", "mul", "div")
_INDEX_DTYPES = ("int32", "int64")


def check_index(index, what, fn, length=None):
    """index: a 1-D int32/int64 Tensor (of ``length`` entries when given)."""
    check_tensor(index, what, fn)
    if index.dtype.name not in _INDEX_DTYPES or index.ndim != 1:
        raise TypeError(f"[{fn}] {what} must be a 1-D int32/int64 Tensor, got "
                        f"{index.dtype.name} of shape {index.shape}")
    if length is not None and length >= 0 and index.shape[0] >= 0 and index.shape[0] != length:
        raise ValueError(f"[{fn}] {what} must have {length} entries, got {index.shape[0]}")
    return index


def index_values(index):
    """The index's values as a NumPy array, or None while building a program."""
    return None if _building() else index.numpy()


def check_range(index, what, size, fn):
    """Every entry of index in [0, size) (checked in eager mode)."""
    values = index_values(index)
    if values is not None and values.size and (values.min() < 0 or values.max() >= size):
        raise IndexError(f"[{fn}] {what} must be in [0, {size}), got values from "
                         f"{values.min()} to {values.max()}")


def out_rows(out_size, default, fn):
    """out_size (None, an int, or a 1-element Tensor; <= 0 means unset) or default."""
    if out_size is None:
        return default
    if isinstance(out_size, _core.Tensor):
        if _building():
            raise TypeError(f"[{fn}] out_size must be an int while a program is built (a "
                            "Tensor's value is known only when it runs)")
        if out_size.size != 1:
            raise ValueError(f"[{fn}] out_size must hold one value, got shape {out_size.shape}")
        out_size = int(out_size.numpy().reshape(-1)[0])
    if not isinstance(out_size, numbers.Integral):
        raise TypeError(f"[{fn}] out_size must be an int or a Tensor, got "
                        f"{type(out_size).__name__}")
    return int(out_size) if out_size > 0 else default


def reduce_rows(values, dst, n_out, reduce_op, fn):
    """out[i] = reduce_op of values[e] over the e with dst[e] == i (0 where
    none), out of shape [n_out] + values.shape[1:]."""
    if reduce_op not in REDUCE_OPS:
        raise ValueError(f"[{fn}] reduce_op must be one of {', '.join(REDUCE_OPS)}, got "
                         f"{reduce_op!r}")
    feat = list(values.shape[1:])
    base = zeros([n_out] + feat, values.dtype)
    if reduce_op in ("sum", "mean"):
        out = index_add(base, dst, 0, values)
        if reduce_op == "mean":
            exact = values.dtype.name in ("float32", "float64")
            kind = values.dtype if exact else "float64"
            count = index_add(zeros([n_out], kind), dst, 0, ones([values.shape[0]], kind))
            count = reshape(maximum(count, ones([1], kind)), [n_out] + [1] * len(feat))
            if not exact:  # integers: the mean truncated toward zero, as PaddlePaddle's
                return cast(cast(out, kind) / count, values.dtype)
            out = out / count
        return out
    where = expand(reshape(cast(dst, "int64"), [-1] + [1] * len(feat)), values.shape)
    picked = _constant(put_along_axis(base, where, values, 0, reduce="a" + reduce_op,
                                      include_self=False))
    # the value is picked; the gradient reaches each value equal to its row's result
    equal = cast(values == gather(picked, dst), values.dtype)
    return picked + index_add(base, dst, 0, (values - _constant(values)) * equal)


def _constant(t):
    """t's values, with no gradient flowing back (a static program's too)."""
    copy = t * 1
    copy.stop_gradient = True
    return copy
