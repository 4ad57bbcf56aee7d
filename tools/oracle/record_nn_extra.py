"""Records what PaddlePaddle 3.3.1 computes for the padding-layer and
extra-activation cases of tests/python/nn_extra_cases.py: each case's outputs
and the gradients of sum(out * cotangent) for its differentiable inputs
(tests/data/nn_extra/cases.npz, keys ``<case>:out:<k>`` and ``<case>:grad:<i>``).

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/record_nn_extra.py
"""
import pathlib
import sys

import numpy as np
import paddle
import paddle.nn.functional as F

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))
sys.path.insert(0, str(ROOT / "tools" / "oracle"))

from nn_extra_cases import CASES  # noqa: E402
from record_nn3 import record  # noqa: E402  (the same recording of outputs and gradients)


def main():
    out_dir = ROOT / "tests" / "data" / "nn_extra"
    out_dir.mkdir(parents=True, exist_ok=True)
    data = {}
    for name, (inputs, diff, call) in CASES.items():
        if diff:
            data.update(record(name, inputs, diff, call))
        else:  # nothing to differentiate (integer inputs): the output only
            out = call(paddle, F, *[paddle.to_tensor(a) for a in inputs])
            data[f"{name}:out:0"] = out.numpy()
    np.savez_compressed(out_dir / "cases.npz", **data)
    print(f"wrote {len(CASES)} cases to {out_dir}")


if __name__ == "__main__":
    main()
