"""Records the signatures of PaddlePaddle 3.3.1's paddle.nn, paddle.nn.functional
and paddle.nn.initializer public callables (and paddle.ParamAttr,
paddle.create_parameter) into tests/data/nn_signatures.json, for
test_nn_signatures.py.

Not run by CI. Run it with the real PaddlePaddle:

    /work/venvs/paddle/bin/python tools/oracle/nn_signature_oracle.py
"""
import json
import pathlib
import sys

import paddle
import paddle.nn as nn
import paddle.nn.functional as F
import paddle.nn.initializer as I

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "python"))

from nn_signatures import parameters  # noqa: E402


def main():
    found = {}
    spaces = {"paddle.nn": nn, "paddle.nn.functional": F, "paddle.nn.initializer": I}
    for prefix, module in spaces.items():
        for name in sorted(set(getattr(module, "__all__", [])) | set(dir(module))):
            obj = getattr(module, name, None)
            if name.startswith("_") or not callable(obj):
                continue
            try:
                found[f"{prefix}.{name}"] = parameters(obj)
            except (TypeError, ValueError):
                continue  # a builtin without a signature
    found["paddle.ParamAttr"] = parameters(paddle.ParamAttr)
    found["paddle.create_parameter"] = parameters(paddle.create_parameter)
    lines = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(found.items()))
    out = ROOT / "tests" / "data" / "nn_signatures.json"
    out.write_text("{\n" + lines + "\n}\n")
    print(f"wrote {len(found)} signatures to {out}")


if __name__ == "__main__":
    main()
