"""Records what PaddlePaddle 3.3.1's paddle.nn.functional computes for the
cases in tests/python/nn_functional_cases.py: each case's outputs and the
gradients of sum(out * cotangent) for its differentiable inputs, into
tests/data/nn_functional/cases.npz (keys ``<case>:out:<k>`` and
``<case>:grad:<i>``).

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/nn_functional_oracle.py
"""
import pathlib
import sys

import numpy as np
import paddle
import paddle.nn.functional as F

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))

from nn_functional_cases import CASES, cotangent  # noqa: E402


def record(name, inputs, diff, call):
    tensors = [paddle.to_tensor(a, stop_gradient=i not in diff) for i, a in enumerate(inputs)]
    outs = call(paddle, F, *tensors)
    outs = outs if isinstance(outs, tuple) else (outs,)
    data = {f"{name}:out:{k}": o.numpy() for k, o in enumerate(outs)}
    if diff:
        first = outs[0]
        weight = paddle.to_tensor(cotangent(first.shape, name))
        grads = paddle.grad([(first * weight).sum()], [tensors[i] for i in diff])
        for i, g in zip(diff, grads):
            data[f"{name}:grad:{i}"] = g.numpy()
    return data


def main():
    data = {}
    for name, (inputs, diff, call) in CASES.items():
        data.update(record(name, inputs, diff, call))
    out = ROOT / "tests" / "data" / "nn_functional" / "cases.npz"
    np.savez_compressed(out, **data)
    print(f"wrote {len(CASES)} cases to {out}")


if __name__ == "__main__":
    main()
