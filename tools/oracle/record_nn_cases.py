"""Records what PaddlePaddle 3.3.1 computes for the cases of
tests/python/nn_utils_cases.py (paddle.nn.utils) and nn_more_cases.py (the
later nn layers and losses): tests/data/<area>/cases.npz, keys
``<case>:<name>``, which tests/python/recorded_cases.py reads.

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/record_nn_cases.py
"""
import importlib
import pathlib
import sys

import numpy as np
import paddle

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))

AREAS = {"nn_utils": "nn_utils_cases", "nn_more": "nn_more_cases"}  # data folder: case module


def main():
    for area, module in AREAS.items():
        cases = importlib.import_module(module).CASES
        out_dir = ROOT / "tests" / "data" / area
        out_dir.mkdir(parents=True, exist_ok=True)
        data = {}
        for case, run in cases.items():
            for key, value in run(paddle).items():
                data[f"{case}:{key}"] = value
        np.savez_compressed(out_dir / "cases.npz", **data)
        print(f"wrote {len(cases)} cases to {out_dir}")


if __name__ == "__main__":
    main()
