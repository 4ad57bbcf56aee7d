// cholesky, and the linear solves: solve (LU, LAPACK getrf/getrs),
// triangular_solve and cholesky_solve (triangular solves). The solves
// broadcast the batch dims of the matrix and the right-hand sides; their
// gradients sum over what was broadcast.
#include <algorithm>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// ---- cholesky: Out = L with X = L L^T (upper: U = L^T) ----

enum CholGradIn { kCholGradOut, kCholGradOutGrad };

void CholeskyInferShape(InferShapeContext& ctx) {
  CheckSquare(ctx.op_type(), "X", ctx.InputDim(0));
  ctx.SetOutputDim(0, ctx.InputDim(0));
}

template <typename T>
void CholeskyKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const bool upper = ctx.Attr<bool>(0);
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> tmp(nn);
  for (int64_t b = 0; b < md.batch; ++b) {
    T* o = out + b * nn;
    std::copy(x.data<T>() + b * nn, x.data<T>() + (b + 1) * nn, o);
    // The row-major bytes are X^T column-major: its upper triangle is X's
    // lower one, and the factor U there reads as L row-major.
    int info = 0;
    if (n > 0) Lapack<T>::potrf('U', n, o, n, &info);
    if (info > 0)
      ThrowBatchMatrix(ctx.op_type(), b,
                       "is not positive definite: the Cholesky factorization failed");
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = i + 1; j < n; ++j) o[i * n + j] = T(0);
    if (upper) {
      Transpose(o, n, n, tmp.data());
      std::copy(tmp.begin(), tmp.end(), o);
    }
  }
}

void CholeskyGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kCholGradOutGrad, ctx.InputDim(kCholGradOut), "Out's shape");
  if (ctx.HasOutput(0)) ctx.SetOutputDim(0, ctx.InputDim(kCholGradOut));
}

// With Phi = tril(L^T dL), its diagonal halved, and S = L^-T Phi L^-1:
// dX = (S + S^T) / 2 (the gradient of a symmetric input).
template <typename T>
void CholeskyGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const DenseTensor& out = ctx.Input(kCholGradOut);
  const bool upper = ctx.Attr<bool>(0);
  const MatrixDims md = Matrices(out.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  const T* g = ctx.Input(kCholGradOutGrad).data<T>();
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> l(nn), gl(nn), phi(nn), inv(nn), lu(nn), tmp(nn), s(nn);
  std::vector<int> ipiv(n);
  for (int64_t b = 0; b < md.batch; ++b) {
    const T* o = out.data<T>() + b * nn;
    if (upper) {
      Transpose(o, n, n, l.data());
      Transpose(g + b * nn, n, n, gl.data());
    } else {
      std::copy(o, o + nn, l.begin());
      std::copy(g + b * nn, g + (b + 1) * nn, gl.begin());
    }
    Gemm(true, false, n, n, n, T(1), l.data(), gl.data(), T(0), phi.data());
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = i + 1; j < n; ++j) phi[i * n + j] = T(0);
      phi[i * n + i] *= T(0.5);
    }
    if (!InvertMatrix(n, l.data(), inv.data(), lu.data(), ipiv.data()))
      ThrowBatchMatrix(ctx.op_type(), b, "has a singular Cholesky factor");
    Gemm(true, false, n, n, n, T(1), inv.data(), phi.data(), T(0), tmp.data());
    Gemm(false, false, n, n, n, T(1), tmp.data(), inv.data(), T(0), s.data());
    T* d = dx + b * nn;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) d[i * n + j] = T(0.5) * (s[i * n + j] + s[j * n + i]);
  }
}

// ---- the solves: a square matrix A against right-hand sides B ----

struct SolveDims {
  BatchBroadcast bb;
  int64_t n = 0, k = 1;
  bool vector = false;
  DDim out;
};

