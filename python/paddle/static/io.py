"""Saving and loading static programs in PaddlePaddle's formats: inference
models (``.pdmodel`` + ``.pdiparams``, both directions with PaddlePaddle),
their byte forms, and the training state of ``paddle.static.save``
(``.pdparams`` parameters, ``.pdopt`` optimizer state, ``.pdmodel``)."""
import os
import pickle

import numpy as np

from .. import _core
from ..framework import _checked_unpickle
from .executor import global_scope
from .program import Program, Variable, default_main_program

__all__ = ["save_inference_model", "load_inference_model", "serialize_program",
           "serialize_persistables", "deserialize_program", "deserialize_persistables",
           "save_to_file", "load_from_file", "normalize_program", "save", "load",
           "load_program_state", "set_program_state"]


def _var_list(values, what, fn):
    if isinstance(values, Variable):
        values = [values]
    if not isinstance(values, (list, tuple)) or not values:
        raise ValueError(f"[{fn}] {what} must be a Variable or a non-empty list of Variables")
    for v in values:
        if not isinstance(v, Variable):
            raise TypeError(f"[{fn}] {what} must hold Variables, got {type(v).__name__}")
    return list(values)


def normalize_program(program, feed_vars, fetch_vars, **kwargs):
    """The inference form of ``program``: only the forward ops the fetched
    variables need, ``is_test`` on, and feed/fetch ops for the given variables.

    Args:
        program (Program): The program to prune; it is not changed.
        feed_vars (Variable|list): The inputs the inference program is fed.
        fetch_vars (Variable|list): The outputs the inference program returns.
        **kwargs: For PaddlePaddle compatibility (its ``skip_prune_program``); unused.

    Returns:
        Program: A new program, the inference form.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> p = paddle.static.normalize_program(paddle.static.default_main_program(), [x], [y])
        >>> [op.type for op in p.global_block().ops]
        ['feed', 'mul', 'elementwise_add', 'fetch']
        >>> paddle.disable_static()
    """
    if not isinstance(program, Program):
        raise TypeError(f"[normalize_program] program must be a paddle.static.Program, got "
                        f"{type(program).__name__}")
    feeds = _var_list(feed_vars, "feed_vars", "normalize_program")
    fetches = _var_list(fetch_vars, "fetch_vars", "normalize_program")
    desc = _core._prune_for_inference(program._desc, [v.name for v in feeds],
                                      [v.name for v in fetches])
    return Program._wrap(desc)


def _model_paths(path_prefix, fn):
    if not isinstance(path_prefix, str) or not path_prefix:
        raise ValueError(f"[{fn}] path_prefix must be a non-empty str, got {path_prefix!r}")
    if os.path.isdir(path_prefix) or path_prefix.endswith(os.sep):
        raise ValueError(f"[{fn}] path_prefix '{path_prefix}' should not be a directory; it is "
                         "the path of the model files without their .pdmodel/.pdiparams suffix")
    return path_prefix + ".pdmodel", path_prefix + ".pdiparams"


def serialize_program(feed_vars, fetch_vars, **kwargs):
    """The inference program (see ``normalize_program``) as ProgramDesc bytes.

    Args:
        feed_vars (Variable|list): The inputs the inference program is fed.
        fetch_vars (Variable|list): The outputs the inference program returns.
        **kwargs: ``program`` (Program), the program to serialize; the default main program
            when not given.

    Returns:
        bytes: The serialized ProgramDesc (the content of a ``.pdmodel`` file).

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> data = paddle.static.serialize_program([x], [y])
        >>> program = paddle.static.deserialize_program(data)
        >>> [op.type for op in program.global_block().ops]
        ['feed', 'mul', 'elementwise_add', 'fetch']
        >>> paddle.disable_static()
    """
    program = kwargs.get("program") or default_main_program()
    return normalize_program(program, feed_vars, fetch_vars).serialize_to_string()


