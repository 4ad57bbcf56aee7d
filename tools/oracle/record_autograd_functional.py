"""Records what PaddlePaddle 3.3.1's paddle.autograd.jacobian and hessian give,
for tests/data/autograd/functional.json.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_autograd_functional.py

Each case is a Python expression over `paddle` and the inputs `x` ([3]), `z`
(0-D), `xb` ([2, 2]), `x1` ([2]), `x2` ([1]); it records the shape and the
full matrix of each Jacobian or Hessian it returns (nested as the tuples are).
"""
import json
import pathlib

import paddle

REPO = pathlib.Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "data" / "autograd" / "functional.json"

CASES = {
    "vector": "paddle.autograd.jacobian(x * x, x)",
    "sin_cross": "paddle.autograd.jacobian(paddle.stack([x[0] * x[1], x[1].sin() + x[2] ** 2]), x)",
    "scalar_y": "paddle.autograd.jacobian((x * x).sum(), x)",
    "scalar_x": "paddle.autograd.jacobian(x * z, z)",
    "batched": "paddle.autograd.jacobian(xb * xb.sum(-1, keepdim=True), xb, batch_axis=0)",
    "tuples": "paddle.autograd.jacobian((x1 * x2, x1.sum() * x2), (x1, x2))",
    "ys_tuple": "paddle.autograd.jacobian((x1.exp(), x1 * 3.0), x1)",
    "hessian": "paddle.autograd.hessian((x ** 3).sum() + x.exp().sum() * x.sum(), x)",
    "hessian_batched": "paddle.autograd.hessian((xb ** 3).sum(-1) * xb.sum(-1), xb, batch_axis=0)",
}


def inputs():
    def t(v):
        return paddle.to_tensor(v, dtype="float32", stop_gradient=False)
    return {"paddle": paddle, "x": t([1.0, 2.0, 3.0]), "z": t(2.0), "xb": t([[1.0, 2.0], [3.0, 4.0]]),
            "x1": t([1.0, 2.0]), "x2": t([3.0])}


def record(value):
    if isinstance(value, tuple):
        return [record(v) for v in value]
    return {"shape": list(value.shape), "value": value[:].numpy().tolist() if value.shape else None}


def main():
    out = {name: record(eval(expr, inputs())) for name, expr in CASES.items()}
    out = {"cases": {name: {"expr": CASES[name], "result": r} for name, r in out.items()}}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
