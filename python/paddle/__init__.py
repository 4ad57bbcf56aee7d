"""paddle: a deep-learning SDK compatible with PaddlePaddle's Python API and model format.

The heavy lifting lives in the C++ extension ``paddle._core``: eager tensors,
op dispatch and the autograd engine (core/eager), the kernels, the executor
and inference. The modules here give it PaddlePaddle's names.
"""
from importlib import import_module as _import_module
from importlib.metadata import PackageNotFoundError as _PackageNotFoundError
from importlib.metadata import version as _dist_version

from . import _core  # noqa: F401  (loads the C++ core first: everything below needs it)
from . import base, inference  # noqa: F401
from . import autograd  # noqa: F401
from . import device  # noqa: F401
from . import framework  # noqa: F401
from . import tensor  # noqa: F401  (first of the APIs: the others build on the tensor functions)
from . import amp  # noqa: F401
from . import io  # noqa: F401
from . import jit  # noqa: F401
from . import nn  # noqa: F401
from . import optimizer  # noqa: F401
from . import profiler  # noqa: F401
from . import regularizer  # noqa: F401
from . import static  # noqa: F401
from . import utils  # noqa: F401
from . import version  # noqa: F401
from . import metric  # noqa: F401
from . import callbacks, hapi  # noqa: F401  (after nn, optimizer, io, jit: Model uses them)
from . import vision  # noqa: F401  (after nn and io, which it builds on)
from . import distributed  # noqa: F401  (after nn: DataParallel is a Layer)
from . import distribution  # noqa: F401  (after nn: its transforms use nn.functional)
from . import audio, fft, signal  # noqa: F401  (after tensor: built on its functions)
from . import geometric  # noqa: F401
from . import text  # noqa: F401  (after nn, io and vision: its layer and datasets use them)
from . import incubate  # noqa: F401  (after geometric, nn and optimizer: built on them)
from . import hub  # noqa: F401
from .tensor import tensor_methods_extra  # noqa: F401,E402  (after signal: Tensor.stft)
from .device import get_device, is_compiled_with_cuda, set_device
from .device.place import CPUPlace, CUDAPinnedPlace, CUDAPlace
from .static.mode import disable_static, enable_static, in_dynamic_mode
from ._flags import get_flags, set_flags
from .autograd import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .autograd.backward_mode import grad
from .framework import (
    Size, bfloat16, bool, complex64, complex128, dtype, float16, float32, float64,
    get_default_dtype,
    int8, int16, int32, int64, seed, set_default_dtype, uint8,
    get_rng_state, set_rng_state,
    uint16, uint32, uint64, float8_e4m3fn, float8_e5m2, pstring, raw,
)
from .framework._async_save import async_save, clear_async_save_task_queue
from .framework.dtype_aliases import (  # noqa: A004  (PaddlePaddle's names shadow builtins here)
    cdouble, cfloat, double, e, float, half, inf, nan, newaxis, pi,
)
from .framework.generator import (
    Generator, get_cuda_rng_state, manual_seed, set_cuda_rng_state,
)
from .framework.io import load, save
from .tensor import *  # noqa: F401,F403
for _name in tensor._NOT_IN_PADDLE:  # paddle.tensor's own names (as in 3.3.1)
    del globals()[_name]
