// lu (LAPACK getrf, packed, with 1-based pivots), lu_unpack (P, L, U from the
// packed form), lstsq (gels, gelsy, gelsd, gelss) and matrix_rank (singular
// values, or |eigenvalues| for symmetric input, above a tolerance).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {


// ---- lu: X = P L U, packed into Out (L's unit diagonal implied) ----

enum LuOut { kLuOut, kLuPivots, kLuInfos };
enum LuGradIn { kLuGradOut, kLuGradPivots, kLuGradOutGrad };

void LuInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  CheckMatrix(ctx.op_type(), "X", x);
  PD_CHECK(ctx.Attr<bool>(0), Unimplemented, "[", ctx.op_type(),
           "] lu without pivoting (pivots=False) is not implemented on the CPU, as in "
           "PaddlePaddle");
  const int64_t m = x[x.rank() - 2], n = x[x.rank() - 1];
  const DDim batch = LeadingDims(x, 2);
  ctx.SetOutputDim(kLuOut, x);
  ctx.SetOutputDim(kLuPivots, Append(batch, {m < 0 || n < 0 ? -1 : std::min(m, n)}));
  ctx.SetOutputDtype(kLuPivots, DataType::kInt32);
  ctx.SetOutputDim(kLuInfos, batch);
  ctx.SetOutputDtype(kLuInfos, DataType::kInt32);
}

template <typename T>
void LuKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const MatrixDims md = Matrices(x.dims());
  const int m = LapackInt(ctx.op_type(), md.rows), n = LapackInt(ctx.op_type(), md.cols);
  const int k = std::min(m, n);
  T* out = ctx.Output(kLuOut)->MutableData<T>(ctx.place());
  int32_t* piv = ctx.Output(kLuPivots)->MutableData<int32_t>(ctx.place());
  int32_t* infos = ctx.Output(kLuInfos)->MutableData<int32_t>(ctx.place());
  const int64_t mn = md.rows * md.cols;
  std::vector<T> a(std::max<int64_t>(mn, 1));
  std::vector<int> ipiv(std::max(k, 1));
  for (int64_t b = 0; b < md.batch; ++b) {
    int info = 0;
    Transpose(x.data<T>() + b * mn, m, n, a.data());
    if (k > 0) Lapack<T>::getrf(m, n, a.data(), m, ipiv.data(), &info);
    Transpose(a.data(), n, m, out + b * mn);
    for (int i = 0; i < k; ++i) piv[b * k + i] = ipiv[i];
    infos[b] = info;  // > 0: U has an exact zero on its diagonal (not an error, as in PaddlePaddle)
  }
}

void LuGradInferShape(InferShapeContext& ctx) {
  const DDim d = ctx.InputDim(kLuGradOut);
  CheckInputShape(ctx, kLuGradOutGrad, d, "Out's shape");
  if (ctx.HasOutput(0)) ctx.SetOutputDim(0, d);
}

// Row swaps of the pivots applied to the rows x cols row-major `y`, last
// first: y becomes P y.
template <typename T>
void ApplyP(const int32_t* piv, int64_t k, int64_t cols, T* y) {
  for (int64_t i = k - 1; i >= 0; --i) {
    const int64_t j = piv[i] - 1;
    if (j != i) std::swap_ranges(y + i * cols, y + (i + 1) * cols, y + j * cols);
  }
}

// Z (r x c) = Y R^-T for the c x c upper triangular R: R Z^T = Y^T.
template <typename T>
void RightSolveUpperTransposed(int64_t r, int64_t c, const T* upper, T* y, T* scratch) {
  Transpose(y, r, c, scratch);
  TriangularSolve(true, false, false, c, r, upper, scratch);
  Transpose(scratch, c, r, y);
}