def serialize_persistables(feed_vars, fetch_vars, executor, **kwargs):
    """The inference program's parameters as ``.pdiparams`` bytes (from the global scope).

    Args:
        feed_vars (Variable|list): The inputs of the inference program.
        fetch_vars (Variable|list): Its outputs; the parameters they need are serialized.
        executor (Executor): The executor that initialized the parameters (kept for
            PaddlePaddle compatibility; the values are read from the global scope).
        **kwargs: ``program`` (Program), the program whose parameters are serialized; the
            default main program when not given.

    Returns:
        bytes: The parameters in the ``.pdiparams`` format.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(paddle.static.default_startup_program())
        >>> params = paddle.static.serialize_persistables([x], [y], exe)
        >>> paddle.static.save_to_file("model.pdiparams", params)
        >>> paddle.disable_static()
    """
    program = kwargs.get("program") or default_main_program()
    pruned = normalize_program(program, feed_vars, fetch_vars)
    return _core._serialize_persistables(pruned._desc, global_scope())


def save_to_file(path, content):
    """Writes bytes to ``path``.

    Args:
        path (str): The file to write; it is created or overwritten.
        content (bytes): The bytes to write (e.g. from ``serialize_program``); anything
            else raises ValueError.

    Returns:
        None.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> paddle.static.save_to_file("model.pdmodel", paddle.static.serialize_program([x], [y]))
        >>> data = paddle.static.load_from_file("model.pdmodel")
        >>> program = paddle.static.deserialize_program(data)
        >>> paddle.disable_static()
    """
    if not isinstance(content, bytes):
        raise ValueError(f"[save_to_file] content must be bytes, got {type(content).__name__}")
    with open(path, "wb") as f:
        f.write(content)


def load_from_file(path):
    """The bytes of ``path``.

    Args:
        path (str): The file to read.

    Returns:
        bytes: The file's whole content.

    Example:
        >>> paddle.static.save_to_file("data.bin", b"abc")
        >>> paddle.static.load_from_file("data.bin")
        b'abc'
    """
    with open(path, "rb") as f:
        return f.read()


def save_inference_model(path_prefix, feed_vars, fetch_vars, executor, **kwargs):
    """Writes ``path_prefix.pdmodel`` (the inference program) and
    ``path_prefix.pdiparams`` (its parameters from the global scope), in
    PaddlePaddle's format: ``paddle.inference``, ``load_inference_model`` and
    the real PaddlePaddle load them.

    Args:
        path_prefix (str): The files' path without suffix (``"dir/model"`` writes
            ``dir/model.pdmodel`` and ``dir/model.pdiparams``); not a directory. Missing
            parent directories are created.
        feed_vars (Variable|list): The program's inputs the saved model is fed.
        fetch_vars (Variable|list): The outputs the saved model returns.
        executor (Executor): The executor that initialized the parameters (kept for
            PaddlePaddle compatibility; the values are read from the global scope).
        **kwargs: ``program`` (Program), the program to save; the default main program
            when not given.

    Returns:
        None.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(paddle.static.default_startup_program())
        >>> import tempfile, os
        >>> d = tempfile.mkdtemp()
        >>> paddle.static.save_inference_model(os.path.join(d, "m"), [x], [y], exe)
        >>> sorted(os.listdir(d))
        ['m.pdiparams', 'm.pdmodel']
        >>> paddle.disable_static()
    """
    model_path, params_path = _model_paths(path_prefix, "save_inference_model")
    program = kwargs.get("program") or default_main_program()
    pruned = normalize_program(program, feed_vars, fetch_vars)
    os.makedirs(os.path.dirname(os.path.abspath(model_path)), exist_ok=True)
    _core._save_inference_model(model_path, params_path, pruned._desc, global_scope())


