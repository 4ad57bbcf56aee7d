// softmax and log_softmax along any axis, numerically stable (the line's
// maximum is subtracted before exp so large logits do not overflow).
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"
#include "core/ops/softmax_row.h"

namespace paddle {
namespace ops {
namespace {

enum SoftmaxIn { kX };
enum SoftmaxOut { kOut };
enum SoftmaxGradIn { kGradOut, kGradOutGrad };
enum SoftmaxGradOut { kGradXGrad };
enum SoftmaxAttr { kAxis };  // both ops

// The axis in [0, rank); throws naming the op when outside [-rank, rank).
int NormalizeAxis(const std::string& op, const DDim& dims, int axis) {
  const int r = dims.rank();
  PD_CHECK(r > 0, InvalidArgument, "[", op, "] input must have rank >= 1, got shape ",
           dims.ToString());
  return ops::NormalizeAxis(op, "attribute 'axis'", axis, r, dims);
}

// The tensor viewed as [outer, n, inner] around the softmax axis.
AxisSplit ViewAround(const std::string& op, const DDim& dims, int axis) {
  return SplitAt(dims, NormalizeAxis(op, dims, axis));
}

void SoftmaxInferShape(InferShapeContext& ctx) {
  NormalizeAxis(ctx.op_type(), ctx.InputDim(kX), ctx.Attr<int32_t>(kAxis));
  SameShape(ctx, kX, kOut);
}

// Rows spread over the math threads.
template <typename T>
void SoftmaxRows(const T* x, T* y, int64_t rows, int64_t n) {
  ParallelFor(rows, [&](int64_t lo, int64_t hi) {
    for (int64_t r = lo; r < hi; ++r) SoftmaxRow(x + r * n, y + r * n, n);
  }, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(n, 1)));
}

// inner > 1: the axis is strided, so each block of [n, inner] is processed
// row by row with `inner` running maxima and sums, keeping loads contiguous.
template <typename T>
void SoftmaxStrided(const T* x, T* y, const AxisSplit& v) {
  std::vector<T> mx(v.inner), sum(v.inner);
  const int64_t block = v.n * v.inner;
  for (int64_t o = 0; o < v.outer; ++o) {
    const T* xb = x + o * block;
    T* yb = y + o * block;
    std::copy(xb, xb + v.inner, mx.begin());
    for (int64_t j = 1; j < v.n; ++j) {
      const T* xr = xb + j * v.inner;
      for (int64_t k = 0; k < v.inner; ++k) mx[k] = std::max(mx[k], xr[k]);
    }
    std::fill(sum.begin(), sum.end(), T(0));
    for (int64_t j = 0; j < v.n; ++j) {
      const T* xr = xb + j * v.inner;
      T* yr = yb + j * v.inner;
      for (int64_t k = 0; k < v.inner; ++k) {
        yr[k] = vec::Exp(xr[k] - mx[k]);
        sum[k] += yr[k];
      }
    }
    for (int64_t k = 0; k < v.inner; ++k) sum[k] = T(1) / sum[k];
    for (int64_t j = 0; j < v.n; ++j) {
      T* yr = yb + j * v.inner;
      for (int64_t k = 0; k < v.inner; ++k) yr[k] *= sum[k];
    }
  }
}

template <typename T>
void SoftmaxKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const AxisSplit v = ViewAround(ctx.op_type(), x.dims(), ctx.Attr<int32_t>(kAxis));
  const T* in = x.data<T>();
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  if (v.n == 0 || x.numel() == 0) return;
  if (v.inner == 1) {
    SoftmaxRows(in, out, v.outer, v.n);
  } else {
    SoftmaxStrided(in, out, v);
  }
}

void SoftmaxGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGradOut, kGradOutGrad);
  NormalizeAxis(ctx.op_type(), ctx.InputDim(kGradOut), ctx.Attr<int32_t>(kAxis));
  GradShapeLike(ctx, kGradOut, kGradXGrad);
}

// dX = Out * (dOut - sum_axis(dOut * Out)), the Jacobian-vector product of
// softmax written with its output so X is not needed.
template <typename T>
void SoftmaxGradKernel(KernelContext& ctx) {
  const DenseTensor& out = ctx.Input(kGradOut);
  const DenseTensor& dout = ctx.Input(kGradOutGrad);
  const AxisSplit v = ViewAround(ctx.op_type(), out.dims(), ctx.Attr<int32_t>(kAxis));
  const T* y = out.data<T>();
  const T* g = dout.data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  if (out.numel() == 0) return;
  const int64_t block = v.n * v.inner;
  if (v.inner == 1) {  // last axis: a scalar dot per row, no scratch buffer
    ParallelFor(v.outer, [&](int64_t lo, int64_t hi) {
      for (int64_t o = lo; o < hi; ++o) SoftmaxGradRow(y + o * block, g + o * block, dx + o * block, v.n);
    }, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(v.n, 1)));
    return;
  }
  std::vector<T> dot(v.inner);
  for (int64_t o = 0; o < v.outer; ++o) {
    const T* yb = y + o * block;
    const T* gb = g + o * block;
    T* db = dx + o * block;
    std::fill(dot.begin(), dot.end(), T(0));
    for (int64_t j = 0; j < v.n; ++j) {
      const T* yr = yb + j * v.inner;
      const T* gr = gb + j * v.inner;
      for (int64_t k = 0; k < v.inner; ++k) dot[k] += yr[k] * gr[k];
    }
    for (int64_t j = 0; j < v.n; ++j) {
      const T* yr = yb + j * v.inner;
      const T* gr = gb + j * v.inner;
      T* dr = db + j * v.inner;
      for (int64_t k = 0; k < v.inner; ++k) dr[k] = yr[k] * (gr[k] - dot[k]);
    }
  }
}

