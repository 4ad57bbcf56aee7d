// Adam's variants: adamax (an infinity-norm second moment), nadam (Nesterov
// momentum with a decaying schedule), radam (a rectified adaptive rate).
// Each reads a parameter, its gradient and its accumulators and writes the
// next ones in place (see optimizer.h); the learning rate is a one-element
// tensor.
#include <algorithm>
#include <cmath>

#include "core/ops/optimizer.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

// Docs of the slots and attributes nadam and radam share.
const char kMoment1En[] = "The running mean of the gradient, same shape.";
const char kMoment1Zh[] = "梯度的滑动平均，形状相同。";
const char kMoment2En[] = "The running mean of the squared gradient, same shape.";
const char kMoment2Zh[] = "梯度平方的滑动平均，形状相同。";
const char kMoment1OutEn[] = "The updated moment1 (usually its own variable).";
const char kMoment1OutZh[] = "更新后的 moment1（通常是同一变量）。";
const char kMoment2OutEn[] = "The updated moment2 (usually its own variable).";
const char kMoment2OutZh[] = "更新后的 moment2（通常是同一变量）。";
const char kBeta2PowEn[] = "beta2 to the power of the step count, same shape.";
const char kBeta2PowZh[] = "beta2 的步数次幂，形状相同。";

// ---- adamax ----

enum AdamaxIn { kAxParam, kAxGrad, kAxLr, kAxMoment, kAxInfNorm, kAxBeta1Pow, kAxMaster };
enum AdamaxOut { kAxParamOut, kAxMomentOut, kAxInfNormOut, kAxMasterOut };
enum AdamaxAttr { kAxBeta1, kAxBeta2, kAxEpsilon, kAxMulti };

void AdamaxInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kAxMulti);
  CheckLikeParam(ctx, kAxParam, {kAxGrad, kAxMoment, kAxInfNorm});
  CheckOneElement(ctx, {kAxLr, kAxBeta1Pow});
  OutputsLike(ctx, {{kAxParam, kAxParamOut}, {kAxMoment, kAxMomentOut},
                    {kAxInfNorm, kAxInfNormOut}});
}

// MomentOut = beta1 * Moment + (1 - beta1) * Grad;
// InfNormOut = max(beta2 * InfNorm + epsilon, |Grad|);
// ParamOut = Param - lr / (1 - Beta1Pow) * MomentOut / InfNormOut.
// Beta1Pow is not advanced here: the optimizer scales it by beta1 after the step.
template <typename T>
void AdamaxKernel(KernelContext& ctx) {
  const T beta1 = static_cast<T>(ctx.Attr<float>(kAxBeta1));
  const T beta2 = static_cast<T>(ctx.Attr<float>(kAxBeta2));
  const T eps = static_cast<T>(ctx.Attr<float>(kAxEpsilon));
  const T lr = static_cast<T>(ScalarValue(ctx, kAxLr)) /
               (T(1) - static_cast<T>(ScalarValue(ctx, kAxBeta1Pow)));
  const T* p = ctx.Input(kAxParam).data<T>();
  const T* g = ctx.Input(kAxGrad).data<T>();
  const T* m = ctx.Input(kAxMoment).data<T>();
  const T* u = ctx.Input(kAxInfNorm).data<T>();
  T* p_out = OutData<T>(ctx, kAxParamOut);
  T* m_out = OutData<T>(ctx, kAxMomentOut);
  T* u_out = OutData<T>(ctx, kAxInfNormOut);
  ParallelFor(ctx.Input(kAxParam).numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T mom = beta1 * m[i] + (T(1) - beta1) * g[i];
      const T norm = std::max(beta2 * u[i] + eps, std::abs(g[i]));
      m_out[i] = mom;
      u_out[i] = norm;
      p_out[i] = p[i] - lr * (mom / norm);
    }
  });
}

