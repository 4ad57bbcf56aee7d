"""paddle.nn.Layer: the base of every layer. Parameters, sublayers and
buffers register themselves when assigned as attributes; the layer walks
them for parameters(), state_dict() and train()/eval(), and runs forward
hooks around forward()."""
import collections
import re
import warnings

import numpy as np

from ... import _core
from ...autograd import no_grad
from ...base.framework import EagerParamBase
from ...base.param_attr import ParamAttr
from ...framework import dtypes as _dtype
from ...utils import unique_name

__all__ = []  # the public names live in paddle.nn, as in PaddlePaddle

Tensor = _core.Tensor
_first_cap = re.compile("(.)([A-Z][a-z]+)")
_all_cap = re.compile("([a-z])([A-Z])")


def _camel_to_snake(name):
    """PReLU -> p_re_lu, BatchNorm2D -> batch_norm2d (PaddlePaddle's layer name scopes)."""
    return _all_cap.sub(r"\1_\2", _first_cap.sub(r"\1_\2", name)).lower()


def _indent(text, spaces):
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * spaces + line for line in lines[1:])


class HookRemoveHelper:
    """Returned by register_forward_pre_hook/post_hook: ``remove()`` unregisters the hook.

    Example:
        >>> layer = paddle.nn.ReLU()
        >>> helper = layer.register_forward_post_hook(lambda layer, inputs, output: output * 2)
        >>> helper.remove()
    """

    next_hook_id = 0

    def __init__(self, hooks):
        self._hooks = hooks
        self._hook_id = HookRemoveHelper.next_hook_id
        HookRemoveHelper.next_hook_id += 1

    def remove(self):
        self._hooks.pop(self._hook_id, None)


def _set_none(store, name, value, what, expected):
    """A registered name may only be rebound to its kind or to None."""
    if value is not None:
        raise TypeError(f"assignment to {what} '{name}' should be of type {expected} or None, "
                        f"but got '{type(value).__name__}'")
    store[name] = None


def _state_value(state):
    """A state_dict entry (Tensor or array-like) as a numpy array."""
    if isinstance(state, Tensor):
        return state.numpy()
    return np.asarray(state)


def _load_into(target, key, state):
    """Writes state's values into target (a parameter or buffer) in place."""
    arr = _state_value(state)
    if _dtype.convert_dtype(arr.dtype.name) != target.dtype:
        raise TypeError(f"Variable dtype not match, Variable [ {key} ] need tensor with dtype "
                        f"{target.dtype} but load tensor with dtype {arr.dtype.name}")
    with no_grad():
        stop_gradient = target.stop_gradient
        target._assign_from(Tensor._from_numpy(np.array(arr, copy=True)))
        target.stop_gradient = stop_gradient