def load_inference_model(path_prefix, executor, **kwargs):
    """Loads an inference model (ours or PaddlePaddle's): its parameters go to
    the global scope. ``path_prefix`` is the files' path without suffix, or a
    directory with ``model_filename``/``params_filename`` given.

    Args:
        path_prefix (str): The model files' path without the ``.pdmodel``/``.pdiparams``
            suffix, or a directory holding them (then ``model_filename`` is required).
        executor (Executor): The executor the model will run with (kept for PaddlePaddle
            compatibility; the parameters go to the global scope).
        **kwargs: ``model_filename`` (str) and ``params_filename`` (str), the files' names
            inside the directory ``path_prefix``; without ``params_filename`` no parameters
            are loaded.

    Returns:
        list: ``[program, feed_target_names, fetch_targets]``: the inference Program, the
        names of its inputs (list of str, in feed order) and its output Variables.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(paddle.static.default_startup_program())
        >>> paddle.static.save_inference_model("model", [x], [y], exe)
        >>> program, feed_names, fetch_targets = paddle.static.load_inference_model("model", exe)
        >>> feed_names
        ['x']
        >>> feed = {"x": np.ones((3, 2), "float32")}
        >>> out, = exe.run(program, feed=feed, fetch_list=fetch_targets)
        >>> out.shape
        (3, 1)
        >>> paddle.disable_static()
    """
    model_file, params_file = kwargs.get("model_filename"), kwargs.get("params_filename")
    if path_prefix is not None and os.path.isdir(path_prefix):
        if model_file is None:
            raise ValueError(f"[load_inference_model] '{path_prefix}' is a directory: give "
                             "model_filename (and params_filename)")
        model_path = os.path.join(path_prefix, model_file)
        params_path = os.path.join(path_prefix, params_file) if params_file else ""
    else:
        model_path, params_path = _model_paths(path_prefix, "load_inference_model")
        if not os.path.exists(params_path):
            params_path = ""
    program = Program._wrap(_core._load_inference_model(model_path, params_path, global_scope()))
    feeds, fetches = _feed_fetch_targets(program)
    gb = program.global_block()
    return [program, feeds, [gb.var(n) for n in fetches]]


def _feed_fetch_targets(program):
    feeds, fetches = {}, {}
    for op in program.global_block().ops:
        if op.type == "feed":
            feeds[op.attr("col")] = op.output("Out")[0]
        elif op.type == "fetch":
            fetches[op.attr("col")] = op.input("X")[0]
    return [feeds[c] for c in sorted(feeds)], [fetches[c] for c in sorted(fetches)]


def deserialize_program(data):
    """A Program from ProgramDesc bytes (InvalidModelError when corrupt).

    Args:
        data (bytes): A serialized ProgramDesc (``serialize_program``'s result or a
            ``.pdmodel`` file's content); anything but bytes raises TypeError.

    Returns:
        Program: The program.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> program = paddle.static.deserialize_program(paddle.static.serialize_program([x], [y]))
        >>> sorted(p.name for p in program.all_parameters())
        ['fc_0.b_0', 'fc_0.w_0']
        >>> paddle.disable_static()
    """
    if not isinstance(data, bytes):
        raise TypeError(f"[deserialize_program] data must be bytes, got {type(data).__name__}")
    return Program._wrap(_core._parse_program(data))


def deserialize_persistables(program, data, executor):
    """Loads ``serialize_persistables`` bytes into the global scope.

    Args:
        program (Program): The program whose persistable variables ``data`` holds (e.g.
            ``deserialize_program``'s result).
        data (bytes): The parameters in the ``.pdiparams`` format.
        executor (Executor): The executor the program will run with (kept for PaddlePaddle
            compatibility).

    Returns:
        None.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(paddle.static.default_startup_program())
        >>> program = paddle.static.deserialize_program(paddle.static.serialize_program([x], [y]))
        >>> params = paddle.static.serialize_persistables([x], [y], exe)
        >>> scope = paddle.static.executor.Scope()
        >>> with paddle.static.scope_guard(scope):
        ...     paddle.static.deserialize_persistables(program, params, exe)
        >>> sorted(scope.local_var_names())
        ['fc_0.b_0', 'fc_0.w_0']
        >>> paddle.disable_static()
    """
    if not isinstance(program, Program):
        raise TypeError("[deserialize_persistables] program must be a paddle.static.Program")
    _core._deserialize_persistables(program._desc, bytes(data), global_scope())


