#!/usr/bin/env bash
# Installs one inference SDK component from the build/ that scripts/build.sh
# made, laid out as PaddlePaddle's (cmake/paddle_sdk.cmake):
#   scripts/install_sdk.sh COMPONENT [PREFIX]     (default PREFIX: build/install)
# COMPONENT: paddle_inference (C++, scripts/install_inference.sh) or
# paddle_inference_c (C, scripts/install_capi.sh); the SDK lands in
# PREFIX/<COMPONENT>_install_dir.
set -euo pipefail
cd "$(dirname "$0")/.."
component=$1
prefix=${2:-build/install}
[ -f build/CMakeCache.txt ] || { echo "install_sdk: run scripts/build.sh first" >&2; exit 1; }
cmake --build build --target "$component"
cmake --install build --component "$component" --prefix "$prefix"
echo "SDK in $prefix/${component}_install_dir"
