"""The in-place functions PaddlePaddle has at the top level for the math of
math_extra.py and cumulative.py (``paddle.acos_(x)``, ...): each runs the
Tensor method of the same name, which replaces x's data (more_methods.py)."""
from ._helpers import Tensor, check_tensor

# name -> the call its example makes and what that prints.
_EXAMPLES = {
    "acos_": ("paddle.to_tensor([1.0])", "", "array([0.], dtype=float32)"),
    "acosh_": ("paddle.to_tensor([1.0])", "", "array([0.], dtype=float32)"),
    "asin_": ("paddle.to_tensor([0.0])", "", "array([0.], dtype=float32)"),
    "asinh_": ("paddle.to_tensor([0.0])", "", "array([0.], dtype=float32)"),
    "atan_": ("paddle.to_tensor([0.0])", "", "array([0.], dtype=float32)"),
    "atanh_": ("paddle.to_tensor([0.0])", "", "array([0.], dtype=float32)"),
    "cosh_": ("paddle.to_tensor([0.0])", "", "array([1.], dtype=float32)"),
    "sinh_": ("paddle.to_tensor([0.0])", "", "array([0.], dtype=float32)"),
    "tan_": ("paddle.to_tensor([0.0])", "", "array([0.], dtype=float32)"),
    "log2_": ("paddle.to_tensor([8.0])", "", "array([3.], dtype=float32)"),
    "log10_": ("paddle.to_tensor([100.0])", "", "array([2.], dtype=float32)"),
    "trunc_": ("paddle.to_tensor([-1.5])", "", "array([-1.], dtype=float32)"),
    "frac_": ("paddle.to_tensor([-1.5])", "", "array([-0.5], dtype=float32)"),
    "lgamma_": ("paddle.to_tensor([3.0])", "", "array([0.6931472], dtype=float32)"),
    "digamma_": ("paddle.to_tensor([1.0])", "", "array([-0.5772157], dtype=float32)"),
    "logit_": ("paddle.to_tensor([0.5])", "", "array([0.], dtype=float32)"),
    "sinc_": ("paddle.to_tensor([0.0])", "", "array([1.], dtype=float32)"),
    "i0_": ("paddle.to_tensor([0.0])", "", "array([1.], dtype=float32)"),
    "nan_to_num_": ("paddle.to_tensor([float('nan')])", "", "array([0.], dtype=float32)"),
    "cumprod_": ("paddle.to_tensor([2.0, 3.0])", ", 0", "array([2., 6.], dtype=float32)"),
    "hypot_": ("paddle.to_tensor([3.0])", ", paddle.to_tensor([4.0])",
               "array([5.], dtype=float32)"),
    "copysign_": ("paddle.to_tensor([3.0])", ", paddle.to_tensor([-1.0])",
                  "array([-3.], dtype=float32)"),
    "ldexp_": ("paddle.to_tensor([3.0])", ", paddle.to_tensor([2])",
               "array([12.], dtype=float32)"),
    "gcd_": ("paddle.to_tensor([12])", ", paddle.to_tensor([8])", "array([4])"),
    "lcm_": ("paddle.to_tensor([4])", ", paddle.to_tensor([6])", "array([12])"),
    "floor_mod_": ("paddle.to_tensor([7])", ", paddle.to_tensor([-3])", "array([-2])"),
    "bitwise_and_": ("paddle.to_tensor([12])", ", paddle.to_tensor([10])", "array([8])"),
    "bitwise_or_": ("paddle.to_tensor([12])", ", paddle.to_tensor([10])", "array([14])"),
    "bitwise_xor_": ("paddle.to_tensor([12])", ", paddle.to_tensor([10])", "array([6])"),
    "bitwise_not_": ("paddle.to_tensor([5])", "", "array([-6])"),
    "bitwise_invert_": ("paddle.to_tensor([5])", "", "array([-6])"),
    "bitwise_left_shift_": ("paddle.to_tensor([3])", ", paddle.to_tensor([2])", "array([12])"),
    "bitwise_right_shift_": ("paddle.to_tensor([12])", ", paddle.to_tensor([2])", "array([3])"),
}

__all__ = sorted(_EXAMPLES)


def _inplace_function(name, example):
    def fn(x, *args, **kwargs):
        check_tensor(x, "x", name)
        return getattr(Tensor, name)(x, *args, **kwargs)
    data, more, result = example
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"In-place {name[:-1]}: x's data is replaced by the result, and x returned.\n\n"
                  f"    Example:\n        >>> x = {data}\n"
                  f"        >>> paddle.{name}(x{more}) is x\n        True\n"
                  f"        >>> x.numpy()\n        {result}\n")
    return fn


globals().update({name: _inplace_function(name, ex) for name, ex in _EXAMPLES.items()})