// X = P L U (L [M, K] unit lower, U [K, N], K = min(M, N)); dL and dU are the
// parts of dOut below and on/above the diagonal.
// M <= N: dX = P L^-T [tril(L^T dL - dU U^T, -1) U1^-T + dU1 | dU2] (U = [U1 U2]).
// M > N:  dX = P [L1^-T triu(dU U^T - L^T dL) + dL1 ; dL2] U^-T (L = [L1; L2]).
template <typename T>
void LuGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const DenseTensor& lu = ctx.Input(kLuGradOut);
  const MatrixDims md = Matrices(lu.dims());
  const int64_t m = md.rows, n = md.cols, k = std::min(m, n), mn = m * n;
  const int32_t* piv = ctx.Input(kLuGradPivots).data<int32_t>();
  const T* g = ctx.Input(kLuGradOutGrad).data<T>();
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> l(m * k), u(k * n), dl(m * k), du(k * n), x(k * k), tmp(k * k),
      scratch(std::max(mn, k * k));
  for (int64_t b = 0; b < md.batch; ++b) {
    const T* p = lu.data<T>() + b * mn;
    const T* gb = g + b * mn;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < k; ++j) {
        l[i * k + j] = i > j ? p[i * n + j] : (i == j ? T(1) : T(0));
        dl[i * k + j] = i > j ? gb[i * n + j] : T(0);
      }
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < n; ++j) {
        u[i * n + j] = i <= j ? p[i * n + j] : T(0);
        du[i * n + j] = i <= j ? gb[i * n + j] : T(0);
      }
    T* d = dx + b * mn;
    if (m <= n) {  // k = m: L square, U = [U1 U2]
      Gemm(true, false, k, k, m, T(1), l.data(), dl.data(), T(0), x.data());
      Gemm(false, true, k, k, n, T(-1), du.data(), u.data(), T(1), x.data());
      for (int64_t i = 0; i < k; ++i)
        for (int64_t j = i; j < k; ++j) x[i * k + j] = T(0);
      std::vector<T> u1(k * k);
      for (int64_t i = 0; i < k; ++i)
        for (int64_t j = 0; j < k; ++j) u1[i * k + j] = u[i * n + j];
      RightSolveUpperTransposed(k, k, u1.data(), x.data(), scratch.data());
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) d[i * n + j] = (j < k ? x[i * k + j] : T(0)) + du[i * n + j];
      TriangularSolve(false, true, true, m, n, l.data(), d);
    } else {  // k = n: L = [L1; L2], U square
      Gemm(false, true, k, k, n, T(1), du.data(), u.data(), T(0), x.data());
      Gemm(true, false, k, k, m, T(-1), l.data(), dl.data(), T(1), x.data());
      for (int64_t i = 0; i < k; ++i)
        for (int64_t j = 0; j < i; ++j) x[i * k + j] = T(0);
      TriangularSolve(false, true, true, k, k, l.data(), x.data());  // L1 is l's first k rows
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) d[i * n + j] = (i < k ? x[i * k + j] : T(0)) + dl[i * k + j];
      RightSolveUpperTransposed(m, n, u.data(), d, scratch.data());
    }
    ApplyP(piv + b * k, k, n, d);
  }
}

// ---- lu_unpack: Pmat, L, U from lu's packed X and Pivots ----

enum UnpackIn { kUnpackX, kUnpackPivots };
enum UnpackOut { kPmat, kUnpackL, kUnpackU };
enum UnpackGradIn { kUnpackGradX, kUnpackGradLGrad, kUnpackGradUGrad };

void LuUnpackInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kUnpackX);
  CheckMatrix(ctx.op_type(), "X", x);
  const int64_t m = x[x.rank() - 2], n = x[x.rank() - 1];
  const int64_t k = m < 0 || n < 0 ? -1 : std::min(m, n);
  const DDim batch = LeadingDims(x, 2);
  ctx.SetOutputDim(kPmat, Append(batch, {m, m}));
  ctx.SetOutputDim(kUnpackL, Append(batch, {m, k}));
  ctx.SetOutputDim(kUnpackU, Append(batch, {k, n}));
}

