#!/bin/sh
# Fails unless the shared library LIB defines PD_* functions and nothing else
# (no C++ symbols of paddle, protobuf or the standard library leak out).
#   check_exports.sh LIB
set -eu
lib=$1
syms=$(nm -D --defined-only "$lib" | awk '{print $3}')
others=$(printf '%s\n' "$syms" | grep -v '^PD_' | grep -v '^$' || true)
count=$(printf '%s\n' "$syms" | grep -c '^PD_' || true)
if [ -n "$others" ]; then
  echo "$lib exports symbols other than PD_*:"; printf '%s\n' "$others" | head -20
  exit 1
fi
[ "$count" -gt 50 ] || { echo "$lib exports only $count PD_* symbols"; exit 1; }
echo "$lib exports $count symbols, all PD_*"
