// Optimizer updates without bias correction: sgd, momentum, adagrad, rmsprop,
// adadelta, asgd, rprop.
// Each reads a parameter, its gradient and its accumulators and writes the
// next ones; ParamOut (and each accumulator's output) is normally the input's
// own variable, so every loop reads element i of all inputs before writing
// it. The learning rate is a one-element tensor (a scheduler may change it).
#include <algorithm>
#include <cmath>

#include "core/ops/optimizer.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {


// ---- sgd ----

enum SgdIn { kSgdParam, kSgdLr, kSgdGrad, kSgdMaster };
enum SgdOut { kSgdParamOut, kSgdMasterOut };
enum SgdAttr { kSgdMulti };

void SgdInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kSgdMulti);
  CheckLikeParam(ctx, kSgdParam, {kSgdGrad});
  CheckOneElement(ctx, {kSgdLr});
  OutputsLike(ctx, {{kSgdParam, kSgdParamOut}});
}

// out[i] = p[i] - lr * g[i] in vector lanes; out is usually p (in place),
// which would send a loop with run-time overlap checks down its scalar path.
template <typename T>
PD_SIMD_CLONES void SgdLoop(const T* p, const T* g, T* out, T lr, int64_t n) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) out[i] = p[i] - lr * g[i];
}

template <typename T>
void SgdKernel(KernelContext& ctx) {
  const T lr = static_cast<T>(ScalarValue(ctx, kSgdLr));
  const T* p = ctx.Input(kSgdParam).data<T>();
  const T* g = ctx.Input(kSgdGrad).data<T>();
  T* out = OutData<T>(ctx, kSgdParamOut);
  ParallelFor(ctx.Input(kSgdParam).numel(), [&](int64_t lo, int64_t hi) {
    SgdLoop(p + lo, g + lo, out + lo, lr, hi - lo);
  });
}

PD_REGISTER_OP(sgd)
    .Doc("Stochastic gradient descent: ParamOut = Param - LearningRate * Grad.",
         "随机梯度下降：ParamOut = Param - LearningRate * Grad。")
    .Input(kSgdParam, "Param", kParamEn, kParamZh)
    .Input(kSgdLr, "LearningRate", kLrEn, kLrZh)
    .Input(kSgdGrad, "Grad", kGradEn, kGradZh)
    .Input(kSgdMaster, "MasterParam", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kSgdParamOut, "ParamOut", kParamOutEn, kParamOutZh)
    .Output(kSgdMasterOut, "MasterParamOut", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<bool>(kSgdMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(SgdInferShape)
    .Inplace("Param", "ParamOut")
    .CpuKernel<float>(SgdKernel<float>)
    .CpuKernel<double>(SgdKernel<double>);

// ---- momentum ----

enum MomIn { kMomParam, kMomGrad, kMomVelocity, kMomLr, kMomMaster };
enum MomOut { kMomParamOut, kMomVelocityOut, kMomMasterOut };
enum MomAttr { kMu, kNesterov, kRegMethod, kRegCoeff, kMomMulti, kRescale };

void MomentumInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kMomMulti);
  CheckLikeParam(ctx, kMomParam, {kMomGrad, kMomVelocity});
  CheckOneElement(ctx, {kMomLr});
  OutputsLike(ctx, {{kMomParam, kMomParamOut}, {kMomVelocity, kMomVelocityOut}});
}

// g' = Grad * rescale_grad (+ regularization_coeff * Param for l2_decay);
// VelocityOut = mu * Velocity + g';
// ParamOut = Param - lr * (g' + mu * VelocityOut) with Nesterov, else Param - lr * VelocityOut.
// Elements [0, n) of the update in vector lanes, in place like SgdLoop.
template <typename T, bool kNesterov>
PD_SIMD_CLONES void MomentumLoop(const T* p, const T* g, const T* v, T* p_out, T* v_out, T lr,
                                 T mu, T rescale, T l2, int64_t n) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) {
    const T grad = g[i] * rescale + l2 * p[i];
    const T vel = mu * v[i] + grad;
    v_out[i] = vel;
    p_out[i] = p[i] - lr * (kNesterov ? grad + mu * vel : vel);
  }
}

