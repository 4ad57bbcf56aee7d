"""More ``paddle.Tensor`` methods of PaddlePaddle 3.3.1: the tensor functions added with
them (``unfold``, ``as_strided``, ``softmax``, the random fills, ...) and small methods and
properties of their own (``apply``, ``device``, ``grad_fn``, ``is_same_shape``, ...).
Installed on import."""
# Plumbing of paddle.Tensor, not API: nothing here is public (the spec and the docs skip it).
__all__ = []

from .. import signal as _signal
from ..base.framework import create_parameter
from . import (
    array, complex_numbers, inplace, layout, manipulation, manipulation_more, more_functions,
    random_extra, sampling,
)
from ._helpers import Tensor, check_tensor


class GradNode:
    """The backward node that made a tensor (``Tensor.grad_fn``)."""

    def __init__(self, name):
        self._name = name

    def name(self):
        """The node's name (the op whose gradient it computes, then ``_grad_node``)."""
        return self._name

    def __repr__(self):
        return f"<GradNode {self._name}>"


def _apply(self, func):
    """``func(self)``, run outside the graph (the tensor must not require a gradient).

    Args:
        func (callable): takes the tensor and returns a Tensor.

    Returns:
        Tensor: what func returned.
    """
    if not callable(func):
        raise TypeError(f"[apply] func must be callable, got {type(func).__name__}")
    if not self.stop_gradient:
        raise RuntimeError("Cannot apply function on a tensor that required gradient.")
    from ..autograd import no_grad

    with no_grad():
        out = func(self)
    check_tensor(out, "the result of func", "apply")
    return out


def _apply_(self, func):
    """Replaces the tensor's data with ``func(self)``, outside the graph, and returns it.

    Args:
        func (callable): takes the tensor and returns a Tensor.

    Returns:
        Tensor: this tensor.
    """
    self._assign_from(_apply(self, func))
    return self


def _repeat(self, *repeats):
    """The tensor repeated along each dim (``paddle.tensor.repeat``): ``x.repeat(2, 1)`` or
    ``x.repeat([2, 1])``.

    Args:
        *repeats (int|list|tuple|Tensor): the repeat count per dim.

    Returns:
        Tensor: the repeated tensor.
    """
    if len(repeats) == 1 and not isinstance(repeats[0], int):
        repeats = repeats[0]
    return manipulation_more.repeat(self, list(repeats) if isinstance(repeats, tuple) else
                                    repeats)


def _is_same_shape(self, y):
    """Whether ``y`` has this tensor's shape.

    Args:
        y (Tensor): the other tensor.

    Returns:
        bool: True when the shapes are equal.
    """
    check_tensor(y, "y", "is_same_shape")
    return list(self.shape) == list(y.shape)


def _dense_dim(self):
    """The number of dense dims: all of them (every tensor here is dense).

    Returns:
        int: the tensor's rank.
    """
    return self.ndim


def _sparse_dim(self):
    """The number of sparse dims: 0 (every tensor here is dense).

    Returns:
        int: 0.
    """
    return 0


def _get_selected_rows(self):
    """The SelectedRows the tensor holds: None (every tensor here is dense).

    Returns:
        None.
    """
    return None


def _get_tensor(self):
    """The dense tensor holding the data: the tensor itself here (3.3.1 gives its
    DenseTensor).

    Returns:
        Tensor: this tensor.
    """
    return self


def _grad_fn(self):
    name = self._grad_node_name
    return None if name is None else GradNode(name)


_METHODS = {
    "apply": _apply, "apply_": _apply_, "repeat": _repeat, "is_same_shape": _is_same_shape,
    "cfloat": lambda self: manipulation.cast(self, "complex64"),
    "cdouble": lambda self: manipulation.cast(self, "complex128"),
    "value": lambda self: self,
    "is_dense": lambda self: True,
    # Every tensor here is dense, local and not SelectedRows.
    "is_sparse": lambda self: False, "is_sparse_coo": lambda self: False,
    "is_sparse_csr": lambda self: False, "is_selected_rows": lambda self: False,
    "is_dist": lambda self: False,
    "get_device": lambda self: -1,
    "create_parameter": staticmethod(create_parameter),
    "create_tensor": staticmethod(array.create_tensor),
    "device": property(lambda self: "cpu", doc="The device the data is on: 'cpu'."),
    "is_cuda": property(lambda self: False, doc="Whether the data is on a GPU: False."),
    "layout": property(lambda self: "NCHW", doc="The data layout, as 3.3.1 reports it."),
    "offset": property(lambda self: 0, doc="The element offset of the data in its storage."),
    "type": property(lambda self: "VarType.DENSE_TENSOR", doc="The kind of tensor."),
    "grad_fn": property(_grad_fn, doc="The backward node that made the tensor, or None."),
    "dense_dim": _dense_dim, "sparse_dim": _sparse_dim,
    "get_selected_rows": _get_selected_rows, "get_tensor": _get_tensor,
    "grad_": property(lambda self: self.grad, doc="The gradient (as ``grad``)."),
    # a tensor of one process: no distributed attributes
    "num_shard": property(lambda self: None, doc="The shards of a distributed tensor: None."),
    "placements": property(lambda self: None,
                           doc="The placements of a distributed tensor: None."),
    "process_mesh": property(lambda self: None,
                             doc="The process mesh of a distributed tensor: None."),
}

_FUNCTIONS = {
    "as_strided": manipulation_more.as_strided, "unfold": manipulation_more.unfold,
    "shard_index": manipulation_more.shard_index,
    "split_with_sizes": manipulation_more.split_with_sizes,
    "fill_diagonal_": manipulation_more.fill_diagonal_,
    "fill_diagonal_tensor": manipulation_more.fill_diagonal_tensor,
    "fill_diagonal_tensor_": manipulation_more.fill_diagonal_tensor_,
    "resize_": manipulation_more.resize_, "set_": manipulation_more.set_,
    "softmax": more_functions.softmax, "histogramdd": more_functions.histogramdd,
    "cauchy_": random_extra.cauchy_, "geometric_": random_extra.geometric_,
    "log_normal_": random_extra.log_normal_, "exponential_": random_extra.exponential_,
    "random_": random_extra.random_,
    "broadcast_shape": layout.broadcast_shape, "broadcast_tensors": layout.broadcast_tensors,
    "concat": manipulation.concat, "stack": manipulation.stack,
    "polar": complex_numbers.polar, "view_as_complex": complex_numbers.view_as_complex,
    "view_as_real": complex_numbers.view_as_real,
    "stft": _signal.stft, "istft": _signal.istft,
    "top_p_sampling": sampling.top_p_sampling,
}


def install():
    import paddle.tensor as tensor_module

    for name, fn in _METHODS.items():
        setattr(Tensor, name, fn)
    for name, fn in {**_FUNCTIONS, **inplace.TENSOR_ONLY}.items():
        setattr(Tensor, name, fn)
    # paddle.tensor.stft/istft, as 3.3.1: paddle.signal loads after paddle.tensor.
    tensor_module.stft, tensor_module.istft = _signal.stft, _signal.istft


install()