# ---- training state: paddle.static.save / load ----

def _persistables(program, mode):
    """(name, is_parameter) of the program's persistable tensor variables."""
    out = []
    for name in _core._persistable_var_names(program._desc):
        is_param = program._desc.var_info(0, name)["is_parameter"]
        if mode == "all" or (mode == "param") == is_param:
            out.append(name)
    return out


def _persistable_values(program, scope, mode):
    from ..tensor._helpers import Tensor

    values = {}
    for name in _persistables(program, mode):
        var = scope.find_var(name)
        if var is None or not var.get_tensor()._is_initialized():
            continue
        values[name] = Tensor._from_numpy(np.array(var.get_tensor()))
    return values


def _set_persistables(program, state, scope):
    for name in _persistables(program, "all"):
        if name not in state:
            continue
        value = state[name]
        arr = value.numpy() if hasattr(value, "numpy") else np.asarray(value)
        info = program._desc.var_info(0, name)
        want = list(info["shape"])
        if len(want) != arr.ndim or any(w >= 0 and w != a for w, a in zip(want, arr.shape)):
            raise ValueError(f"[set_program_state] '{name}' has shape {list(arr.shape)}, the "
                             f"program declares {want}")
        scope.var(name).get_tensor().set(arr.astype(info["dtype"].name, copy=False))


def save(program, model_path, protocol=4, **configs):
    """Writes ``model_path.pdparams`` (parameters), ``.pdopt`` (the other
    persistables: optimizer state) and ``.pdmodel`` (the program) from the
    global scope.

    Args:
        program (Program): The program whose persistable variables are saved.
        model_path (str): The files' path without suffix, e.g. ``"checkpoint/model"``; missing
            parent directories are created.
        protocol (int, optional): The pickle protocol of ``.pdparams``/``.pdopt``: 2, 3 or 4.
            Default 4.
        **configs: For PaddlePaddle compatibility; unused.

    Returns:
        None.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(paddle.static.default_startup_program())
        >>> import os
        >>> paddle.static.save(paddle.static.default_main_program(), "checkpoint/model")
        >>> sorted(os.listdir("checkpoint"))
        ['model.pdmodel', 'model.pdopt', 'model.pdparams']
        >>> paddle.disable_static()
    """
    if not isinstance(program, Program):
        raise TypeError(f"[paddle.static.save] program must be a paddle.static.Program, got "
                        f"{type(program).__name__}")
    if not isinstance(protocol, int) or not 2 <= protocol <= 4:
        raise ValueError(f"[paddle.static.save] protocol must be 2, 3 or 4, got {protocol!r}")
    base = os.path.basename(model_path)
    if not base:
        raise ValueError("[paddle.static.save] model_path must name a file prefix, not a directory")
    dirname = os.path.dirname(model_path)
    if dirname:
        os.makedirs(dirname, exist_ok=True)
    scope = global_scope()
    for suffix, mode in ((".pdparams", "param"), (".pdopt", "opt")):
        state = {n: t.numpy() for n, t in _persistable_values(program, scope, mode).items()}
        with open(model_path + suffix, "wb") as f:
            pickle.dump(state, f, protocol=protocol)
    with open(model_path + ".pdmodel", "wb") as f:
        f.write(program.serialize_to_string())


