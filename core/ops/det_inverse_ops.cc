// inverse, determinant, slogdeterminant and matrix_power: batches of square
// matrices through an LU factorization (LAPACK getrf), with their gradients
// (each through the inverse, as PaddlePaddle's).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/linalg_util.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// ---- inverse: Output = Input^-1 ----

enum InverseGradIn { kInvGradOutput, kInvGradOutputGrad };

void InverseInferShape(InferShapeContext& ctx) {
  CheckSquare(ctx.op_type(), "Input", ctx.InputDim(0));
  ctx.SetOutputDim(0, ctx.InputDim(0));
}

template <typename T>
void InverseKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> lu(nn);
  std::vector<int> ipiv(n);
  for (int64_t b = 0; b < md.batch; ++b)
    if (!InvertMatrix(n, x.data<T>() + b * nn, out + b * nn, lu.data(), ipiv.data()))
      ThrowBatchMatrix(ctx.op_type(), b, "is singular: it has no inverse");
}

void InverseGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kInvGradOutputGrad, ctx.InputDim(kInvGradOutput), "Output's shape");
  if (ctx.HasOutput(0)) ctx.SetOutputDim(0, ctx.InputDim(kInvGradOutput));
}

// dA = -A^-T dOut A^-T, with A^-1 the forward's Output.
template <typename T>
void InverseGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const DenseTensor& inv = ctx.Input(kInvGradOutput);
  const MatrixDims md = Matrices(inv.dims());
  const int64_t n = md.rows, nn = n * n;
  const T* a = inv.data<T>();
  const T* g = ctx.Input(kInvGradOutputGrad).data<T>();
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> tmp(nn);
  for (int64_t b = 0; b < md.batch; ++b) {
    Gemm(true, false, n, n, n, T(1), a + b * nn, g + b * nn, T(0), tmp.data());
    Gemm(false, true, n, n, n, T(-1), tmp.data(), a + b * nn, T(0), dx + b * nn);
  }
}

// ---- determinant: Out = det(Input), the batch dims ----

enum DetGradIn { kDetGradInput, kDetGradOut, kDetGradOutGrad };

void DeterminantInferShape(InferShapeContext& ctx) {
  CheckSquare(ctx.op_type(), "Input", ctx.InputDim(0));
  ctx.SetOutputDim(0, LeadingDims(ctx.InputDim(0), 2));
}

template <typename T>
void DeterminantKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> lu(nn);
  std::vector<int> ipiv(n);
  for (int64_t b = 0; b < md.batch; ++b) {
    T log_abs;
    const T sign = SignAndLogAbsDet(n, x.data<T>() + b * nn, lu.data(), ipiv.data(), &log_abs);
    out[b] = sign * std::exp(log_abs);
  }
}

// The gradient through A^-T of each matrix, scaled per matrix:
// dA = scale(b) * A^-T; a singular matrix gets a zero gradient.
template <typename T, typename Scale>
void ScaledInverseTranspose(const std::string& op, const DenseTensor& x, T* dx, Scale scale) {
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(op, md.rows);
  const int64_t nn = md.rows * md.cols;
  std::vector<T> lu(nn), inv(nn);
  std::vector<int> ipiv(n);
  for (int64_t b = 0; b < md.batch; ++b) {
    T* d = dx + b * nn;
    if (!InvertMatrix(n, x.data<T>() + b * nn, inv.data(), lu.data(), ipiv.data())) {
      std::fill(d, d + nn, T(0));
      continue;
    }
    const T s = scale(b);
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) d[i * n + j] = s * inv[j * n + i];
  }
}

void DetGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kDetGradOutGrad, ctx.InputDim(kDetGradOut), "Out's shape");
  GradShapeLike(ctx, kDetGradInput, 0);
}

// d det(A) = det(A) tr(A^-1 dA): dA = dOut * det(A) * A^-T.
template <typename T>
void DeterminantGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const T* det = ctx.Input(kDetGradOut).data<T>();
  const T* g = ctx.Input(kDetGradOutGrad).data<T>();
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  ScaledInverseTranspose<T>(ctx.op_type(), ctx.Input(kDetGradInput), dx,
                            [&](int64_t b) { return g[b] * det[b]; });
}

