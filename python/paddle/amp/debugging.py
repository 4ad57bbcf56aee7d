"""paddle.amp.debugging: numerical checks for mixed-precision debugging.
check_numerics counts the NaNs, infs and zeros of a tensor and reports its
max, min and mean, printing and (by default) raising as PaddlePaddle 3.3.1
does. Its op-level checkers (enable_tensor_checker, operator statistics,
compare_accuracy) are not in this build."""
from enum import Enum

import numpy as np

__all__ = ["DebugMode", "check_numerics"]

_DTYPE_NAMES = {"float32": "fp32", "float64": "fp64", "float16": "fp16", "bfloat16": "bf16"}
_FP16_MAX = 65504.0


class DebugMode(Enum):
    """What check_numerics does: CHECK_NAN_INF_AND_ABORT (print and raise on NaN or inf),
    CHECK_NAN_INF (print them), CHECK_ALL_FOR_OVERFLOW (print them and values beyond the float16
    range), CHECK_ALL (print every tensor's statistics).

    Example:
        >>> paddle.amp.debugging.DebugMode.CHECK_ALL.value
        3
    """

    CHECK_NAN_INF_AND_ABORT = 0
    CHECK_NAN_INF = 1
    CHECK_ALL_FOR_OVERFLOW = 2
    CHECK_ALL = 3


def _number(v):
    return f"{v:e}" if np.isfinite(v) else ("nan" if np.isnan(v) else ("inf" if v > 0 else "-inf"))


def check_numerics(tensor, op_type, var_name, debug_mode=DebugMode.CHECK_NAN_INF_AND_ABORT):
    """Counts the NaNs, infs and zeros of a floating-point tensor and computes its max, min
    (ignoring NaNs) and mean; prints a ``[PRECISION]`` line and, in the default mode, raises
    when it holds a NaN or inf.

    Args:
        tensor (Tensor): The float16/bfloat16/float32/float64 tensor to check.
        op_type (str): The op that produced it (printed).
        var_name (str): Its name (printed).
        debug_mode (DebugMode, optional): What to print or raise. Default
            DebugMode.CHECK_NAN_INF_AND_ABORT.

    Returns:
        tuple: ``(stats, values)``: int64 [num_nan, num_inf, num_zero] and float32
        [max, min, mean].

    Example:
        >>> stats, values = paddle.amp.debugging.check_numerics(
        ...     paddle.to_tensor([1.0, 0.0, 2.0]), "my_op", "x")
        >>> stats.numpy().tolist(), values.numpy().tolist()
        ([0, 0, 1], [2.0, 0.0, 1.0])
    """
    import paddle
    if not isinstance(tensor, paddle.Tensor):
        raise TypeError(f"[check_numerics] tensor must be a paddle.Tensor, got "
                        f"{type(tensor).__name__}")
    dtype = tensor.dtype.name if hasattr(tensor.dtype, "name") else str(tensor.dtype)
    dtype = dtype.replace("paddle.", "")
    if dtype not in _DTYPE_NAMES:
        raise TypeError(f"[check_numerics] tensor must be float16, bfloat16, float32 or float64, "
                        f"got {dtype}")
    if not isinstance(debug_mode, DebugMode):
        raise TypeError(f"[check_numerics] debug_mode must be a DebugMode, got {debug_mode!r}")
    x = tensor.astype("float32").numpy().astype("float64").ravel() if dtype != "float64" \
        else tensor.numpy().ravel()
    num_nan, num_inf = int(np.isnan(x).sum()), int(np.isinf(x).sum())
    num_zero = int((x == 0).sum())
    finite_or_inf = x[~np.isnan(x)]
    top = float(finite_or_inf.max()) if finite_or_inf.size else float("nan")
    bottom = float(finite_or_inf.min()) if finite_or_inf.size else float("nan")
    mean = float(x.mean()) if x.size else float("nan")
    where = f"[device=cpu, op={op_type}, tensor={var_name}, dtype={_DTYPE_NAMES[dtype]}]"
    bad = num_nan + num_inf > 0
    overflow = bool((np.abs(x[np.isfinite(x)]) > _FP16_MAX).any())
    if bad:
        print(f"[PRECISION] [ERROR] in {where}, numel={x.size}, num_nan={num_nan}, "
              f"num_inf={num_inf}, num_zero={num_zero}, max={_number(top)}, "
              f"min={_number(bottom)}, mean={_number(mean)}")
        if debug_mode is DebugMode.CHECK_NAN_INF_AND_ABORT:
            raise RuntimeError(f"(PreconditionNotMet) There are NAN or INF (num_nan={num_nan}, "
                               f"num_inf={num_inf}, num_zero={num_zero}) in {where}.")
    elif debug_mode is DebugMode.CHECK_ALL or \
            (debug_mode is DebugMode.CHECK_ALL_FOR_OVERFLOW and overflow):
        print(f"[PRECISION] in {where}, numel={x.size}, num_zero={num_zero}, max={_number(top)}, "
              f"min={_number(bottom)}, mean={_number(mean)}")
    stats = paddle.to_tensor(np.array([num_nan, num_inf, num_zero], dtype="int64"))
    values = paddle.to_tensor(np.array([top, bottom, mean], dtype="float32"))
    return stats, values
