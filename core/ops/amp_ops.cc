// The ops of dynamic loss scaling (paddle.amp.GradScaler, static AMP
// programs): check_finite_and_unscale divides the gradients by the loss scale
// and reports a NaN or inf among them; update_loss_scaling zeroes the
// gradients of a step that found one and moves the scale, as PaddlePaddle's
// CPU kernels do.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/ops/optimizer.h"
#include "core/ops/parallel.h"

namespace paddle {
namespace ops {
namespace {

// Each X[i] gives Out[i] its shape and element type.
void OutputsLikeEachX(InferShapeContext& ctx, int x, int out) {
  const size_t n = ctx.InputCount(x);
  PD_CHECK(ctx.OutputCount(out) == n, InvalidArgument, "[", ctx.op_type(), "] ",
           ctx.def().outputs[out].name, " must list as many tensors as ", ctx.def().inputs[x].name,
           " (", n, "), got ", ctx.OutputCount(out));
  for (size_t i = 0; i < n; ++i) {
    ctx.SetOutputDim(out, ctx.InputDim(x, i), i);
    ctx.SetOutputDtype(out, ctx.InputDtype(x, i), i);
  }
}

void CheckFloatList(InferShapeContext& ctx, int x) {
  for (size_t i = 0; i < ctx.InputCount(x); ++i) {
    const DataType d = ctx.InputDtype(x, i);
    PD_CHECK(d == DataType::kFloat32 || d == DataType::kFloat64, InvalidArgument, "[",
             ctx.op_type(), "] ", ctx.def().inputs[x].name, " #", i,
             " must be float32 or float64, got ", DataTypeName(d));
  }
}

template <typename T>
bool AllFinite(const T* x, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (!std::isfinite(x[i])) return false;
  return true;
}

template <typename T>
void ScaleInto(const DenseTensor& x, DenseTensor* out, T k, const Place& place) {
  const T* xp = x.data<T>();
  T* op = out->MutableData<T>(place);
  ParallelFor(x.numel(), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) op[i] = xp[i] * k;
  });
}

// ---- check_finite_and_unscale ----

enum CheckIn { kCheckX, kCheckScale };
enum CheckOut { kCheckOut, kCheckFoundInf };

void CheckFiniteInferShape(InferShapeContext& ctx) {
  CheckFloatList(ctx, kCheckX);
  CheckOneElement(ctx, {kCheckScale});
  OutputsLikeEachX(ctx, kCheckX, kCheckOut);
  ctx.SetOutputDim(kCheckFoundInf, DDim{1});
  ctx.SetOutputDtype(kCheckFoundInf, DataType::kBool);
}

// Out[i] = X[i] / Scale; from the first X holding a NaN or inf on, the factor
// is 0 (that X keeps its NaNs: inf * 0), as PaddlePaddle's CPU kernel gives.
template <typename T>
void CheckFiniteKernel(KernelContext& ctx) {
  const double scale = ScalarValue(ctx, kCheckScale);
  T k = static_cast<T>(1.0 / scale);
  bool found = false;
  for (size_t i = 0; i < ctx.InputCount(kCheckX); ++i) {
    const DenseTensor& x = ctx.Input(kCheckX, i);
    if (!found && !AllFinite(x.data<T>(), x.numel())) {
      found = true;
      k = T(0);
    }
    ScaleInto<T>(x, ctx.Output(kCheckOut, i), k, ctx.place());
  }
  *OutData<bool>(ctx, kCheckFoundInf) = found;
}

PD_REGISTER_OP(check_finite_and_unscale)
    .Doc("Divides every X by the loss scale and reports whether any X holds a NaN or inf (then "
         "that X and the ones after it are multiplied by 0 instead).",
         "将每个 X 除以损失缩放系数，并报告是否有 X 含 NaN 或 inf（此时该 X 及其后的 X 改为乘以 0）。")
    .Input(kCheckX, "X", "The scaled gradients, float32 or float64.",
           "被缩放的梯度，float32 或 float64。")
    .Duplicable()
    .Input(kCheckScale, "Scale", "The loss scale, one element.", "损失缩放系数，单个元素。")
    .Output(kCheckOut, "Out", "Each X divided by Scale (usually X's own variables).",
            "每个 X 除以 Scale 的结果（通常就是 X 自身的变量）。")
    .Duplicable()
    .Output(kCheckFoundInf, "FoundInfinite", "True when some X holds a NaN or inf, bool [1].",
            "某个 X 含 NaN 或 inf 时为 True，bool [1]。")
    .InferShape(CheckFiniteInferShape)
    .CpuKernel<float>(CheckFiniteKernel<float>)
    .CpuKernel<double>(CheckFiniteKernel<double>);

// ---- update_loss_scaling ----

enum UpdateIn { kUpX, kUpFoundInf, kUpPrevScale, kUpInGood, kUpInBad, kUpStopUpdate };
enum UpdateOut { kUpOut, kUpScale, kUpOutGood, kUpOutBad };
enum UpdateAttr { kIncrEvery, kDecrEvery, kIncrRatio, kDecrRatio, kStopUpdateAttr };

void UpdateLossScalingInferShape(InferShapeContext& ctx) {
  CheckFloatList(ctx, kUpX);
  CheckOneElement(ctx, {kUpFoundInf, kUpPrevScale, kUpInGood, kUpInBad});
  for (int counter : {kUpInGood, kUpInBad}) {
    PD_CHECK(ctx.InputDtype(counter) == DataType::kInt32, InvalidArgument, "[", ctx.op_type(),
             "] ", ctx.def().inputs[counter].name, " must be int32, got ",
             DataTypeName(ctx.InputDtype(counter)));
  }
  OutputsLikeEachX(ctx, kUpX, kUpOut);
  OutputsLike(ctx, {{kUpPrevScale, kUpScale}, {kUpInGood, kUpOutGood}, {kUpInBad, kUpOutBad}});
}

bool BoolElement(const KernelContext& ctx, int slot) {
  const DenseTensor& t = ctx.Input(slot);
  PD_CHECK(t.dtype() == DataType::kBool, InvalidArgument, "[", ctx.op_type(), "] ",
           ctx.def().inputs[slot].name, " must be bool, got ", DataTypeName(t.dtype()));
  return t.data<bool>()[0];
}

void WriteScalar(KernelContext& ctx, int slot, double v) {
  DenseTensor* t = ctx.Output(slot);
  if (t->dtype() == DataType::kFloat64)
    *t->MutableData<double>(ctx.place()) = v;
  else
    *t->MutableData<float>(ctx.place()) = static_cast<float>(v);
}

// A step that found a NaN or inf zeroes the gradients. Unless stopped
// (StopUpdate or stop_update), the scale moves: after decr_every_n_nan_or_inf
// such steps in a row it is multiplied by decr_ratio (never below 1); after
// incr_every_n_steps finite steps in a row by incr_ratio (kept when that
// overflows). Each counter restarts when it fires or the other one counts.
template <typename T>
void UpdateLossScalingKernel(KernelContext& ctx) {
  const bool found = BoolElement(ctx, kUpFoundInf);
  for (size_t i = 0; i < ctx.InputCount(kUpX); ++i) {
    const DenseTensor& x = ctx.Input(kUpX, i);
    DenseTensor* out = ctx.Output(kUpOut, i);
    if (found) {
      out->Resize(x.dims());
      std::memset(out->MutableData<T>(ctx.place()), 0, x.nbytes());
    } else if (out != &x) {
      ScaleInto<T>(x, out, T(1), ctx.place());
    }
  }
  double scale = ScalarValue(ctx, kUpPrevScale);
  int32_t good = ctx.Input(kUpInGood).data<int32_t>()[0];
  int32_t bad = ctx.Input(kUpInBad).data<int32_t>()[0];
  const bool stop = ctx.Attr<bool>(kStopUpdateAttr) ||
                    (ctx.HasInput(kUpStopUpdate) && BoolElement(ctx, kUpStopUpdate));
  if (!stop) {
    // Computed in the scale's own type, as the kernel keeps it.
    const bool is_double = ctx.Input(kUpPrevScale).dtype() == DataType::kFloat64;
    auto in_type = [&](double v) { return is_double ? v : static_cast<double>(static_cast<float>(v)); };
    if (found) {
      good = 0;
      if (++bad == ctx.Attr<int32_t>(kDecrEvery)) {
        scale = std::max(1.0, in_type(scale * ctx.Attr<float>(kDecrRatio)));
        bad = 0;
      }
    } else {
      bad = 0;
      if (++good == ctx.Attr<int32_t>(kIncrEvery)) {
        const double grown = in_type(scale * ctx.Attr<float>(kIncrRatio));
        if (std::isfinite(grown)) scale = grown;
        good = 0;
      }
    }
  }
  WriteScalar(ctx, kUpScale, scale);
  *OutData<int32_t>(ctx, kUpOutGood) = good;
  *OutData<int32_t>(ctx, kUpOutBad) = bad;
}

PD_REGISTER_OP(update_loss_scaling)
    .Doc("Dynamic loss scaling, one step: zeroes the gradients when FoundInfinite, then multiplies "
         "the scale by decr_ratio after decr_every_n_nan_or_inf such steps in a row (at least 1) "
         "or by incr_ratio after incr_every_n_steps finite steps in a row.",
         "动态损失缩放的一步：FoundInfinite 为真时将梯度置零；连续 decr_every_n_nan_or_inf 步发现 "
         "NaN/inf 后将缩放系数乘以 decr_ratio（不小于 1），连续 incr_every_n_steps 步有限后乘以 "
         "incr_ratio。")
    .Input(kUpX, "X", "The gradients of this step, float32 or float64.",
           "本步的梯度，float32 或 float64。")
    .Duplicable()
    .Input(kUpFoundInf, "FoundInfinite", "Whether this step found a NaN or inf, bool [1].",
           "本步是否发现 NaN 或 inf，bool [1]。")
    .Input(kUpPrevScale, "PrevLossScaling", "The loss scale before this step, one element.",
           "本步之前的损失缩放系数，单个元素。")
    .Input(kUpInGood, "InGoodSteps", "Finite steps in a row so far, int32 [1].",
           "到目前为止连续有限的步数，int32 [1]。")
    .Input(kUpInBad, "InBadSteps", "Steps with NaN or inf in a row so far, int32 [1].",
           "到目前为止连续出现 NaN 或 inf 的步数，int32 [1]。")
    .Input(kUpStopUpdate, "StopUpdate", "When true, the scale and counters are kept, bool [1].",
           "为真时保持缩放系数和计数器不变，bool [1]。")
    .Dispensable()
    .Output(kUpOut, "Out", "X, zeroed when FoundInfinite (usually X's own variables).",
            "X；FoundInfinite 为真时置零（通常就是 X 自身的变量）。")
    .Duplicable()
    .Output(kUpScale, "LossScaling", "The updated loss scale.", "更新后的损失缩放系数。")
    .Output(kUpOutGood, "OutGoodSteps", "The updated count of finite steps.",
            "更新后的连续有限步数。")
    .Output(kUpOutBad, "OutBadSteps", "The updated count of steps with NaN or inf.",
            "更新后的连续 NaN/inf 步数。")
    .RequiredAttr<int32_t>(kIncrEvery, "incr_every_n_steps",
                           "Finite steps in a row after which the scale grows.",
                           "连续多少个有限步后增大缩放系数。")
    .RequiredAttr<int32_t>(kDecrEvery, "decr_every_n_nan_or_inf",
                           "Steps with NaN or inf in a row after which the scale shrinks.",
                           "连续多少个出现 NaN/inf 的步后减小缩放系数。")
    .RequiredAttr<float>(kIncrRatio, "incr_ratio", "The factor that grows the scale, > 1.",
                         "增大缩放系数的倍数，> 1。")
    .RequiredAttr<float>(kDecrRatio, "decr_ratio", "The factor that shrinks the scale, in (0, 1).",
                         "减小缩放系数的倍数，位于 (0, 1)。")
    .RequiredAttr<bool>(kStopUpdateAttr, "stop_update",
                        "When true, the scale and counters are kept.",
                        "为真时保持缩放系数和计数器不变。")
    .InferShape(UpdateLossScalingInferShape)
    .CpuKernel<float>(UpdateLossScalingKernel<float>)
    .CpuKernel<double>(UpdateLossScalingKernel<double>);

}  // namespace
}  // namespace ops
}  // namespace paddle
