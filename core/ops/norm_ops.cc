// Normalization: layer_norm. X is seen as [left, right] at begin_norm_axis;
// each row of `right` elements is normalized to zero mean and unit variance,
// then scaled and shifted per element of the row.
#include <cmath>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

enum LnIn { kX, kScale, kBias };
enum LnOut { kY, kMean, kVariance };
enum LnAttr { kEpsilon, kBeginNormAxis };
enum LnGradIn { kGX, kGScale, kGBias, kGMean, kGVariance, kGYGrad };
enum LnGradOut { kGXGrad, kGScaleGrad, kGBiasGrad };

struct Rows {
  int64_t left, right;
};

Rows RowsOf(const std::string& op, const DDim& x, int axis) {
  PD_CHECK(axis >= 1 && axis <= x.rank(), InvalidArgument, "[", op, "] begin_norm_axis ", axis,
           " must be in [1, ", x.rank(), "] for X ", x.ToString());
  return Rows{DDim(x.data(), axis).numel(), DDim(x.data() + axis, x.rank() - axis).numel()};
}

void CheckParam(InferShapeContext& ctx, int slot, int64_t right) {
  if (!ctx.HasInput(slot)) return;
  const DDim p = ctx.InputDim(slot);
  PD_CHECK(p.numel() < 0 || right < 0 || p.numel() == right, InvalidArgument, "[",
           ctx.op_type(), "] ", ctx.def().inputs[slot].name, " ", p.ToString(), " must have ",
           right, " elements (the normalized size of X ", ctx.InputDim(kX).ToString(), ")");
}

void LayerNormInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kX);
  const Rows r = RowsOf(ctx.op_type(), x, ctx.Attr<int32_t>(kBeginNormAxis));
  CheckParam(ctx, kScale, r.right);
  CheckParam(ctx, kBias, r.right);
  SameShape(ctx, kX, kY);
  if (ctx.HasOutput(kMean)) ctx.SetOutputDim(kMean, DDim{r.left});
  if (ctx.HasOutput(kVariance)) ctx.SetOutputDim(kVariance, DDim{r.left});
}

template <typename T>
void LayerNormKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kX);
  const Rows r = RowsOf(ctx.op_type(), x.dims(), ctx.Attr<int32_t>(kBeginNormAxis));
  const T eps = static_cast<T>(ctx.Attr<float>(kEpsilon));
  const T* scale = ctx.HasInput(kScale) ? ctx.Input(kScale).data<T>() : nullptr;
  const T* bias = ctx.HasInput(kBias) ? ctx.Input(kBias).data<T>() : nullptr;
  const T* xp = x.data<T>();
  T* y = ctx.Output(kY)->MutableData<T>(ctx.place());
  T* mean = ctx.HasOutput(kMean) ? ctx.Output(kMean)->MutableData<T>(ctx.place()) : nullptr;
  T* var = ctx.HasOutput(kVariance) ? ctx.Output(kVariance)->MutableData<T>(ctx.place()) : nullptr;
  ParallelFor(r.left, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T* row = xp + i * r.right;
      T* out = y + i * r.right;
      T m = T(0), v = T(0);
      for (int64_t j = 0; j < r.right; ++j) m += row[j];
      m /= static_cast<T>(r.right);
      for (int64_t j = 0; j < r.right; ++j) v += (row[j] - m) * (row[j] - m);
      v /= static_cast<T>(r.right);
      const T rstd = T(1) / std::sqrt(v + eps);
      for (int64_t j = 0; j < r.right; ++j) {
        const T h = (row[j] - m) * rstd;
        out[j] = (scale ? h * scale[j] : h) + (bias ? bias[j] : T(0));
      }
      if (mean) mean[i] = m;
      if (var) var[i] = v;
    }
  }, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(r.right, 1)));
}

void LayerNormGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGX, kGYGrad);
  GradShapeLike(ctx, kGX, kGXGrad);
  GradShapeLike(ctx, kGScale, kGScaleGrad);
  GradShapeLike(ctx, kGBias, kGBiasGrad);
}

