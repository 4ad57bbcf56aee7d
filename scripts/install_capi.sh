#!/usr/bin/env bash
# Lays out the C inference SDK as PaddlePaddle's does, from the build/ that
# scripts/build.sh made:
#   scripts/install_capi.sh [PREFIX]     (default: build/install)
# gives PREFIX/paddle_inference_c_install_dir/paddle/include/pd_inference_api.h
# and .../paddle/lib/libpaddle_inference_c.so (with libpaddle_core.so, which it
# loads from its own folder). Compile with -I.../include, link with
# -L.../lib -lpaddle_inference_c.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:-build/install}
[ -f build/CMakeCache.txt ] || { echo "install_capi: run scripts/build.sh first" >&2; exit 1; }
cmake --build build --target paddle_inference_c
cmake --install build --component paddle_inference_c --prefix "$prefix"
echo "C SDK in $prefix/paddle_inference_c_install_dir"