from .tensor import (
    attribute as _attribute, creation as _creation, gather_scatter as _gather_scatter,
    layout as _layout, linalg as _tensor_linalg, logic as _logic, manipulation as _manip,
    math as _math, numeric as _numeric, ordered as _ordered, search as _search, stat as _stat,
    aliases as _aliases, inplace as _inplace, joining as _joining,
    complex_numbers as _complex_numbers, window as _window,
    linalg_composite as _linalg_composite, predicates as _predicates,
    scatter_extra as _scatter_extra, stat_extra as _stat_extra,
    creation_extra as _creation_extra, special_extra as _special_extra,
    typed_tensors as _typed_tensors, random_extra as _random_extra,
    manipulation_more as _manipulation_more, more_functions as _more_functions,
    mmap_storage as _mmap_storage,
)
# paddle.linalg is its own module; the star import above bound the name to
# paddle.tensor.linalg, so load the submodule by name.
linalg = _import_module(".linalg", __name__)
from .base.framework import create_parameter
from .base.param_attr import ParamAttr
from .hapi import Model, flops, summary
from .distributed import DataParallel
from .nn.functional import (
    adaptive_avg_pool1d, conv1d, conv2d, conv3d, group_norm, layer_norm, pdist,
)
from .amp import (
    autocast, get_autocast_cpu_dtype, get_autocast_dtype, get_autocast_gpu_dtype,
    is_autocast_enabled,
)
from .utils.dlpack import from_dlpack, to_dlpack
from .batch import batch
from .torch_compat import disable_compat, enable_compat
from .nn.initializer.lazy_init import LazyGuard
from .base.data_feeder import check_shape
from .base.framework import disable_signal_handler
from . import sysconfig  # noqa: F401

ger = outer  # noqa: F405  (PaddlePaddle's other name of paddle.outer)

Tensor = _core.Tensor

try:
    # One source of truth for the version: pyproject.toml, via the installed metadata.
    __version__ = _dist_version("paddle")
except _PackageNotFoundError:  # imported from a build tree that was never installed
    __version__ = "0.0.0+unknown"

__all__ = (
    ["get_flags", "set_flags", "inference", "Tensor", "dtype", "grad", "no_grad", "enable_grad",
     "set_grad_enabled", "is_grad_enabled", "seed", "set_default_dtype", "get_default_dtype",
     "bool", "int8", "uint8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
     "float64", "complex64", "complex128", "ParamAttr", "create_parameter", "Size",
     "set_device", "get_device", "is_compiled_with_cuda", "CPUPlace", "CUDAPlace",
     "CUDAPinnedPlace", "enable_static", "disable_static", "in_dynamic_mode"]
    + ["autograd", "io", "jit", "linalg", "nn", "optimizer", "static", "utils", "save", "load"]
    + ["Model", "summary", "flops", "distributed", "DataParallel"]
    + _creation.__all__ + _math.__all__ + _manip.__all__ + _logic.__all__ + _attribute.__all__
    + _gather_scatter.__all__ + _layout.__all__ + _numeric.__all__ + _ordered.__all__
    + _search.__all__
    # diagonal is both paddle.diagonal and paddle.linalg.diagonal in 3.3.1
    + _stat.__all__ + [n for n in _tensor_linalg.__all__ if n not in linalg.__all__ or
                       n == "diagonal"]
    + _aliases.__all__ + _inplace.__all__ + _joining.__all__ + _predicates.__all__
    + [n for n in _linalg_composite.__all__ if n not in linalg.__all__]
    + _scatter_extra.__all__
    + [n for n in _stat_extra.__all__ if n not in linalg.__all__]
    + _creation_extra.__all__ + ["get_rng_state", "set_rng_state", "set_printoptions"]
    + _special_extra.__all__ + ["einsum"] + _complex_numbers.__all__ + _window.__all__
    + ["audio", "fft", "signal"]
    + ["uint16", "uint32", "uint64", "float8_e4m3fn", "float8_e5m2", "pstring", "raw"]
    + ["float", "double", "half", "cfloat", "cdouble", "pi", "e", "inf", "nan", "newaxis",
       "Generator", "manual_seed", "get_cuda_rng_state", "set_cuda_rng_state",
       "adaptive_avg_pool1d", "conv1d", "conv2d", "conv3d", "group_norm", "layer_norm", "pdist",
       "autocast", "is_autocast_enabled", "get_autocast_dtype", "get_autocast_cpu_dtype",
       "get_autocast_gpu_dtype", "from_dlpack", "to_dlpack", "batch", "check_shape",
       "disable_signal_handler", "ger", "LazyGuard", "enable_compat",
       "disable_compat"]
    + [n for n in _typed_tensors.__all__ + _random_extra.__all__ + _manipulation_more.__all__
       + _more_functions.__all__ + _mmap_storage.__all__ if n not in tensor._NOT_IN_PADDLE]
)