// With h = (x - mean) * rstd and dh = dy * scale:
//   dx = rstd * (dh - mean(dh) - h * mean(dh * h)), dscale = sum(dy * h), dbias = sum(dy).
template <typename T>
void LayerNormGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGX);
  const Rows r = RowsOf(ctx.op_type(), x.dims(), ctx.Attr<int32_t>(kBeginNormAxis));
  const T eps = static_cast<T>(ctx.Attr<float>(kEpsilon));
  const T* xp = x.data<T>();
  const T* scale = ctx.HasInput(kGScale) ? ctx.Input(kGScale).data<T>() : nullptr;
  const T* mean = ctx.Input(kGMean).data<T>();
  const T* var = ctx.Input(kGVariance).data<T>();
  const T* dy = ctx.Input(kGYGrad).data<T>();
  T* dx = ctx.HasOutput(kGXGrad) ? ctx.Output(kGXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* ds = ctx.HasOutput(kGScaleGrad) ? ctx.Output(kGScaleGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* db = ctx.HasOutput(kGBiasGrad) ? ctx.Output(kGBiasGrad)->MutableData<T>(ctx.place()) : nullptr;
  if (ds) std::fill(ds, ds + r.right, T(0));
  if (db) std::fill(db, db + r.right, T(0));
  const T inv_n = T(1) / static_cast<T>(r.right);
  for (int64_t i = 0; i < r.left; ++i) {
    const T* row = xp + i * r.right;
    const T* g = dy + i * r.right;
    const T rstd = T(1) / std::sqrt(var[i] + eps);
    T mean_dh = T(0), mean_dh_h = T(0);
    for (int64_t j = 0; j < r.right; ++j) {
      const T h = (row[j] - mean[i]) * rstd;
      const T dh = scale ? g[j] * scale[j] : g[j];
      mean_dh += dh;
      mean_dh_h += dh * h;
      if (ds) ds[j] += g[j] * h;
      if (db) db[j] += g[j];
    }
    mean_dh *= inv_n;
    mean_dh_h *= inv_n;
    if (!dx) continue;
    for (int64_t j = 0; j < r.right; ++j) {
      const T h = (row[j] - mean[i]) * rstd;
      const T dh = scale ? g[j] * scale[j] : g[j];
      dx[i * r.right + j] = rstd * (dh - mean_dh - h * mean_dh_h);
    }
  }
}

PD_REGISTER_OP(layer_norm)
    .Doc("Layer normalization: X is split at begin_norm_axis into rows; each row is shifted to "
         "zero mean and scaled to unit variance (plus epsilon), then Y = that * Scale + Bias.",
         "层归一化：X 在 begin_norm_axis 处分为若干行；每行减去均值、除以标准差（方差加 "
         "epsilon），然后 Y = 结果 * Scale + Bias。")
    .Input(kX, "X", "The input.", "输入。")
    .Input(kScale, "Scale", "Optional per-element scale of a row, [prod(X.dims[begin_norm_axis:])].",
           "可选的逐元素缩放系数，[prod(X.dims[begin_norm_axis:])]。")
    .Dispensable()
    .Input(kBias, "Bias", "Optional per-element shift of a row, same size as Scale.",
           "可选的逐元素偏移，大小同 Scale。")
    .Dispensable()
    .Output(kY, "Y", "The normalized X, same shape.", "归一化后的 X，形状相同。")
    .Output(kMean, "Mean", "Each row's mean, [rows].", "每行的均值，[行数]。")
    .Intermediate()
    .Output(kVariance, "Variance", "Each row's variance, [rows].", "每行的方差，[行数]。")
    .Intermediate()
    .Attr<float>(kEpsilon, "epsilon", 1e-5f, "Added to the variance before the square root.",
                 "开平方前加到方差上的小量。")
    .Attr<int32_t>(kBeginNormAxis, "begin_norm_axis", 1,
                   "The first dim of a row: the dims from here on are normalized together.",
                   "行的起始维度：从该维起的各维一起归一化。")
    .InferShape(LayerNormInferShape)
    .CpuKernel<float>(LayerNormKernel<float>)
    .CpuKernel<double>(LayerNormKernel<double>)
    .Grad()
    .Reads(kGX, "X")
    .Reads(kGScale, "Scale")
    .Reads(kGBias, "Bias")
    .Reads(kGMean, "Mean")
    .Reads(kGVariance, "Variance")
    .OutputGrad(kGYGrad, "Y")
    .InputGrad(kGXGrad, "X")
    .InputGrad(kGScaleGrad, "Scale")
    .InputGrad(kGBiasGrad, "Bias")
    .InferShape(LayerNormGradInferShape)
    .CpuKernel<float>(LayerNormGradKernel<float>)
    .CpuKernel<double>(LayerNormGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
