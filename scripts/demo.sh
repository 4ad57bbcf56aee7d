#!/usr/bin/env bash
# The main job: set up, build, then run the PaddlePaddle-exported MLP from
# Python and from a C++ program, and check both against its recorded outputs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
echo "== Python: paddle.inference"
.venv/bin/python examples/mlp_infer.py tests/data/mlp
echo "== C++: paddle_infer (no Python)"
./build/examples/mlp_infer tests/data/mlp