template <typename T>
void MomentumKernel(KernelContext& ctx) {
  const T lr = static_cast<T>(ScalarValue(ctx, kMomLr));
  const T mu = static_cast<T>(ctx.Attr<float>(kMu));
  const T rescale = static_cast<T>(ctx.Attr<float>(kRescale));
  const T l2 = ctx.Attr<std::string>(kRegMethod) == "l2_decay"
                   ? static_cast<T>(ctx.Attr<float>(kRegCoeff))
                   : T(0);
  const bool nesterov = ctx.Attr<bool>(kNesterov);
  const T* p = ctx.Input(kMomParam).data<T>();
  const T* g = ctx.Input(kMomGrad).data<T>();
  const T* v = ctx.Input(kMomVelocity).data<T>();
  T* p_out = OutData<T>(ctx, kMomParamOut);
  T* v_out = OutData<T>(ctx, kMomVelocityOut);
  ParallelFor(ctx.Input(kMomParam).numel(), [&](int64_t lo, int64_t hi) {
    auto loop = nesterov ? MomentumLoop<T, true> : MomentumLoop<T, false>;
    loop(p + lo, g + lo, v + lo, p_out + lo, v_out + lo, lr, mu, rescale, l2, hi - lo);
  });
}

PD_REGISTER_OP(momentum)
    .Doc("Momentum SGD: VelocityOut = mu * Velocity + g, ParamOut = Param - LearningRate * "
         "VelocityOut (Nesterov: Param - LearningRate * (g + mu * VelocityOut)), where g = Grad * "
         "rescale_grad, plus regularization_coeff * Param under l2_decay.",
         "动量 SGD：VelocityOut = mu * Velocity + g，ParamOut = Param - LearningRate * "
         "VelocityOut（Nesterov：Param - LearningRate * (g + mu * VelocityOut)），其中 g = Grad * "
         "rescale_grad，l2_decay 时再加 regularization_coeff * Param。")
    .Input(kMomParam, "Param", kParamEn, kParamZh)
    .Input(kMomGrad, "Grad", kGradEn, kGradZh)
    .Input(kMomVelocity, "Velocity", "The velocity, same shape.", "速度，形状相同。")
    .Input(kMomLr, "LearningRate", kLrEn, kLrZh)
    .Input(kMomMaster, "MasterParam", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kMomParamOut, "ParamOut", kParamOutEn, kParamOutZh)
    .Output(kMomVelocityOut, "VelocityOut", "The updated velocity (usually Velocity's own).",
            "更新后的速度（通常与 Velocity 是同一变量）。")
    .Output(kMomMasterOut, "MasterParamOut", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .RequiredAttr<float>(kMu, "mu", "The momentum: weight of the old velocity.",
                         "动量系数：旧速度的权重。")
    .Attr<bool>(kNesterov, "use_nesterov", false, "Use Nesterov momentum.",
                "使用 Nesterov 动量。")
    .Attr(kRegMethod, "regularization_method", "",
          "\"l2_decay\" adds regularization_coeff * Param to the gradient; \"\" adds nothing.",
          "\"l2_decay\" 在梯度上加 regularization_coeff * Param；\"\" 不加。")
    .OneOf({"", "l2_decay"})
    .Attr<float>(kRegCoeff, "regularization_coeff", 0.0f, "The L2 decay coefficient.",
                 "L2 衰减系数。")
    .Attr<bool>(kMomMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .Attr<float>(kRescale, "rescale_grad", 1.0f, "Grad is multiplied by this before the update.",
                 "更新前 Grad 乘以该值。")
    .InferShape(MomentumInferShape)
    .Inplace("Param", "ParamOut")
    .Inplace("Velocity", "VelocityOut")
    .CpuKernel<float>(MomentumKernel<float>)
    .CpuKernel<double>(MomentumKernel<double>);

// ---- adagrad ----

enum AdagradIn { kAgParam, kAgGrad, kAgMoment, kAgLr, kAgMaster };
enum AdagradOut { kAgParamOut, kAgMomentOut, kAgMasterOut };
enum AdagradAttr { kAgEpsilon, kAgMulti };

void AdagradInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kAgMulti);
  CheckLikeParam(ctx, kAgParam, {kAgGrad, kAgMoment});
  CheckOneElement(ctx, {kAgLr});
  OutputsLike(ctx, {{kAgParam, kAgParamOut}, {kAgMoment, kAgMomentOut}});
}

