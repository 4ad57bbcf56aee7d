// Row-major GEMM for float (oneDNN's sgemm) and double (OpenBLAS's cblas).
// Kernels call this instead of a library directly so that the backend can be
// swapped (a GPU path) in one place.
#pragma once

#include <cstdint>

namespace paddle {
namespace ops {

// C[m x n] = alpha * op(A) * op(B) + beta * C, all row-major, where op(A) is
// [m x k] (A stored [k x m] when trans_a) and op(B) is [k x n] (B stored
// [n x k] when trans_b). lda/ldb/ldc are row strides of the stored matrices.
// Empty shapes are allowed: k == 0 scales C by beta. Throws InvalidArgument
// when a dimension does not fit the BLAS's 32-bit integers.
void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, float alpha,
          const float* a, int64_t lda, const float* b, int64_t ldb, float beta, float* c,
          int64_t ldc);
void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, double alpha,
          const double* a, int64_t lda, const double* b, int64_t ldb, double beta, double* c,
          int64_t ldc);

// The same with densely packed matrices (leading dimensions implied).
template <typename T>
void Gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, T alpha, const T* a,
          const T* b, T beta, T* c) {
  Gemm(trans_a, trans_b, m, n, k, alpha, a, trans_a ? m : k, b, trans_b ? k : n, beta, c, n);
}

}  // namespace ops
}  // namespace paddle
