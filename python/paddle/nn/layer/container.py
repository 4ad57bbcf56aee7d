"""Layer containers: Sequential, LayerList, LayerDict, ParameterList, ParameterDict."""
import collections
import collections.abc

from ...base.framework import EagerParamBase
from .layers import Layer

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle


def _checked_index(idx, n, what):
    if not isinstance(idx, int):
        raise TypeError(f"{what} indices must be integers or slices, got {type(idx).__name__}")
    if not -n <= idx < n:
        raise IndexError(f"index {idx} is out of range for a {what} of length {n}")
    return idx % n


class Sequential(Layer):
    """Runs its layers one after another. Layers are given positionally (named
    0, 1, ...) or as (name, layer) pairs.

    Args:
        *layers (Layer|tuple): The layers, named "0", "1", ... in order; or (name, layer) pairs; or
            one OrderedDict of name to layer.

    Returns:
        Sequential: A layer whose forward passes its input through each layer in turn and returns
            the last one's output.

    Example:
        >>> net = paddle.nn.Sequential(paddle.nn.Linear(2, 4), paddle.nn.ReLU())
        >>> net(paddle.ones([1, 2])).shape
        paddle.Size([1, 4])
        >>> named = paddle.nn.Sequential(("fc", paddle.nn.Linear(2, 4)), ("act", paddle.nn.ReLU()))
        >>> named.fc.weight.shape
        paddle.Size([2, 4])
    """

    def __init__(self, *layers):
        super().__init__()
        if len(layers) == 1 and isinstance(layers[0], collections.OrderedDict):
            layers = tuple(layers[0].items())
        if layers and isinstance(layers[0], (list, tuple)):
            for item in layers:
                if not isinstance(item, (list, tuple)) or len(item) != 2:
                    raise TypeError("[Sequential] give either layers or (name, layer) pairs, "
                                    f"got {item!r}")
                self.add_sublayer(item[0], item[1])
        else:
            for i, layer in enumerate(layers):
                self.add_sublayer(str(i), layer)

    def __getitem__(self, name):
        if isinstance(name, slice):
            return self.__class__(*list(self._sub_layers.values())[name])
        if isinstance(name, str):
            return self._sub_layers[name]
        keys = list(self._sub_layers.keys())
        return self._sub_layers[keys[_checked_index(name, len(keys), "Sequential")]]

    def __setitem__(self, name, layer):
        if not isinstance(layer, Layer):
            raise TypeError(f"[Sequential] items must be Layers, got {type(layer).__name__}")
        setattr(self, str(name), layer)

    def __delitem__(self, name):
        name = str(name)
        if name not in self._sub_layers:
            raise KeyError(f"[Sequential] has no layer {name!r}")
        del self._sub_layers[name]

    def __len__(self):
        return len(self._sub_layers)

    def _renumber(self, layers):
        self._sub_layers = collections.OrderedDict((str(i), m) for i, m in enumerate(layers))

    def append(self, module):
        """Adds ``module`` at the end (named by its position); returns self.

        Args:
            module (Layer): The layer to add.

        Returns:
            Sequential: This Sequential.

        Example:
            >>> len(paddle.nn.Sequential(paddle.nn.ReLU()).append(paddle.nn.Tanh()))
            2
        """
        if not isinstance(module, Layer):
            raise TypeError(f"[Sequential] items must be Layers, got {type(module).__name__}")
        self.add_sublayer(str(len(self)), module)
        return self

    def insert(self, index, module):
        """Inserts ``module`` before position ``index`` (the layers are renumbered); returns self.

        Args:
            index (int): The position to insert before, in [-len, len].
            module (Layer): The layer to insert.

        Returns:
            Sequential: This Sequential.

        Example:
            >>> net = paddle.nn.Sequential(paddle.nn.ReLU()).insert(0, paddle.nn.Tanh())
            >>> type(net[0]).__name__
            'Tanh'
        """
        if not isinstance(module, Layer):
            raise TypeError(f"[Sequential] items must be Layers, got {type(module).__name__}")
        n = len(self)
        if not -n <= index <= n:
            raise IndexError(f"Index out of range: {index}")
        layers = list(self._sub_layers.values())
        layers.insert(index, module)
        self._renumber(layers)
        return self

    def extend(self, sequential):
        """Appends every layer of ``sequential``; returns self.

        Args:
            sequential (iterable): The layers to add, such as a list or another Sequential.

        Returns:
            Sequential: This Sequential.

        Example:
            >>> len(paddle.nn.Sequential().extend([paddle.nn.ReLU(), paddle.nn.Tanh()]))
            2
        """
        for layer in sequential:
            self.append(layer)
        return self

    def forward(self, input):
        for layer in self._sub_layers.values():
            input = layer(input)
        return input


