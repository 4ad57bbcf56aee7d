"""Runs the PaddlePaddle-exported MLP with paddle.inference and checks its
output against the one PaddlePaddle recorded.

Usage: python examples/mlp_infer.py MODEL_DIR
  MODEL_DIR holds model.pdmodel, model.pdiparams and io.npz (in:x, out:softmax_0.tmp_0).
Prints row 0 of the output and the max abs error; exits 0 on MATCH (<= 1e-5), 1 otherwise.
"""
import os
import sys

import numpy as np

from paddle import inference

TOLERANCE = 1e-5


def main(argv):
    if len(argv) != 2:
        print(f"usage: {argv[0]} MODEL_DIR", file=sys.stderr)
        return 2
    model_dir = argv[1]
    io = np.load(os.path.join(model_dir, "io.npz"))
    x, expected = io["in:x"], io["out:softmax_0.tmp_0"]

    config = inference.Config(
        os.path.join(model_dir, "model.pdmodel"), os.path.join(model_dir, "model.pdiparams")
    )
    predictor = inference.create_predictor(config)
    predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(x)
    predictor.run()
    out_name = predictor.get_output_names()[0]
    y = predictor.get_output_handle(out_name).copy_to_cpu()

    if y.shape != expected.shape:
        print(f"output {out_name} has shape {list(y.shape)}, expected {list(expected.shape)}")
        print("MISMATCH")
        return 1
    err = float(np.max(np.abs(y.astype(np.float64) - expected)))
    print(f"output {out_name} {list(y.shape)}, row 0: " + " ".join(f"{v:.4f}" for v in y[0]))
    verdict = "MATCH" if err <= TOLERANCE else "MISMATCH"
    print(f"max abs error vs PaddlePaddle 3.3.1: {err:.3g} -> {verdict}")
    return 0 if verdict == "MATCH" else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
