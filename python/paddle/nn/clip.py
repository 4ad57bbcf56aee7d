"""Gradient clipping, given to an optimizer's ``grad_clip``: the optimizer calls
the clip with its ``[(param, grad), ...]`` before weight decay and the update.
A parameter whose ``need_clip`` attribute is False passes through unclipped."""
from ..autograd import no_grad
from ..tensor import creation, manipulation, math
from ..tensor._helpers import check_tensor, op

__all__ = []

_clip = op("clip", ["X"], ["min", "max"])
_clip_by_norm = op("clip_by_norm", ["X"], ["max_norm"])
_squared_l2_norm = op("squared_l2_norm", ["X"])


def clip_by_norm(x, max_norm, name=None):
    """``x`` scaled by ``max_norm / ||x||_2`` when its L2 norm exceeds ``max_norm``, else ``x``.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([3.0, 4.0])
            >>> paddle.nn.clip.clip_by_norm(x, max_norm=1.0).numpy()
            array([0.6, 0.8], dtype=float32)
    """
    check_tensor(x, "x", "clip_by_norm")
    return _clip_by_norm(x, float(max_norm))


def _wants_clip(param):
    return getattr(param, "need_clip", True) is not False


class ClipGradBase:
    """The base of the gradient clips: ``clip(params_grads)`` returns the
    ``[(param, clipped_grad), ...]`` the optimizer updates with."""

    def __str__(self):
        raise NotImplementedError

    def _dygraph_clip(self, params_grads):
        raise NotImplementedError

    def __call__(self, params_grads):
        with no_grad():
            return self._dygraph_clip(params_grads)


class ClipGradByValue(ClipGradBase):
    """Clips every gradient element into ``[min, max]``.

    Args:
        max (float): the upper bound.
        min (float, optional): the lower bound; ``-max`` when None (then max must be > 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.0, -3.0], stop_gradient=False)
            >>> (w * w).sum().backward()          # grad [2, -6]
            >>> clip = paddle.nn.ClipGradByValue(max=1.0)
            >>> opt = paddle.optimizer.SGD(1.0, parameters=[w], grad_clip=clip)
            >>> opt.step()
            >>> w.numpy()
            array([ 0., -2.], dtype=float32)
    """

    def __init__(self, max, min=None):  # noqa: A002 (PaddlePaddle's argument names)
        super().__init__()
        if min is None:
            if not max > 0.0:
                raise ValueError(f"[ClipGradByValue] max must be > 0 when min is None, got {max}")
            min = -max  # noqa: A001
        self.max = float(max)
        self.min = float(min)

    def __str__(self):
        return f"Clip Gradient By Value, min = {self.min:f}, max={self.max:f}"

    def _dygraph_clip(self, params_grads):
        out = []
        for p, g in params_grads:
            if g is None:
                continue
            out.append((p, _clip(g, self.min, self.max) if _wants_clip(p) else g))
        return out


class ClipGradByNorm(ClipGradBase):
    """Scales each gradient on its own so its L2 norm is at most ``clip_norm``.

    Args:
        clip_norm (float): the largest L2 norm a gradient keeps.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.to_tensor([1.5, 2.0], stop_gradient=False)
            >>> (w * w).sum().backward()          # grad [3, 4], norm 5
            >>> clip = paddle.nn.ClipGradByNorm(clip_norm=1.0)
            >>> opt = paddle.optimizer.SGD(1.0, parameters=[w], grad_clip=clip)
            >>> opt.step()
            >>> w.numpy()
            array([0.9, 1.2], dtype=float32)
    """

    def __init__(self, clip_norm):
        super().__init__()
        self.clip_norm = float(clip_norm)

    def __str__(self):
        return f"Gradient Clip By Norm, clip_norm={self.clip_norm:f}"

    def _dygraph_clip(self, params_grads):
        out = []
        for p, g in params_grads:
            if g is None:
                continue
            out.append((p, _clip_by_norm(g, self.clip_norm) if _wants_clip(p) else g))
        return out