// A [..., n, n] and B [..., n, k] (or, with `allow_vector`, B [..., n] when
// its rank is 1 or A's minus 1); the batch dims broadcast.
SolveDims SolveShapes(const std::string& op, const char* a_name, const DDim& a,
                      const char* b_name, const DDim& b, bool allow_vector, bool runtime) {
  CheckSquare(op, a_name, a);
  SolveDims s;
  s.n = a[a.rank() - 1];
  s.vector = allow_vector && (b.rank() == 1 || b.rank() == a.rank() - 1);
  int64_t rows;
  DDim b_batch;
  if (s.vector) {
    rows = b[b.rank() - 1];
    b_batch = LeadingDims(b, 1);
  } else {
    CheckMatrix(op, b_name, b);
    rows = b[b.rank() - 2];
    s.k = b[b.rank() - 1];
    b_batch = LeadingDims(b, 2);
  }
  PD_CHECK(rows < 0 || s.n < 0 || rows == s.n, InvalidArgument, "[", op, "] ", a_name, " ",
           a.ToString(), " has ", s.n, " rows but ", b_name, " ", b.ToString(), " has ", rows,
           ": they must match");
  s.bb = BroadcastBatch(op, LeadingDims(a, 2), b_batch, runtime);
  s.out = s.vector ? Append(s.bb.dims, {s.n}) : Append(s.bb.dims, {s.n, s.k});
  return s;
}

// Slots of the solves' grad ops: the matrix and right-hand sides as the
// forward names them, Out and Out@GRAD.
enum SolveGradIn { kSolveGradX, kSolveGradY, kSolveGradOut, kSolveGradOutGrad };
enum SolveGradOut { kSolveGradXGrad, kSolveGradYGrad };

// Which input is the matrix: solve and triangular_solve take it as X,
// cholesky_solve as Y.
template <int kMatrix>
void SolveInferShape(InferShapeContext& ctx) {
  const int rhs = 1 - kMatrix;
  const SolveDims s = SolveShapes(ctx.op_type(), kMatrix == 0 ? "X" : "Y", ctx.InputDim(kMatrix),
                                  kMatrix == 0 ? "Y" : "X", ctx.InputDim(rhs),
                                  ctx.op_type() == "solve", false);
  ctx.SetOutputDim(0, s.out);
}

template <int kMatrix>
void SolveGradInferShape(InferShapeContext& ctx) {
  const int rhs = 1 - kMatrix;
  const SolveDims s = SolveShapes(ctx.op_type(), kMatrix == 0 ? "X" : "Y",
                                  ctx.InputDim(kSolveGradX + kMatrix), kMatrix == 0 ? "Y" : "X",
                                  ctx.InputDim(kSolveGradX + rhs),
                                  ctx.op_type() == "solve_grad", false);
  CheckInputShape(ctx, kSolveGradOutGrad, s.out, "the solution's shape");
  GradShapeLike(ctx, kSolveGradX, kSolveGradXGrad);
  GradShapeLike(ctx, kSolveGradY, kSolveGradYGrad);
}

// Runs solve_one(pair, A, B_in_out) on every broadcast pair, B copied into
// out first.
template <typename T, typename F>
void ForEachPair(const SolveDims& s, const T* a, const T* b, T* out, F solve_one) {
  const int64_t nn = s.n * s.n, nk = s.n * s.k;
  for (size_t p = 0; p < s.bb.x_index.size(); ++p) {
    const T* bp = b + s.bb.y_index[p] * nk;
    std::copy(bp, bp + nk, out + p * nk);
    solve_one(p, a + s.bb.x_index[p] * nn, out + p * nk);
  }
}

// A X = B through the LU of A (`lu`: n * n, `ipiv`: n, `col`: n * k scratch);
// `trans` solves A^T X = B instead. False when A is singular.
template <typename T>
bool LuSolve(int n, int k, bool trans, const T* a, T* b, T* lu, int* ipiv, T* col) {
  if (n == 0 || k == 0) return true;
  // The row-major bytes of A are A^T column-major, so getrs on that LU solves
  // A X = B with 'T' and A^T X = B with 'N'.
  std::copy(a, a + static_cast<int64_t>(n) * n, lu);
  int info = 0;
  Lapack<T>::getrf(n, n, lu, n, ipiv, &info);
  if (info > 0) return false;
  Transpose(b, n, k, col);
  Lapack<T>::getrs(trans ? 'N' : 'T', n, k, lu, n, ipiv, col, n, &info);
  Transpose(col, k, n, b);
  return true;
}

