// Matrix decompositions over LAPACK: qr (geqrf/orgqr), svd (gesdd), eigh and
// eigvalsh (syevd), eig and eigvals (geev, complex results). Gradients follow
// PaddlePaddle's formulas; a gradient of an output nobody used is read as zero.
#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/lapack.h"
#include "core/ops/linalg_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// The gradient input `slot` of one matrix (`size` values), or null when the
// loss did not use that output.
template <typename T>
const T* OptionalGrad(const KernelContext& ctx, int slot) {
  return ctx.HasInput(slot) ? ctx.Input(slot).data<T>() : nullptr;
}

// ---- qr: X = Q R ----

enum QrOut { kQ, kR };
enum QrGradIn { kQrGradX, kQrGradQ, kQrGradR, kQrGradQGrad, kQrGradRGrad };

struct QrShape {
  int64_t m, n, k, q_cols, r_rows;
  bool want_q;
};

QrShape QrDims(const std::string& op, const DDim& x, const std::string& mode) {
  PD_CHECK(mode == "reduced" || mode == "complete" || mode == "r", InvalidArgument, "[", op,
           "] mode must be 'reduced', 'complete' or 'r', got '", mode, "'");
  CheckMatrix(op, "X", x);
  QrShape s;
  s.m = x[x.rank() - 2];
  s.n = x[x.rank() - 1];
  s.k = s.m < 0 || s.n < 0 ? -1 : std::min(s.m, s.n);
  s.q_cols = mode == "complete" ? s.m : s.k;
  s.r_rows = mode == "complete" ? s.m : s.k;
  s.want_q = mode != "r";
  return s;
}

void QrInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  const QrShape s = QrDims(ctx.op_type(), x, ctx.Attr<std::string>(0));
  const DDim batch = LeadingDims(x, 2);
  ctx.SetOutputDim(kQ, s.want_q ? Append(batch, {s.m, s.q_cols}) : DDim{0});
  ctx.SetOutputDim(kR, Append(batch, {s.r_rows, s.n}));
}


template <typename T>
void QrKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const QrShape s = QrDims(ctx.op_type(), x.dims(), ctx.Attr<std::string>(0));
  const MatrixDims md = Matrices(x.dims());
  const int m = LapackInt(ctx.op_type(), s.m), n = LapackInt(ctx.op_type(), s.n);
  const int k = static_cast<int>(s.k), qc = static_cast<int>(s.q_cols);
  T* q = s.want_q ? ctx.Output(kQ)->MutableData<T>(ctx.place()) : nullptr;
  if (!s.want_q) ctx.Output(kQ)->MutableData<T>(ctx.place());
  T* r = ctx.Output(kR)->MutableData<T>(ctx.place());
  // Column-major working matrix, wide enough for Q's columns.
  const int cols = std::max(n, qc);
  std::vector<T> a(static_cast<int64_t>(m) * std::max(cols, 1)), tau(std::max(k, 1));
  int info = 0;
  T query;
  Lapack<T>::geqrf(m, n, a.data(), std::max(m, 1), tau.data(), &query, -1, &info);
  int lwork = WorkSize(query);
  if (s.want_q && qc > 0) {
    Lapack<T>::orgqr(m, qc, k, a.data(), std::max(m, 1), tau.data(), &query, -1, &info);
    lwork = std::max(lwork, WorkSize(query));
  }
  std::vector<T> work(lwork);
  for (int64_t b = 0; b < md.batch; ++b) {
    Transpose(x.data<T>() + b * s.m * s.n, s.m, s.n, a.data());
    if (m > 0 && n > 0) Lapack<T>::geqrf(m, n, a.data(), m, tau.data(), work.data(), lwork, &info);
    T* rb = r + b * s.r_rows * s.n;
    for (int64_t i = 0; i < s.r_rows; ++i)
      for (int64_t j = 0; j < s.n; ++j) rb[i * s.n + j] = j >= i ? a[j * s.m + i] : T(0);
    if (!s.want_q) continue;
    if (k == 0) {  // no reflectors: Q is the identity's first columns
      T* qb = q + b * s.m * s.q_cols;
      for (int64_t i = 0; i < s.m; ++i)
        for (int64_t j = 0; j < s.q_cols; ++j) qb[i * s.q_cols + j] = i == j ? T(1) : T(0);
      continue;
    }
    if (qc > 0) Lapack<T>::orgqr(m, qc, k, a.data(), m, tau.data(), work.data(), lwork, &info);
    Transpose(a.data(), s.q_cols, s.m, q + b * s.m * s.q_cols);
  }
}

