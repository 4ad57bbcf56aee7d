#!/usr/bin/env bash
# Sets up, builds, and runs every test: C++ (ctest), Python (pytest), Java
# (JUnit, scripts/java.sh), the API-spec staleness check and approval gate
# (tools/api_diff), the documentation sites and their coverage gate
# (tools/docs), the fuzzer's regression inputs and a one-minute fuzz run
# (scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
echo "== C++ tests (ctest)"
ctest --test-dir build --output-on-failure -j "$(nproc)"
echo "== Python tests (pytest)"
.venv/bin/python -m pytest -q tests/python
echo "== Java API: JUnit tests and the jar (scripts/java.sh)"
bash scripts/java.sh
echo "== API specs (api_spec/ must match what tools/api_diff generates)"
.venv/bin/python -m tools.api_diff check
echo "== API gate (every change from api_spec/BASE/ needs its approvals: api_spec/POLICY)"
.venv/bin/python -m tools.api_diff gate
echo "== Documentation sites, English and Chinese (scripts/docs.sh; warnings are errors)"
bash scripts/docs.sh
echo "== Documentation coverage gate (every API and op in both languages, current, examples run)"
.venv/bin/python tools/docs/coverage_gate.py --report build/docs/coverage.txt
echo "== Fuzzer: past findings, then 60 s of model loading (ASan + UBSan)"
bash scripts/fuzz.sh --replay tests/fuzz/crashes
bash scripts/fuzz.sh 60