PD_REGISTER_OP(adamax)
    .Doc("Adamax: MomentOut = beta1 * Moment + (1 - beta1) * Grad, InfNormOut = max(beta2 * "
         "InfNorm + epsilon, |Grad|), ParamOut = Param - LearningRate / (1 - Beta1Pow) * "
         "MomentOut / InfNormOut. Beta1Pow is read, not advanced.",
         "Adamax：MomentOut = beta1 * Moment + (1 - beta1) * Grad，InfNormOut = max(beta2 * "
         "InfNorm + epsilon, |Grad|)，ParamOut = Param - LearningRate / (1 - Beta1Pow) * "
         "MomentOut / InfNormOut。Beta1Pow 只读不推进。")
    .Input(kAxParam, "Param", kParamEn, kParamZh)
    .Input(kAxGrad, "Grad", kGradEn, kGradZh)
    .Input(kAxLr, "LearningRate", kLrEn, kLrZh)
    .Input(kAxMoment, "Moment", "The running mean of the gradient, same shape.",
           "梯度的滑动平均，形状相同。")
    .Input(kAxInfNorm, "InfNorm", "The decaying infinity norm of the gradient, same shape.",
           "梯度的衰减无穷范数，形状相同。")
    .Input(kAxBeta1Pow, "Beta1Pow", "beta1 to the power of the step count, one element.",
           "beta1 的步数次幂，单个元素。")
    .Input(kAxMaster, "MasterParam", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kAxParamOut, "ParamOut", kParamOutEn, kParamOutZh)
    .Output(kAxMomentOut, "MomentOut", "The updated Moment (usually its own variable).",
            "更新后的 Moment（通常是同一变量）。")
    .Output(kAxInfNormOut, "InfNormOut", "The updated InfNorm (usually its own variable).",
            "更新后的 InfNorm（通常是同一变量）。")
    .Output(kAxMasterOut, "MasterParamOut", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<float>(kAxBeta1, "beta1", 0.9f, kBeta1En, kBeta1Zh)
    .Attr<float>(kAxBeta2, "beta2", 0.999f, "Decay of the infinity norm.", "无穷范数的衰减率。")
    .Attr<float>(kAxEpsilon, "epsilon", 1e-8f, "Added to the decayed norm for stability, >= 0.",
                 "加到衰减范数上以保证数值稳定，>= 0。")
    .AtLeast(0)
    .Attr<bool>(kAxMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(AdamaxInferShape)
    .Inplace("Param", "ParamOut")
    .Inplace("Moment", "MomentOut")
    .Inplace("InfNorm", "InfNormOut")
    .CpuKernel<float>(AdamaxKernel<float>)
    .CpuKernel<double>(AdamaxKernel<double>);

// ---- nadam ----

enum NadamIn {
  kNaParam, kNaGrad, kNaLr, kNaDecayPow, kNaBeta2Pow, kNaMuProduct, kNaMoment1, kNaMoment2,
  kNaMaster
};
enum NadamOut {
  kNaParamOut, kNaDecayPowOut, kNaBeta2PowOut, kNaMuProductOut, kNaMoment1Out, kNaMoment2Out,
  kNaMasterOut
};
enum NadamAttr { kNaBeta1, kNaBeta2, kNaEpsilon, kNaMomentumDecay, kNaMulti };

void NadamInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kNaMulti);
  CheckLikeParam(ctx, kNaParam,
                 {kNaGrad, kNaDecayPow, kNaBeta2Pow, kNaMuProduct, kNaMoment1, kNaMoment2});
  CheckOneElement(ctx, {kNaLr});
  OutputsLike(ctx, {{kNaParam, kNaParamOut}, {kNaDecayPow, kNaDecayPowOut},
                    {kNaBeta2Pow, kNaBeta2PowOut}, {kNaMuProduct, kNaMuProductOut},
                    {kNaMoment1, kNaMoment1Out}, {kNaMoment2, kNaMoment2Out}});
}

// The momentum schedule's base: mu_t = beta1 * (1 - 0.5 * (0.96^t)^momentum_decay).
constexpr double kNadamScheduleBase = 0.96;

