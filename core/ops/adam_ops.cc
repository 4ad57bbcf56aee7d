// Optimizers with bias-corrected moments: adam, adamw (decoupled weight
// decay) and lamb (a layer-wise trust ratio). Moment1 and Moment2 are running
// means of the gradient and its square; Beta1Pow and Beta2Pow are beta1^t and
// beta2^t for the bias correction, advanced by one step per update. Outputs
// are normally their inputs' own variables (see optimizer.h).
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/ops/optimizer.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

const char kMoment1En[] = "The running mean of the gradient, same shape as Param.";
const char kMoment1Zh[] = "梯度的滑动平均，形状同 Param。";
const char kMoment2En[] = "The running mean of the squared gradient, same shape.";
const char kMoment2Zh[] = "梯度平方的滑动平均，形状相同。";
const char kBeta1PowEn[] = "beta1 to the power of the step count, one element.";
const char kBeta1PowZh[] = "beta1 的步数次幂，单个元素。";
const char kBeta2PowEn[] = "beta2 to the power of the step count, one element.";
const char kBeta2PowZh[] = "beta2 的步数次幂，单个元素。";
const char kMoment1OutEn[] = "The updated Moment1 (usually its own variable).";
const char kMoment1OutZh[] = "更新后的 Moment1（通常是同一变量）。";
const char kMoment2OutEn[] = "The updated Moment2 (usually its own variable).";
const char kMoment2OutZh[] = "更新后的 Moment2（通常是同一变量）。";
const char kSkipEn[] = "Optional bool [1]: when true, every output is its input unchanged.";
const char kSkipZh[] = "可选的 bool [1]：为 true 时各输出等于其输入，不做更新。";

// ---- adam / adamw ----

enum AdamIn {
  kParam, kGrad, kLr, kMoment1, kMoment2, kMoment2Max, kBeta1Pow, kBeta2Pow, kMaster,
  kSkip, kBeta1Tensor, kBeta2Tensor, kEpsilonTensor
};
enum AdamOut {
  kParamOut, kMoment1Out, kMoment2Out, kMoment2MaxOut, kBeta1PowOut, kBeta2PowOut, kMasterOut
};

// Attribute indices: adamw has lr_ratio, coeff and with_decay after epsilon.
struct AdamAttrs {
  static constexpr bool kDecoupled = false;
  enum { kBeta1, kBeta2, kEpsilon, kLazy, kMinRow, kMulti, kGlobalPow, kAmsgrad };
};
struct AdamWAttrs {
  static constexpr bool kDecoupled = true;
  enum { kBeta1, kBeta2, kEpsilon, kLrRatio, kCoeff, kWithDecay, kLazy, kMinRow, kMulti,
         kGlobalPow, kAmsgrad };
};

// The input each output carries over (a skipped update copies them).
constexpr std::pair<int, int> kAdamPairs[] = {{kParam, kParamOut},
                                              {kMoment1, kMoment1Out},
                                              {kMoment2, kMoment2Out},
                                              {kMoment2Max, kMoment2MaxOut},
                                              {kBeta1Pow, kBeta1PowOut},
                                              {kBeta2Pow, kBeta2PowOut}};

template <typename A>
void AdamInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, A::kMulti);
  CheckLikeParam(ctx, kParam, {kGrad, kMoment1, kMoment2, kMoment2Max});
  CheckOneElement(ctx,
                  {kLr, kBeta1Pow, kBeta2Pow, kSkip, kBeta1Tensor, kBeta2Tensor, kEpsilonTensor});
  const bool has_max = ctx.HasInput(kMoment2Max) && ctx.HasOutput(kMoment2MaxOut);
  PD_CHECK(!ctx.Attr<bool>(A::kAmsgrad) || has_max, InvalidArgument, "[", ctx.op_type(),
           "] amsgrad=true needs the input Moment2Max and the output Moment2MaxOut");
  for (const auto& [in, out] : kAdamPairs) OutputsLike(ctx, {{in, out}});
}

