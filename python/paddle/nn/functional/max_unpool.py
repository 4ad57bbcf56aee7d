"""max_unpool1d/2d/3d: each pooled value written back at the flat position
its max pooling's mask recorded (the put_along_axis op over each channel's
flattened output), zeros elsewhere."""
from ...framework import dtypes as _dtype
from ...tensor._helpers import check_tensor
from ...tensor.creation import zeros
from ...tensor.gather_scatter import _put_along_axis
from ...tensor.manipulation import reshape
from ._window_args import int_tuple

__all__ = []  # the public names live in paddle.nn.functional, as in PaddlePaddle


def _eager():
    from ...static.mode import in_dynamic_mode  # here: paddle.static imports paddle.nn
    return in_dynamic_mode()


def _output_size(x, kernel, stride, padding, output_size, fn):
    """PaddlePaddle's default (in - 1) * stride + kernel - 2 * padding, or
    output_size (its spatial part) when within a stride of it."""
    n = len(kernel)
    default = [(size - 1) * s + k - 2 * p
               for size, k, s, p in zip(x.shape[-n:], kernel, stride, padding)]
    if output_size is None:
        return default
    if not isinstance(output_size, (list, tuple)):
        raise ValueError(f"[{fn}] output_size must be None or a list/tuple, got {output_size!r}")
    sizes = list(output_size)[2:] if len(output_size) == n + 2 else list(output_size)
    if len(sizes) != n:
        raise ValueError(f"[{fn}] output_size must have {n} or {n + 2} values, got "
                         f"{output_size!r}")
    for d, (want, base, s) in enumerate(zip(sizes, default, stride)):
        if not base - s < want < base + s:
            raise ValueError(f"[{fn}] invalid output_size {output_size} (dim {d} must be between "
                             f"{base - s} and {base + s}, exclusive)")
    return [int(v) for v in sizes]