// Per element (the step counters are Param-shaped, as PaddlePaddle keeps them):
// d = momentum_decay_pow * 0.96, mu_t = beta1 * (1 - 0.5 * d^psi),
// mu_next = beta1 * (1 - 0.5 * (0.96 d)^psi), mu_product_out = mu_product * mu_t,
// beta2_pow_out = beta2_pow * beta2, moments as Adam's;
// param_out = param - lr * (mu_next * m1 / (1 - mu_product_out * mu_next) +
//   (1 - mu_t) * grad / (1 - mu_product_out)) / (sqrt(m2 / (1 - beta2_pow_out)) + epsilon).
template <typename T>
void NadamKernel(KernelContext& ctx) {
  const T lr = static_cast<T>(ScalarValue(ctx, kNaLr));
  const T beta1 = static_cast<T>(ctx.Attr<float>(kNaBeta1));
  const T beta2 = static_cast<T>(ctx.Attr<float>(kNaBeta2));
  const T eps = static_cast<T>(ctx.Attr<float>(kNaEpsilon));
  const T psi = static_cast<T>(ctx.Attr<float>(kNaMomentumDecay));
  const T base = static_cast<T>(kNadamScheduleBase);
  const T* p = ctx.Input(kNaParam).data<T>();
  const T* g = ctx.Input(kNaGrad).data<T>();
  const T* decay_pow = ctx.Input(kNaDecayPow).data<T>();
  const T* beta2_pow = ctx.Input(kNaBeta2Pow).data<T>();
  const T* mu_product = ctx.Input(kNaMuProduct).data<T>();
  const T* m1 = ctx.Input(kNaMoment1).data<T>();
  const T* m2 = ctx.Input(kNaMoment2).data<T>();
  T* p_out = OutData<T>(ctx, kNaParamOut);
  T* decay_pow_out = OutData<T>(ctx, kNaDecayPowOut);
  T* beta2_pow_out = OutData<T>(ctx, kNaBeta2PowOut);
  T* mu_product_out = OutData<T>(ctx, kNaMuProductOut);
  T* m1_out = OutData<T>(ctx, kNaMoment1Out);
  T* m2_out = OutData<T>(ctx, kNaMoment2Out);
  ParallelFor(ctx.Input(kNaParam).numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T grad = g[i];
      const T d = decay_pow[i] * base;
      const T mu_t = beta1 * (T(1) - T(0.5) * std::pow(d, psi));
      const T mu_next = beta1 * (T(1) - T(0.5) * std::pow(d * base, psi));
      const T mu_prod = mu_product[i] * mu_t;
      const T b2p = beta2_pow[i] * beta2;
      const T mom1 = beta1 * m1[i] + (T(1) - beta1) * grad;
      const T mom2 = beta2 * m2[i] + (T(1) - beta2) * grad * grad;
      const T m_hat = mu_next * mom1 / (T(1) - mu_prod * mu_next) +
                      (T(1) - mu_t) * grad / (T(1) - mu_prod);
      p_out[i] = p[i] - lr * m_hat / (std::sqrt(mom2 / (T(1) - b2p)) + eps);
      decay_pow_out[i] = d;
      beta2_pow_out[i] = b2p;
      mu_product_out[i] = mu_prod;
      m1_out[i] = mom1;
      m2_out[i] = mom2;
    }
  });
}