class Layer:
    """The base class of layers: subclass it, create parameters and sublayers
    in ``__init__`` and compute in ``forward``.

    Args:
        name_scope (str, optional): the prefix of the layer's unique name
            (default: the class name in snake_case).
        dtype (str|paddle.dtype): the dtype of the parameters it creates.

    Example:
        >>> class MLP(paddle.nn.Layer):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.fc1 = paddle.nn.Linear(4, 8)
        ...         self.fc2 = paddle.nn.Linear(8, 1)
        ...     def forward(self, x):
        ...         return self.fc2(paddle.nn.functional.relu(self.fc1(x)))
        >>> MLP()(paddle.ones([2, 4])).shape
        paddle.Size([2, 1])
    """

    def __init__(self, name_scope=None, dtype="float32"):
        self.training = True
        if name_scope is None:
            name_scope = _camel_to_snake(type(self).__name__)
        self._full_name = unique_name.generate(name_scope)
        self._dtype = dtype
        self._parameters = collections.OrderedDict()
        self._sub_layers = collections.OrderedDict()
        self._buffers = collections.OrderedDict()
        self._non_persistable_buffer_names_set = set()
        self._forward_pre_hooks = collections.OrderedDict()
        self._forward_post_hooks = collections.OrderedDict()

    # ---- running -------------------------------------------------------------------------

    def forward(self, *inputs, **kwargs):
        """The layer's computation; subclasses define it."""
        raise NotImplementedError(f"{type(self).__name__} does not define forward()")

    def __call__(self, *inputs, **kwargs):
        for hook, with_kwargs, _ in list(self._forward_pre_hooks.values()):
            if with_kwargs:
                result = hook(self, inputs, kwargs)
                if result is not None:
                    if not (isinstance(result, tuple) and len(result) == 2):
                        raise RuntimeError("forward pre-hook must return None or a tuple of "
                                           f"(new_args, new_kwargs), but got {result}.")
                    inputs, kwargs = result
            else:
                result = hook(self, inputs)
                if result is not None:
                    inputs = result if isinstance(result, tuple) else (result,)
        called = set()
        try:
            outputs = self.forward(*inputs, **kwargs)
            for hook_id, (hook, with_kwargs, _) in list(self._forward_post_hooks.items()):
                called.add(hook_id)
                result = (hook(self, inputs, kwargs, outputs) if with_kwargs
                          else hook(self, inputs, outputs))
                if result is not None:
                    outputs = result
        except Exception:
            # always_call hooks run even when forward (or an earlier hook) raised.
            for hook_id, (hook, with_kwargs, always) in list(self._forward_post_hooks.items()):
                if always and hook_id not in called:
                    try:
                        hook(self, inputs, kwargs, None) if with_kwargs else hook(self, inputs, None)
                    except Exception:
                        pass  # the original error is the one to report
            raise
        return outputs

    def _add_hook(self, hooks, hook, prepend, with_kwargs, always_call=False):
        if not callable(hook):
            raise TypeError(f"hook must be callable, got {type(hook).__name__}")
        helper = HookRemoveHelper(hooks)
        hooks[helper._hook_id] = (hook, bool(with_kwargs), bool(always_call))
        if prepend:
            hooks.move_to_end(helper._hook_id, last=False)
        return helper

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        """Calls ``hook(layer, inputs)`` before forward; a non-None result
        replaces the inputs. With with_kwargs it is ``hook(layer, inputs,
        kwargs)`` returning None or (inputs, kwargs). prepend runs it before the
        hooks already registered. Returns a HookRemoveHelper.

        Example:
            >>> relu = paddle.nn.ReLU()
            >>> h = relu.register_forward_pre_hook(lambda layer, inputs: (inputs[0] - 1,))
            >>> relu(paddle.to_tensor([1.5])).numpy()
            array([0.5], dtype=float32)
        """
        return self._add_hook(self._forward_pre_hooks, hook, prepend, with_kwargs)

    def register_forward_post_hook(self, hook, *, prepend=False, with_kwargs=False,
                                   always_call=False):
        """Calls ``hook(layer, inputs, output)`` after forward (``hook(layer,
        inputs, kwargs, output)`` with with_kwargs); a non-None result replaces
        the output. always_call also calls it (with output None) when forward
        raises. Returns a HookRemoveHelper.

        Example:
            >>> relu = paddle.nn.ReLU()
            >>> h = relu.register_forward_post_hook(lambda layer, inputs, out: out * 2)
            >>> relu(paddle.to_tensor([1.5])).numpy()
            array([3.], dtype=float32)
        """
        return self._add_hook(self._forward_post_hooks, hook, prepend, with_kwargs, always_call)

    # ---- modes ---------------------------------------------------------------------------

    def train(self, mode=True):
        """Puts this layer and its sublayers in training mode (dropout drops,
        batch norm updates its statistics); returns self.

        Example:
            >>> paddle.nn.Dropout().train().training
            True
        """
        if not isinstance(mode, bool):
            raise TypeError(f"[train] mode must be a bool, got {type(mode).__name__}")
        for layer in self.sublayers(include_self=True):
            layer.training = mode
        return self

    def eval(self):
        """Puts this layer and its sublayers in evaluation mode; returns self.

        Example:
            >>> paddle.nn.Dropout().eval().training
            False
        """
        return self.train(False)

    def apply(self, fn):
        """Calls ``fn(layer)`` on every sublayer, then on this layer; returns self.

        Example:
            >>> net = paddle.nn.Sequential(paddle.nn.Linear(2, 2))
            >>> _ = net.apply(lambda layer: print(type(layer).__name__))
            Linear
            Sequential
        """
        for layer in self.children():
            layer.apply(fn)
        fn(self)
        return self

    def full_name(self):
        """The layer's unique name, e.g. ``linear_0``.

        Example:
            >>> paddle.nn.Linear(1, 1).full_name().startswith("linear_")
            True
        """
        return self._full_name

    # ---- registration --------------------------------------------------------------------

    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False,
                         default_initializer=None):
        """A parameter named after this layer (``<full_name>.w_N`` or ``.b_N``),
        or None when ``attr`` is False. Assign it to an attribute to register it.

        Example:
            >>> layer = paddle.nn.Layer()
            >>> w = layer.create_parameter([2, 2])
            >>> w.shape
            paddle.Size([2, 2])
        """
        from ...base.framework import create_parameter

        attr = ParamAttr._to_attr(attr)
        if attr is False:
            return None
        name = attr.name or unique_name.generate(self._full_name + (".b" if is_bias else ".w"))
        return create_parameter(shape, dtype if dtype is not None else self._dtype, name=name,
                                attr=attr, is_bias=is_bias,
                                default_initializer=default_initializer)

    def add_parameter(self, name, parameter):
        """Registers ``parameter`` (an EagerParamBase or None) as ``name``; returns it.

        Example:
            >>> layer = paddle.nn.Layer()
            >>> _ = layer.add_parameter("w", paddle.create_parameter([2], "float32"))
            >>> [n for n, _ in layer.named_parameters()]
            ['w']
        """
        self._check_name(name, "parameter")
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"The parameter '{name}' already exists.")
        if parameter is not None and not isinstance(parameter, EagerParamBase):
            raise TypeError(f"The parameter to be added should be a Parameter, but received "
                            f"{type(parameter).__name__}.")
        self._parameters[name] = parameter
        return parameter

    def add_sublayer(self, name, sublayer):
        """Registers ``sublayer`` as ``name``; returns it.

        Example:
            >>> net = paddle.nn.Layer()
            >>> _ = net.add_sublayer("relu", paddle.nn.ReLU())
            >>> [n for n, _ in net.named_children()]
            ['relu']
        """
        if sublayer is not None and not isinstance(sublayer, Layer):
            raise TypeError(f"The sublayer to be added should be a Layer, but received "
                            f"{type(sublayer).__name__}.")
        if not isinstance(name, str):
            raise TypeError(f"The name of a sublayer should be a string, but received "
                            f"{type(name).__name__}.")
        self._sub_layers[name] = sublayer
        return sublayer

    def register_buffer(self, name, tensor, persistable=True):
        """Registers ``tensor`` (state that is not trained, e.g. running
        statistics) as ``name``; persistable buffers go into state_dict().

        Example:
            >>> layer = paddle.nn.Layer()
            >>> layer.register_buffer("steps", paddle.zeros([1]))
            >>> list(layer.state_dict().keys())
            ['steps']
        """
        self._check_name(name, "buffer")
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists.")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"The registered buffer should be a Paddle.Tensor, but received "
                            f"{type(tensor).__name__}.")
        if tensor is not None and not tensor.name:
            tensor.name = unique_name.generate("_buffers_" + name)
        self._buffers[name] = tensor
        if persistable:
            self._non_persistable_buffer_names_set.discard(name)
        else:
            self._non_persistable_buffer_names_set.add(name)

    @staticmethod
    def _check_name(name, what):
        if not isinstance(name, str):
            raise TypeError(f"The name of {what} should be a string, but received "
                            f"{type(name).__name__}.")
        if "." in name:
            raise KeyError(f"The name of {what} can not contain `.`, because when you access the "
                           f"newly added {what} in the form of `self.**.**`, it will cause "
                           "AttributeError.")
        if name == "":
            raise KeyError(f"The name of {what} can not be empty.")

    def __setattr__(self, name, value):
        params = self.__dict__.get("_parameters")
        layers = self.__dict__.get("_sub_layers")
        buffers = self.__dict__.get("_buffers")
        if isinstance(value, (EagerParamBase, Layer, Tensor)) and params is None:
            raise ValueError("super().__init__() should be called first")

        def drop_from(*dicts):
            for d in dicts:
                d.pop(name, None)

        if isinstance(value, EagerParamBase):
            drop_from(self.__dict__, buffers, layers)
            params[name] = value
        elif params is not None and name in params:
            _set_none(params, name, value, "parameter", "Parameter")
        elif isinstance(value, Layer):
            drop_from(self.__dict__, params, buffers)
            layers[name] = value
        elif layers is not None and name in layers:
            _set_none(layers, name, value, "sublayer", "Layer")
        elif isinstance(value, Tensor):
            # A plain tensor attribute is a buffer, kept out of state_dict unless
            # register_buffer made it persistable.
            drop_from(self.__dict__, params, layers)
            if name not in buffers:
                self._non_persistable_buffer_names_set.add(name)
            if not value.name:
                value.name = unique_name.generate("_buffers_" + name)
            buffers[name] = value
        elif buffers is not None and name in buffers:
            _set_none(buffers, name, value, "buffers", "Tensor")
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        for store in ("_parameters", "_sub_layers", "_buffers"):
            d = self.__dict__.get(store)
            if d is not None and name in d:
                return d[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        for store in ("_parameters", "_sub_layers", "_buffers"):
            d = self.__dict__.get(store)
            if d is not None and name in d:
                del d[name]
                self._non_persistable_buffer_names_set.discard(name)
                return
        object.__delattr__(self, name)

    def __dir__(self):
        return sorted(set(object.__dir__(self)) | set(self._parameters) | set(self._sub_layers)
                      | set(self._buffers))

    # ---- walking -------------------------------------------------------------------------

    def named_sublayers(self, prefix="", include_self=False, layers_set=None,
                        remove_duplicate=True):
        """(name, layer) for every sublayer, depth first, with dotted names.

        Example:
            >>> net = paddle.nn.Sequential(paddle.nn.Sequential(paddle.nn.ReLU()))
            >>> [n for n, _ in net.named_sublayers()]
            ['0', '0.0']
        """
        if layers_set is None:
            layers_set = set()
        if include_self and (not remove_duplicate or id(self) not in layers_set):
            layers_set.add(id(self))
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            layer_prefix = prefix + ("." if prefix else "") + key
            yield from layer.named_sublayers(layer_prefix, True, layers_set, remove_duplicate)

    def sublayers(self, include_self=False):
        """Every sublayer (depth first), and this layer first when include_self.

        Example:
            >>> len(paddle.nn.Sequential(paddle.nn.ReLU(), paddle.nn.Tanh()).sublayers())
            2
        """
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def named_children(self):
        """(name, layer) for the direct sublayers.

        Example:
            >>> [n for n, _ in paddle.nn.Sequential(paddle.nn.ReLU()).named_children()]
            ['0']
        """
        seen = set()
        for name, layer in self._sub_layers.items():
            if layer is not None and id(layer) not in seen:
                seen.add(id(layer))
                yield name, layer

    def children(self):
        """The direct sublayers.

        Example:
            >>> len(list(paddle.nn.Sequential(paddle.nn.ReLU()).children()))
            1
        """
        for _, layer in self.named_children():
            yield layer

    def _named_members(self, store, prefix, include_sublayers, remove_duplicate):
        seen = set()
        layers = (self.named_sublayers(prefix, include_self=True) if include_sublayers
                  else [(prefix, self)])
        for layer_prefix, layer in layers:
            for key, value in getattr(layer, store).items():
                if value is None or (remove_duplicate and id(value) in seen):
                    continue
                seen.add(id(value))
                yield layer_prefix + ("." if layer_prefix else "") + key, value

    def named_parameters(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """(structured name, parameter) for this layer's parameters and its sublayers'.

        Example:
            >>> [n for n, _ in paddle.nn.Linear(2, 3).named_parameters()]
            ['weight', 'bias']
        """
        yield from self._named_members("_parameters", prefix, include_sublayers, remove_duplicate)

    def parameters(self, include_sublayers=True):
        """The parameters of this layer (and of its sublayers), each once.

        Example:
            >>> [p.shape for p in paddle.nn.Linear(2, 3).parameters()]
            [paddle.Size([2, 3]), paddle.Size([3])]
        """
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    def named_buffers(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """(structured name, buffer) for this layer's buffers and its sublayers'.

        Example:
            >>> [n for n, _ in paddle.nn.BatchNorm1D(2).named_buffers()]
            []
        """
        yield from self._named_members("_buffers", prefix, include_sublayers, remove_duplicate)

    def buffers(self, include_sublayers=True):
        """The buffers of this layer (and of its sublayers).

        Example:
            >>> layer = paddle.nn.Layer()
            >>> layer.register_buffer("b", paddle.ones([1]))
            >>> len(layer.buffers())
            1
        """
        return [b for _, b in self.named_buffers(include_sublayers=include_sublayers)]

    def clear_gradients(self, set_to_zero=True):
        """Clears the gradients of every trainable parameter (zeroed, or dropped
        when set_to_zero is False).

        Example:
            >>> linear = paddle.nn.Linear(2, 2)
            >>> linear(paddle.ones([1, 2])).sum().backward()
            >>> linear.clear_gradients()
            >>> float(linear.weight.grad.abs().sum())
            0.0
        """
        for p in self.parameters():
            if p.trainable:
                p.clear_gradient(set_to_zero)

    # ---- state ---------------------------------------------------------------------------

    def state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                   use_hook=True, keep_vars=True):
        """The parameters and persistable buffers by structured name
        (``fc.weight``, ``bn._mean``): the tensors themselves, not copies.

        Example:
            >>> list(paddle.nn.Linear(2, 3).state_dict().keys())
            ['weight', 'bias']
        """
        out = collections.OrderedDict() if destination is None else destination
        self._collect_state(out, structured_name_prefix, include_sublayers)
        return out

    def _collect_state(self, out, prefix, include_sublayers):
        """Like PaddlePaddle: per layer its parameters, then its persistable
        buffers, then its sublayers'; a tensor reachable under several names
        (the fused RNNs' weight_ih_l0 and 0.cell.weight_ih) is listed under each."""
        for key, p in self._parameters.items():
            if p is not None:
                out[prefix + key] = p
        for key, b in self._buffers.items():
            if b is not None and key not in self._non_persistable_buffer_names_set:
                out[prefix + key] = b
        if include_sublayers:
            for key, layer in self._sub_layers.items():
                if layer is not None:
                    layer._collect_state(out, prefix + key + ".", True)

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Loads parameters and persistable buffers from ``state_dict`` (by
        structured name, or by tensor name when use_structured_name is False).
        Entries missing from it or of the wrong shape are skipped with a warning.

        Returns:
            (missing_keys, unexpected_keys)

        Example:
            >>> a, b = paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 2)
            >>> b.set_state_dict(a.state_dict())
            ([], [])
        """
        if not isinstance(state_dict, dict):
            raise TypeError(f"[set_state_dict] state_dict must be a dict, got "
                            f"{type(state_dict).__name__}")
        missing, matched, loads = [], set(), []
        for key, target in self.state_dict().items():
            k = key if use_structured_name else target.name
            state = state_dict.get(k)
            if state is None:
                missing.append(k)
                warnings.warn(f"Skip loading for {key}. {k} is not found in the provided dict.")
                continue
            shape = list(state.shape)
            if shape != list(target.shape):
                missing.append(k)
                warnings.warn(f"Skip loading for {key}. {k} receives a shape {shape}, but the "
                              f"expected shape is {list(target.shape)}.")
                continue
            matched.add(k)
            loads.append((target, k, state))
        for target, k, state in loads:
            _load_into(target, k, state)
        return missing, [k for k in state_dict if k not in matched]

    set_dict = set_state_dict
    load_dict = set_state_dict

    def to(self, device=None, dtype=None, blocking=None):
        """Converts the floating-point parameters and buffers to ``dtype`` in
        place (tensors live on the CPU, so ``device`` only accepts the CPU);
        returns self.

        Example:
            >>> linear = paddle.nn.Linear(2, 2).to(dtype="float64")
            >>> linear.weight.dtype
            paddle.float64
        """
        if device is not None and str(device).lower() not in ("cpu", "place(cpu)"):
            raise ValueError(f"[Layer.to] only the CPU is available, got device {device!r}")
        if dtype is None:
            return self
        d = _dtype.convert_dtype(dtype)
        if not _dtype.is_floating_point(d):
            raise TypeError(f"[Layer.to] dtype must be a floating-point type, got {d.name}")
        self._cast_tensors(self.parameters() + self.buffers(), d)
        for layer in self.sublayers(include_self=True):
            layer._dtype = d.name
        return self

    def float(self, excluded_layers=None):
        """Converts the floating-point parameters and buffers to float32, except
        in ``excluded_layers`` (a layer, a layer class, or a list of them).

        Example:
            >>> paddle.nn.Linear(2, 2).double().float().weight.dtype
            paddle.float32
        """
        return self._cast_except(_dtype.float32, excluded_layers)

    def double(self):
        """Converts the floating-point parameters and buffers to float64.

        Example:
            >>> paddle.nn.Linear(2, 2).double().weight.dtype
            paddle.float64
        """
        return self.to(dtype=_dtype.float64)

    def astype(self, dtype=None):
        """Converts the floating-point parameters and buffers to ``dtype``.

        Example:
            >>> paddle.nn.Linear(2, 2).astype("float64").bias.dtype
            paddle.float64
        """
        return self.to(dtype=dtype)

    def _cast_except(self, d, excluded_layers):
        excluded = excluded_layers if isinstance(excluded_layers, (list, tuple)) else (
            [] if excluded_layers is None else [excluded_layers])
        for layer in self.sublayers(include_self=True):
            if any(layer is e or (isinstance(e, type) and isinstance(layer, e)) for e in excluded):
                continue
            for store in (layer._parameters, layer._buffers):
                layer._cast_tensors([t for t in store.values() if t is not None], d)
            layer._dtype = d.name
        return self

    @staticmethod
    def _cast_tensors(tensors, d):
        from ...tensor.manipulation import cast

        with no_grad():
            for t in tensors:
                if _dtype.is_floating_point(t.dtype) and t.dtype != d:
                    stop_gradient = t.stop_gradient
                    t._assign_from(cast(t, d))
                    t.stop_gradient = stop_gradient

    def _get(self, target, store, what):
        *path, last = target.split(".") if target else [""]
        layer = self
        for part in path:
            layer = layer._sub_layers.get(part)
            if layer is None:
                raise AttributeError(f"{type(self).__name__} has no attribute `{part}`")
        found = getattr(layer, store).get(last) if store else (
            layer if last == "" else layer._sub_layers.get(last))
        if found is None:
            raise AttributeError(f"{type(layer).__name__} has no {what} `{last}`")
        return found

    def get_sublayer(self, target):
        """The sublayer at the dotted path ``target`` ('' is this layer).

        Example:
            >>> net = paddle.nn.Sequential(paddle.nn.Sequential(paddle.nn.ReLU()))
            >>> type(net.get_sublayer("0.0")).__name__
            'ReLU'
        """
        return self._get(target, None, "attribute")

    def get_parameter(self, target):
        """The parameter at the dotted path ``target`` (a state_dict key).

        Example:
            >>> paddle.nn.Sequential(paddle.nn.Linear(2, 3)).get_parameter("0.bias").shape
            paddle.Size([3])
        """
        return self._get(target, "_parameters", "parameter")

    def get_buffer(self, target):
        """The buffer at the dotted path ``target``.

        Example:
            >>> layer = paddle.nn.Layer()
            >>> layer.register_buffer("steps", paddle.zeros([1]))
            >>> layer.get_buffer("steps").shape
            paddle.Size([1])
        """
        return self._get(target, "_buffers", "buffer")

    def requires_grad_(self, requires_grad=True):
        """Makes every parameter trainable (or frozen, with False); returns self.

        Example:
            >>> paddle.nn.Linear(2, 2).requires_grad_(False).weight.stop_gradient
            True
        """
        for p in self.parameters():
            p.stop_gradient = not requires_grad
        return self

    def zero_grad(self, set_to_none=True):
        """Drops the parameters' gradients (or zeroes them when set_to_none is False).

        Example:
            >>> paddle.nn.Linear(2, 2).zero_grad()
        """
        self.clear_gradients(set_to_zero=not set_to_none)

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        """named_sublayers with this layer first (PyTorch's spelling).

        Example:
            >>> [n for n, _ in paddle.nn.Sequential(paddle.nn.ReLU()).named_modules()]
            ['', '0']
        """
        return self.named_sublayers(prefix, True, memo, remove_duplicate)

    def modules(self):
        """This layer and every sublayer (PyTorch's spelling).

        Example:
            >>> len(list(paddle.nn.Sequential(paddle.nn.ReLU()).modules()))
            2
        """
        for _, layer in self.named_modules():
            yield layer

    def add_module(self, name, module):
        """add_sublayer (PyTorch's spelling).

        Example:
            >>> net = paddle.nn.Layer()
            >>> net.add_module("act", paddle.nn.ReLU())
            >>> type(net.act).__name__
            'ReLU'
        """
        self.add_sublayer(name, module)

    register_module = add_module

    def register_parameter(self, name, param):
        """add_parameter (PyTorch's spelling).

        Example:
            >>> net = paddle.nn.Layer()
            >>> net.register_parameter("w", paddle.create_parameter([2], "float32"))
            >>> [n for n, _ in net.named_parameters()]
            ['w']
        """
        self.add_parameter(name, param)

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        """register_forward_post_hook (PyTorch's spelling).

        Example:
            >>> h = paddle.nn.ReLU().register_forward_hook(lambda layer, inputs, out: out)
            >>> h.remove()
        """
        return self.register_forward_post_hook(hook, prepend=prepend, with_kwargs=with_kwargs,
                                               always_call=always_call)

    # ---- printing ------------------------------------------------------------------------

    def extra_repr(self):
        """The layer's settings for repr(); subclasses fill it in."""
        return ""

    def __repr__(self):
        extra = self.extra_repr()
        lines = [f"({name}): {_indent(repr(layer), 2)}" for name, layer in self._sub_layers.items()]
        text = type(self).__name__ + "("
        extra_lines = extra.split("\n") if extra else []
        if len(extra_lines) > 1:
            text += "\n  " + "\n  ".join(extra_lines) + "\n"
        elif extra_lines:
            text += extra_lines[0]
        if lines:
            text += "\n  " + "\n  ".join(lines) + "\n"
        return text + ")"