// MomentOut = Moment + Grad^2; ParamOut = Param - lr * Grad / (sqrt(MomentOut) + epsilon).
template <typename T>
void AdagradKernel(KernelContext& ctx) {
  const T lr = static_cast<T>(ScalarValue(ctx, kAgLr));
  const T eps = static_cast<T>(ctx.Attr<float>(kAgEpsilon));
  const T* p = ctx.Input(kAgParam).data<T>();
  const T* g = ctx.Input(kAgGrad).data<T>();
  const T* m = ctx.Input(kAgMoment).data<T>();
  T* p_out = OutData<T>(ctx, kAgParamOut);
  T* m_out = OutData<T>(ctx, kAgMomentOut);
  ParallelFor(ctx.Input(kAgParam).numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T mom = m[i] + g[i] * g[i];
      m_out[i] = mom;
      p_out[i] = p[i] - lr * g[i] / (std::sqrt(mom) + eps);
    }
  });
}

PD_REGISTER_OP(adagrad)
    .Doc("Adagrad: MomentOut = Moment + Grad^2, ParamOut = Param - LearningRate * Grad / "
         "(sqrt(MomentOut) + epsilon).",
         "Adagrad 自适应梯度：MomentOut = Moment + Grad^2，ParamOut = Param - LearningRate * Grad / "
         "(sqrt(MomentOut) + epsilon)。")
    .Input(kAgParam, "Param", kParamEn, kParamZh)
    .Input(kAgGrad, "Grad", kGradEn, kGradZh)
    .Input(kAgMoment, "Moment", "The sum of squared gradients so far, same shape.",
           "历史梯度平方和，形状相同。")
    .Input(kAgLr, "LearningRate", kLrEn, kLrZh)
    .Input(kAgMaster, "MasterParam", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kAgParamOut, "ParamOut", kParamOutEn, kParamOutZh)
    .Output(kAgMomentOut, "MomentOut", "The updated sum (usually Moment's own variable).",
            "更新后的平方和（通常与 Moment 是同一变量）。")
    .Output(kAgMasterOut, "MasterParamOut", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<float>(kAgEpsilon, "epsilon", 1e-6f, "Added to the root for stability, >= 0.",
                 "加到平方根上以保证数值稳定，>= 0。")
    .AtLeast(0)
    .Attr<bool>(kAgMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(AdagradInferShape)
    .Inplace("Param", "ParamOut")
    .Inplace("Moment", "MomentOut")
    .CpuKernel<float>(AdagradKernel<float>)
    .CpuKernel<double>(AdagradKernel<double>);

// ---- rmsprop ----

enum RmsIn { kRmsParam, kRmsMeanSquare, kRmsGrad, kRmsMoment, kRmsLr, kRmsMeanGrad, kRmsMaster };
enum RmsOut { kRmsParamOut, kRmsMomentOut, kRmsMeanSquareOut, kRmsMeanGradOut, kRmsMasterOut };
enum RmsAttr { kRmsEpsilon, kRmsDecay, kRmsMomentum, kRmsCentered, kRmsMulti };

void RmspropInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kRmsMulti);
  CheckLikeParam(ctx, kRmsParam, {kRmsMeanSquare, kRmsGrad, kRmsMoment, kRmsMeanGrad});
  CheckOneElement(ctx, {kRmsLr});
  PD_CHECK(!ctx.Attr<bool>(kRmsCentered) || ctx.HasInput(kRmsMeanGrad), InvalidArgument, "[",
           ctx.op_type(), "] centered=true needs the input MeanGrad");
  OutputsLike(ctx, {{kRmsParam, kRmsParamOut},
                    {kRmsMoment, kRmsMomentOut},
                    {kRmsMeanSquare, kRmsMeanSquareOut},
                    {kRmsParam, kRmsMeanGradOut}});
}