class LayerList(Layer):
    """A list of sublayers (registered, so their parameters are found).

    Args:
        sublayers (iterable, optional): The layers to hold, named "0", "1", ... in order. Default
            None: empty.

    Returns:
        LayerList: A layer that holds the layers as a list (indexing, append, insert, extend, len,
            iteration); it has no forward of its own.

    Example:
        >>> layers = paddle.nn.LayerList([paddle.nn.Linear(2, 2) for _ in range(3)])
        >>> len(layers.parameters())
        6
    """

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            for i, layer in enumerate(sublayers):
                self.add_sublayer(str(i), layer)

    def _keys(self):
        return list(self._sub_layers.keys())

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._sub_layers.values())[idx])
        return self._sub_layers[self._keys()[_checked_index(idx, len(self), "LayerList")]]

    def __setitem__(self, idx, sublayer):
        if not isinstance(sublayer, Layer):
            raise TypeError(f"[LayerList] items must be Layers, got {type(sublayer).__name__}")
        self._sub_layers[self._keys()[_checked_index(idx, len(self), "LayerList")]] = sublayer

    def __delitem__(self, idx):
        layers = list(self._sub_layers.values())
        if isinstance(idx, slice):
            del layers[idx]
        else:
            del layers[_checked_index(idx, len(self), "LayerList")]
        self._sub_layers = collections.OrderedDict((str(i), m) for i, m in enumerate(layers))

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers.values())

    def append(self, sublayer):
        """Adds ``sublayer`` at the end; returns self.

        Args:
            sublayer (Layer): The layer to add.

        Returns:
            LayerList: This LayerList.

        Example:
            >>> layers = paddle.nn.LayerList().append(paddle.nn.ReLU())
            >>> len(layers)
            1
        """
        self.add_sublayer(str(len(self)), sublayer)
        return self

    def insert(self, index, sublayer):
        """Inserts ``sublayer`` before position ``index``.

        Args:
            index (int): The position to insert before (negative counts from the end).
            sublayer (Layer): The layer to insert.

        Returns:
            None.

        Example:
            >>> layers = paddle.nn.LayerList([paddle.nn.ReLU()])
            >>> layers.insert(0, paddle.nn.Tanh())
            >>> type(layers[0]).__name__
            'Tanh'
        """
        if not isinstance(sublayer, Layer):
            raise TypeError(f"[LayerList] items must be Layers, got {type(sublayer).__name__}")
        if not isinstance(index, int):
            raise TypeError(f"[LayerList.insert] index must be an int, got {type(index).__name__}")
        layers = list(self._sub_layers.values())
        layers.insert(index, sublayer)
        self._sub_layers = collections.OrderedDict((str(i), m) for i, m in enumerate(layers))

    def pop(self, key):
        """Removes the layer at ``key`` (the rest are renumbered) and returns it.

        Args:
            key (int): The position of the layer to remove, in [-len, len).

        Returns:
            Layer: The removed layer.

        Example:
            >>> layers = paddle.nn.LayerList([paddle.nn.ReLU(), paddle.nn.Tanh()])
            >>> type(layers.pop(0)).__name__, len(layers)
            ('ReLU', 1)
        """
        layer = self[key]
        del self[key]
        return layer

    def extend(self, sublayers):
        """Adds every layer of ``sublayers`` at the end; returns self.

        Args:
            sublayers (iterable): The layers to add.

        Returns:
            LayerList: This LayerList.

        Example:
            >>> len(paddle.nn.LayerList().extend([paddle.nn.ReLU(), paddle.nn.Tanh()]))
            2
        """
        for layer in sublayers:
            self.append(layer)
        return self


class LayerDict(Layer):
    """An ordered dict of sublayers (registered, so their parameters are found).

    Args:
        sublayers (dict|OrderedDict|iterable, optional): The layers to hold: a mapping of name to
            layer or (name, layer) pairs, added in order. Default None: empty.

    Returns:
        LayerDict: A layer that holds the layers as an ordered dict (keys, values, items, update,
            pop, len, iteration); it has no forward of its own.

    Example:
        >>> d = paddle.nn.LayerDict({"fc": paddle.nn.Linear(2, 2), "act": paddle.nn.ReLU()})
        >>> list(d.keys())
        ['fc', 'act']
    """

    def __init__(self, sublayers=None):
        super().__init__()
        if sublayers is not None:
            self.update(sublayers)

    def __getitem__(self, key):
        return self._sub_layers[key]

    def __setitem__(self, key, sublayer):
        self.add_sublayer(key, sublayer)

    def __delitem__(self, key):
        del self._sub_layers[key]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers)

    def __contains__(self, key):
        return key in self._sub_layers

    def clear(self):
        """Removes every sublayer.

        Example:
            >>> d = paddle.nn.LayerDict({"a": paddle.nn.ReLU()})
            >>> d.clear()
            >>> len(d)
            0
        """
        self._sub_layers.clear()

    def pop(self, key):
        """Removes the sublayer ``key`` and returns it.

        Args:
            key (str): The name of the layer to remove; a KeyError if absent.

        Returns:
            Layer: The removed layer.

        Example:
            >>> type(paddle.nn.LayerDict({"a": paddle.nn.ReLU()}).pop("a")).__name__
            'ReLU'
        """
        return self._sub_layers.pop(key)

    def keys(self):
        """The names.

        Example:
            >>> list(paddle.nn.LayerDict({"a": paddle.nn.ReLU()}).keys())
            ['a']
        """
        return self._sub_layers.keys()

    def items(self):
        """(name, layer) pairs.

        Example:
            >>> [k for k, _ in paddle.nn.LayerDict({"a": paddle.nn.ReLU()}).items()]
            ['a']
        """
        return self._sub_layers.items()

    def values(self):
        """The layers.

        Example:
            >>> len(list(paddle.nn.LayerDict({"a": paddle.nn.ReLU()}).values()))
            1
        """
        return self._sub_layers.values()

    def update(self, sublayers):
        """Adds the (name, layer) pairs of a dict, a LayerDict or a sequence of pairs.

        Args:
            sublayers (dict|OrderedDict|LayerDict|list|tuple): The layers to add: a mapping of
                name to layer or a sequence of (name, layer) pairs; an existing name is replaced.

        Returns:
            None.

        Example:
            >>> d = paddle.nn.LayerDict()
            >>> d.update([("a", paddle.nn.ReLU())])
            >>> list(d.keys())
            ['a']
        """
        if isinstance(sublayers, (collections.OrderedDict, LayerDict, dict)):
            for key, layer in sublayers.items():
                self.add_sublayer(key, layer)
            return
        if not isinstance(sublayers, (list, tuple)):
            raise TypeError("[LayerDict.update] expects a dict, a LayerDict or a sequence of "
                            f"(name, layer) pairs, got {type(sublayers).__name__}")
        for i, kv in enumerate(sublayers):
            if not isinstance(kv, (list, tuple)) or len(kv) != 2:
                raise ValueError(f"[LayerDict.update] element {i} should be a (name, layer) "
                                 f"pair, got {kv!r}")
            self.add_sublayer(kv[0], kv[1])


