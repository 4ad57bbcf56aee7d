"""paddle.base.data_feeder: the argument check of shapes that static-graph layers use
(``paddle.check_shape``)."""
import numbers

__all__ = ["check_shape"]


def check_shape(shape, op_name, expected_shape_type=None, expected_element_type=None,
                expected_tensor_dtype=("int32", "int64")):
    """Checks a shape argument of ``op_name`` while a static program is built (in dynamic
    mode it checks nothing, as PaddlePaddle 3.3.1): a list or tuple of ints or int
    Variables, or an int Variable.

    Args:
        shape (list|tuple|Variable): the shape to check.
        op_name (str): the API named in the error.
        expected_shape_type (type|tuple, optional): the accepted containers. Default: None
            (list, tuple, Variable).
        expected_element_type (type|tuple, optional): the accepted entries. Default: None
            (int, Variable).
        expected_tensor_dtype (tuple, optional): the accepted dtypes of Variables.
            Default: ('int32', 'int64').

    Returns:
        None.

    Example:
        >>> paddle.enable_static()
        >>> paddle.check_shape([2, 3], "fill_constant")
        >>> paddle.disable_static()
    """
    from ..static.mode import in_dynamic_mode
    from ..static.program import Variable

    if in_dynamic_mode():
        return
    shape_types = expected_shape_type or (list, tuple, Variable)
    element_types = expected_element_type or (numbers.Integral, Variable)
    if not isinstance(shape, shape_types):
        raise TypeError(f"The type of 'shape' in {op_name} must be {shape_types}, but received "
                        f"{type(shape)}.")
    items = [] if isinstance(shape, Variable) else list(shape)
    for item in items:
        if not isinstance(item, element_types) or isinstance(item, bool):
            raise TypeError(f"The type of 'element of shape' in {op_name} must be "
                            f"{element_types}, but received {type(item)}.")
    for item in items + ([shape] if isinstance(shape, Variable) else []):
        if isinstance(item, Variable) and expected_tensor_dtype is not None:
            dtype = getattr(item.dtype, "name", str(item.dtype))
            if dtype not in expected_tensor_dtype:
                raise TypeError(f"The data type of 'shape' in {op_name} must be "
                                f"{list(expected_tensor_dtype)}, but received {dtype}.")