// MeanSquareOut = decay * MeanSquare + (1 - decay) * Grad^2;
// centered: MeanGradOut = decay * MeanGrad + (1 - decay) * Grad and
//   MomentOut = momentum * Moment + lr * Grad / sqrt(MeanSquareOut - MeanGradOut^2 + epsilon),
// else MomentOut = momentum * Moment + lr * Grad / sqrt(MeanSquareOut + epsilon);
// ParamOut = Param - MomentOut.
template <typename T>
void RmspropKernel(KernelContext& ctx) {
  const T lr = static_cast<T>(ScalarValue(ctx, kRmsLr));
  const T eps = static_cast<T>(ctx.Attr<float>(kRmsEpsilon));
  const T decay = static_cast<T>(ctx.Attr<float>(kRmsDecay));
  const T momentum = static_cast<T>(ctx.Attr<float>(kRmsMomentum));
  const bool centered = ctx.Attr<bool>(kRmsCentered);
  const int64_t n = ctx.Input(kRmsParam).numel();
  const T* p = ctx.Input(kRmsParam).data<T>();
  const T* g = ctx.Input(kRmsGrad).data<T>();
  const T* ms = ctx.Input(kRmsMeanSquare).data<T>();
  const T* mom = ctx.Input(kRmsMoment).data<T>();
  const T* mg = centered ? ctx.Input(kRmsMeanGrad).data<T>() : nullptr;
  T* p_out = OutData<T>(ctx, kRmsParamOut);
  T* mom_out = OutData<T>(ctx, kRmsMomentOut);
  T* ms_out = OutData<T>(ctx, kRmsMeanSquareOut);
  T* mg_out = nullptr;  // uncentered, MeanGrad is carried over as is (zeros when absent)
  if (centered) {
    mg_out = OutData<T>(ctx, kRmsMeanGradOut);
  } else if (ctx.HasInput(kRmsMeanGrad)) {
    CopyInput(ctx, kRmsMeanGrad, kRmsMeanGradOut);
  } else {
    T* zeros = OutData<T>(ctx, kRmsMeanGradOut);
    std::fill(zeros, zeros + n, T(0));
  }
  ParallelFor(n, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T grad = g[i];
      const T square = decay * ms[i] + (T(1) - decay) * grad * grad;
      T denom = square + eps;
      if (centered) {
        const T mean = decay * mg[i] + (T(1) - decay) * grad;
        mg_out[i] = mean;
        denom -= mean * mean;
      }
      const T step = momentum * mom[i] + lr * grad / std::sqrt(denom);
      ms_out[i] = square;
      mom_out[i] = step;
      p_out[i] = p[i] - step;
    }
  });
}

