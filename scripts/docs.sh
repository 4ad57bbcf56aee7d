#!/usr/bin/env bash
# Builds the documentation sites, English and Chinese, into build/docs/en and
# build/docs/zh (open build/docs/en/index.html); Sphinx warnings are errors.
# The operator reference is generated from the installed package, so run
# scripts/setup.sh and scripts/build.sh first.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/python tools/docs/build_sites.py
