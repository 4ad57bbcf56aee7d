#!/usr/bin/env bash
# Lays out the C inference SDK as PaddlePaddle's does, from the build/ that
# scripts/build.sh made:
#   scripts/install_capi.sh [PREFIX]     (default: build/install)
# gives PREFIX/paddle_inference_c_install_dir/paddle/include/pd_inference_api.h
# and .../paddle/lib/libpaddle_inference_c.so (with libpaddle_core.so, which it
# loads from its own folder), version.txt and the CMake package
# paddle/lib/cmake/paddle_inference_c. Compile with -I.../include, link with
# -L.../lib -lpaddle_inference_c, or find_package(paddle_inference_c) and link
# paddle_inference_c::paddle_inference_c.
exec "$(dirname "$0")/install_sdk.sh" paddle_inference_c "$@"
