#!/usr/bin/env bash
# Lays out the C++ inference SDK as PaddlePaddle's does, from the build/ that
# scripts/build.sh made:
#   scripts/install_inference.sh [PREFIX]     (default: build/install)
# gives PREFIX/paddle_inference_install_dir/ with version.txt,
# paddle/include/paddle_inference_api.h, paddle/lib/libpaddle_inference.so and
# the CMake package paddle/lib/cmake/paddle_inference. A project then does
#   find_package(paddle_inference REQUIRED)      # CMAKE_PREFIX_PATH=.../paddle_inference_install_dir/paddle
#   target_link_libraries(app PRIVATE paddle_inference::paddle_inference)
# (examples/cpp is such a project).
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-build/install}
[ -f build/CMakeCache.txt ] || { echo "install_inference: run scripts/build.sh first" >&2; exit 1; }
cmake --build build --target paddle_inference
cmake --install build --component paddle_inference --prefix "$prefix"
echo "C++ SDK in $prefix/paddle_inference_install_dir"