template <typename T>
void LuUnpackKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kUnpackX);
  const DenseTensor& pivots = ctx.Input(kUnpackPivots);
  PD_CHECK(pivots.dtype() == DataType::kInt32, InvalidArgument, "[", ctx.op_type(),
           "] Pivots must be int32 (as lu returns them), got ", DataTypeName(pivots.dtype()));
  const MatrixDims md = Matrices(x.dims());
  const int64_t m = md.rows, n = md.cols, k = std::min(m, n);
  PD_CHECK(pivots.numel() == md.batch * k, InvalidArgument, "[", ctx.op_type(), "] Pivots ",
           pivots.dims().ToString(), " must hold min(M, N) = ", k, " pivots per matrix of X ",
           x.dims().ToString());
  T* pm = ctx.Output(kPmat)->MutableData<T>(ctx.place());
  T* l = ctx.Output(kUnpackL)->MutableData<T>(ctx.place());
  T* u = ctx.Output(kUnpackU)->MutableData<T>(ctx.place());
  std::vector<int64_t> perm(m);
  for (int64_t b = 0; b < md.batch; ++b) {
    const T* p = x.data<T>() + b * m * n;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < k; ++j)
        l[b * m * k + i * k + j] = i > j ? p[i * n + j] : (i == j ? T(1) : T(0));
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < n; ++j) u[b * k * n + i * n + j] = i <= j ? p[i * n + j] : T(0);
    // The swaps in order give P^T's rows: row r of P^T X is X's row perm[r].
    for (int64_t i = 0; i < m; ++i) perm[i] = i;
    const int32_t* pv = pivots.data<int32_t>() + b * k;
    for (int64_t i = 0; i < k; ++i) {
      const int64_t j = pv[i] - 1;
      PD_CHECK(j >= 0 && j < m, OutOfRange, "[", ctx.op_type(), "] pivot ", pv[i],
               " of matrix ", b, " is out of [1, ", m, "]");
      std::swap(perm[i], perm[j]);
    }
    T* pb = pm + b * m * m;
    std::fill(pb, pb + m * m, T(0));
    for (int64_t r = 0; r < m; ++r) pb[perm[r] * m + r] = T(1);
  }
}

void LuUnpackGradInferShape(InferShapeContext& ctx) { GradShapeLike(ctx, kUnpackGradX, 0); }

// dX = tril(dL, -1) + triu(dU), placed in X's [M, N].
template <typename T>
void LuUnpackGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const MatrixDims md = Matrices(ctx.Input(kUnpackGradX).dims());
  const int64_t m = md.rows, n = md.cols, k = std::min(m, n);
  const T* gl = ctx.HasInput(kUnpackGradLGrad) ? ctx.Input(kUnpackGradLGrad).data<T>() : nullptr;
  const T* gu = ctx.HasInput(kUnpackGradUGrad) ? ctx.Input(kUnpackGradUGrad).data<T>() : nullptr;
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t b = 0; b < md.batch; ++b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        T v = T(0);
        if (i > j && j < k && gl) v = gl[b * m * k + i * k + j];
        if (i <= j && i < k && gu) v = gu[b * k * n + i * n + j];
        dx[b * m * n + i * n + j] = v;
      }
}

// ---- lstsq: the least-squares solutions of X Solution = Y ----

enum LstsqIn { kLsX, kLsY };
enum LstsqOut { kSolution, kResiduals, kRank, kSingularValues };
enum LstsqAttr { kRcond, kDriver };

struct LstsqShape {
  int64_t m, n, nrhs, k;
  bool residuals, singular_values;
  DDim batch;
};

LstsqShape LstsqDims(const std::string& op, const std::string& driver, const DDim& x,
                     const DDim& y) {
  PD_CHECK(driver == "gels" || driver == "gelsy" || driver == "gelsd" || driver == "gelss",
           InvalidArgument, "[", op, "] driver must be 'gels', 'gelsy', 'gelsd' or 'gelss', got '",
           driver, "'");
  CheckMatrix(op, "X", x);
  CheckMatrix(op, "Y", y);
  LstsqShape s;
  s.m = x[x.rank() - 2];
  s.n = x[x.rank() - 1];
  s.nrhs = y[y.rank() - 1];
  s.k = s.m < 0 || s.n < 0 ? -1 : std::min(s.m, s.n);
  const int64_t ym = y[y.rank() - 2];
  PD_CHECK(s.m < 0 || ym < 0 || s.m == ym, InvalidArgument, "[", op, "] X ", x.ToString(),
           " and Y ", y.ToString(), " must have the same number of rows");
  s.batch = LeadingDims(x, 2);
  const DDim yb = LeadingDims(y, 2);
  PD_CHECK(s.batch.rank() == yb.rank(), InvalidArgument, "[", op, "] X ", x.ToString(),
           " and Y ", y.ToString(), " must have the same batch dims");
  for (int i = 0; i < yb.rank(); ++i)
    PD_CHECK(s.batch[i] < 0 || yb[i] < 0 || s.batch[i] == yb[i], InvalidArgument, "[", op, "] X ",
             x.ToString(), " and Y ", y.ToString(), " must have the same batch dims");
  s.residuals = driver != "gelsy" && s.m > s.n;
  s.singular_values = driver == "gelsd" || driver == "gelss";
  return s;
}

