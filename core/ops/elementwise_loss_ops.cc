// Elementwise losses of two same-shaped tensors: huber_loss (Out and the
// Residual its gradient reads) and kldiv_loss (with a reduction).
#include <cmath>

#include "core/base/enforce.h"
#include "core/ops/op_util.h"

namespace paddle {
namespace ops {
namespace {

// ---- huber_loss: r = Y - X; 0.5 r^2 for |r| <= delta, else delta (|r| - delta / 2) ----

enum HuberIn { kHX, kHY };
enum HuberOut { kHOut, kHResidual };
enum HuberAttr { kDelta };
enum HuberGradIn { kHGResidual, kHGOutGrad };
enum HuberGradOut { kHGXGrad, kHGYGrad };

void HuberInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kHX, kHY);
  SameShape(ctx, kHX, kHOut);
  SameShape(ctx, kHX, kHResidual);
}

template <typename T>
void HuberKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kHX);
  const T delta = static_cast<T>(ctx.Attr<float>(kDelta));
  const T* xp = x.data<T>();
  const T* yp = ctx.Input(kHY).data<T>();
  T* o = ctx.Output(kHOut)->MutableData<T>(ctx.place());
  T* res = ctx.Output(kHResidual)->MutableData<T>(ctx.place());
  for (int64_t i = 0; i < x.numel(); ++i) {
    const T r = yp[i] - xp[i], a = std::abs(r);
    res[i] = r;
    o[i] = a <= delta ? T(0.5) * r * r : delta * (a - T(0.5) * delta);
  }
}

void HuberGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kHGResidual, kHGOutGrad);
  GradShapeLike(ctx, kHGResidual, kHGXGrad);
  GradShapeLike(ctx, kHGResidual, kHGYGrad);
}

// dOut/dr is r inside delta, else delta * sign(r); X enters with a minus.
template <typename T>
void HuberGradKernel(KernelContext& ctx) {
  const DenseTensor& res = ctx.Input(kHGResidual);
  const T delta = static_cast<T>(ctx.Attr<float>(kDelta));
  const T* r = res.data<T>();
  const T* g = ctx.Input(kHGOutGrad).data<T>();
  T* dx = ctx.HasOutput(kHGXGrad) ? ctx.Output(kHGXGrad)->MutableData<T>(ctx.place()) : nullptr;
  T* dy = ctx.HasOutput(kHGYGrad) ? ctx.Output(kHGYGrad)->MutableData<T>(ctx.place()) : nullptr;
  for (int64_t i = 0; i < res.numel(); ++i) {
    const T d = std::abs(r[i]) <= delta ? r[i] : (r[i] > T(0) ? delta : -delta);
    if (dx) dx[i] = -d * g[i];
    if (dy) dy[i] = d * g[i];
  }
}

PD_REGISTER_OP(huber_loss)
    .Doc("Huber loss of the residual r = Y - X, elementwise: 0.5 r^2 where |r| <= delta, else "
         "delta * (|r| - 0.5 delta).",
         "残差 r = Y - X 的逐元素 Huber 损失：|r| <= delta 处为 0.5 r^2，"
         "否则为 delta * (|r| - 0.5 delta)。")
    .Input(kHX, "X", "The predictions.", "预测值。")
    .Input(kHY, "Y", "The targets, X's shape.", "目标值，形状同 X。")
    .Output(kHOut, "Out", "The loss, X's shape.", "损失，形状同 X。")
    .Output(kHResidual, "Residual", "Y - X, kept for the gradient.", "Y - X，供梯度使用。")
    .Intermediate()
    .RequiredAttr<float>(kDelta, "delta", "Where the loss turns from quadratic to linear.",
                         "损失由二次变为线性的分界点。")
    .InferShape(HuberInferShape)
    .CpuKernel<float>(HuberKernel<float>)
    .CpuKernel<double>(HuberKernel<double>)
    .Grad()
    .Reads(kHGResidual, "Residual")
    .OutputGrad(kHGOutGrad, "Out")
    .InputGrad(kHGXGrad, "X")
    .InputGrad(kHGYGrad, "Y")
    .InferShape(HuberGradInferShape)
    .CpuKernel<float>(HuberGradKernel<float>)
    .CpuKernel<double>(HuberGradKernel<double>);

// ---- kldiv_loss: Target * (log(Target) - X), or exp(Target) * (Target - X) with log_target ----

enum KlIn { kKX, kKTarget };
enum KlOut { kKLoss };
enum KlAttr { kReduction, kLogTarget };
enum KlGradIn { kKGX, kKGTarget, kKGLossGrad };
enum KlGradOut { kKGXGrad };

void KlInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kKX, kKTarget);
  if (ctx.Attr<std::string>(kReduction) == "none") SameShape(ctx, kKX, kKLoss);
  else ctx.SetOutputDim(kKLoss, DDim());
}

// What the elementwise loss is divided by: the batch (X's first dim), the
// element count, or 1.
template <typename T>
T KlScale(const std::string& reduction, const DDim& x) {
  if (reduction == "batchmean" && x.rank() > 0) return x[0] ? T(1) / static_cast<T>(x[0]) : T(0);
  if (reduction == "mean") return x.numel() ? T(1) / static_cast<T>(x.numel()) : T(0);
  return T(1);
}

// The weight of -X in the loss: exp(Target) with log_target, else Target
// where it is positive (0 * log 0 counts as 0) and 0 elsewhere.
template <typename T>
T KlWeight(T t, bool log_target) {
  return log_target ? std::exp(t) : (t > T(0) ? t : T(0));
}

template <typename T>
void KlKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kKX);
  const std::string& reduction = ctx.Attr<std::string>(kReduction);
  const bool log_target = ctx.Attr<bool>(kLogTarget);
  const T* xp = x.data<T>();
  const T* t = ctx.Input(kKTarget).data<T>();
  T* o = ctx.Output(kKLoss)->MutableData<T>(ctx.place());
  T sum = T(0);
  for (int64_t i = 0; i < x.numel(); ++i) {
    const T w = KlWeight(t[i], log_target);
    const T l = w == T(0) ? T(0) : w * ((log_target ? t[i] : std::log(t[i])) - xp[i]);
    if (reduction == "none") o[i] = l;
    sum += l;
  }
  if (reduction != "none") o[0] = sum * KlScale<T>(reduction, x.dims());
}

void KlGradInferShape(InferShapeContext& ctx) {
  CheckSameShape(ctx, kKGX, kKGTarget);
  const DDim x = ctx.InputDim(kKGX);
  CheckInputShape(ctx, kKGLossGrad, ctx.Attr<std::string>(kReduction) == "none" ? x : DDim(),
                  "X's shape for reduction 'none', else 0-D");
  GradShapeLike(ctx, kKGX, kKGXGrad);
}

template <typename T>
void KlGradKernel(KernelContext& ctx) {
  const DenseTensor& x = ctx.Input(kKGX);
  const std::string& reduction = ctx.Attr<std::string>(kReduction);
  const bool log_target = ctx.Attr<bool>(kLogTarget);
  const T* t = ctx.Input(kKGTarget).data<T>();
  const T* g = ctx.Input(kKGLossGrad).data<T>();
  T* dx = ctx.Output(kKGXGrad)->MutableData<T>(ctx.place());
  const T scale = KlScale<T>(reduction, x.dims());
  const bool none = reduction == "none";
  for (int64_t i = 0; i < x.numel(); ++i)
    dx[i] = -KlWeight(t[i], log_target) * scale * g[none ? i : 0];
}

PD_REGISTER_OP(kldiv_loss)
    .Doc("Kullback-Leibler divergence of the distribution Target from log-probabilities X, "
         "elementwise Target * (log(Target) - X) (0 where Target <= 0), or exp(Target) * "
         "(Target - X) when Target holds log-probabilities; then reduced.",
         "目标分布 Target 相对于对数概率 X 的 KL 散度，逐元素为 Target * (log(Target) - X)"
         "（Target <= 0 处为 0），Target 为对数概率时为 exp(Target) * (Target - X)；再做归约。")
    .Input(kKX, "X", "Log-probabilities.", "对数概率。")
    .Input(kKTarget, "Target", "The target distribution, X's shape; it gets no gradient.",
           "目标分布，形状同 X；不求梯度。")
    .Output(kKLoss, "Loss", "X's shape for 'none', else 0-D.", "'none' 时形状同 X，否则为零维。")
    .Attr(kReduction, "reduction", "mean",
          "'none', 'batchmean' (sum / X's first dim), 'mean' (sum / elements) or 'sum'.",
          "'none'、'batchmean'（总和 / X 的第一维）、'mean'（总和 / 元素数）或 'sum'。")
    .OneOf({"none", "batchmean", "mean", "sum"})
    .Attr<bool>(kLogTarget, "log_target", false, "Target holds log-probabilities.",
                "Target 为对数概率。")
    .InferShape(KlInferShape)
    .CpuKernel<float>(KlKernel<float>)
    .CpuKernel<double>(KlKernel<double>)
    .Grad()
    .Reads(kKGX, "X")
    .Reads(kKGTarget, "Target")
    .OutputGrad(kKGLossGrad, "Loss")
    .InputGrad(kKGXGrad, "X")
    .InferShape(KlGradInferShape)
    .CpuKernel<float>(KlGradKernel<float>)
    .CpuKernel<double>(KlGradKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
