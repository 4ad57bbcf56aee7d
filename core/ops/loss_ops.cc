// Losses: softmax_with_cross_entropy (hard labels with ignore_index, or soft
// label distributions, along any axis); bce_loss and
// sigmoid_cross_entropy_with_logits, elementwise.
#include <algorithm>
#include <cmath>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

enum SceIn { kLogits, kLabel };
enum SceOut { kSoftmax, kLoss };
enum SceAttr { kSoftLabel, kUseSoftmax, kNumericStable, kIgnoreIndex, kAxis };
enum SceGradIn { kGLabel, kGSoftmax, kGLossGrad };
enum SceGradOut { kGLogitsGrad };

// Logits as [outer, n, inner] around the class axis.
struct ClassView : AxisSplit {
  int axis = 0;
};

ClassView ViewOf(const std::string& op, const DDim& x, int axis) {
  const int r = x.rank();
  PD_CHECK(r >= 1, InvalidArgument, "[", op, "] Logits must have rank >= 1, got ", x.ToString());
  PD_CHECK(axis >= -r && axis < r, InvalidArgument, "[", op, "] axis ", axis, " is outside [", -r,
           ", ", r, ") for Logits ", x.ToString());
  const int a = axis < 0 ? axis + r : axis;
  return ClassView{SplitAt(x, a), a};
}

// Loss's shape: Logits' with the class dim 1; a hard Label has that shape too.
DDim LossDims(const DDim& x, int axis) {
  DDim d = x;
  d[axis] = 1;
  return d;
}

void SceInferShape(InferShapeContext& ctx) {
  const DDim x = ctx.InputDim(kLogits), label = ctx.InputDim(kLabel);
  const ClassView v = ViewOf(ctx.op_type(), x, ctx.Attr<int32_t>(kAxis));
  const bool soft = ctx.Attr<bool>(kSoftLabel);
  const DDim want = soft ? x : LossDims(x, v.axis);
  bool ok = label.rank() == want.rank();
  for (int i = 0; ok && i < want.rank(); ++i)
    ok = label[i] < 0 || want[i] < 0 || label[i] == want[i];
  PD_CHECK(ok, InvalidArgument, "[", ctx.op_type(), "] Label ", label.ToString(), " must be ",
           want.ToString(), soft ? " (a distribution per row, soft_label)" : " (one class per row)",
           " for Logits ", x.ToString());
  ctx.SetOutputDim(kSoftmax, x);
  ctx.SetOutputDim(kLoss, LossDims(x, v.axis));
}

int64_t LabelAt(const DenseTensor& label, int64_t i) {
  return label.dtype() == DataType::kInt32 ? label.data<int32_t>()[i] : label.data<int64_t>()[i];
}

template <typename T>
void SceKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kLogits);
  const DenseTensor& label = ctx.Input(kLabel);
  const ClassView v = ViewOf(ctx.op_type(), x.dims(), ctx.Attr<int32_t>(kAxis));
  const bool soft = ctx.Attr<bool>(kSoftLabel), use_softmax = ctx.Attr<bool>(kUseSoftmax);
  const int64_t ignore = ctx.Attr<int32_t>(kIgnoreIndex);
  if (!soft)
    PD_CHECK(label.dtype() == DataType::kInt64 || label.dtype() == DataType::kInt32,
             InvalidArgument, "[", ctx.op_type(), "] a hard Label must be int32 or int64, got ",
             DataTypeName(label.dtype()));
  const T* xp = x.data<T>();
  T* sm = ctx.Output(kSoftmax)->MutableData<T>(ctx.place());
  T* loss = ctx.Output(kLoss)->MutableData<T>(ctx.place());
  const T* soft_label = soft ? label.data<T>() : nullptr;
  for (int64_t o = 0; o < v.outer; ++o)
    for (int64_t k = 0; k < v.inner; ++k) {
      const int64_t base = o * v.n * v.inner + k;
      auto at = [&](int64_t j) { return base + j * v.inner; };
      // log p for every class: from logits (stable log-softmax) or from probabilities.
      T shift = T(0);
      if (use_softmax) {
        T mx = xp[at(0)];
        for (int64_t j = 1; j < v.n; ++j) mx = std::max(mx, xp[at(j)]);
        T sum = T(0);
        for (int64_t j = 0; j < v.n; ++j) sum += std::exp(xp[at(j)] - mx);
        shift = mx + std::log(sum);
      }
      auto logp = [&](int64_t j) { return use_softmax ? xp[at(j)] - shift : std::log(xp[at(j)]); };
      for (int64_t j = 0; j < v.n; ++j) sm[at(j)] = use_softmax ? std::exp(logp(j)) : xp[at(j)];
      const int64_t row = o * v.inner + k;
      if (soft) {
        T l = T(0);
        for (int64_t j = 0; j < v.n; ++j) l -= soft_label[at(j)] * logp(j);
        loss[row] = l;
        continue;
      }
      const int64_t c = LabelAt(label, row);
      if (c == ignore) {
        loss[row] = T(0);
        continue;
      }
      PD_CHECK(c >= 0 && c < v.n, InvalidArgument, "[", ctx.op_type(), "] label ", c,
               " at flat position ", row, " is outside [0, ", v.n, ") (", v.n,
               " classes; ignore_index ", ignore, ")");
      loss[row] = -logp(c);
    }
}