class ClipGradByGlobalNorm(ClipGradBase):
    """Scales all gradients together by ``clip_norm / max(global_norm, clip_norm)``,
    where global_norm is the L2 norm of all of them concatenated. As in
    PaddlePaddle, the gradients are scaled in place (``param.grad`` changes).

    Args:
        clip_norm (float): the largest global norm kept.
        group_name (str, optional): a name for the group of clipped gradients.
        auto_skip_clip (bool, optional): scale only when global_norm > clip_norm
            (the result is the same; the multiply is skipped).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a = paddle.to_tensor([1.5], stop_gradient=False)
            >>> b = paddle.to_tensor([2.0], stop_gradient=False)
            >>> (a * a + b * b).sum().backward()  # grads 3 and 4, global norm 5
            >>> clip = paddle.nn.ClipGradByGlobalNorm(clip_norm=1.0)
            >>> opt = paddle.optimizer.SGD(1.0, parameters=[a, b], grad_clip=clip)
            >>> opt.step()
            >>> a.grad.item(), b.grad.item()
            (0.6000000238418579, 0.800000011920929)
    """

    def __init__(self, clip_norm, group_name="default_group", auto_skip_clip=False):
        super().__init__()
        if not isinstance(auto_skip_clip, bool):
            raise TypeError(f"[ClipGradByGlobalNorm] auto_skip_clip must be a bool, "
                            f"got {type(auto_skip_clip).__name__}")
        self.clip_norm = float(clip_norm)
        self.group_name = group_name
        self.auto_skip_clip = auto_skip_clip

    def __str__(self):
        return f"Gradient Clip By GlobalNorm, global_norm={self.clip_norm:f}"

    def _global_norm(self, params_grads):
        """sqrt of the summed squares, in float64 when any gradient is float64;
        None when no gradient is clipped."""
        by_dtype = {"float32": [], "float64": []}
        for p, g in params_grads:
            if g is not None and _wants_clip(p):
                s = _squared_l2_norm(g)
                by_dtype[s.dtype.name].append(s)
        if not (by_dtype["float32"] or by_dtype["float64"]):
            return None
        sum_dtype = "float64" if by_dtype["float64"] else "float32"
        parts = [manipulation.cast(math.sum(manipulation.stack(v)), sum_dtype)
                 for v in by_dtype.values() if v]
        return math.sqrt(math.sum(manipulation.stack(parts))), sum_dtype

    def _dygraph_clip(self, params_grads):
        norm = self._global_norm(params_grads)
        if norm is None:
            return params_grads
        global_norm, sum_dtype = norm
        max_norm = creation.full([1], self.clip_norm, dtype=sum_dtype)
        if not self.auto_skip_clip:
            scale = math.divide(max_norm, math.maximum(global_norm, max_norm))
        elif global_norm.item() > max_norm.item():
            scale = math.divide(max_norm, global_norm)
        else:
            scale = None
        out = []
        for p, g in params_grads:
            if g is None:
                continue
            if scale is not None and _wants_clip(p):
                factor = scale if scale.dtype == g.dtype else manipulation.cast(scale, g.dtype)
                g = _scale_grad(g, factor)
            out.append((p, g))
        return out


def _scale_grad(g, factor):
    """g * factor, written into g itself (as PaddlePaddle's in-place multiply_)
    unless g is 0-D."""
    scaled = math.multiply(g, factor)
    if g.ndim == 0:
        return scaled
    keep = g.stop_gradient
    g._assign_from(scaled)
    g.stop_gradient = keep
    return g


# PaddlePaddle's older names for the same classes.
GradientClipBase = ClipGradBase
GradientClipByValue = ClipGradByValue
GradientClipByNorm = ClipGradByNorm
GradientClipByGlobalNorm = ClipGradByGlobalNorm