void LstsqInferShape(InferShapeContext& ctx) {
  const LstsqShape s = LstsqDims(ctx.op_type(), ctx.Attr<std::string>(kDriver), ctx.InputDim(kLsX),
                                   ctx.InputDim(kLsY));
  ctx.SetOutputDim(kSolution, Append(s.batch, {s.n, s.nrhs}));
  if (ctx.HasOutput(kResiduals))
    ctx.SetOutputDim(kResiduals, s.residuals ? Append(s.batch, {s.nrhs}) : DDim{0});
  ctx.SetOutputDim(kRank, s.batch);
  ctx.SetOutputDtype(kRank, DataType::kInt32);
  ctx.SetOutputDim(kSingularValues, s.singular_values ? Append(s.batch, {s.k}) : DDim{0});
}

template <typename T>
void LstsqKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kLsX);
  const DenseTensor& y = ctx.Input(kLsY);
  const std::string& driver = ctx.Attr<std::string>(kDriver);
  const LstsqShape s = LstsqDims(ctx.op_type(), driver, x.dims(), y.dims());
  const T rcond = static_cast<T>(ctx.Attr<float>(kRcond));
  const int m = LapackInt(ctx.op_type(), s.m), n = LapackInt(ctx.op_type(), s.n);
  const int nrhs = LapackInt(ctx.op_type(), s.nrhs), k = std::min(m, n);
  const int ldb = std::max({m, n, 1}), lda = std::max(m, 1);
  const int64_t batch = Matrices(x.dims()).batch;
  T* sol = ctx.Output(kSolution)->MutableData<T>(ctx.place());
  T* res = ctx.HasOutput(kResiduals) ? ctx.Output(kResiduals)->MutableData<T>(ctx.place()) : nullptr;
  int32_t* rank = ctx.Output(kRank)->MutableData<int32_t>(ctx.place());
  T* sv = ctx.Output(kSingularValues)->MutableData<T>(ctx.place());
  std::vector<T> a(std::max<int64_t>(int64_t(m) * n, 1)), bm(int64_t(ldb) * std::max(nrhs, 1)),
      svals(std::max(k, 1));
  std::vector<int> jpvt(std::max(n, 1));
  // Workspace from a query of the driver.
  int info = 0, r = 0, iquery = 1;
  T query = T(1);
  if (driver == "gels") Lapack<T>::gels('N', m, n, nrhs, a.data(), lda, bm.data(), ldb, &query, -1, &info);
  if (driver == "gelsy")
    Lapack<T>::gelsy(m, n, nrhs, a.data(), lda, bm.data(), ldb, jpvt.data(), rcond, &r, &query, -1, &info);
  if (driver == "gelsd")
    Lapack<T>::gelsd(m, n, nrhs, a.data(), lda, bm.data(), ldb, svals.data(), rcond, &r, &query, -1,
                     &iquery, &info);
  if (driver == "gelss")
    Lapack<T>::gelss(m, n, nrhs, a.data(), lda, bm.data(), ldb, svals.data(), rcond, &r, &query, -1,
                     &info);
  const int lwork = WorkSize(query);
  std::vector<T> work(lwork);
  std::vector<int> iwork(std::max(iquery, 1));
  for (int64_t b = 0; b < batch; ++b) {
    Transpose(x.data<T>() + b * s.m * s.n, s.m, s.n, a.data());
    std::fill(bm.begin(), bm.end(), T(0));
    const T* yb = y.data<T>() + b * s.m * s.nrhs;
    for (int64_t i = 0; i < s.m; ++i)
      for (int64_t j = 0; j < s.nrhs; ++j) bm[j * ldb + i] = yb[i * s.nrhs + j];
    r = k;
    info = 0;
    if (k > 0 && nrhs > 0) {
      if (driver == "gels") {
        Lapack<T>::gels('N', m, n, nrhs, a.data(), lda, bm.data(), ldb, work.data(), lwork, &info);
        if (info > 0) ThrowBatchMatrix(ctx.op_type(), b, "(X) does not have full rank: use "
                                                         "another driver than 'gels'");
      } else if (driver == "gelsy") {
        std::fill(jpvt.begin(), jpvt.end(), 0);
        Lapack<T>::gelsy(m, n, nrhs, a.data(), lda, bm.data(), ldb, jpvt.data(), rcond, &r,
                         work.data(), lwork, &info);
      } else if (driver == "gelsd") {
        Lapack<T>::gelsd(m, n, nrhs, a.data(), lda, bm.data(), ldb, svals.data(), rcond, &r,
                         work.data(), lwork, iwork.data(), &info);
      } else {
        Lapack<T>::gelss(m, n, nrhs, a.data(), lda, bm.data(), ldb, svals.data(), rcond, &r,
                         work.data(), lwork, &info);
      }
      if (info > 0) ThrowBatchMatrix(ctx.op_type(), b, "did not converge in the SVD");
    }
    T* sb = sol + b * s.n * s.nrhs;
    for (int64_t i = 0; i < s.n; ++i)
      for (int64_t j = 0; j < s.nrhs; ++j) sb[i * s.nrhs + j] = bm[j * ldb + i];
    if (res && s.residuals)
      for (int64_t j = 0; j < s.nrhs; ++j) {
        T sum = T(0);
        for (int64_t i = s.n; i < s.m; ++i) sum += bm[j * ldb + i] * bm[j * ldb + i];
        res[b * s.nrhs + j] = sum;
      }
    rank[b] = r;
    if (s.singular_values) std::copy(svals.begin(), svals.begin() + k, sv + b * k);
  }
}