void SceGradInferShape(InferShapeContext& ctx) {
  if (ctx.HasOutput(kGLogitsGrad)) ctx.SetOutputDim(kGLogitsGrad, ctx.InputDim(kGSoftmax));
}

// With softmax: Logits@GRAD = (Softmax * sum(y) - y) * Loss@GRAD, y the
// one-hot label or the soft Label (sum(y) = 1 for a distribution, giving
// PaddlePaddle's Softmax - y); without (Logits are probabilities):
// -y * Loss@GRAD / p. Ignored rows get zeros.
template <typename T>
void SceGradKernel(KernelContext& ctx) {
  const DenseTensor& sm = ctx.Input(kGSoftmax);
  const DenseTensor& label = ctx.Input(kGLabel);
  const ClassView v = ViewOf(ctx.op_type(), sm.dims(), ctx.Attr<int32_t>(kAxis));
  const bool soft = ctx.Attr<bool>(kSoftLabel), use_softmax = ctx.Attr<bool>(kUseSoftmax);
  const int64_t ignore = ctx.Attr<int32_t>(kIgnoreIndex);
  const T* p = sm.data<T>();
  const T* dl = ctx.Input(kGLossGrad).data<T>();
  T* dx = ctx.Output(kGLogitsGrad)->MutableData<T>(ctx.place());
  const T* soft_label = soft ? label.data<T>() : nullptr;
  for (int64_t o = 0; o < v.outer; ++o)
    for (int64_t k = 0; k < v.inner; ++k) {
      const int64_t base = o * v.n * v.inner + k, row = o * v.inner + k;
      auto at = [&](int64_t j) { return base + j * v.inner; };
      const int64_t c = soft ? -1 : LabelAt(label, row);
      if (!soft && c == ignore) {
        for (int64_t j = 0; j < v.n; ++j) dx[at(j)] = T(0);
        continue;
      }
      PD_CHECK(soft || (c >= 0 && c < v.n), InvalidArgument, "[", ctx.op_type(), "] label ", c,
               " at flat position ", row, " is outside [0, ", v.n, ")");
      auto y = [&](int64_t j) { return soft ? soft_label[at(j)] : T(j == c ? 1 : 0); };
      T sum_y = T(0);
      for (int64_t j = 0; j < v.n; ++j) sum_y += y(j);
      for (int64_t j = 0; j < v.n; ++j)
        dx[at(j)] = use_softmax ? (p[at(j)] * sum_y - y(j)) * dl[row] : -y(j) * dl[row] / p[at(j)];
    }
}