void QrGradInferShape(InferShapeContext& ctx) {
  const std::string& mode = ctx.Attr<std::string>(0);
  const QrShape s = QrDims(ctx.op_type(), ctx.InputDim(kQrGradX), mode);
  PD_CHECK(mode != "r", Unimplemented, "[", ctx.op_type(),
           "] qr with mode='r' has no gradient: its Q is not returned (as in PaddlePaddle)");
  PD_CHECK(s.m < 0 || s.n < 0 || mode == "reduced" || s.m <= s.n, Unimplemented, "[",
           ctx.op_type(), "] the gradient of qr with mode='complete' needs rows <= columns, got ",
           ctx.InputDim(kQrGradX).ToString());
  GradShapeLike(ctx, kQrGradX, 0);
}

// For M >= N (Q [M, N], R [N, N]), with qdq = Q^T dQ and rdr = R dR^T:
// dX = Q (dR + tril(qdq - qdq^T + rdr - rdr^T) R^-T) + (dQ - Q qdq) R^-T.
// For M < N, X = [X1 X2] with X1 = Q U square: the same for X1 with
// dQ + X2 dV^T (dV the gradient of R's last columns V), and dX2 = Q dV.
template <typename T>
void QrGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const DenseTensor& x = ctx.Input(kQrGradX);
  const MatrixDims md = Matrices(x.dims());
  const int64_t m = md.rows, n = md.cols, k = std::min(m, n);
  const T* qa = ctx.Input(kQrGradQ).data<T>();
  const T* ra = ctx.Input(kQrGradR).data<T>();
  const T* gq = OptionalGrad<T>(ctx, kQrGradQGrad);
  const T* gr = OptionalGrad<T>(ctx, kQrGradRGrad);
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  // Q is [m, k] in both allowed modes (complete needs m <= n, so k = m).
  std::vector<T> dq(m * k), dr(k * k), u(k * k), qdq(k * k), rdr(k * k), low(k * k), left(m * k);
  for (int64_t b = 0; b < md.batch; ++b) {
    const T* q = qa + b * m * k;
    const T* r = ra + b * k * n;
    T* d = dx + b * m * n;
    for (int64_t i = 0; i < m * k; ++i) dq[i] = gq ? gq[b * m * k + i] : T(0);
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < k; ++j) {
        u[i * k + j] = r[i * n + j];
        dr[i * k + j] = gr ? gr[b * k * n + i * n + j] : T(0);
      }
    if (n > m) {  // the columns past the square: dX2 = Q dV, and dQ += X2 dV^T
      const T* x2 = x.data<T>() + b * m * n + m;
      std::vector<T> dv(m * (n - m)), dx2(m * (n - m));
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = m; j < n; ++j) dv[i * (n - m) + j - m] = gr ? gr[b * k * n + i * n + j] : T(0);
      Gemm(false, false, m, n - m, m, T(1), q, dv.data(), T(0), dx2.data());
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = m; j < n; ++j) d[i * n + j] = dx2[i * (n - m) + j - m];
      Gemm(false, true, m, m, n - m, T(1), x2, n, dv.data(), n - m, T(1), dq.data(), m);
    }
    Gemm(true, false, k, k, m, T(1), q, dq.data(), T(0), qdq.data());
    Gemm(false, true, k, k, k, T(1), u.data(), dr.data(), T(0), rdr.data());
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < k; ++j)
        low[i * k + j] = j > i ? T(0)
                               : qdq[i * k + j] - qdq[j * k + i] + rdr[i * k + j] - rdr[j * k + i];
    // left = Q (dR + low R^-T) + dQ - Q qdq = Q (dR - qdq) + dQ + Q low R^-T; then
    // everything but Q dR is multiplied by R^-T: dX1 = Q dR + (Q low + dQ - Q qdq) R^-T.
    for (int64_t i = 0; i < k * k; ++i) low[i] -= qdq[i];
    Gemm(false, false, m, k, k, T(1), q, low.data(), T(0), left.data());
    for (int64_t i = 0; i < m * k; ++i) left[i] += dq[i];
    // left R^-T: solve R Z^T = left^T, i.e. Z = (R^-1 left^T)^T.
    std::vector<T> lt(k * m);
    Transpose(left.data(), m, k, lt.data());
    TriangularSolve(true, false, false, k, m, u.data(), lt.data());
    Transpose(lt.data(), k, m, left.data());
    Gemm(false, false, m, k, k, T(1), q, dr.data(), T(1), left.data());
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < k; ++j) d[i * n + j] = left[i * k + j];
  }
}

