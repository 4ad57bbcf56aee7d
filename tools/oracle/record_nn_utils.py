"""Records what PaddlePaddle 3.3.1's paddle.nn.utils computes for the cases
of tests/python/nn_utils_cases.py (tests/data/nn_utils/cases.npz, keys
``<case>:<name>``).

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/record_nn_utils.py
"""
import pathlib
import sys

import numpy as np
import paddle

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))

from nn_utils_cases import CASES  # noqa: E402


def main():
    out_dir = ROOT / "tests" / "data" / "nn_utils"
    out_dir.mkdir(parents=True, exist_ok=True)
    data = {}
    for case, run in CASES.items():
        for key, value in run(paddle).items():
            data[f"{case}:{key}"] = value
    np.savez_compressed(out_dir / "cases.npz", **data)
    print(f"wrote {len(CASES)} cases to {out_dir}")


if __name__ == "__main__":
    main()