PD_REGISTER_OP(rmsprop)
    .Doc("RMSProp: MeanSquareOut = decay * MeanSquare + (1 - decay) * Grad^2; MomentOut = "
         "momentum * Moment + LearningRate * Grad / sqrt(MeanSquareOut + epsilon) (centered: "
         "MeanSquareOut - MeanGradOut^2 + epsilon, with MeanGradOut = decay * MeanGrad + "
         "(1 - decay) * Grad); ParamOut = Param - MomentOut.",
         "RMSProp：MeanSquareOut = decay * MeanSquare + (1 - decay) * Grad^2；MomentOut = "
         "momentum * Moment + LearningRate * Grad / sqrt(MeanSquareOut + epsilon)（centered 时为 "
         "MeanSquareOut - MeanGradOut^2 + epsilon，MeanGradOut = decay * MeanGrad + "
         "(1 - decay) * Grad）；ParamOut = Param - MomentOut。")
    .Input(kRmsParam, "Param", kParamEn, kParamZh)
    .Input(kRmsMeanSquare, "MeanSquare", "The running mean of squared gradients, same shape.",
           "梯度平方的滑动平均，形状相同。")
    .Input(kRmsGrad, "Grad", kGradEn, kGradZh)
    .Input(kRmsMoment, "Moment", "The previous step (momentum accumulator), same shape.",
           "上一步的步长（动量累积），形状相同。")
    .Input(kRmsLr, "LearningRate", kLrEn, kLrZh)
    .Input(kRmsMeanGrad, "MeanGrad", "The running mean of gradients (needed when centered).",
           "梯度的滑动平均（centered 时需要）。")
    .Dispensable()
    .Input(kRmsMaster, "MasterParam", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kRmsParamOut, "ParamOut", kParamOutEn, kParamOutZh)
    .Output(kRmsMomentOut, "MomentOut", "The updated step (usually Moment's own variable).",
            "更新后的步长（通常与 Moment 是同一变量）。")
    .Output(kRmsMeanSquareOut, "MeanSquareOut", "The updated MeanSquare (usually its own).",
            "更新后的 MeanSquare（通常是同一变量）。")
    .Output(kRmsMeanGradOut, "MeanGradOut",
            "The updated MeanGrad when centered; else MeanGrad as is (zeros when absent).",
            "centered 时为更新后的 MeanGrad；否则原样为 MeanGrad（缺省时为零）。")
    .Output(kRmsMasterOut, "MasterParamOut", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<float>(kRmsEpsilon, "epsilon", 1e-10f, "Added under the root for stability, >= 0.",
                 "加到平方根内以保证数值稳定，>= 0。")
    .AtLeast(0)
    .Attr<float>(kRmsDecay, "decay", 0.9f, "Weight of the old running means, in [0, 1].",
                 "旧滑动平均的权重，取值 [0, 1]。")
    .InRange(0, 1)
    .Attr<float>(kRmsMomentum, "momentum", 0.0f, "Weight of the previous step, >= 0.",
                 "上一步步长的权重，>= 0。")
    .AtLeast(0)
    .Attr<bool>(kRmsCentered, "centered", false,
                "Divide by the variance estimate (MeanSquare - MeanGrad^2) instead of MeanSquare.",
                "用方差估计 (MeanSquare - MeanGrad^2) 代替 MeanSquare 作除数。")
    .Attr<bool>(kRmsMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(RmspropInferShape)
    .Inplace("Param", "ParamOut")
    .Inplace("Moment", "MomentOut")
    .Inplace("MeanSquare", "MeanSquareOut")
    .Inplace("MeanGrad", "MeanGradOut")
    .CpuKernel<float>(RmspropKernel<float>)
    .CpuKernel<double>(RmspropKernel<double>);

// ---- adadelta ----

enum AdadeltaIn { kAdParam, kAdGrad, kAdSqGrad, kAdSqUpdate, kAdLr, kAdMaster };
enum AdadeltaOut { kAdParamOut, kAdSqGradOut, kAdSqUpdateOut, kAdMasterOut };
enum AdadeltaAttr { kAdRho, kAdEpsilon, kAdMulti };

void AdadeltaInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kAdMulti);
  CheckLikeParam(ctx, kAdParam, {kAdGrad, kAdSqGrad, kAdSqUpdate});
  CheckOneElement(ctx, {kAdLr});
  OutputsLike(ctx, {{kAdParam, kAdParamOut}, {kAdSqGrad, kAdSqGradOut},
                    {kAdSqUpdate, kAdSqUpdateOut}});
}

// AvgSquaredGradOut = rho * AvgSquaredGrad + (1 - rho) * Grad^2;
// update = -sqrt((AvgSquaredUpdate + epsilon) / (AvgSquaredGradOut + epsilon)) * Grad;
// AvgSquaredUpdateOut = rho * AvgSquaredUpdate + (1 - rho) * update^2;
// ParamOut = Param + lr * update.
template <typename T>
void AdadeltaKernel(KernelContext& ctx) {
  const T lr = static_cast<T>(ScalarValue(ctx, kAdLr));
  const T rho = static_cast<T>(ctx.Attr<float>(kAdRho));
  const T eps = static_cast<T>(ctx.Attr<float>(kAdEpsilon));
  const T* p = ctx.Input(kAdParam).data<T>();
  const T* g = ctx.Input(kAdGrad).data<T>();
  const T* sq_grad = ctx.Input(kAdSqGrad).data<T>();
  const T* sq_update = ctx.Input(kAdSqUpdate).data<T>();
  T* p_out = OutData<T>(ctx, kAdParamOut);
  T* sq_grad_out = OutData<T>(ctx, kAdSqGradOut);
  T* sq_update_out = OutData<T>(ctx, kAdSqUpdateOut);
  ParallelFor(ctx.Input(kAdParam).numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T grad = g[i];
      const T avg_grad = rho * sq_grad[i] + (T(1) - rho) * grad * grad;
      const T update = -std::sqrt((sq_update[i] + eps) / (avg_grad + eps)) * grad;
      sq_update_out[i] = rho * sq_update[i] + (T(1) - rho) * update * update;
      sq_grad_out[i] = avg_grad;
      p_out[i] = p[i] + lr * update;
    }
  });
}