PD_REGISTER_OP(nadam)
    .Doc("NAdam: Adam with Nesterov momentum under the schedule mu_t = beta1 * (1 - 0.5 * "
         "(0.96^t)^momentum_decay): param_out = param - learning_rate * (mu_{t+1} * m1 / (1 - "
         "prod mu_1..mu_{t+1}) + (1 - mu_t) * grad / (1 - prod mu_1..mu_t)) / (sqrt(m2 / (1 - "
         "beta2^t)) + epsilon). The step counters are Param-shaped.",
         "NAdam：带 Nesterov 动量的 Adam，动量按 mu_t = beta1 * (1 - 0.5 * "
         "(0.96^t)^momentum_decay) 变化：param_out = param - learning_rate * (mu_{t+1} * m1 / "
         "(1 - mu_1..mu_{t+1} 之积) + (1 - mu_t) * grad / (1 - mu_1..mu_t 之积)) / (sqrt(m2 / "
         "(1 - beta2^t)) + epsilon)。步数相关的累积量形状同 param。")
    .Input(kNaParam, "param", kParamEn, kParamZh)
    .Input(kNaGrad, "grad", kGradEn, kGradZh)
    .Input(kNaLr, "learning_rate", kLrEn, kLrZh)
    .Input(kNaDecayPow, "momentum_decay_pow", "0.96 to the power of the step count, same shape.",
           "0.96 的步数次幂，形状相同。")
    .Input(kNaBeta2Pow, "beta2_pow", kBeta2PowEn, kBeta2PowZh)
    .Input(kNaMuProduct, "mu_product", "The product of the momentum schedule so far, same shape.",
           "至今动量系数之积，形状相同。")
    .Input(kNaMoment1, "moment1", kMoment1En, kMoment1Zh)
    .Input(kNaMoment2, "moment2", kMoment2En, kMoment2Zh)
    .Input(kNaMaster, "master_param", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kNaParamOut, "param_out", kParamOutEn, kParamOutZh)
    .Output(kNaDecayPowOut, "momentum_decay_pow_out",
            "Advanced one step: momentum_decay_pow * 0.96.",
            "推进一步：momentum_decay_pow * 0.96。")
    .Output(kNaBeta2PowOut, "beta2_pow_out", "Advanced one step: beta2_pow * beta2.",
            "推进一步：beta2_pow * beta2。")
    .Output(kNaMuProductOut, "mu_product_out", "Advanced one step: mu_product * mu_t.",
            "推进一步：mu_product * mu_t。")
    .Output(kNaMoment1Out, "moment1_out", kMoment1OutEn, kMoment1OutZh)
    .Output(kNaMoment2Out, "moment2_out", kMoment2OutEn, kMoment2OutZh)
    .Output(kNaMasterOut, "master_param_out", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<float>(kNaBeta1, "beta1", 0.9f, kBeta1En, kBeta1Zh)
    .Attr<float>(kNaBeta2, "beta2", 0.999f, kBeta2En, kBeta2Zh)
    .Attr<float>(kNaEpsilon, "epsilon", 1e-8f, kEpsilonEn, kEpsilonZh)
    .AtLeast(0)
    .Attr<float>(kNaMomentumDecay, "momentum_decay", 0.004f,
                 "psi of the momentum schedule, >= 0.", "动量调度中的 psi，>= 0。")
    .AtLeast(0)
    .Attr<bool>(kNaMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(NadamInferShape)
    .Inplace("param", "param_out")
    .Inplace("momentum_decay_pow", "momentum_decay_pow_out")
    .Inplace("beta2_pow", "beta2_pow_out")
    .Inplace("mu_product", "mu_product_out")
    .Inplace("moment1", "moment1_out")
    .Inplace("moment2", "moment2_out")
    .CpuKernel<float>(NadamKernel<float>)
    .CpuKernel<double>(NadamKernel<double>);

// ---- radam ----

enum RadamIn {
  kRaParam, kRaGrad, kRaLr, kRaBeta1Pow, kRaBeta2Pow, kRaRho, kRaMoment1, kRaMoment2, kRaMaster
};
enum RadamOut {
  kRaParamOut, kRaBeta1PowOut, kRaBeta2PowOut, kRaRhoOut, kRaMoment1Out, kRaMoment2Out,
  kRaMasterOut
};
enum RadamAttr { kRaBeta1, kRaBeta2, kRaEpsilon, kRaMulti };

void RadamInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kRaMulti);
  CheckLikeParam(ctx, kRaParam,
                 {kRaGrad, kRaBeta1Pow, kRaBeta2Pow, kRaRho, kRaMoment1, kRaMoment2});
  CheckOneElement(ctx, {kRaLr});
  OutputsLike(ctx, {{kRaParam, kRaParamOut}, {kRaBeta1Pow, kRaBeta1PowOut},
                    {kRaBeta2Pow, kRaBeta2PowOut}, {kRaRho, kRaRhoOut},
                    {kRaMoment1, kRaMoment1Out}, {kRaMoment2, kRaMoment2Out}});
}