// ---- matrix_rank: how many singular values exceed the tolerance ----

enum RankIn { kRankX, kRankTol };
enum RankAttr { kRankTolAttr, kRankHermitian, kRankDefaultTol };

void MatrixRankInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kRankX);
  CheckMatrix(ctx.op_type(), "X", x);
  if (ctx.Attr<bool>(kRankHermitian)) CheckSquare(ctx.op_type(), "X (hermitian)", x);
  ctx.SetOutputDim(0, LeadingDims(x, 2));
  ctx.SetOutputDtype(0, DataType::kInt64);
}

// Each matrix's rank: its singular values (|eigenvalues| when hermitian)
// above tol(b, largest), counted into Out (int64).
template <typename T, typename Tol>
void CountRanks(KernelContext& ctx, const DenseTensor& x, bool hermitian, Tol tol) {
  const MatrixDims md = Matrices(x.dims());
  const int m = LapackInt(ctx.op_type(), md.rows), n = LapackInt(ctx.op_type(), md.cols);
  const int k = std::min(m, n);
  int64_t* out = ctx.Output(0)->MutableData<int64_t>(ctx.place());
  std::vector<T> a(std::max<int64_t>(int64_t(m) * n, 1)), s(std::max(k, 1));
  std::vector<int> iwork(8 * std::max(k, 1));
  int info = 0, iquery = 1;
  T query = T(1), dummy = T(0);
  if (hermitian)
    Lapack<T>::syevd('N', 'U', n, a.data(), std::max(n, 1), s.data(), &query, -1, &iquery, -1, &info);
  else
    Lapack<T>::gesdd('N', m, n, a.data(), std::max(m, 1), s.data(), &dummy, 1, &dummy, 1, &query,
                     -1, iwork.data(), &info);
  const int lwork = WorkSize(query);
  std::vector<T> work(lwork);
  if (hermitian) iwork.resize(std::max(iquery, 1));
  for (int64_t b = 0; b < md.batch; ++b) {
    if (k == 0) {
      out[b] = 0;
      continue;
    }
    Transpose(x.data<T>() + b * md.rows * md.cols, m, n, a.data());
    if (hermitian) {
      Lapack<T>::syevd('N', 'U', n, a.data(), n, s.data(), work.data(), lwork, iwork.data(),
                       static_cast<int>(iwork.size()), &info);
      for (T& v : s) v = std::abs(v);
    } else {
      Lapack<T>::gesdd('N', m, n, a.data(), m, s.data(), &dummy, 1, &dummy, 1, work.data(), lwork,
                       iwork.data(), &info);
    }
    if (info > 0) ThrowBatchMatrix(ctx.op_type(), b, "did not converge");
    const T limit = tol(b, *std::max_element(s.begin(), s.begin() + k));
    int64_t count = 0;
    for (int i = 0; i < k; ++i) count += s[i] > limit;
    out[b] = count;
  }
}

