#include "core/ops/linalg_util.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/base/enforce.h"
#include "core/ops/lapack.h"

namespace paddle {
namespace ops {

MatrixDims Matrices(const DDim& d) {
  MatrixDims m;
  const int r = d.rank();
  m.rows = d[r - 2];
  m.cols = d[r - 1];
  for (int i = 0; i < r - 2; ++i) m.batch *= d[i];
  return m;
}

void CheckMatrix(const std::string& op, const char* what, const DDim& d) {
  PD_CHECK(d.rank() >= 2, InvalidArgument, "[", op, "] ", what,
           " must be a matrix or a batch of matrices ([..., M, N], rank >= 2), got shape ",
           d.ToString());
}

void CheckSquare(const std::string& op, const char* what, const DDim& d) {
  CheckMatrix(op, what, d);
  const int64_t m = d[d.rank() - 2], n = d[d.rank() - 1];
  PD_CHECK(m < 0 || n < 0 || m == n, InvalidArgument, "[", op, "] ", what,
           " must be square matrices ([..., N, N]), got shape ", d.ToString());
}

DDim LeadingDims(const DDim& d, int drop) {
  std::vector<int64_t> v = d.ToVector();
  v.resize(v.size() - drop);
  return DDim(v);
}

DDim Append(const DDim& d, std::initializer_list<int64_t> tail) {
  std::vector<int64_t> v = d.ToVector();
  v.insert(v.end(), tail.begin(), tail.end());
  return DDim(v);
}

int LapackInt(const std::string& op, int64_t v) {
  PD_CHECK(v <= std::numeric_limits<int>::max(), InvalidArgument, "[", op, "] a matrix dim of ",
           v, " does not fit LAPACK's 32-bit integers");
  return static_cast<int>(v);
}

BatchBroadcast BroadcastBatch(const std::string& op, const DDim& x, const DDim& y,
                              bool runtime) {
  const int r = std::max(x.rank(), y.rank());
  std::vector<int64_t> out(r);
  for (int i = 0; i < r; ++i) {
    const int xi = i - (r - x.rank()), yi = i - (r - y.rank());
    const int64_t a = xi >= 0 ? x[xi] : 1, b = yi >= 0 ? y[yi] : 1;
    PD_CHECK(a == b || a == 1 || b == 1 || a < 0 || b < 0, InvalidArgument, "[", op,
             "] the batch dims of X ", x.ToString(), " and Y ", y.ToString(),
             " do not broadcast: dim ", i, " is ", a, " vs ", b);
    out[i] = a == 1 ? b : (b == 1 ? a : std::max(a, b));
  }
  BatchBroadcast bb;
  bb.dims = DDim(out);
  if (!runtime) return bb;
  int64_t total = 1;
  for (int64_t d : out) total *= d;
  bb.x_index.resize(total);
  bb.y_index.resize(total);
  std::vector<int64_t> idx(r, 0);
  for (int64_t k = 0; k < total; ++k) {
    int64_t xo = 0, yo = 0;
    for (int i = 0; i < r; ++i) {
      const int xi = i - (r - x.rank()), yi = i - (r - y.rank());
      if (xi >= 0) xo = xo * x[xi] + (x[xi] == 1 ? 0 : idx[i]);
      if (yi >= 0) yo = yo * y[yi] + (y[yi] == 1 ? 0 : idx[i]);
    }
    bb.x_index[k] = xo;
    bb.y_index[k] = yo;
    for (int i = r - 1; i >= 0; --i) {  // the next index, last dim fastest
      if (++idx[i] < out[i]) break;
      idx[i] = 0;
    }
  }
  return bb;
}

template <typename T>
bool InvertMatrix(int n, const T* a, T* inv, T* lu, int* ipiv) {
  if (n == 0) return true;
  // `a`'s bytes are A^T in column-major order; getrs('N') on the LU of A^T
  // with B = I gives inv(A^T) column-major, whose bytes are inv(A) row-major.
  std::copy(a, a + static_cast<int64_t>(n) * n, lu);
  int info = 0;
  Lapack<T>::getrf(n, n, lu, n, ipiv, &info);
  if (info > 0) return false;
  std::fill(inv, inv + static_cast<int64_t>(n) * n, T(0));
  for (int i = 0; i < n; ++i) inv[static_cast<int64_t>(i) * n + i] = T(1);
  Lapack<T>::getrs('N', n, n, lu, n, ipiv, inv, n, &info);
  return true;
}

template <typename T>
T SignAndLogAbsDet(int n, const T* a, T* lu, int* ipiv, T* log_abs) {
  std::copy(a, a + static_cast<int64_t>(n) * n, lu);
  int info = 0;
  if (n > 0) Lapack<T>::getrf(n, n, lu, n, ipiv, &info);
  T sign = T(1), sum = T(0);
  for (int i = 0; i < n; ++i) {
    const T d = lu[static_cast<int64_t>(i) * n + i];
    if (ipiv[i] != i + 1) sign = -sign;
    if (d < T(0)) sign = -sign;
    if (d == T(0)) sign = T(0);
    sum += std::log(std::abs(d));
  }
  *log_abs = sum;
  return sign;
}

template bool InvertMatrix<float>(int, const float*, float*, float*, int*);
template bool InvertMatrix<double>(int, const double*, double*, double*, int*);
template float SignAndLogAbsDet<float>(int, const float*, float*, int*, float*);
template double SignAndLogAbsDet<double>(int, const double*, double*, int*, double*);

void TriangularSolve(bool upper, bool transpose, bool unit, int64_t n, int64_t k, const float* a,
                     float* b) {
  if (n == 0 || k == 0) return;
  cblas_strsm(CblasRowMajor, CblasLeft, upper ? CblasUpper : CblasLower,
              transpose ? CblasTrans : CblasNoTrans, unit ? CblasUnit : CblasNonUnit,
              LapackInt("triangular_solve", n), LapackInt("triangular_solve", k), 1.0f, a,
              static_cast<int>(n), b, static_cast<int>(k));
}

void TriangularSolve(bool upper, bool transpose, bool unit, int64_t n, int64_t k, const double* a,
                     double* b) {
  if (n == 0 || k == 0) return;
  cblas_dtrsm(CblasRowMajor, CblasLeft, upper ? CblasUpper : CblasLower,
              transpose ? CblasTrans : CblasNoTrans, unit ? CblasUnit : CblasNonUnit,
              LapackInt("triangular_solve", n), LapackInt("triangular_solve", k), 1.0, a,
              static_cast<int>(n), b, static_cast<int>(k));
}

void ThrowBatchMatrix(const std::string& op, int64_t b, const char* why) {
  PD_THROW(InvalidArgument, "[", op, "] matrix ", b, " of the batch ", why);
}

}  // namespace ops
}  // namespace paddle
