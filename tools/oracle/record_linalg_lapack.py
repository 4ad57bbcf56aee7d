"""Records what PaddlePaddle 3.3.1's paddle.linalg computes for the cases of
tests/python/linalg_lapack_cases.py: each case's outputs and the gradients
of sum(out_k * cotangent(out_k.shape, k)) over its float outputs for its
differentiable inputs (tests/data/linalg/lapack.npz, keys ``<case>:out:<k>``
and ``<case>:grad:<i>``), or the error a case raises (``<case>:error``, or
``<case>:grad_error`` when only its gradient fails).

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/record_linalg_lapack.py
"""
import pathlib
import sys

import numpy as np
import paddle

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))

from linalg_lapack_cases import CASES, cotangent  # noqa: E402


def record(name, inputs, diff, call):
    tensors = [paddle.to_tensor(a, stop_gradient=i not in diff) for i, a in enumerate(inputs)]
    try:
        outs = call(paddle.linalg, *tensors)
    except Exception as e:  # noqa: BLE001  (the error is what is recorded)
        return {f"{name}:error": np.array(type(e).__name__)}
    data = {f"{name}:out:{k}": o.numpy() for k, o in enumerate(outs)}
    if diff:
        loss = sum((o * paddle.to_tensor(cotangent(o.shape, k), dtype=o.dtype)).sum()
                   for k, o in enumerate(outs) if o.dtype in (paddle.float32, paddle.float64))
        try:
            grads = paddle.grad([loss], [tensors[i] for i in diff], allow_unused=True)
        except Exception as e:  # noqa: BLE001  (3.3.1 fails some; the test then checks identities)
            data[f"{name}:grad_error"] = np.array(type(e).__name__)
            return data
        for i, g in zip(diff, grads):
            if g is not None:
                data[f"{name}:grad:{i}"] = g.numpy()
    return data


def main():
    out_dir = ROOT / "tests" / "data" / "linalg"
    out_dir.mkdir(parents=True, exist_ok=True)
    data = {}
    for name, (inputs, diff, call) in CASES.items():
        data.update(record(name, inputs, diff, call))
    np.savez_compressed(out_dir / "lapack.npz", **data)
    print(f"wrote {len(CASES)} cases to {out_dir}")


if __name__ == "__main__":
    main()
