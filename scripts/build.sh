#!/usr/bin/env bash
# Builds everything (libpaddle_core, paddle._core, C++ tests, examples,
# benchmarks) in build/ and installs the Python package into .venv.
# Incremental: ccache and the kept build directory make a rebuild of
# unchanged code take seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
export CMAKE_GENERATOR=Ninja
# ccache keys on relative paths, so a clone in another folder (CI) reuses the cache.
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
.venv/bin/pip install -q --disable-pip-version-check --no-build-isolation --no-deps \
  -Cbuild-dir=build -Ccmake.define.PADDLE_BUILD_TESTS=ON .
