"""Helpers shared by the MobileNet models."""


def _make_divisible(v, divisor=8, min_value=None):
    """v rounded to the nearest multiple of divisor, never below min_value nor
    more than 10% below v."""
    min_value = divisor if min_value is None else min_value
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    return new_v + divisor if new_v < 0.9 * v else new_v