// ---- slogdeterminant: Out = [sign, log|det|] stacked in front of the batch dims ----

void SlogdetInferShape(InferShapeContext& ctx) {
  CheckSquare(ctx.op_type(), "Input", ctx.InputDim(0));
  std::vector<int64_t> d{2};
  const DDim batch = LeadingDims(ctx.InputDim(0), 2);
  for (int i = 0; i < batch.rank(); ++i) d.push_back(batch[i]);
  ctx.SetOutputDim(0, DDim(d));
}

template <typename T>
void SlogdetKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> lu(nn);
  std::vector<int> ipiv(n);
  for (int64_t b = 0; b < md.batch; ++b)
    out[b] = SignAndLogAbsDet(n, x.data<T>() + b * nn, lu.data(), ipiv.data(), &out[md.batch + b]);
}

// d log|det(A)| = tr(A^-1 dA): dA = dOut[1] * A^-T (the sign is piecewise constant).
template <typename T>
void SlogdetGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const DenseTensor& x = ctx.Input(kDetGradInput);
  const int64_t batch = Matrices(x.dims()).batch;
  const T* g = ctx.Input(kDetGradOutGrad).data<T>();
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  ScaledInverseTranspose<T>(ctx.op_type(), x, dx, [&](int64_t b) { return g[batch + b]; });
}

// ---- matrix_power: Out = X^n (n < 0: (X^-1)^|n|, n = 0: I) ----

enum PowGradIn { kPowGradX, kPowGradOutGrad };

void MatrixPowerInferShape(InferShapeContext& ctx) {
  CheckSquare(ctx.op_type(), "X", ctx.InputDim(0));
  ctx.SetOutputDim(0, ctx.InputDim(0));
}

// The base of the power for one matrix: X, or X^-1 when n < 0 (into `base`).
template <typename T>
void PowerBase(const std::string& op, int n, int64_t b, const T* x, int exponent, T* base) {
  const int64_t nn = static_cast<int64_t>(n) * n;
  if (exponent >= 0) {
    std::copy(x, x + nn, base);
    return;
  }
  std::vector<T> lu(nn);
  std::vector<int> ipiv(n);
  if (!InvertMatrix(n, x, base, lu.data(), ipiv.data()))
    ThrowBatchMatrix(op, b, "is singular: a negative power needs its inverse");
}

template <typename T>
void Identity(int64_t n, T* out) {
  std::fill(out, out + n * n, T(0));
  for (int64_t i = 0; i < n; ++i) out[i * n + i] = T(1);
}

template <typename T>
void MatrixPowerKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(0);
  const int exponent = ctx.Attr<int32_t>(0);
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  T* out = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> base(nn), acc(nn), tmp(nn);
  for (int64_t b = 0; b < md.batch; ++b) {
    T* o = out + b * nn;
    PowerBase(ctx.op_type(), n, b, x.data<T>() + b * nn, exponent, base.data());
    Identity<T>(n, o);
    // Square and multiply over the bits of |n|.
    for (int64_t p = std::abs(static_cast<int64_t>(exponent)); p > 0; p >>= 1) {
      if (p & 1) {
        Gemm(false, false, n, n, n, T(1), o, base.data(), T(0), tmp.data());
        std::copy(tmp.begin(), tmp.end(), o);
      }
      if (p > 1) {
        Gemm(false, false, n, n, n, T(1), base.data(), base.data(), T(0), tmp.data());
        std::swap(base, tmp);
      }
    }
  }
}

void MatrixPowerGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kPowGradOutGrad, ctx.InputDim(kPowGradX), "X's shape");
  GradShapeLike(ctx, kPowGradX, 0);
}

