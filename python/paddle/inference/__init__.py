"""paddle.inference: load a saved model (.pdmodel + .pdiparams) and run it.

Same names as PaddlePaddle's ``paddle.inference``::

    config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    predictor = paddle.inference.create_predictor(config)
    x = predictor.get_input_handle(predictor.get_input_names()[0])
    x.copy_from_cpu(batch)
    predictor.run()
    y = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()

The objects are the C++ ones (core/inference/paddle_inference_api.h).

Threads: a predictor and its tensor handles serve one thread at a time. To
run a model on several threads, give each thread its own ``predictor.clone()``
(clones share the loaded weights; run() releases the GIL, so clones run in
parallel), or one each from a ``PredictorPool``. A predictor may be handed
from one thread to another. Using one predictor from two threads at once
raises ``PreconditionNotMetError`` (a ``RuntimeError``) saying to clone(),
and the call changes nothing.

Errors are typed (``paddle.base.core``): a bad path, name, shape, dtype or
setting raises ``InvalidArgumentError`` (a ``ValueError``; a path or name
holding a NUL character included), a missing file or name ``NotFoundError``
(a ``LookupError``), a corrupt model or one rewritten while loading
``InvalidModelError`` (a ``ValueError``), a call in the wrong state
``PreconditionNotMetError``, out of memory ``ResourceExhaustedError`` (a
``MemoryError``). Each message names the file, op, input or setting.

Handles keep what they point into alive: an output handle can be read after
its predictor is gone.
"""
from .._core import AnalysisConfig as Config
from .._core import PaddleDType as DataType
from .._core import PaddleInferPredictor as Predictor
from .._core import PaddleInferTensor as Tensor
from .._core import PredictorPool
from .._core import PaddlePlace as PlaceType
from .._core import (
    create_predictor,
    get_num_bytes_of_data_type,
    get_trt_compile_version,
    get_trt_runtime_version,
    get_version,
)

# PaddlePaddle's name for Config.Precision (also Config.Float32, Config.Half, ...).
PrecisionType = Config.Precision

__all__ = [
    "Config",
    "DataType",
    "PlaceType",
    "PrecisionType",
    "Predictor",
    "PredictorPool",
    "Tensor",
    "create_predictor",
    "get_num_bytes_of_data_type",
    "get_trt_compile_version",
    "get_trt_runtime_version",
    "get_version",
]