template <typename T>
void SolveKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DenseTensor& y = ctx.Input(1);
  const SolveDims s = SolveShapes(ctx.op_type(), "X", x.dims(), "Y", y.dims(), true, true);
  const int n = LapackInt(ctx.op_type(), s.n), k = LapackInt(ctx.op_type(), s.k);
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> lu(s.n * s.n), col(s.n * s.k);
  std::vector<int> ipiv(n);
  ForEachPair<T>(s, x.data<T>(), y.data<T>(), out, [&](size_t p, const T* a, T* b) {
    if (!LuSolve(n, k, false, a, b, lu.data(), ipiv.data(), col.data()))
      ThrowBatchMatrix(ctx.op_type(), static_cast<int64_t>(p),
                       "(X) is singular: the system has no unique solution");
  });
}

// Zeroed gradient buffers of X and Y (null when not asked for); the kernels
// add each pair's part, so broadcast matrices sum.
template <typename T>
std::pair<T*, T*> ZeroedGrads(KernelContext& ctx) {
  T* dx = nullptr;
  T* dy = nullptr;
  if (ctx.HasOutput(kSolveGradXGrad)) {
    DenseTensor* t = ctx.Output(kSolveGradXGrad);
    dx = t->MutableData<T>(ctx.place());
    std::fill(dx, dx + t->numel(), T(0));
  }
  if (ctx.HasOutput(kSolveGradYGrad)) {
    DenseTensor* t = ctx.Output(kSolveGradYGrad);
    dy = t->MutableData<T>(ctx.place());
    std::fill(dy, dy + t->numel(), T(0));
  }
  return {dx, dy};
}

// dB = A^-T dOut, dA = -dB Out^T.
template <typename T>
void SolveGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kSolveGradX);
  const DenseTensor& y = ctx.Input(kSolveGradY);
  const SolveDims s = SolveShapes(ctx.op_type(), "X", x.dims(), "Y", y.dims(), true, true);
  const int n = LapackInt(ctx.op_type(), s.n), k = LapackInt(ctx.op_type(), s.k);
  const int64_t nn = s.n * s.n, nk = s.n * s.k;
  const T* out = ctx.Input(kSolveGradOut).data<T>();
  const T* g = ctx.Input(kSolveGradOutGrad).data<T>();
  auto [dx, dy] = ZeroedGrads<T>(ctx);
  std::vector<T> lu(nn), col(nk), db(nk);
  std::vector<int> ipiv(n);
  for (size_t p = 0; p < s.bb.x_index.size(); ++p) {
    std::copy(g + p * nk, g + (p + 1) * nk, db.begin());
    if (!LuSolve(n, k, true, x.data<T>() + s.bb.x_index[p] * nn, db.data(), lu.data(),
                 ipiv.data(), col.data()))
      ThrowBatchMatrix(ctx.op_type(), static_cast<int64_t>(p), "(X) is singular");
    if (dy)
      for (int64_t i = 0; i < nk; ++i) dy[s.bb.y_index[p] * nk + i] += db[i];
    if (dx)
      Gemm(false, true, s.n, s.n, s.k, T(-1), db.data(), out + p * nk, T(1),
           dx + s.bb.x_index[p] * nn);
  }
}

// ---- triangular_solve: Out = op(X)^-1 Y, X triangular ----

enum TriAttr { kTriUpper, kTriTranspose, kTriUnit };

template <typename T>
void TriangularSolveKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DenseTensor& y = ctx.Input(1);
  const bool upper = ctx.Attr<bool>(kTriUpper), trans = ctx.Attr<bool>(kTriTranspose),
             unit = ctx.Attr<bool>(kTriUnit);
  const SolveDims s = SolveShapes(ctx.op_type(), "X", x.dims(), "Y", y.dims(), false, true);
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  ForEachPair<T>(s, x.data<T>(), y.data<T>(), out, [&](size_t, const T* a, T* b) {
    TriangularSolve(upper, trans, unit, s.n, s.k, a, b);
  });
}

