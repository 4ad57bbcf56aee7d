#!/usr/bin/env bash
# Lays out the C++ inference SDK as PaddlePaddle's does, from the build/ that
# scripts/build.sh made:
#   scripts/install_inference.sh [PREFIX]     (default: build/install)
# gives PREFIX/paddle_inference_install_dir/ with version.txt,
# paddle/include/paddle_inference_api.h, paddle/lib/libpaddle_inference.so and
# the CMake package paddle/lib/cmake/paddle_inference. A project then does
#   find_package(paddle_inference REQUIRED)      # CMAKE_PREFIX_PATH=.../paddle_inference_install_dir/paddle
#   target_link_libraries(app PRIVATE paddle_inference::paddle_inference)
# (examples/cpp is such a project; docs/en/inference_cpp.md).
exec "$(dirname "$0")/install_sdk.sh" paddle_inference "$@"
