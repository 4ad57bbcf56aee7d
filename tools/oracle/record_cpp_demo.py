"""Records what PaddlePaddle's C++ CPU demo (Paddle-Inference-Demo's
c++/cpu/resnet50/resnet50_test.cc, rewritten in tests/sdk/resnet50_demo) must
print for tests/data/tiny_resnet224: the real PaddlePaddle 3.3.1 predictor's
output on the demo's input (batch 1, element i = i % 255 * 0.1), into
tests/data/tiny_resnet224/demo_io.npz (`out:<fetch>`; the input is not stored,
the test makes it again).

Not run by CI. Run it with PaddlePaddle itself:

    /work/venvs/paddle/bin/python tools/oracle/record_cpp_demo.py
"""
import pathlib

import numpy as np
from paddle import inference

MODEL = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "tiny_resnet224"


def demo_input(batch=1):
    """The demo's pixels: element i of the flat [batch, 3, 224, 224] input is i % 255 * 0.1."""
    n = batch * 3 * 224 * 224
    return (np.arange(n) % 255 * np.float32(0.1)).astype("float32").reshape(batch, 3, 224, 224)


def main():
    config = inference.Config(str(MODEL / "model.pdmodel"), str(MODEL / "model.pdiparams"))
    config.disable_mkldnn()
    config.switch_ir_optim(False)
    predictor = inference.create_predictor(config)
    predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(demo_input())
    predictor.run()
    outputs = {f"out:{name}": predictor.get_output_handle(name).copy_to_cpu()
               for name in predictor.get_output_names()}
    np.savez(MODEL / "demo_io.npz", **outputs)
    readme = MODEL / "README.md"  # export_models.py rewrites it: say what this file adds
    note = ("`demo_io.npz`: PaddlePaddle's output for the input of its C++ resnet50 demo "
            "(`tools/oracle/record_cpp_demo.py`, checked by tests/python/test_inference_sdk.py and test_inference_demos.py).\n")
    if note not in readme.read_text():
        readme.write_text(readme.read_text() + note)
    print({k: v.shape for k, v in outputs.items()})


if __name__ == "__main__":
    main()
