"""paddle.save and paddle.load: objects holding Tensors (state_dicts of layers
and optimizers, single tensors, nested lists and dicts) in PaddlePaddle's
pickle files (_saved_format.py says how they are laid out), to a path or a
BytesIO."""
import io as _io
import os
import pickle
import struct
import warnings

from . import _checked_unpickle
from . import _saved_format as _fmt
from . import _tensor_stream

__all__ = ["save", "load"]

_SAVE_CONFIGS = ("use_binary_format", "pickle_protocol", "safetensors")
_LOAD_CONFIGS = ("model_filename", "params_filename", "keep_name_table", "return_numpy",
                 "safetensors")
# What a damaged pickle stream raises besides EOFError (LookupError: a
# protocol 2 pickle's bytes name their codec, which damage can misspell).
_CORRUPT_STREAM_ERRORS = (pickle.UnpicklingError, ValueError, KeyError, IndexError, TypeError,
                          OverflowError, MemoryError, LookupError, struct.error)


def _check_configs(configs, supported, fn):
    for key in configs:
        if key not in supported:
            raise ValueError(f"The additional config ({key}) of `paddle.{fn}` is not supported.")
    if configs.get("safetensors"):
        raise NotImplementedError(f"paddle.{fn}: the safetensors format is not supported; "
                                  "use the default pickle format")


def _check_protocol(protocol):
    if not isinstance(protocol, int) or isinstance(protocol, bool):
        raise ValueError(f"The 'protocol' MUST be `int`, but received {type(protocol)}")
    if protocol < 2 or protocol > 4:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")


def _prepare_path(path):
    """Checks a save target; makes the missing directories of a file path."""
    if isinstance(path, str):
        if os.path.basename(path) == "":
            raise ValueError("The input path MUST be format of dirname/filename [dirname\\filename "
                             "in Windows system], but received filename is empty string.")
        dirname = os.path.dirname(path)
        if dirname:
            os.makedirs(dirname, exist_ok=True)
    elif not isinstance(path, _io.BytesIO):
        raise ValueError(f"only supports saving objects to file and `BytesIO`, but got {type(path)}")


def _write(path, write):
    if isinstance(path, _io.BytesIO):
        write(path)
        path.flush()
        return
    try:
        with open(path, "wb") as f:
            write(f)
    except BaseException:
        # A half-written file would load as a truncated one: leave none.
        if os.path.exists(path):
            os.remove(path)
        raise


def save(obj, path, protocol=4, **configs):
    """Saves ``obj`` (a Tensor, a layer's or optimizer's state_dict, or nested
    lists/tuples/dicts of Tensors and plain Python values) to the file ``path``
    (missing directories are made) or a ``BytesIO``, in PaddlePaddle's pickle
    format: files written here load in PaddlePaddle and the other way round.

    Args:
        obj: what to save. A Layer, a generator, ``bytes`` and other iterables
            besides list/tuple/dict/set/str are refused.
        path (str|BytesIO): the file name (``.pdparams`` for a layer's
            state_dict and ``.pdopt`` for an optimizer's, by convention) or buffer.
        protocol (int, optional): the pickle protocol, 2, 3 or 4. Under 2 and 3
            arrays over 1 GiB in a state_dict are stored in slices. Default 4.
        **configs: ``pickle_protocol`` (deprecated spelling of ``protocol``),
            ``use_binary_format`` (bool: save a single Tensor in the C++ tensor
            stream format instead of a pickle; default False),
            ``safetensors`` (not supported).

    Returns:
        None

    Example:
        >>> import os
        >>> import tempfile
        >>> import paddle
        >>> w = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> path = os.path.join(tempfile.mkdtemp(), "model", "linear.pdparams")
        >>> paddle.save({"w": w}, path)
        >>> paddle.load(path)["w"].shape
        paddle.Size([2, 2])
    """
    _check_configs(configs, _SAVE_CONFIGS, "save")
    use_binary = configs.get("use_binary_format", False)
    if not isinstance(use_binary, bool):
        raise TypeError(f"Type of `use_binary_format` should be bool, but received {type(use_binary)}.")
    if use_binary:
        if not isinstance(obj, _fmt.Tensor):
            raise NotImplementedError("When use_binary_format = True, `paddle.save`  expected "
                                      f"Tensor, but received {type(obj)}.")
        _prepare_path(path)
        _write(path, lambda f: _tensor_stream.write(obj, f))
        return
    if configs.get("pickle_protocol") is not None:
        protocol = configs["pickle_protocol"]
        warnings.warn("'pickle_protocol' is a deprecated argument. Please use 'protocol' instead.")
    _check_protocol(protocol)

    if _fmt.is_state_dict(obj):
        if len(obj) == 0:
            warnings.warn("The input state dict is empty, no need to save.")
        payload = _fmt.state_dict_payload(obj, protocol)
        _prepare_path(path)
        _write(path, lambda f: pickle.dump(payload, f, protocol=protocol))
    else:
        _fmt.check_picklable(obj)
        _prepare_path(path)
        _write(path, lambda f: _fmt.TensorPickler(f, protocol).dump(obj))