// Tolerance tensors hold one value, or one per matrix: the check, and matrix b's.
void CheckTolerances(const KernelContext& ctx, int slot, const char* name, int64_t batch) {
  const int64_t c = ctx.Input(slot).numel();
  PD_CHECK(c == 1 || c == batch, InvalidArgument, "[", ctx.op_type(), "] ", name, " ",
           ctx.Input(slot).dims().ToString(), " must hold one tolerance or one per matrix (",
           batch, ")");
}

template <typename T>
T Tolerance(const KernelContext& ctx, int slot, int64_t b) {
  return static_cast<T>(FloatElement(ctx, slot, ctx.Input(slot).numel() == 1 ? 0 : b));
}

template <typename T>
void MatrixRankKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kRankX);
  const MatrixDims md = Matrices(x.dims());
  const T eps = std::numeric_limits<T>::epsilon() * static_cast<T>(std::max(md.rows, md.cols));
  const bool default_tol = ctx.Attr<bool>(kRankDefaultTol);
  const bool tol_tensor = ctx.HasInput(kRankTol);
  if (tol_tensor) CheckTolerances(ctx, kRankTol, "TolTensor", md.batch);
  const T attr = static_cast<T>(ctx.Attr<float>(kRankTolAttr));
  CountRanks<T>(ctx, x, ctx.Attr<bool>(kRankHermitian), [&](int64_t b, T largest) {
    if (default_tol) return largest * eps;
    return tol_tensor ? Tolerance<T>(ctx, kRankTol, b) : attr;
  });
}

// ---- matrix_rank_atol_rtol: the tolerance max(atol, rtol * the largest) ----

enum RankTolIn { kRtX, kRtAtol, kRtRtol };

void MatrixRankAtolRtolInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kRtX);
  CheckMatrix(ctx.op_type(), "x", x);
  if (ctx.Attr<bool>(0)) CheckSquare(ctx.op_type(), "x (hermitian)", x);
  ctx.SetOutputDim(0, LeadingDims(x, 2));
  ctx.SetOutputDtype(0, DataType::kInt64);
}

// Without rtol: max(M, N) * epsilon when atol is 0, else 0 (PaddlePaddle's default).
template <typename T>
void MatrixRankAtolRtolKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kRtX);
  const MatrixDims md = Matrices(x.dims());
  const T eps = std::numeric_limits<T>::epsilon() * static_cast<T>(std::max(md.rows, md.cols));
  const bool has_rtol = ctx.HasInput(kRtRtol);
  CheckTolerances(ctx, kRtAtol, "atol", md.batch);
  if (has_rtol) CheckTolerances(ctx, kRtRtol, "rtol", md.batch);
  CountRanks<T>(ctx, x, ctx.Attr<bool>(0), [&](int64_t b, T largest) {
    const T atol = Tolerance<T>(ctx, kRtAtol, b);
    const T rtol = has_rtol ? Tolerance<T>(ctx, kRtRtol, b) : (atol > T(0) ? T(0) : eps);
    return std::max(atol, rtol * largest);
  });
}

