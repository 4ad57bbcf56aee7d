"""fractional_max_pool2d / fractional_max_pool3d: max pooling over
pseudo-random windows (the ``fractional_max_pool2d/3d`` ops; the gradient goes
to each window's maximum)."""
import numbers

from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor, op
from ._window_args import _is_int, int_tuple

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle

_ATTRS = ["output_size", "kernel_size", "random_u", "return_mask"]
_pool2d = op("fractional_max_pool2d", ["x"], _ATTRS, ["out", "mask"])
_pool3d = op("fractional_max_pool3d", ["x"], _ATTRS, ["out", "mask"])


def _fractional(x, output_size, kernel_size, random_u, return_mask, rank, fn):
    check_tensor(x, "x", fn)
    if not _dtype.is_floating_point(x.dtype):
        raise TypeError(f"[{fn}] x must be a floating-point Tensor, got {x.dtype.name}")
    if x.ndim != rank + 2:
        raise ValueError(f"[{fn}] x must be {rank + 2}-D, got shape {list(x.shape)}")
    spatial = list(x.shape[2:])
    if _is_int(output_size):
        sizes = [int(output_size)] * rank
    elif isinstance(output_size, (list, tuple)) and len(output_size) == rank and all(
            s is None or _is_int(s) for s in output_size):
        sizes = [spatial[i] if s is None else int(s) for i, s in enumerate(output_size)]
    else:
        raise ValueError(f"[{fn}] output_size must be an int or a list/tuple of {rank} ints "
                         f"(or None), got {output_size!r}")
    kernel = [0] * rank if kernel_size is None else int_tuple(kernel_size, rank, "kernel_size", fn)
    if random_u is None:
        random_u = 0.0
    elif isinstance(random_u, bool) or not isinstance(random_u, numbers.Real) \
            or not 0 < random_u < 1:
        raise ValueError(f"[{fn}] random_u must be a float in (0, 1), got {random_u!r}")
    if not isinstance(return_mask, bool):
        raise TypeError(f"[{fn}] return_mask must be a bool, got {type(return_mask).__name__}")
    caller = _pool2d if rank == 2 else _pool3d
    out, mask = caller(x, sizes, kernel, float(random_u), return_mask)
    return (out, mask) if return_mask else out


def fractional_max_pool2d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None):
    """Fractional max pooling (Graham, 2015) over the H and W of an NCHW
    input: along each dim, output_size windows whose starts are
    floor(alpha * (i + u)) (shifted so the first is 0), alpha = input size /
    output size, so the windows are 1 or 2 cells apart at random offsets.

    Args:
        x (Tensor): [N, C, H, W], float32 or float64.
        output_size (int|list|tuple): (H, W) of the output; None in the list
            keeps that input size.
        kernel_size (int|list|tuple): the window size, making windows that can
            overlap (alpha = (input - kernel) / (output - 1)); None makes them
            contiguous and disjoint. Default None.
        random_u (float): u in (0, 1); None draws it (paddle.seed fixes it). Default None.
        return_mask (bool): also return the flat index (h * W + w) of each
            maximum, int32. Default False.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        Tensor: [N, C, *output_size] (and the mask when return_mask).

    Example:
        >>> x = paddle.arange(49, dtype="float32").reshape([1, 1, 7, 7])
        >>> paddle.nn.functional.fractional_max_pool2d(x, 5, random_u=0.3).numpy()[0, 0, 0]
        array([0., 2., 3., 5., 6.], dtype=float32)
    """
    return _fractional(x, output_size, kernel_size, random_u, return_mask, 2,
                       "fractional_max_pool2d")


def fractional_max_pool3d(x, output_size, kernel_size=None, random_u=None, return_mask=False,
                          name=None):
    """Fractional max pooling (Graham, 2015) over the D, H and W of an NCDHW
    input: the windows of fractional_max_pool2d along each of the three dims.

    Args:
        x (Tensor): [N, C, D, H, W], float32 or float64.
        output_size (int|list|tuple): (D, H, W) of the output; None in the list
            keeps that input size.
        kernel_size (int|list|tuple): the window size, making windows that can
            overlap; None makes them contiguous and disjoint. Default None.
        random_u (float): u in (0, 1); None draws it (paddle.seed fixes it). Default None.
        return_mask (bool): also return the flat index ((d * H + h) * W + w) of
            each maximum, int32. Default False.
        name (str): unused, as in PaddlePaddle. Default None.

    Returns:
        Tensor: [N, C, *output_size] (and the mask when return_mask).

    Example:
        >>> x = paddle.rand([2, 3, 8, 8, 8])
        >>> out, mask = paddle.nn.functional.fractional_max_pool3d(x, [4, 5, 6], return_mask=True)
        >>> out.shape, mask.dtype
        (paddle.Size([2, 3, 4, 5, 6]), paddle.int32)
    """
    return _fractional(x, output_size, kernel_size, random_u, return_mask, 3,
                       "fractional_max_pool3d")
