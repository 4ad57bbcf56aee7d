"""Records what PaddlePaddle 3.3.1 computes for the 1-D/3-D convolution,
transposed convolution and pooling cases of tests/python/nn3_cases.py: each
case's outputs and the gradients of sum(out * cotangent) for its
differentiable inputs (tests/data/nn3/cases.npz, keys ``<case>:out:<k>`` and
``<case>:grad:<i>``), and the parameter names and shapes of the LAYERS
(tests/data/nn3/layers.json).

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/record_nn3.py
"""
import json
import pathlib
import sys

import numpy as np
import paddle
import paddle.nn.functional as F

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))

from nn3_cases import CASES, LAYERS  # noqa: E402
from nn_functional_cases import cotangent  # noqa: E402


def record(name, inputs, diff, call):
    tensors = [paddle.to_tensor(a, stop_gradient=i not in diff) for i, a in enumerate(inputs)]
    outs = call(paddle, F, *tensors)
    outs = outs if isinstance(outs, tuple) else (outs,)
    data = {f"{name}:out:{k}": o.numpy() for k, o in enumerate(outs)}
    first = outs[0]
    weight = paddle.to_tensor(cotangent(first.shape, name))
    grads = paddle.grad([(first * weight).sum()], [tensors[i] for i in diff])
    for i, g in zip(diff, grads):
        data[f"{name}:grad:{i}"] = g.numpy()
    return data


def main():
    out_dir = ROOT / "tests" / "data" / "nn3"
    out_dir.mkdir(parents=True, exist_ok=True)
    data = {}
    for name, (inputs, diff, call) in CASES.items():
        data.update(record(name, inputs, diff, call))
    np.savez_compressed(out_dir / "cases.npz", **data)
    layers = {name: [[p_name, list(p.shape)] for p_name, p in make(paddle.nn).named_parameters()]
              for name, make in LAYERS.items()}
    (out_dir / "layers.json").write_text(json.dumps(layers, indent=1) + "\n")
    print(f"wrote {len(CASES)} cases and {len(LAYERS)} layers to {out_dir}")


if __name__ == "__main__":
    main()
