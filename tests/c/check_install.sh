#!/bin/sh
# Installs the C SDK from BUILD_DIR into a temporary prefix (the layout of
# PaddlePaddle's paddle_inference_c_install_dir), then builds the C99 example
# against the installed header and library only, and runs it on the MLP. The
# header must also compile as C++11.
#   check_install.sh BUILD_DIR C_COMPILER CXX_COMPILER SOURCE_DIR
set -eu
build=$1 cc=$2 cxx=$3 src=$4
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --component paddle_inference_c --prefix "$prefix" >/dev/null
sdk=$prefix/paddle_inference_c_install_dir/paddle
for f in include/pd_inference_api.h lib/libpaddle_inference_c.so lib/libpaddle_core.so; do
  [ -f "$sdk/$f" ] || { echo "missing $sdk/$f"; exit 1; }
done
"$cc" -std=c99 -pedantic -Werror -Wall -Wextra -I"$sdk/include" \
  "$src/examples/c/mlp_infer.c" -o "$prefix/mlp_infer_c" -L"$sdk/lib" -lpaddle_inference_c -lm
echo '#include "pd_inference_api.h"' |
  "$cxx" -std=c++11 -pedantic -Werror -Wall -Wextra -fsyntax-only -I"$sdk/include" -x c++ -
# The installed libraries find each other through their $ORIGIN run path;
# only the program needs to be told where they are.
LD_LIBRARY_PATH="$sdk/lib" "$prefix/mlp_infer_c" "$src/tests/data/mlp" \
  "$src/tests/data/mlp/softmax_0.tmp_0.f32"
grep -q '^GIT COMMIT ID: ' "$prefix/paddle_inference_c_install_dir/version.txt"
# The CMake package: a project finds the SDK by its config alone and links its
# one target; the program then runs without LD_LIBRARY_PATH (CMake's run path).
mkdir "$prefix/user"
cat > "$prefix/user/CMakeLists.txt" <<CML
cmake_minimum_required(VERSION 3.16)
project(c_sdk_user C)
find_package(paddle_inference_c 0.1 REQUIRED)
add_executable(mlp_infer_c "$src/examples/c/mlp_infer.c")
set_target_properties(mlp_infer_c PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF)
target_link_libraries(mlp_infer_c PRIVATE paddle_inference_c::paddle_inference_c m)
CML
cmake -S "$prefix/user" -B "$prefix/user/build" -DCMAKE_C_COMPILER="$cc" \
  -DCMAKE_PREFIX_PATH="$sdk" >/dev/null
cmake --build "$prefix/user/build" >/dev/null
"$prefix/user/build/mlp_infer_c" "$src/tests/data/mlp" "$src/tests/data/mlp/softmax_0.tmp_0.f32"