PD_REGISTER_OP(lu)
    .Doc("The LU factorization with partial pivoting of each matrix of X, X = P L U (LAPACK "
         "getrf): L (unit diagonal, not stored) and U packed into Out, the 1-based row swaps in "
         "Pivots, and in Infos 0 or the 1-based index of U's first exact zero pivot.",
         "X 中每个矩阵带部分主元的 LU 分解 X = P L U（LAPACK getrf）：L（单位对角线，不存储）与 U "
         "合并存于 Out，从 1 开始的行交换存于 Pivots，Infos 为 0 或 U 第一个恰为零的主元的位置（从 1 "
         "开始）。")
    .Input(0, "X", "Matrices, [..., M, N].", "矩阵，[..., M, N]。")
    .Output(kLuOut, "Out", "L and U packed, X's shape.", "合并存放的 L 与 U，形状同 X。")
    .Output(kLuPivots, "Pivots", "int32 row swaps, 1-based, [..., min(M, N)].",
            "int32 行交换（从 1 开始），[..., min(M, N)]。")
    .Output(kLuInfos, "Infos", "int32 per matrix: 0, or the position of a zero pivot.",
            "每个矩阵一个 int32：0，或零主元的位置。")
    .RequiredAttr<bool>(0, "pivots", "Pivot rows; must be true on the CPU.",
                        "是否选主元；在 CPU 上必须为 true。")
    .InferShape(LuInferShape)
    .CpuKernel<float>(LuKernel<float>)
    .CpuKernel<double>(LuKernel<double>)
    .Grad()
    .Doc("Gradient of lu: with dL and dU the parts of Out@GRAD below and on/above the "
         "diagonal, for M <= N X@GRAD = P L^-T [tril(L^T dL - dU U^T, -1) U1^-T + dU1 | dU2] "
         "(U = [U1 U2]); for M > N X@GRAD = P [L1^-T triu(dU U^T - L^T dL) + dL1; dL2] U^-T "
         "(L = [L1; L2]).",
         "lu 的梯度：dL、dU 为 Out@GRAD 对角线以下及对角线以上（含对角线）的部分；M <= N 时 "
         "X@GRAD = P L^-T [tril(L^T dL - dU U^T, -1) U1^-T + dU1 | dU2]（U = [U1 U2]）；M > N 时 "
         "X@GRAD = P [L1^-T triu(dU U^T - L^T dL) + dL1; dL2] U^-T（L = [L1; L2]）。")
    .Reads(kLuGradOut, "Out")
    .Reads(kLuGradPivots, "Pivots")
    .OutputGrad(kLuGradOutGrad, "Out")
    .InputGrad(0, "X")
    .InferShape(LuGradInferShape)
    .CpuKernel<float>(LuGradKernel<float>)
    .CpuKernel<double>(LuGradKernel<double>);

PD_REGISTER_OP(lu_unpack)
    .Doc("The permutation matrix P, unit lower triangular L and upper triangular U of lu's "
         "packed factorization (X = P L U).",
         "由 lu 合并存放的分解结果得到置换矩阵 P、单位下三角矩阵 L 与上三角矩阵 U（X = P L U）。")
    .Input(kUnpackX, "X", "lu's Out, [..., M, N].", "lu 的 Out，[..., M, N]。")
    .Input(kUnpackPivots, "Pivots", "lu's int32 Pivots, [..., min(M, N)].",
           "lu 的 int32 Pivots，[..., min(M, N)]。")
    .Output(kPmat, "Pmat", "The permutation matrix P, [..., M, M].", "置换矩阵 P，[..., M, M]。")
    .Output(kUnpackL, "L", "The unit lower triangular L, [..., M, min(M, N)].",
            "单位下三角矩阵 L，[..., M, min(M, N)]。")
    .Output(kUnpackU, "U", "The upper triangular U, [..., min(M, N), N].",
            "上三角矩阵 U，[..., min(M, N), N]。")
    .RequiredAttr<bool>(0, "unpack_ludata", "Unpack L and U (they are always computed here).",
                        "解出 L 与 U（此处总会计算）。")
    .RequiredAttr<bool>(1, "unpack_pivots", "Unpack P (always computed here).",
                        "解出 P（此处总会计算）。")
    .InferShape(LuUnpackInferShape)
    .CpuKernel<float>(LuUnpackKernel<float>)
    .CpuKernel<double>(LuUnpackKernel<double>)
    .Grad()
    .Doc("Gradient of lu_unpack: X@GRAD = tril(L@GRAD, -1) + triu(U@GRAD) in X's shape.",
         "lu_unpack 的梯度：X@GRAD = tril(L@GRAD, -1) + triu(U@GRAD)，形状同 X。")
    .Reads(kUnpackGradX, "X")
    .OutputGrad(kUnpackGradLGrad, "L")
    .OutputGrad(kUnpackGradUGrad, "U")
    .InputGrad(0, "X")
    .InferShape(LuUnpackGradInferShape)
    .CpuKernel<float>(LuUnpackGradKernel<float>)
    .CpuKernel<double>(LuUnpackGradKernel<double>);

