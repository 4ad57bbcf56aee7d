"""paddle.ParamAttr: how a layer makes one of its parameters (name,
initializer, learning rate, regularizer, trainable, gradient clipping)."""
import numbers

__all__ = []  # public as paddle.ParamAttr, as in PaddlePaddle


class ParamAttr:
    """The attributes of a parameter a layer creates.

    Args:
        name (str, optional): the parameter's name (unique by default).
        initializer (Initializer, optional): how its values are set; the layer's
            default when None.
        learning_rate (float): scales the global learning rate for this parameter.
        regularizer (optional): weight decay for this parameter.
        trainable (bool): False freezes it (stop_gradient=True).
        do_model_average (bool): whether model averaging includes it.
        need_clip (bool): whether gradient clipping applies to it.

    Example:
        >>> attr = paddle.ParamAttr(name="fc_w", learning_rate=0.5,
        ...                         initializer=paddle.nn.initializer.Constant(1.0))
        >>> linear = paddle.nn.Linear(2, 3, weight_attr=attr)
        >>> linear.weight.name
        'fc_w'
    """

    def __init__(self, name=None, initializer=None, learning_rate=1.0, regularizer=None,
                 trainable=True, do_model_average=True, need_clip=True):
        from ..nn.initializer import Initializer

        if name is not None and not isinstance(name, str):
            raise TypeError(f"[ParamAttr] name must be a str, got {type(name).__name__}")
        if initializer is not None and not isinstance(initializer, Initializer):
            raise TypeError("[ParamAttr] initializer must be a paddle.nn.initializer.Initializer, "
                            f"got {type(initializer).__name__}")
        if not isinstance(learning_rate, numbers.Real) or isinstance(learning_rate, bool):
            raise TypeError("[ParamAttr] learning_rate must be a float, got "
                            f"{type(learning_rate).__name__}")
        if not isinstance(trainable, bool):
            raise TypeError(f"[ParamAttr] trainable must be a bool, got {type(trainable).__name__}")
        self.name = name
        self.initializer = initializer
        self.learning_rate = learning_rate
        self.regularizer = regularizer
        self.trainable = trainable
        self.do_model_average = do_model_average
        self.need_clip = need_clip

    @staticmethod
    def _to_attr(arg):
        """A ParamAttr from what users pass as weight_attr/bias_attr: None (the
        defaults), a ParamAttr, a name, an Initializer, or a bool (False: no
        parameter, returned as False)."""
        from ..nn.initializer import Initializer

        if arg is None:
            return ParamAttr()
        if isinstance(arg, (list, tuple)):
            return [ParamAttr._to_attr(a) for a in arg]
        if isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, Initializer):
            return ParamAttr(initializer=arg)
        if isinstance(arg, bool):
            return ParamAttr() if arg else False
        raise TypeError(f"{type(arg)} cast to ParamAttr")

    def _to_kwargs(self, with_initializer=False):
        kwargs = {
            "name": self.name,
            "optimize_attr": {"learning_rate": self.learning_rate},
            "regularizer": self.regularizer,
            "trainable": self.trainable,
            "do_model_average": self.do_model_average,
            "need_clip": self.need_clip,
        }
        if with_initializer:
            kwargs["initializer"] = self.initializer
        return kwargs
