// Normalization. layer_norm: X is seen as [left, right] at begin_norm_axis;
// each row of `right` elements is normalized to zero mean and unit variance,
// then scaled and shifted per element of the row. batch_norm: per channel,
// over the batch and spatial dims, with running statistics.
#include <cmath>
#include <vector>

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

// One row: its mean and (biased) variance, then the normalized, scaled and
// shifted values. The reductions are OpenMP simd reductions, so they vectorize.
template <typename T>
PD_SIMD_CLONES void LayerNormRow(const T* row, T* out, int64_t n, const T* scale, const T* bias,
                                 T eps, T* mean, T* var) {
  T m = T(0), v = T(0);
#pragma omp simd reduction(+ : m)
  for (int64_t j = 0; j < n; ++j) m += row[j];
  m /= static_cast<T>(n);
#pragma omp simd reduction(+ : v)
  for (int64_t j = 0; j < n; ++j) v += (row[j] - m) * (row[j] - m);
  v /= static_cast<T>(n);
  const T rstd = T(1) / std::sqrt(v + eps);
#pragma omp simd
  for (int64_t j = 0; j < n; ++j) {
    const T h = (row[j] - m) * rstd;
    out[j] = (scale ? h * scale[j] : h) + (bias ? bias[j] : T(0));
  }
  *mean = m;
  *var = v;
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
      T m, v;
      LayerNormRow(row, out, r.right, scale, bias, eps, &m, &v);
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
// One row of the gradient: dX, and the row's share of dScale and dBias
// (accumulated). With h the normalized row and dh = dY * Scale:
// dX = rstd * (dh - mean(dh) - h * mean(dh * h)). Loops are simd reductions.
template <bool kScale, typename T>
PD_SIMD_CLONES void LayerNormGradRow(const T* row, const T* g, const T* scale, T mean, T rstd,
                                     int64_t n, T* dx, T* ds, T* db) {
  T mean_dh = T(0), mean_dh_h = T(0);
#pragma omp simd reduction(+ : mean_dh, mean_dh_h)
  for (int64_t j = 0; j < n; ++j) {
    const T h = (row[j] - mean) * rstd;
    const T dh = kScale ? g[j] * scale[j] : g[j];
    mean_dh += dh;
    mean_dh_h += dh * h;
  }
  if (ds) {
#pragma omp simd
    for (int64_t j = 0; j < n; ++j) ds[j] += g[j] * ((row[j] - mean) * rstd);
  }
  if (db) {
#pragma omp simd
    for (int64_t j = 0; j < n; ++j) db[j] += g[j];
  }
  if (!dx) return;
  mean_dh /= static_cast<T>(n);
  mean_dh_h /= static_cast<T>(n);
#pragma omp simd
  for (int64_t j = 0; j < n; ++j) {
    const T h = (row[j] - mean) * rstd;
    const T dh = kScale ? g[j] * scale[j] : g[j];
    dx[j] = rstd * (dh - mean_dh - h * mean_dh_h);
  }
}

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
  for (int64_t i = 0; i < r.left; ++i) {
    const T rstd = T(1) / std::sqrt(var[i] + eps);
    const int64_t at = i * r.right;
    T* dx_row = dx ? dx + at : nullptr;
    if (scale) {
      LayerNormGradRow<true>(xp + at, dy + at, scale, mean[i], rstd, r.right, dx_row, ds, db);
    } else {
      LayerNormGradRow<false>(xp + at, dy + at, scale, mean[i], rstd, r.right, dx_row, ds, db);
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

// ---- batch_norm ----

enum BnIn { kBnX, kBnScale, kBnBias, kBnMean, kBnVariance, kMomentumTensor };
enum BnOut { kBnY, kMeanOut, kVarianceOut, kSavedMean, kSavedVariance, kReserveSpace };
enum BnAttr { kIsTest, kMomentum, kBnEpsilon, kDataLayout, kUseGlobalStats, kTrainableStatistics };
enum BnGradIn { kBgX, kBgScale, kBgBias, kBgMean, kBgVariance, kBgSavedMean, kBgSavedVariance, kBgYGrad };
enum BnGradOut { kBgXGrad, kBgScaleGrad, kBgBiasGrad };

// X as [n, c, s] (NCHW: s = H*W...) or [n*s, c] (NHWC): element (i, ch, j).
struct Channels {
  int64_t n = 1, c = 1, s = 1;
  bool last = false;
  int64_t At(int64_t i, int64_t ch, int64_t j) const {
    return last ? (i * s + j) * c + ch : (i * c + ch) * s + j;
  }
};

Channels ChannelsOf(const std::string& op, const DDim& x, const std::string& layout) {
  PD_CHECK(x.rank() >= 2 && x.rank() <= 5, InvalidArgument, "[", op, "] X must have 2 to 5 dims, got ",
           x.ToString());
  Channels c;
  c.last = layout == "NHWC" && x.rank() > 2;
  c.n = x[0];
  c.c = c.last ? x[x.rank() - 1] : x[1];
  c.s = 1;
  for (int i = c.last ? 1 : 2; i < (c.last ? x.rank() - 1 : x.rank()); ++i) c.s *= x[i];
  return c;
}

bool GlobalStats(const KernelContext& ctx) {
  return ctx.Attr<bool>(kIsTest) || ctx.Attr<bool>(kUseGlobalStats);
}

void BatchNormInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kBnX);
  const Channels ch = ChannelsOf(ctx.op_type(), x, ctx.Attr<std::string>(kDataLayout));
  for (int slot : {kBnScale, kBnBias, kBnMean, kBnVariance}) {
    if (!ctx.HasInput(slot)) continue;
    const DDim p = ctx.InputDim(slot);
    PD_CHECK(p.rank() == 1 && (p[0] < 0 || ch.c < 0 || p[0] == ch.c), InvalidArgument, "[",
             ctx.op_type(), "] ", ctx.def().inputs[slot].name, " must be [C] = [", ch.c,
             "] for X ", x.ToString(), ", got ", p.ToString());
  }
  SameShape(ctx, kBnX, kBnY);
  for (int slot : {kMeanOut, kVarianceOut, kSavedMean, kSavedVariance})
    if (ctx.HasOutput(slot)) ctx.SetOutputDim(slot, DDim{ch.c});
}

template <typename T>
void BatchNormKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kBnX);
  const Channels ch = ChannelsOf(ctx.op_type(), x.dims(), ctx.Attr<std::string>(kDataLayout));
  const T eps = static_cast<T>(ctx.Attr<float>(kBnEpsilon));
  const T momentum = ctx.HasInput(kMomentumTensor)
                         ? static_cast<T>(ctx.Input(kMomentumTensor).data<float>()[0])
                         : static_cast<T>(ctx.Attr<float>(kMomentum));
  const T* xp = x.data<T>();
  const T* scale = ctx.HasInput(kBnScale) ? ctx.Input(kBnScale).data<T>() : nullptr;
  const T* bias = ctx.HasInput(kBnBias) ? ctx.Input(kBnBias).data<T>() : nullptr;
  const T* run_mean = ctx.Input(kBnMean).data<T>();
  const T* run_var = ctx.Input(kBnVariance).data<T>();
  std::vector<T> mean(ch.c), var(ch.c);
  const bool global = GlobalStats(ctx);
  const int64_t m = ch.n * ch.s;
  for (int64_t c = 0; c < ch.c; ++c) {
    if (global) {
      mean[c] = run_mean[c];
      var[c] = run_var[c];
      continue;
    }
    T sum = T(0), sq = T(0);
    for (int64_t i = 0; i < ch.n; ++i)
      for (int64_t j = 0; j < ch.s; ++j) sum += xp[ch.At(i, c, j)];
    mean[c] = m ? sum / static_cast<T>(m) : T(0);
    for (int64_t i = 0; i < ch.n; ++i)
      for (int64_t j = 0; j < ch.s; ++j) {
        const T d = xp[ch.At(i, c, j)] - mean[c];
        sq += d * d;
      }
    var[c] = m ? sq / static_cast<T>(m) : T(0);  // biased, as PaddlePaddle's running average uses
  }
  T* y = ctx.Output(kBnY)->MutableData<T>(ctx.place());
  for (int64_t c = 0; c < ch.c; ++c) {
    const T inv = T(1) / std::sqrt(var[c] + eps);
    const T a = (scale ? scale[c] : T(1)) * inv, b = (bias ? bias[c] : T(0)) - mean[c] * a;
    for (int64_t i = 0; i < ch.n; ++i)
      for (int64_t j = 0; j < ch.s; ++j) {
        const int64_t at = ch.At(i, c, j);
        y[at] = xp[at] * a + b;
      }
  }
  // Running statistics (MeanOut may be Mean's own variable: element c is read
  // before it is written), and the batch's for the gradient.
  T* mean_out = ctx.Output(kMeanOut)->MutableData<T>(ctx.place());
  T* var_out = ctx.Output(kVarianceOut)->MutableData<T>(ctx.place());
  for (int64_t c = 0; c < ch.c; ++c) {
    const T rm = run_mean[c], rv = run_var[c];
    mean_out[c] = global ? rm : rm * momentum + mean[c] * (T(1) - momentum);
    var_out[c] = global ? rv : rv * momentum + var[c] * (T(1) - momentum);
  }
  if (ctx.HasOutput(kSavedMean)) {
    T* sm = ctx.Output(kSavedMean)->MutableData<T>(ctx.place());
    T* sv = ctx.Output(kSavedVariance)->MutableData<T>(ctx.place());
    for (int64_t c = 0; c < ch.c; ++c) {
      sm[c] = mean[c];
      sv[c] = T(1) / std::sqrt(var[c] + eps);  // PaddlePaddle saves the inverse std
    }
  }
}

void BatchNormGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kBgX, kBgYGrad);
  GradShapeLike(ctx, kBgX, kBgXGrad);
  GradShapeLike(ctx, kBgScale, kBgScaleGrad);
  GradShapeLike(ctx, kBgBias, kBgBiasGrad);
}

// With x_hat = (x - mean) * inv and the batch statistics (training):
//   dx = scale * inv / m * (m * dy - sum(dy) - x_hat * sum(dy * x_hat));
// with the running statistics (is_test, use_global_stats): dx = dy * scale * inv.
template <typename T>
void BatchNormGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kBgX);
  const Channels ch = ChannelsOf(ctx.op_type(), x.dims(), ctx.Attr<std::string>(kDataLayout));
  const T eps = static_cast<T>(ctx.Attr<float>(kBnEpsilon));
  const bool global = GlobalStats(ctx);
  const T* xp = x.data<T>();
  const T* dy = ctx.Input(kBgYGrad).data<T>();
  const T* scale = ctx.HasInput(kBgScale) ? ctx.Input(kBgScale).data<T>() : nullptr;
  const T* mean = global ? ctx.Input(kBgMean).data<T>() : ctx.Input(kBgSavedMean).data<T>();
  const T* saved_inv = global ? nullptr : ctx.Input(kBgSavedVariance).data<T>();
  const T* run_var = global ? ctx.Input(kBgVariance).data<T>() : nullptr;
  T* dx = ctx.HasOutput(kBgXGrad) ? ctx.Output(kBgXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* ds = ctx.HasOutput(kBgScaleGrad) ? ctx.Output(kBgScaleGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* db = ctx.HasOutput(kBgBiasGrad) ? ctx.Output(kBgBiasGrad)->MutableData<T>(ctx.place()) : nullptr;
  const int64_t m = ch.n * ch.s;
  for (int64_t c = 0; c < ch.c; ++c) {
    const T inv = global ? T(1) / std::sqrt(run_var[c] + eps) : saved_inv[c];
    T sum_dy = T(0), sum_dy_h = T(0);
    for (int64_t i = 0; i < ch.n; ++i)
      for (int64_t j = 0; j < ch.s; ++j) {
        const int64_t at = ch.At(i, c, j);
        sum_dy += dy[at];
        sum_dy_h += dy[at] * (xp[at] - mean[c]) * inv;
      }
    if (ds) ds[c] = sum_dy_h;
    if (db) db[c] = sum_dy;
    if (!dx) continue;
    const T k = (scale ? scale[c] : T(1)) * inv;
    for (int64_t i = 0; i < ch.n; ++i)
      for (int64_t j = 0; j < ch.s; ++j) {
        const int64_t at = ch.At(i, c, j);
        if (global) {
          dx[at] = dy[at] * k;
        } else {
          const T h = (xp[at] - mean[c]) * inv;
          dx[at] = k / static_cast<T>(m) * (static_cast<T>(m) * dy[at] - sum_dy - h * sum_dy_h);
        }
      }
  }
}

PD_REGISTER_OP(batch_norm)
    .Doc("Batch normalization per channel: in training, X is normalized with the batch's mean "
         "and (biased) variance over all dims but the channel, and the running Mean and Variance "
         "move toward them by `momentum`; at test time (is_test or use_global_stats) the running "
         "statistics are used. Then Y = that * Scale + Bias.",
         "按通道的批归一化：训练时用本批数据在除通道外各维上的均值与（有偏）方差归一化 X，"
         "并按 momentum 更新滑动的 Mean 与 Variance；测试时（is_test 或 use_global_stats）"
         "使用滑动统计量。然后 Y = 结果 * Scale + Bias。")
    .Input(kBnX, "X", "The input, [N, C, ...] (NCHW) or [N, ..., C] (NHWC).",
           "输入，[N, C, ...]（NCHW）或 [N, ..., C]（NHWC）。")
    .Input(kBnScale, "Scale", "Optional per-channel scale, [C].", "可选的逐通道缩放系数，[C]。")
    .Dispensable()
    .Input(kBnBias, "Bias", "Optional per-channel shift, [C].", "可选的逐通道偏移，[C]。")
    .Dispensable()
    .Input(kBnMean, "Mean", "The running mean, [C].", "滑动均值，[C]。")
    .Input(kBnVariance, "Variance", "The running variance, [C].", "滑动方差，[C]。")
    .Input(kMomentumTensor, "MomentumTensor", "Optional one-element float tensor overriding momentum.",
           "可选的单元素 float 张量，取代 momentum 属性。")
    .Dispensable()
    .Output(kBnY, "Y", "The normalized X.", "归一化后的 X。")
    .Output(kMeanOut, "MeanOut", "The updated running mean (usually Mean's own variable).",
            "更新后的滑动均值（通常与 Mean 是同一变量）。")
    .Output(kVarianceOut, "VarianceOut", "The updated running variance (usually Variance's own).",
            "更新后的滑动方差（通常与 Variance 是同一变量）。")
    .Output(kSavedMean, "SavedMean", "The batch mean, for the gradient.", "本批均值，供梯度使用。")
    .Intermediate()
    .Output(kSavedVariance, "SavedVariance", "The batch's inverse std, for the gradient.",
            "本批标准差的倒数，供梯度使用。")
    .Intermediate()
    .Output(kReserveSpace, "ReserveSpace", "Unused on CPU.", "CPU 上不使用。")
    .Dispensable()
    .Extra()
    .Attr<bool>(kIsTest, "is_test", false, "Use the running statistics and leave them unchanged.",
                "使用滑动统计量且不更新它们。")
    .Attr<float>(kMomentum, "momentum", 0.9f, "Weight of the old running statistics in the update.",
                 "更新时旧滑动统计量所占的权重。")
    .Attr<float>(kBnEpsilon, "epsilon", 1e-5f, "Added to the variance before the square root.",
                 "开平方前加到方差上的小量。")
    .Attr(kDataLayout, "data_layout", "NCHW", "NCHW (channel second) or NHWC (channel last).",
          "NCHW（通道在第二维）或 NHWC（通道在最后一维）。")
    .OneOf({"NCHW", "NHWC", "AnyLayout"})
    .Attr<bool>(kUseGlobalStats, "use_global_stats", false,
                "Normalize with the running statistics even in training.",
                "训练时也使用滑动统计量归一化。")
    .Attr<bool>(kTrainableStatistics, "trainable_statistics", false,
                "Legacy: use batch statistics at test time; not read.",
                "旧版属性：测试时使用批统计量；不读取。")
    .InferShape(BatchNormInferShape)
    .CpuKernel<float>(BatchNormKernel<float>)
    .CpuKernel<double>(BatchNormKernel<double>)
    .Grad()
    .Reads(kBgX, "X")
    .Reads(kBgScale, "Scale")
    .Reads(kBgBias, "Bias")
    .Reads(kBgMean, "Mean")
    .Reads(kBgVariance, "Variance")
    .Reads(kBgSavedMean, "SavedMean")
    .Reads(kBgSavedVariance, "SavedVariance")
    .OutputGrad(kBgYGrad, "Y")
    .InputGrad(kBgXGrad, "X")
    .InputGrad(kBgScaleGrad, "Scale")
    .InputGrad(kBgBiasGrad, "Bias")
    .InferShape(BatchNormGradInferShape)
    .CpuKernel<float>(BatchNormGradKernel<float>)
    .CpuKernel<double>(BatchNormGradKernel<double>);

// ---- group_norm / instance_norm ----
// Per item n and group g of C/G channels, the elements of those channels over
// all spatial positions are normalized together; Scale and Bias are per
// channel. instance_norm is one channel per group.

struct Groups {
  Channels ch;
  int64_t g = 1;  // groups
  int64_t per() const { return ch.c / g; }
};

Groups GroupsOf(const std::string& op, const DDim& x, const std::string& layout, int64_t groups) {
  Groups gr;
  gr.ch = ChannelsOf(op, x, layout);
  gr.g = groups;
  PD_CHECK(groups >= 1 && (gr.ch.c < 0 || gr.ch.c % groups == 0), InvalidArgument, "[", op,
           "] groups ", groups, " must be >= 1 and divide the ", gr.ch.c, " channels of X ",
           x.ToString());
  return gr;
}

// Normalizes every (n, group); writes each group's mean and variance.
template <typename T>
void GroupNormalize(const Groups& gr, const T* x, const T* scale, const T* bias, T eps, T* y,
                    T* mean, T* var) {
  const Channels& ch = gr.ch;
  const int64_t count = gr.per() * ch.s;
  for (int64_t n = 0; n < ch.n; ++n)
    for (int64_t g = 0; g < gr.g; ++g) {
      T m = T(0), v = T(0);
      for (int64_t c = g * gr.per(); c < (g + 1) * gr.per(); ++c)
        for (int64_t j = 0; j < ch.s; ++j) m += x[ch.At(n, c, j)];
      m /= static_cast<T>(count);
      for (int64_t c = g * gr.per(); c < (g + 1) * gr.per(); ++c)
        for (int64_t j = 0; j < ch.s; ++j) v += (x[ch.At(n, c, j)] - m) * (x[ch.At(n, c, j)] - m);
      v /= static_cast<T>(count);
      const T rstd = T(1) / std::sqrt(v + eps);
      for (int64_t c = g * gr.per(); c < (g + 1) * gr.per(); ++c)
        for (int64_t j = 0; j < ch.s; ++j) {
          const int64_t at = ch.At(n, c, j);
          y[at] = (x[at] - m) * rstd * (scale ? scale[c] : T(1)) + (bias ? bias[c] : T(0));
        }
      if (mean) mean[n * gr.g + g] = m;
      if (var) var[n * gr.g + g] = v;
    }
}

// The gradient through GroupNormalize from the saved means and variances.
template <typename T>
void GroupNormalizeGrad(const Groups& gr, const T* x, const T* scale, const T* mean, const T* var,
                        const T* dy, T eps, T* dx, T* ds, T* db) {
  const Channels& ch = gr.ch;
  const T inv_n = T(1) / static_cast<T>(gr.per() * ch.s);
  if (ds) std::fill(ds, ds + ch.c, T(0));
  if (db) std::fill(db, db + ch.c, T(0));
  for (int64_t n = 0; n < ch.n; ++n)
    for (int64_t g = 0; g < gr.g; ++g) {
      const T m = mean[n * gr.g + g], rstd = T(1) / std::sqrt(var[n * gr.g + g] + eps);
      T mean_dh = T(0), mean_dh_h = T(0);
      for (int64_t c = g * gr.per(); c < (g + 1) * gr.per(); ++c)
        for (int64_t j = 0; j < ch.s; ++j) {
          const int64_t at = ch.At(n, c, j);
          const T h = (x[at] - m) * rstd, dh = dy[at] * (scale ? scale[c] : T(1));
          mean_dh += dh;
          mean_dh_h += dh * h;
          if (ds) ds[c] += dy[at] * h;
          if (db) db[c] += dy[at];
        }
      mean_dh *= inv_n;
      mean_dh_h *= inv_n;
      if (!dx) continue;
      for (int64_t c = g * gr.per(); c < (g + 1) * gr.per(); ++c)
        for (int64_t j = 0; j < ch.s; ++j) {
          const int64_t at = ch.At(n, c, j);
          const T h = (x[at] - m) * rstd, dh = dy[at] * (scale ? scale[c] : T(1));
          dx[at] = rstd * (dh - mean_dh - h * mean_dh_h);
        }
    }
}

// Slots shared by both ops: X, Scale, Bias -> Y, Mean, Variance (named
// SavedMean / SavedVariance by instance_norm); grad reads X, Scale, Bias,
// the two statistics and Y@GRAD.
enum GnIn { kGnX, kGnScale, kGnBias };
enum GnOut { kGnY, kGnMean, kGnVariance };
enum GnGradIn { kGnGX, kGnGScale, kGnGBias, kGnGMean, kGnGVariance, kGnGYGrad };
enum GnGradOut { kGnGXGrad, kGnGScaleGrad, kGnGBiasGrad };
enum GroupNormAttr { kGnEpsilon, kGnGroups, kGnLayout };
enum InstanceNormAttr { kInEpsilon };

Groups GroupsFor(const InferShapeContext* ictx, const KernelContext* kctx, const DDim& x) {
  const std::string& op = ictx ? ictx->op_type() : kctx->op_type();
  // instance_norm and instance_norm_grad: one channel per group, channel second.
  if (op.rfind("instance_norm", 0) == 0)
    return GroupsOf(op, x, "NCHW", x.rank() >= 2 ? std::max<int64_t>(x[1], 1) : 1);
  auto attr = [&](int i) -> const auto& { return ictx ? ictx->Attr<int32_t>(i) : kctx->Attr<int32_t>(i); };
  const std::string& layout = ictx ? ictx->Attr<std::string>(kGnLayout) : kctx->Attr<std::string>(kGnLayout);
  return GroupsOf(op, x, layout, attr(kGnGroups));
}

void GroupNormInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kGnX);
  const Groups gr = GroupsFor(&ctx, nullptr, x);
  for (int slot : {kGnScale, kGnBias})
    if (ctx.HasInput(slot)) {
      const DDim p = ctx.InputDim(slot);
      PD_CHECK(p.numel() < 0 || gr.ch.c < 0 || p.numel() == gr.ch.c, InvalidArgument, "[",
               ctx.op_type(), "] ", ctx.def().inputs[slot].name, " ", p.ToString(), " must have ",
               gr.ch.c, " elements (X's channels)");
    }
  SameShape(ctx, kGnX, kGnY);
  const int64_t stats = gr.ch.n < 0 ? -1 : gr.ch.n * gr.g;
  const DDim sd = ctx.op_type().rfind("instance_norm", 0) == 0 ? DDim{stats} : DDim{gr.ch.n, gr.g};
  if (ctx.HasOutput(kGnMean)) ctx.SetOutputDim(kGnMean, sd);
  if (ctx.HasOutput(kGnVariance)) ctx.SetOutputDim(kGnVariance, sd);
}

