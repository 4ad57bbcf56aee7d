// Optimizer updates without bias correction: sgd, momentum, adagrad, rmsprop.
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

}  // namespace
}  // namespace ops
}  // namespace paddle