// With B = X (or X^-1) and p = |n|: dB = sum_k (B^T)^k dOut (B^T)^(p-1-k);
// for n < 0 then dX = -X^-T dB X^-T (the inverse's gradient, B = X^-1).
template <typename T>
void MatrixPowerGradKernel(KernelContext& ctx) {
  if (!ctx.HasOutput(0)) return;
  const DenseTensor& x = ctx.Input(kPowGradX);
  const int exponent = ctx.Attr<int32_t>(0);
  const MatrixDims md = Matrices(x.dims());
  const int n = LapackInt(ctx.op_type(), md.rows);
  const int64_t nn = md.rows * md.cols;
  const int64_t p = std::abs(static_cast<int64_t>(exponent));
  const T* g = ctx.Input(kPowGradOutGrad).data<T>();
  T* dx = ctx.Output(0)->MutableData<T>(ctx.place());
  std::vector<T> base(nn), powers(std::max<int64_t>(p, 1) * nn), left(nn), db(nn);
  for (int64_t b = 0; b < md.batch; ++b) {
    T* d = dx + b * nn;
    std::fill(d, d + nn, T(0));
    if (p == 0) continue;
    PowerBase(ctx.op_type(), n, b, x.data<T>() + b * nn, exponent, base.data());
    Identity<T>(n, powers.data());  // powers[k] = B^k, k < p
    for (int64_t k = 1; k < p; ++k)
      Gemm(false, false, n, n, n, T(1), powers.data() + (k - 1) * nn, base.data(), T(0),
           powers.data() + k * nn);
    std::fill(db.begin(), db.end(), T(0));
    for (int64_t k = 0; k < p; ++k) {
      Gemm(true, false, n, n, n, T(1), powers.data() + k * nn, g + b * nn, T(0), left.data());
      Gemm(false, true, n, n, n, T(1), left.data(), powers.data() + (p - 1 - k) * nn, T(1),
           db.data());
    }
    if (exponent > 0) {
      std::copy(db.begin(), db.end(), d);
    } else {
      Gemm(true, false, n, n, n, T(1), base.data(), db.data(), T(0), left.data());
      Gemm(false, true, n, n, n, T(-1), left.data(), base.data(), T(0), d);
    }
  }
}

PD_REGISTER_OP(inverse)
    .Doc("The inverse of each square matrix of Input (the last two dims); a singular matrix "
         "is an error naming its place in the batch.",
         "Input 中每个方阵（最后两维）的逆矩阵；奇异矩阵会报错并指出它在批中的位置。")
    .Input(0, "Input", "Square matrices, [..., N, N].", "方阵，[..., N, N]。")
    .Output(0, "Output", "Their inverses, Input's shape.", "它们的逆矩阵，形状同 Input。")
    .InferShape(InverseInferShape)
    .CpuKernel<float>(InverseKernel<float>)
    .CpuKernel<double>(InverseKernel<double>)
    .Grad()
    .Doc("Gradient of inverse: Input@GRAD = -Output^T * Output@GRAD * Output^T per matrix.",
         "inverse 的梯度：逐矩阵计算 Input@GRAD = -Output^T * Output@GRAD * Output^T。")
    .Reads(kInvGradOutput, "Output")
    .OutputGrad(kInvGradOutputGrad, "Output")
    .InputGrad(0, "Input")
    .InferShape(InverseGradInferShape)
    .CpuKernel<float>(InverseGradKernel<float>)
    .CpuKernel<double>(InverseGradKernel<double>);