// Per element (the step counters are Param-shaped, as PaddlePaddle keeps them):
// B1 = beta1_pow * beta1, B2 = beta2_pow * beta2 (beta^t), moments as Adam's;
// rho_out = (rho * (beta2 - B2) + B2) / (1 - B2), which is t * B2 / (1 - B2) when
// rho starts at 1; rho_t = rho_inf - 2 * rho_out with rho_inf = 2 / (1 - beta2) - 1.
// rho_t > 5: param -= lr * m1 / (1 - B1) * r * sqrt(1 - B2) / (sqrt(m2) + epsilon) with
// r = sqrt((rho_t - 4)(rho_t - 2) rho_inf / ((rho_inf - 4)(rho_inf - 2) rho_t));
// else param -= lr * m1 / (1 - B1).
template <typename T>
void RadamKernel(KernelContext& ctx) {
  const T lr = static_cast<T>(ScalarValue(ctx, kRaLr));
  const T beta1 = static_cast<T>(ctx.Attr<float>(kRaBeta1));
  const T beta2 = static_cast<T>(ctx.Attr<float>(kRaBeta2));
  const T eps = static_cast<T>(ctx.Attr<float>(kRaEpsilon));
  const T rho_inf = T(2) / (T(1) - beta2) - T(1);
  const T* p = ctx.Input(kRaParam).data<T>();
  const T* g = ctx.Input(kRaGrad).data<T>();
  const T* beta1_pow = ctx.Input(kRaBeta1Pow).data<T>();
  const T* beta2_pow = ctx.Input(kRaBeta2Pow).data<T>();
  const T* rho = ctx.Input(kRaRho).data<T>();
  const T* m1 = ctx.Input(kRaMoment1).data<T>();
  const T* m2 = ctx.Input(kRaMoment2).data<T>();
  T* p_out = OutData<T>(ctx, kRaParamOut);
  T* beta1_pow_out = OutData<T>(ctx, kRaBeta1PowOut);
  T* beta2_pow_out = OutData<T>(ctx, kRaBeta2PowOut);
  T* rho_out = OutData<T>(ctx, kRaRhoOut);
  T* m1_out = OutData<T>(ctx, kRaMoment1Out);
  T* m2_out = OutData<T>(ctx, kRaMoment2Out);
  ParallelFor(ctx.Input(kRaParam).numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T grad = g[i];
      const T b1p = beta1_pow[i] * beta1;
      const T b2p = beta2_pow[i] * beta2;
      const T r_out = (rho[i] * (beta2 - b2p) + b2p) / (T(1) - b2p);
      const T rho_t = rho_inf - T(2) * r_out;
      const T mom1 = beta1 * m1[i] + (T(1) - beta1) * grad;
      const T mom2 = beta2 * m2[i] + (T(1) - beta2) * grad * grad;
      const T m_hat = mom1 / (T(1) - b1p);
      T step = m_hat;
      if (rho_t > T(5)) {
        const T l = std::sqrt(T(1) - b2p) / (std::sqrt(mom2) + eps);
        const T r = std::sqrt((rho_t - T(4)) * (rho_t - T(2)) * rho_inf /
                              ((rho_inf - T(4)) * (rho_inf - T(2)) * rho_t));
        step = m_hat * r * l;
      }
      p_out[i] = p[i] - lr * step;
      beta1_pow_out[i] = b1p;
      beta2_pow_out[i] = b2p;
      rho_out[i] = r_out;
      m1_out[i] = mom1;
      m2_out[i] = mom2;
    }
  });
}

