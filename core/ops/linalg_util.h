// What the linear-algebra ops share: batches of matrices in the last two
// dims, their shape checks, the row-major <-> column-major copies LAPACK
// needs, batch broadcasting (solve), and an LU inverse.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/framework/ddim.h"
#include "core/framework/op_context.h"

namespace paddle {
namespace ops {

// A run-time shape [..., rows, cols] seen as `batch` matrices.
struct MatrixDims {
  int64_t batch = 1, rows = 0, cols = 0;
};
MatrixDims Matrices(const DDim& d);

// Shape checks (build-time dims of -1 pass); InvalidArgument names the op,
// the input (`what`) and its shape.
void CheckMatrix(const std::string& op, const char* what, const DDim& d);
void CheckSquare(const std::string& op, const char* what, const DDim& d);
// `d` without its last `drop` dims.
DDim LeadingDims(const DDim& d, int drop);
// `d` with `tail` appended.
DDim Append(const DDim& d, std::initializer_list<int64_t> tail);
// A dim as LAPACK's 32-bit int; InvalidArgument when it does not fit.
int LapackInt(const std::string& op, int64_t v);
// The workspace size a LAPACK query call (lwork = -1) wrote into work[0].
template <typename T>
int WorkSize(T w) {
  return w < T(1) ? 1 : static_cast<int>(w);
}

// dst (cols x rows, row-major) = src (rows x cols, row-major) transposed; the
// same bytes are src in column-major order, as LAPACK reads it.
template <typename T>
void Transpose(const T* src, int64_t rows, int64_t cols, T* dst) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) dst[j * rows + i] = src[i * cols + j];
}

// Batch dims of X and Y broadcast numpy-style; for each output matrix, the X
// and Y matrices it reads. InvalidArgument names the op and both shapes.
struct BatchBroadcast {
  DDim dims;                       // the output's batch dims
  std::vector<int64_t> x_index, y_index;  // run time only
};
BatchBroadcast BroadcastBatch(const std::string& op, const DDim& x_batch, const DDim& y_batch,
                              bool runtime);

// The inverse of one n x n row-major matrix `a` into `inv` through an LU
// factorization (`lu`: n * n scratch, `ipiv`: n). False when a pivot is
// exactly zero (singular), as PaddlePaddle's test is.
template <typename T>
bool InvertMatrix(int n, const T* a, T* inv, T* lu, int* ipiv);

// The LU factorization of one n x n row-major matrix (of its transpose, in
// LAPACK's order; the determinant is the same) into `lu`; returns the
// determinant's sign from the pivots times the product of U's diagonal signs,
// and the sum of log|U_ii| in `log_abs`.
template <typename T>
T SignAndLogAbsDet(int n, const T* a, T* lu, int* ipiv, T* log_abs);

// B (n x k, row-major, overwritten) = op(A)^-1 B for the n x n triangular A
// (upper or lower triangle read; op(A) = A^T when `transpose`; a unit
// diagonal assumed when `unit`). A zero pivot gives inf/nan, as the BLAS does.
void TriangularSolve(bool upper, bool transpose, bool unit, int64_t n, int64_t k, const float* a,
                     float* b);
void TriangularSolve(bool upper, bool transpose, bool unit, int64_t n, int64_t k, const double* a,
                     double* b);

// Raise InvalidArgument "[op] <what> <b> of the batch ...": the message for a
// matrix a factorization rejected.
[[noreturn]] void ThrowBatchMatrix(const std::string& op, int64_t b, const char* why);

}  // namespace ops
}  // namespace paddle