PD_REGISTER_OP(adadelta)
    .Doc("Adadelta: AvgSquaredGradOut = rho * AvgSquaredGrad + (1 - rho) * Grad^2; update = "
         "-sqrt((AvgSquaredUpdate + epsilon) / (AvgSquaredGradOut + epsilon)) * Grad; "
         "AvgSquaredUpdateOut = rho * AvgSquaredUpdate + (1 - rho) * update^2; ParamOut = "
         "Param + LearningRate * update.",
         "Adadelta 自适应学习率：AvgSquaredGradOut = rho * AvgSquaredGrad + (1 - rho) * Grad^2；update = "
         "-sqrt((AvgSquaredUpdate + epsilon) / (AvgSquaredGradOut + epsilon)) * Grad；"
         "AvgSquaredUpdateOut = rho * AvgSquaredUpdate + (1 - rho) * update^2；ParamOut = "
         "Param + LearningRate * update。")
    .Input(kAdParam, "Param", kParamEn, kParamZh)
    .Input(kAdGrad, "Grad", kGradEn, kGradZh)
    .Input(kAdSqGrad, "AvgSquaredGrad", "The running mean of squared gradients, same shape.",
           "梯度平方的滑动平均，形状相同。")
    .Input(kAdSqUpdate, "AvgSquaredUpdate", "The running mean of squared updates, same shape.",
           "更新量平方的滑动平均，形状相同。")
    .Input(kAdLr, "LearningRate", kLrEn, kLrZh)
    .Input(kAdMaster, "MasterParam", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kAdParamOut, "ParamOut", kParamOutEn, kParamOutZh)
    .Output(kAdSqGradOut, "AvgSquaredGradOut", "The updated AvgSquaredGrad (usually its own).",
            "更新后的 AvgSquaredGrad（通常是同一变量）。")
    .Output(kAdSqUpdateOut, "AvgSquaredUpdateOut",
            "The updated AvgSquaredUpdate (usually its own).",
            "更新后的 AvgSquaredUpdate（通常是同一变量）。")
    .Output(kAdMasterOut, "MasterParamOut", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<float>(kAdRho, "rho", 0.95f, "Weight of the old running means.", "旧滑动平均的权重。")
    .Attr<float>(kAdEpsilon, "epsilon", 1e-6f, "Added under the root for stability.",
                 "加到平方根内以保证数值稳定。")
    .Attr<bool>(kAdMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(AdadeltaInferShape)
    .Inplace("Param", "ParamOut")
    .Inplace("AvgSquaredGrad", "AvgSquaredGradOut")
    .Inplace("AvgSquaredUpdate", "AvgSquaredUpdateOut")
    .CpuKernel<float>(AdadeltaKernel<float>)
    .CpuKernel<double>(AdadeltaKernel<double>);

// ---- asgd ----

enum AsgdIn { kAsParam, kAsGrad, kAsLr, kAsD, kAsY, kAsN, kAsMaster };
enum AsgdOut { kAsParamOut, kAsDOut, kAsYOut, kAsMasterOut };
enum AsgdAttr { kAsMulti };

void AsgdInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kAsMulti);
  CheckLikeParam(ctx, kAsParam, {kAsGrad, kAsD, kAsY});
  CheckOneElement(ctx, {kAsLr, kAsN});
  OutputsLike(ctx, {{kAsParam, kAsParamOut}, {kAsD, kAsDOut}, {kAsY, kAsYOut}});
}

