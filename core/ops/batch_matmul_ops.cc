// bmm (a batch of matrix products, no broadcasting) and dot (row-wise inner
// products). matmul_v2 covers the general, broadcasting case.
#include <algorithm>

#include "core/base/enforce.h"
#include "core/ops/blas.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum In { kX, kY };
enum GradIn { kGradX, kGradY, kGradOutGrad };
enum GradOut { kGradXGrad, kGradYGrad };

// ---- bmm: [B, M, K] x [B, K, N] = [B, M, N] ----

DDim BmmDims(const std::string& op, const DDim& x, const DDim& y) {
  PD_CHECK(x.rank() == 3 && y.rank() == 3, InvalidArgument, "[", op,
           "] X and Y must be 3-D [B, M, K] and [B, K, N], got ", x.ToString(), " and ",
           y.ToString());
  auto agree = [](int64_t a, int64_t b) { return a < 0 || b < 0 || a == b; };
  PD_CHECK(agree(x[0], y[0]) && agree(x[2], y[1]), InvalidArgument, "[", op, "] X ",
           x.ToString(), " and Y ", y.ToString(), " need the same batch and X's K equal to Y's");
  return DDim{x[0] >= 0 ? x[0] : y[0], x[1], y[2]};
}

void BmmInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(0, BmmDims(ctx.op_type(), ctx.InputDim(kX), ctx.InputDim(kY)));
}

template <typename T>
void BmmKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const DenseTensor& y = ctx.Input(kY);
  const int64_t b = x.dims()[0], m = x.dims()[1], k = x.dims()[2], n = y.dims()[2];
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < b; ++i)
    Gemm(false, false, m, n, k, T(1), xp + i * m * k, yp + i * k * n, T(0), o + i * m * n);
}

void BmmGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kGradOutGrad, BmmDims(ctx.op_type(), ctx.InputDim(kGradX), ctx.InputDim(kGradY)),
                  "bmm's output shape for X and Y");
  GradShapeLike(ctx, kGradX, kGradXGrad);
  GradShapeLike(ctx, kGradY, kGradYGrad);
}

// Per batch: dX = dOut Y^T, dY = X^T dOut.
template <typename T>
void BmmGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const DenseTensor& y = ctx.Input(kGradY);
  const int64_t b = x.dims()[0], m = x.dims()[1], k = x.dims()[2], n = y.dims()[2];
  const T* xp = x.data<T>();
  const T* yp = y.data<T>();
  const T* g = ctx.Input(kGradOutGrad).data<T>();
  T* dx = ctx.HasOutput(kGradXGrad) ? ctx.Output(kGradXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* dy = ctx.HasOutput(kGradYGrad) ? ctx.Output(kGradYGrad)->MutableData<T>(ctx.place()) : nullptr;
  for (int64_t i = 0; i < b; ++i) {
    if (dx) Gemm(false, true, m, k, n, T(1), g + i * m * n, yp + i * k * n, T(0), dx + i * m * k);
    if (dy) Gemm(true, false, k, n, m, T(1), xp + i * m * k, g + i * m * n, T(0), dy + i * k * n);
  }
}

// ---- dot: inner products of the last dim ----

DDim DotDims(const std::string& op, const DDim& x, const DDim& y) {
  PD_CHECK(x.rank() >= 1 && x.rank() <= 2 && x.rank() == y.rank(), InvalidArgument, "[", op,
           "] X and Y must both be 1-D or both 2-D, got ", x.ToString(), " and ", y.ToString());
  for (int i = 0; i < x.rank(); ++i)
    PD_CHECK(x[i] < 0 || y[i] < 0 || x[i] == y[i], InvalidArgument, "[", op, "] X ", x.ToString(),
             " and Y ", y.ToString(), " must have the same shape");
  return x.rank() == 1 ? DDim{} : DDim{x[0]};
}

void DotInferShape(InferShapeContext& ctx) {
  ctx.SetOutputDim(0, DotDims(ctx.op_type(), ctx.InputDim(kX), ctx.InputDim(kY)));
}