PD_REGISTER_OP(determinant)
    .Doc("The determinant of each square matrix of Input, from its LU factorization; a "
         "singular matrix gives 0.",
         "Input 中每个方阵的行列式，由 LU 分解求得；奇异矩阵得 0。")
    .Input(0, "Input", "Square matrices, [..., N, N].", "方阵，[..., N, N]。")
    .Output(0, "Out", "The determinants, Input's batch dims [...].", "行列式，形状为 Input 的批维度 [...]。")
    .InferShape(DeterminantInferShape)
    .CpuKernel<float>(DeterminantKernel<float>)
    .CpuKernel<double>(DeterminantKernel<double>)
    .Grad()
    .Doc("Gradient of determinant: Input@GRAD = Out@GRAD * Out * Input^-T per matrix (zero "
         "for a singular matrix).",
         "determinant 的梯度：逐矩阵计算 Input@GRAD = Out@GRAD * Out * Input^-T（奇异矩阵为零）。")
    .Reads(kDetGradInput, "Input")
    .Reads(kDetGradOut, "Out")
    .OutputGrad(kDetGradOutGrad, "Out")
    .InputGrad(0, "Input")
    .InferShape(DetGradInferShape)
    .CpuKernel<float>(DeterminantGradKernel<float>)
    .CpuKernel<double>(DeterminantGradKernel<double>);

PD_REGISTER_OP(slogdeterminant)
    .Doc("The sign and the natural log of the absolute value of each square matrix's "
         "determinant, stacked in front: Out[0] the signs, Out[1] the logs (a singular matrix "
         "gives 0 and -inf).",
         "每个方阵行列式的符号与其绝对值的自然对数，堆叠在最前一维：Out[0] 为符号，Out[1] 为对数"
         "（奇异矩阵得 0 与 -inf）。")
    .Input(0, "Input", "Square matrices, [..., N, N].", "方阵，[..., N, N]。")
    .Output(0, "Out", "[2, ...]: the signs, then the log absolute determinants.",
            "[2, ...]：先是符号，再是行列式绝对值的对数。")
    .InferShape(SlogdetInferShape)
    .CpuKernel<float>(SlogdetKernel<float>)
    .CpuKernel<double>(SlogdetKernel<double>)
    .Grad()
    .Doc("Gradient of slogdeterminant: Input@GRAD = Out@GRAD[1] * Input^-T per matrix (the "
         "sign has none).",
         "slogdeterminant 的梯度：逐矩阵计算 Input@GRAD = Out@GRAD[1] * Input^-T（符号没有梯度）。")
    .Reads(kDetGradInput, "Input")
    .Reads(kDetGradOut, "Out")
    .OutputGrad(kDetGradOutGrad, "Out")
    .InputGrad(0, "Input")
    .InferShape(DetGradInferShape)
    .CpuKernel<float>(SlogdetGradKernel<float>)
    .CpuKernel<double>(SlogdetGradKernel<double>);

PD_REGISTER_OP(matrix_power)
    .Doc("X to the integer power n per square matrix: repeated products for n > 0, the "
         "identity for n = 0, powers of the inverse for n < 0.",
         "逐方阵计算 X 的整数 n 次幂：n > 0 时为连乘，n = 0 时为单位矩阵，n < 0 时为逆矩阵的幂。")
    .Input(0, "X", "Square matrices, [..., N, N].", "方阵，[..., N, N]。")
    .Output(0, "Out", "X^n, X's shape.", "X^n，形状同 X。")
    .RequiredAttr<int32_t>(0, "n", "The exponent; negative needs invertible matrices.",
                           "指数；为负时矩阵须可逆。")
    .InferShape(MatrixPowerInferShape)
    .CpuKernel<float>(MatrixPowerKernel<float>)
    .CpuKernel<double>(MatrixPowerKernel<double>)
    .Grad()
    .Doc("Gradient of matrix_power: the sum over k of (B^T)^k * Out@GRAD * (B^T)^(|n|-1-k), B "
         "being X (or X^-1 for n < 0, then through the inverse's gradient).",
         "matrix_power 的梯度：对 k 求和 (B^T)^k * Out@GRAD * (B^T)^(|n|-1-k)，B 为 X"
         "（n < 0 时为 X^-1，再经逆矩阵的梯度）。")
    .Reads(kPowGradX, "X")
    .OutputGrad(kPowGradOutGrad, "Out")
    .InputGrad(0, "X")
    .InferShape(MatrixPowerGradInferShape)
    .CpuKernel<float>(MatrixPowerGradKernel<float>)
    .CpuKernel<double>(MatrixPowerGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