template <typename T>
void GroupNormKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGnX);
  const Groups gr = GroupsFor(nullptr, &ctx, x.dims());
  T* mean = ctx.HasOutput(kGnMean) ? ctx.Output(kGnMean)->MutableData<T>(ctx.place()) : nullptr;
  T* var = ctx.HasOutput(kGnVariance) ? ctx.Output(kGnVariance)->MutableData<T>(ctx.place()) : nullptr;
  GroupNormalize<T>(gr, x.data<T>(), ctx.HasInput(kGnScale) ? ctx.Input(kGnScale).data<T>() : nullptr,
                    ctx.HasInput(kGnBias) ? ctx.Input(kGnBias).data<T>() : nullptr,
                    static_cast<T>(ctx.Attr<float>(0)), ctx.Output(kGnY)->MutableData<T>(ctx.place()),
                    mean, var);
}

void GroupNormGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kGnGX, kGnGYGrad);
  GradShapeLike(ctx, kGnGX, kGnGXGrad);
  GradShapeLike(ctx, kGnGScale, kGnGScaleGrad);
  GradShapeLike(ctx, kGnGBias, kGnGBiasGrad);
}

template <typename T>
void GroupNormGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kGnGX);
  const Groups gr = GroupsFor(nullptr, &ctx, x.dims());
  auto out = [&](int slot) {
    return ctx.HasOutput(slot) ? ctx.Output(slot)->MutableData<T>(ctx.place()) : nullptr;
  };
  GroupNormalizeGrad<T>(gr, x.data<T>(), ctx.HasInput(kGnGScale) ? ctx.Input(kGnGScale).data<T>() : nullptr,
                        ctx.Input(kGnGMean).data<T>(), ctx.Input(kGnGVariance).data<T>(),
                        ctx.Input(kGnGYGrad).data<T>(), static_cast<T>(ctx.Attr<float>(0)),
                        out(kGnGXGrad), out(kGnGScaleGrad), out(kGnGBiasGrad));
}