def _unpool(x, indices, kernel_size, stride, padding, data_format, output_size, n, fmt, fn):
    check_tensor(x, "x", fn)
    check_tensor(indices, "indices", fn)
    if x.ndim != n + 2:
        raise ValueError(f"[{fn}] x must be {n + 2}-D ({fmt}), got shape {x.shape}")
    if indices.shape != x.shape:
        raise ValueError(f"[{fn}] indices (shape {indices.shape}) must have x's shape {x.shape}")
    if _dtype.is_floating_point(indices.dtype):
        raise TypeError(f"[{fn}] indices must be an integer Tensor, got {indices.dtype.name}")
    if data_format != fmt:
        raise ValueError(f"[{fn}] data_format must be {fmt!r}, got {data_format!r}")
    kernel = int_tuple(kernel_size, n, "kernel_size", fn)
    steps = kernel if stride is None else int_tuple(stride, n, "stride", fn)
    pads = int_tuple(padding, n, "padding", fn)
    sizes = _output_size(x, kernel, steps, pads, output_size, fn)
    batch, channels = x.shape[0], x.shape[1]
    flat = 1
    for s in sizes:
        flat *= s
    if _eager() and indices.size and (int(indices.min().item()) < 0
                                      or int(indices.max().item()) >= flat):
        raise ValueError(f"[{fn}] indices must be in [0, {flat}) for the output size {sizes}, "
                         f"got [{int(indices.min().item())}, {int(indices.max().item())}]")
    empty = zeros([batch, channels, flat], x.dtype)
    index = reshape(indices, [batch, channels, -1])
    values = reshape(x, [batch, channels, -1])
    # Overlapping windows can hold one position twice (the same value). The
    # output writes it once; its gradient reaches every copy, as PaddlePaddle's
    # unpool gradient gathers: an 'add' scatter (gradient: gather) minus a
    # constant that takes the extra copies away again.
    added = _put_along_axis(empty, index, values, 2, "add", True)
    constant = values * 1.0
    constant.stop_gradient = True
    extra = (_put_along_axis(empty, index, constant, 2, "add", True)
             - _put_along_axis(empty, index, constant, 2, "assign", True))
    extra.stop_gradient = True
    return reshape(added - extra, [batch, channels] + sizes)


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, data_format="NCL",
                 output_size=None, name=None):
    """The inverse of max_pool1d with return_mask: each value of x written at
    its recorded position of an output of length (L - 1) * stride + kernel -
    2 * padding (or output_size), zeros elsewhere.

    Args:
        x (Tensor): the pooled values, [N, C, L].
        indices (Tensor): the flat output positions (the max pooling's mask), of x's shape.
        kernel_size (int|list): the pooling window.
        stride (int|list): the pooling step, or None for kernel_size. Default None.
        padding (int|list): the pooling padding. Default 0.
        data_format (str): "NCL". Default "NCL".
        output_size (list|tuple): the output's length (or its full shape), within a stride
            of the default, or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, C, L_out].

    Example:
        >>> x = paddle.to_tensor([[[1.0, 3.0, 2.0, 0.0]]])
        >>> pooled, mask = paddle.nn.functional.max_pool1d(x, 2, return_mask=True)
        >>> paddle.nn.functional.max_unpool1d(pooled, mask, 2).numpy()
        array([[[0., 3., 2., 0.]]], dtype=float32)
    """
    return _unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 1,
                   "NCL", "max_unpool1d")


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, data_format="NCHW",
                 output_size=None, name=None):
    """The inverse of max_pool2d with return_mask: each value of x written at
    its recorded position of an output of (H - 1) * stride + kernel - 2 *
    padding (or output_size) per side, zeros elsewhere.

    Args:
        x (Tensor): the pooled values, [N, C, H, W].
        indices (Tensor): the flat output positions (the max pooling's mask), of x's shape.
        kernel_size (int|list): the pooling window.
        stride (int|list): the pooling step, or None for kernel_size. Default None.
        padding (int|list): the pooling padding. Default 0.
        data_format (str): "NCHW". Default "NCHW".
        output_size (list|tuple): the output's [H, W] (or its full shape), within a stride
            of the default, or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, C, H_out, W_out].

    Example:
        >>> x = paddle.to_tensor([[[[1.0, 2.0], [4.0, 3.0]]]])
        >>> pooled, mask = paddle.nn.functional.max_pool2d(x, 2, return_mask=True)
        >>> paddle.nn.functional.max_unpool2d(pooled, mask, 2).numpy()
        array([[[[0., 0.],
                 [4., 0.]]]], dtype=float32)
    """
    return _unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 2,
                   "NCHW", "max_unpool2d")


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, data_format="NCDHW",
                 output_size=None, name=None):
    """The inverse of max_pool3d with return_mask: each value of x written at
    its recorded position of an output of (D - 1) * stride + kernel - 2 *
    padding (or output_size) per side, zeros elsewhere.

    Args:
        x (Tensor): the pooled values, [N, C, D, H, W].
        indices (Tensor): the flat output positions (the max pooling's mask), of x's shape.
        kernel_size (int|list): the pooling window.
        stride (int|list): the pooling step, or None for kernel_size. Default None.
        padding (int|list): the pooling padding. Default 0.
        data_format (str): "NCDHW". Default "NCDHW".
        output_size (list|tuple): the output's [D, H, W] (or its full shape), within a
            stride of the default, or None. Default None.
        name (str): unused, as in PaddlePaddle.

    Returns:
        Tensor: [N, C, D_out, H_out, W_out].

    Example:
        >>> x = paddle.arange(8, dtype="float32").reshape([1, 1, 2, 2, 2])
        >>> pooled, mask = paddle.nn.functional.max_pool3d(x, 2, return_mask=True)
        >>> paddle.nn.functional.max_unpool3d(pooled, mask, 2).numpy().ravel()
        array([0., 0., 0., 0., 0., 0., 0., 7.], dtype=float32)
    """
    return _unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 3,
                   "NCDHW", "max_unpool3d")