PD_REGISTER_OP(softmax_with_cross_entropy)
    .Doc("Softmax along `axis`, then the cross entropy with Label: -log(Softmax[label]) for a "
         "hard label (0 where it equals ignore_index), or -sum(Label * log(Softmax)) for soft "
         "labels. Without use_softmax, Logits are taken as probabilities.",
         "沿 axis 做 softmax，再与 Label 计算交叉熵：硬标签时为 -log(Softmax[label])（等于 "
         "ignore_index 时为 0），软标签时为 -sum(Label * log(Softmax))。use_softmax 为假时把 "
         "Logits 视为概率。")
    .Input(kLogits, "Logits", "The unnormalized scores, classes along `axis`.",
           "未归一化的分数，类别沿 axis 排列。")
    .Input(kLabel, "Label", "Hard: int64 class ids, Logits' shape with the class dim 1; soft: "
           "a distribution of Logits' shape.",
           "硬标签：int64 类别编号，形状为 Logits 的形状、类别维为 1；软标签：与 Logits 同形状的分布。")
    .Output(kSoftmax, "Softmax", "The softmax of Logits.", "Logits 的 softmax。")
    .Output(kLoss, "Loss", "The loss per row: Logits' shape with the class dim 1.",
            "每行的损失：形状为 Logits 的形状、类别维为 1。")
    .Attr<bool>(kSoftLabel, "soft_label", false, "Label holds distributions, not ids.",
                "Label 是分布而不是类别编号。")
    .Attr<bool>(kUseSoftmax, "use_softmax", true, "Apply softmax to Logits first.",
                "先对 Logits 做 softmax。")
    .Attr<bool>(kNumericStable, "numeric_stable_mode", true,
                "Legacy: the stable log-softmax is always used.", "旧版属性：总是使用数值稳定的算法。")
    .Attr<int32_t>(kIgnoreIndex, "ignore_index", -100, "A hard label whose row gets loss 0 and no "
                   "gradient.", "损失为 0 且不产生梯度的硬标签值。")
    .Attr<int32_t>(kAxis, "axis", -1, "The class dim; negative counts from the end.",
                   "类别所在的维度；负数从末尾倒数。")
    .InferShape(SceInferShape)
    .CpuKernel<float>(SceKernel<float>)
    .CpuKernel<double>(SceKernel<double>)
    .Grad()
    .Reads(kGLabel, "Label")
    .Reads(kGSoftmax, "Softmax")
    .OutputGrad(kGLossGrad, "Loss")
    .InputGrad(kGLogitsGrad, "Logits")
    .InferShape(SceGradInferShape)
    .CpuKernel<float>(SceGradKernel<float>)
    .CpuKernel<double>(SceGradKernel<double>);

// ---- elementwise binary cross entropy ----

enum BceIn { kBceX, kBceLabel, kPosWeight };
// sigmoid_cross_entropy_with_logits_grad's inputs; bce_loss_grad has no
// pos_weight, so its Out@GRAD sits at kBGPosWeight.
enum BceGradIn { kBGX, kBGLabel, kBGPosWeight, kBGOutGrad };
enum BceGradOut { kBGXGrad };
enum SigmoidCeAttr { kNormalize, kSigmoidIgnore };

void ElementwiseLossInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kBceX, kBceLabel);
  if (ctx.def().inputs.size() > kPosWeight && ctx.HasInput(kPosWeight))
    CheckSameShape(ctx, kBceX, kPosWeight);
  SameShape(ctx, kBceX, 0);
}

// bce_loss on probabilities, each log clamped at -100 as PaddlePaddle does.
template <typename T>
void BceKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kBceX);
  const T* xp = x.data<T>();
  const T* y = ctx.Input(kBceLabel).data<T>();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i) {
    PD_CHECK(xp[i] >= T(0) && xp[i] <= T(1), InvalidArgument, "[", ctx.op_type(), "] X ", xp[i],
             " at flat position ", i, " is not a probability in [0, 1]");
    const T lx = std::max(std::log(xp[i]), T(-100)), l1x = std::max(std::log(T(1) - xp[i]), T(-100));
    o[i] = -(y[i] * lx + (T(1) - y[i]) * l1x);
  }
}

template <typename T>
void BceGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kBGX);
  const T* xp = x.data<T>();
  const T* y = ctx.Input(kBGLabel).data<T>();
  const T* g = ctx.Input(kBGPosWeight).data<T>();  // bce_loss_grad: X, Label, Out@GRAD
  T* dx = ctx.Output(kBGXGrad)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i)
    dx[i] = g[i] * (xp[i] - y[i]) / std::max((T(1) - xp[i]) * xp[i], T(1e-12));
}

// On logits, stably: (1 - y) x + c (log(1 + exp(-|x|)) + max(-x, 0)) with
// c = 1 + (pos_weight - 1) y; elements whose label is ignore_index give 0, and
// `normalize` divides by how many are not ignored.
template <typename T>
struct SigmoidCe {
  const T* x;
  const T* y;
  const T* w;
  int64_t n;
  T ignore;
  bool normalize;
  T Scale() const {
    if (!normalize) return T(1);
    int64_t kept = 0;
    for (int64_t i = 0; i < n; ++i) kept += y[i] != ignore;
    return T(1) / static_cast<T>(std::max<int64_t>(kept, 1));
  }
};

template <typename T>
void SigmoidCeKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kBceX);
  const SigmoidCe<T> c{x.data<T>(), ctx.Input(kBceLabel).data<T>(),
                       ctx.HasInput(kPosWeight) ? ctx.Input(kPosWeight).data<T>() : nullptr,
                       x.numel(), static_cast<T>(ctx.Attr<int32_t>(kSigmoidIgnore)),
                       ctx.Attr<bool>(kNormalize)};
  const T scale = c.Scale();
  T* o = ctx.Output(0)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < c.n; ++i) {
    if (c.y[i] == c.ignore) {
      o[i] = T(0);
      continue;
    }
    const T k = T(1) + ((c.w ? c.w[i] : T(1)) - T(1)) * c.y[i];
    o[i] = scale * ((T(1) - c.y[i]) * c.x[i] +
                    k * (std::log1p(std::exp(-std::abs(c.x[i]))) + std::max(-c.x[i], T(0))));
  }
}