template <typename T>
void DotKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const int64_t n = x.dims()[x.dims().rank() - 1], rows = n ? x.numel() / n : 0;
  const T* xp = x.data<T>();
  const T* yp = ctx.Input(kY).data<T>();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t r = 0; r < std::max<int64_t>(rows, x.dims().rank() == 1 ? 1 : 0); ++r) {
    T s = T(0);
    for (int64_t j = 0; j < n; ++j) s += xp[r * n + j] * yp[r * n + j];
    o[r] = s;
  }
}

void DotGradInferShape(InferShapeContext& ctx) {
  CheckInputShape(ctx, kGradOutGrad, DotDims(ctx.op_type(), ctx.InputDim(kGradX), ctx.InputDim(kGradY)),
                  "dot's output shape for X and Y");
  GradShapeLike(ctx, kGradX, kGradXGrad);
  GradShapeLike(ctx, kGradY, kGradYGrad);
}

// dX = dOut * Y and dY = dOut * X, row by row.
template <typename T>
void DotGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGradX);
  const int64_t n = x.dims()[x.dims().rank() - 1];
  const T* xp = x.data<T>();
  const T* yp = ctx.Input(kGradY).data<T>();
  const T* g = ctx.Input(kGradOutGrad).data<T>();
  T* dx = ctx.HasOutput(kGradXGrad) ? ctx.Output(kGradXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* dy = ctx.HasOutput(kGradYGrad) ? ctx.Output(kGradYGrad)->MutableData<T>(ctx.place()) : nullptr;
  for (int64_t i = 0; i < x.numel(); ++i) {
    const T go = g[n ? i / n : 0];
    if (dx) dx[i] = go * yp[i];
    if (dy) dy[i] = go * xp[i];
  }
}

#define PD_MATMUL_GRAD(KERNEL, SHAPE)      \
  Grad()                                   \
      .Reads(kGradX, "X")                  \
      .Reads(kGradY, "Y")                  \
      .OutputGrad(kGradOutGrad, "Out")     \
      .InputGrad(kGradXGrad, "X")          \
      .InputGrad(kGradYGrad, "Y")          \
      .InferShape(SHAPE)                   \
      .CpuKernel<float>(KERNEL<float>)     \
      .CpuKernel<double>(KERNEL<double>)

PD_REGISTER_OP(bmm)
    .Doc("Batched matrix product: Out[b] = X[b] * Y[b] for X [B, M, K] and Y [B, K, N].",
         "批量矩阵乘：对 X [B, M, K] 与 Y [B, K, N]，Out[b] = X[b] * Y[b]。")
    .Input(kX, "X", "The left matrices, [B, M, K].", "左矩阵，[B, M, K]。")
    .Input(kY, "Y", "The right matrices, [B, K, N].", "右矩阵，[B, K, N]。")
    .Output(0, "Out", "The products, [B, M, N].", "乘积，[B, M, N]。")
    .InferShape(BmmInferShape)
    .CpuKernel<float>(BmmKernel<float>)
    .CpuKernel<double>(BmmKernel<double>)
    .PD_MATMUL_GRAD(BmmGradKernel, BmmGradInferShape);

PD_REGISTER_OP(dot)
    .Doc("Inner products along the last dim: 1-D X and Y give a 0-D result, 2-D [B, N] give [B].",
         "沿最后一维的内积：一维的 X 与 Y 得到零维结果，二维 [B, N] 得到 [B]。")
    .Input(kX, "X", "The first vectors, [N] or [B, N].", "第一组向量，[N] 或 [B, N]。")
    .Input(kY, "Y", "The second vectors, X's shape.", "第二组向量，形状同 X。")
    .Output(0, "Out", "The inner products.", "内积。")
    .InferShape(DotInferShape)
    .CpuKernel<float>(DotKernel<float>)
    .CpuKernel<double>(DotKernel<double>)
    .CpuKernel<int32_t>(DotKernel<int32_t>)
    .CpuKernel<int64_t>(DotKernel<int64_t>)
    .PD_MATMUL_GRAD(DotGradKernel, DotGradInferShape);

}  // namespace
}  // namespace ops
}  // namespace paddle
