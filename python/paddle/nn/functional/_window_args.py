"""The size, stride and padding arguments that convolution and pooling share,
normalized to the lists their ops take."""
import numbers

import numpy as np


def _is_int(v):
    return isinstance(v, (numbers.Integral, np.integer)) and not isinstance(v, bool)


def int_tuple(value, n, what, fn):
    """An int or a list/tuple of n ints as a list of n ints."""
    if _is_int(value):
        return [int(value)] * n
    if isinstance(value, (list, tuple)) and len(value) == n and all(_is_int(v) for v in value):
        return [int(v) for v in value]
    raise ValueError(f"[{fn}] {what} must be an int or a list/tuple of {n} ints, got {value!r}")


def positive(values, what, fn):
    for v in values:
        if v <= 0:
            raise ValueError(f"[{fn}] {what} must be positive, got {values}")
    return values


def padding(value, n, channel_last, fn):
    """(padding_algorithm, paddings) for an op over n spatial dims: paddings
    is n values (symmetric) or 2n values [before_0, after_0, before_1, ...]."""
    if isinstance(value, str):
        algo = value.upper()
        if algo not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{value}'. It can only be 'SAME' or 'VALID'.")
        return algo, [0] * n
    if _is_int(value):
        if value < 0:
            raise ValueError(f"[{fn}] padding must not be negative, got {value}")
        return "EXPLICIT", [int(value)] * n
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"[{fn}] padding must be an int, a str or a list, got {type(value).__name__}")
    value = list(value)
    if len(value) == n + 2 and all(isinstance(v, (list, tuple)) for v in value):
        # One (before, after) pair per dim, batch and channel included (those must be 0).
        non_spatial = [value[0], value[-1]] if channel_last else value[:2]
        if any(list(p) != [0, 0] for p in non_spatial):
            raise ValueError(f"[{fn}] non-zero padding {value} in the batch or channel dimension")
        spatial = value[1:-1] if channel_last else value[2:]
        value = [int(v) for pair in spatial for v in pair]
    if len(value) not in (n, 2 * n) or not all(_is_int(v) for v in value):
        raise ValueError(f"[{fn}] padding must be an int, {n} ints, {2 * n} ints or "
                         f"{n + 2} pairs, got {value!r}")
    if any(v < 0 for v in value):
        raise ValueError(f"[{fn}] padding must not be negative, got {value}")
    return "EXPLICIT", [int(v) for v in value]


def data_format(value, allowed, fn):
    if value not in allowed:
        raise ValueError(f"[{fn}] data_format must be one of {list(allowed)}, got {value!r}")
    return value