// lr' = lr * lr_ratio (adamw), Param' = Param * (1 - lr' * coeff) (adamw with_decay);
// Moment1Out = beta1 * Moment1 + (1 - beta1) * Grad;
// Moment2Out = beta2 * Moment2 + (1 - beta2) * Grad^2 (amsgrad: its running max is used);
// ParamOut = Param' - lr' * sqrt(1 - Beta2Pow) / (1 - Beta1Pow) * Moment1Out /
//            (sqrt(Moment2Out) + epsilon * sqrt(1 - Beta2Pow)).
// One Adam update's operands; outputs may be their inputs (in place), at the same index.
template <typename T>
struct AdamStep {
  const T *p, *g, *m1, *m2, *m2max;
  T *p_out, *m1_out, *m2_out, *m2max_out;
  T b1, b2, keep, lr_t, eps_t;
};

// Elements [lo, hi) of the update, in vector lanes (each element reads and
// writes only its own index, so in-place outputs are safe).
template <typename T, bool kAmsgrad>
PD_SIMD_CLONES void AdamLoop(const AdamStep<T>& s, int64_t lo, int64_t hi) {
  const AdamStep<T> a = s;  // locals: stores cannot change them
#pragma omp simd
  for (int64_t i = lo; i < hi; ++i) {
    const T grad = a.g[i];
    const T mean = a.b1 * a.m1[i] + (T(1) - a.b1) * grad;
    const T square = a.b2 * a.m2[i] + (T(1) - a.b2) * grad * grad;
    T denom = square;
    if constexpr (kAmsgrad) {
      denom = std::max(a.m2max[i], square);
      a.m2max_out[i] = denom;
    }
    a.m1_out[i] = mean;
    a.m2_out[i] = square;
    a.p_out[i] = a.p[i] * a.keep - a.lr_t * mean / (std::sqrt(denom) + a.eps_t);
  }
}

template <typename T, typename A>
void AdamKernel(KernelContext& ctx) {
  if (SkipUpdate(ctx, kSkip)) {
    for (const auto& [in, out] : kAdamPairs)
      if (ctx.HasInput(in) && ctx.HasOutput(out)) CopyInput(ctx, in, out);
    return;
  }
  const double inf = std::numeric_limits<double>::infinity();
  const double beta1 = RateIn(ctx, kBeta1Tensor, A::kBeta1, 0, 1);
  const double beta2 = RateIn(ctx, kBeta2Tensor, A::kBeta2, 0, 1);
  const T b1 = static_cast<T>(beta1), b2 = static_cast<T>(beta2);
  const T eps = static_cast<T>(RateIn(ctx, kEpsilonTensor, A::kEpsilon, 0, inf));
  T lr = static_cast<T>(ScalarValue(ctx, kLr));
  T keep = T(1);  // Param's factor before the step: 1 - lr * coeff under decoupled decay
  if constexpr (A::kDecoupled) {
    lr *= static_cast<T>(ctx.Attr<float>(A::kLrRatio));
    if (ctx.Attr<bool>(A::kWithDecay)) keep -= lr * static_cast<T>(ctx.Attr<float>(A::kCoeff));
  }
  const T b1p = static_cast<T>(ScalarValue(ctx, kBeta1Pow));
  const T b2p = static_cast<T>(ScalarValue(ctx, kBeta2Pow));
  const T lr_t = lr * std::sqrt(T(1) - b2p) / (T(1) - b1p);
  const T eps_t = eps * std::sqrt(T(1) - b2p);
  const bool amsgrad = ctx.Attr<bool>(A::kAmsgrad);
  const T* p = ctx.Input(kParam).data<T>();
  const T* g = ctx.Input(kGrad).data<T>();
  const T* m1 = ctx.Input(kMoment1).data<T>();
  const T* m2 = ctx.Input(kMoment2).data<T>();
  const T* m2max = amsgrad ? ctx.Input(kMoment2Max).data<T>() : nullptr;
  T* p_out = OutData<T>(ctx, kParamOut);
  T* m1_out = OutData<T>(ctx, kMoment1Out);
  T* m2_out = OutData<T>(ctx, kMoment2Out);
  T* m2max_out = amsgrad ? OutData<T>(ctx, kMoment2MaxOut) : nullptr;
  const AdamStep<T> step{p, g, m1, m2, m2max, p_out, m1_out, m2_out, m2max_out,
                         b1, b2, keep, lr_t, eps_t};
  ParallelFor(ctx.Input(kParam).numel(), [&](int64_t lo, int64_t hi) {
    if (amsgrad) AdamLoop<T, true>(step, lo, hi);
    else AdamLoop<T, false>(step, lo, hi);
  });
  if (!amsgrad && ctx.HasInput(kMoment2Max) && ctx.HasOutput(kMoment2MaxOut))
    CopyInput(ctx, kMoment2Max, kMoment2MaxOut);
  if (ctx.Attr<bool>(A::kGlobalPow)) {  // the powers are advanced elsewhere, once per step
    CopyInput(ctx, kBeta1Pow, kBeta1PowOut);
    CopyInput(ctx, kBeta2Pow, kBeta2PowOut);
  } else {
    AdvancePow(ctx, kBeta1Pow, kBeta1PowOut, beta1);
    AdvancePow(ctx, kBeta2Pow, kBeta2PowOut, beta2);
  }
}