// ---- svd: X = U diag(S) VH ----

enum SvdOut { kU, kS, kVH };
enum SvdGradIn { kSvdGradX, kSvdGradU, kSvdGradS, kSvdGradVH, kSvdGradUGrad, kSvdGradSGrad,
                 kSvdGradVHGrad };

void SvdInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  CheckMatrix(ctx.op_type(), "X", x);
  const bool full = ctx.Attr<bool>(0);
  const int64_t m = x[x.rank() - 2], n = x[x.rank() - 1];
  const int64_t k = m < 0 || n < 0 ? -1 : std::min(m, n);
  const DDim batch = LeadingDims(x, 2);
  ctx.SetOutputDim(kU, Append(batch, {m, full ? m : k}));
  ctx.SetOutputDim(kS, Append(batch, {k}));
  ctx.SetOutputDim(kVH, Append(batch, {full ? n : k, n}));
}

template <typename T>
void SvdKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const bool full = ctx.Attr<bool>(0);
  const MatrixDims md = Matrices(x.dims());
  const int m = LapackInt(ctx.op_type(), md.rows), n = LapackInt(ctx.op_type(), md.cols);
  const int k = std::min(m, n), uc = full ? m : k, vr = full ? n : k;
  T* u = ctx.Output(kU)->MutableData<T>(ctx.place());
  T* s = ctx.Output(kS)->MutableData<T>(ctx.place());
  T* vh = ctx.Output(kVH)->MutableData<T>(ctx.place());
  std::vector<T> a(static_cast<int64_t>(m) * n), uc_buf(static_cast<int64_t>(m) * uc),
      vt(static_cast<int64_t>(vr) * n);
  std::vector<int> iwork(8 * std::max(k, 1));
  const char job = full ? 'A' : 'S';
  const int lda = std::max(m, 1), ldvt = std::max(vr, 1);
  int info = 0;
  T query;
  Lapack<T>::gesdd(job, m, n, a.data(), lda, s, uc_buf.data(), lda, vt.data(), ldvt, &query, -1,
                   iwork.data(), &info);
  const int lwork = WorkSize(query);
  std::vector<T> work(lwork);
  for (int64_t b = 0; b < md.batch; ++b) {
    if (k == 0) {  // empty: U and VH are identity columns when full
      for (int64_t i = 0; i < int64_t(m) * uc; ++i) u[b * m * uc + i] = i % (uc + 1) == 0 ? T(1) : T(0);
      for (int64_t i = 0; i < int64_t(vr) * n; ++i) vh[b * vr * n + i] = i % (n + 1) == 0 ? T(1) : T(0);
      continue;
    }
    Transpose(x.data<T>() + b * md.rows * md.cols, m, n, a.data());
    Lapack<T>::gesdd(job, m, n, a.data(), lda, s + b * k, uc_buf.data(), lda, vt.data(), ldvt,
                     work.data(), lwork, iwork.data(), &info);
    if (info > 0) ThrowBatchMatrix(ctx.op_type(), b, "did not converge in the SVD (gesdd)");
    Transpose(uc_buf.data(), uc, m, u + b * int64_t(m) * uc);
    Transpose(vt.data(), n, vr, vh + b * int64_t(vr) * n);
  }
}

void SvdGradInferShape(InferShapeContext& ctx) { GradShapeLike(ctx, kSvdGradX, 0); }