template <typename T>
void SigmoidCeGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kBGX);
  const SigmoidCe<T> c{x.data<T>(), ctx.Input(kBGLabel).data<T>(),
                       ctx.HasInput(kBGPosWeight) ? ctx.Input(kBGPosWeight).data<T>() : nullptr,
                       x.numel(), static_cast<T>(ctx.Attr<int32_t>(kSigmoidIgnore)),
                       ctx.Attr<bool>(kNormalize)};
  const T scale = c.Scale();
  const T* g = ctx.Input(kBGOutGrad).data<T>();
  T* dx = ctx.Output(kBGXGrad)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < c.n; ++i) {
    if (c.y[i] == c.ignore) {
      dx[i] = T(0);
      continue;
    }
    const T k = T(1) + ((c.w ? c.w[i] : T(1)) - T(1)) * c.y[i];
    const T s = T(1) / (T(1) + std::exp(-c.x[i]));
    dx[i] = g[i] * scale * ((T(1) - c.y[i]) - k * (T(1) - s));
  }
}

void BceGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kBGX, ctx.def().kernel_dtype_input);  // the grad's Out@GRAD slot
  GradShapeLike(ctx, kBGX, kBGXGrad);
}

PD_REGISTER_OP(bce_loss)
    .Doc("Binary cross entropy of probabilities X against Label, elementwise: "
         "-(Label log X + (1 - Label) log(1 - X)), each log at least -100.",
         "概率 X 与 Label 的逐元素二元交叉熵：-(Label log X + (1 - Label) log(1 - X))，"
         "每个对数不小于 -100。")
    .Input(kBceX, "X", "Probabilities in [0, 1].", "[0, 1] 内的概率。")
    .Input(kBceLabel, "Label", "Targets, X's shape.", "目标值，形状同 X。")
    .Output(0, "Out", "The loss, X's shape.", "损失，形状同 X。")
    .InferShape(ElementwiseLossInferShape)
    .CpuKernel<float>(BceKernel<float>)
    .CpuKernel<double>(BceKernel<double>)
    .Grad()
    .Reads(kBGX, "X")
    .Reads(kBGLabel, "Label")
    .OutputGrad(kBGPosWeight, "Out")
    .InputGrad(kBGXGrad, "X")
    .InferShape(BceGradInferShape)
    .CpuKernel<float>(BceGradKernel<float>)
    .CpuKernel<double>(BceGradKernel<double>);

PD_REGISTER_OP(sigmoid_cross_entropy_with_logits)
    .Doc("Binary cross entropy of sigmoid(X) against Label, computed stably from the logits, "
         "optionally weighting positives by pos_weight; elements labelled ignore_index give 0.",
         "sigmoid(X) 与 Label 的二元交叉熵，由 logits 稳定地计算，可用 pos_weight 加权正样本；"
         "标签等于 ignore_index 的元素为 0。")
    .Input(kBceX, "X", "The logits.", "未归一化的分数（logits）。")
    .Input(kBceLabel, "Label", "Targets in [0, 1], X's shape.", "[0, 1] 内的目标值，形状同 X。")
    .Input(kPosWeight, "pos_weight", "Optional weight of the positive term, X's shape.",
           "可选的正样本项权重，形状同 X。")
    .Dispensable()
    .Output(0, "Out", "The loss, X's shape.", "损失，形状同 X。")
    .Attr<bool>(kNormalize, "normalize", false,
                "Divide by the number of elements not ignored.", "除以未被忽略的元素个数。")
    .Attr<int32_t>(kSigmoidIgnore, "ignore_index", -100, "A label value whose element gives 0.",
                   "使该元素损失为 0 的标签值。")
    .InferShape(ElementwiseLossInferShape)
    .CpuKernel<float>(SigmoidCeKernel<float>)
    .CpuKernel<double>(SigmoidCeKernel<double>)
    .Grad()
    .Reads(kBGX, "X")
    .Reads(kBGLabel, "Label")
    .Reads(kBGPosWeight, "pos_weight")
    .OutputGrad(kBGOutGrad, "Out")
    .InputGrad(kBGXGrad, "X")
    .InferShape(BceGradInferShape)
    .CpuKernel<float>(SigmoidCeGradKernel<float>)
    .CpuKernel<double>(SigmoidCeGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
