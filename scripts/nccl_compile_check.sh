#!/usr/bin/env bash
# Checks that the NCCL backend of core/distributed compiles and links on a
# machine without CUDA: it fetches the pinned CUDA runtime, nvcc (for its
# crt headers), CCCL and NCCL wheels from PyPI into a cache outside the repo
# (~/.cache/paddle-nccl-check), compiles core/distributed with
# PADDLE_WITH_NCCL, and links it with --no-undefined. Needs build/ (from
# scripts/build.sh) for libpaddle_core and the generated protobuf headers.
# Not run by CI (it downloads ~100 MB); run it after changing the NCCL code.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=${PADDLE_NCCL_CHECK_CACHE:-$HOME/.cache/paddle-nccl-check}
wheels=(nvidia-cuda-runtime-cu12==12.9.79 nvidia-cuda-nvcc-cu12==12.9.86
        nvidia-cuda-cccl-cu12==12.9.27 nvidia-nccl-cu12==2.32.3)
if [ ! -f "$cache/.done" ]; then
  mkdir -p "$cache/wheels" "$cache/tree"
  .venv/bin/pip download -q --no-deps -d "$cache/wheels" "${wheels[@]}"
  for w in "$cache"/wheels/*.whl; do .venv/bin/python -m zipfile -e "$w" "$cache/tree"; done
  touch "$cache/.done"
fi
nv="$cache/tree/nvidia"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for f in core/distributed/*.cc; do
  g++ -std=c++17 -fPIC -c -Wall -Wextra -Wno-unused-parameter -Werror -DPADDLE_WITH_NCCL \
    -DOMPI_SKIP_MPICXX=1 -I. -Ibuild/gen $(mpicc --showme:compile) \
    -I"$nv/cuda_runtime/include" -I"$nv/cuda_nvcc/include" -I"$nv/cuda_cccl/include" \
    -I"$nv/nccl/include" "$f" -o "$out/$(basename "$f" .cc).o"
done
g++ -shared -o "$out/libpaddle_distributed_nccl.so" "$out"/*.o -Lbuild/core -lpaddle_core \
  $(mpicc --showme:link) "$nv/nccl/lib/libnccl.so.2" "$nv/cuda_runtime/lib/libcudart.so.12" \
  -lprotobuf -Wl,--no-undefined
echo "nccl_compile_check: core/distributed compiles and links with NCCL $(grep -m1 -o 'NCCL_VERSION_CODE [0-9]*' "$nv/nccl/include/nccl.h")"