def load_program_state(model_path, var_list=None):
    """The saved state (``paddle.static.save``'s files) as name -> ndarray.

    Args:
        model_path (str): The path given to ``paddle.static.save`` (without suffix);
            ``model_path.pdparams`` must exist, ``.pdopt`` is read when present.
        var_list (list, optional): Variables (or names) to keep; None (the default) keeps
            every saved value.

    Returns:
        dict: Variable name -> numpy.ndarray.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(paddle.static.default_startup_program())
        >>> paddle.static.save(paddle.static.default_main_program(), "checkpoint/model")
        >>> state = paddle.static.load_program_state("checkpoint/model")
        >>> sorted(state), state["fc_0.w_0"].shape
        (['fc_0.b_0', 'fc_0.w_0'], (2, 1))
        >>> paddle.disable_static()
    """
    state = {}
    for suffix in (".pdparams", ".pdopt"):
        path = model_path + suffix
        if not os.path.exists(path):
            if suffix == ".pdparams":
                raise ValueError(f"[load_program_state] '{path}' does not exist")
            continue
        with open(path, "rb") as f:
            state.update(_checked_unpickle.load(f))
    if var_list is not None:
        names = {v.name if isinstance(v, Variable) else v for v in var_list}
        state = {k: v for k, v in state.items() if k in names}
    return state


def set_program_state(program, state_dict):
    """Sets the program's persistables in the global scope from ``state_dict``
    (name -> ndarray); names the program lacks are ignored, shapes are checked.

    Args:
        program (Program): The program whose persistable variables are set.
        state_dict (dict): Variable name -> numpy.ndarray (or Tensor); a value whose shape
            differs from the variable's raises ValueError.

    Returns:
        None.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(paddle.static.default_startup_program())
        >>> program = paddle.static.default_main_program()
        >>> paddle.static.set_program_state(program, {"fc_0.b_0": np.array([0.5], "float32")})
        >>> np.array(paddle.static.global_scope().find_var("fc_0.b_0").get_tensor())
        array([0.5], dtype=float32)
        >>> paddle.disable_static()
    """
    _set_persistables(program, state_dict, global_scope())


def load(program, model_path, executor=None, var_list=None):
    """Loads ``paddle.static.save``'s files into the global scope.

    Args:
        program (Program): The program whose persistable variables are loaded.
        model_path (str): The path given to ``paddle.static.save`` (a ``.pdparams`` or
            ``.pdopt`` suffix is dropped).
        executor (Executor, optional): For PaddlePaddle compatibility; the values go to the
            global scope. Default None.
        var_list (list, optional): Variables (or names) to load; None (the default) loads all
            and raises RuntimeError when a parameter has no saved value.

    Returns:
        None.

    Example:
        >>> paddle.enable_static()
        >>> x = paddle.static.data("x", [None, 2])
        >>> y = paddle.static.nn.fc(x, 1)
        >>> exe = paddle.static.Executor()
        >>> _ = exe.run(paddle.static.default_startup_program())
        >>> program = paddle.static.default_main_program()
        >>> paddle.static.save(program, "checkpoint/model")
        >>> bias = paddle.static.global_scope().find_var("fc_0.b_0").get_tensor()
        >>> bias.set(np.array([9.0], "float32"))  # changed after the save
        >>> paddle.static.load(program, "checkpoint/model", exe)
        >>> np.array(bias)  # the saved value again
        array([0.], dtype=float32)
        >>> paddle.disable_static()
    """
    if not isinstance(program, Program):
        raise TypeError(f"[paddle.static.load] program must be a paddle.static.Program, got "
                        f"{type(program).__name__}")
    for suffix in (".pdparams", ".pdopt"):
        if model_path.endswith(suffix):
            model_path = model_path[: -len(suffix)]
    state = load_program_state(model_path, var_list)
    missing = [n for n in _persistables(program, "param") if n not in state]
    if missing and var_list is None:
        raise RuntimeError(f"[paddle.static.load] the saved state has no value for {missing}")
    set_program_state(program, state)