// The slots and attributes adam and adamw share (adamw's own in the middle).
template <typename A>
void AdamDef(OpDefBuilder& b) {
  b.Input(kParam, "Param", kParamEn, kParamZh)
      .Input(kGrad, "Grad", kGradEn, kGradZh)
      .Input(kLr, "LearningRate", kLrEn, kLrZh)
      .Input(kMoment1, "Moment1", kMoment1En, kMoment1Zh)
      .Input(kMoment2, "Moment2", kMoment2En, kMoment2Zh)
      .Input(kMoment2Max, "Moment2Max", "The running max of Moment2 (amsgrad only).",
             "Moment2 的历史最大值（仅 amsgrad）。")
      .Dispensable()
      .Input(kBeta1Pow, "Beta1Pow", kBeta1PowEn, kBeta1PowZh)
      .Input(kBeta2Pow, "Beta2Pow", kBeta2PowEn, kBeta2PowZh)
      .Input(kMaster, "MasterParam", kMasterEn, kMasterZh)
      .Dispensable()
      .Input(kSkip, "SkipUpdate", kSkipEn, kSkipZh)
      .Dispensable()
      .Input(kBeta1Tensor, "Beta1Tensor", "Optional one-element tensor overriding beta1.",
             "可选的单元素张量，取代 beta1 属性。")
      .Dispensable()
      .Input(kBeta2Tensor, "Beta2Tensor", "Optional one-element tensor overriding beta2.",
             "可选的单元素张量，取代 beta2 属性。")
      .Dispensable()
      .Input(kEpsilonTensor, "EpsilonTensor", "Optional one-element tensor overriding epsilon.",
             "可选的单元素张量，取代 epsilon 属性。")
      .Dispensable()
      .Output(kParamOut, "ParamOut", kParamOutEn, kParamOutZh)
      .Output(kMoment1Out, "Moment1Out", kMoment1OutEn, kMoment1OutZh)
      .Output(kMoment2Out, "Moment2Out", kMoment2OutEn, kMoment2OutZh)
      .Output(kMoment2MaxOut, "Moment2MaxOut", "The updated Moment2Max (amsgrad only).",
              "更新后的 Moment2Max（仅 amsgrad）。")
      .Dispensable()
      .Output(kBeta1PowOut, "Beta1PowOut", "Beta1Pow * beta1 (Beta1Pow under use_global_beta_pow).",
              "Beta1Pow * beta1（use_global_beta_pow 时为 Beta1Pow）。")
      .Output(kBeta2PowOut, "Beta2PowOut", "Beta2Pow * beta2 (Beta2Pow under use_global_beta_pow).",
              "Beta2Pow * beta2（use_global_beta_pow 时为 Beta2Pow）。")
      .Output(kMasterOut, "MasterParamOut", kMasterOutEn, kMasterOutZh)
      .Dispensable()
      .template Attr<float>(A::kBeta1, "beta1", 0.9f, kBeta1En, kBeta1Zh)
      .InRange(0, 1)
      .template Attr<float>(A::kBeta2, "beta2", 0.999f, kBeta2En, kBeta2Zh)
      .InRange(0, 1)
      .template Attr<float>(A::kEpsilon, "epsilon", 1e-8f, kEpsilonEn, kEpsilonZh)
      .AtLeast(0);
  if constexpr (A::kDecoupled) {
    b.Attr<float>(A::kLrRatio, "lr_ratio", 1.0f,
                  "Layer-wise factor of the learning rate (the step and the decay).",
                  "学习率的逐层系数（作用于更新步长与衰减）。")
        .AtLeast(0)
        .template Attr<float>(A::kCoeff, "coeff", 0.01f, "The decoupled weight decay coefficient.",
                     "解耦权重衰减系数。")
        .template Attr<bool>(A::kWithDecay, "with_decay", false,
                    "Decay Param by learning rate * coeff before the Adam step.",
                    "在 Adam 更新前将 Param 按学习率 * coeff 衰减。");
  }
  b.Attr<bool>(A::kLazy, "lazy_mode", false,
               "Update only the rows of a sparse gradient; no effect on dense gradients.",
               "只更新稀疏梯度涉及的行；对稠密梯度无影响。")
      .template Attr<int64_t>(A::kMinRow, "min_row_size_to_use_multithread", 1000,
                     "Legacy threading hint for sparse gradients; not read.",
                     "旧版稀疏梯度多线程阈值；不读取。")
      .ExtraAttr()
      .template Attr<bool>(A::kMulti, "multi_precision", false, kMultiEn, kMultiZh)
      .template Attr<bool>(A::kGlobalPow, "use_global_beta_pow", false,
                  "The beta powers are advanced by another op: Beta*PowOut = Beta*Pow.",
                  "beta 幂由其他算子推进：Beta*PowOut = Beta*Pow。")
      .template Attr<bool>(A::kAmsgrad, "amsgrad", false,
                  "Divide by the root of the running max of Moment2 (AMSGrad).",
                  "除以 Moment2 历史最大值的平方根（AMSGrad）。")
      .InferShape(AdamInferShape<A>)
      .Inplace("Param", "ParamOut")
      .Inplace("Moment1", "Moment1Out")
      .Inplace("Moment2", "Moment2Out")
      .Inplace("Moment2Max", "Moment2MaxOut")
      .Inplace("Beta1Pow", "Beta1PowOut")
      .Inplace("Beta2Pow", "Beta2PowOut")
      .template CpuKernel<float>(AdamKernel<float, A>)
      .template CpuKernel<double>(AdamKernel<double, A>);
}