// Keeps the triangle of the n x n `d` that the forward read (the diagonal
// too unless it is taken as ones).
template <typename T>
void MaskTriangle(int64_t n, bool upper, bool unit, T* d) {
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      if ((upper ? j < i : j > i) || (unit && i == j)) d[i * n + j] = T(0);
}

// dY = op(X)^-T dOut; dX = -dY Out^T (transposed when op(X) = X^T), masked
// to the triangle read.
template <typename T>
void TriangularSolveGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kSolveGradX);
  const DenseTensor& y = ctx.Input(kSolveGradY);
  const bool upper = ctx.Attr<bool>(kTriUpper), trans = ctx.Attr<bool>(kTriTranspose),
             unit = ctx.Attr<bool>(kTriUnit);
  const SolveDims s = SolveShapes(ctx.op_type(), "X", x.dims(), "Y", y.dims(), false, true);
  const int64_t nn = s.n * s.n, nk = s.n * s.k;
  const T* out = ctx.Input(kSolveGradOut).data<T>();
  const T* g = ctx.Input(kSolveGradOutGrad).data<T>();
  auto [dx, dy] = ZeroedGrads<T>(ctx);
  std::vector<T> db(nk), da(nn);
  for (size_t p = 0; p < s.bb.x_index.size(); ++p) {
    std::copy(g + p * nk, g + (p + 1) * nk, db.begin());
    TriangularSolve(upper, !trans, unit, s.n, s.k, x.data<T>() + s.bb.x_index[p] * nn,
                    db.data());
    if (dy)
      for (int64_t i = 0; i < nk; ++i) dy[s.bb.y_index[p] * nk + i] += db[i];
    if (!dx) continue;
    if (trans)
      Gemm(false, true, s.n, s.n, s.k, T(-1), out + p * nk, db.data(), T(0), da.data());
    else
      Gemm(false, true, s.n, s.n, s.k, T(-1), db.data(), out + p * nk, T(0), da.data());
    MaskTriangle(s.n, upper, unit, da.data());
    T* d = dx + s.bb.x_index[p] * nn;
    for (int64_t i = 0; i < nn; ++i) d[i] += da[i];
  }
}

// ---- cholesky_solve: Out = A^-1 X with A = Y Y^T (upper: Y^T Y) ----

template <typename T>
void CholeskySolveOne(bool upper, int64_t n, int64_t k, const T* factor, T* b) {
  // A = L L^T: L^-T (L^-1 B); A = U^T U: U^-1 (U^-T B).
  TriangularSolve(upper, upper, false, n, k, factor, b);
  TriangularSolve(upper, !upper, false, n, k, factor, b);
}

template <typename T>
void CholeskySolveKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const DenseTensor& y = ctx.Input(1);
  const bool upper = ctx.Attr<bool>(0);
  const SolveDims s = SolveShapes(ctx.op_type(), "Y", y.dims(), "X", x.dims(), false, true);
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  // SolveShapes took Y as the matrix: its indices are bb.x_index.
  ForEachPair<T>(s, y.data<T>(), x.data<T>(), out, [&](size_t, const T* f, T* b) {
    CholeskySolveOne(upper, s.n, s.k, f, b);
  });
}