// d_out = d - y + grad (the sum of the latest gradient of each of the n
// batches); y_out = grad (this batch's, replacing its previous one);
// param_out = param - lr / n * d_out.
template <typename T>
void AsgdKernel(KernelContext& ctx) {
  const double count = FloatElement(ctx, kAsN);
  PD_CHECK(count >= 1, InvalidArgument, "[", ctx.op_type(),
           "] n (the number of gradients averaged) must be >= 1, got ", count);
  const T step = static_cast<T>(ScalarValue(ctx, kAsLr)) / static_cast<T>(count);
  const T* p = ctx.Input(kAsParam).data<T>();
  const T* g = ctx.Input(kAsGrad).data<T>();
  const T* d = ctx.Input(kAsD).data<T>();
  const T* y = ctx.Input(kAsY).data<T>();
  T* p_out = OutData<T>(ctx, kAsParamOut);
  T* d_out = OutData<T>(ctx, kAsDOut);
  T* y_out = OutData<T>(ctx, kAsYOut);
  ParallelFor(ctx.Input(kAsParam).numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      const T grad = g[i];
      const T sum = d[i] - y[i] + grad;
      d_out[i] = sum;
      y_out[i] = grad;
      p_out[i] = p[i] - step * sum;
    }
  });
}

PD_REGISTER_OP(asgd)
    .Doc("Averaged SGD over n batches: d_out = d - y + grad, y_out = grad, param_out = param - "
         "learning_rate / n * d_out (d sums the latest gradient of each batch, y is this "
         "batch's previous one).",
         "n 个批次上的平均 SGD：d_out = d - y + grad，y_out = grad，param_out = param - "
         "learning_rate / n * d_out（d 为各批次最近梯度之和，y 为本批次上一次的梯度）。")
    .Input(kAsParam, "param", kParamEn, kParamZh)
    .Input(kAsGrad, "grad", kGradEn, kGradZh)
    .Input(kAsLr, "learning_rate", kLrEn, kLrZh)
    .Input(kAsD, "d", "The sum of the latest gradient of each batch, same shape.",
           "各批次最近梯度之和，形状相同。")
    .Input(kAsY, "y", "This batch's previous gradient, same shape.", "本批次上一次的梯度，形状相同。")
    .Input(kAsN, "n", "How many gradients d sums, one element (float or integer), >= 1.",
           "d 所含梯度的个数，单个元素（浮点或整数），>= 1。")
    .Input(kAsMaster, "master_param", kMasterEn, kMasterZh)
    .Dispensable()
    .Output(kAsParamOut, "param_out", kParamOutEn, kParamOutZh)
    .Output(kAsDOut, "d_out", "The updated d (usually its own variable).",
            "更新后的 d（通常是同一变量）。")
    .Output(kAsYOut, "y_out", "grad, this batch's gradient for its next turn.",
            "grad，即本批次的梯度，供其下一轮使用。")
    .Output(kAsMasterOut, "master_param_out", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<bool>(kAsMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(AsgdInferShape)
    .Inplace("param", "param_out")
    .Inplace("d", "d_out")
    .Inplace("y", "y_out")
    .CpuKernel<float>(AsgdKernel<float>)
    .CpuKernel<double>(AsgdKernel<double>);

// ---- rprop ----

enum RpropIn { kRpParam, kRpGrad, kRpPrev, kRpLr, kRpMaster, kRpLrRange, kRpEtas };
enum RpropOut { kRpParamOut, kRpPrevOut, kRpLrOut, kRpMasterOut };
enum RpropAttr { kRpMulti };

void RpropInferShape(InferShapeContext& ctx) {
  RejectMultiPrecision(ctx, kRpMulti);
  CheckLikeParam(ctx, kRpParam, {kRpGrad, kRpPrev, kRpLr});
  for (int slot : {kRpLrRange, kRpEtas}) {
    const DDim d = ctx.InputDim(slot);
    PD_CHECK(d.numel() == 2 || (!ctx.IsRuntime() && d.numel() < 0), InvalidArgument, "[",
             ctx.op_type(), "] ", ctx.def().inputs[slot].name,
             " must hold two elements, got shape ", d.ToString());
  }
  OutputsLike(ctx, {{kRpParam, kRpParamOut}, {kRpPrev, kRpPrevOut}, {kRpLr, kRpLrOut}});
}

// Element i of a two-element float input, in T.
template <typename T>
T PairElement(const KernelContext& ctx, int slot, int i) {
  return static_cast<T>(ctx.Input(slot).dtype() == DataType::kFloat64
                            ? ctx.Input(slot).data<double>()[i]
                            : FloatElement(ctx, slot, i));
}

// Per element, with s = grad * prev: s > 0 grows the rate (min(rate * etas[1],
// range[1])), s < 0 shrinks it (max(rate * etas[0], range[0])) and drops the
// gradient (it is taken as 0); param_out = param - sign(grad) * rate_out and
// prev_out = grad (0 where dropped).
template <typename T>
void RpropKernel(KernelContext& ctx) {
  const T lr_min = PairElement<T>(ctx, kRpLrRange, 0), lr_max = PairElement<T>(ctx, kRpLrRange, 1);
  const T eta_minus = PairElement<T>(ctx, kRpEtas, 0), eta_plus = PairElement<T>(ctx, kRpEtas, 1);
  const T* p = ctx.Input(kRpParam).data<T>();
  const T* g = ctx.Input(kRpGrad).data<T>();
  const T* prev = ctx.Input(kRpPrev).data<T>();
  const T* lr = ctx.Input(kRpLr).data<T>();
  T* p_out = OutData<T>(ctx, kRpParamOut);
  T* prev_out = OutData<T>(ctx, kRpPrevOut);
  T* lr_out = OutData<T>(ctx, kRpLrOut);
  ParallelFor(ctx.Input(kRpParam).numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      T grad = g[i];
      const T agree = grad * prev[i];
      T rate = lr[i];
      if (agree > T(0)) {
        rate = std::min(rate * eta_plus, lr_max);
      } else if (agree < T(0)) {
        rate = std::max(rate * eta_minus, lr_min);
        grad = T(0);
      }
      const T sign = grad > T(0) ? T(1) : (grad < T(0) ? T(-1) : T(0));
      p_out[i] = p[i] - sign * rate;
      prev_out[i] = grad;
      lr_out[i] = rate;
    }
  });
}