PD_REGISTER_OP(adam)
    .Doc("Adam: running means of the gradient (Moment1) and its square (Moment2), bias-"
         "corrected by Beta1Pow and Beta2Pow: ParamOut = Param - LearningRate * sqrt(1 - "
         "Beta2Pow) / (1 - Beta1Pow) * Moment1Out / (sqrt(Moment2Out) + epsilon * sqrt(1 - "
         "Beta2Pow)); the powers advance by beta1 and beta2.",
         "Adam：梯度（Moment1）与梯度平方（Moment2）的滑动平均，以 Beta1Pow、Beta2Pow 做偏差"
         "校正：ParamOut = Param - LearningRate * sqrt(1 - Beta2Pow) / (1 - Beta1Pow) * "
         "Moment1Out / (sqrt(Moment2Out) + epsilon * sqrt(1 - Beta2Pow))；幂次乘以 beta1、beta2。")
    .Apply(AdamDef<AdamAttrs>);

PD_REGISTER_OP(adamw)
    .Doc("AdamW: Adam with decoupled weight decay. With with_decay, Param is first scaled by "
         "1 - LearningRate * lr_ratio * coeff; then the Adam step with learning rate "
         "LearningRate * lr_ratio.",
         "AdamW：权重衰减解耦的 Adam。with_decay 时先将 Param 乘以 1 - LearningRate * lr_ratio * "
         "coeff，再以学习率 LearningRate * lr_ratio 做 Adam 更新。")
    .Apply(AdamDef<AdamWAttrs>);

