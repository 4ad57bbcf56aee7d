"""paddle.framework: dtypes, the default dtype, the random seed, save and load (async_save
in the background)."""
from .dtypes import (  # noqa: F401
    bfloat16, bool, complex64, complex128, dtype, float16, float32, float64, get_default_dtype,
    int8, int16, int32, int64, set_default_dtype, uint8,
    float8_e4m3fn, float8_e5m2, pstring, raw, uint16, uint32, uint64,
)
from .random import get_rng_state, seed, set_rng_state  # noqa: F401
from ._async_save import async_save, clear_async_save_task_queue  # noqa: F401
from .size import Size  # noqa: F401
from .io import load, save  # noqa: F401