PD_REGISTER_OP(radam)
    .Doc("RAdam: Adam whose adaptive rate is used only once its variance is tractable. With "
         "rho_t = rho_inf - 2 t beta2^t / (1 - beta2^t) and rho_inf = 2 / (1 - beta2) - 1: when "
         "rho_t > 5, param_out = param - learning_rate * m1 / (1 - beta1^t) * r_t * sqrt(1 - "
         "beta2^t) / (sqrt(m2) + epsilon), r_t = sqrt((rho_t - 4)(rho_t - 2) rho_inf / ((rho_inf "
         "- 4)(rho_inf - 2) rho_t)); else param_out = param - learning_rate * m1 / (1 - "
         "beta1^t). The step counters are Param-shaped; rho holds t beta2^t / (1 - beta2^t).",
         "RAdam：仅当自适应学习率的方差可控时才使用它的 Adam。rho_t = rho_inf - 2 t beta2^t / (1 - "
         "beta2^t)，rho_inf = 2 / (1 - beta2) - 1：rho_t > 5 时 param_out = param - "
         "learning_rate * m1 / (1 - beta1^t) * r_t * sqrt(1 - beta2^t) / (sqrt(m2) + epsilon)，"
         "r_t = sqrt((rho_t - 4)(rho_t - 2) rho_inf / ((rho_inf - 4)(rho_inf - 2) rho_t))；否则 "
         "param_out = param - learning_rate * m1 / (1 - beta1^t)。步数相关的累积量形状同 param；"
         "rho 保存 t beta2^t / (1 - beta2^t)。")
    .Input(kRaParam, "param", kParamEn, kParamZh)
    .Input(kRaGrad, "grad", kGradEn, kGradZh)
    .Input(kRaLr, "learning_rate", kLrEn, kLrZh)
    .Input(kRaBeta1Pow, "beta1_pow", "beta1 to the power of the step count, same shape.",
           "beta1 的步数次幂，形状相同。")
    .Input(kRaBeta2Pow, "beta2_pow", kBeta2PowEn, kBeta2PowZh)
    .Input(kRaRho, "rho", "t * beta2^t / (1 - beta2^t) of the step count t (1 before the first).",
           "步数 t 的 t * beta2^t / (1 - beta2^t)（首步前为 1）。")
    .Input(kRaMoment1, "moment1", kMoment1En, kMoment1Zh)
    .Input(kRaMoment2, "moment2", kMoment2En, kMoment2Zh)
    .Input(kRaMaster, "master_param", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kRaParamOut, "param_out", kParamOutEn, kParamOutZh)
    .Output(kRaBeta1PowOut, "beta1_pow_out", "Advanced one step: beta1_pow * beta1.",
            "推进一步：beta1_pow * beta1。")
    .Output(kRaBeta2PowOut, "beta2_pow_out", "Advanced one step: beta2_pow * beta2.",
            "推进一步：beta2_pow * beta2。")
    .Output(kRaRhoOut, "rho_out", "rho advanced by one step.", "推进一步后的 rho。")
    .Output(kRaMoment1Out, "moment1_out", kMoment1OutEn, kMoment1OutZh)
    .Output(kRaMoment2Out, "moment2_out", kMoment2OutEn, kMoment2OutZh)
    .Output(kRaMasterOut, "master_param_out", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<float>(kRaBeta1, "beta1", 0.9f, kBeta1En, kBeta1Zh)
    .Attr<float>(kRaBeta2, "beta2", 0.999f, kBeta2En, kBeta2Zh)
    .Attr<float>(kRaEpsilon, "epsilon", 1e-8f, kEpsilonEn, kEpsilonZh)
    .AtLeast(0)
    .Attr<bool>(kRaMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(RadamInferShape)
    .Inplace("param", "param_out")
    .Inplace("beta1_pow", "beta1_pow_out")
    .Inplace("beta2_pow", "beta2_pow_out")
    .Inplace("rho", "rho_out")
    .Inplace("moment1", "moment1_out")
    .Inplace("moment2", "moment2_out")
    .CpuKernel<float>(RadamKernel<float>)
    .CpuKernel<double>(RadamKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