// With the first k columns of U and V (VH's rows), F_ij = 1/(s_j^2 - s_i^2):
// dX = U [(F o (U^T dU - dU^T U)) S + diag(dS) + S (F o (V^T dV - dV^T V))] V^T
//      + (I - U U^T) dU S^-1 V^T + U S^-1 dV^T (I - V V^T).
template <typename T>
void SvdGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const DenseTensor& x = ctx.Input(kSvdGradX);
  const MatrixDims md = Matrices(x.dims());
  const int64_t m = md.rows, n = md.cols, k = std::min(m, n);
  const int64_t uc = ctx.Input(kSvdGradU).dims()[x.dims().rank() - 1];
  const int64_t vr = ctx.Input(kSvdGradVH).dims()[x.dims().rank() - 2];
  const T* ua = ctx.Input(kSvdGradU).data<T>();
  const T* sa = ctx.Input(kSvdGradS).data<T>();
  const T* va = ctx.Input(kSvdGradVH).data<T>();
  const T* gua = OptionalGrad<T>(ctx, kSvdGradUGrad);
  const T* gsa = OptionalGrad<T>(ctx, kSvdGradSGrad);
  const T* gva = OptionalGrad<T>(ctx, kSvdGradVHGrad);
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> u(m * k), vh(k * n), gu(m * k), gvh(k * n), utgu(k * k), vtgv(k * k),
      inner(k * k), tmp(m * k), tmp2(k * n);
  for (int64_t b = 0; b < md.batch; ++b) {
    const T* s = sa + b * k;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < k; ++j) {
        u[i * k + j] = ua[b * m * uc + i * uc + j];
        gu[i * k + j] = gua ? gua[b * m * uc + i * uc + j] : T(0);
      }
    for (int64_t i = 0; i < k * n; ++i) {
      vh[i] = va[b * vr * n + i];
      gvh[i] = gva ? gva[b * vr * n + i] : T(0);
    }
    Gemm(true, false, k, k, m, T(1), u.data(), gu.data(), T(0), utgu.data());
    // V^T dV = VH dVH^T (V = VH^T).
    Gemm(false, true, k, k, n, T(1), vh.data(), gvh.data(), T(0), vtgv.data());
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < k; ++j) {
        if (i == j) {
          inner[i * k + j] = gsa ? gsa[b * k + i] : T(0);
          continue;
        }
        const T f = T(1) / (s[j] * s[j] - s[i] * s[i]);
        inner[i * k + j] = f * (utgu[i * k + j] - utgu[j * k + i]) * s[j] +
                           s[i] * f * (vtgv[i * k + j] - vtgv[j * k + i]);
      }
    // dX = (U inner + (dU - U utgu) S^-1) VH + U S^-1 (dVH - vtgv^T VH); the
    // projections vanish for square X, so they are computed only when not.
    Gemm(false, false, m, k, k, T(1), u.data(), inner.data(), T(0), tmp.data());
    if (m > k) {
      std::vector<T> p(gu);
      Gemm(false, false, m, k, k, T(-1), u.data(), utgu.data(), T(1), p.data());
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < k; ++j) tmp[i * k + j] += p[i * k + j] / s[j];
    }
    T* d = dx + b * m * n;
    Gemm(false, false, m, n, k, T(1), tmp.data(), vh.data(), T(0), d);
    if (n > k) {
      std::copy(gvh.begin(), gvh.end(), tmp2.begin());
      Gemm(true, false, k, n, k, T(-1), vtgv.data(), vh.data(), T(1), tmp2.data());
      for (int64_t i = 0; i < k; ++i)
        for (int64_t j = 0; j < n; ++j) tmp2[i * n + j] /= s[i];
      Gemm(false, false, m, n, k, T(1), u.data(), tmp2.data(), T(1), d);
    }
  }
}

// ---- eigh / eigvalsh: X = V diag(w) V^T for symmetric X, w ascending ----

enum EighOut { kW, kV };
enum EighGradIn { kEighGradW, kEighGradV, kEighGradWGrad, kEighGradVGrad };

void EighInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  CheckSquare(ctx.op_type(), "X", x);
  const std::string& uplo = ctx.Attr<std::string>(0);
  PD_CHECK(uplo == "L" || uplo == "U", InvalidArgument, "[", ctx.op_type(),
           "] UPLO must be 'L' or 'U', got '", uplo, "'");
  ctx.SetOutputDim(kW, LeadingDims(x, 1));
  ctx.SetOutputDim(kV, x);
}

