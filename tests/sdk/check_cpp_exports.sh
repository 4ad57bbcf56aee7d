#!/bin/sh
# Fails unless the shared library LIB defines the C++ inference API
# (paddle_infer::...) and nothing else: no symbol of the rest of paddle, of
# protobuf, oneDNN, OpenBLAS or the C++ standard library may leak out.
#   check_cpp_exports.sh LIB
set -eu
lib=$1
names=$(nm -D --defined-only "$lib" | awk '{$1=""; $2=""; sub(/^  /, ""); print}' | c++filt)
# A function template's demangled name starts with its return type
# ("void paddle_infer::Tensor::CopyFromCpu<float>(float const*)").
api='^([a-z_ ]+\*? )?paddle_infer::'
others=$(printf '%s\n' "$names" | grep -Ev "$api" | grep -v '^$' || true)
count=$(printf '%s\n' "$names" | grep -Ec "$api" || true)
if [ -n "$others" ]; then
  echo "$lib exports symbols other than paddle_infer::"; printf '%s\n' "$others" | head -20
  exit 1
fi
for needed in 'paddle_infer::CreatePredictor(' 'paddle_infer::services::PredictorPool::Retrive(' \
              'void paddle_infer::Tensor::CopyFromCpu<float>(' 'paddle_infer::Predictor::Run()' \
              'paddle_infer::PaddlePassBuilder::AppendPass(' 'paddle_infer::Config::SetModelBuffer('; do
  printf '%s\n' "$names" | grep -qF "$needed" || { echo "$lib does not export $needed"; exit 1; }
done
[ "$count" -gt 40 ] || { echo "$lib exports only $count paddle_infer:: symbols"; exit 1; }
echo "$lib exports $count symbols, all paddle_infer::"