// dX = A^-1 dOut; with dA = -dX Out^T and S = dA + dA^T: dY = tril(S L)
// (upper: triu(U S)).
template <typename T>
void CholeskySolveGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kSolveGradX);
  const DenseTensor& y = ctx.Input(kSolveGradY);
  const bool upper = ctx.Attr<bool>(0);
  const SolveDims s = SolveShapes(ctx.op_type(), "Y", y.dims(), "X", x.dims(), false, true);
  const int64_t n = s.n, nn = n * n, nk = n * s.k;
  const T* out = ctx.Input(kSolveGradOut).data<T>();
  const T* g = ctx.Input(kSolveGradOutGrad).data<T>();
  auto [dx, dy] = ZeroedGrads<T>(ctx);
  std::vector<T> db(nk), da(nn), sym(nn), df(nn), tri(nn);
  for (size_t p = 0; p < s.bb.x_index.size(); ++p) {
    const T* f = y.data<T>() + s.bb.x_index[p] * nn;  // the factor (BroadcastBatch's X side)
    std::copy(g + p * nk, g + (p + 1) * nk, db.begin());
    CholeskySolveOne(upper, n, s.k, f, db.data());
    if (dx)
      for (int64_t i = 0; i < nk; ++i) dx[s.bb.y_index[p] * nk + i] += db[i];
    if (!dy) continue;
    Gemm(false, true, n, n, s.k, T(-1), db.data(), out + p * nk, T(0), da.data());
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) sym[i * n + j] = da[i * n + j] + da[j * n + i];
    // The factor as the forward read it: its other triangle may hold anything.
    std::copy(f, f + nn, tri.begin());
    MaskTriangle(n, upper, false, tri.data());
    if (upper)
      Gemm(false, false, n, n, n, T(1), tri.data(), sym.data(), T(0), df.data());
    else
      Gemm(false, false, n, n, n, T(1), sym.data(), tri.data(), T(0), df.data());
    MaskTriangle(n, upper, false, df.data());
    T* d = dy + s.bb.x_index[p] * nn;
    for (int64_t i = 0; i < nn; ++i) d[i] += df[i];
  }
}

#define PD_SOLVE_GRAD(KERNEL, MATRIX)                  \
  Grad()                                               \
      .Reads(kSolveGradX, "X")                         \
      .Reads(kSolveGradY, "Y")                         \
      .Reads(kSolveGradOut, "Out")                     \
      .OutputGrad(kSolveGradOutGrad, "Out")            \
      .InputGrad(kSolveGradXGrad, "X")                 \
      .InputGrad(kSolveGradYGrad, "Y")                 \
      .InferShape(SolveGradInferShape<MATRIX>)         \
      .CpuKernel<float>(KERNEL<float>)                 \
      .CpuKernel<double>(KERNEL<double>)

PD_REGISTER_OP(cholesky)
    .Doc("The Cholesky factor of each symmetric positive definite matrix of X, read from its "
         "lower triangle: L lower triangular with X = L L^T, or U = L^T when upper.",
         "X 中每个对称正定矩阵（读取其下三角）的 Cholesky 因子：下三角 L 满足 X = L L^T；"
         "upper 为真时返回 U = L^T。")
    .Input(0, "X", "Symmetric positive definite matrices, [..., N, N].",
           "对称正定矩阵，[..., N, N]。")
    .Output(0, "Out", "The factors, X's shape.", "Cholesky 因子，形状同 X。")
    .RequiredAttr<bool>(0, "upper", "Return the upper factor U = L^T instead of L.",
                        "返回上三角因子 U = L^T 而非 L。")
    .InferShape(CholeskyInferShape)
    .CpuKernel<float>(CholeskyKernel<float>)
    .CpuKernel<double>(CholeskyKernel<double>)
    .Grad()
    .Doc("Gradient of cholesky: with Phi the lower triangle of L^T * Out@GRAD (diagonal "
         "halved) and S = L^-T Phi L^-1, X@GRAD = (S + S^T) / 2.",
         "cholesky 的梯度：Phi 为 L^T * Out@GRAD 的下三角（对角线减半），S = L^-T Phi L^-1，"
         "X@GRAD = (S + S^T) / 2。")
    .Reads(kCholGradOut, "Out")
    .OutputGrad(kCholGradOutGrad, "Out")
    .InputGrad(0, "X")
    .InferShape(CholeskyGradInferShape)
    .CpuKernel<float>(CholeskyGradKernel<float>)
    .CpuKernel<double>(CholeskyGradKernel<double>);