template <typename T>
void EighKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  // X's lower triangle row-major is the upper one of the column-major bytes.
  const char uplo = ctx.Attr<std::string>(0) == "L" ? 'U' : 'L';
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  T* w = ctx.Output(kW)->MutableData<T>(ctx.place());
  T* v = ctx.Output(kV)->MutableData<T>(ctx.place());
  std::vector<T> a(std::max<int64_t>(nn, 1));
  int info = 0, iquery = 0;
  T query;
  Lapack<T>::syevd('V', uplo, n, a.data(), std::max(n, 1), w, &query, -1, &iquery, -1, &info);
  const int lwork = WorkSize(query), liwork = std::max(1, iquery);
  std::vector<T> work(lwork);
  std::vector<int> iwork(liwork);
  for (int64_t b = 0; b < md.batch; ++b) {
    if (n == 0) continue;
    std::copy(x.data<T>() + b * nn, x.data<T>() + (b + 1) * nn, a.begin());
    Lapack<T>::syevd('V', uplo, n, a.data(), n, w + b * n, work.data(), lwork, iwork.data(),
                     liwork, &info);
    if (info > 0) ThrowBatchMatrix(ctx.op_type(), b, "did not converge in the eigensolver (syevd)");
    Transpose(a.data(), n, n, v + b * nn);  // eigenvectors are the columns
  }
}

void EighGradInferShape(InferShapeContext& ctx) {
  if (ctx.HasOutput(0)) ctx.SetOutputDim(0, ctx.InputDim(kEighGradV));
}

// With G = V (diag(dw) + F o (V^T dV)) V^T, F_ij = 1 / (w_j - w_i) and 0 on
// the diagonal: dX = (G + G^T) / 2 (PaddlePaddle's; eigvalsh has dV = 0).
template <typename T>
void EighGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const DenseTensor& vt = ctx.Input(kEighGradV);
  const MatrixDims md = Matrices(vt.dims());
  const int64_t n = md.rows, nn = n * n;
  const T* wa = ctx.Input(kEighGradW).data<T>();
  const T* gw = OptionalGrad<T>(ctx, kEighGradWGrad);
  const T* gv = ctx.def().inputs.size() > kEighGradVGrad ? OptionalGrad<T>(ctx, kEighGradVGrad)
                                                           : nullptr;
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> inner(nn), tmp(nn);
  for (int64_t b = 0; b < md.batch; ++b) {
    const T* v = vt.data<T>() + b * nn;
    const T* w = wa + b * n;
    if (gv) {
      Gemm(true, false, n, n, n, T(1), v, gv + b * nn, T(0), inner.data());
      for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j)
          inner[i * n + j] = i == j ? T(0) : inner[i * n + j] / (w[j] - w[i]);
    } else {
      std::fill(inner.begin(), inner.end(), T(0));
    }
    for (int64_t i = 0; i < n; ++i) inner[i * n + i] = gw ? gw[b * n + i] : T(0);
    Gemm(false, false, n, n, n, T(1), v, inner.data(), T(0), tmp.data());
    Gemm(false, true, n, n, n, T(1), tmp.data(), v, T(0), inner.data());
    T* d = dx + b * nn;  // symmetrized, as PaddlePaddle returns it
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) d[i * n + j] = T(0.5) * (inner[i * n + j] + inner[j * n + i]);
  }
}

// ---- eig / eigvals: eigenvalues (and right eigenvectors) of general X, complex ----

void EigInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(0);
  CheckSquare(ctx.op_type(), "X", x);
  const DataType c = ctx.InputDtype(0) == DataType::kFloat64 ? DataType::kComplex128
                                                              : DataType::kComplex64;
  ctx.SetOutputDim(0, LeadingDims(x, 1));
  ctx.SetOutputDtype(0, c);
  if (ctx.def().outputs.size() > 1) {
    ctx.SetOutputDim(1, x);
    ctx.SetOutputDtype(1, c);
  }
}

