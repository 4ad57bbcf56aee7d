// rms_norm: x is seen as [rows, cols], cols the product of its trailing
// `normalized_shape` dims; each row is divided by its root mean square
// (sqrt(mean(x^2) + epsilon)) and multiplied by scale per element. invvar keeps
// each row's 1 / rms, in float32 as PaddlePaddle 3.3.1's shape rule gives it.
#include <cmath>
#include <vector>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

enum RmsIn { kX, kScale };
enum RmsOut { kY, kInvvar };
enum RmsAttr { kNormalizedShape, kEpsilon };
enum RmsGradIn { kGX, kGScale, kGYGrad };
enum RmsGradOut { kGXGrad, kGScaleGrad };

struct Rows {
  int64_t rows, cols;
};

// Checks that x ends in normalized_shape (an unknown -1 dim matches) and
// splits it there.
Rows RowsOf(const std::string& op, const DDim& x, const std::vector<int64_t>& normalized) {
  const int n = static_cast<int>(normalized.size());
  PD_CHECK(n >= 1 && n <= x.rank(), InvalidArgument, "[", op, "] normalized_shape of ", n,
           " dims must have 1 to ", x.rank(), " dims (the rank of x ", x.ToString(), ")");
  const int begin = x.rank() - n;
  for (int i = 0; i < n; ++i) {
    PD_CHECK(x[begin + i] < 0 || x[begin + i] == normalized[i], InvalidArgument, "[", op,
             "] x ", x.ToString(), " must end in normalized_shape ", DDim(normalized).ToString(),
             ": dim ", begin + i, " is ", x[begin + i], " vs ", normalized[i]);
  }
  return Rows{DDim(x.data(), begin).numel(), DDim(x.data() + begin, n).numel()};
}

void RmsNormInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  const auto& normalized = ctx.Attr<std::vector<int64_t>>(kNormalizedShape);
  const Rows r = RowsOf(ctx.op_type(), x, normalized);
  if (ctx.HasInput(kScale)) {
    const DDim s = ctx.InputDim(kScale);
    PD_CHECK(s.numel() < 0 || r.cols < 0 || s.numel() == r.cols, InvalidArgument, "[",
             ctx.op_type(), "] scale ", s.ToString(), " must have ", r.cols,
             " elements (the normalized size of x ", x.ToString(), ")");
  }
  SameShape(ctx, kX, kY);
  ctx.SetOutputDim(kInvvar, DDim(x.data(), x.rank() - static_cast<int>(normalized.size())));
  ctx.SetOutputDtype(kInvvar, DataType::kFloat32);
}

template <typename T>
PD_SIMD_CLONES T InverseRms(const T* row, int64_t n, T eps) {
  T sq = T(0);
#pragma omp simd reduction(+ : sq)
  for (int64_t j = 0; j < n; ++j) sq += row[j] * row[j];
  return T(1) / std::sqrt(sq / static_cast<T>(n) + eps);
}

template <typename T>
void RmsNormKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const Rows r = RowsOf(ctx.op_type(), x.dims(), ctx.Attr<std::vector<int64_t>>(kNormalizedShape));
  const T eps = static_cast<T>(ctx.Attr<double>(kEpsilon));
  const T* scale = ctx.HasInput(kScale) ? ctx.Input(kScale).data<T>() : nullptr;
  const T* xp = x.data<T>();
  T* y = ctx.Output(kY)->MutableData<T>(ctx.place());
  float* invvar = ctx.HasOutput(kInvvar) ? ctx.Output(kInvvar)->MutableData<float>(ctx.place())
                                         : nullptr;
  ParallelFor(r.rows, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T* row = xp + i * r.cols;
      T* out = y + i * r.cols;
      const T inv = InverseRms(row, r.cols, eps);
      if (scale) {
#pragma omp simd
        for (int64_t j = 0; j < r.cols; ++j) out[j] = row[j] * inv * scale[j];
      } else {
#pragma omp simd
        for (int64_t j = 0; j < r.cols; ++j) out[j] = row[j] * inv;
      }
      if (invvar) invvar[i] = static_cast<float>(inv);
    }
  }, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(r.cols, 1)));
}

void RmsNormGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGX, kGYGrad);
  GradShapeLike(ctx, kGX, kGXGrad);
  GradShapeLike(ctx, kGScale, kGScaleGrad);
}

// With r = 1 / rms(x) and dh = dy * scale: dx = r * (dh - x * r^2 * mean(dh * x)),
// dscale = sum over rows of dy * x * r. r is recomputed from x in T's precision
// (invvar is float32), so float64 gradients keep their accuracy.
template <typename T>
void RmsNormGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGX);
  const Rows r = RowsOf(ctx.op_type(), x.dims(), ctx.Attr<std::vector<int64_t>>(kNormalizedShape));
  const T eps = static_cast<T>(ctx.Attr<double>(kEpsilon));
  const T* xp = x.data<T>();
  const T* scale = ctx.HasInput(kGScale) ? ctx.Input(kGScale).data<T>() : nullptr;
  const T* dy = ctx.Input(kGYGrad).data<T>();
  T* dx = ctx.HasOutput(kGXGrad) ? ctx.Output(kGXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* ds = ctx.HasOutput(kGScaleGrad) && scale
              ? ctx.Output(kGScaleGrad)->MutableData<T>(ctx.place()) : nullptr;
  if (ds) std::fill(ds, ds + r.cols, T(0));
  for (int64_t i = 0; i < r.rows; ++i) {
    const T* row = xp + i * r.cols;
    const T* g = dy + i * r.cols;
    const T inv = InverseRms(row, r.cols, eps);
    if (ds) {
      for (int64_t j = 0; j < r.cols; ++j) ds[j] += g[j] * row[j] * inv;
    }
    if (!dx) continue;
    T dot = T(0);
#pragma omp simd reduction(+ : dot)
    for (int64_t j = 0; j < r.cols; ++j) dot += (scale ? g[j] * scale[j] : g[j]) * row[j];
    const T k = inv * inv * dot / static_cast<T>(r.cols);
    T* out = dx + i * r.cols;
#pragma omp simd
    for (int64_t j = 0; j < r.cols; ++j) {
      out[j] = inv * ((scale ? g[j] * scale[j] : g[j]) - row[j] * k);
    }
  }
}

PD_REGISTER_OP(rms_norm)
    .Doc("Root mean square normalization: x is split into rows before its trailing "
         "normalized_shape dims; y = x / sqrt(mean(x^2 over the row) + epsilon) * scale.",
         "均方根归一化：x 在末尾 normalized_shape 各维之前分为若干行；"
         "y = x / sqrt(该行 x^2 的均值 + epsilon) * scale。")
    .Input(kX, "x", "The input.", "输入。")
    .Input(kScale, "scale", "Optional per-element scale of a row, [prod(normalized_shape)].",
           "可选的逐元素缩放系数，[prod(normalized_shape)]。")
    .Dispensable()
    .Output(kY, "y", "The normalized x, same shape.", "归一化后的 x，形状相同。")
    .Output(kInvvar, "invvar", "Each row's 1 / rms, float32, of x's leading dims.",
            "每行的 1 / rms，float32，形状为 x 的前导各维。")
    .Attr<std::vector<int64_t>>(kNormalizedShape, "normalized_shape", {},
                                "The trailing dims of x normalized together.",
                                "x 末尾一起归一化的各维。")
    .Attr<double>(kEpsilon, "epsilon", 1e-5, "Added to the mean square before the square root.",
                  "开平方前加到均方上的小量。")
    .InferShape(RmsNormInferShape)
    .CpuKernel<float>(RmsNormKernel<float>)
    .CpuKernel<double>(RmsNormKernel<double>)
    .Grad()
    .Reads(kGX, "x")
    .Reads(kGScale, "scale")
    .OutputGrad(kGYGrad, "y")
    .InputGrad(kGXGrad, "x")
    .InputGrad(kGScaleGrad, "scale")
    .InferShape(RmsNormGradInferShape)
    .CpuKernel<float>(RmsNormGradKernel<float>)
    .CpuKernel<double>(RmsNormGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
