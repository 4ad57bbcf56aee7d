// One contiguous softmax row and its gradient, vectorized; shared by softmax /
// log_softmax (softmax_op.cc) and the fused masked softmaxes
// (fused_softmax_mask_ops.cc).
#pragma once

#include <cstdint>

#include "core/ops/parallel.h"
#include "core/ops/vec_math.h"

namespace paddle {
namespace ops {

// One contiguous row of n (the last axis). Vectorized: the reductions are
// OpenMP simd reductions and exp is vec::Exp, so the loops need no fast-math.
// The row's maximum over 16 independent lanes, so the compares vectorize (a
// single running maximum is one dependency chain, and GCC keeps it scalar).
template <typename T>
inline T RowMax(const T* x, int64_t n) {
  constexpr int kLanes = 16;
  T lane[kLanes];
  for (int k = 0; k < kLanes; ++k) lane[k] = x[0];
  int64_t j = 0;
  for (; j + kLanes <= n; j += kLanes)
    for (int k = 0; k < kLanes; ++k) lane[k] = x[j + k] > lane[k] ? x[j + k] : lane[k];
  T mx = lane[0];
  for (int k = 1; k < kLanes; ++k) mx = lane[k] > mx ? lane[k] : mx;
  for (; j < n; ++j) mx = x[j] > mx ? x[j] : mx;
  return mx;
}

template <typename T>
PD_SIMD_CLONES void SoftmaxRow(const T* x, T* y, int64_t n) {
  const T mx = RowMax(x, n);
  T sum = T(0);
#pragma omp simd reduction(+ : sum)
  for (int64_t j = 0; j < n; ++j) {
    y[j] = vec::Exp(x[j] - mx);
    sum += y[j];
  }
  const T inv = T(1) / sum;
#pragma omp simd
  for (int64_t j = 0; j < n; ++j) y[j] *= inv;
}

// dX of one row from its softmax y and dY: y * (dY - sum(y * dY)).
template <typename T>
PD_SIMD_CLONES void SoftmaxGradRow(const T* y, const T* g, T* dx, int64_t n) {
  T dot = T(0);
#pragma omp simd reduction(+ : dot)
  for (int64_t j = 0; j < n; ++j) dot += y[j] * g[j];
#pragma omp simd
  for (int64_t j = 0; j < n; ++j) dx[j] = y[j] * (g[j] - dot);
}

}  // namespace ops
}  // namespace paddle