template <typename T>
void EigKernel(KernelContext& ctx) {
  using C = std::complex<T>;
  const DenseTensor& x = ctx.Input(0);
  const bool vectors = ctx.def().outputs.size() > 1;
  const DataType c = std::is_same<T, double>::value ? DataType::kComplex128 : DataType::kComplex64;
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  C* values = static_cast<C*>(ctx.Output(0)->MutableData(ctx.place(), c));
  C* vecs = vectors ? static_cast<C*>(ctx.Output(1)->MutableData(ctx.place(), c)) : nullptr;
  const int ld = std::max(n, 1);
  std::vector<T> a(std::max<int64_t>(nn, 1)), wr(ld), wi(ld), vr(vectors ? std::max<int64_t>(nn, 1) : 1);
  const char jobvr = vectors ? 'V' : 'N';
  int info = 0;
  T query;
  Lapack<T>::geev('N', jobvr, n, a.data(), ld, wr.data(), wi.data(), nullptr, 1, vr.data(), ld,
                  &query, -1, &info);
  const int lwork = WorkSize(query);
  std::vector<T> work(lwork);
  for (int64_t b = 0; b < md.batch; ++b) {
    if (n == 0) continue;
    Transpose(x.data<T>() + b * nn, n, n, a.data());
    Lapack<T>::geev('N', jobvr, n, a.data(), n, wr.data(), wi.data(), nullptr, 1, vr.data(), n,
                    work.data(), lwork, &info);
    if (info > 0) ThrowBatchMatrix(ctx.op_type(), b, "did not converge in the eigensolver (geev)");
    for (int j = 0; j < n; ++j) values[b * n + j] = C(wr[j], wi[j]);
    if (!vectors) continue;
    // Column j of VR is vector j; a complex pair (j, j+1) is VR[:, j] +- i VR[:, j+1].
    C* vb = vecs + b * nn;
    for (int j = 0; j < n; ++j) {
      const bool pair = wi[j] != T(0) && j + 1 < n;
      for (int i = 0; i < n; ++i) {
        const T re = vr[static_cast<int64_t>(j) * n + i];
        if (!pair) {
          vb[static_cast<int64_t>(i) * n + j] = C(re, T(0));
          continue;
        }
        const T im = vr[static_cast<int64_t>(j + 1) * n + i];
        vb[static_cast<int64_t>(i) * n + j] = C(re, im);
        vb[static_cast<int64_t>(i) * n + j + 1] = C(re, -im);
      }
      if (pair) ++j;
    }
  }
}

PD_REGISTER_OP(qr)
    .Doc("The QR decomposition of each matrix of X: Q with orthonormal columns and R upper "
         "triangular, X = Q R (Householder reflections, LAPACK geqrf/orgqr).",
         "X 中每个矩阵的 QR 分解：列正交的 Q 与上三角的 R，X = Q R（Householder 变换，LAPACK "
         "geqrf/orgqr）。")
    .Input(0, "X", "Matrices, [..., M, N].", "矩阵，[..., M, N]。")
    .Output(kQ, "Q", "[..., M, K] (K = min(M, N)), [..., M, M] when complete, empty for 'r'.",
            "[..., M, K]（K = min(M, N)），complete 时为 [..., M, M]，'r' 时为空。")
    .Output(kR, "R", "[..., K, N], [..., M, N] when complete.", "[..., K, N]，complete 时为 [..., M, N]。")
    .RequiredAttr<std::string>(0, "mode",
                               "'reduced' (Q [M, K]), 'complete' (Q [M, M]) or 'r' (R only).",
                               "'reduced'（Q 为 [M, K]）、'complete'（Q 为 [M, M]）或 'r'（只求 R）。")
    .InferShape(QrInferShape)
    .CpuKernel<float>(QrKernel<float>)
    .CpuKernel<double>(QrKernel<double>)
    .Grad()
    .Doc("Gradient of qr (reduced mode, or complete with M <= N): with qdq = Q^T Q@GRAD and "
         "rdr = R R@GRAD^T, X@GRAD = Q R@GRAD + (Q (tril(qdq - qdq^T + rdr - rdr^T) - qdq) + "
         "Q@GRAD) R^-T; wide X adds the part of R's extra columns.",
         "qr 的梯度（reduced 模式，或 M <= N 的 complete 模式）：qdq = Q^T Q@GRAD，rdr = R R@GRAD^T，"
         "X@GRAD = Q R@GRAD + (Q (tril(qdq - qdq^T + rdr - rdr^T) - qdq) + Q@GRAD) R^-T；宽矩阵再加上 R "
         "多出的列的部分。")
    .Reads(kQrGradX, "X")
    .Reads(kQrGradQ, "Q")
    .Reads(kQrGradR, "R")
    .OutputGrad(kQrGradQGrad, "Q")
    .OutputGrad(kQrGradRGrad, "R")
    .InputGrad(0, "X")
    .InferShape(QrGradInferShape)
    .CpuKernel<float>(QrGradKernel<float>)
    .CpuKernel<double>(QrGradKernel<double>);

