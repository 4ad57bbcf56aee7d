"""Records what PaddlePaddle 3.3.1's Orthogonal, Dirac and Bilinear
initializers give, for tests/data/nn_initializer/structured.json.

Not run by CI (it needs PaddlePaddle itself). Run it from the repository root
with a Python that has `paddlepaddle==3.3.1`:

    /path/to/venv/bin/python tools/oracle/record_structured_initializers.py

Each case creates a float32 parameter of a shape with the initializer (given
as an expression over `I` = paddle.nn.initializer) after paddle.seed(7).
"""
import json
import pathlib

import paddle

REPO = pathlib.Path(__file__).resolve().parents[2]
OUT = REPO / "tests" / "data" / "nn_initializer" / "structured.json"

CASES = {
    "orthogonal_wide": ([3, 5], "I.Orthogonal()"),
    "orthogonal_tall_gain": ([6, 2], "I.Orthogonal(gain=2.0)"),
    "orthogonal_conv": ([4, 2, 3], "I.Orthogonal()"),
    "dirac": ([4, 2, 3], "I.Dirac()"),
    "dirac_groups": ([4, 4, 3, 3], "I.Dirac(groups=2)"),
    "dirac_3d": ([2, 3, 3, 3, 3], "I.Dirac()"),
    "bilinear": ([2, 1, 3, 3], "I.Bilinear()"),
    "bilinear_4": ([1, 2, 4, 4], "I.Bilinear()"),
}


def main():
    out = {}
    for name, (shape, expr) in CASES.items():
        paddle.seed(7)
        init = eval(expr, {"I": paddle.nn.initializer})
        w = paddle.create_parameter(shape, "float32", default_initializer=init)
        out[name] = {"shape": shape, "init": expr, "value": w.numpy().tolist()}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
