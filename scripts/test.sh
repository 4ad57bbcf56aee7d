#!/usr/bin/env bash
# Sets up, builds, and runs every test: C++ (ctest) and Python (pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
echo "== C++ tests (ctest)"
ctest --test-dir build --output-on-failure -j "$(nproc)"
echo "== Python tests (pytest)"
.venv/bin/python -m pytest -q tests/python