PD_REGISTER_OP(svd)
    .Doc("The singular value decomposition of each matrix of X: X = U diag(S) VH, S descending "
         "(LAPACK gesdd).",
         "X 中每个矩阵的奇异值分解：X = U diag(S) VH，S 降序（LAPACK gesdd）。")
    .Input(0, "X", "Matrices, [..., M, N].", "矩阵，[..., M, N]。")
    .Output(kU, "U", "Left singular vectors, [..., M, K] (K = min(M, N)); [..., M, M] when full.",
            "左奇异向量，[..., M, K]（K = min(M, N)）；full_matrices 时为 [..., M, M]。")
    .Output(kS, "S", "Singular values, descending, [..., K].", "奇异值（降序），[..., K]。")
    .Output(kVH, "VH", "Right singular vectors as rows, [..., K, N]; [..., N, N] when full.",
            "按行排列的右奇异向量，[..., K, N]；full_matrices 时为 [..., N, N]。")
    .RequiredAttr<bool>(0, "full_matrices", "Return square U and VH.", "返回方阵 U 与 VH。")
    .InferShape(SvdInferShape)
    .CpuKernel<float>(SvdKernel<float>)
    .CpuKernel<double>(SvdKernel<double>)
    .Grad()
    .Doc("Gradient of svd (on the first K singular vectors): with F_ij = 1/(S_j^2 - S_i^2), "
         "X@GRAD = U [(F o (U^T dU - dU^T U)) S + diag(dS) + S (F o (V^T dV - dV^T V))] V^T plus "
         "the projections of dU and dV off U and V for non-square X.",
         "svd 的梯度（取前 K 个奇异向量）：F_ij = 1/(S_j^2 - S_i^2)，X@GRAD = U [(F o (U^T dU - dU^T U)) S "
         "+ diag(dS) + S (F o (V^T dV - dV^T V))] V^T，非方阵再加上 dU、dV 在 U、V 正交补上的投影项。")
    .Reads(kSvdGradX, "X")
    .Reads(kSvdGradU, "U")
    .Reads(kSvdGradS, "S")
    .Reads(kSvdGradVH, "VH")
    .OutputGrad(kSvdGradUGrad, "U")
    .OutputGrad(kSvdGradSGrad, "S")
    .OutputGrad(kSvdGradVHGrad, "VH")
    .InputGrad(0, "X")
    .InferShape(SvdGradInferShape)
    .CpuKernel<float>(SvdGradKernel<float>)
    .CpuKernel<double>(SvdGradKernel<double>);

PD_REGISTER_OP(eigh)
    .Doc("The eigenvalues (ascending) and orthonormal eigenvectors of each symmetric matrix of "
         "X, read from its lower ('L') or upper ('U') triangle (LAPACK syevd).",
         "X 中每个对称矩阵（读取其下三角 'L' 或上三角 'U'）的特征值（升序）与正交特征向量"
         "（LAPACK syevd）。")
    .Input(0, "X", "Symmetric matrices, [..., N, N].", "对称矩阵，[..., N, N]。")
    .Output(kW, "Eigenvalues", "Ascending, [..., N].", "升序特征值，[..., N]。")
    .Output(kV, "Eigenvectors", "The eigenvectors as columns, [..., N, N].",
            "按列排列的特征向量，[..., N, N]。")
    .RequiredAttr<std::string>(0, "UPLO", "The triangle read: 'L' or 'U'.", "读取的三角：'L' 或 'U'。")
    .InferShape(EighInferShape)
    .CpuKernel<float>(EighKernel<float>)
    .CpuKernel<double>(EighKernel<double>)
    .Grad()
    .Doc("Gradient of eigh: with G = V (diag(Eigenvalues@GRAD) + F o (V^T Eigenvectors@GRAD)) "
         "V^T, F_ij = 1/(w_j - w_i) and 0 on the diagonal, X@GRAD = (G + G^T) / 2.",
         "eigh 的梯度：记 G = V (diag(Eigenvalues@GRAD) + F o (V^T Eigenvectors@GRAD)) V^T，"
         "其中 F_ij = 1/(w_j - w_i)，对角线为 0，则 X@GRAD = (G + G^T) / 2。")
    .Reads(kEighGradW, "Eigenvalues")
    .Reads(kEighGradV, "Eigenvectors")
    .OutputGrad(kEighGradWGrad, "Eigenvalues")
    .OutputGrad(kEighGradVGrad, "Eigenvectors")
    .InputGrad(0, "X")
    .InferShape(EighGradInferShape)
    .CpuKernel<float>(EighGradKernel<float>)
    .CpuKernel<double>(EighGradKernel<double>);