class ParameterList(Layer):
    """A list of parameters (registered, so parameters() and state_dict() find them).

    Args:
        parameters (iterable, optional): The parameters to hold, named "0", "1", ... in order.
            Default None: empty.

    Returns:
        ParameterList: A layer that holds the parameters as a list (indexing, append, len,
            iteration).

    Example:
        >>> params = paddle.nn.ParameterList([paddle.create_parameter([2], "float32")])
        >>> list(params.state_dict().keys())
        ['0']
    """

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            for i, p in enumerate(parameters):
                self.add_parameter(str(i), p)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return list(self._parameters.values())[idx]
        keys = list(self._parameters.keys())
        return self._parameters[keys[_checked_index(idx, len(keys), "ParameterList")]]

    def __setitem__(self, idx, param):
        if not isinstance(param, EagerParamBase):
            raise TypeError(f"[ParameterList] items must be Parameters, got {type(param).__name__}")
        keys = list(self._parameters.keys())
        self._parameters[keys[_checked_index(idx, len(keys), "ParameterList")]] = param

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters.values())

    def append(self, parameter):
        """Adds ``parameter`` at the end; returns self.

        Args:
            parameter (Tensor): The parameter to add.

        Returns:
            ParameterList: This ParameterList.

        Example:
            >>> len(paddle.nn.ParameterList().append(paddle.create_parameter([1], "float32")))
            1
        """
        self.add_parameter(str(len(self)), parameter)
        return self


class ParameterDict(Layer):
    """A dict of parameters by name (registered, so parameters() and
    state_dict() find them), in insertion order.

    Args:
        parameters (dict|ParameterDict|list): name -> Parameter, or (name, Parameter)
            pairs, or None. Default None.

    Returns:
        A Layer holding the parameters.

    Example:
        >>> params = paddle.nn.ParameterDict({"w": paddle.create_parameter([2], "float32")})
        >>> list(params), params["w"].shape
        (['w'], paddle.Size([2]))
    """

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return self._parameters[key]

    def __setitem__(self, key, param):
        if not isinstance(param, EagerParamBase):
            raise TypeError(f"[ParameterDict] values must be Parameters, got "
                            f"{type(param).__name__}")
        self.add_parameter(key, param)

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters)

    def update(self, parameters):
        """Adds the parameters of a dict (or ParameterDict), or of (name,
        Parameter) pairs, replacing those of the same names.

        Args:
            parameters (dict|ParameterDict|list): what to add.

        Example:
            >>> params = paddle.nn.ParameterDict()
            >>> params.update([("b", paddle.create_parameter([3], "float32"))])
            >>> len(params)
            1
        """
        if isinstance(parameters, ParameterDict):
            pairs = [(k, parameters[k]) for k in parameters]
        elif isinstance(parameters, collections.abc.Mapping):
            pairs = list(parameters.items())
        elif isinstance(parameters, collections.abc.Iterable):
            pairs = list(parameters)
            for i, pair in enumerate(pairs):
                if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                    raise ValueError(f"[ParameterDict] element {i} of parameters must be a "
                                     f"(name, Parameter) pair, got {pair!r}")
        else:
            raise TypeError(f"[ParameterDict] parameters must be a dict or (name, Parameter) "
                            f"pairs, got {type(parameters).__name__}")
        for key, param in pairs:
            self.add_parameter(key, param)