PD_REGISTER_OP(solve)
    .Doc("The solution of X Out = Y per matrix, through an LU factorization of X; the batch "
         "dims broadcast, and Y may be a vector per matrix ([..., N]).",
         "逐矩阵求解 X Out = Y（对 X 做 LU 分解）；批维度可广播，Y 也可以是每个矩阵对应的向量"
         "（[..., N]）。")
    .Input(0, "X", "Square, invertible coefficient matrices, [..., N, N].",
           "可逆的方阵系数矩阵，[..., N, N]。")
    .Input(1, "Y", "Right-hand sides, [..., N, K] or [..., N].", "右端项，[..., N, K] 或 [..., N]。")
    .Output(0, "Out", "The solutions, the broadcast batch dims and Y's last dims.",
            "解，形状为广播后的批维度加上 Y 的最后几维。")
    .InferShape(SolveInferShape<0>)
    .CpuKernel<float>(SolveKernel<float>)
    .CpuKernel<double>(SolveKernel<double>)
    .PD_SOLVE_GRAD(SolveGradKernel, 0);

PD_REGISTER_OP(triangular_solve)
    .Doc("The solution of op(X) Out = Y per matrix for triangular X (op(X) = X^T when "
         "transpose); only X's upper or lower triangle is read. The batch dims broadcast.",
         "对三角矩阵 X 逐矩阵求解 op(X) Out = Y（transpose 为真时 op(X) = X^T）；只读取 X 的上三角"
         "或下三角。批维度可广播。")
    .Input(0, "X", "Triangular matrices, [..., N, N].", "三角矩阵，[..., N, N]。")
    .Input(1, "Y", "Right-hand sides, [..., N, K].", "右端项，[..., N, K]。")
    .Output(0, "Out", "The solutions, the broadcast batch dims + [N, K].",
            "解，形状为广播后的批维度 + [N, K]。")
    .RequiredAttr<bool>(kTriUpper, "upper", "X is upper (true) or lower (false) triangular.",
                        "X 为上三角（true）或下三角（false）矩阵。")
    .RequiredAttr<bool>(kTriTranspose, "transpose", "Solve with X^T instead of X.",
                        "用 X^T 代替 X 求解。")
    .RequiredAttr<bool>(kTriUnit, "unitriangular", "Take X's diagonal as ones (it is not read).",
                        "把 X 的对角线视为全 1（不读取）。")
    .InferShape(SolveInferShape<0>)
    .CpuKernel<float>(TriangularSolveKernel<float>)
    .CpuKernel<double>(TriangularSolveKernel<double>)
    .PD_SOLVE_GRAD(TriangularSolveGradKernel, 0);

PD_REGISTER_OP(cholesky_solve)
    .Doc("The solution of A Out = X per matrix, given A's Cholesky factor Y (A = Y Y^T, or Y^T Y "
         "when upper). The batch dims broadcast.",
         "给定 A 的 Cholesky 因子 Y（A = Y Y^T，upper 为真时 A = Y^T Y），逐矩阵求解 A Out = X。"
         "批维度可广播。")
    .Input(0, "X", "Right-hand sides, [..., N, K].", "右端项，[..., N, K]。")
    .Input(1, "Y", "Cholesky factors, triangular, [..., N, N].", "Cholesky 因子（三角矩阵），[..., N, N]。")
    .Output(0, "Out", "The solutions, the broadcast batch dims + [N, K].",
            "解，形状为广播后的批维度 + [N, K]。")
    .RequiredAttr<bool>(0, "upper", "Y is the upper factor (A = Y^T Y) rather than the lower.",
                        "Y 为上三角因子（A = Y^T Y）而非下三角因子。")
    .InferShape(SolveInferShape<1>)
    .CpuKernel<float>(CholeskySolveKernel<float>)
    .CpuKernel<double>(CholeskySolveKernel<double>)
    .PD_SOLVE_GRAD(CholeskySolveGradKernel, 1);

}  // namespace
}  // namespace ops
}  // namespace paddle