PD_REGISTER_OP(rprop)
    .Doc("Rprop: per-element rates that grow by etas[1] (up to learning_rate_range[1]) while "
         "the gradient keeps its sign and shrink by etas[0] (down to learning_rate_range[0]) "
         "when it flips, the flipped gradient then taken as 0; param_out = param - sign(grad) * "
         "learning_rate_out, prev_out = grad.",
         "Rprop：逐元素的学习率在梯度符号不变时乘以 etas[1]（不超过 learning_rate_range[1]），"
         "符号翻转时乘以 etas[0]（不低于 learning_rate_range[0]）且该梯度视为 0；param_out = "
         "param - sign(grad) * learning_rate_out，prev_out = grad。")
    .Input(kRpParam, "param", kParamEn, kParamZh)
    .Input(kRpGrad, "grad", kGradEn, kGradZh)
    .Input(kRpPrev, "prev", "The previous step's gradient, same shape.",
           "上一步的梯度，形状相同。")
    .Input(kRpLr, "learning_rate", "Each element's learning rate, same shape.",
           "逐元素的学习率，形状相同。")
    .Input(kRpMaster, "master_param", kMasterEn, kMasterZh)
    .Dispensable()
    .Input(kRpLrRange, "learning_rate_range", "The rates' [min, max], two float elements.",
           "学习率的 [最小值, 最大值]，两个浮点元素。")
    .Input(kRpEtas, "etas", "The [shrink, grow] factors, two float elements.",
           "[缩小, 放大] 系数，两个浮点元素。")
    .Output(kRpParamOut, "param_out", kParamOutEn, kParamOutZh)
    .Output(kRpPrevOut, "prev_out", "grad, or 0 where its sign flipped.",
            "grad，符号翻转处为 0。")
    .Output(kRpLrOut, "learning_rate_out", "The updated rates (usually learning_rate's own).",
            "更新后的学习率（通常与 learning_rate 是同一变量）。")
    .Output(kRpMasterOut, "master_param_out", kMasterOutEn, kMasterOutZh)
    .Dispensable()
    .Attr<bool>(kRpMulti, "multi_precision", false, kMultiEn, kMultiZh)
    .InferShape(RpropInferShape)
    .Inplace("param", "param_out")
    .Inplace("prev", "prev_out")
    .Inplace("learning_rate", "learning_rate_out")
    .CpuKernel<float>(RpropKernel<float>)
    .CpuKernel<double>(RpropKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