// The X, Scale and Bias inputs and the statistics' outputs of both ops.
void GroupSlots(OpDefBuilder& op, const char* mean, const char* variance) {
  op.Input(kGnX, "X", "The input, [N, C, ...] (or channel last).", "输入，[N, C, ...]（或通道在后）。")
      .Input(kGnScale, "Scale", "Optional per-channel scale, [C].", "可选的逐通道缩放系数，[C]。")
      .Dispensable()
      .Input(kGnBias, "Bias", "Optional per-channel shift, [C].", "可选的逐通道偏移，[C]。")
      .Dispensable()
      .Output(kGnY, "Y", "The normalized X.", "归一化后的 X。")
      .Output(kGnMean, mean, "Each item's and group's mean.", "每个样本每组的均值。")
      .Intermediate()
      .Output(kGnVariance, variance, "Each item's and group's variance.", "每个样本每组的方差。")
      .Intermediate();
}

template <const char* kMean, const char* kVariance>
void GroupGrad(OpDefBuilder& op) {
  op.Grad()
      .Reads(kGnGX, "X")
      .Reads(kGnGScale, "Scale")
      .Reads(kGnGBias, "Bias")
      .Reads(kGnGMean, kMean)
      .Reads(kGnGVariance, kVariance)
      .OutputGrad(kGnGYGrad, "Y")
      .InputGrad(kGnGXGrad, "X")
      .InputGrad(kGnGScaleGrad, "Scale")
      .InputGrad(kGnGBiasGrad, "Bias")
      .InferShape(GroupNormGradInferShape)
      .CpuKernel<float>(GroupNormGradKernel<float>)
      .CpuKernel<double>(GroupNormGradKernel<double>);
}

