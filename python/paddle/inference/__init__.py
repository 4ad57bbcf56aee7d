"""paddle.inference: load a saved model (.pdmodel + .pdiparams) and run it.

Same names as PaddlePaddle's ``paddle.inference``::

    config = paddle.inference.Config("model.pdmodel", "model.pdiparams")
    predictor = paddle.inference.create_predictor(config)
    x = predictor.get_input_handle(predictor.get_input_names()[0])
    x.copy_from_cpu(batch)
    predictor.run()
    y = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()

The objects are the C++ ones (core/inference/paddle_inference_api.h); run()
releases the GIL, so a clone per thread runs in parallel.
"""
from .._core import AnalysisConfig as Config
from .._core import PaddleDType as DataType
from .._core import PaddleInferPredictor as Predictor
from .._core import PaddleInferTensor as Tensor
from .._core import PaddlePlace as PlaceType
from .._core import create_predictor, get_version

__all__ = [
    "Config",
    "DataType",
    "PlaceType",
    "Predictor",
    "Tensor",
    "create_predictor",
    "get_version",
]