PD_REGISTER_OP(lstsq)
    .Doc("The least-squares solution of X Solution = Y per matrix (LAPACK gels, gelsy, gelsd or "
         "gelss); Residuals (squared, per column) when M > N and the driver is not gelsy; the "
         "effective Rank; the SingularValues for gelsd and gelss. No gradient.",
         "逐矩阵求 X Solution = Y 的最小二乘解（LAPACK gels、gelsy、gelsd 或 gelss）；M > N 且 driver "
         "不是 gelsy 时给出按列的残差平方和 Residuals；有效秩 Rank；gelsd 与 gelss 给出奇异值 "
         "SingularValues。没有梯度。")
    .Input(kLsX, "X", "Coefficient matrices, [..., M, N].", "系数矩阵，[..., M, N]。")
    .Input(kLsY, "Y", "Right-hand sides, [..., M, K].", "右端项，[..., M, K]。")
    .Output(kSolution, "Solution", "The least-squares solutions, [..., N, K].",
            "最小二乘解，[..., N, K]。")
    .Output(kResiduals, "Residuals", "[..., K], or empty.", "[..., K]，或为空。")
    .Dispensable()
    .Output(kRank, "Rank", "The effective ranks, int32, [...].", "有效秩，int32，[...]。")
    .Output(kSingularValues, "SingularValues", "[..., min(M, N)], or empty.",
            "[..., min(M, N)]，或为空。")
    .RequiredAttr<float>(kRcond, "rcond",
                         "Singular values below rcond times the largest count as zero.",
                         "小于 rcond 乘以最大奇异值的奇异值视为零。")
    .RequiredAttr<std::string>(kDriver, "driver", "'gels', 'gelsy', 'gelsd' or 'gelss'.",
                               "'gels'、'gelsy'、'gelsd' 或 'gelss'。")
    .InferShape(LstsqInferShape)
    .CpuKernel<float>(LstsqKernel<float>)
    .CpuKernel<double>(LstsqKernel<double>);

PD_REGISTER_OP(matrix_rank)
    .Doc("The rank of each matrix of X: how many singular values (absolute eigenvalues when "
         "hermitian) exceed the tolerance, by default max(M, N) * the largest * the dtype's "
         "epsilon. No gradient.",
         "X 中每个矩阵的秩：大于容差的奇异值（hermitian 时为特征值的绝对值）的个数，默认容差为 "
         "max(M, N) * 最大奇异值 * 该数据类型的 epsilon。没有梯度。")
    .Input(kRankX, "X", "Matrices, [..., M, N].", "矩阵，[..., M, N]。")
    .Input(kRankTol, "TolTensor", "The tolerance as a tensor: one, or one per matrix.",
           "以张量给出的容差：一个，或每个矩阵一个。")
    .Dispensable()
    .Output(0, "Out", "int64 ranks, [...].", "int64 秩，[...]。")
    .RequiredAttr<float>(kRankTolAttr, "tol", "The tolerance when neither TolTensor nor the "
                         "default is used.", "未用 TolTensor 也未用默认值时的容差。")
    .RequiredAttr<bool>(kRankHermitian, "hermitian", "X is symmetric: use eigenvalues.",
                        "X 为对称矩阵：使用特征值。")
    .RequiredAttr<bool>(kRankDefaultTol, "use_default_tol", "Use the default tolerance.",
                        "使用默认容差。")
    .InferShape(MatrixRankInferShape)
    .CpuKernel<float>(MatrixRankKernel<float>)
    .CpuKernel<double>(MatrixRankKernel<double>);

PD_REGISTER_OP(matrix_rank_atol_rtol)
    .Doc("The rank of each matrix of x with the tolerance max(atol, rtol * the largest singular "
         "value) (|eigenvalues| when hermitian); without rtol it is max(M, N) * epsilon when atol "
         "is 0, else 0. No gradient.",
         "x 中每个矩阵的秩，容差为 max(atol, rtol * 最大奇异值)（hermitian 时用特征值的绝对值）；"
         "未给 rtol 时，atol 为 0 则 rtol 取 max(M, N) * epsilon，否则取 0。没有梯度。")
    .Input(kRtX, "x", "Matrices, [..., M, N].", "矩阵，[..., M, N]。")
    .Input(kRtAtol, "atol", "Absolute tolerances: one, or one per matrix.",
           "绝对容差：一个，或每个矩阵一个。")
    .Input(kRtRtol, "rtol", "Relative tolerances: one, or one per matrix.",
           "相对容差：一个，或每个矩阵一个。")
    .Dispensable()
    .Output(0, "out", "int64 ranks, [...].", "int64 秩，[...]。")
    .RequiredAttr<bool>(0, "hermitian", "x is symmetric: use eigenvalues.",
                        "x 为对称矩阵：使用特征值。")
    .InferShape(MatrixRankAtolRtolInferShape)
    .CpuKernel<float>(MatrixRankAtolRtolKernel<float>)
    .CpuKernel<double>(MatrixRankAtolRtolKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
