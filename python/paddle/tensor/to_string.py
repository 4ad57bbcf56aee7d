"""How tensors print: the options set_printoptions changes (PaddlePaddle's
defaults: 8 digits, summaries past 1000 elements with 3 at each edge, 80
characters a line, no scientific notation) and the text of a tensor's values."""
import numbers

import numpy as np

__all__ = ["set_printoptions"]

_OPTIONS = {"precision": 8, "threshold": 1000, "edgeitems": 3, "sci_mode": False,
            "linewidth": 80}


def set_printoptions(precision=None, threshold=None, edgeitems=None, sci_mode=None,
                     linewidth=None):
    """Sets how tensors print from now on; an option left None keeps its value.

    Args:
        precision (int, optional): digits after the point of float values (default 8).
        threshold (int, optional): past this many elements, only the edges print (default 1000).
        edgeitems (int, optional): the elements printed at each edge of a summarised dim
            (default 3).
        sci_mode (bool, optional): whether floats print in scientific notation (default False).
        linewidth (int, optional): the characters of a line (default 80).

    Returns:
        None.

    Example:
        >>> paddle.set_printoptions(precision=2, sci_mode=True)
        >>> paddle.to_tensor([1.0, 250.0])
        Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
               [1.00e+00, 2.50e+02])
        >>> paddle.set_printoptions(precision=8, sci_mode=False)
    """
    given = {"precision": precision, "threshold": threshold, "edgeitems": edgeitems,
             "linewidth": linewidth}
    for key, value in given.items():
        if value is not None and (not isinstance(value, numbers.Integral)
                                  or isinstance(value, bool) or value < 0):
            raise TypeError(f"[set_printoptions] {key} must be a non-negative int, got {value!r}")
    if sci_mode is not None and not isinstance(sci_mode, bool):
        raise TypeError(f"[set_printoptions] sci_mode must be a bool, got {sci_mode!r}")
    given["sci_mode"] = sci_mode
    _OPTIONS.update({k: v for k, v in given.items() if v is not None})


def values_text(arr, prefix):
    """The values of a numpy array as Tensor.__repr__ shows them."""
    if arr.dtype == np.bool_:
        formatter = {"bool": lambda v: "True " if v else "False"}
    elif np.iscomplexobj(arr):  # PaddlePaddle's (re+imj), each part at the full precision
        digits, kind = _OPTIONS["precision"], "e" if _OPTIONS["sci_mode"] else "f"
        formatter = {"complex_kind": lambda v: f"({v.real:.{digits}{kind}}{v.imag:+.{digits}{kind}}j)"}
    elif _OPTIONS["sci_mode"]:
        digits = _OPTIONS["precision"]
        formatter = {"float_kind": lambda v: f"{v:.{digits}e}"}
    else:
        formatter = None
    return np.array2string(arr, separator=", ", prefix=prefix, formatter=formatter,
                           precision=_OPTIONS["precision"], threshold=_OPTIONS["threshold"],
                           edgeitems=_OPTIONS["edgeitems"], max_line_width=_OPTIONS["linewidth"])