// ---- lamb ----

enum LambIn {
  kLParam, kLGrad, kLLr, kLMoment1, kLMoment2, kLBeta1Pow, kLBeta2Pow, kLMaster, kLSkip
};
enum LambOut { kLParamOut, kLMoment1Out, kLMoment2Out, kLBeta1PowOut, kLBeta2PowOut, kLMasterOut };
enum LambAttr { kWeightDecay, kLBeta1, kLBeta2, kLEpsilon, kAlwaysAdapt, kLMulti };

constexpr std::pair<int, int> kLambPairs[] = {{kLParam, kLParamOut},
                                              {kLMoment1, kLMoment1Out},
                                              {kLMoment2, kLMoment2Out},
                                              {kLBeta1Pow, kLBeta1PowOut},
                                              {kLBeta2Pow, kLBeta2PowOut}};

void LambInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kLMulti);
  CheckLikeParam(ctx, kLParam, {kLGrad, kLMoment1, kLMoment2});
  CheckOneElement(ctx, {kLLr, kLBeta1Pow, kLBeta2Pow, kLSkip});
  for (const auto& [in, out] : kLambPairs) OutputsLike(ctx, {{in, out}});
}

// Moments as Adam's; r = (Moment1Out / (1 - Beta1Pow)) / (sqrt(Moment2Out / (1 - Beta2Pow)) +
// epsilon) + weight_decay * Param; ParamOut = Param - lr * trust * r, where the trust ratio
// is |Param| / |r| (1 when either norm is 0, or when weight_decay is 0 and not always_adapt).
template <typename T>
void LambKernel(KernelContext& ctx) {
  if (SkipUpdate(ctx, kLSkip)) {
    for (const auto& [in, out] : kLambPairs)
      if (ctx.HasOutput(out)) CopyInput(ctx, in, out);
    return;
  }
  const double beta1 = ctx.Attr<float>(kLBeta1), beta2 = ctx.Attr<float>(kLBeta2);
  const T b1 = static_cast<T>(beta1), b2 = static_cast<T>(beta2);
  const T eps = static_cast<T>(ctx.Attr<float>(kLEpsilon));
  const T wd = static_cast<T>(ctx.Attr<float>(kWeightDecay));
  const T lr = static_cast<T>(ScalarValue(ctx, kLLr));
  const T c1 = T(1) - static_cast<T>(ScalarValue(ctx, kLBeta1Pow));
  const T c2 = T(1) - static_cast<T>(ScalarValue(ctx, kLBeta2Pow));
  const int64_t n = ctx.Input(kLParam).numel();
  const T* p = ctx.Input(kLParam).data<T>();
  const T* g = ctx.Input(kLGrad).data<T>();
  const T* m1 = ctx.Input(kLMoment1).data<T>();
  const T* m2 = ctx.Input(kLMoment2).data<T>();
  T* m1_out = OutData<T>(ctx, kLMoment1Out);
  T* m2_out = OutData<T>(ctx, kLMoment2Out);
  ParallelFor(n, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T grad = g[i];
      m1_out[i] = b1 * m1[i] + (T(1) - b1) * grad;
      m2_out[i] = b2 * m2[i] + (T(1) - b2) * grad * grad;
    }
  });
  // The moments are read back from the outputs, which may be the inputs' buffers.
  auto r = [&](int64_t i) {
    return m1_out[i] / c1 / (std::sqrt(m2_out[i] / c2) + eps) + wd * p[i];
  };
  T trust = T(1);
  if (wd != T(0) || ctx.Attr<bool>(kAlwaysAdapt)) {
    double p_sq = 0, r_sq = 0;
    for (int64_t i = 0; i < n; ++i) {
      const double ri = r(i);
      p_sq += static_cast<double>(p[i]) * p[i];
      r_sq += ri * ri;
    }
    if (p_sq > 0 && r_sq > 0) trust = static_cast<T>(std::sqrt(p_sq / r_sq));
  }
  T* p_out = OutData<T>(ctx, kLParamOut);
  ParallelFor(n, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) p_out[i] = p[i] - lr * trust * r(i);
  });
  if (ctx.HasOutput(kLBeta1PowOut)) AdvancePow(ctx, kLBeta1Pow, kLBeta1PowOut, beta1);
  if (ctx.HasOutput(kLBeta2PowOut)) AdvancePow(ctx, kLBeta2Pow, kLBeta2PowOut, beta2);
}

