#!/usr/bin/env bash
# The main job: set up, build, train the digits CNN in eager mode, export it
# with paddle.jit.save, and serve the export from Python (paddle.inference),
# from a C++ program (paddle_infer), from a C one (the C API) and from Java
# (JNI over the C API), none using Python, printing the accuracy and whether
# the served outputs match the trained model's. Then the same C++ and Python
# predictors run an MLP exported by the real PaddlePaddle 3.3.1 against
# the outputs it recorded.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
echo "== Train, export, serve from Python: examples/digits_train.py"
.venv/bin/python examples/digits_train.py --out build/digits
echo "== Serve the export from C++: examples/digits_infer.cc"
./build/examples/digits_infer build/digits
echo "== Serve the export from C: examples/c/digits_infer.c"
./build/examples/digits_infer_c build/digits
echo "== Serve the export from Java: examples/java/DigitsInfer.java (scripts/java.sh)"
bash scripts/java.sh build/digits
echo "== A model exported by PaddlePaddle 3.3.1, from Python and C++"
.venv/bin/python examples/mlp_infer.py tests/data/mlp
./build/examples/mlp_infer tests/data/mlp