class _NotAPickle(ValueError):
    pass


def _unpickle(f, where):
    if _remaining_bytes(f) == 0:
        raise EOFError(f"paddle.load: {where} is empty (Ran out of input)")
    try:
        return _checked_unpickle.load(f)
    except EOFError:
        raise EOFError(f"paddle.load: {where} ends before its pickle does (the file is "
                       "truncated)") from None
    except _CORRUPT_STREAM_ERRORS as e:
        kind = _NotAPickle if isinstance(e, pickle.UnpicklingError) else ValueError
        raise kind(f"`paddle.load` can not parse the file:{where}. It is not a "
                   f"paddle.save pickle or it is damaged ({type(e).__name__}: {e})") from None


def _load_from(f, where, return_numpy, keep_name_table):
    start = f.tell()
    try:
        return _fmt.restore(_unpickle(f, where), return_numpy, keep_name_table)
    except _NotAPickle as not_pickle:
        # What paddle.save(tensor, use_binary_format=True) wrote?
        f.seek(start)
        try:
            arr = _tensor_stream.read(f.read())
        except ValueError:
            raise not_pickle from None
        return arr if return_numpy else _fmt.numpy_to_tensor(arr)


def _remaining_bytes(f):
    here = f.tell()
    end = f.seek(0, os.SEEK_END)
    f.seek(here)
    return end - here


def load(path, **configs):
    """Loads what :func:`save` (here or in PaddlePaddle) wrote to the file
    ``path`` or a ``BytesIO``: saved Tensors come back as Tensors (named as
    they were, stop_gradient=True), other values as they were saved.

    Args:
        path (str|BytesIO): the file, or a buffer positioned at the data.
        **configs: ``return_numpy`` (bool: give numpy.ndarrays instead of
            Tensors; default False), ``keep_name_table`` (bool: keep a
            state_dict's ``"StructuredToParameterName@@"`` entry; default False),
            ``model_filename`` and ``params_filename`` (accepted, unused: for
            PaddlePaddle 1.x model directories, which are not read here).

    Returns:
        the saved object.

    Raises:
        ValueError: the path does not exist, is a directory, or is not a
            paddle.save pickle. EOFError: the data is empty or cut short.

    Example:
        >>> import io
        >>> import paddle
        >>> buf = io.BytesIO()
        >>> paddle.save([paddle.to_tensor([1.0, 2.0]), "step", 3], buf)
        >>> _ = buf.seek(0)
        >>> paddle.load(buf, return_numpy=True)
        [array([1., 2.], dtype=float32), 'step', 3]
    """
    _check_configs(configs, _LOAD_CONFIGS, "load")
    return_numpy = bool(configs.get("return_numpy", False))
    keep_name_table = bool(configs.get("keep_name_table", False))
    if isinstance(path, _io.BytesIO):
        start = path.tell()
        try:
            return _load_from(path, "<BytesIO>", return_numpy, keep_name_table)
        except BaseException:
            path.seek(start)  # as PaddlePaddle leaves a buffer it could not read
            raise
    if not isinstance(path, str):
        raise TypeError(f"paddle.load: path must be a str file path or an io.BytesIO, "
                        f"got {type(path).__name__}")
    if not os.path.exists(path):
        raise ValueError(f"The ``path`` ({path}) to load model not exists.")
    if os.path.isdir(path):
        raise ValueError(f"paddle.load: '{path}' is a directory; give the file paddle.save "
                         "wrote (PaddlePaddle 1.x model directories are not read here)")
    with open(path, "rb") as f:
        return _load_from(f, path, return_numpy, keep_name_table)