PD_REGISTER_OP(lamb)
    .Doc("LAMB: Adam's bias-corrected step r = Moment1Out / (1 - Beta1Pow) / (sqrt(Moment2Out / "
         "(1 - Beta2Pow)) + epsilon) + weight_decay * Param, scaled per tensor by the trust ratio "
         "|Param| / |r|: ParamOut = Param - LearningRate * trust * r.",
         "LAMB：Adam 的偏差校正步长 r = Moment1Out / (1 - Beta1Pow) / (sqrt(Moment2Out / "
         "(1 - Beta2Pow)) + epsilon) + weight_decay * Param，按整个张量的信任比 |Param| / |r| "
         "缩放：ParamOut = Param - LearningRate * trust * r。")
    .Input(kLParam, "Param", kParamEn, kParamZh)
    .Input(kLGrad, "Grad", kGradEn, kGradZh)
    .Input(kLLr, "LearningRate", kLrEn, kLrZh)
    .Input(kLMoment1, "Moment1", kMoment1En, kMoment1Zh)
    .Input(kLMoment2, "Moment2", kMoment2En, kMoment2Zh)
    .Input(kLBeta1Pow, "Beta1Pow", kBeta1PowEn, kBeta1PowZh)
    .Input(kLBeta2Pow, "Beta2Pow", kBeta2PowEn, kBeta2PowZh)
    .Input(kLMaster, "MasterParam", kMasterEn, kMasterZh)
    .Dispensable()
    .Input(kLSkip, "SkipUpdate", kSkipEn, kSkipZh)
    .Dispensable()
    .Output(kLParamOut, "ParamOut", kParamOutEn, kParamOutZh)
    .Output(kLMoment1Out, "Moment1Out", kMoment1OutEn, kMoment1OutZh)
    .Output(kLMoment2Out, "Moment2Out", kMoment2OutEn, kMoment2OutZh)
    .Output(kLBeta1PowOut, "Beta1PowOut", "Beta1Pow * beta1.", "推进一步的 beta1 幂：Beta1Pow * beta1。")
    .Dispensable()
    .Output(kLBeta2PowOut, "Beta2PowOut", "Beta2Pow * beta2.", "推进一步的 beta2 幂：Beta2Pow * beta2。")
    .Dispensable()
    .Output(kLMasterOut, "MasterParamOut", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .RequiredAttr<float>(kWeightDecay, "weight_decay",
                         "Weight decay added to the step: r += weight_decay * Param.",
                         "加到步长上的权重衰减：r += weight_decay * Param。")
    .Attr<float>(kLBeta1, "beta1", 0.9f, kBeta1En, kBeta1Zh)
    .InRange(0, 1)
    .Attr<float>(kLBeta2, "beta2", 0.999f, kBeta2En, kBeta2Zh)
    .InRange(0, 1)
    .Attr<float>(kLEpsilon, "epsilon", 1e-6f, kEpsilonEn, kEpsilonZh)
    .AtLeast(0)
    .Attr<bool>(kAlwaysAdapt, "always_adapt", false,
                "Apply the trust ratio even when weight_decay is 0.",
                "weight_decay 为 0 时也使用信任比。")
    .Attr<bool>(kLMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(LambInferShape)
    .Inplace("Param", "ParamOut")
    .Inplace("Moment1", "Moment1Out")
    .Inplace("Moment2", "Moment2Out")
    .Inplace("Beta1Pow", "Beta1PowOut")
    .Inplace("Beta2Pow", "Beta2PowOut")
    .CpuKernel<float>(LambKernel<float>)
    .CpuKernel<double>(LambKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