PD_REGISTER_OP(eigvalsh)
    .Doc("The eigenvalues (ascending) of each symmetric matrix of X, read from its lower ('L') "
         "or upper ('U') triangle; the eigenvectors are kept for the gradient.",
         "X 中每个对称矩阵（读取其下三角 'L' 或上三角 'U'）的特征值（升序）；特征向量留作求梯度用。")
    .Input(0, "X", "Symmetric matrices, [..., N, N].", "对称矩阵，[..., N, N]。")
    .Output(kW, "Eigenvalues", "Ascending, [..., N].", "升序特征值，[..., N]。")
    .Output(kV, "Eigenvectors", "The eigenvectors as columns, [..., N, N] (for the gradient).",
            "按列排列的特征向量，[..., N, N]（供求梯度）。")
    .RequiredAttr<std::string>(0, "UPLO", "The triangle read: 'L' or 'U'.", "读取的三角：'L' 或 'U'。")
    .RequiredAttr<bool>(1, "is_test", "Unused here: the eigenvectors are always computed.",
                        "此处不使用：特征向量总会计算。")
    .InferShape(EighInferShape)
    .CpuKernel<float>(EighKernel<float>)
    .CpuKernel<double>(EighKernel<double>)
    .Grad()
    .Doc("Gradient of eigvalsh: X@GRAD = V diag(Eigenvalues@GRAD) V^T.",
         "eigvalsh 的梯度：X@GRAD = V diag(Eigenvalues@GRAD) V^T。")
    .Reads(kEighGradW, "Eigenvalues")
    .Reads(kEighGradV, "Eigenvectors")
    .OutputGrad(kEighGradWGrad, "Eigenvalues")
    .InputGrad(0, "X")
    .InferShape(EighGradInferShape)
    .CpuKernel<float>(EighGradKernel<float>)
    .CpuKernel<double>(EighGradKernel<double>);

PD_REGISTER_OP(eig)
    .Doc("The eigenvalues and right eigenvectors (unit 2-norm columns) of each general square "
         "matrix of X, complex (complex64 for float32 X, complex128 for float64; LAPACK geev). "
         "No gradient.",
         "X 中每个一般方阵的特征值与右特征向量（列的 2-范数为 1），为复数（float32 的 X 得 complex64，"
         "float64 得 complex128；LAPACK geev）。没有梯度。")
    .Input(0, "X", "Square matrices, [..., N, N].", "方阵，[..., N, N]。")
    .Output(0, "Eigenvalues", "[..., N], complex.", "[..., N]，复数。")
    .Output(1, "Eigenvectors", "The eigenvectors as columns, [..., N, N], complex.",
            "按列排列的特征向量，[..., N, N]，复数。")
    .InferShape(EigInferShape)
    .CpuKernel<float>(EigKernel<float>)
    .CpuKernel<double>(EigKernel<double>);

PD_REGISTER_OP(eigvals)
    .Doc("The eigenvalues of each general square matrix of X, complex (LAPACK geev). No gradient.",
         "X 中每个一般方阵的特征值，为复数（LAPACK geev）。没有梯度。")
    .Input(0, "X", "Square matrices, [..., N, N].", "方阵，[..., N, N]。")
    .Output(0, "Out", "[..., N], complex.", "[..., N]，复数。")
    .InferShape(EigInferShape)
    .CpuKernel<float>(EigKernel<float>)
    .CpuKernel<double>(EigKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