constexpr char kMeanName[] = "Mean";
constexpr char kVarianceName[] = "Variance";
constexpr char kSavedMeanName[] = "SavedMean";
constexpr char kSavedVarianceName[] = "SavedVariance";

PD_REGISTER_OP(group_norm)
    .Doc("Group normalization: per item, the channels are split into `groups`; each group's "
         "elements are normalized together, then Y = that * Scale + Bias per channel.",
         "分组归一化：对每个样本，把通道分成 groups 组；每组的元素一起归一化，"
         "然后按通道 Y = 结果 * Scale + Bias。")
    .Apply([](OpDefBuilder& op) { GroupSlots(op, kMeanName, kVarianceName); })
    .Attr<float>(kGnEpsilon, "epsilon", 1e-5f, "Added to the variance before the square root.",
                 "开平方前加到方差上的小量。")
    .Attr<int32_t>(kGnGroups, "groups", -1, "The number of groups; it must divide C.",
                   "分组数；须整除 C。")
    .Attr(kGnLayout, "data_layout", "NCHW", "NCHW (channel second) or NHWC (channel last).",
          "NCHW（通道在第二维）或 NHWC（通道在最后一维）。")
    .OneOf({"NCHW", "NHWC"})
    .InferShape(GroupNormInferShape)
    .CpuKernel<float>(GroupNormKernel<float>)
    .CpuKernel<double>(GroupNormKernel<double>)
    .Apply(GroupGrad<kMeanName, kVarianceName>);

PD_REGISTER_OP(instance_norm)
    .Doc("Instance normalization: each channel of each item is normalized over its spatial "
         "positions, then Y = that * Scale + Bias per channel.",
         "实例归一化：每个样本的每个通道在其空间位置上归一化，然后按通道 Y = 结果 * Scale + Bias。")
    .Apply([](OpDefBuilder& op) { GroupSlots(op, kSavedMeanName, kSavedVarianceName); })
    .Attr<float>(kInEpsilon, "epsilon", 1e-5f, "Added to the variance before the square root.",
                 "开平方前加到方差上的小量。")
    .InferShape(GroupNormInferShape)
    .CpuKernel<float>(GroupNormKernel<float>)
    .CpuKernel<double>(GroupNormKernel<double>)
    .Apply(GroupGrad<kSavedMeanName, kSavedVarianceName>);

}  // namespace
}  // namespace ops
}  // namespace paddle
