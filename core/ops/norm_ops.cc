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

}  // namespace
}  // namespace ops
}  // namespace paddle