constexpr const char* kAxisEn =
    "The dimension to normalize over; negative values count from the last dim (-1 = last). "
    "Must lie in [-rank, rank).";
constexpr const char* kAxisZh = "做归一化的维度；负数表示从最后一维倒数（-1 为最后一维）。取值范围为 [-rank, rank)。";

// Calls fn(line, stride) for every line of n elements along the axis.
template <typename Fn>
void ForEachLine(const AxisSplit& v, Fn&& fn) {
  for (int64_t o = 0; o < v.outer; ++o)
    for (int64_t k = 0; k < v.inner; ++k) fn(o * v.n * v.inner + k, v.inner);
}

// Out = X - max - log(sum(exp(X - max))) along the axis.
template <typename T>
void LogSoftmaxKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const AxisSplit v = ViewAround(ctx.op_type(), x.dims(), ctx.Attr<int32_t>(kAxis));
  const T* in = x.data<T>();
  T* out = ctx.Output(kOut)->MutableData<T>(ctx.place());
  if (v.n == 0 || x.numel() == 0) return;
  ForEachLine(v, [&](int64_t at, int64_t s) {
    T mx = in[at];
    for (int64_t j = 1; j < v.n; ++j) mx = std::max(mx, in[at + j * s]);
    T sum = T(0);
    for (int64_t j = 0; j < v.n; ++j) sum += std::exp(in[at + j * s] - mx);
    const T shift = mx + std::log(sum);
    for (int64_t j = 0; j < v.n; ++j) out[at + j * s] = in[at + j * s] - shift;
  });
}

// X@GRAD = Out@GRAD - exp(Out) * sum(Out@GRAD) along the axis.
template <typename T>
void LogSoftmaxGradKernel(KernelContext& ctx) {
  const DenseTensor& out = ctx.Input(kGradOut);
  const AxisSplit v = ViewAround(ctx.op_type(), out.dims(), ctx.Attr<int32_t>(kAxis));
  const T* y = out.data<T>();
  const T* g = ctx.Input(kGradOutGrad).data<T>();
  T* dx = ctx.Output(kGradXGrad)->MutableData<T>(ctx.place());
  if (out.numel() == 0) return;
  ForEachLine(v, [&](int64_t at, int64_t s) {
    T sum = T(0);
    for (int64_t j = 0; j < v.n; ++j) sum += g[at + j * s];
    for (int64_t j = 0; j < v.n; ++j) dx[at + j * s] = g[at + j * s] - std::exp(y[at + j * s]) * sum;
  });
}

PD_REGISTER_OP(softmax)
    .Doc("Softmax along `axis`: Out = exp(X - max) / sum(exp(X - max)), where max and sum run "
         "over that axis, so every slice along it is positive and sums to 1.",
         "沿 axis 计算 softmax：Out = exp(X - max) / sum(exp(X - max))，max 与 sum 均沿该维计算，"
         "因此沿该维的每个切片都为正且和为 1。")
    .Input(kX, "X", "The input logits, rank >= 1.", "输入的 logits，维数至少为 1。")
    .Output(kOut, "Out", "The probabilities, same shape and LoD as X.", "概率，形状与 LoD 同 X。")
    .Attr<int32_t>(kAxis, "axis", -1, kAxisEn, kAxisZh)
    .InferShape(SoftmaxInferShape)
    .Inplace("X", "Out")  // each row's max and sum are read before its outputs are written
    .CpuKernel<float>(SoftmaxKernel<float>)
    .CpuKernel<double>(SoftmaxKernel<double>)
    .Grad("softmax_grad")  // needs only the forward output
    .Doc("Gradient of softmax: X@GRAD = Out * (Out@GRAD - sum(Out@GRAD * Out)), the sum along "
         "`axis`. Needs only the forward output.",
         "softmax 的梯度：X@GRAD = Out * (Out@GRAD - sum(Out@GRAD * Out))，求和沿 axis 进行。"
         "只需要前向输出。")
    .Reads(kGradOut, "Out")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InferShape(SoftmaxGradInferShape)
    .CpuKernel<float>(SoftmaxGradKernel<float>)
    .CpuKernel<double>(SoftmaxGradKernel<double>);

PD_REGISTER_OP(log_softmax)
    .Doc("Log of softmax along `axis`: Out = X - max - log(sum(exp(X - max))), computed without "
         "overflow.",
         "沿 axis 计算 softmax 的对数：Out = X - max - log(sum(exp(X - max)))，计算时不会溢出。")
    .Input(kX, "X", "The input logits, rank >= 1.", "输入的 logits，维数至少为 1。")
    .Output(kOut, "Out", "The log-probabilities, same shape as X.", "对数概率，形状同 X。")
    .Attr<int32_t>(kAxis, "axis", -1, kAxisEn, kAxisZh)
    .InferShape(SoftmaxInferShape)
    .CpuKernel<float>(LogSoftmaxKernel<float>)
    .CpuKernel<double>(LogSoftmaxKernel<double>)
    .Grad()
    .Doc("Gradient of log_softmax: X@GRAD = Out@GRAD - exp(Out) * sum(Out@GRAD) along `axis`.",
         "log_softmax 的梯度：X@GRAD = Out@GRAD - exp(Out) * sum(Out@GRAD)，求和沿 axis 进行。")
    .Reads(kGradOut, "Out")
    .OutputGrad(kGradOutGrad, "Out")
    .InputGrad(kGradXGrad, "X")
    .InferShape(SoftmaxGradInferShape)
    .CpuKernel<float>(LogSoftmaxGradKernel<float>)
    .CpuKernel<double>(LogSoftmaxGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
